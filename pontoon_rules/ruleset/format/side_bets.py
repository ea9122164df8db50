"""Ruleset part for side bets on the first two cards: a pair, and matching the banker's
card. Each is off unless a ruleset switches it on; what each is worth, from the pack.

A side bet is put down before the deal, beside the stake, and settled once the first
two cards and the banker's first card are dealt, whatever happens to the hand after.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from pydantic import Field, StrictBool, model_validator

from pontoon_rules.ruleset.format.common import Odds, RuleModel, StakeFraction

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset


class PairBet(RuleModel):
    """A bet that the player's first two cards are a pair (the same rank)."""

    allowed: StrictBool = Field(
        default=False, description="Whether the pair bet is offered before the deal."
    )
    pays: Odds = Field(default="10:1", description="What a pair pays.")
    suited_pays: Odds | None = Field(
        default=None,
        description="What a pair of the same suit pays instead; null for the same as any pair.",
    )


class MatchBet(RuleModel):
    """A bet that the player's first two cards match the banker's first card."""

    allowed: StrictBool = Field(
        default=False, description="Whether the match-the-banker bet is offered before the deal."
    )
    pays: Odds = Field(
        default="4:1",
        description="What each of the player's first two cards of the rank of the banker's "
        "first card pays.",
    )
    suited_pays: Odds | None = Field(
        default=None,
        description="What such a card of the same suit too pays instead; null for the same.",
    )


class SideBets(RuleModel):
    """Side bets on the first two cards."""

    max_fraction: StakeFraction = Field(
        default=(1, 1),
        description="The most each side bet may be, as a fraction (num, den) of the seat's "
        "stake.",
    )
    pair: PairBet = Field(default_factory=PairBet, description="The pair bet.")
    match_dealer: MatchBet = Field(default_factory=MatchBet,
                                   description="The match-the-banker bet.")

    @model_validator(mode="after")
    def _check(self) -> SideBets:
        num, den = self.max_fraction
        if den < 1 or num < 1:
            raise ValueError(f"max_fraction: expected a fraction num/den above 0, got {num}/{den}")
        return self


# -- what each bet is worth, from the pack ----------------------------------------------
# A side bet is settled from three cards (the banker's first, the seat's first two), so its
# value is the pack's: card counts by card number (rank x 4 + suit, ranks A to K, suits S H
# D C), dealt without replacement from a shoe, or with it from an infinite deck. The exact
# analysis reads these (`analysis.side_bets`); `ruleset.resolving.features` asks whether one pays.

def pack_counts(r: Ruleset, infinite: bool = False) -> list[int]:
    """Each card's count in `r`'s shoe (one each for an infinite deck, or with `infinite`:
    every card held equally often)."""
    from pontoon_rules.ruleset.format.common import ALL_RANKS, ALL_SUITS

    per = 1 if infinite or r.pack.decks == "infinite" else int(r.pack.decks)
    return [per if rank in r.pack.ranks and suit in r.pack.suits else 0
            for rank in ALL_RANKS for suit in ALL_SUITS]


def pair_value(counts: list[int], infinite: bool, pays: Fraction, suited: Fraction) -> Fraction:
    """A pair bet's expected net per unit: the first two cards of one rank win (a suited
    pair `suited`), anything else loses the bet."""
    value = Fraction(0)
    for a in range(52):
        p, left, total = _draws(counts, infinite, a)
        if not p or not total:
            continue
        same, rank = _classes(left, a)
        value += p * (Fraction(same, total) * suited + Fraction(rank, total) * pays
                      - Fraction(total - same - rank, total))
    return value


def match_value(counts: list[int], infinite: bool, pays: Fraction,
                suited: Fraction) -> Fraction:
    """A match bet's expected net per unit: each of the first two cards of the rank of the
    banker's first card wins (`suited` of its suit too); none loses the bet. The three
    cards are exchangeable, so the banker's is drawn first; each of the player's two is
    of the banker's card's rank and suit, of its rank alone, or neither."""
    value = Fraction(0)
    for up in range(52):
        p, left, total = _draws(counts, infinite, up)
        if not p or total < 2:
            continue
        classes = _classes(left, up)
        sizes = (classes[0], classes[1], total - classes[0] - classes[1])
        wins = (suited, pays, Fraction(0))
        for i, first in enumerate(sizes):
            for j, second in enumerate(sizes):
                if infinite:
                    q = Fraction(first * second, total * total)
                else:
                    q = Fraction(first * (second - (i == j)), total * (total - 1))
                if q:
                    value += p * q * (wins[i] + wins[j] if i < 2 or j < 2 else -1)
    return value


def worth_taking(r: Ruleset) -> bool:
    """Whether a side bet `r` offers pays the player (in its own shoe or an infinite deck):
    best play then takes it."""
    from pontoon_rules.ruleset.format.common import odds_fraction

    s = r.side_bets
    bets: list[tuple[Callable[[list[int], bool, Fraction, Fraction], Fraction], str,
                     str | None]] = []
    if s.pair.allowed:
        bets.append((pair_value, s.pair.pays, s.pair.suited_pays))
    if s.match_dealer.allowed:
        bets.append((match_value, s.match_dealer.pays, s.match_dealer.suited_pays))
    for infinite in {True, r.pack.decks == "infinite"}:
        counts = pack_counts(r, infinite)
        for value, plain, suited_odds in bets:
            pays = odds_fraction(plain)
            suited = odds_fraction(suited_odds) if suited_odds is not None else pays
            if value(counts, infinite, pays, suited) > 0:
                return True
    return False


def _draws(counts: list[int], infinite: bool, first: int) -> tuple[Fraction, list[int], int]:
    """The chance the next card is `first`, and the shoe after it (as it was for an
    infinite deck, dealt with replacement): (chance, counts, total)."""
    total = sum(counts)
    if not total or not counts[first]:
        return Fraction(0), counts, total
    p = Fraction(counts[first], total)
    if infinite:
        return p, counts, total
    left = list(counts)
    left[first] -= 1
    return p, left, total - 1


def _classes(left: list[int], card: int) -> tuple[int, int]:
    """How many cards of `left` share `card`'s rank and suit, and its rank in another suit."""
    rank = card & ~3
    same = left[card]
    return same, sum(left[rank:rank + 4]) - same


def check_side_bets(r: Ruleset) -> str | None:
    """Matching the banker's card needs a banker's card the players see."""
    if r.side_bets.match_dealer.allowed and r.deal.banker_cards_visible < 1:
        return ("side_bets.match_dealer.allowed: the players see none of the banker's cards "
                "(deal.banker_cards_visible is 0), so nothing can be matched")
    return None


def check_two_cards_dealt(r: Ruleset) -> str | None:
    """A side bet is settled on the seat's first two cards once the deal is done, so the
    deal must give each seat two: dealt one, a pair could never be made (the engine would
    settle every pair bet as lost) and a match would be of one card, not two."""
    if r.deal.player_cards >= 2:
        return None
    for bet, name in ((r.side_bets.pair, "pair"), (r.side_bets.match_dealer, "match_dealer")):
        if bet.allowed:
            return (f"side_bets.{name}.allowed: a side bet is settled on a seat's first two "
                    f"cards once the deal is done, and the deal gives each seat "
                    f"{r.deal.player_cards} (deal.player_cards)")
    return None


CHECKS = (check_side_bets, check_two_cards_dealt)
"""The cross-field checks of this module's rules."""
