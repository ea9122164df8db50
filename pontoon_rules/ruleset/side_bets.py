"""Ruleset part for side bets on the first two cards: a pair, and matching the banker's
card. Each is off unless a ruleset switches it on.

A side bet is put down before the deal, beside the stake, and settled once the first
two cards and the banker's first card are dealt, whatever happens to the hand after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, StrictBool, StrictInt, model_validator

from pontoon_rules.ruleset.common import Odds, RuleModel

if TYPE_CHECKING:
    from pontoon_rules.ruleset.model import Ruleset


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

    max_fraction: tuple[StrictInt, StrictInt] = Field(
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


def check_side_bets(r: Ruleset) -> str | None:
    """Matching the banker's card needs a banker's card the players see."""
    if r.side_bets.match_dealer.allowed and r.deal.banker_cards_visible < 1:
        return ("side_bets.match_dealer.allowed: the players see none of the banker's cards "
                "(deal.banker_cards_visible is 0), so nothing can be matched")
    return None


CHECKS = (check_side_bets,)
"""The cross-field checks of this module's rules."""
