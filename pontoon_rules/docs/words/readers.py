"""Words for readers: field descriptions without the file format's asides, what a kind of
ruleset is, sources as links.

A field's description (from the schema) is written for the ruleset file ("Lowest total a
player may stick on; null for none."). A reader of a ruleset page sees it without the
asides that only make sense in the file: what `null` means, a pair written (num, den),
another field's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.fields import describe

_FILE_ASIDES = (
    re.compile(r"[;,]\s*(?:or\s+)?null\s+(?:for|to)\s+(?:[^.;]|\.(?=\S))*"),
    re.compile(r",?\s+or\s+null\s+for\s+(?:[^.;]|\.(?=\S))*"),
    re.compile(r"\s*\((?:num, den|[a-z]+_[a-z_]+[^)]*)\)"),
    re.compile(r"[;,]\s*null\s+—\s+(?:[^.;]|\.(?=\S))*"),
    re.compile(r"\s*\{agreed:[^}]*\}:?"),
    re.compile(r",?\s+или\s+null\s+—\s+(?:[^.;]|\.(?=\S))*"),
    re.compile(r"\s*\((?:e\.g\.|например)[^()]*\)"),
    re.compile(r",?\s*(?:e\.g\.|например,?)\s*\{[^{}]*\}"),
)
_QUOTED_VALUE = re.compile(r"'([a-z0-9]+(?:-[a-z0-9]+)*)'")
"""A value of the file in quotes ('previous-buy'), said as words (previous buy)."""
_IDENTIFIER = re.compile(r"\b([a-z]+(?:_[a-z0-9]+)+)\b")
_SECTIONS = ("pack", "table", "stakes", "deal", "player", "banker", "hands", "settlement",
             "faces", "between_deals", "shoot", "side_bets")
_IN_PARENS = re.compile(r"\s*\((?:" + "|".join(_SECTIONS) + r")\.[^()]*\)")
_PATH = re.compile(r"`?\b(?:" + "|".join(_SECTIONS) + r")((?:\.[a-z0-9_-]+)+)\b`?")
_NULL_SAYS = re.compile(r"[;,]\s*null:\s*[^.;]*|(?<=\.)\s*[Nn]ull\s+(?:for|—)\s+[^.;]*\.")


def reader_words(text: str) -> str:
    """`text` without the file format's asides: '; null for none', '(num, den)', a field's
    path in brackets; another field named by its last word ('as hands.ranking says' ->
    'as ranking says') and field names written as words ('stand_on' -> 'stand on')."""
    for pattern in (*_FILE_ASIDES, _IN_PARENS, _NULL_SAYS):
        text = pattern.sub("", text)
    text = _PATH.sub(lambda m: m.group(1).rsplit(".", 1)[1], text)
    text = _QUOTED_VALUE.sub(lambda m: m.group(1).replace("-", " "), text)
    text = _IDENTIFIER.sub(lambda m: m.group(1).replace("_", " "), text).replace("`", "")
    return " ".join(text.split())


def reader_description(path: str, gettext: Callable[[str], str] = str) -> str:
    """The description of the field `path`, translated, as a reader reads it."""
    try:
        described = describe(path)
    except KeyError:  # a whole section's entry (an open reading of all its rules)
        section = path.rsplit(".", 1)[-1].replace("_", " ")  # player.insurance: insurance
        return gettext(SECTION_RULES) % {"section": section}
    return values_in_words(reader_words(gettext(described)), gettext)


PLAIN_ENGLISH = frozenset({"face-up", "face-down", "five-card-trick", "three-of-a-kind",
                           "twenty-one", "up-to"})
"""Values of the file that are also plain English ('a face-up card'): left as written."""
_VALUE_TOKEN = re.compile(r"[«']?\b([a-z0-9]+(?:-[a-z0-9]+)+)\b[»']?")


@cache
def _file_values() -> frozenset[str]:
    from pontoon_rules.docs.words.values import enum_values

    return frozenset(v for v in enum_values() if "-" in v) - PLAIN_ENGLISH


def values_in_words(text: str, gettext: Callable[[str], str] = str) -> str:
    """`text` (a description, a note of ours) with each value of the file it names
    ('banker-wins', «after-pontoon») in the reader's words: its translation, else the
    words it is made of ('banker wins')."""
    def words(match: re.Match[str]) -> str:
        value = match.group(1)
        if value not in _file_values():
            return match.group(0)
        said = gettext(value)
        return value.replace("-", " ") if said == value else said

    return _VALUE_TOKEN.sub(words, text)


IN_ENGLISH = _("explained in English on the English page")
"""What a page in another language says where our own note has no translation."""
KIND_WORDS: dict[str, str] = {
    "source": _("the rules of one source"),
    "variation": _("a variation a source names"),
    "reference": _("a well-known game, for comparison"),
    "house": _("house rules"),
}
"""What each kind of ruleset is, in words (the file's `kind`)."""

_ADDRESS = re.compile(
    r"^(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,})(/[^\s<>\"']*)?$", re.IGNORECASE)


def links(reference: str) -> list[dict[str, Any]]:
    """A source's reference split at ';', each part with `href` where it is a web address
    (with or without https://), else None: never any other scheme."""
    out = []
    for part in (p.strip() for p in reference.split(";")):
        if not part:
            continue
        found = _ADDRESS.match(part)
        href = None
        if found:
            href = f"https://{found.group(1)}{found.group(2) or '/'}"
            if part.lower().startswith("http://"):
                href = "http://" + href[len("https://"):]
        out.append({"text": part, "href": href})
    return out


SECTION_RULES = _("The rules of %(section)s")
"""How an open reading that covers a whole section is named."""


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [*KIND_WORDS.values(), SECTION_RULES, IN_ENGLISH]
