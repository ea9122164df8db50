"""Ruleset sections a player meets first: pack, table, deal, stakes and options."""

from __future__ import annotations

from pydantic import Field, model_validator

from pontoon_rules.ruleset.common import (
    ALL_RANKS,
    BankerRole,
    BuyMode,
    LaterBuyCap,
    Odds,
    PairRule,
    Rank,
    RuleModel,
    SplitDealOrder,
)


class Pack(RuleModel):
    """The cards in play."""

    decks: int = Field(ge=1, le=16, description="Number of 52-card packs shuffled together.")
    ranks: tuple[Rank, ...] = Field(
        default=ALL_RANKS, min_length=1, description="Ranks present in each pack."
    )
    ace_values: tuple[int, int] = Field(
        default=(1, 11),
        description="The two values an ace may take (low, high); the high one makes a hand soft.",
    )

    @model_validator(mode="after")
    def _check(self) -> Pack:
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError("ranks: each rank may appear once")
        if self.ace_values[0] < 1:
            raise ValueError("ace_values: the low value must be at least 1")
        if self.ace_values[0] >= self.ace_values[1]:
            raise ValueError("ace_values: the low value must be below the high value")
        return self


class Table(RuleModel):
    """Who sits at the table and who holds the bank."""

    min_players: int = Field(ge=1, le=12, description="Fewest players the source recommends.")
    max_players: int = Field(ge=1, le=12, description="Most seats at the table (enforced).")
    banker: BankerRole = Field(description="A player who banks in turn, or a house dealer.")

    @model_validator(mode="after")
    def _check(self) -> Table:
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({self.min_players}) is above max_players ({self.max_players})"
            )
        return self


class Deal(RuleModel):
    """How the cards are dealt and what is seen before the players act."""

    player_cards: int = Field(ge=1, le=3, description="Cards each player gets in the deal.")
    banker_cards: int = Field(ge=1, le=3, description="Cards the banker gets in the deal.")
    banker_cards_visible: int = Field(
        ge=0, le=3, description="How many of the banker's dealt cards the players see."
    )
    banker_may_look_at_first_card: bool = Field(
        description="Whether the banker may look at their own first card before the players act."
    )
    stake_after_first_card: bool = Field(
        description="Players stake after seeing their first card (else before the deal)."
    )
    banker_pontoon_at_once: bool = Field(
        description="A banker's pontoon is checked (peek) and shown at once, ending the deal."
    )

    @model_validator(mode="after")
    def _check(self) -> Deal:
        if self.banker_cards_visible > self.banker_cards:
            raise ValueError(
                f"banker_cards_visible ({self.banker_cards_visible}) is above "
                f"banker_cards ({self.banker_cards})"
            )
        if self.banker_pontoon_at_once and self.banker_cards < 2:
            raise ValueError("banker_pontoon_at_once needs banker_cards of at least 2")
        return self


class Stakes(RuleModel):
    """Stake limits and how buying a card adds to the stake."""

    min_stake: int = Field(ge=1, description="Smallest original stake, in minor units.")
    max_stake: int | None = Field(
        ge=1, description="Largest original stake in minor units, or null for no limit."
    )
    buy: BuyMode = Field(description="Whether a card may be bought, and how its price is set.")
    first_buy_min: int = Field(
        ge=0, le=10, description="Least a first buy adds, as a multiple of the original stake."
    )
    first_buy_max: int = Field(
        ge=0, le=10, description="Most a first buy adds, as a multiple of the original stake."
    )
    later_buy_cap: LaterBuyCap = Field(
        description="The most a later buy adds: the previous buy, or the first-buy limit."
    )
    buy_after_twist: bool = Field(description="Whether a card may be bought after a twist.")
    last_buy_card: int = Field(
        ge=0, le=10, description="The highest card number that may be bought (5 = fifth card)."
    )

    @model_validator(mode="after")
    def _check(self) -> Stakes:
        if self.max_stake is not None and self.max_stake < self.min_stake:
            raise ValueError(
                f"max_stake ({self.max_stake}) is below min_stake ({self.min_stake})"
            )
        if self.buy is not BuyMode.NONE and self.first_buy_max < self.first_buy_min:
            raise ValueError(
                f"first_buy_max ({self.first_buy_max}) is below first_buy_min "
                f"({self.first_buy_min})"
            )
        if self.buy is not BuyMode.NONE and self.first_buy_min < 1:
            raise ValueError("first_buy_min must be at least 1 when buying is allowed")
        return self


