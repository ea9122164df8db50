"""Ruleset parts for the casino family's decisions: surrender, the double-down rescue,
and how a redouble and a rescue are counted.

Every field defaults to the rule being off (or to the behaviour the engine had before
the field existed), so a ruleset that does not name them plays exactly as before.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, StrictBool, StrictInt, model_validator

from pontoon_rules.ruleset.format.common import ALL_RANKS, Rank, RuleModel, StakeFraction
from pontoon_rules.ruleset.format.points import MAX_TOTAL

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset


class SurrenderTiming(StrEnum):
    """When a surrender is offered, against the banker's check for a pontoon."""

    LATE = "late"
    """After the banker has checked for a pontoon (the peek); a banker's pontoon shown at
    once ends the deal first. Where the banker does not check, on the player's turn."""
    EARLY = "early"
    """Before the banker checks: the surrender stands even against a banker's pontoon."""


class RedoubleStake(StrEnum):
    """What a second or later double adds to the stake."""

    WHOLE_STAKE = "whole-stake"
    """As much again as the hand's whole stake (10, then 20, then 40)."""
    ORIGINAL_STAKE = "original-stake"
    """One original stake each time (10, then 20, then 30)."""


class RescueReturns(StrEnum):
    """What a double-down rescue gives back."""

    ALL_BUT_ORIGINAL = "all-but-original"
    """Every doubled part: the player forfeits an amount equal to the original stake."""
    LAST_DOUBLE = "last-double"
    """Only the last doubled part: the original stake and any earlier doubles are lost."""


class BuyBetsGivenUp(RuleModel):
    """Business and partial business (Manila): giving up only a hand's latest buy bets."""

    allowed: StrictBool = Field(
        default=False,
        description="Whether a hand that has bought may give up only its latest buy bets, "
        "one or more (Casino Filipino's business: all of them; partial business: the third, "
        "or the second and third), for the surrender's part of them back (returns), on its "
        "conditions (against, max_cards, after_split).",
    )
    plays_on: StrictBool = Field(
        default=True,
        description="After it the hand plays on with its other bets and may draw again; "
        "otherwise it stands with them.",
    )


class Surrender(RuleModel):
    """Giving up a hand for part of its stake back."""

    allowed: StrictBool = Field(
        default=False, description="Whether a player may surrender a hand at all."
    )
    timing: SurrenderTiming = Field(
        default=SurrenderTiming.LATE,
        description="When a surrender is offered: late, after the banker checks for a "
        "pontoon; early, before that check (so it stands against one). The same where the "
        "banker does not check.",
    )
    against: tuple[Rank, ...] = Field(
        default=ALL_RANKS,
        description="The banker's first visible card (its ranks) a surrender is offered "
        "against, e.g. A, J, Q, K; every rank for no restriction.",
    )
    returns: StakeFraction = Field(
        default=(1, 2),
        description="The part of the hand's stake given back, as a fraction (num, den); by "
        "default a half.",
    )
    void_on_banker_pontoon: StrictBool = Field(
        default=False,
        description="A surrender is void when the banker then makes a pontoon: the hand "
        "settles as it stands.",
    )
    max_cards: StrictInt | None = Field(
        default=2, ge=2, le=12,
        description="Most cards a hand may hold to surrender (2: on the first two cards only; "
        "null: any number, at any time in the hand's turn).",
    )
    after_split: StrictBool = Field(
        default=False, description="Whether a hand made by a split may surrender."
    )
    buy_bets: BuyBetsGivenUp = Field(
        default_factory=BuyBetsGivenUp,
        description="Giving up only the latest buy bets (business, partial business).",
    )
    totals: tuple[Annotated[StrictInt, Field(le=MAX_TOTAL)], ...] | None = Field(
        default=None,
        description="The totals a hand may surrender on, counted as the hand counts; null for "
        "any total (Ban Luck's free hand: [15], with max_cards 2 and returns [1, 1]).",
    )

    @model_validator(mode="after")
    def _check(self) -> Surrender:
        num, den = self.returns
        if den < 1 or num < 0 or num > den:
            raise ValueError(
                f"returns: expected a fraction num/den with 0 <= num <= den, got {num}/{den}"
            )
        if len(set(self.against)) != len(self.against):
            raise ValueError("against: each rank may appear once")
        if not self.against:
            raise ValueError("against: name at least one rank (every rank for no restriction)")
        if self.totals is not None and (not self.totals or min(self.totals) < 1):
            raise ValueError("totals: expected totals of 1 or more (null for any total), "
                             f"got {list(self.totals)}")
        return self


