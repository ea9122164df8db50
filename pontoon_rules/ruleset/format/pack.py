"""The pack: how many packs, the ranks and suits each holds, what each card counts, the
bust limit and the wild cards (`ruleset.format.points` keeps fractional values exact)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    Field,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from pontoon_rules.ruleset.format.aces import AcesByCards
from pontoon_rules.ruleset.format.common import (
    ALL_RANKS,
    ALL_SUITS,
    Rank,
    RuleModel,
    Suit,
    shown_as_written,
)
from pontoon_rules.ruleset.format.languages import LANGUAGES, shown_languages
from pontoon_rules.ruleset.format.points import MAX_BUST, BustLimit, Points, points_text


def _check_decks(value: object) -> int | str:
    """One clear error for a pack count: a whole number from 1 to 16, or 'infinite'."""
    if value == "infinite":
        return "infinite"
    if not isinstance(value, int) or isinstance(value, bool):
        raise PydanticCustomError("decks_type", "Input should be 1 to 16 or 'infinite'")
    if value < 1:
        raise PydanticCustomError("greater_than_equal", "too few packs", {"ge": 1})
    if value > MAX_DECKS:
        raise PydanticCustomError("less_than_equal", "too many packs", {"le": MAX_DECKS})
    return value


MAX_DECKS = 16
CardCode = Annotated[str, Field(pattern=r"^[A2-9TJQK][SHDC]$")]
"""One card: a rank letter and a suit letter (KD: the king of diamonds, Italian coins)."""
Decks = Annotated[
    int | Literal["infinite"],
    PlainValidator(_check_decks),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_DECKS},
                              {"const": "infinite"}]}),
]
"""A number of packs (each of `ranks` × `suits` cards), or 'infinite' (dealt with replacement)."""


def _check_ace_values(value: object) -> tuple[int] | tuple[int, int]:
    """One clear error for an ace's values: a list of one or two whole numbers."""
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 2:
        count = f"{len(value)} items" if isinstance(value, (list, tuple)) else "no list"
        raise PydanticCustomError(
            "ace_values", "expected one value or a low and a high value, like [11] or "
            "[1, 11], got {count}", {"count": count})
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise PydanticCustomError("ace_values", "expected whole numbers, like [1, 11], got "
                                  "{got}", {"got": str(list(value))})
    return (value[0],) if len(value) == 1 else (value[0], value[1])


def _ace_values_written(value: tuple[int, ...]) -> list[int]:
    """An ace's values as a file writes them: a list. A function of Python's, not the
    builtin `list` itself: pydantic reads a serializer's signature when it builds the
    model, and a builtin's is parsed from its text by `inspect`, whose first use compiles
    the tokenizer's patterns (about 15 ms of every command that validates a ruleset)."""
    return list(value)


AceValues = Annotated[
    tuple[int] | tuple[int, int],
    PlainValidator(_check_ace_values),
    PlainSerializer(_ace_values_written, return_type=list[int]),
    WithJsonSchema({"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 11},
                    "minItems": 1, "maxItems": 2}),
]
"""What an ace counts: one value, or a low and a high value."""


SuitWord = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(shown_as_written)]
"""A suit's or a rank's name: 1 to 40 visible characters."""


class SuitName(RuleModel):
    """A suit's name in the pack's own words (an Italian pack's coins, not diamonds)."""

    name: SuitWord = Field(description="Its name in the ruleset's language, as a plural "
                           "('coins').")
    names: dict[str, SuitWord] = Field(
        default_factory=dict,
        description="Its name in other languages, by language code (e.g. 'it': 'denari'); "
        "a language without one says the name in the ruleset's language.")

    @field_validator("names")
    @classmethod
    def _known_languages(cls, value: dict[str, str]) -> dict[str, str]:
        return shown_languages(value, "names in", LANGUAGES)


CardLetter = Annotated[str, Field(min_length=1, max_length=3), AfterValidator(shown_as_written)]
"""The letter a rank's cards are printed with: 1 to 3 visible characters."""


