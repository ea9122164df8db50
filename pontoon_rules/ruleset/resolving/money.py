"""Amounts of money as a reader reads them: the one formatter every sheet, page and command
prints an amount through.

A ruleset's amounts are whole numbers of its smallest unit. Where it names its money
(`stakes.money`), an amount is printed in that money, in each language's own way (Babel's
number and currency patterns): 500000 in cents is `$5,000` in English, `5 000 $` in
Russian, 2499 is `$24.99`; a whole amount without decimals, any other with all of them.
Where it names none, the plain number, as the sheets always printed it.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from functools import lru_cache
from typing import Any

from pontoon_rules.ruleset.format.money import Money

CURRENCY_SIGN = "\u00a4"
"""The place of the currency's sign in a Babel pattern (¤)."""


@lru_cache(maxsize=32)
def _patterns(lang: str) -> tuple[Any, Any, Any]:
    """The language's decimal pattern and the positive prefix and suffix of its currency
    pattern ('¤' before the number in English, ' ¤' after it in Russian)."""
    from babel import Locale

    locale = Locale.parse(lang.partition("@")[0].replace("-", "_"))
    currency = locale.currency_formats["standard"]
    return locale, locale.decimal_formats[None], (currency.prefix[0], currency.suffix[0])


def number_text(amount: int, money: Money, lang: str = "en") -> str:
    """`amount` (in minor units) as a number of the money's units in `lang`'s digits,
    grouping and decimal sign, without its sign: 500000 cents -> '5,000', 2499 -> '24.99'."""
    from babel.numbers import format_decimal

    locale, decimal, _sign = _patterns(lang)
    whole = amount % money.minor_units == 0
    value = Decimal(amount).scaleb(-money.decimals)
    pattern = copy.copy(decimal)
    digits = 0 if whole else money.decimals
    pattern.frac_prec = (digits, digits)
    return format_decimal(value.quantize(Decimal(1).scaleb(-digits)), format=pattern,
                          locale=locale)


def money_text(amount: int, money: Money | None, lang: str = "en") -> str:
    """`amount` (in minor units, at least 0) as a reader reads it: in the ruleset's money
    where it names one (`$5,000`, `$24.99`, `5 000 $`, each language's way), the plain
    number where it names none (`500000`, what the sheets printed before money had a
    unit)."""
    if money is None:
        return str(amount)
    return in_money(number_text(amount, money, lang), money, lang)


def in_money(number: str, money: Money, lang: str = "en") -> str:
    """`number` (as `number_text` writes it, or a blank to fill in: `$____`, `____ $`) with
    the money's sign where `lang` puts it; `number` alone where the money has no sign."""
    if money.symbol is None:
        return number
    _locale, _decimal, (prefix, suffix) = _patterns(lang)
    return (str(prefix).replace(CURRENCY_SIGN, money.symbol) + number
            + str(suffix).replace(CURRENCY_SIGN, money.symbol))


def signed_money_text(amount: int, money: Money | None, lang: str = "en") -> str:
    """A balance's change with its sign: '+150', '-150', '0' (no money), '+$1.50'."""
    if amount == 0:
        return money_text(0, money, lang) if money is not None else "0"
    return ("+" if amount > 0 else "-") + money_text(abs(amount), money, lang)


def parse_money(text: str, money: Money, lang: str = "en") -> int:
    """The amount in minor units that `money_text` printed as `text` (its inverse: the
    tests read every printed amount back)."""
    from babel.numbers import parse_decimal

    number = text.replace(money.symbol, "") if money.symbol else text
    value = parse_decimal(number.strip().strip("\u00a0\u202f"), locale=_patterns(lang)[0],
                          strict=True)
    units = value.scaleb(money.decimals)
    if units != units.to_integral_value():
        raise ValueError(f"{text!r} is not a whole number of minor units")
    return int(units)


MONEY_FIELDS = ("stakes.min_stake", "stakes.max_stake", "table.bank.amount", "table.bank.entry")
"""The fields that hold an amount of money (with each named hand's `MONEY_HAND_FIELDS`)."""
MONEY_HAND_FIELDS = ("min_stake", "max_stake", "prize", "prize_to_others")
"""A named hand's fields that hold an amount of money (`hands.definitions.<id>.<field>`)."""


def holds_money(path: str) -> bool:
    """Whether the field at `path` is an amount of money (a stake limit, the bank, a stake
    band or prize of a named hand)."""
    if path.startswith("hands.definitions."):
        return path.count(".") == 3 and path.rsplit(".", 1)[-1] in MONEY_HAND_FIELDS
    return path in MONEY_FIELDS


def money_words(money: Money | None, lang: str = "en") -> str:
    """`stakes.money` as a page's row shows it, in no language's words: '$ (100 = $1)',
    '1000 = 1' for chips counted in thousandths, 'none' where unset."""
    if money is None:
        return "none"
    unit = f"{money.minor_units} = {money_text(money.minor_units, money, lang)}"
    return f"{money.symbol} ({unit})" if money.symbol else unit


def value_in_money(path: str, value: Any, money: Money | None, lang: str = "en") -> str | None:
    """A field's value in the ruleset's money where it is an amount and a money is named
    (else None: the value reads as it always did)."""
    if money is None or not isinstance(value, int) or isinstance(value, bool) \
            or not holds_money(path):
        return None
    return money_text(value, money, lang)
