"""Sessions in C (`native/sim_session.h`, `sim.native.Kernel.play_deals`) play the numba
session kernel's deals to the last integer: the same balances, banker, kitty, pack, generator
state and every running sum, on every bundled ruleset sessions accept and the session
overlays, a few seeds, in chunks."""

from __future__ import annotations

import numpy as np
import pytest
from test_sim_differential import overlay
from test_sim_session import SESSION_OVERLAYS

from pontoon_rules.engine.rules import Rules, compile_rules
from pontoon_rules.ruleset.features import bundled_handled
from pontoon_rules.ruleset.registry import load_bundled
from pontoon_rules.sim import native as snative
from pontoon_rules.sim import session as k
from pontoon_rules.sim.strategy import strategy
from pontoon_rules.sim.tables import SessionTable, TablePolicy

needs_c = pytest.mark.skipif(snative.kernel() is None, reason="no C compiler")
SEEDS = (3, 2**64 - 5)


def arrays(table: SessionTable) -> dict[str, list[object]]:
    """Everything a table carries from chunk to chunk."""
    return {name: getattr(table, name).tolist() for name in
            ("src", "deck", "tray", "st", "state", "balance")} | {
        "person": table.tally.person.tolist(), "table": table.tally.table.tolist()}


def assert_same_sessions(rules: Rules, players: int, policy: str, kitty: int) -> None:
    players = min(players, rules.max_players)
    for seed in SEEDS:
        words = np.array([seed], dtype=np.uint64)
        c, numba = (SessionTable(rules, strategy(rules, policy), players, words,
                                 TablePolicy(10, kitty, 10), numba=flag)
                    for flag in (False, True))
        assert c.c is not None and numba.c is None
        assert arrays(c) == arrays(numba)
        for deals in (1, 999, 1500):  # across a block's end
            assert c.play(deals) == numba.play(deals)
            assert arrays(c) == arrays(numba), (seed, deals)


@needs_c
@pytest.mark.parametrize("ruleset", bundled_handled("sessions"))
def test_c_sessions_equal_numba_on_bundled_rulesets(ruleset: str) -> None:
    rules = compile_rules(load_bundled(ruleset))
    assert_same_sessions(rules, 4, "best", 50)
    assert_same_sessions(rules, 2, "stand-15", 7)


@needs_c
@pytest.mark.parametrize(("base", "change"), SESSION_OVERLAYS)
def test_c_sessions_equal_numba_on_session_overlays(base: str,
                                                    change: dict[str, object]) -> None:
    assert_same_sessions(overlay(base, change), 4, "stand-16", 30)


@needs_c
def test_the_c_session_refuses_arrays_it_would_read_past() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    table = SessionTable(rules, strategy(rules, "stand-16"), 3, np.array([1], dtype=np.uint64))
    table.tally.person = table.tally.person[:-1].copy()  # no row for the house
    with pytest.raises(ValueError, match="person has a row per person and the house"):
        table.play(5)
    table = SessionTable(rules, strategy(rules, "stand-16"), 3, np.array([1], dtype=np.uint64))
    table.state[k.S_HOUSE] = 1  # the house banks: four seats, where the round has three
    with pytest.raises(ValueError, match="the round's seats are the table's"):
        table.play(5)
