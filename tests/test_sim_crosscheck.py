"""Cross-check: every bundled ruleset's exact edge lies in the compiled simulator's
99.9% interval (a shorter run here; `benchmarks/sim_speed.py --crosscheck` runs 10M).

Two pairs: the default exact figure (the ruleset's own shoe, composition-dependent)
against rounds dealt from a freshly shuffled shoe of the ruleset's size, and the
infinite-deck figure against rounds dealt with replacement.
"""

from __future__ import annotations

import pytest

from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.runs.simulate import simulate


@pytest.mark.parametrize("dealing", ["shoe", "infinite"])
@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
def test_exact_edge_inside_the_simulated_interval(ruleset: str, dealing: str) -> None:
    rules = compile_rules(load_bundled(ruleset))
    result = simulate(rules, 1_000_000, seed=2026, dealing=dealing)  # type: ignore[arg-type]
    low, high = result.interval
    assert result.path == "compiled" and result.rounds == 1_000_000
    exact = edge_of(rules, None if dealing == "shoe" else "infinite")
    assert low <= exact <= high, (exact, result.interval)
    assert high - low < 2.5  # the run is long enough to mean something


@pytest.mark.parametrize("dealing", ["shoe", "infinite"])
def test_a_pack_without_all_four_suits(dealing: str) -> None:
    """Spanish 21 on a pack of spades and hearts (its suited 7-7-7 and suited bonuses
    twice as likely, the shoe half the size): the compiled simulator deals the pack's own
    cards (`sim.kernels.compiled.full_shoe`), and the exact figure lies in its interval."""
    from pontoon_rules.ruleset.format.model import Ruleset

    data = load_bundled("spanish-21").model_dump(mode="python")
    data["pack"]["suits"] = ["S", "H"]
    rules = compile_rules(Ruleset.model_validate(data))
    result = simulate(rules, 1_000_000, seed=2027, dealing=dealing)  # type: ignore[arg-type]
    low, high = result.interval
    assert result.path == "compiled"
    exact = edge_of(rules, None if dealing == "shoe" else "infinite")
    assert low <= exact <= high, (exact, result.interval)
    assert exact != pytest.approx(edge_of(compile_rules(load_bundled("spanish-21")),
                                          None if dealing == "shoe" else "infinite"), abs=0.05)
