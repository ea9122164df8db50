"""The punctuation our code writes between words, from the catalog: the comma, semicolon
and full stop that join a list of hands, the steps of a worked round or a sheet's sources
are messages of their own (", ", "; ", "."), so Urdu prints «،؛۔» from its catalog as its
sentences do. Nothing rewrites a rendered text: a user's text (a ruleset's name, summary or
note, a hand's name) is printed as written, its Latin marks and its «3:2» kept. The odds our
code writes are a message too ("%(win)s:%(stake)s": Russian «3 к 2»)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

COMMA = ", "
SEMICOLON = "; "
FULL_STOP = "."
OR = " or "
ODDS = "%(win)s:%(stake)s"

Gettext = Callable[[str], str]


def python_messages() -> list[str]:
    """The marks, for the catalog (`docs.website.catalog`)."""
    return [COMMA, SEMICOLON, FULL_STOP, ODDS]  # OR: in `family_words.PHRASES`, its first use


def listed(items: Iterable[str], gettext: Gettext) -> str:
    """'a, b, c' with the language's comma."""
    return gettext(COMMA).join(items)


def either(items: Sequence[str], gettext: Gettext) -> str:
    """'a, b or c' with the language's comma and its 'or'; one item as it is."""
    *first, last = items
    return listed(first, gettext) + gettext(OR) + last if first else last


def in_parts(items: Iterable[str], gettext: Gettext) -> str:
    """'a; b; c' with the language's semicolon."""
    return gettext(SEMICOLON).join(items)


def stopped(text: str, gettext: Gettext) -> str:
    """`text` ended with the language's full stop."""
    return text + gettext(FULL_STOP)


def odds(value: Fraction | str, gettext: Gettext) -> str:
    """Odds as the language writes them ("%(win)s:%(stake)s": Russian «3 к 2»), from a
    multiple of the stake (3/2) or a ruleset's odds ('3:2', a payout field's value); any
    other text as it is."""
    if isinstance(value, Fraction):
        win, stake = str(value.numerator), str(value.denominator)
    else:
        win, colon, stake = (part.strip() for part in value.partition(":"))
        if not (colon and win.isdigit() and stake.isdigit()):
            return value
    return gettext(ODDS) % {"win": win, "stake": stake}
