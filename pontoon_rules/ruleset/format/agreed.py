"""Values the table agrees before play: a kind of value of its own.

Some rules are not the game's but the table's: the sources say the minimum and maximum
stakes "must be agreed before play" (pagat: «Մինչ խաղի մեկնարկը, պետք է
համաձայնեցվեն առավելագույն և նվազագույն խաղադրույքները»; Belarus: «Размер ставок
игры оговаривается перед игрой»). A ruleset writes such a field as

    min_stake: {agreed: true, default: 1}
    max_stake: {agreed: true, default: null}

The rule sheet prints a blank to fill in; the engine, the sessions and the analysis
take the value from the command line (`--agree stakes.max_stake=500`, see
`settle_agreed`) or play with `default`, and say that they did (`default_notes`).
A settled ruleset holds plain values, so everything below the command line reads
numbers only (`Stakes.limits`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from pontoon_rules.ruleset.format.common import AMOUNT_MAX, Amount, RuleModel
from pontoon_rules.text import terminal_safe

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset

BLANK = "____"
"""How a rule sheet prints an agreed value: a blank to fill in."""

AGREED_PATHS: tuple[str, ...] = ("stakes.min_stake", "stakes.max_stake")
"""The fields that may be agreed at the table."""


class Agreed(RuleModel):
    """A value the players agree at the table before play (the sheet prints a blank)."""

    agreed: Literal[True] = Field(
        description="Marks the value as one the table agrees before play."
    )
    default: Amount | None = Field(
        default=None,
        description="What a program plays with when no value was agreed (null: no limit); "
        "it says so when it does.",
    )


def value_of(value: int | None | Agreed) -> int | None:
    """The number a field stands for: its own, or an agreed value's default."""
    return value.default if isinstance(value, Agreed) else value


def agreed_fields(ruleset: Ruleset) -> dict[str, Agreed]:
    """The fields of `ruleset` left for the table to agree, by dotted path."""
    from pontoon_rules.ruleset.format.fields import value_at

    found = {path: value_at(ruleset, path) for path in AGREED_PATHS}
    return {path: value for path, value in found.items() if isinstance(value, Agreed)}


def parse_agreement(text: str) -> tuple[str, int | None]:
    """'stakes.max_stake=500' -> ('stakes.max_stake', 500); 'none' or 'null' for no limit.

    Raises:
        ValueError: not FIELD=VALUE, an unknown field, or a value that is not a whole
            number from 1 to `AMOUNT_MAX`.
    """
    path, sep, raw = text.partition("=")
    path, raw = path.strip(), raw.strip()
    if not sep or not path:
        raise ValueError(f"'{terminal_safe(text)}': expected FIELD=VALUE, e.g. "
                         "stakes.max_stake=500")
    if path not in AGREED_PATHS:
        raise ValueError(f"'{terminal_safe(path)}': expected one of {', '.join(AGREED_PATHS)}")
    if raw.lower() in ("none", "null"):
        return path, None
    if not raw.isascii() or not raw.isdigit() or not raw.strip("0"):
        raise ValueError(f"{path}='{terminal_safe(short_number(raw))}': expected a whole "
                         "amount of at least 1, or none")
    digits = raw.lstrip("0")
    if len(digits) > len(str(MAX_AGREED)) or int(digits) > MAX_AGREED:
        raise ValueError(f"{path}={short_number(digits)} is out of range: an agreed amount "
                         f"is at most {MAX_AGREED} (minor units)")
    return path, int(digits)


MAX_AGREED = AMOUNT_MAX
"""The largest amount `--agree` takes (fifteen digits of minor units)."""


def short_number(raw: str, shown: int = 20) -> str:
    """`raw` as typed, or where long its first digits and how many there are."""
    if len(raw) <= shown:
        return raw
    return f"{raw[:shown]}… ({len(raw)} characters)"


def settle_agreed(ruleset: Ruleset, values: Mapping[str, int | None],
                  fill_defaults: bool = True) -> Ruleset:
    """`ruleset` with its agreed fields set: to `values` where given, else (with
    `fill_defaults`) to their defaults: plain numbers from then on. See `default_notes`
    for what to tell the user. Without `fill_defaults` the fields not given stay agreed
    (a sheet with some blanks filled in).

    A value may also be given for a field the ruleset fixes: the table agrees otherwise.

    Raises:
        ValueError: an unknown field, or values the ruleset refuses (a maximum below the
            minimum, no minimum).
    """
    from pontoon_rules.ruleset.format.fields import value_at
    from pontoon_rules.ruleset.format.model import Ruleset

    unknown = sorted(set(values) - set(AGREED_PATHS))
    if unknown:
        raise ValueError(f"not a field the table agrees: {', '.join(unknown)}")
    if values.get("stakes.min_stake", 1) is None:
        raise ValueError("stakes.min_stake: expected a whole amount of at least 1")
    if not values and (not fill_defaults or not agreed_fields(ruleset)):
        return ruleset
    stakes: dict[str, object] = {}
    for path in AGREED_PATHS:
        current = value_at(ruleset, path)
        kept = value_of(current) if fill_defaults else current
        stakes[path.split(".")[1]] = values.get(path, kept)
    data = ruleset.model_dump(mode="python")
    data["stakes"] = {**data["stakes"], **stakes}
    try:
        return Ruleset.model_validate(data)
    except Exception as error:  # pydantic's ValidationError: one line for the user
        raise ValueError(_first_message(error)) from error


def _first_message(error: Exception) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        found = errors()
        if found:
            return str(found[0].get("msg", error)).removeprefix("Value error, ")
    return str(error)


def default_notes(ruleset: Ruleset, given: Mapping[str, int | None]) -> list[str]:
    """One line for each agreed field of `ruleset` that `given` leaves to its default."""
    out = []
    for path, value in agreed_fields(ruleset).items():
        if path in given:
            continue
        shown = "no limit" if value.default is None else str(value.default)
        out.append(f"{path} is agreed at the table; playing with the ruleset's default "
                   f"({shown}); set it with --agree {path}=VALUE")
    return out
