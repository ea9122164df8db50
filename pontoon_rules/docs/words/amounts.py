"""Amounts of money in a sheet's words: every stake, prize, bank and bet a sentence, a
table or a worked example states goes through `amount_text` (the one formatter:
`ruleset.resolving.money.money_text`), in the ruleset's money where it names one
(`stakes.money`: `$5,000`, `5 000 $`), the plain number where it names none."""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.docs.words.i18n import base_language
from pontoon_rules.ruleset.format.agreed import BLANK, agreed_fields
from pontoon_rules.ruleset.format.fields import value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.money import (
    in_money,
    money_text,
    money_words,
    signed_money_text,
)

Amount = Callable[[int], str]
"""An amount of money (in the ruleset's minor units) as the sheet prints it."""

UNITS = ("%(n)s chip", "%(n)s chips")
"""A stake the ruleset fixes, in words (a plural message: each language's own forms by
`n`), where the ruleset names no money (`stakes.money`): a chip, the unit the table plays
for."""


def amount_text(ruleset: Ruleset, amount: int, lang: str = "en") -> str:
    """`amount` in the ruleset's money in `lang`, else the plain number (no isolate in a
    language written right to left: a sign beside digits stays with them)."""
    money = ruleset.stakes.money
    if money is None:
        return str(amount)
    return money_text(amount, money, base_language(lang))


def blank_amount_text(ruleset: Ruleset, lang: str = "en") -> str:
    """An amount left blank to fill in, with the sign of the ruleset's money where
    `amount_text` would put it ('$____', '____ $'); the bare blank where it has no sign."""
    money = ruleset.stakes.money
    return BLANK if money is None else in_money(BLANK, money, base_language(lang))


def amount_of(ruleset: Ruleset, lang: str = "en") -> Amount:
    """`amount_text` for one ruleset and language, for the helpers that take a formatter."""
    return lambda amount: amount_text(ruleset, amount, lang)


def units_text(ruleset: Ruleset, amount: int, ngettext: Callable[[str, str, int], str],
               lang: str = "en") -> str:
    """A stake or a bank the sheet states on its own: in the ruleset's money where it has a
    sign (`$5`), else so many units (chips), each language's plural form."""
    money = ruleset.stakes.money
    if money is not None and money.symbol is not None:
        return amount_text(ruleset, amount, lang)
    count = amount if money is None else max(1, amount // money.minor_units)
    return ngettext(*UNITS, count) % {"n": amount_text(ruleset, amount, lang)}


def limit_text(ruleset: Ruleset, path: str, gettext: Callable[[str], str],
               ngettext: Callable[[str, str, int], str], lang: str = "en") -> str:
    """A stake limit as the sheet prints it: a blank where the table agrees it, else with
    its unit like any stake said on its own ('at most 500 chips', not a bare '500' beside
    'at least 1 chip')."""
    if path in agreed_fields(ruleset):
        return BLANK
    value = value_at(ruleset, path)
    return gettext("no limit") if value is None else units_text(ruleset, value, ngettext, lang)


def signed_amount_text(ruleset: Ruleset, amount: int, lang: str = "en") -> str:
    """A change of a balance with its sign: '+150', '-150' (no money), '+$1.50'."""
    money = ruleset.stakes.money
    if money is None:
        return f"{amount:+d}" if amount else "0"
    return signed_money_text(amount, money, base_language(lang))


def value_words(ruleset: Ruleset, path: str, value: object, lang: str = "en") -> str:
    """A field's value on a page where it is an amount (in the ruleset's money) or the
    money itself ('$: 100 is $1')."""
    if path == "stakes.money":
        return money_words(ruleset.stakes.money, base_language(lang))
    assert isinstance(value, int)
    return amount_text(ruleset, value, lang)
