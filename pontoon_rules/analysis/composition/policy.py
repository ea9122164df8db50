"""The composition-dependent method's play as an engine policy, and a shoe simulation.

`CompositionPolicy` chooses, in any `RoundState`, the action the exact finite-shoe
method takes: unsplit hands by their cards (composition-dependent), split hands
by the CDZ- rule (the best unsplit play for their cards; resplit whenever
allowed), insurance and even money where they pay. `simulate_shoe` plays rounds
with it through the real engine, each from a freshly shuffled shoe of the
ruleset's size: an independent check of the exact figure (slow: the engine path).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.composition.split import ZeroMemorySplit
from pontoon_rules.analysis.hand import BUY, Choice, HandState, start_state
from pontoon_rules.analysis.infinite.policy import banker_action
from pontoon_rules.analysis.simulate import STAKE, EngineSimulator
from pontoon_rules.engine.actions import DECLINE, EVEN_MONEY, INSURE, SPLIT, STICK, Action
from pontoon_rules.engine.hand import Hand
from pontoon_rules.engine.phase import BANKER, Phase
from pontoon_rules.engine.rules import Rules
from pontoon_rules.engine.state import RoundState

Z_999 = 3.2905267314919255
"""The two-sided 99.9% normal quantile."""


class CompositionPolicy:
    """Chooses the exact method's action in an engine state (seat 0 is the player)."""

    def __init__(self, model: CompositionModel) -> None:
        self.model, self.rules = model, model.rules
        self.kind_of = {rank: kind.index for kind in model.kinds for rank in kind.ranks}
        self._splits: dict[int, ZeroMemorySplit] = {}

    def __call__(self, state: RoundState) -> Action:
        """The action to take now."""
        if state.current_player() == BANKER:
            return banker_action(state, self.model.policy)
        if state.phase is Phase.INSURANCE:
            return self._insurance(state)
        return self._play(state)

    def _kinds(self, cards: list[int]) -> tuple[int, ...]:
        return tuple(self.kind_of[c >> 2] for c in cards)

    def _visible(self, state: RoundState) -> int:
        visible = self._kinds(state.banker.cards[: self.rules.banker_visible])
        return self.model.visibles.index(visible)

    def _insurance(self, state: RoundState) -> Action:
        m = self.model
        cards = tuple(sorted(self._kinds(state.seats[0].hands[0].cards)))
        v = self._visible(state)
        legal = {a.kind: a for a in state.legal_actions()}
        if EVEN_MONEY in legal:
            value = m.dealt_stats(cards, side_bets=False)[v, 0]
            return Action(EVEN_MONEY if value < 1 else DECLINE)
        if INSURE in legal and m.insurance_gain(m._removed(cards), v) > 0:
            return Action(INSURE, legal[INSURE].high)
        return Action(DECLINE)

    def _play(self, state: RoundState) -> Action:
        m = self.model
        hand = state.seats[0].hands[state.hand_cursor]
        cards = self._kinds(hand.cards)
        v = self._visible(state)
        removed = m._removed(cards)
        s = self._state(hand, cards)
        if any(a.kind == SPLIT for a in state.legal_actions()):
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

    def _splits_better(self, cards: tuple[int, ...], removed: tuple[int, ...], s: HandState,
                       v: int) -> bool:
        split = self.model.split_all(cards[0])
        return split is not None and bool(split[v, 0] > self.model.value(removed, s)[v, 0])

    def _zero_memory(self, pair: int) -> ZeroMemorySplit:
        if pair not in self._splits:
            self._splits[pair] = ZeroMemorySplit(self.model, pair)
        return self._splits[pair]

    def _state(self, hand: Hand, cards: tuple[int, ...]) -> HandState:
        m, r = self.model, self.rules
        base = start_state(m.kinds, cards, hand.is_split, r)
        original = hand.stakes[0]
        return base._replace(
            twisted=hand.twisted, bought=hand.bought,
            last_buy=hand.stakes[-1] // original if hand.bought else 0,
            doubles=hand.doubles, since_double=hand.drawn_since_double if hand.doubles else 0,
            staked=hand.staked // original)


@dataclass(frozen=True)
class ShoeSimulation:
    """A simulated house edge (%) with its 99.9% interval."""

    rounds: int
    house_edge: float
    half_width: float

    @property
    def interval(self) -> tuple[float, float]:
        """The 99.9% interval of the house edge (%)."""
        return self.house_edge - self.half_width, self.house_edge + self.half_width


def simulate_shoe(rules: Rules, rounds: int, seed: int,
                  policy: str | None = None) -> ShoeSimulation:
    """Play `rounds` rounds, each from a freshly shuffled shoe, by the exact method."""
    sim = EngineSimulator(rules, policy, "shoe")
    sim.act = CompositionPolicy(CompositionModel(rules, policy))  # type: ignore[assignment]
    rng = random.Random(seed)
    total = squares = 0.0
    for _ in range(rounds):
        net = sim.play(rng)
        total += net
        squares += net * net
    mean = total / rounds
    spread = math.sqrt(max(squares / rounds - mean * mean, 0.0) / rounds)
    return ShoeSimulation(rounds, -100.0 * mean, 100.0 * Z_999 * spread)


__all__ = ["STAKE", "CompositionPolicy", "ShoeSimulation", "simulate_shoe"]
