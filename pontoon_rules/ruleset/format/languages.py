"""The languages sheets and the site are written in: English and one per Babel catalog.

A language is a folder `docs/locale/<lang>/LC_MESSAGES/messages.po` (see `docs.words.i18n`)
and an entry in `docs/locale/languages.yaml`: its name, the direction its text runs,
the fonts that shape its script, and its scope (every message, or the sheets of the
rulesets written from a source in it). A ruleset's `translations` may give its name and
summary only in these (any other key would never be shown).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

LOCALE_DIR = Path(__file__).resolve().parents[2] / "docs" / "locale"
LANGUAGES_FILE = LOCALE_DIR / "languages.yaml"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
"""The language of the rules as written (a ruleset's own name and summary)."""


class Direction(StrEnum):
    """How a language's text runs."""

    LTR = "ltr"
    RTL = "rtl"


class Scope(StrEnum):
    """What a language's catalog translates."""

    ALL = "all"
    """Every message: the site and the sheet of any ruleset."""
    SOURCES = "sources"
    """The sheets of the rulesets that cite a source written in this language (and any
    other sheet whose every sentence the catalog happens to translate)."""


class Language(BaseModel):
    """A language the sheets (and the site) are written in."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(description="The language code, as the catalog folder and `lang=` say.")
    name: str = Field(description="The language's name in itself ('Русский').")
    direction: Direction = Field(Direction.LTR, description="How its text runs: ltr or rtl.")
    fonts: tuple[str, ...] = Field((), description="Font families that shape its script, "
                                   "first choice first, before the sheets' own fonts.")
    scope: Scope = Field(Scope.ALL, description="What its catalog translates.")


ENGLISH = Language(code=SOURCE_LANGUAGE, name="English")


@cache
def language_table() -> dict[str, Language]:
    """Every language by code, English first, then each catalog with its entry in
    `languages.yaml` (a catalog without an entry is a language of scope `all`)."""
    import yaml

    # libyaml's safe loader where it is installed: the same data as `yaml.safe_load`, in a
    # tenth of its time (2 ms of every command that imports the ruleset's models)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    entries = yaml.load(LANGUAGES_FILE.read_text(encoding="utf-8"), Loader=loader) or {}
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    table = {SOURCE_LANGUAGE: ENGLISH}
    for code in found:
        table[code] = Language(code=code, **entries.get(code, {"name": code}))
    return table


def language(code: str) -> Language:
    """The language `code` ('ru', or a source's words 'ru@ochko-ru'), English if unknown."""
    return language_table().get(code.partition("@")[0], ENGLISH)


LANGUAGES: tuple[str, ...] = tuple(language_table())
"""Every language, the source language first."""

TRANSLATED: tuple[str, ...] = LANGUAGES[1:]
"""The languages a ruleset's `translations` may name."""


SITE_LANGUAGES: tuple[str, ...] = tuple(
    code for code, lang in language_table().items() if lang.scope is Scope.ALL)
"""The languages every page and sheet is written in (scope `all`): the site's, the
workbench's."""


def source_languages(ruleset: object) -> tuple[str, ...]:
    """The languages a ruleset's sources are written in (its `sources[*].language`)."""
    sources = getattr(ruleset, "sources", None) or {}
    return tuple(dict.fromkeys(getattr(s, "language", "") for s in sources.values()))


def sheet_languages(ruleset: object) -> tuple[str, ...]:
    """The languages a ruleset's sheet is written in: English, every language of scope
    `all`, and each language of scope `sources` that one of its sources is written in."""
    cited = set(source_languages(ruleset))
    return tuple(code for code, lang in language_table().items()
                 if lang.scope is Scope.ALL or code in cited)


def shown_languages(value: dict[str, Any], what: str, known: Iterable[str],
                    more: str = "") -> dict[str, Any]:
    """`value` (words by language code) where every language is one the sheets are written
    in (`known`); else a ValueError naming the others, `what` before them, `more` after
    (an empty `value`, most provenance entries' notes, has nothing to check)."""
    if not value:
        return value
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise ValueError(
            f"{what} {', '.join(map(repr, unknown))} would never be shown: the sheets "
            f"and the site are written in {', '.join(LANGUAGES)}{more}")
    return value
