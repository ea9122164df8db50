"""`--policy best` where no best play can be made (issue 45): a banker's hand by suits.

The analysis cannot value a banker's hand told apart by its suits, so neither path can play
best play of such a ruleset. The compiled sessions (`session --summary`) played stand-17
throughout; the engine's sessions (`session`) played the analysis's decisions where its
recursion happened not to meet such a banker's hand and stand-17's elsewhere, a mix, and
said "a decision the rules then refuse is stand-17's" (the rules refused nothing). Both
paths now play stand-17 throughout (`sim.runs.engine.best_undecided`) in the same words.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

from pontoon_rules.engine.round.policies import PLAYER_POLICIES
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset

TINY = Path(__file__).parent / "rulesets" / "tiny-suited.yaml"
Z = 3.2905


def _banker_suited() -> Rules:
    """tiny-suited where the banker may hold the suited pair of sevens (the registry's row
    for a banker's hand by suits, `test_one_default.FEATURE_RULESETS`)."""
    data = load_ruleset(str(TINY)).model_dump(mode="python")
    data["hands"]["definitions"]["suited-pair"]["banker_can_hold"] = True
    return compile_rules(Ruleset.model_validate(data))


def test_both_sessions_name_the_same_play_for_best_where_none_can_be_made() -> None:
    """The engine's sessions and the compiled sessions say the same sentence for
    `--policy best`: stand-17, because the analysis cannot decide for a banker's hand by
    suits; not "a decision the rules then refuse" (before the fix the engine's said that,
    and played the analysis's decisions where they came)."""
    from pontoon_rules.sim.runs.engine import FALLBACK, engine_play, table_play
    from pontoon_rules.sim.sessions.summary import session_play

    rules = _banker_suited()
    pass
    played, compiled_words = session_play(rules, "best")
    engine_words = table_play(rules, "best", None).words
    assert played == FALLBACK and compiled_words is not None
    assert engine_words == compiled_words
    assert "the analysis cannot decide for a banker's hand by suits" in engine_words
    assert "rules then refuse" not in engine_words
    assert engine_play(rules, None, "shoe").words == compiled_words  # simulate --engine


def test_the_engine_session_plays_stand_17_at_every_seat_decision() -> None:
    """Every decision of a seat in the engine's session under `--policy best` is
    stand-17's, as the compiled sessions play (before the fix some were the analysis's:
    a double or a twist on 17 that stand-17 never makes)."""
    from pontoon_rules.engine.round.phase import BANKER
    from pontoon_rules.sim.runs.engine import table_play

    rules = _banker_suited()
    act, simple = table_play(rules, "best", None).act, PLAYER_POLICIES["stand-17"]
    rng, decisions = random.Random(45), 0
    cards = [c for c in range(52) if rules.card_present[c]] * (rules.decks or 1)
    for _ in range(300):
        state, deal = RoundState(rules, [100, 100]), iter(rng.sample(cards, len(cards)))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(next(deal))
                continue
            action = act(state)
            if state.current_player() != BANKER:
                decisions += 1
                assert action == simple(state), state
            state.apply_action(action)
    assert decisions > 300


def _engine_seat_nets(rules: Rules, deals: int, seed: int) -> list[float]:
    """Each seat's net per deal (per unit of the stake of 10) in the engine's session
    under `--policy best` (`cli.session_cmds._play`)."""
    from pontoon_rules.engine.sessions.session_auto import TablePolicy, play_session
    from pontoon_rules.sim.runs.engine import table_play

    play = table_play(rules, "best", None)

    def act(state: Any) -> None:
        state.apply_action(play.act(state))

    session = play_session(rules, 2, deals, random.Random(seed), TablePolicy("best", 10, 50, 10),
                           act=act)
    nets: dict[tuple[int, str], int] = defaultdict(int)
    for deal in session.deals:
        for name in deal.seats:
            nets[deal.number, name] += 0
    for p in session.ledger:
        if (p.deal, p.payee) in nets:
            nets[p.deal, p.payee] += p.amount
        if (p.deal, p.payer) in nets:
            nets[p.deal, p.payer] -= p.amount
    return [n / 10 for n in nets.values()]


def test_both_sessions_give_one_figure_for_best_where_none_can_be_made() -> None:
    """A seat's result per deal in the engine's session and in the compiled session, both
    under `--policy best` on the same ruleset, agree within their joint 99.9% interval
    (the two paths deal their packs differently, so a seed gives each its own cards)."""
    import numpy as np

    from pontoon_rules.sim.sessions.summary import (
        SessionRequest,
        play_summary,
        session_play,
        summarise,
    )
    from pontoon_rules.sim.sessions.tables import TablePolicy

    rules = _banker_suited()
    nets = np.array(_engine_seat_nets(rules, 1500, seed=7))
    engine_mean, engine_se = nets.mean(), nets.std(ddof=1) / math.sqrt(len(nets))
    played, words = session_play(rules, "best")
    req = SessionRequest(rules, 2, 40_000, 7, played, None, TablePolicy(10, 50, 10),
                         asked="best", words=words)
    out = summarise(req, play_summary(req)[0], False, "fixed-rule")
    low, high = out["seat"]["ci999"]
    compiled_mean, compiled_se = out["seat"]["per_deal"] / 10, (high - low) / (2 * Z) / 10
    assert abs(engine_mean - compiled_mean) <= Z * math.hypot(engine_se, compiled_se), (
        engine_mean, compiled_mean)
