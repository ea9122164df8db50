"""Vectors where the pack runs out: a full table on the ruleset's packs.

Every seat is dealt pairs while it may split and low cards while it may draw, so
that hands take as many cards as they can; the first third of the seats are dealt
high cards and bust early, so that some cards are out of play (thrown in) when the
pack runs out. Without splits (the ruleset has none, or no split table was found) a
second steering spreads the pack's value: the first seats draw to their most cards
(even cards, then the highest left: a bust that throws its cards in), the others and
the banker hold a high pair, so that a one-pack table of twelve runs out on drawing
alone.
What happens then is `between_deals.pack_runs_out`:

- `pack-runs-out`: the cards dealt after that come from the thrown-in hands only, so
  the round plays the same whether those are shuffled (`shuffle-discards`) or a fresh
  pack is opened (`new-pack`): every reading agrees, and an implementation that crashes,
  or deals again a card still on the table, is wrong under all of them;
- `pack-runs-out-fresh-pack` (where the ruleset opens a fresh pack, or has nothing to
  shuffle): a card that is on the table dealt again from the fresh pack.

A ruleset whose packs cannot run out in one deal (more cards than a full table can
take) gets none, and so does one where the steered search finds no such table (a fresh
pack under `shuffle-discards` needs the thrown-in cards to run out too: rare).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pontoon_rules.conformance.vectors.build import build
from pontoon_rules.engine.round.actions import BUY, SPLIT, STICK, TWIST, Action
from pontoon_rules.engine.round.cards import CARDS_PER_PACK, card_code
from pontoon_rules.engine.round.rules import NO_LIMIT, Rules
from pontoon_rules.engine.round.state import RoundState, full_counts
from pontoon_rules.errors import PontoonError

TRIES = 40
"""Seeded tables tried per vector."""


def shoe_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """The vectors where the pack runs out (see the module docstring)."""
    rid = rules.ruleset.id
    if rules.decks is None or not can_run_out(rules):
        return []
    out = []
    rng = random.Random(f"shoe:{rid}")
    for fresh in (False, True):
        found = _search(rules, rng, fresh)
        if found is None:
            continue
        stakes, shoe, plan, state = found
        name = "pack-runs-out-fresh-pack" if fresh else "pack-runs-out"
        how = ("a fresh pack is opened: a card still on the table comes again" if fresh else
               "the cards dealt after it come from the hands thrown in bust")
        vector = build(rules, f"{rid}/{name}", (
            f"{len(stakes)} seats on {rules.decks} pack{'s' if rules.decks > 1 else ''}: the "
            f"pack runs out after {sum(full_counts(rules))} cards and {how} (never a card "
            "still on the table from the same pack)."), stakes, shoe, plan, embed)
        out.append(_tagged(rules, vector, ["pack-ran-out", *(["pack-fresh"] if fresh else [])]))
    return out


def _tagged(rules: Rules, vector: dict[str, Any], tags: list[str]) -> dict[str, Any]:
    """`vector` with more feature tags (and the level they give; ids do not change)."""
    from pontoon_rules.conformance.vectors.features import level

    features = sorted({*vector["features"], *tags})
    return {**vector, "features": features, "level": level(rules, features)}


def most_cards(rules: Rules) -> int:
    """An upper bound of the cards one deal can take at a full table."""
    hands = rules.split_max_hands if rules.split_allowed else 1
    per_hand = rules.max_cards if rules.max_cards < NO_LIMIT else 21
    banker = rules.banker_max_cards if rules.banker_max_cards < NO_LIMIT else 21
    return rules.max_players * min(hands, 26) * per_hand + banker


def _search(rules: Rules, rng: random.Random, fresh: bool
            ) -> tuple[list[int], list[str], list[tuple[str, Any]], RoundState] | None:
    """A table whose pack runs out: without splits if it can (fewer rules relied on),
    spreading the pack's value over drawing seats when busting seats do not run it out."""
    stakes = [max(rules.min_stake, 1)] * rules.max_players
    for splits, drawers in steerings(rules):
        for _ in range(TRIES if drawers is None else SPREAD_TRIES):
            try:
                found = _table(rules, stakes, rng, fresh, splits, drawers)
            except PontoonError:
                continue
            if found is not None:
                return (stakes, *found)
    return None


