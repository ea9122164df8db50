"""The side bets on the first two cards (`side_bets`), valued exactly.

A side bet is settled from the seat's first two cards and the banker's first card alone
(`engine.side_bets`), before any decision, and no decision of the hand can read it: its
value is its own, added to the hand's. It is linear in the amount, so best play puts
down the most a bet allows where it pays and nothing where it loses (`taken`). The
chances are the three cards' from the ruleset's own shoe, or with replacement from an
infinite deck (`deck`), suits and all: a suited pair or a suited match may pay more.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pontoon_rules.analysis.deck import Deck
from pontoon_rules.engine.actions import MATCH, PAIR
from pontoon_rules.engine.rules import Rules


@dataclass(frozen=True)
class SideBetValue:
    """One side bet: its action word, its expected net per unit bet, and whether best play
    takes it."""

    kind: str
    value: Fraction

    @property
    def taken(self) -> bool:
        """Best play bets the most on it (it pays), else declines."""
        return self.value > 0

    @property
    def house_edge(self) -> float:
        """The house's edge on the bet, in percent of the bet."""
        return -100.0 * float(self.value)


def side_bet_values(rules: Rules, deck: Deck) -> list[SideBetValue]:
    """The side bets `rules` offer, each valued (none: an empty list)."""
    s = rules.side_bets
    if s is None:
        return []
    counts = _counts(rules, deck)
    out = []
    if s.pair is not None:
        out.append(SideBetValue(PAIR, _pair(counts, deck, *s.pair)))
    if s.match is not None:
        out.append(SideBetValue(MATCH, _match(counts, deck, *s.match)))
    return out


def taken_value(rules: Rules, deck: Deck) -> tuple[Fraction, Fraction]:
    """What the side bets best play takes add to a round, per original stake: (expected
    net, amount staked)."""
    if rules.side_bets is None:
        return Fraction(0), Fraction(0)
    most = rules.side_bets.most
    taken = [b for b in side_bet_values(rules, deck) if b.taken]
    return sum((most * b.value for b in taken), Fraction(0)), most * len(taken)


def _counts(rules: Rules, deck: Deck) -> list[int]:
    """Each card's count in the shoe (card numbers 0-51), or one each for an infinite deck
    (each card held equally often)."""
    per = 1 if deck == "infinite" or rules.decks is None else rules.decks
    return [per if present else 0 for present in rules.card_present]


def _draws(counts: list[int], deck: Deck, first: int) -> tuple[Fraction, list[int], int]:
    """The chance the next card is `first`, and the shoe after it (as it was for an
    infinite deck, dealt with replacement): (chance, counts, total)."""
    total = sum(counts)
    if not total or not counts[first]:
        return Fraction(0), counts, total
    p = Fraction(counts[first], total)
    if deck == "infinite":
        return p, counts, total
    left = list(counts)
    left[first] -= 1
    return p, left, total - 1


def _classes(left: list[int], card: int) -> tuple[int, int]:
    """How many cards of `left` share `card`'s rank and suit, and its rank in another suit."""
    rank = card & ~3
    same = left[card]
    return same, sum(left[rank:rank + 4]) - same


def _pair(counts: list[int], deck: Deck, pays: Fraction, suited: Fraction) -> Fraction:
    """A pair bet's expected net: the first two cards of one rank win (a suited pair
    `suited`), anything else loses the bet."""
    value = Fraction(0)
    for a in range(52):
        p, left, total = _draws(counts, deck, a)
        if not p or not total:
            continue
        same, rank = _classes(left, a)
        value += p * (Fraction(same, total) * suited + Fraction(rank, total) * pays
                      - Fraction(total - same - rank, total))
    return value


def _match(counts: list[int], deck: Deck, pays: Fraction, suited: Fraction) -> Fraction:
    """A match bet's expected net: each of the first two cards of the rank of the banker's
    first card wins (`suited` of its suit too); none loses the bet. The three cards are
    exchangeable, so the banker's is drawn first; each of the player's two is of the
    banker's card's rank and suit, of its rank alone, or neither."""
    value = Fraction(0)
    for up in range(52):
        p, left, total = _draws(counts, deck, up)
        if not p or total < 2:
            continue
        classes = _classes(left, up)
        sizes = (classes[0], classes[1], total - classes[0] - classes[1])
        wins = (suited, pays, Fraction(0))
        for i, first in enumerate(sizes):
            for j, second in enumerate(sizes):
                if deck == "infinite":
                    q = Fraction(first * second, total * total)
                else:
                    q = Fraction(first * (second - (i == j)), total * (total - 1))
                if q:
                    value += p * q * (wins[i] + wins[j] if i < 2 or j < 2 else -1)
    return value
