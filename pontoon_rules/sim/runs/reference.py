"""The simulator's strategies as engine policies, to play the same rounds through the
reference engine (`RoundState`) for the differential tests.

`engine_policy(rules, strategy)` takes every decision in a `RoundState` as the
kernel would: a named `stand-N` policy is the engine's own
(`engine.round.policies.stand_on`); best play reads the same tables, keyed by the
hand as the analysis sees it (`analysis.hand.HandState`) rather than by the
kernel's running state number, so the kernel's bookkeeping is checked too.
"""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.analysis.deck import kind_space
from pontoon_rules.analysis.engine_view import hand_state
from pontoon_rules.analysis.hand import HandState
from pontoon_rules.engine.round.actions import (
    BUY,
    DECLINE,
    DOUBLE,
    EVEN_MONEY,
    INSURE,
    MATCH,
    PAIR,
    RESCUE,
    SPLIT,
    STICK,
    SURRENDER,
    TWIST,
    Action,
    LegalAction,
)
from pontoon_rules.engine.round.hand import Hand, total
from pontoon_rules.engine.round.phase import BANKER, Phase
from pontoon_rules.engine.round.policies import PLAYER_POLICIES, shoot_on_strength
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.sim.kernels.strategy import (
    A_BUY,
    A_DOUBLE,
    A_RESCUE,
    A_TWIST,
    MODE_TABLE,
    Strategy,
)

Policy = Callable[[RoundState], Action]


def engine_policy(rules: Rules, strategy: Strategy) -> Policy:
    """Every decision of a round (players, banker) as the kernel takes it."""
    if strategy.mode != MODE_TABLE:
        player = PLAYER_POLICIES[strategy.name]
        return lambda state: _banker(state, strategy) if state.current_player() == BANKER \
            else player(state)
    return TablePolicy(rules, strategy)


def _banker(state: RoundState, strategy: Strategy) -> Action:
    from pontoon_rules.engine.round import calling_off

    if calling_off.due(state):
        return calling_off.automatic(state)
    hand, bonus = state.banker, state.rules.ace_bonus
    soft = int(bool(hand.aces) and hand.hard + bonus <= 21)
    return Action(TWIST if strategy.banker_draws[total(hand, bonus), soft] else STICK)


class TablePolicy:
    """Best play from the compiled tables, decided on the engine's state."""

    def __init__(self, rules: Rules, strategy: Strategy) -> None:
        from pontoon_rules.sim.kernels.strategy import keyed_by

        self.rules, self.s = rules, strategy
        self.keyed = keyed_by(rules)
        """The rules the tables' states are read by (`sim.kernels.strategy.keyed_by`)."""
        self.index = {state: i for i, state in enumerate(strategy.states)}
        self.kinds = kind_space(rules).kinds

    def __call__(self, state: RoundState) -> Action:
        if state.current_player() == BANKER:
            return _banker(state, self.s)
        legal = {a.kind: a for a in state.legal_actions()}
        if state.phase is Phase.SHOOT:
            return shoot_on_strength(state)
        if state.phase is Phase.SIDE_BETS:
            return self._side_bet(legal)
        if state.phase is Phase.INSURANCE:
            return self._insurance(state, legal)
        return self._play(state, legal)

    def _side_bet(self, legal: dict[str, LegalAction]) -> Action:
        """The most on each side bet the tables take (`Strategy.side`), in the order
        offered, then decline."""
        for kind, taken in zip((PAIR, MATCH), self.s.side, strict=True):
            if taken and kind in legal:
                return Action(kind, legal[kind].high)
        return Action(DECLINE)

    def _kind(self, card: int) -> int:
        return int(self.s.kind_of_rank[card >> 2])

    def _visible(self, state: RoundState) -> int:
        v = 0
        from pontoon_rules.engine.round.faces import banker_up_cards

        for card in banker_up_cards(state):
            v = v * self.s.n_kinds + self._kind(card)
        return v

    def _insurance(self, state: RoundState, legal: dict[str, LegalAction]) -> Action:
        seat = next(s for s in state.seats if not s.decided)
        cards = seat.hands[0].cards
        v = self._visible(state)
        if EVEN_MONEY in legal:
            take = self.s.even[v, self._kind(cards[0]), self._kind(cards[1])]
            return Action(EVEN_MONEY if take else DECLINE)
        if SURRENDER in legal and self._surrenders(seat.hands[0], v):
            return Action(SURRENDER)  # an early surrender, before the banker's check
        if INSURE in legal and self.s.insure[v]:
            return Action(INSURE, legal[INSURE].high)
        return Action(DECLINE)

    def _play(self, state: RoundState, legal: dict[str, LegalAction]) -> Action:
        hand = state.seats[state.seat_cursor].hands[state.hand_cursor]
        v = self._visible(state)
        if SURRENDER in legal and self._surrenders(hand, v):
            return Action(SURRENDER)
        if SPLIT in legal and self.s.split[v, self._kind(hand.cards[0]),
                                          self._kind(hand.cards[1])]:
            return Action(SPLIT)
        key: object = self._state(hand)
        if self.s.by_cards:  # the shoe's own best play: the hand's cards and its state
            key = (self._counts(hand), key)
        ms = self.index.get(key)
        action = int(self.s.act[v, ms]) if ms is not None else -1
        if action == A_BUY and BUY in legal:
            amount = int(self.s.amount[v, ms]) * hand.stakes[0]
            if legal[BUY].allows(Action(BUY, amount)):
                return Action(BUY, amount)
        if action == A_DOUBLE and DOUBLE in legal:
            return Action(DOUBLE)
        if action == A_TWIST and TWIST in legal:
            return Action(TWIST)
        if action == A_RESCUE and RESCUE in legal:
            return Action(RESCUE)
        for kind in (STICK, TWIST):
            if kind in legal:
                return Action(kind)
        return next(iter(legal.values())).example()

    def _counts(self, hand: Hand) -> tuple[int, ...]:
        """How many of each kind the hand holds."""
        counts = [0] * self.s.n_kinds
        for card in hand.cards:
            counts[self._kind(card)] += 1
        return tuple(counts)

    def _surrenders(self, hand: Hand, v: int) -> bool:
        """The table's surrender of the dealt hand (an unsplit hand of the dealt cards), late
        or early."""
        if hand.is_split or len(hand.cards) != self.rules.player_cards:
            return False
        idx = v
        for card in hand.cards:
            idx = idx * self.s.n_kinds + self._kind(card)
        return bool(self.s.surrender.ravel()[idx])

    def _state(self, hand: Hand) -> HandState:
        return hand_state(hand, [self._kind(c) for c in hand.cards], self.kinds, self.keyed)
