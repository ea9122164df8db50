"""Ruleset sections a player meets first: table, deal, stakes and options (the pack:
`ruleset.pack`)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import (
    Field,
    StrictBool,
    StrictInt,
    model_validator,
)

from pontoon_rules.ruleset.format.agreed import Agreed, value_of
from pontoon_rules.ruleset.format.bank import Bank, FirstBanker, PlayDirection
from pontoon_rules.ruleset.format.common import (
    ALL_RANKS,
    Amount,
    BankerRole,
    BuyMode,
    DealOrder,
    LaterBuyCap,
    Odds,
    PairRule,
    Rank,
    RuleModel,
    SplitDealOrder,
    StakeFraction,
)
from pontoon_rules.ruleset.format.decisions import RedoubleStake, Rescue, Surrender
from pontoon_rules.ruleset.format.money import Money


class Table(RuleModel):
    """Who sits at the table and who holds the bank."""

    min_players: StrictInt = Field(ge=1, le=12, description="Fewest players the source recommends.")
    max_players: StrictInt = Field(ge=1, le=12, description="Most seats at the table (enforced).")
    banker: BankerRole = Field(description="A player who banks in turn, or a house dealer.")
    first_banker: FirstBanker = Field(
        default=FirstBanker.FIRST_LISTED,
        description="How the first banker is chosen: the first person listed, the highest "
        "card cut, or the first ace (or jack) dealt round the table.",
    )
    direction: PlayDirection = Field(
        default=PlayDirection.LEFT,
        description="Which way the deal, the stakes, the play and the bank go round the "
        "table: from the banker's left (clockwise) or right.",
    )
    bank: Bank = Field(default_factory=Bank,
                       description="The bank as an amount, and when it passes on.")
    stakes_before_first_deal: StrictBool = Field(
        default=False,
        description="Where the banker plays one player at a time (a rotating banker, "
        "max_players 1), whether every player puts down a stake before the banker deals to "
        "the first of them (Siebzehn und Vier's „Vor Spielbeginn zahlt jeder einen "
        "Einsatz“), or each player stakes when their own deal comes. No round depends on "
        "it; with deal.stake_after_first_card a stake waits for the first card.",
    )

    @model_validator(mode="after")
    def _check(self) -> Table:
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({self.min_players}) is above max_players ({self.max_players})"
            )
        return self


class Deal(RuleModel):
    """How the cards are dealt and what is seen before the players act."""

    player_cards: StrictInt = Field(ge=1, le=3, description="Cards each player gets in the deal.")
    banker_cards: StrictInt = Field(ge=1, le=3, description="Cards the banker gets in the deal.")
    banker_cards_visible: StrictInt = Field(
        ge=0, le=3, description="How many of the banker's dealt cards the players see."
    )
    banker_may_look_at_first_card: StrictBool = Field(
        description="Whether the banker may look at their own first card as soon as it is "
        "dealt (else only once the second card is dealt, when everyone, the banker too, looks "
        "at their cards)."
    )
    stake_after_first_card: StrictBool = Field(
        description="Players stake after seeing their first card (else before the deal)."
    )
    banker_pontoon_at_once: StrictBool = Field(
        description="A banker's pontoon is checked (peek) and shown at once, ending the deal."
    )
    order: DealOrder = Field(
        default=DealOrder.ROUND_BY_ROUND,
        description="Round by round (one card to each hand from the banker's left, the "
        "banker last, then again) or hand by hand (all of one hand's cards before the next).",
    )
    banker_dealt_first: StrictBool = Field(
        default=False,
        description="The banker's cards are dealt before the players' (else after them).",
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

    min_stake: Amount | Agreed = Field(
        description="Smallest original stake, in minor units; or {agreed: true, default: N}: "
        "agreed at the table before play (the sheet prints a blank)."
    )
    max_stake: Amount | None | Agreed = Field(
        description="Largest original stake in minor units, or null for no limit; or "
        "{agreed: true, default: N or null}: agreed at the table before play."
    )
    buy: BuyMode = Field(description="Whether a card may be bought, and how its price is set.")
    first_buy_min: StrictInt = Field(
        ge=0, le=10, description="Least a first buy adds, as a multiple of the original stake "
        "(0, with buy range: any amount, from the least stake)."
    )
    first_buy_max: StrictInt = Field(
        ge=0, le=10, description="Most a first buy adds, as a multiple of the original stake."
    )
    later_buy_cap: LaterBuyCap = Field(
        description="The most a later buy adds: what the card before it cost "
        "('previous-buy'), what the first bought card cost ('first-buy'), or the first "
        "buy's own limit ('first-buy-limit')."
    )
    buy_after_twist: StrictBool = Field(description="Whether a card may be bought after a twist.")
    last_buy_card: StrictInt = Field(
        ge=0, le=10, description="The highest card number that may be bought (5 = fifth card)."
    )
    max_buys: StrictInt | None = Field(
        default=None, ge=1, le=10,
        description="The most cards one hand may buy (\"up to 3 additional times\"); null: "
        "as many as last_buy_card allows.",
    )
    least_buy: Amount | None = Field(
        default=None,
        description="The least one buy adds, in minor units, whatever the stake; null: the "
        "least stake (min_stake), a buy being a bet. A buy whose limits (first_buy_min to "
        "first_buy_max of the stake) lie wholly below it is not offered.",
    )
    raise_up_to: StrictInt | None = Field(
        default=None, ge=2, le=100,
        description="A player may raise the stake during play, without taking a card, while "
        "the hand may still draw and before it buys, doubles or splits, up to this multiple "
        "of the stake first put down (Siebzehn und Vier: \"das Fünf- oder Zehnfache\"); "
        "null: no raising.",
    )
    money: Money | None = Field(
        default=None,
        description="The money the table plays for: the sign amounts are printed with and "
        "how many of the ruleset's units make one of it (the sign $ and 100 units: amounts "
        "in cents, 500000 printed $5,000); null: plain numbers of units (chips). Words only: "
        "play never reads it.",
    )

    def limits(self) -> tuple[int, int | None]:
        """The smallest and largest stake (None: no limit), an agreed value's default
        standing for it where the table has not settled it (`ruleset.format.agreed`)."""
        low = value_of(self.min_stake)
        return (low if low is not None else 1), value_of(self.max_stake)

    @model_validator(mode="after")
    def _check(self) -> Stakes:
        low, high = self.limits()
        if isinstance(self.min_stake, Agreed) and self.min_stake.default is None:
            raise ValueError("min_stake: an agreed minimum needs a default of at least 1")
        if high is not None and high < low:
            raise ValueError(f"max_stake ({high}) is below min_stake ({low})")
        if self.buy is not BuyMode.NONE and self.first_buy_max < self.first_buy_min:
            raise ValueError(
                f"first_buy_max ({self.first_buy_max}) is below first_buy_min "
                f"({self.first_buy_min})"
            )
        if self.buy is BuyMode.FIXED and self.first_buy_min < 1:
            raise ValueError("first_buy_min must be at least 1 when a buy costs a fixed "
                             "amount (0 is for a buy of any amount: stakes.buy range)")
        if self.buy is BuyMode.RANGE and self.first_buy_max < 1:
            raise ValueError("first_buy_max must be at least 1 when buying is allowed")
        return self


class Split(RuleModel):
    """Splitting a pair into separate hands."""

    allowed: StrictBool = Field(description="Whether pairs may be split at all.")
    pair_rule: PairRule = Field(
        description="Pairs by rank (K+K only) or by value (any two ten-point cards)."
    )
    ranks: tuple[Rank, ...] = Field(
        default=ALL_RANKS, description="Ranks that may be split (e.g. aces only)."
    )
    max_hands: StrictInt | None = Field(
        ge=2, le=16, description="Most hands a seat may hold after splits; null for no limit."
    )
    resplit: StrictBool = Field(description="Whether a hand made by a split may be split again.")
    resplit_aces: StrictBool = Field(description="Whether split aces may be split again.")
    resplit_one_branch: StrictBool = Field(
        description="Only one of the two hands made by a split may be split again."
    )
    cards_to_each_hand: StrictInt = Field(
        ge=1, le=2, description="Cards dealt to each new hand right after a split."
    )
    deal_order: SplitDealOrder = Field(
        description="Whether each split hand gets its card when played, or all at once."
    )
    aces_one_card: StrictBool = Field(
        description="Split aces receive one card each and may not draw further."
    )
    double_after_split: StrictBool = Field(description="Whether split hands may double.")
    buy_after_split: StrictBool = Field(description="Whether split hands may buy cards.")
    two_card_21_stands: StrictBool = Field(
        default=False,
        description="A split hand whose first two cards make 21 must stand, even where "
        "a 21 of three or more cards may draw (player.draw_on_21); otherwise it draws or "
        "stands as any 21 does.",
    )


class Double(RuleModel):
    """Doubling the stake."""

    allowed: StrictBool = Field(description="Whether a hand may double its stake at all.")
    min_cards: StrictInt = Field(ge=2, le=5, description="Fewest cards a hand must hold to double.")
    max_cards: StrictInt | None = Field(
        ge=2, le=5, description="Most cards a hand may hold to double; null for any number."
    )
    times_per_hand: StrictInt = Field(ge=0, le=3, description="How often one hand may double.")
    draws_after: StrictInt | None = Field(
        ge=1,
        le=10,
        description="Cards drawn after each double: 1 for one card, then stop (or double "
        "again, where times_per_hand allows); null to go on drawing freely.",
    )
    totals: tuple[StrictInt, ...] | None = Field(
        default=None,
        description="The totals a hand may double on (e.g. [9, 10, 11]), counted as the "
        "hand will count after doubling; null for any total.",
    )
    aces_count_one: StrictBool = Field(
        default=False,
        description="An ace held when doubling counts 1 from then on (a soft double is "
        "played hard); an ace drawn later may count high.",
    )
    redouble_stake: RedoubleStake = Field(
        default=RedoubleStake.WHOLE_STAKE,
        description="What a second or later double adds: as much again as the whole stake, "
        "or one original stake.",
    )
    rescue: Rescue = Field(default_factory=Rescue,
                           description="Giving up a doubled hand for the doubled part back.")

    @model_validator(mode="after")
    def _check(self) -> Double:
        if self.max_cards is not None and self.max_cards < self.min_cards:
            raise ValueError(f"max_cards ({self.max_cards}) is below min_cards ({self.min_cards})")
        if self.totals is not None:
            bad = [t for t in self.totals if not 2 <= t <= 21]
            if bad or not self.totals or len(set(self.totals)) != len(self.totals):
                raise ValueError(f"totals: expected distinct totals from 2 to 21, got "
                                 f"{list(self.totals)}")
        return self


class InsuranceAmount(StrEnum):
    """How much of the stake an insurance bet is."""

    UP_TO = "up-to"
    """Any whole amount from 1 up to `max_fraction` of the stake."""
    EXACTLY = "exactly"
    """Exactly `max_fraction` of the stake (rounded down to a whole minor unit)."""


class Insurance(RuleModel):
    """Insurance and even money against a banker's visible ace."""

    allowed: StrictBool = Field(
        description="Whether insurance is offered when the banker shows an ace."
    )
    max_fraction: StakeFraction = Field(
        default=(1, 2), description="Most insurance as a fraction (num, den) of the stake."
    )
    amount: InsuranceAmount = Field(
        default=InsuranceAmount.UP_TO,
        description="Whether the insurance bet is any amount up to max_fraction of the stake "
        "('up-to') or exactly that fraction ('exactly', rounded down to a whole unit).",
    )
    pays: Odds = Field(default="2:1", description="What insurance pays on a banker pontoon.")
    even_money: StrictBool = Field(
        description="A player with a pontoon may take 1:1 at once against a banker ace."
    )
    offered_to_natural: StrictBool = Field(
        default=False,
        description="Whether a player holding a natural (a pontoon) may also take insurance "
        "like any other hand (beside even money, where even_money offers it); otherwise a "
        "natural is offered even money only.",
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

    stick_minimum: StrictInt | None = Field(
        ge=2, le=21, description="Lowest total a player may stick on; null for none."
    )
    max_cards: StrictInt | None = Field(
        ge=2, le=12, description="Most cards in one hand; null for no limit."
    )
    draw_on_21: StrictBool = Field(
        description="Whether a hand totalling 21 may still draw (a named hand may say "
        "otherwise: its `may_draw_on`)."
    )
    split: Split
    double: Double
    insurance: Insurance
    surrender: Surrender = Field(default_factory=Surrender,
                                 description="Giving up a hand for part of its stake back.")
