"""Sessions in C (`native/sim_session.h`, `sim.kernels.native.Kernel.play_deals`): a session
streamed in chunks is the same session played at once (the pack, the generator, balances,
banker, kitty and every running sum carried across calls, across a block's end), on every
bundled ruleset sessions accept and the session overlays, a few seeds; the engine's
sessions are the reference (tests/test_sim_session.py); the kernel refuses arrays it would
read past."""

from __future__ import annotations

import numpy as np
import pytest
from best_play import strategy
from test_sim_differential import overlay
from test_sim_session import SESSION_OVERLAYS

from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.kernels import session as k
from pontoon_rules.sim.sessions.tables import SessionTable, TablePolicy

SEEDS = (3, 2**64 - 5)


def arrays(table: SessionTable) -> dict[str, list[object]]:
    """Everything a table carries from chunk to chunk."""
    return {name: getattr(table, name).tolist() for name in
            ("src", "deck", "tray", "st", "state", "balance")} | {
        "person": table.tally.person.tolist(), "table": table.tally.table.tolist()}


def assert_chunks_are_one_session(rules: Rules, players: int, policy: str,
                                  kitty: int) -> None:
    players = min(players, rules.max_players)
    for seed in SEEDS:
        words = np.array([seed], dtype=np.uint64)
        chunked, whole = (SessionTable(rules, strategy(rules, policy), players, words,
                                       TablePolicy(10, kitty, 10)) for _ in range(2))
        for deals in (1, 999, 1500):  # across a block's end
            assert chunked.play(deals) == deals
        assert whole.play(2500) == 2500
        assert arrays(chunked) == arrays(whole), seed
        assert chunked.tally.deals == 2500 and int(chunked.tally.table[k.T_BLOCKS]) == 2
        assert int(chunked.tally.person[:, k.P_SUM].sum()) == 0  # money moves, never made


@pytest.mark.parametrize("ruleset", bundled_handled("sessions"))
def test_a_session_in_chunks_is_one_session_on_bundled_rulesets(ruleset: str) -> None:
    rules = compile_rules(load_bundled(ruleset))
    assert_chunks_are_one_session(rules, 4, "best", 50)
    assert_chunks_are_one_session(rules, 2, "stand-15", 7)


@pytest.mark.parametrize(("base", "change"), SESSION_OVERLAYS)
def test_a_session_in_chunks_is_one_session_on_session_overlays(
        base: str, change: dict[str, object]) -> None:
    assert_chunks_are_one_session(overlay(base, change), 4, "stand-16", 30)


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
