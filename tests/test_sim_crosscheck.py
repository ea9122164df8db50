"""Cross-check: every bundled ruleset's exact edge lies in the compiled simulator's
99.9% interval (a shorter run here; `benchmarks/sim_speed.py --crosscheck` runs 10M)."""

from __future__ import annotations

import pytest

from pontoon_rules.analysis.exact import edge_of
from pontoon_rules.analysis.simulate import simulate
from pontoon_rules.engine.rules import compile_rules
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled


@pytest.mark.parametrize("ruleset", bundled_ids())
def test_exact_edge_inside_the_simulated_interval(ruleset: str) -> None:
    rules = compile_rules(load_bundled(ruleset))
    result = simulate(rules, 1_000_000, seed=2026)
    low, high = result.interval
    assert result.path == "compiled" and result.rounds == 1_000_000
    assert low <= edge_of(rules) <= high
    assert high - low < 2.5  # the run is long enough to mean something
