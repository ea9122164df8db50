"""What a table plays for (`stakes.money`): the sign its amounts are printed with and how
many of the ruleset's whole units make one of that money's (cents in a dollar).

Amounts in a ruleset are whole numbers of the smallest unit (the project's rule: money is
integers); this only says how a reader sees them: 500000 with `{symbol: "$", minor_units:
100}` is `$5,000` (`ruleset.resolving.money.money_text`). Play never reads it.
"""

from __future__ import annotations

from pydantic import Field, StrictInt, field_validator

from pontoon_rules.ruleset.format.common import RuleModel, shown_as_written

MINOR_UNITS = (1, 10, 100, 1000)
"""The minor units a money may have: a power of ten (whole units, tenths, cents, mils)."""

SYMBOL_MAX = 4
"""The longest sign of a money ('$', 'A$', '€', '₽', 'руб.')."""


class Money(RuleModel):
    """The money a table plays for: every amount of the ruleset (stakes, prizes, the bank,
    side bets) counts its smallest unit, and the sheets print it in this money."""

    symbol: str | None = Field(
        default=None, min_length=1, max_length=SYMBOL_MAX,
        description="The sign printed with every amount, where each language puts it "
        "('$', 'A$', '€', '₽'); null: chips, amounts printed as plain numbers.",
        examples=["$", "A$", "€", "₽"],
    )
    minor_units: StrictInt = Field(
        default=1, ge=MINOR_UNITS[0], le=MINOR_UNITS[-1],
        description="How many of the ruleset's units make one of the money's: 100 where "
        "amounts are written in cents ($5 is 500), 1 where they are whole (chips, "
        "roubles); 1, 10, 100 or 1000.",
        examples=[100, 1],
    )

    @field_validator("symbol")
    @classmethod
    def _symbol(cls, value: str | None) -> str | None:
        if value is None:
            return None
        shown_as_written(value)
        if value != value.strip() or any(c.isspace() or c.isdigit() for c in value):
            raise ValueError(f"a money's symbol may hold no digit or space (it is printed "
                             f"beside the digits of every amount), got {value!r}")
        return value

    @field_validator("minor_units")
    @classmethod
    def _minor(cls, value: int) -> int:
        if value not in MINOR_UNITS:
            raise ValueError(f"minor_units must be a power of ten, one of "
                             f"{', '.join(map(str, MINOR_UNITS))} (100: amounts in cents), "
                             f"got {value}")
        return value

    @property
    def decimals(self) -> int:
        """Digits after the decimal sign of an amount that is not whole (2 for cents)."""
        return len(str(self.minor_units)) - 1
