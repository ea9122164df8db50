"""Engine states in the analysis's words, for the analysis's play as engine policies.

`hand_state` reads an engine `Hand` as the `HandState` the solvers key their values
by (its cards as kind indices); `banker_action` is what a banker playing a named
policy does in a `RoundState`; `SeatPolicy` is what the policies of both methods
(`infinite.policy.ModelPolicy`, `composition.policy.CompositionPolicy`) share: seat 0
by the method's decisions, the banker by its named policy. The simulator's tables as
an engine policy (`sim.runs.reference`) read hands with `hand_state` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.hand import HandState, start_state
from pontoon_rules.engine.round.actions import DECLINE, STICK, TWIST, Action
from pontoon_rules.engine.round.hand import Hand, points, soft
from pontoon_rules.engine.round.legal import buy_cap
from pontoon_rules.engine.round.phase import BANKER, Phase
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState


def hand_state(hand: Hand, cards: Sequence[int], kinds: Sequence[Kind],
               rules: Rules, base: HandState | None = None) -> HandState:
    """`hand` as a `HandState`: `cards` are its cards as kind indices (of `kinds`), stakes
    in units of its original stake (its pattern as the solvers reach it:
    `analysis.named`); `base`: `start_state` of those cards, where the caller keeps it."""
    if base is None:
        base = start_state(kinds, cards, hand.is_split, rules)
    original = hand.stakes[0]
    return base._replace(
        soft=hand.aces > 0,  # none once a double counted every ace 1 (`double_aces_low`)
        twisted=hand.twisted, bought=hand.bought,
        last_buy=(buy_cap(hand, rules) or hand.stakes[-1]) // original if hand.bought else 0,
        doubles=hand.doubles, since_double=hand.drawn_since_double if hand.doubles else 0,
        staked=hand.staked // original)


def banker_action(state: RoundState, banker: Any) -> Action:
    """What a banker playing the named policy `banker` (its `draws(points, soft)`) does now."""
    from pontoon_rules.engine.round import calling_off

    if calling_off.due(state):
        return calling_off.automatic(state)
    rules = state.rules
    draws = banker.draws(points(state.banker, rules), soft(state.banker, rules))
    return Action(TWIST if draws else STICK)


class SeatPolicy:
    """An engine policy: a seat by an analysis's decisions (seat 0; the seat to act in
    `ModelPolicy`), a banker by choice by the named banker policy. Subclasses decide
    insurance (`_insurance`) and play (`_play`)."""

    def __init__(self, model: Any, kinds: Sequence[Kind]) -> None:
        self.model, self.rules = model, model.rules
        self.kind_of = {rank: kind.index for kind in kinds for rank in kind.ranks}

    def __call__(self, state: RoundState) -> Action:
        """The action to take now."""
        if state.current_player() == BANKER:
            return banker_action(state, self.model.policy)
        if state.phase is Phase.SIDE_BETS:
            return self._side_bet(state)
        if state.phase is Phase.INSURANCE:
            return self._insurance(state)
        return self._play(state)

    def _side_bet(self, state: RoundState) -> Action:
        """The most a side bet allows where it pays (`analysis.side_bets`), else decline."""
        from pontoon_rules.analysis.side_bets import side_bet_values

        infinite = self.rules.decks is None or getattr(self.model, "deck", "") == "infinite"
        bets = side_bet_values(self.rules, "infinite" if infinite else "finite")
        taken = {b.kind for b in bets if b.taken}
        for action in state.legal_actions():
            if action.kind in taken:
                return Action(action.kind, action.high)
        return Action(DECLINE)

    def _kinds(self, cards: Sequence[int]) -> tuple[int, ...]:
        """The kind indices of engine cards."""
        return tuple(self.kind_of[c >> 2] for c in cards)

    def _insurance(self, state: RoundState) -> Action:  # pragma: no cover - overridden
        raise NotImplementedError

    def _play(self, state: RoundState) -> Action:  # pragma: no cover - overridden
        raise NotImplementedError