class Split(RuleModel):
    """Splitting a pair into separate hands."""

    allowed: bool = Field(description="Whether pairs may be split at all.")
    pair_rule: PairRule = Field(
        description="Pairs by rank (K+K only) or by value (any two ten-point cards)."
    )
    ranks: tuple[Rank, ...] = Field(
        default=ALL_RANKS, description="Ranks that may be split (e.g. aces only)."
    )
    max_hands: int | None = Field(
        ge=2, le=16, description="Most hands a seat may hold after splits; null for no limit."
    )
    resplit: bool = Field(description="Whether a hand made by a split may be split again.")
    resplit_aces: bool = Field(description="Whether split aces may be split again.")
    resplit_one_branch: bool = Field(
        description="Only one of the two hands made by a split may be split again."
    )
    cards_to_each_hand: int = Field(
        ge=1, le=2, description="Cards dealt to each new hand right after a split."
    )
    deal_order: SplitDealOrder = Field(
        description="Whether each split hand gets its card when played, or all at once."
    )
    aces_one_card: bool = Field(
        description="Split aces receive one card each and may not draw further."
    )
    ace_ten_is_pontoon: bool = Field(
        description="A split hand of ace and ten-point card counts as a pontoon (else 21)."
    )
    double_after_split: bool = Field(description="Whether split hands may double.")
    buy_after_split: bool = Field(description="Whether split hands may buy cards.")


class Double(RuleModel):
    """Doubling the stake."""

    allowed: bool = Field(description="Whether a hand may double its stake at all.")
    min_cards: int = Field(ge=2, le=5, description="Fewest cards a hand must hold to double.")
    max_cards: int | None = Field(
        ge=2, le=5, description="Most cards a hand may hold to double; null for any number."
    )
    times_per_hand: int = Field(ge=0, le=3, description="How often one hand may double.")
    draws_after: int | None = Field(
        ge=1,
        le=10,
        description="Cards drawn after doubling: 1 for one card and stop; null to go on freely.",
    )

    @model_validator(mode="after")
    def _check(self) -> Double:
        if self.max_cards is not None and self.max_cards < self.min_cards:
            raise ValueError(f"max_cards ({self.max_cards}) is below min_cards ({self.min_cards})")
        return self


class Insurance(RuleModel):
    """Insurance and even money against a banker's visible ace."""

    allowed: bool = Field(description="Whether insurance is offered when the banker shows an ace.")
    max_fraction: tuple[int, int] = Field(
        default=(1, 2), description="Most insurance as a fraction (num, den) of the stake."
    )
    pays: Odds = Field(default="2:1", description="What insurance pays on a banker pontoon.")
    even_money: bool = Field(
        description="A player with a pontoon may take 1:1 at once against a banker ace."
    )


    @model_validator(mode="after")
    def _check(self) -> Insurance:
        num, den = self.max_fraction
        if den < 1 or num < 0 or num > den:
            raise ValueError(
                f"max_fraction: expected a fraction num/den with 0 <= num <= den, got {num}/{den}"
            )
        return self


class PlayerOptions(RuleModel):
    """What a player may do on their turn."""

    stick_minimum: int | None = Field(
        ge=2, le=21, description="Lowest total a player may stick on; null for none."
    )
    max_cards: int | None = Field(
        ge=2, le=12, description="Most cards in one hand; null for no limit."
    )
    draw_on_21: bool = Field(description="Whether a hand totalling 21 may still draw.")
    split: Split
    double: Double
    insurance: Insurance
