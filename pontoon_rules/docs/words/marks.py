"""A language's own punctuation (`languages.yaml`'s `marks`: Urdu writes «،؛۔» for «,;.»):
a Latin comma, semicolon or full stop that ends a clause of that language's script (the
nearest letter before it is of that script, not a card code or an English title) becomes
the language's mark, in a sheet's Markdown and in the text of its HTML (never inside a tag,
a style or a backslash escape). Its own way of writing odds too (`odds`: Russian «3 к 2»
for «3:2»)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

_MARK = re.compile(r"(?<!\\)([,;.])(?=\s|$|<)")
_PARTS = re.compile(r"(<style.*?</style>|<[^>]*>)", re.DOTALL)


def native_marks(text: str, marks: Mapping[str, str], html: bool = False) -> str:
    """`text` with each Latin mark that closes a clause of the language's script replaced by
    the language's own (`marks`); the text unchanged where `marks` is empty."""
    if not marks:
        return text
    if not html:
        return _replace(text, marks)
    return "".join(part if _PARTS.fullmatch(part) else _replace(part, marks)
                   for part in _PARTS.split(text))


def _replace(text: str, marks: Mapping[str, str]) -> str:
    scripts = {_script(mark) for mark in marks.values()}

    def swap(found: re.Match[str]) -> str:
        mark = found.group(1)
        letter = _letter_before(text, found.start())
        if mark not in marks or letter is None or _script(letter) not in scripts:
            return mark
        return marks[mark]

    return _MARK.sub(swap, text)


def _letter_before(text: str, end: int) -> str | None:
    """The nearest letter before `end` (digits, spaces, brackets, quotes, suits skipped)."""
    for char in reversed(text[max(0, end - 40):end]):
        if char.isalpha():
            return char
    return None


def _script(char: str) -> str:
    """The first word of a character's Unicode name: ARABIC, LATIN, CYRILLIC…"""
    return unicodedata.name(char, "?").split(" ")[0]


_ODDS = re.compile(r"(?<![\d:])(\d+)\\?:(\d+)(?![\d:])")


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
