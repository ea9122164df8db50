"""The side bets on the first two cards (`side_bets`), valued exactly.

A side bet is settled from the seat's first two cards and the banker's first card alone
(`engine.round.side_bets`), before any decision, and no decision of the hand can read it: its
value is its own, added to the hand's. It is linear in the amount, so best play puts
down the most a bet allows where it pays and nothing where it loses (`taken`). The
chances are the three cards' from the ruleset's own shoe, or with replacement from an
infinite deck (`deck`), suits and all: a suited pair or a suited match may pay more
(the counting is the pack's own: `ruleset.side_bets.pair_value`, `match_value`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pontoon_rules.analysis.deck import Deck
from pontoon_rules.engine.round.actions import MATCH, PAIR
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.side_bets import match_value, pair_value


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
    counts, infinite = _counts(rules, deck), deck == "infinite"
    out = []
    if s.pair is not None:
        out.append(SideBetValue(PAIR, pair_value(counts, infinite, *s.pair)))
    if s.match is not None:
        out.append(SideBetValue(MATCH, match_value(counts, infinite, *s.match)))
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