Steering = tuple[bool, int | None]
"""How a table is steered: with splits, and the number of drawing seats (None: busters)."""


def steerings(rules: Rules) -> list[Steering]:
    """Every steering tried: busting seats without splits, then with them (the vectors
    of earlier releases, unchanged), then spreading the pack over drawing seats."""
    seats = rules.max_players
    ways: list[Steering] = [(False, None)]
    if rules.split_allowed:
        ways.append((True, None))
    return ways + [(False, k) for k in range(seats, max(0, seats // 2 - 1), -1)]


def can_run_out(rules: Rules) -> bool:
    """Whether the ruleset's packs can run out in one deal at a full table."""
    return rules.decks is not None and most_cards(rules) >= sum(full_counts(rules))


class RunningOut:
    """Full tables whose pack runs out, for fuzzing: the steering that worked first is
    kept, and each table tried with its own seed."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ways = steerings(rules)

    def table(self, rng: random.Random
              ) -> tuple[list[int], list[str], list[tuple[str, Any]]] | None:
        """A full table whose pack runs out (no card on the table dealt again), or None."""
        stakes = [max(self.rules.min_stake, 1)] * self.rules.max_players
        for at, (splits, drawers) in enumerate(self.ways):
            for _ in range(SPREAD_TRIES):
                try:
                    found = _table(self.rules, stakes, rng, False, splits, drawers)
                except PontoonError:
                    continue
                if found is not None:
                    self.ways = self.ways[at:]
                    return stakes, found[0], found[1]
        self.ways = []
        return None


SPREAD_TRIES = 4
"""Seeded tables tried for each number of drawing seats (the spreading steering)."""


def _table(rules: Rules, stakes: list[int], rng: random.Random, fresh: bool, splits: bool,
           drawers: int | None = None
           ) -> tuple[list[str], list[tuple[str, Any]], RoundState] | None:
    """One steered full table (`drawers`: the spreading steering with that many drawing
    seats); None unless the pack ran out the wanted way."""
    state = RoundState(rules, stakes)
    busters = [] if fresh or drawers is not None else \
        state.seats[:max(1, len(state.seats) // 3)]
    thrown: Counter[int] = Counter()
    at_refill: Counter[int] = Counter()
    dealt_after: list[int] = []
    shoe: list[str] = []
    plan: list[tuple[str, Any]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            only = thrown if state.refills and not fresh else None
            card = _card(state, rng, busters, only) if drawers is None else \
                _spread(state, rng, drawers, only)
            if state.refills:
                dealt_after.append(card)
                thrown[card] -= 1
            state.apply_action(card)
            if not state.refills:
                thrown = Counter(state.discards)
                at_refill = Counter(thrown)
            shoe.append(card_code(card))
            continue
        action = _decide(state, any(state.current_player() == b.index for b in busters),
                         splits)
        plan.append(("do", f"{state.actor_name()} {action}"))
        state.apply_action(action)
    if not state.refills or not dealt_after:
        return None
    on_table = set(_table_cards(state, len(shoe) - len(dealt_after)))
    again = any(card in on_table for card in dealt_after)
    from_thrown = not Counter(dealt_after) - at_refill
    renewed = "new-pack" in state.refills
    if fresh and not (again and renewed) or not fresh and (again or not from_thrown):
        return None
    return shoe, plan, state


def _card(state: RoundState, rng: random.Random, busters: list[Any],
          only: Counter[int] | None) -> int:
    """Pairs and low cards for the seats, high cards for the buster and the banker's hand
    alike; after the pack ran out, only `only` (the thrown-in cards) when given."""
    left = [c for c in range(CARDS_PER_PACK) if state.counts[c] > 0]
    if only is not None:
        allowed = [c for c in left if only[c] > 0]
        if allowed:
            left = allowed
    hand, values = state.pending[0], state.rules.values
    if hand is not state.banker and any(hand in b.hands for b in busters):
        return max(left, key=lambda c: (values[c >> 2], rng.random()))
    if hand is not state.banker and not hand.cards:
        return _first_card(state, left, rng)
    if hand is not state.banker and len(hand.cards) == 1:
        pair = [c for c in left if c >> 2 == hand.cards[0] >> 2]
        if pair and rng.random() < 0.9:
            return rng.choice(pair)
    return _fitting(state, hand, left, rng)


def _spread(state: RoundState, rng: random.Random, drawers: int,
            only: Counter[int] | None) -> int:
    """The spreading steering: a drawing seat (one of the first `drawers`) takes even cards
    up to its most but one (at most 20 together: it may draw again), then the highest left
    (a bust: its cards thrown in); the other seats and the banker a high pair (no ace: no
    natural)."""
    left = [c for c in range(CARDS_PER_PACK) if state.counts[c] > 0]
    if only is not None:
        left = [c for c in left if only[c] > 0] or left
    hand, rules = state.pending[0], state.rules
    values = rules.values
    seat = next((s.index for s in state.seats if hand in s.hands), None)
    most = min(rules.max_cards, 5)
    if seat is None or seat >= drawers:
        fits = [c for c in left if c >> 2 != 0 and hand.hard + values[c >> 2] <= 20]
    elif len(hand.cards) >= most - 1:
        fits = left
    else:
        share = (20 - hand.hard) // (most - 1 - len(hand.cards))
        fits = [c for c in left if values[c >> 2] <= share
                and (c >> 2 != 0 or len(hand.cards) >= 2)]
    if not fits:
        return min(left, key=lambda c: (values[c >> 2], rng.random()))
    return max(fits, key=lambda c: (values[c >> 2], rng.random()))


def _fitting(state: RoundState, hand: Any, left: list[int], rng: random.Random) -> int:
    """The highest card that still lets the hand take its most cards without busting
    (the banker's hand too): every card of the pack is used, none wasted on a bust."""
    most = state.rules.banker_max_cards if hand is state.banker else state.rules.max_cards
    after = max(0, min(most, 5) - len(hand.cards) - 1)
    budget, values = 21 - hand.hard - after, state.rules.values
    fits = [c for c in left if values[c >> 2] <= budget]
    if not fits:
        return min(left, key=lambda c: (values[c >> 2], rng.random()))
    return max(fits, key=lambda c: (values[c >> 2], rng.random()))


def _first_card(state: RoundState, left: list[int], rng: random.Random) -> int:
    """A seat's first card: of a low rank no other seat has started with, with a pair left."""
    taken = {h.cards[0] >> 2 for seat in state.seats for h in seat.hands if h.cards}
    per_rank, values = Counter(c >> 2 for c in left), state.rules.values
    ranks = sorted((r for r, n in per_rank.items() if n >= 2 and r not in taken),
                   key=lambda r: (values[r], rng.random()))
    if not ranks:
        return min(left, key=lambda c: (values[c >> 2], rng.random()))
    return rng.choice([c for c in left if c >> 2 == ranks[0]])


def _decide(state: RoundState, busting: bool, splits: bool) -> Action:
    """Draw as long as one may (split first when `splits`); the banker sticks at once."""
    legal = state.legal_actions()
    if state.actor_name() == "banker":
        kinds: tuple[str, ...] = (STICK, TWIST)
    elif busting or not splits:
        kinds = (TWIST, BUY, STICK)
    else:
        kinds = (SPLIT, TWIST, BUY, STICK)
    for kind in kinds:
        for option in legal:
            if option.kind == kind:
                return option.example()
    return legal[0].example()


def _table_cards(state: RoundState, before: int) -> list[int]:
    """The cards on the table when the pack ran out (dealt before, not thrown in)."""
    from pontoon_rules.engine.round.phase import CHANCE

    dealt = [a for actor, a in state.history if actor == CHANCE and isinstance(a, int)][:before]
    thrown = Counter(card for seat in state.seats for hand in seat.hands
                     if hand.hard > 21 and state.rules.bust_loses_at_once for card in hand.cards)
    out = []
    for card in dealt:
        if thrown[card] > 0:
            thrown[card] -= 1
        else:
            out.append(card)
    return out
