"""The composition-dependent method's play as an engine policy.

`CompositionPolicy` chooses, in any `RoundState`, the action the exact finite-shoe
method takes: unsplit hands by their cards (composition-dependent), split hands
by the CDZ- rule (the best unsplit play for their cards; resplit whenever
allowed), insurance and even money where they pay. `sim.runs.engine.simulate_shoe`
plays rounds with it through the real engine, each from a freshly shuffled shoe
of the ruleset's size: an independent check of the exact figure.
"""

from __future__ import annotations

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.composition.split import ZeroMemorySplit
from pontoon_rules.analysis.engine_view import SeatPolicy, hand_state
from pontoon_rules.analysis.hand import BUY, Choice, HandState, start_state
from pontoon_rules.engine.round.actions import (
    DECLINE,
    EVEN_MONEY,
    INSURE,
    SPLIT,
    STICK,
    SURRENDER,
    Action,
)
from pontoon_rules.engine.round.state import RoundState


class CompositionPolicy(SeatPolicy):
    """Chooses the exact method's action in an engine state (seat 0 is the player)."""

    model: CompositionModel

    def __init__(self, model: CompositionModel) -> None:
        super().__init__(model, model.kinds)
        self._splits: dict[int, ZeroMemorySplit] = {}
        self._starts: dict[tuple[tuple[int, ...], bool], HandState] = {}
        """`start_state` of the cards (kinds) a hand holds, split or not: asked at every
        decision of an engine run, the same for the same cards."""

    def _visible(self, state: RoundState) -> int:
        from pontoon_rules.engine.round.faces import banker_up_cards

        visible = self._kinds(banker_up_cards(state))
        return self.model.visibles.index(visible)

    def _insurance(self, state: RoundState) -> Action:
        m = self.model
        cards = tuple(sorted(self._kinds(state.seats[0].hands[0].cards)))
        v = self._visible(state)
        legal = {a.kind: a for a in state.legal_actions()}
        if EVEN_MONEY in legal:
            value = m.dealt_stats(cards, side_bets=False)[v, 0]
            return Action(EVEN_MONEY if value < 1 else DECLINE)
        if SURRENDER in legal:  # an early surrender, before the banker's check
            m.dealt_stats(cards)
            if (cards, v) in m.given_up:
                return Action(SURRENDER)
        if INSURE in legal and m.insurance_gain(m._removed(cards), v) > 0:
            return Action(INSURE, legal[INSURE].high)
        return Action(DECLINE)

    def _play(self, state: RoundState) -> Action:
        m = self.model
        hand = state.seats[0].hands[state.hand_cursor]
        cards = self._kinds(hand.cards)
        v = self._visible(state)
        removed = m._removed(cards)
        s = hand_state(hand, cards, m.kinds, self.rules, self._start(cards, hand.is_split))
        legal = {a.kind for a in state.legal_actions()}
        if SURRENDER in legal and not hand.is_split and self._surrenders(cards, v):
            return Action(SURRENDER)
        if SPLIT in legal:
            if hand.is_split or self._splits_better(cards, removed, s, v):
                return Action(SPLIT)
        choice: Choice | None
        if hand.is_split:
            options = m.options_of(s)
            if not options:
                return Action(STICK)
            choice = options[self._zero_memory(cards[0])._choices(removed, s, options)[v]]
        else:
            choice = m.best_choice(removed, s)[v]
        if choice is None:
            return Action(STICK)
        if choice.kind == BUY:
            return Action(BUY, choice.amount * hand.stakes[0])
        return Action(choice.kind)

    def _start(self, cards: tuple[int, ...], split: bool) -> HandState:
        key = (cards, split)
        found = self._starts.get(key)
        if found is None:
            found = self._starts[key] = start_state(self.model.kinds, cards, split, self.rules)
        return found

    def _surrenders(self, cards: tuple[int, ...], v: int) -> bool:
        """Whether best play gives the dealt hand up (its value is the surrender's)."""
        m = self.model
        m.dealt_stats(cards, side_bets=False)
        return (tuple(sorted(cards)), v) in m.given_up

    def _splits_better(self, cards: tuple[int, ...], removed: tuple[int, ...], s: HandState,
                       v: int) -> bool:
        split = self.model.split_all(cards[0])
        return split is not None and bool(split[v, 0] > self.model.value(removed, s)[v, 0])

    def _zero_memory(self, pair: int) -> ZeroMemorySplit:
        if pair not in self._splits:
            self._splits[pair] = ZeroMemorySplit(self.model, pair)
        return self._splits[pair]


__all__ = ["CompositionPolicy"]
