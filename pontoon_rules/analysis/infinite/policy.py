"""The exact model's best play as an engine policy: an action for any `RoundState`.

Used by the simulation to play rounds through the real engine. The player's
decision is looked up from the infinite-deck model at the player's information
set (their hands and the banker's visible cards); a banker by choice plays the
named banker policy.
"""

from __future__ import annotations

from pontoon_rules.analysis.engine_view import SeatPolicy, hand_state
from pontoon_rules.analysis.hand import BUY
from pontoon_rules.analysis.infinite.round import Deal, RoundModel
from pontoon_rules.analysis.split import NONPAIR, UNDEALT, Entry
from pontoon_rules.engine.round.actions import (
    DECLINE,
    EVEN_MONEY,
    INSURE,
    SPLIT,
    STICK,
    SURRENDER,
    Action,
)
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.state import RoundState


class ModelPolicy(SeatPolicy):
    """Chooses the model's best action in an engine state for the seat to act (each seat
    as if alone at the table: seat 0 in a one-seat round, any seat in a session)."""

    model: RoundModel

    def __init__(self, model: RoundModel) -> None:
        super().__init__(model, model.space.kinds)

    def _visible(self, state: RoundState) -> tuple[int, ...]:
        from pontoon_rules.engine.round.faces import banker_up_cards

        return self._kinds(banker_up_cards(state))

    def _insurance(self, state: RoundState) -> Action:
        hand = state.seats[state.current_player()].hands[0]
        deal = Deal(tuple(sorted(self._kinds(hand.cards))), self._visible(state), 1)
        legal = {a.kind: a for a in state.legal_actions()}
        if EVEN_MONEY in legal:
            return Action(EVEN_MONEY if self.model.takes_even_money(deal) else DECLINE)
        if SURRENDER in legal and self.model.surrenders_early(deal):
            return Action(SURRENDER)  # an early surrender, before the banker's check
        ctx = self.model.context(deal.cards, deal.visible)
        if INSURE in legal and ctx.insurance_edge() > 0:
            return Action(INSURE, legal[INSURE].high)
        return Action(DECLINE)

    def _play(self, state: RoundState) -> Action:
        seat = state.seats[state.current_player()]
        hand = seat.hands[state.hand_cursor]
        cards = self._kinds(hand.cards)
        ctx = self.model.context(tuple(sorted(cards)), self._visible(state))
        legal = {a.kind for a in state.legal_actions()}
        if SURRENDER in legal and not hand.is_split and ctx.should_surrender(tuple(cards)):
            return Action(SURRENDER)
        if SPLIT in legal:
            if self._splits(state, hand, cards):
                return Action(SPLIT)
        choice, _ = ctx.hands.best(hand_state(hand, cards, self.model.space.kinds, self.rules))
        if choice is None:
            return Action(STICK)
        if choice.kind == BUY:
            return Action(BUY, choice.amount * hand.stakes[0])
        return Action(choice.kind)

    def _splits(self, state: RoundState, hand: Hand, cards: tuple[int, ...]) -> bool:
        ctx = self.model.context(tuple(sorted(cards)), self._visible(state))
        seat = state.seats[state.current_player()]
        if not hand.is_split:
            return ctx.should_split(cards)
        later = seat.hands[state.hand_cursor + 1:]
        free = ctx.splits.limit - len(seat.hands)
        queue = tuple(self._entry(ctx.splits, h, free) for h in later)
        has_split = hand.sibling is not None and any(h is hand.sibling for h in later)
        return ctx.splits.should_resplit(cards[0], cards[1], has_split, queue, free)

    def _entry(self, splits: object, hand: Hand, free: int) -> Entry:
        kinds = self._kinds(hand.cards)
        if len(kinds) < 2:
            return (kinds[0], UNDEALT, hand.blocked)
        second = kinds[1] if splits.resplits(kinds[0], kinds[1]) and free > 0 else NONPAIR  # type: ignore[attr-defined]
        return (kinds[0], second, hand.blocked)
