"""Compiled sessions against the engine's sessions: the same shuffles (the kernel's
generator replayed by `SimRandom`), the same automatic people, the same money."""

from __future__ import annotations

import numpy as np
import pytest

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.session_auto import TablePolicy as EngineTable
from pontoon_rules.engine.sessions.session_auto import play_session
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.kernels import session as k
from pontoon_rules.sim.kernels.cards import SimRandom
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.sessions.tables import SessionTable, TablePolicy


@pytest.mark.parametrize("ruleset", bundled_handled("sessions"))
@pytest.mark.parametrize(("players", "policy", "kitty"), [(3, "stand-17", 50),
                                                          (5, "stand-15", 7)])
def test_sessions_match_the_engine(ruleset: str, players: int, policy: str,
                                   kitty: int) -> None:
    rules = compile_rules(load_bundled(ruleset))
    players = min(players, rules.max_players)
    seed = 1234567 + players
    deals = 300
    engine = play_session(rules, players, deals, SimRandom(seed),
                          EngineTable(policy, 10, kitty, 10))
    table = SessionTable(rules, strategy(rules, policy), players,
                         np.array([seed], dtype=np.uint64), TablePolicy(10, kitty, 10))
    for _ in range(3):
        table.play(deals // 3)
    engine.close()
    assert table.balances() == engine.balances
    assert int(table.tally.table[k.T_SHUFFLES]) == engine.pack.shuffles - 1
    banked = {name: int(row[k.P_BANKED]) for name, row in
              zip(table.tally.people, table.tally.person, strict=True) if row[k.P_BANKED]}
    want: dict[str, int] = {}
    for d in engine.deals:
        want[d.banker] = want.get(d.banker, 0) + 1
    assert banked == want
    assert int(table.tally.person[:, k.P_SUM].sum()) == 0


SESSION_OVERLAYS = [
    ("pagat-british", {"pack": {"decks": "infinite"}}),
    ("pagat-british", {"between_deals": {"shuffle_on_banker_pontoon": False,
                                         "shuffle_on_split_pontoon": False,
                                         "rotation_when_banker_pontoon_at_once": False}}),
    ("shoot-pontoon", {"shoot": {"limit": "below-kitty", "dry_kitty": "end-bank",
                                 "kitty_leaves_with_banker": False}}),
    ("shoot-pontoon", {"shoot": {"fourth_card_limit": "below-kitty"},
                       "between_deals": {"rotation_tie_break": "last-in-play"}}),
    ("pagat-british", {"between_deals": {"used_cards_to_bottom": False,
                                         "busted_cards_to_bottom_at_once": False}}),
    ("pagat-british", {"between_deals": {"shuffle": "penetration", "penetration": 0.5}}),
]


@pytest.mark.parametrize(("base", "change"), SESSION_OVERLAYS)
def test_session_overlays_match_the_engine(base: str, change: dict[str, object]) -> None:
    from test_sim_differential import overlay

    rules = overlay(base, change)
    engine = play_session(rules, 4, 400, SimRandom(77), EngineTable("stand-16", 10, 30, 10))
    table = SessionTable(rules, strategy(rules, "stand-16"), 4,
                         np.array([77], dtype=np.uint64), TablePolicy(10, 30, 10))
    table.play(400)
    engine.close()
    assert table.balances() == engine.balances
    shuffles = engine.pack.shuffles - (0 if rules.decks is None else 1)
    assert int(table.tally.table[k.T_SHUFFLES]) == shuffles
