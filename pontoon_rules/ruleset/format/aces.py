"""An ace whose values depend on how many cards the hand holds (`pack.ace_values_by_cards`).

Ban Luck counts an ace 11 or 10 in a hand of two cards, 10 or 1 in a hand of three and 1
in a hand of four or more: `{2: [10, 11], 3: [1, 10], 4: [1]}`, each key the fewest cards
from which its values hold. A hand of fewer cards than the smallest key counts its aces
as `pack.ace_values` says. Each ace of a hand takes one of the values allowed; the hand's
total is the highest that is not over the pack's bust limit (else the lowest), and the
hand is soft where an ace counts above the lowest value allowed.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Annotated

from pydantic import PlainSerializer, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

MAX_CARDS_KEY = 24


def _check(value: object) -> dict[int, tuple[int, ...]]:
    """One clear error for the map: card counts (1 to 24) to lists of values (1 to 11)."""
    if not isinstance(value, dict):
        raise PydanticCustomError("aces_by_cards", "expected a map of card counts to the "
                                  "ace's values, like {2: [10, 11], 3: [1, 10], 4: [1]}")
    out: dict[int, tuple[int, ...]] = {}
    for key, values in value.items():
        count = _count(key)
        if (not isinstance(values, (list, tuple)) or not values
                or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 11
                           for v in values) or len(set(values)) != len(values)):
            raise PydanticCustomError(
                "aces_by_cards", "{count} cards: expected distinct values from 1 to 11, like "
                "[1, 10], got {got}", {"count": count, "got": str(values)})
        out[count] = tuple(sorted(values))
    return dict(sorted(out.items()))


def _count(key: object) -> int:
    try:
        count = int(str(key))
    except ValueError:
        count = 0
    if isinstance(key, bool) or not 1 <= count <= MAX_CARDS_KEY:
        raise PydanticCustomError("aces_by_cards", "card counts must be 1 to 24, got {got}",
                                  {"got": str(key)})
    return count


AcesByCards = Annotated[
    dict[int, tuple[int, ...]],
    PlainValidator(_check),
    PlainSerializer(lambda m: {k: list(v) for k, v in m.items()},
                    return_type=dict[int, list[int]]),
    WithJsonSchema({"type": "object",
                    "patternProperties": {"^([1-9]|1[0-9]|2[0-4])$": {
                        "type": "array", "minItems": 1, "uniqueItems": True,
                        "items": {"type": "integer", "minimum": 1, "maximum": 11}}},
                    "additionalProperties": False}),
]
"""The ace's values by the number of cards in the hand, from each count on."""


def by_count(by_cards: dict[int, tuple[int, ...]], default: tuple[int, ...],
             most: int = MAX_CARDS_KEY) -> tuple[tuple[int, ...], ...]:
    """The ace's values for each number of cards 0 to `most` (the engine's table)."""
    table, current = [], default
    for n in range(most + 1):
        current = by_cards.get(n, current)
        table.append(current)
    return tuple(table)


@lru_cache(maxsize=4096)
def counted(rest: int, aces: int, values: tuple[int, ...], limit: int) -> tuple[int, bool]:
    """The total of a hand whose other cards make `rest` and which holds `aces` aces,
    each counting one of `values` (sorted): the highest total not over `limit` (the
    pack's bust limit), else the lowest; and whether the hand is soft (an ace counted
    above the lowest value)."""
    if not aces:
        return rest, False
    low = rest + aces * values[0]
    best = max((s for c in combinations_with_replacement(values, aces)
                if (s := rest + sum(c)) <= limit), default=low)
    return best, best != low


def totals(by_cards: dict[int, tuple[int, ...]], default: tuple[int, ...], cards: int,
           rest: int, aces: int) -> set[int]:
    """Every total a hand of `cards` cards, `aces` of them aces and the rest making `rest`,
    may count (for validation: which totals a definition can reach)."""
    values = by_count(by_cards, default)[min(cards, MAX_CARDS_KEY)]
    return {rest + sum(c) for c in combinations_with_replacement(values, aces)}
