"""The punctuation our code writes between words, from the catalog: the comma, semicolon
and full stop that join a list of hands, the steps of a worked round or a sheet's sources
are messages of their own (", ", "; ", "."), so Urdu prints «،؛۔» from its catalog as its
sentences do. Nothing rewrites a rendered text: a user's text (a ruleset's name, summary or
note, a hand's name) is printed as written, its Latin marks kept. Its own way of writing odds is
the one pass over a rendered sheet (`native_odds`, `languages.yaml`'s `odds`: Russian «3 к 2»
for «3:2»)."""

from __future__ import annotations

import re
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


_ODDS = re.compile(r"(?<![\d:])(\d+)\\?:(\d+)(?![\d:])")
_PARTS = re.compile(r"(<style.*?</style>|<[^>]*>)", re.DOTALL)


def native_odds(text: str, form: str | None, html: bool = False) -> str:
    """`text` with each payout's odds («3:2», or «3\\:2» escaped in Markdown) written in the
    language's own `form` (`languages.yaml`'s `odds`: Russian «3 к 2»), in the text of an
    HTML (never inside a tag or a style); the text unchanged where `form` is None."""
    if not form:
        return text

    def swap(found: re.Match[str]) -> str:
        return form.format(win=found.group(1), stake=found.group(2))

    if not html:
        return _ODDS.sub(swap, text)
    return "".join(part if _PARTS.fullmatch(part) else _ODDS.sub(swap, part)
                   for part in _PARTS.split(text))
