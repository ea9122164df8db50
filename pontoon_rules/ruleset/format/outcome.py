"""Ruleset sections for the banker's play and settlement (the named hands: `hands`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from pontoon_rules.ruleset.format.common import (
    BankerMode,
    HandClass,
    Odds,
    OutcomeResult,
    RuleModel,
    TieRule,
    odds_fraction,
)
from pontoon_rules.ruleset.format.hands import HAND_ID_PATTERN
from pontoon_rules.ruleset.format.points import MAX_TOTAL

OddAmounts = Literal["round-down", "round-up", "round-half-up", "round-half-even", "exact"]
"""How a payout that is not a whole number of minor units is settled (`settlement.odd_amounts`;
the last three added for issue 50, round-down stays what a ruleset usually says)."""


class BankerOpens(RuleModel):
    """A banker who, before drawing on, may open chosen players' hands and settle them
    against the banker's hand as it stands (Ban Luck), then go on drawing."""

    allowed: StrictBool = Field(
        default=False,
        description="Whether the banker may open a player's hands and settle them before "
        "the banker's turn is over.",
    )
    from_total: StrictInt = Field(
        default=16, ge=2, le=21,
        description="The least total the banker's hand must count to open a player.",
    )
    to_total: StrictInt | None = Field(
        default=None, ge=2, le=21,
        description="The most total at which the banker may open a player; null for any "
        "total not over 21.",
    )
    automatic_min_cards: StrictInt = Field(
        default=3, ge=2, le=12,
        description="The automatic banker's choice: open each player holding at least this "
        "many cards (a player who drew; in seat order) whenever allowed, then draw on or "
        "stand as stand_on says.",
    )

    @model_validator(mode="after")
    def _check(self) -> BankerOpens:
        if self.to_total is not None and self.to_total < self.from_total:
            raise ValueError(f"to_total ({self.to_total}) is below from_total "
                             f"({self.from_total})")
        return self


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
        description="Whether the banker still plays when no player hand is live (every "
        "one already settled, or not live as naturals_live says)."
    )
    naturals_live: StrictBool = Field(
        default=True,
        description="Whether a player's natural (a pontoon) counts as a live hand, one the "
        "banker plays against; if not, and the banker does not play when no hand is live "
        "(draws_when_no_live_hands: false), a banker facing only naturals, busts and "
        "surrenders takes their dealt cards up to two (to answer the naturals) and draws no "
        "more.",
    )
    must_stand_at: StrictInt | None = Field(
        default=None, ge=2, le=21,
        description="A banker who draws by choice must stand on this total or more; null "
        "for no such rule.",
    )
    stick_minimum: StrictInt | None = Field(
        default=None, ge=2, le=21,
        description="Lowest total the banker may stand on: below it the banker must draw "
        "(Ban Luck: 16), whether drawing by choice or by rule; null for none.",
    )
    opens: BankerOpens = Field(
        default_factory=BankerOpens,
        description="Opening chosen players' hands and settling them before drawing on.",
    )
    calls_off_at: tuple[Annotated[StrictInt, Field(ge=2, le=MAX_TOTAL)], ...] | None = Field(
        default=None,
        description="The totals of the banker's dealt cards, counted as the hand counts, at "
        "which a banker by choice may call the whole deal off before anyone plays: every "
        "stake back and nothing paid, the cards gathered and dealt again; null for never "
        "(Ban Luck's dealer's free hand: [15]).",
    )


class OutcomeRule(RuleModel):
    """An exception to the ranking: how one player hand fares against one banker hand."""

    player: str = Field(
        pattern=HAND_ID_PATTERN,
        description="The player's hand: a hand id of hands.definitions, 'total' or 'bust'.",
    )
    banker: str = Field(
        pattern=HAND_ID_PATTERN,
        description="The banker's hand: a hand id, 'total' or 'bust' (the banker busts).",
    )
    result: OutcomeResult = Field(
        description="win, lose, push, or by-total (the higher total wins; equal totals follow "
        "settlement.ties)."
    )
    pays: Odds | None = Field(
        default=None,
        description="What the player wins (win) or loses to the banker (lose); null for what "
        "the hands usually pay and collect.",
    )

    @model_validator(mode="after")
    def _check(self) -> OutcomeRule:
        if self.player == HandClass.BUST and self.banker != HandClass.BUST:
            raise ValueError("a busted player hand always loses to a standing banker")
        if self.pays is not None and self.result in (OutcomeResult.PUSH, OutcomeResult.BY_TOTAL):
            raise ValueError(f"pays applies to win or lose, not to {self.result.value}")
        return self


class Settlement(RuleModel):
    """Who wins, and what each result pays."""

    ties: TieRule = Field(
        description="Who wins when hands are equal (a named hand may say otherwise: its "
        "`ties`)."
    )
    pays: Odds = Field(
        default="1:1", description="What an ordinary winning hand (a total) is paid."
    )
    collects: Odds = Field(
        default="1:1",
        description="What the banker's ordinary hand (a total) collects from a losing hand.",
    )
    banker_bust_pays_by_class: StrictBool = Field(
        description="A busting banker pays each standing named hand what it pays (else "
        "every hand is paid as an ordinary total)."
    )
    player_bust_loses_at_once: StrictBool = Field(
        description="A busted player loses at once, even if the banker busts later."
    )
    odd_amounts: OddAmounts = Field(
        description="How a payout that is not a whole number of minor units is rounded: "
        "round-down, round-up, round-half-up or round-half-even (to the nearest, a half "
        "up or to the even unit), or exact (never rounded: every stake, buy and insurance "
        "must be a multiple of the payouts' denominators, else it is refused)."
    )
    outcomes: tuple[OutcomeRule, ...] = Field(
        default=(),
        description="Exceptions to the ranking, per pair of player hand and banker hand "
        "(who beats whom, and what it pays); every other pair follows the ranking.",
    )
    hidden_bust_pays: Odds | None = Field(
        default=None,
        description="What a player who busts and hides it, rather than showing it at once, "
        "pays on the hand's stake when it is found at the settlement, whatever the banker "
        "holds (the Russian home game: 2:1, double); at least 1:1; null for a bust that "
        "may not be hidden.",
    )

    @model_validator(mode="after")
    def _check_outcomes(self) -> Settlement:
        seen: set[tuple[str, str]] = set()
        for rule in self.outcomes:
            pair = (rule.player, rule.banker)
            if pair in seen:
                raise ValueError(
                    f"outcomes: {rule.player} against {rule.banker} is given twice"
                )
            seen.add(pair)
        if self.hidden_bust_pays is not None and odds_fraction(self.hidden_bust_pays) < 1:
            raise ValueError(f"hidden_bust_pays: a hidden bust pays at least its stake "
                             f"(1:1 or more), got {self.hidden_bust_pays!r}")
        return self