class Rescue(RuleModel):
    """The double-down rescue: after doubling, give the hand up for the doubled part back."""

    allowed: StrictBool = Field(
        default=False,
        description="Whether a hand that has doubled and drawn its card may be given up "
        "(\"double down rescue\"), settled at once.",
    )
    returns: RescueReturns = Field(
        default=RescueReturns.ALL_BUT_ORIGINAL,
        description="all-but-original: every doubled part comes back (the player forfeits "
        "an amount equal to the original stake); last-double: only the last doubled part.",
    )


# -- cross-field checks (run by `model.Ruleset`, one by one by `partial`) ---------------
def check_surrender_against(r: Ruleset) -> str | None:
    """A restriction by the banker's card needs a card the players see, held by the pack."""
    s = r.player.surrender
    if not s.allowed or set(s.against) >= set(ALL_RANKS):
        return None
    if r.deal.banker_cards_visible < 1:
        return ("player.surrender.against: the players see none of the banker's cards "
                "(deal.banker_cards_visible is 0), so a surrender by the banker's card can "
                "never be offered")
    missing = [x.value for x in s.against if x not in r.pack.ranks]
    if missing:
        return f"player.surrender.against: {missing} are not in pack.ranks"
    return None


def check_early_surrender(r: Ruleset) -> str | None:
    """An early surrender is decided on the first two cards, before any split or draw."""
    s = r.player.surrender
    early = s.allowed and s.timing is SurrenderTiming.EARLY and r.deal.banker_pontoon_at_once
    later = s.max_cards is None or s.max_cards > 2
    if early and (later or s.after_split):
        what = "player.surrender.max_cards" if later else "player.surrender.after_split"
        return (f"{what}: an early surrender is decided before the banker checks for a "
                "pontoon, on the first two cards and before any split, so this can never "
                "take effect")
    return None


def check_rescue(r: Ruleset) -> str | None:
    """A rescue needs doubling."""
    d = r.player.double
    if d.rescue.allowed and not (d.allowed and d.times_per_hand > 0):
        return ("player.double.rescue.allowed: no hand may double (player.double), so a "
                "rescue can never take effect")
    return None


def check_redouble(r: Ruleset) -> str | None:
    """A second double must be reachable: after a double's cards the hand may still double."""
    d = r.player.double
    if not d.allowed or d.times_per_hand < 2 or d.draws_after is None or d.max_cards is None:
        return None
    if d.min_cards + d.draws_after > d.max_cards:
        return (f"player.double.times_per_hand: {d.times_per_hand} doubles, but after a "
                f"double's {d.draws_after} card(s) a hand holds more than max_cards "
                f"({d.max_cards}), so it can never double again")
    return None


def check_buy_bets(r: Ruleset) -> str | None:
    """Giving up buy bets needs a surrender and buy bets."""
    s = r.player.surrender
    if not s.buy_bets.allowed:
        return None
    if not s.allowed:
        return ("player.surrender.buy_bets.allowed: player.surrender.allowed is false, so no "
                "bet may be given up and this can never take effect")
    if r.stakes.buy.value == "none":
        return ("player.surrender.buy_bets.allowed: no hand may buy (stakes.buy is none), so "
                "there are no buy bets to give up: this can never take effect")
    if r.table.bank.amount is not None:
        return ("player.surrender.buy_bets.allowed: not played with a bank that is an amount "
                "(table.bank.amount): what the bank may still cover is not kept for buy bets "
                "given up")
    return None


def check_hidden_bust(r: Ruleset) -> str | None:
    """A bust may be hidden only where every bust is shown and paid at once."""
    if r.settlement.hidden_bust_pays is None:
        return None
    for path, value in (("faces.bust_shown", r.faces.bust_shown),
                        ("settlement.player_bust_loses_at_once",
                         r.settlement.player_bust_loses_at_once)):
        if not value:
            return (f"settlement.hidden_bust_pays: {path} is false, so a bust is not shown "
                    "and paid at once and none is hidden: this can never take effect")
    if r.shoot.enabled:
        return ("settlement.hidden_bust_pays: with shoot bets (shoot.enabled) a bust's shoot "
                "bet goes into the kitty, which no source says of a hidden bust")
    return None


CHECKS = (check_surrender_against, check_early_surrender, check_rescue, check_redouble,
          check_hidden_bust, check_buy_bets)
"""The cross-field checks of this module's rules, each `(ruleset) -> message or None`."""
