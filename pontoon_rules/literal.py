"""User text (names, summaries, titles, notes, quotes) shown literally, never rendered.

A ruleset is untrusted: its text may carry HTML, Markdown or template syntax. On the
site (Markdown with HTML, rendered by MkDocs) and in HTML sheets every character that
HTML or Markdown would act on becomes a character reference; in the Markdown sheet it
is escaped with a backslash only where Markdown would otherwise read it as markup (the
raw file reads «Player 1: stakes 100», never «Player 1\\: stakes 100»). `UserText`
carries the rule with the string: Jinja's autoescape calls its `__html__`, so a template
cannot forget it. Characters that would act rather than show (controls, bidi overrides
that reorder a PDF title, zero-width characters) are shown as visible
escapes (`text.terminal_safe`).
"""

from __future__ import annotations

import re

from markupsafe import Markup

from pontoon_rules.text import terminal_safe

_MARKDOWN_HTML = {c: f"&#{ord(c)};" for c in "\\`*_[]{}#|!~+-<>&\"'$^"}
_MARKDOWN_ACTIVE = re.compile(
    r"([\\`*\[\]|~])"          # always markup: escapes, code, emphasis, links, tables, strikes
    r"|((?<!\w)_|_(?!\w))"      # emphasis by underscores (never inside a word)
    r"|(<(?=[A-Za-z/!?]))"      # an HTML tag or an autolink
    r"|(&(?=#?\w+;))"           # a character reference
    r"|(#+(?=\s*$))")           # the closing run of a heading
_LINE_START = re.compile(r"^(?:[>]|(?:[-+]|#+)(?=\s|$)|=+\s*$|-[-\s]*$|\d+(?=[.)](?:\s|$)))")
"""What Markdown reads as a block only at the start of a line: a list item, a heading
(of any level: «## Title»), a quote, a setext underline, a numbered item."""


SPACES = re.compile(r"[^\S\u00a0\u202f]+")
"""A run of white space other than a no-break space (an amount's: «5 000 $» stays whole)."""


def spaced(text: str) -> str:
    """`text` with each run of white space (newlines included) one space, no-break spaces
    kept."""
    return SPACES.sub(" ", str(text)).strip(" ")


def one_line(text: str) -> str:
    """`text` on one line: every run of white space (newlines included) one space, a
    no-break space kept (`spaced`).

    Hidden characters (controls, bidi and zero-width ones) are shown as escapes.
    """
    return terminal_safe(spaced(text))


def literal_html(text: str) -> str:
    """`text` for an HTML or Markdown-with-HTML page: shown exactly as written."""
    return "".join(_MARKDOWN_HTML.get(c, c) for c in one_line(text))


def _escape_one(found: re.Match[str]) -> str:
    """A backslash before one active character; a tag's «<» as a character reference, which
    every Markdown reads literally (Python-Markdown, unlike CommonMark, does not honour «\\<»,
    and would pass a user's «<script>» through as HTML)."""
    mark = found.group(0)
    return "&lt;" if mark == "<" else "\\" + mark


def _escaped(text: str, line_start: bool) -> str:
    """`text` with a backslash before each character Markdown would act on, and before
    a block's mark where `text` may begin a line."""
    text = _MARKDOWN_ACTIVE.sub(_escape_one, text)
    if line_start:
        found = _LINE_START.match(text)
        if found:
            cut = found.end() if found.group(0).isdigit() else 0
            text = text[:cut] + "\\" + text[cut:]
    return text


def literal_markdown(text: str) -> str:
    """`text` for a plain Markdown file, shown literally: a backslash only before what
    Markdown or HTML would act on (the text may begin a line, so a block's mark too)."""
    return _escaped(one_line(text), line_start=True)


_CARD_UNIT = re.compile("(\u2066[^\\W_]{1,2}[♠♥♦♣]\u2069)")
"""A card isolated as one left-to-right unit in right-to-left text (`docs.words.i18n.as_unit`)."""


def literal_markdown_cards(text: str) -> str:
    """`literal_markdown` of generated text that keeps the isolates around its cards (a
    line of a worked example in a right-to-left language): every other hidden character
    is still shown as an escape."""
    pieces = _CARD_UNIT.split(spaced(text))
    return "".join(piece if _CARD_UNIT.fullmatch(piece) else
                   _escaped(terminal_safe(piece), line_start=index == 0)
                   for index, piece in enumerate(pieces))


class UserText(str):
    """A string from a ruleset file; autoescaping templates draw it literally."""

    __slots__ = ()

    def __html__(self) -> Markup:
        return Markup(literal_html(self))


def user(text: object) -> UserText:
    """Mark `text` (any value) as user text."""
    return UserText("" if text is None else str(text))


def html_filter(text: object) -> Markup:
    """The Jinja filter `lit`: user text drawn literally in an HTML or Markdown page."""
    return Markup(literal_html(str(text)))
