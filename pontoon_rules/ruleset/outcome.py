"""Ruleset sections for the banker's play, the special hands and settlement."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from pontoon_rules.ruleset.common import (
    BankerMode,
    HandClass,
    Odds,
    OutcomeResult,
    RuleModel,
    TieRule,
)


class BankerPlay(RuleModel):
    """How the banker plays their hand after the players."""

    mode: BankerMode = Field(
        description="Draws by the banker's own choice (actions of the round) or by a fixed rule."
    )
    stand_on: StrictInt = Field(
        ge=2,
        le=21,
        description="The fixed rule's standing total; for a banker by choice, the total the "
        "automatic banker stands on.",
    )
    hit_soft_17: StrictBool = Field(
        description="Whether the banker draws to a soft total equal to stand_on (soft 17)."
    )
    max_cards: StrictInt | None = Field(
        ge=2, le=12, description="Most cards in the banker's hand; null for no limit."
    )
    draws_when_no_live_hands: StrictBool = Field(
        description="Whether the banker still plays when every player hand is already settled."
    )
    must_stand_at: StrictInt | None = Field(
        default=None, ge=2, le=21,
        description="A banker who draws by choice must stand on this total or more; null "
        "for no such rule.",
    )


class Pontoon(RuleModel):
    """The pontoon: ace and ten-point card as the first two cards."""

    banker_can_hold: StrictBool = Field(
        description="Whether the banker's ace + ten is a pontoon too."
    )


class FiveCardTrick(RuleModel):
    """Five cards totalling 21 or less."""

    enabled: StrictBool = Field(description="Whether five cards of 21 or less form a special hand.")
    cards: StrictInt = Field(ge=3, le=8, description="How many cards make the trick.")
    banker_can_hold: StrictBool = Field(
        description="Whether the banker's five cards rank as a trick."
    )
    always_wins: StrictBool = Field(
        description="A player's trick wins whatever the banker holds, banker pontoon included."
    )
    ranked_by_total: StrictBool = Field(
        description="Two tricks compare by total (else all tricks are equal)."
    )


class TwentyOne(RuleModel):
    """Three or four cards totalling 21 as their own class."""

    enabled: StrictBool = Field(
        description="Whether a 21 of several cards ranks above other totals of 21."
    )


class ThreeOfAKind(RuleModel):
    """Three cards of one rank totalling 21 or less."""

    enabled: StrictBool = Field(description="Whether three of a kind is a special hand.")
    automatic_win: StrictBool = Field(
        description="A player who sticks on three of a kind wins whatever the banker holds."
    )


class SpecialHands(RuleModel):
    """The hands that beat an ordinary total, and their order."""

    ranking: tuple[HandClass, ...] = Field(
        description="Hand classes from best to worst; 'total' compares by points; bust is last."
    )
    pontoon: Pontoon
    five_card_trick: FiveCardTrick
    twenty_one: TwentyOne
    three_of_a_kind: ThreeOfAKind

    @model_validator(mode="after")
    def _check(self) -> SpecialHands:
        if len(set(self.ranking)) != len(self.ranking):
            raise ValueError("ranking: each class may appear once")
        if HandClass.TOTAL not in self.ranking:
            raise ValueError("ranking must include 'total'")
        if HandClass.BUST in self.ranking:
            raise ValueError("ranking must not include 'bust' (it always loses)")
        return self


class PlayerPayouts(RuleModel):
    """What the banker pays a winning player hand, by its class."""

    pontoon: Odds = Field(description="Paid to a winning pontoon.")
    five_card_trick: Odds = Field(description="Paid to a winning five-card trick.")
    three_of_a_kind: Odds = Field(description="Paid to a winning three of a kind.")
    twenty_one: Odds = Field(description="Paid to a winning 21 of three or four cards.")
    total: Odds = Field(description="Paid to any other winning hand.")


class BankerCollects(RuleModel):
    """What the banker takes from a losing player hand, by the banker's class."""

    pontoon: Odds = Field(description="Taken by a banker's pontoon.")
    five_card_trick: Odds = Field(description="Taken by a banker's five-card trick.")
    twenty_one: Odds = Field(description="Taken by a banker's 21 of several cards.")
    total: Odds = Field(description="Taken by any other winning banker hand.")


class OutcomeRule(RuleModel):
    """An exception to the ranking: how one player class fares against one banker class."""

    player: HandClass = Field(description="The player's hand class.")
    banker: HandClass = Field(description="The banker's hand class ('bust': the banker busts).")
    result: OutcomeResult = Field(
        description="win, lose, push, or by-total (the higher total wins; equal totals follow "
        "settlement.ties)."
    )
    pays: Odds | None = Field(
        default=None,
        description="What the player wins (win) or loses to the banker (lose); null for the "
        "usual payout of the class.",
    )

    @model_validator(mode="after")
    def _check(self) -> OutcomeRule:
        if self.player is HandClass.BUST and self.banker is not HandClass.BUST:
            raise ValueError("a busted player hand always loses to a standing banker")
        if self.pays is not None and self.result in (OutcomeResult.PUSH, OutcomeResult.BY_TOTAL):
            raise ValueError(f"pays applies to win or lose, not to {self.result.value}")
        return self


class Settlement(RuleModel):
    """Who wins, and what each result pays."""

    ties: TieRule = Field(description="Who wins when hands are equal.")
    pontoon_ties: TieRule = Field(description="Who wins a player pontoon against a banker pontoon.")
    player_payouts: PlayerPayouts
    banker_collects: BankerCollects
    banker_bust_pays_by_class: StrictBool = Field(
        description="A busting banker pays each standing hand its class odds (else 1:1 to all)."
    )
    player_bust_loses_at_once: StrictBool = Field(
        description="A busted player loses at once, even if the banker busts later."
    )
    odd_amounts: Literal["round-down", "round-up"] = Field(
        description="How a payout that is not a whole number of minor units is rounded."
    )
    outcomes: tuple[OutcomeRule, ...] = Field(
        default=(),
        description="Exceptions to the ranking, per pair of player class and banker class "
        "(who beats whom, and what it pays); every other pair follows the ranking.",
    )

    @model_validator(mode="after")
    def _check_outcomes(self) -> Settlement:
        seen: set[tuple[HandClass, HandClass]] = set()
        for rule in self.outcomes:
            pair = (rule.player, rule.banker)
            if pair in seen:
                raise ValueError(
                    f"outcomes: {rule.player.value} against {rule.banker.value} is given twice"
                )
            seen.add(pair)
        return self
