"""Points as exact numbers: a card's value or a total that may be a fraction (a half).

Sette e mezzo counts its picture cards half a point and busts above 7½. A value is
written as a whole number (`7`) or as a fraction in a string (`"1/2"`, `"15/2"`, or
`"7 1/2"`), never as a decimal (`0.5` could be a rounded third): it is validated into a
`fractions.Fraction` and written back as the whole number or the string `"n/d"`.
The engine counts in units of the pack's common denominator (`unit_of`), so its totals
stay whole numbers; `points_text` writes a total for people: 7½, 2¼.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Annotated

from pydantic import PlainSerializer, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

MAX_DENOMINATOR = 12
"""The largest denominator a value may have (halves, thirds, quarters ... twelfths)."""

_FRACTION = re.compile(r"^\s*(?:(\d{1,2})\s+)?(\d{1,3})\s*/\s*(\d{1,2})\s*$")
_VULGAR = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔",
           Fraction(1, 4): "¼", Fraction(3, 4): "¾"}


def parse_points(value: object) -> Fraction:
    """`value` (a whole number, or a string '1/2', '15/2', '7 1/2') as an exact Fraction."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        found = _FRACTION.match(value)
        if found and int(found.group(3)) > 0:
            whole, num, den = (int(g) if g else 0 for g in found.groups())
            return whole + Fraction(num, den)
        if value.strip().isdigit():
            return Fraction(int(value))
    raise PydanticCustomError(
        "points", "expected a whole number or an exact fraction in quotes, like 7, "
        "\"1/2\" or \"7 1/2\" (a decimal could be rounded), got {got}", {"got": repr(value)})


def _check_points(value: object) -> Fraction:
    points = parse_points(value)
    if points.denominator > MAX_DENOMINATOR:
        raise PydanticCustomError("points", "expected a fraction whose denominator is at most "
                                  "{most}", {"most": MAX_DENOMINATOR})
    return points


def written(points: Fraction) -> int | str:
    """How a value is written back in a file: a whole number, else the string 'n/d'."""
    return points.numerator if points.denominator == 1 else str(points)


_PATTERN = r"^\s*(\d{1,2}\s+)?\d{1,3}\s*/\s*\d{1,2}\s*$"


def _schema(most: int | None) -> dict[str, object]:
    whole: dict[str, object] = {"type": "integer"}
    if most is not None:
        whole |= {"minimum": 1, "maximum": most}
    return {"anyOf": [whole, {"type": "string", "pattern": _PATTERN}]}


Points = Annotated[
    Fraction,
    PlainValidator(_check_points),
    PlainSerializer(written, return_type=int | str),
    WithJsonSchema(_schema(None)),
]
"""Points: a whole number, or an exact fraction written in a string ('1/2', '7 1/2')."""

MAX_BUST = 63
"""The highest bust limit a pack may set (three times 21)."""
MAX_TOTAL = 99
"""The highest total a named hand's min_total or max_total may name."""

BustLimit = Annotated[
    Fraction,
    PlainValidator(_check_points),
    PlainSerializer(written, return_type=int | str),
    WithJsonSchema(_schema(MAX_BUST)),
]
"""Points of a bust limit: a whole number 1 to MAX_BUST in the schema, or a fraction (the
pack's own check refuses one outside 1/2 to MAX_BUST, naming the field)."""
HandTotal = Annotated[
    Fraction,
    PlainValidator(_check_points),
    PlainSerializer(written, return_type=int | str),
    WithJsonSchema(_schema(MAX_TOTAL)),
]
"""Points of a named hand's total: a whole number 1 to MAX_TOTAL in the schema, or a
fraction (the hand's own check refuses one outside 1 to MAX_TOTAL, naming the field)."""


def unit_of(values: Iterable[Fraction | int]) -> int:
    """The least common denominator of `values`: how many engine units make a point."""
    return math.lcm(1, *(Fraction(v).denominator for v in values))


def points_text(points: Fraction | int) -> str:
    """A total (never negative) for people: 21, 7½, ½, 2¼ (other fractions as '5 2/7')."""
    whole, part = divmod(Fraction(points), 1)
    if not part:
        return str(int(whole))
    if part in _VULGAR:
        return f"{int(whole) or ''}{_VULGAR[part]}"
    return f"{int(whole)} {part.numerator}/{part.denominator}" if whole else str(part)


def total_text(total: int | str | Fraction) -> str:
    """A total as a round's JSON or result holds it (21, '15/2', Fraction(15, 2)) for
    people: 21, 7½."""
    return points_text(parse_points(total))