class RankName(RuleModel):
    """A rank's name in the pack's own words (an Italian pack's cavallo, not a queen)."""

    name: SuitWord = Field(description="Its name in the ruleset's language, as a singular "
                           "('knight').")
    names: dict[str, SuitWord] = Field(
        default_factory=dict,
        description="Its name in other languages, by language code (e.g. 'it': 'cavallo'); "
        "a language without one says the name in the ruleset's language.")
    letters: dict[str, CardLetter] = Field(
        default_factory=dict,
        description="The letter its cards are printed with, by language code (e.g. 'it': "
        "'C'); a language without one prints the rank's usual letter.")

    @field_validator("names", "letters")
    @classmethod
    def _known_languages(cls, value: dict[str, str]) -> dict[str, str]:
        return shown_languages(value, "names in", LANGUAGES)


class Pack(RuleModel):
    """The cards in play: how many packs, the ranks and suits each holds, and their values."""

    decks: Decks = Field(
        description="Number of packs shuffled together, or 'infinite': every card is "
        "dealt with replacement, so each rank keeps the same chance all round."
    )
    ranks: tuple[Rank, ...] = Field(
        default=ALL_RANKS,
        min_length=1,
        description="Ranks each pack holds (a stripped pack leaves some out: a 48-card "
        "Spanish pack has no tens, a 36-card pack starts from the six).",
    )
    suits: tuple[Suit, ...] = Field(
        default=ALL_SUITS,
        min_length=1,
        description="Suits each pack holds (S H D C): one card of each rank held in each suit.",
    )
    values: dict[Rank, Points] = Field(
        default_factory=dict,
        description="Points of the ranks that do not count as usual (2-9 their number, "
        "ten, jack, queen and king 10), e.g. {J: 2, Q: 3, K: 4}; a fraction is written in "
        "quotes, e.g. {J: \"1/2\"} (Sette e mezzo's half point); the ace's are ace_values.",
    )
    ace_values: AceValues = Field(
        default=(1, 11),
        description="What an ace counts: one value, or a low and a high value (e.g. [1, 11]); "
        "the low value counts in the hard total, the high one makes a hand soft.",
    )
    ace_values_by_cards: AcesByCards = Field(
        default_factory=dict,
        description="What an ace counts by how many cards the hand holds, each count from "
        "that many cards on (Ban Luck: 10 or 11 with two cards, 1 or 10 with three, 1 from four "
        "on); each ace takes "
        "one of the values, the best total not over 21 counting; a hand of fewer cards "
        "than the smallest count counts as ace_values says. Empty: ace_values always.",
    )

    bust_above: BustLimit = Field(
        default=Fraction(21),
        description="The highest total a hand may have: one above it is bust (21; "
        "\"15/2\", written also \"7 1/2\", in Sette e mezzo). Every other total of the "
        "ruleset (named hands, standing and sticking totals) is read against it.",
    )
    wild_cards: tuple[CardCode, ...] = Field(
        default=(),
        description="Cards that count as any value a rank of the pack has, as their holder "
        "chooses (Sette e mezzo's matta, the king of coins); the engine counts the best total "
        "that does not bust. Each a rank and a suit letter (e.g. KD, the king of coins).",
    )

    suit_names: dict[Suit, SuitName] = Field(
        default_factory=dict,
        description="The pack's own names of its suits, by suit letter, where its players "
        "do not say spades, hearts, diamonds and clubs (an Italian pack: D coins, H cups, "
        "S swords, C clubs); a suit left out keeps its usual name. Words only: the cards "
        "play the same.",
    )

    rank_names: dict[Rank, RankName] = Field(
        default_factory=dict,
        description="The pack's own names of its ranks, by rank letter, where its players "
        "do not say ace, king, queen and jack (a Neapolitan pack: Q the cavallo, a knight); "
        "a rank left out keeps its usual name. Words only: the cards play the same.",
    )

    @property
    def is_infinite(self) -> bool:
        """Whether cards are dealt with replacement (an infinite deck)."""
        return self.decks == "infinite"

    @property
    def cards_per_pack(self) -> int:
        """How many cards one pack holds."""
        return len(self.ranks) * len(self.suits)

    def value_of(self, rank: Rank) -> Fraction:
        """The points of a card of `rank` (an ace's low value)."""
        if rank is Rank.ACE:
            return Fraction(self.ace_values[0])
        return Fraction(self.values.get(rank, USUAL_VALUES[rank]))

    def every_ace_value(self) -> tuple[Fraction, ...]:
        """Every value an ace may count in some hand, lowest first: `ace_values` with each
        of `ace_values_by_cards` (Ban Luck's 1, 10 and 11); the one place the sheets ask
        it (the least a card can count, the totals a hand's first cards can make)."""
        found = {Fraction(v) for v in self.ace_values}
        found.update(Fraction(v) for by in self.ace_values_by_cards.values() for v in by)
        return tuple(sorted(found))

    def wild_values(self) -> tuple[Fraction, ...]:
        """The values a wild card may take: every value a rank of the pack has (an ace's
        high one too), lowest first; () where no card is wild."""
        if not self.wild_cards:
            return ()
        found = {self.value_of(rank) for rank in self.ranks}
        if Rank.ACE in self.ranks:
            found.update(Fraction(v) for v in self.ace_values)
        return tuple(sorted(found))

    @model_validator(mode="after")
    def _check(self) -> Pack:
        problems = [p for p in _pack_problems(self) if p]
        if problems:
            raise ValueError("; ".join(problems))
        return self


