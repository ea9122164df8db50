"""Ruleset sections for what happens between deals, and Shoot Pontoon's kitty."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictBool, StrictFloat

from pontoon_rules.ruleset.format.bank import BankSale
from pontoon_rules.ruleset.format.common import (
    Cut,
    Odds,
    PackRunsOut,
    RotationRule,
    RotationTieBreak,
    RuleModel,
    ShootLimit,
    ShufflePolicy,
)


class BetweenDeals(RuleModel):
    """Pack handling, passing the bank and selling it."""

    shuffle: ShufflePolicy = Field(
        description="Shuffle before every deal, only after a pontoon, or at a shoe penetration."
    )
    penetration: StrictFloat = Field(
        gt=0,
        le=1,
        description="Share of the shoe dealt before a reshuffle (used by 'penetration').",
    )
    shuffle_on_banker_pontoon: StrictBool = Field(
        default=True,
        description="With 'after-pontoon': a banker's pontoon also calls for a shuffle.",
    )
    shuffle_on_split_pontoon: StrictBool = Field(
        default=True,
        description="With 'after-pontoon': a pontoon made on a split hand also calls for a "
        "shuffle.",
    )
    cut: Cut = Field(
        default=Cut.PLAYER,
        description="Who cuts the pack after a shuffle: 'player' (as is usual: the player on "
        "the banker's right where play goes to the left, on the left where it goes to the "
        "right; any player at a house dealer's table), 'player-left' or 'player-right' (the "
        "player on that side of the banker or house dealer), 'dealer' (whoever shuffles), "
        "'nobody' (a shuffling machine, or an online game's random shuffle). Words only: "
        "the engine's shuffle is uniformly random, so no figure depends on it.",
    )
    used_cards_to_bottom: StrictBool = Field(
        description="Unshuffled used cards go to the bottom of the pack (else a discard tray)."
    )
    busted_cards_to_bottom_at_once: StrictBool = Field(
        description="A busted hand's cards go to the bottom of the pack at once."
    )
    pack_runs_out: PackRunsOut = Field(
        default=PackRunsOut.SHUFFLE_DISCARDS,
        description="When the pack runs out in the middle of a deal: 'shuffle-discards' "
        "shuffles the cards out of play (the discard pile, and the hands already thrown in "
        "bust) and deals on, opening a fresh pack when there are none; 'new-pack' opens a "
        "fresh pack at once. Cards still on the table are never dealt again.",
    )
    rotation: RotationRule = Field(description="How the bank passes to another player.")
    rotation_tie_break: RotationTieBreak = Field(
        default=RotationTieBreak.FIRST_IN_PLAY,
        description="When several players made a pontoon, which takes the bank: the first "
        "of them in the order of play ('first-in-play': nearest the banker's left when "
        "play goes left) or the last ('last-in-play').",
    )
    rotation_from_split_hand: StrictBool = Field(
        description="Whether a pontoon made on a split hand wins the bank."
    )
    rotation_when_banker_pontoon_at_once: StrictBool = Field(
        default=True,
        description="A player's pontoon that lost to the banker's pontoon shown at once still "
        "wins the bank.",
    )
    pontoon_maker_may_refuse: StrictBool = Field(
        default=False,
        description="A player whose pontoon wins the bank may refuse it (it then stays with "
        "the banker); else they must take it, though where the bank may be sold they may "
        "sell it at once, like any banker.",
    )
    bank_sale: StrictBool = Field(description="The banker may sell the bank at an agreed price.")


class Shoot(RuleModel):
    """Shoot Pontoon: side bets against a kitty the banker puts up."""

    enabled: StrictBool = Field(description="Whether shoot bets and the kitty are played.")
    kitty_within_stake_limits: StrictBool = Field(
        description="The kitty is put up between the minimum and maximum stake."
    )
    fourth_card_bet: StrictBool = Field(
        description="One more shoot bet before a fourth card, even without a first one."
    )
    split_hand_bet: StrictBool = Field(
        description="After a split the second hand may get its own shoot bet."
    )
    bust_to_kitty_at_once: StrictBool = Field(
        description="A busted hand's shoot bet goes into the kitty at once."
    )
    banker_pontoon_sweeps: StrictBool = Field(
        description="A banker's pontoon sweeps every shoot bet into the kitty."
    )
    limit: ShootLimit = Field(
        default=ShootLimit.UP_TO_KITTY,
        description="All shoot bets together stay below the kitty, or may reach it.",
    )
    fourth_card_limit: ShootLimit = Field(
        default=ShootLimit.UP_TO_KITTY,
        description="For the bet before a fourth card (fourth_card_bet): all shoot bets "
        "together stay below the kitty, or may reach it.",
    )
    pays: Odds = Field(description="What a winning hand's shoot bet is paid from the kitty.")
    top_up: StrictBool = Field(description="The banker may add to the kitty before a deal.")
    dry_kitty: Literal["new-kitty-or-sale", "end-bank"] = Field(
        description="What an empty kitty forces: a new kitty or a sale of the bank."
    )
    dry_kitty_sale: BankSale = Field(
        default=BankSale.AGREED_PRICE,
        description="How the bank is sold when the kitty is dry: at a price agreed with "
        "one player, or to the highest bidder.",
    )
    kitty_leaves_with_banker: StrictBool = Field(
        description="When the bank changes hands the old banker keeps the kitty."
    )
