"""Ruleset sections for what happens between deals, and Shoot Pontoon's kitty."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pontoon_rules.ruleset.common import Odds, RotationRule, RuleModel, ShufflePolicy


class BetweenDeals(RuleModel):
    """Pack handling, passing the bank and selling it."""

    shuffle: ShufflePolicy = Field(
        description="Shuffle before every deal, only after a pontoon, or at a shoe penetration."
    )
    penetration: float = Field(
        gt=0,
        le=1,
        description="Share of the shoe dealt before a reshuffle (used by 'penetration').",
    )
    used_cards_to_bottom: bool = Field(
        description="Unshuffled used cards go to the bottom of the pack (else a discard tray)."
    )
    busted_cards_to_bottom_at_once: bool = Field(
        description="A busted hand's cards go to the bottom of the pack at once."
    )
    rotation: RotationRule = Field(description="How the bank passes to another player.")
    rotation_from_split_hand: bool = Field(
        description="Whether a pontoon made on a split hand wins the bank."
    )
    bank_sale: bool = Field(description="The banker may sell the bank at an agreed price.")


class Shoot(RuleModel):
    """Shoot Pontoon: side bets against a kitty the banker puts up."""

    enabled: bool = Field(description="Whether shoot bets and the kitty are played.")
    kitty_within_stake_limits: bool = Field(
        description="The kitty is put up between the minimum and maximum stake."
    )
    fourth_card_bet: bool = Field(
        description="One more shoot bet before a fourth card, even without a first one."
    )
    split_hand_bet: bool = Field(
        description="After a split the second hand may get its own shoot bet."
    )
    bust_to_kitty_at_once: bool = Field(
        description="A busted hand's shoot bet goes into the kitty at once."
    )
    banker_pontoon_sweeps: bool = Field(
        description="A banker's pontoon sweeps every shoot bet into the kitty."
    )
    pays: Odds = Field(description="What a winning hand's shoot bet is paid from the kitty.")
    top_up: bool = Field(description="The banker may add to the kitty before a deal.")
    dry_kitty: Literal["new-kitty-or-sale", "end-bank"] = Field(
        description="What an empty kitty forces: a new kitty or a sale of the bank."
    )
    kitty_leaves_with_banker: bool = Field(
        description="When the bank changes hands the old banker keeps the kitty."
    )
