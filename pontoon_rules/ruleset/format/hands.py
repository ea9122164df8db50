"""Ruleset section for the named hands: each defined by its cards, and their ranking.

One mechanism holds every special hand of the family: a pontoon is "two cards, 21,
not on a split hand"; a five-card trick is "five cards or more, 21 or less"; 7-7-7
in spades is "the ranks 7 7 7, all spades". A hand is the first definition in
`hands.ranking` whose conditions it meets (and whose holder it is); otherwise it is
`bust` over 21, or an ordinary `total`. Who beats whom follows from the ranking and
each definition's settlement fields, resolved in `ruleset.resolving.outcomes.outcome_table`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Annotated

from pydantic import (
    AfterValidator,
    Field,
    StrictBool,
    StrictInt,
    ValidationInfo,
    field_validator,
    model_validator,
)

from pontoon_rules.ruleset.format.common import (
    AMOUNT_MAX,
    MAX_NAME_LENGTH,
    AgainstTotal,
    CompareRule,
    HandClass,
    NaturalTakes,
    Odds,
    Rank,
    RuleModel,
    SuitRule,
    TieRule,
    shown_as_written,
    suggests,
)
from pontoon_rules.ruleset.format.languages import LANGUAGES, shown_languages
from pontoon_rules.ruleset.format.points import MAX_TOTAL, HandTotal, points_text

HAND_ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
RESERVED_IDS = (HandClass.TOTAL.value, HandClass.BUST.value)
"""Ids that are not definitions: an ordinary total, and a hand over 21."""

HandName = Annotated[str, Field(max_length=MAX_NAME_LENGTH), AfterValidator(shown_as_written)]
"""A named hand's name: at most 80 characters, every one visible (empty: the usual name of
its id)."""


class HandDefinition(RuleModel):
    """A named hand: the conditions its cards meet, who may hold it, and how it settles."""

    name: HandName = Field(
        default="",
        description="Its name in the ruleset's language (empty: the usual name of a "
        "well-known id, else the id in words).",
    )
    names: dict[str, HandName] = Field(
        default_factory=dict,
        description="Its name in other languages, by language code (e.g. 'ru').",
    )
    min_cards: StrictInt = Field(default=1, ge=1, le=24, description="Fewest cards it holds.")
    max_cards: StrictInt | None = Field(
        default=None, ge=1, le=24, description="Most cards it holds; null for no limit."
    )
    min_total: HandTotal | None = Field(
        default=None, description="Lowest total it may have (1 to 99; a fraction in quotes, "
        "\"15/2\"); null for none."
    )
    max_total: HandTotal | None = Field(
        default=Fraction(21),
        description="Highest total it may have (1 to 99; 21: it is never bust, where "
        "pack.bust_above is 21, else write the bust limit); null for any total, so that a "
        "hand over the bust limit (two aces of 11) can hold it.",
    )
    ranks: tuple[Rank, ...] | None = Field(
        default=None,
        description="Exactly these ranks, in any order (a multiset: [A, A], [\"6\", \"7\", "
        "\"8\"]); the hand holds as many cards as listed. Null for any ranks.",
    )
    same_rank: StrictBool = Field(
        default=False, description="Every card is of one rank (three of a kind)."
    )
    suits: SuitRule = Field(
        default=SuitRule.ANY,
        description="What the suits must be: any; mixed (not all one suit); suited (all one "
        "suit); or all of a named suit (spades, hearts, diamonds, clubs).",
    )
    soft: StrictBool | None = Field(
        default=None,
        description="Only a soft hand (an ace counted high), only a hard hand, or either (the "
        "field left out).",
    )
    banker_up_ranks: tuple[Rank, ...] | None = Field(
        default=None,
        description="The banker's up card (the first dealt face up) must be of one of these "
        "ranks (Spanish 21's Super Bonus: [\"7\"]); null for any.",
    )
    min_stake: StrictInt | None = Field(
        default=None, ge=1, le=AMOUNT_MAX,
        description="The least original stake it holds for, in minor units; null for none.",
    )
    max_stake: StrictInt | None = Field(
        default=None, ge=1, le=AMOUNT_MAX,
        description="The most original stake it holds for, in minor units; null for no limit.",
    )
    dealt_only: StrictBool = Field(
        default=False,
        description="Only the cards dealt to the hand: none taken by a twist, buy or "
        "double (a split hand's cards from the split count as dealt; the banker's first "
        "two cards, or as many as the deal gives, are the banker's dealt cards).",
    )
    on_split_hand: StrictBool = Field(
        default=True, description="Whether a hand made by a split may be this hand."
    )
    after_double: StrictBool = Field(
        default=True, description="Whether a hand that doubled may be this hand."
    )
    player_can_hold: StrictBool = Field(
        default=True, description="Whether a player's hand may be this hand."
    )
    banker_can_hold: StrictBool = Field(
        default=True, description="Whether the banker's hand may be this hand."
    )
    pays: Odds = Field(default="1:1", description="What it pays a winning player.")
    prize: StrictInt | None = Field(
        default=None, ge=1, le=AMOUNT_MAX,
        description="A fixed amount a winning player holding it is paid, in minor units, "
        "instead of what pays says (Spanish 21's Super Bonus: $1,000 on a stake of $5 to "
        "$24); null: pays.",
    )
    collects: Odds = Field(
        default="1:1",
        description="What it collects as the banker's hand from each hand that loses to it.",
    )
    takes: NaturalTakes = Field(
        default=NaturalTakes.EVERYTHING,
        description="Of what a losing hand staked, what it takes as the banker's hand: "
        "everything; the original bets only (doubles and buys returned: OBBO); or the "
        "busted bets plus one original bet from each seat (BB+1). It matters where the "
        "banker's hand is known only after the players have played (no peek).",
    )
    compare: CompareRule = Field(
        default=CompareRule.EQUAL,
        description="How two of them compare: all equal, by their totals (the higher wins), "
        "or by lower-total (the lower total wins: Xi dach's five-card hands).",
    )
    against_total: AgainstTotal = Field(
        default=AgainstTotal.RANKING,
        description="How it meets the other side's ordinary hand (total): 'ranking', as "
        "hands.ranking says (a pontoon beats any total, 21 too); 'by-total', by points, an "
        "equal total being a tie.",
    )
    ties: TieRule | None = Field(
        default=None,
        description="Who wins two of them that are equal; null for settlement.ties.",
    )
    wins_outright: StrictBool = Field(
        default=False,
        description="A player holding it wins whatever the banker holds.",
    )
    natural: StrictBool = Field(
        default=False,
        description="It is a natural: the banker's, dealt, ends the deal at the peek "
        "(deal.banker_pontoon_at_once) and pays insurance; a player's is offered even money, "
        "and makes the player the next banker or calls for a shuffle where between_deals "
        "says so.",
    )
    may_draw_on: StrictBool | None = Field(
        default=None,
        description="Whether a hand holding it may take more cards (it is then no longer "
        "this hand); null: as any hand of its total (player.draw_on_21 at 21).",
    )
    stick_any_total: StrictBool = Field(
        default=False,
        description="A hand holding it may stick whatever its total (below "
        "player.stick_minimum).",
    )
    paid_by_players: Odds | None = Field(
        default=None,
        description="Money between players: a player holding it is also paid by each "
        "other player, these odds on the payer's own stake (Vingt-un's natural: 'double "
        "stakes from all the players'), whatever the banker holds; players holding it "
        "too pay nothing. Left out where only the banker pays it.",
    )
    prize_to_others: StrictInt | None = Field(
        default=None, ge=1, le=AMOUNT_MAX,
        description="Money to the other players: when a player holds it, the banker also "
        "pays every other player with a stake this fixed amount, in minor units (Spanish "
        "21's Envy Bonus: $50 to each other player when one holds the Super Bonus); null "
        "for none.",
    )

    @field_validator("names")
    @classmethod
    def _known_languages(cls, value: dict[str, str]) -> dict[str, str]:
        return shown_languages(value, "names in", LANGUAGES)

    @model_validator(mode="after")
    def _check(self) -> HandDefinition:
        problems = [p for p in _definition_problems(self) if p]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def conditional(self) -> bool:
        """Whether someone may hold it and it is held against some up cards or at some
        stakes only, or paid a fixed prize: valued one group of up cards at a time, at the
        valued stake (`analysis.upcards`)."""
        return (self.player_can_hold or self.banker_can_hold) and (
            self.banker_up_ranks is not None or self.min_stake is not None
            or self.max_stake is not None or self.prize is not None)

    @property
    def cards_range(self) -> tuple[int, int | None]:
        """The fewest and most cards (the ranks list fixes both)."""
        if self.ranks is not None:
            return len(self.ranks), len(self.ranks)
        return self.min_cards, self.max_cards


NOT_CONDITIONS = frozenset({
    "name", "names", "pays", "prize", "collects", "takes", "compare", "against_total", "ties",
    "wins_outright", "natural", "may_draw_on", "stick_any_total", "paid_by_players",
    "prize_to_others"})
"""The fields of a `HandDefinition` that say what it is called, how it settles and how it is
played, not which hands it is. Every other field (`condition_fields`) is a condition a hand
meets to be it (its cards, its holder, its stake, how it was made), each at its default met
by every hand."""


def condition_fields(model: type[HandDefinition] = HandDefinition) -> tuple[str, ...]:
    """The conditions of a hand definition (`model`'s fields but `NOT_CONDITIONS`), in
    order: a new field is a condition unless declared otherwise."""
    return tuple(f for f in model.model_fields if f not in NOT_CONDITIONS)


def _definition_problems(d: HandDefinition) -> list[str | None]:
    out_of_range = [f"{name} ({points_text(t)})" for name, t in
                    (("min_total", d.min_total), ("max_total", d.max_total))
                    if t is not None and not 1 <= t <= MAX_TOTAL]
    return [
        (f"{' and '.join(out_of_range)}: expected a total from 1 to {MAX_TOTAL}"
         if out_of_range else None),
        (f"max_cards ({d.max_cards}) is below min_cards ({d.min_cards})"
         if d.max_cards is not None and d.max_cards < d.min_cards else None),
        (f"max_total ({points_text(d.max_total or 0)}) is below min_total "
         f"({points_text(d.min_total or 0)})"
         if None not in (d.min_total, d.max_total) and d.max_total < d.min_total  # type: ignore[operator]
         else None),
        _ranks_problem(d),
        ("player_can_hold and banker_can_hold are both false: nobody can hold it"
         if not (d.player_can_hold or d.banker_can_hold) else None),
        (f"max_stake ({d.max_stake}) is below min_stake ({d.min_stake})"
         if None not in (d.min_stake, d.max_stake) and d.max_stake < d.min_stake  # type: ignore[operator]
         else None),
        ("banker_up_ranks: list at least one rank, or null for any"
         if d.banker_up_ranks is not None and not d.banker_up_ranks else None),
        _players_only(d),
        ("same_rank needs at least two cards"
         if d.same_rank and d.cards_range[1] is not None and d.cards_range[1] < 2 else None),
    ]


def _players_only(d: HandDefinition) -> str | None:
    """A hand held against some of the banker's up cards or for some stakes only is a
    player's hand and no natural: the banker's hand has no stake and no up card of its own
    (the engine's `named.NamedHand.more_match`), and a natural is found at the peek."""
    named = [name for name in ("banker_up_ranks", "min_stake", "max_stake")
             if getattr(d, name) is not None]
    if not named or not (d.banker_can_hold or d.natural):
        return None
    return (f"{' and '.join(named)}: a hand held against some of the banker's up cards or "
            "for some stakes only is a player's hand and no natural (set banker_can_hold: "
            "false and natural: false)")


def _ranks_problem(d: HandDefinition) -> str | None:
    if d.ranks is None:
        return None
    if not d.ranks:
        return "ranks: list at least one rank, or null for any ranks"
    if d.min_cards != 1 or d.max_cards is not None:
        return ("ranks fixes the number of cards: leave min_cards and max_cards out "
                f"(ranks lists {len(d.ranks)})")
    if d.same_rank and len(Counter(d.ranks)) > 1:
        return "same_rank with ranks of more than one rank: no hand can hold it"
    return None


class SpecialHands(RuleModel):
    """The named hands and their order, best first."""

    ranking: tuple[str, ...] = Field(
        description="Hand ids from best to worst: the named hands played, and 'total' (any "
        "ordinary hand, compared by its points) where it stands; bust is always last. A "
        "definition left out of the ranking is not played (an overlay drops a hand so)."
    )
    definitions: dict[str, HandDefinition] = Field(
        default_factory=dict,
        description="The named hands by id (lower-case letters, digits and hyphens), each "
        "defined by its cards: a pontoon, a five-card trick, 7-7-7 in spades.",
    )

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> SpecialHands:
        problems = [p for p in _hands_problems(self, suggests(info)) if p]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def ranked(self) -> list[tuple[str, HandDefinition]]:
        """The definitions in ranking order (`total` left out)."""
        return [(hand_id, self.definitions[hand_id]) for hand_id in self.ranking
                if hand_id in self.definitions]


def _hands_problems(h: SpecialHands, suggest: bool = True) -> list[str | None]:
    import re

    bad_ids = [i for i in h.definitions if not re.match(HAND_ID_PATTERN, i)
               or i in RESERVED_IDS]
    repeated = sorted({i for i in h.ranking if h.ranking.count(i) > 1})
    unknown = [i for i in h.ranking if i not in h.definitions
               and i not in RESERVED_IDS]
    return [
        (f"definitions: ids {bad_ids} are not allowed (lower-case letters, digits and "
         "hyphens; 'total' and 'bust' are reserved)" if bad_ids else None),
        f"ranking: {repeated} appear more than once" if repeated else None,
        "ranking must include 'total'" if HandClass.TOTAL not in h.ranking else None,
        ("ranking must not include 'bust' (it always loses)"
         if HandClass.BUST in h.ranking else None),
        (f"ranking: {unknown} are not defined in hands.definitions"
         f"{_meant(unknown, h) if suggest else ''}"
         if unknown else None),
    ]


def _meant(unknown: list[str], h: SpecialHands) -> str:
    """' (did you mean ...?)' for ids of the ranking that look like a defined id."""
    import difflib

    defined = [i for i in h.definitions if i not in h.ranking] or list(h.definitions)
    close = [found[0] for i in unknown
             if (found := difflib.get_close_matches(i, defined, n=1, cutoff=0.6))]
    return f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