USUAL_VALUES: dict[Rank, int] = {rank: min(i + 1, 10) for i, rank in enumerate(ALL_RANKS)}
"""Each rank's usual points (the ace's low value 1)."""


def _pack_problems(pack: Pack) -> list[str | None]:
    aces = pack.ace_values
    bad_values = {r.value: points_text(v) for r, v in pack.values.items() if not 0 < v <= 11}
    return [
        "ranks: each rank may appear once" if len(set(pack.ranks)) != len(pack.ranks) else None,
        "suits: each suit may appear once" if len(set(pack.suits)) != len(pack.suits) else None,
        ("values: the ace's values are ace_values, not values"
         if Rank.ACE in pack.values else None),
        (f"values: points must be above 0 and at most 11, got {bad_values}"
         if bad_values else None),
        (f"bust_above: expected a total from 1/2 to {MAX_BUST}, got "
         f"{points_text(pack.bust_above)}" if not 0 < pack.bust_above <= MAX_BUST else None),
        _wild_problem(pack),
        (f"suit_names: {sorted(s.value for s in set(pack.suit_names) - set(pack.suits))} "
         "are not suits of the pack" if set(pack.suit_names) - set(pack.suits) else None),
        (f"rank_names: {sorted(r.value for r in set(pack.rank_names) - set(pack.ranks))} "
         "are not ranks of the pack" if set(pack.rank_names) - set(pack.ranks) else None),
        _aces_by_cards_problem(pack),
        "ace_values: each value must be 1 to 11" if not all(1 <= v <= 11 for v in aces) else None,
        ("ace_values: the low value must be below the high value"
         if len(aces) == 2 and aces[0] >= aces[1] else None),
    ]


def _wild_problem(pack: Pack) -> str | None:
    absent = [c for c in pack.wild_cards
              if Rank(c[0]) not in pack.ranks or Suit(c[1]) not in pack.suits]
    if absent:
        return f"wild_cards: {absent} are not in the pack (its ranks and suits)"
    if len(set(pack.wild_cards)) != len(pack.wild_cards):
        return "wild_cards: each card may appear once"
    return None


def _aces_by_cards_problem(pack: Pack) -> str | None:
    """Aces that count by the hand's cards are counted in whole points up to 21 only."""
    if not pack.ace_values_by_cards:
        return None
    if (pack.bust_above != 21 or pack.wild_cards
            or any(Fraction(v).denominator != 1 for v in pack.values.values())):
        return ("ace_values_by_cards: aces that count by the hand's cards are counted with "
                "whole values, a bust limit of 21 and no wild card (not yet with bust_above, "
                "wild_cards or fractional values)")
    return None
