"""The punctuation our code writes between words, from the catalog: the comma, semicolon
and full stop that join a list of hands, the steps of a worked round or a sheet's sources
are messages of their own (", ", "; ", "."), so Urdu prints «،؛۔» from its catalog as its
sentences do. Nothing rewrites a rendered text: a user's text (a ruleset's name, summary or
note, a hand's name) is printed as written, its Latin marks kept."""

from __future__ import annotations

from collections.abc import Callable, Iterable

COMMA = ", "
SEMICOLON = "; "
FULL_STOP = "."

Gettext = Callable[[str], str]


def python_messages() -> list[str]:
    """The marks, for the catalog (`docs.website.catalog`)."""
    return [COMMA, SEMICOLON, FULL_STOP]


def listed(items: Iterable[str], gettext: Gettext) -> str:
    """'a, b, c' with the language's comma."""
    return gettext(COMMA).join(items)


def in_parts(items: Iterable[str], gettext: Gettext) -> str:
    """'a; b; c' with the language's semicolon."""
    return gettext(SEMICOLON).join(items)


def stopped(text: str, gettext: Gettext) -> str:
    """`text` ended with the language's full stop."""
    return text + gettext(FULL_STOP)
