"""Hands, their totals and classes, and how a player hand compares with the banker's."""

from __future__ import annotations

from pontoon_rules.engine.cards import RANK_VALUES
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass


class Hand:
    """One hand of cards with its stake history and what it has done so far."""

    __slots__ = (
        "cards", "hard", "aces", "stakes", "sibling", "twisted", "bought",
        "doubles", "drawn_since_double", "done", "settled_net", "is_split", "blocked",
        "pending_cards", "shoot", "up", "draw_up", "surrendered", "rescued",
    )

    def __init__(self, stake: int = 0, is_split: bool = False) -> None:
        self.cards: list[int] = []
        self.hard = 0
        self.aces = 0
        self.stakes: list[int] = [stake] if stake else []
        self.sibling: Hand | None = None
        self.is_split = is_split
        self.blocked = False
        self.twisted = False
        self.bought = 0
        self.doubles = 0
        self.drawn_since_double = 0
        self.done = False
        self.settled_net: int | None = None
        self.pending_cards = 0
        self.shoot: list[int] = []
        self.up: list[bool] = []
        """Per card: whether it lies face up (`faces` section)."""
        self.draw_up = False
        """Whether the next card dealt to this hand comes face up."""
        self.surrendered = False
        """Given up for part of its stake (`engine.giving_up`)."""
        self.rescued = False
        """A doubled hand given up for its doubled part (the double-down rescue)."""

    def add(self, card: int) -> None:
        """Put `card` in the hand."""
        self.cards.append(card)
        self.up.append(self.draw_up)
        value = RANK_VALUES[card >> 2]
        self.hard += value
        if value == 1:
            self.aces += 1

    def clone(self) -> Hand:
        """An independent copy (the sibling link is fixed up by the round's clone)."""
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            setattr(other, name, value[:] if isinstance(value, list) else value)
        return other

    @property
    def staked(self) -> int:
        """The hand's whole stake: the original plus every buy and double."""
        return sum(self.stakes)


def total(hand: Hand, ace_bonus: int = 10) -> int:
    """The best total of `hand`: an ace counts high when that does not bust."""
    if hand.aces and hand.hard + ace_bonus <= 21:
        return hand.hard + ace_bonus
    return hand.hard


def is_soft(hand: Hand, ace_bonus: int = 10) -> bool:
    """Whether an ace in `hand` is counted high."""
    return bool(hand.aces) and hand.hard + ace_bonus <= 21


def is_ace_ten(hand: Hand) -> bool:
    """Two cards, an ace and a ten-point card."""
    return len(hand.cards) == 2 and hand.aces == 1 and hand.hard == 11


def is_trick(hand: Hand, points: int, rules: Rules) -> bool:
    """A player hand that ranks as a five-card trick (enough cards, 21 or less)."""
    return rules.trick_enabled and len(hand.cards) >= rules.trick_cards and points <= 21


def is_pontoon(hand: Hand, rules: Rules) -> bool:
    """A player hand that is a pontoon under `rules` (a split ace + ten where it counts)."""
    return is_ace_ten(hand) and (not hand.is_split or rules.split_ace_ten_pontoon) and (
        HandClass.PONTOON in rules.rank_of_class)


def classify(hand: Hand, rules: Rules, banker: bool = False) -> HandClass:
    """The class of a finished hand under `rules` (bust, pontoon, trick, …, total)."""
    points = total(hand, rules.ace_bonus)
    if points > 21:
        return HandClass.BUST
    candidates = _candidates(hand, rules, banker, points)
    ranked = [c for c in candidates if c in rules.rank_of_class]
    if not ranked:
        return HandClass.TOTAL
    return min(ranked, key=rules.rank_of_class.__getitem__)


def _candidates(hand: Hand, rules: Rules, banker: bool, points: int) -> list[HandClass]:
    out: list[HandClass] = []
    n = len(hand.cards)
    if is_ace_ten(hand) and (rules.banker_pontoon if banker else _player_pontoon(hand, rules)):
        out.append(HandClass.PONTOON)
    if rules.trick_enabled and n >= rules.trick_cards and (not banker or rules.banker_trick):
        out.append(HandClass.FIVE_CARD_TRICK)
    if rules.three_of_a_kind and not banker and n == 3 and _same_rank(hand.cards):
        out.append(HandClass.THREE_OF_A_KIND)
    if rules.twenty_one and points == 21 and n >= 3:
        out.append(HandClass.TWENTY_ONE)
    return out


def _player_pontoon(hand: Hand, rules: Rules) -> bool:
    return not hand.is_split or rules.split_ace_ten_pontoon


def _same_rank(cards: list[int]) -> bool:
    return (cards[0] >> 2) == (cards[1] >> 2) == (cards[2] >> 2)
