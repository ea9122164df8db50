"""A banker by choice who must stand on a total (`banker.must_stand_at`): the exact
analysis, the compiled simulator and its sessions play the named banker policy held to
the rule, as the engine offers the banker no draw there (`test_session_bank`). The
analysis's brute-force check is `test_composition`'s (tiny-must-stand), finite and
infinite."""

from __future__ import annotations

import pytest
from test_sim_differential import compare, overlay

from pontoon_rules.analysis.dealer import banker_policy
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names
from pontoon_rules.sim.kernels.strategy import banker_table
from pontoon_rules.sim.runs.simulate import simulate

HELD = {"banker": {"must_stand_at": 15}}
"""pagat-british's banker by choice, held to 15: below the stand-17 policy it is played by."""


def test_the_named_policy_is_held_to_the_rule() -> None:
    rules = overlay("pagat-british", HELD)
    policy = banker_policy(rules)
    assert policy.name == "stand-17" and policy.must_stand == 15
    assert policy.draws(14, False) and not policy.draws(15, False)
    assert not policy.draws(16, True)
    assert "must stand on 15 or more" in policy.description
    # a policy that stands below the rule's total is the same policy, said the same way
    low = banker_policy(rules, "stand-15")
    assert low.description == banker_policy(compile_rules(load_bundled("pagat-british")),
                                            "stand-15").description
    assert [low.draws(p, s) for p in range(22) for s in (False, True)] == [
        p < 15 for p in range(22) for s in (False, True)]


def test_the_simulators_banker_table_is_the_held_policy() -> None:
    table, name = banker_table(overlay("pagat-british", HELD), None)
    assert name == "stand-17"
    assert not table[15:].any() and table[:15, 0].all()


def test_no_command_refuses_it() -> None:
    ruleset = overlay("pagat-british", HELD).ruleset
    for command in ("edge", "strategy", "costs", "simulate", "session --summary"):
        assert "a banker who must stand" not in refused_names(ruleset, command)


@pytest.mark.parametrize("player", ["best", "stand-16"])
def test_the_kernel_plays_it_as_the_engine(player: str) -> None:
    compare(overlay("pagat-british", HELD), player, 600, 15)


def test_the_rule_changes_the_edge_and_the_simulation_agrees() -> None:
    """Held to 15, the banker draws less: the edge moves, and a simulation of the same rules
    (the ruleset's own pack, a fresh one each round) holds the exact figure."""
    held = overlay("pagat-british", HELD)
    exact = edge_of(held)
    assert exact != edge_of(compile_rules(load_bundled("pagat-british")))
    result = simulate(held, 400_000, seed=15, dealing="shoe", workers=1)
    low, high = result.interval
    assert result.path == "compiled" and low <= exact <= high, (exact, result.interval)
