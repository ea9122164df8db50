"""The physical pack (or shoe) of a session: its order, and its handling between deals.

Cards are dealt from the top. What happens to used cards, and when the pack is
shuffled, is the ruleset's `between_deals` section:

- `used_cards_to_bottom`: after a deal the used cards go under the pack, unshuffled
  (else into a discard tray that is only shuffled back in);
- `busted_cards_to_bottom_at_once`: a busted hand's cards go under the pack at once
  (the session does this mid-deal, and tells the round they are back);
- `shuffle`: `every-deal`, `after-pontoon` (only after a deal where someone made a
  pontoon) or `penetration` (once `penetration` of the shoe has been dealt since the
  last shuffle). A shuffle takes every card (pack and tray), shuffles and cuts at a
  random place: a uniform shuffle, so who cuts (`between_deals.cut`, words only; nobody
  at a machine or online) changes no order's chance.

Used cards are gathered in a fixed order: seat by seat from p1, each hand's cards
in the order they came, the banker's hand last. If the pack runs out mid-deal,
`between_deals.pack_runs_out` says what goes under it (the session does it): the
discard tray shuffled (`shuffle-discards`; with an empty tray the hands thrown in bust
this deal, else a fresh pack), or a fresh pack (`new-pack`). Randomness only through
the injected `random.Random`.

With an infinite deck (`pack.decks: infinite`) every card is drawn with replacement:
a stacked top is dealt first, then each card is drawn at random from one pack, and
used cards simply leave play (nothing is gathered or shuffled).
"""

from __future__ import annotations

import random
from collections import Counter, deque

from pontoon_rules.engine.round.cards import CARDS_PER_PACK, card_code
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import ShoeError
from pontoon_rules.ruleset.format.common import ShufflePolicy


class Pack:
    """The cards not in play: the pack (top first) and the discard tray."""

    def __init__(self, rules: Rules, rng: random.Random, order: list[int] | None = None) -> None:
        """A pack stacked with `order` on top, else shuffled and cut with `rng`.

        Under a stacked top the rest of the ruleset's packs follow in pack order.

        Raises:
            ShoeError: `order` holds cards the ruleset's packs do not (or too many).
        """
        self.rules = rules
        self.rng = rng
        self.full = full_pack(rules)
        self.size = len(self.full)
        self.cards: deque[int] = deque(self.full)
        """The pack, top first."""
        self.discards: list[int] = []
        """The discard tray (used cards that do not go under the pack)."""
        self.dealt_since_shuffle = 0
        self.shuffles = 0
        self.infinite = rules.decks is None
        if self.infinite:
            self.cards = deque(stack(rules, order) if order else [])
        elif order is None:
            self.shuffle()
        else:
            self.cards = deque(stack(rules, order))

    def draw(self) -> int:
        """Deal the top card (with an infinite deck, a random card once the stack is dealt).

        Raises:
            ShoeError: the pack is empty (call `refill` first when there is a tray).
        """
        if self.infinite and not self.cards:
            self.dealt_since_shuffle += 1
            return self.rng.choice(self.full)
        if not self.cards:
            raise ShoeError(f"the pack is empty ({len(self.discards)} cards in the tray)")
        self.dealt_since_shuffle += 1
        return self.cards.popleft()

    def refill(self) -> list[int]:
        """Shuffle the discard tray under an empty pack; the cards that came back."""
        back = self.discards
        self.discards = []
        self.rng.shuffle(back)
        self.cards.extend(back)
        return back

    def open_pack(self) -> list[int]:
        """Open a fresh shuffled pack (the ruleset's packs) under an empty one; its cards.
        They stay in play after the deal (the pack grows)."""
        fresh = full_pack(self.rules)
        self.rng.shuffle(fresh)
        self.cards.extend(fresh)
        self.size += len(fresh)
        return fresh

    def to_bottom(self, cards: list[int]) -> None:
        """Put `cards` under the pack in their order (a busted hand, at once)."""
        if not self.infinite:
            self.cards.extend(cards)

    def end_deal(self, used: list[int], pontoon_made: bool) -> bool:
        """Gather a deal's used cards; shuffle if the ruleset says so. True when shuffled."""
        between = self.rules.ruleset.between_deals
        if self.infinite:
            return False
        if between.used_cards_to_bottom:
            self.cards.extend(used)
        else:
            self.discards.extend(used)
        if self._shuffle_due(between.shuffle, between.penetration, pontoon_made):
            self.shuffle()
            return True
        return False

    def _shuffle_due(self, policy: ShufflePolicy, penetration: float, pontoon: bool) -> bool:
        if policy is ShufflePolicy.EVERY_DEAL:
            return True
        if policy is ShufflePolicy.AFTER_PONTOON:
            return pontoon
        return self.dealt_since_shuffle >= penetration * self.size

    def shuffle(self) -> None:
        """Take every card back, shuffle and cut."""
        cards = list(self.cards) + self.discards
        self.rng.shuffle(cards)
        cut = self.rng.randrange(1, len(cards)) if len(cards) > 1 else 0
        self.cards = deque(cards[cut:] + cards[:cut])
        self.discards = []
        self.dealt_since_shuffle = 0
        self.shuffles += 1

    def counts(self) -> list[int]:
        """How many of each card the pack holds now (the tray not included); with an
        infinite deck, the deck's constant weights."""
        if self.infinite:
            return [1 if self.rules.card_present[card] else 0
                    for card in range(CARDS_PER_PACK)]
        out = [0] * CARDS_PER_PACK
        for card in self.cards:
            out[card] += 1
        return out

    def held(self) -> Counter[int]:
        """Every card out of play: the pack and the tray together."""
        return Counter(self.cards) + Counter(self.discards)


def full_pack(rules: Rules) -> list[int]:
    """The ruleset's packs in order (A♠ A♥ … K♣, deck after deck)."""
    one = [card for card in range(CARDS_PER_PACK) if rules.card_present[card]]
    return one * (rules.decks or 1)


def stack(rules: Rules, top: list[int]) -> list[int]:
    """The ruleset's packs with `top` on top and the rest below in pack order.

    Raises:
        ShoeError: `top` holds cards the packs do not, or more copies than they hold.
    """
    if rules.decks is None:
        absent = sorted({c for c in top if not rules.card_present[c]})
        if absent:
            raise ShoeError(f"the stacked pack holds cards the deck does not: "
                            f"{', '.join(card_code(c) for c in absent)}")
        return list(top)
    rest = Counter(full_pack(rules))
    rest.subtract(top)
    extra = sorted(card for card, n in rest.items() if n < 0)
    if extra:
        raise ShoeError(f"the stacked pack holds cards the {rules.decks}-pack shoe does not "
                        f"(or too many copies): {', '.join(card_code(c) for c in extra)}")
    return top + [card for card in full_pack(rules) if rest[card] > 0 and _take(rest, card)]


def _take(rest: Counter[int], card: int) -> bool:
    rest[card] -= 1
    return True
