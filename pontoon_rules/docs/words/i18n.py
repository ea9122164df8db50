"""Languages: Babel catalogs compiled in memory, and Jinja2 environments with i18n.

A language is a folder `locale/<lang>/LC_MESSAGES/messages.po`; the `.po` file
is compiled when first used, so a fresh clone needs no build step and adding a
language is one translation file (`python -m pontoon_rules.docs.website.catalog init xx`).

A source's own words: beside `messages.po` a file named after a source key
(`locale/ru/LC_MESSAGES/ochko-ru.po`) holds the sentences whose words that source
says differently (the Russian online casino's «дилер», «Очко», «Ещё карту», «Пас»).
A ruleset written from that source (or extending one) renders in `ru@ochko-ru`: the
source's catalog first, `messages.po` for everything it does not say (`words_of`). English
has such catalogs too (`locale/en/LC_MESSAGES/woo-sydney.po`: the messages as written,
the fallback, in a casino's own words).
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import jinja2
from markupsafe import Markup

if TYPE_CHECKING:
    from babel.support import Translations

from pontoon_rules.docs.words.marks import Message, odds, quoted_slots
from pontoon_rules.literal import html_filter, literal_markdown, literal_markdown_cards
from pontoon_rules.ruleset.format.agreed import BLANK
from pontoon_rules.ruleset.format.languages import DOMAIN as DOMAIN
from pontoon_rules.ruleset.format.languages import LANGUAGES as LANGUAGES
from pontoon_rules.ruleset.format.languages import LOCALE_DIR as LOCALE_DIR
from pontoon_rules.ruleset.format.languages import SITE_LANGUAGES as SITE_LANGUAGES
from pontoon_rules.ruleset.format.languages import SOURCE_LANGUAGE as SOURCE_LANGUAGE
from pontoon_rules.ruleset.format.languages import language as language
from pontoon_rules.ruleset.format.languages import sheet_languages as sheet_languages

TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "templates"


def mark(message: str) -> str:
    """`message` as it is, marked for the catalog: each module that defines words imports
    this as `_` and lists what it marks in its `python_messages` (read by `catalog
    extract`); the words are translated where they are said, not here."""
    return message


def po_path(lang: str) -> Path:
    """The translation file of `lang` (of a source's words for `lang@source`)."""
    base, _at, words = lang.partition("@")
    return LOCALE_DIR / base / "LC_MESSAGES" / f"{words or DOMAIN}.po"


def vocabularies(lang: str) -> list[str]:
    """The sources that have words of their own in `lang` (`lang@source` catalogs)."""
    return list(_vocabularies(lang))


@cache
def _vocabularies(lang: str) -> tuple[str, ...]:
    """`vocabularies`, the folder read once per process (`words_of` asks on every sheet,
    sentence list and page; the package's catalogs do not change while it runs)."""
    return tuple(sorted(p.stem for p in (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")
                        if p.stem != DOMAIN))


def words_of(ruleset: object, lang: str) -> str:
    """The catalog a ruleset's text renders in: `lang@source` for one of its sources
    written in `lang` that has words of its own (`speaking_source`), else `lang` itself
    (English too: a source's own English words, `locale/en/LC_MESSAGES/<source>.po`, over
    the messages as written: Sydney's dealer who hits and stands; or, for a source in
    another language, the English sheet's words for what it says: Treccani's player who
    «passa», not the British 'sticks'); where no source speaks `lang`, the words of its
    kind of table, a catalog named after `table.banker` where `lang` has one
    (`ru@house-dealer`: «дилер» at a casino table read from English sources, as the
    Russian casino sources' own words say, never the home banker)."""
    if "@" in lang:
        return lang
    sources = getattr(ruleset, "sources", None) or {}
    own = set(vocabularies(lang)) if lang in LANGUAGES else set()
    found = [key for key, source in sources.items() if key in own and (
        getattr(source, "language", None) == lang or lang == SOURCE_LANGUAGE)]
    if found:
        return f"{lang}@{speaking_source(ruleset, found)}"
    kind = getattr(getattr(getattr(ruleset, "table", None), "banker", None), "value", None)
    return f"{lang}@{kind}" if kind in own else lang


def speaking_source(ruleset: object, keys: list[str]) -> str:
    """Of `keys` (sources with words of their own, in the order the ruleset cites them),
    the one whose words the ruleset speaks: for an overlay of a bundled ruleset, the one
    its own provenance entries (those it writes over its base's) cite most, since its base's
    sources come first in the merged `sources`; else the first. Casino Filipino's guide says
    "tie" (`en@filipino`) where Sydney's casino, the first source of its base, says "push"
    (`en@woo-sydney`); Australian Pontoon itself cites the guide too, and keeps "push"."""
    from collections import Counter

    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    extends = getattr(ruleset, "extends", None)
    if len(keys) < 2 or not extends or extends not in bundled_ids():
        return keys[0]
    theirs = load_bundled(extends).provenance
    cited = Counter(entry.source for path, entry in ruleset.provenance.items()  # type: ignore[attr-defined]
                    if entry.source in keys and theirs.get(path) != entry)
    return cited.most_common(1)[0][0] if cited else keys[0]


LEFT_TO_RIGHT_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2066", "\u2069"


def as_unit(text: str, lang: str) -> str:
    """`text` that reads left to right whatever surrounds it (a card, 'K♠', '10♦'), as one
    unit of `lang`'s text: in a language written right to left, isolated (U+2066 … U+2069),
    so that the bidirectional algorithm never sets a card's suit before its rank ('♣K')."""
    if language(lang).direction != "rtl":
        return text
    return f"{LEFT_TO_RIGHT_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


def base_language(lang: str) -> str:
    """'ru@ochko-ru' -> 'ru'."""
    return lang.partition("@")[0]


T = TypeVar("T")
_LOOKED_UP: ContextVar[tuple[set[str], ...]] = ContextVar("looked_up", default=())


@contextmanager
def recording() -> Iterator[set[str]]:
    """Collect every message looked up in any catalog while the block runs (what a
    rendered text needs its catalog to translate: `untranslated`); blocks nest, each
    seeing the lookups of those inside it."""
    seen: set[str] = set()
    token = _LOOKED_UP.set((*_LOOKED_UP.get(), seen))
    try:
        yield seen
    finally:
        _LOOKED_UP.reset(token)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Look messages up unseen by any `recording` block running: words rendered only to be
    compared (another language's), never printed, need no translation."""
    token = _LOOKED_UP.set(())
    try:
        yield
    finally:
        _LOOKED_UP.reset(token)


def is_recording() -> bool:
    """Whether a `recording` block is running (a memo of rendered words must then render
    anew, so that the block sees every message the words look up)."""
    return bool(_LOOKED_UP.get())


def _note(message: str) -> None:
    for seen in _LOOKED_UP.get():
        seen.add(message)


REMEMBERED_LIMIT = 2_000
"""Entries a `remembered` memo keeps before it is emptied (a site build of the bundled
rulesets keeps a few hundred; a long-lived workbench sees many rulesets)."""


def remembered(store: dict[Any, tuple[T, frozenset[str]]], key: Any,
               make: Callable[[], T]) -> T:
    """`make()`, kept in `store` under `key` with every message it looked up: a later call
    with the same key returns the same object (never to be changed in place) and notes
    those messages again in each `recording` block running, so that a memo of words hides
    no message from `untranslated` (a sheet's view is asked for on each layout of its PDF,
    by its HTML and by its ruleset's page)."""
    if key in store:
        value, seen = store[key]
        for message in seen:
            _note(message)
        return value
    with recording() as found:
        value = make()
    if len(store) >= REMEMBERED_LIMIT:
        store.clear()
    store[key] = (value, frozenset(found))
    return value


OVER = re.compile(r"^# Over: ([a-z0-9-]+)$", re.MULTILINE)
"""A source's catalog that says only what it says differently from another source's names
that one in its header (`# Over: woo-sydney`: Casino Filipino's guide says "tie" where
Sydney's casino says "push", and "dealer" as Sydney's does): it falls back to that
catalog, then to `messages.po`, so that no message is kept twice."""


def falls_back_to(lang: str, catalog: object) -> str:
    """The catalog `lang` (a `lang@source`) falls back to: the source catalog its header
    names (`OVER`), else the language's own."""
    base = base_language(lang)
    found = OVER.search(getattr(catalog, "header_comment", "") or "")
    return f"{base}@{found.group(1)}" if found else base


@cache
def translated_messages(lang: str) -> frozenset[str]:
    """The messages the catalog of `lang` translates (a plural: every form), with those of
    the catalog it falls back to (`ru@ochko-ru` -> `ru`); fuzzy entries do not count."""
    from babel.messages.pofile import read_po

    base, _at, words = lang.partition("@")
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=base, domain=DOMAIN)
    done = frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in catalog
                     if m.id and not m.fuzzy and (all(m.string) if isinstance(
                         m.string, (tuple, list)) else m.string))
    return done | translated_messages(falls_back_to(lang, catalog)) if words else done


def untranslated(lang: str, messages: set[str]) -> list[str]:
    """The messages of `messages` that the catalog of `lang` leaves in English."""
    if base_language(lang) == SOURCE_LANGUAGE:
        return []
    done = translated_messages(lang)
    return sorted(m for m in messages if m and m not in done)


def _recording_catalog() -> type[Translations]:
    from babel.support import Translations

    class Recorded(Translations):
        """A compiled catalog that notes each message looked up (`recording`)."""

        def gettext(self, message: str) -> str:
            _note(message)
            return Message(super().gettext(message))

        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            _note(msgid1)
            return Message(super().ngettext(msgid1, msgid2, n))

        ugettext = gettext  # Jinja's i18n extension prefers these names
        ungettext = ngettext

    return Recorded


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English, the source language, is the identity).

    Raises:
        ValueError: there is no catalog for `lang`.
    """
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    base, _at, words = lang.partition("@")
    if base not in LANGUAGES or (words and words not in vocabularies(base)):
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=base, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    found = _recording_catalog()(fp=buffer, domain=DOMAIN)
    if words:
        found.add_fallback(translations(falls_back_to(lang, catalog)))
    return found


def _is_escaped(name: str | None) -> bool:
    """HTML and site pages (Markdown with HTML blocks) are escaped; `plain_*` text is not."""
    return not (name or "").startswith("plain_")


_KEBAB = re.compile(r"[a-z]+(?:-[a-z]+)+")


def markdown_sentence(text: str) -> str:
    """A sentence of ours for the Markdown sheet: the user text it carries (a hand's or a
    suit's name) shown literally, as `literal.literal_markdown_cards` escapes it; a blank
    to fill in (`____`, between spaces or marks: never emphasis) kept as drawn."""
    return literal_markdown_cards(text).replace("\\___\\_", BLANK)


def value_words(translated: str, value: str) -> str:
    """A file's value as a page shows it (`|t`): its translation, else, where the catalog
    has none (English: the value is its own message), its words ('our-reading' -> 'our
    reading'), never the raw value."""
    if translated == value and _KEBAB.fullmatch(value):
        return value.replace("-", " ")
    return translated


def _formatted(found: str, values: dict[str, object], escaped: bool) -> str:
    """A catalog's message formatted as Jinja's newstyle gettext does (`Markup` where the
    template escapes), a name quoted once as `Message` quotes it: Jinja's `Markup(...)`
    would drop the `Message` and its rule (Russian «%(base)s» with a quoted name)."""
    text, values = quoted_slots(found, values) if isinstance(found, Message) else (
        found, values)
    return (Markup(text) if escaped else text) % values


def quoting_gettext(catalog: gettext.NullTranslations) -> dict[str, Callable[..., str]]:
    """`gettext` and `ngettext` for the templates (`_` calls `gettext`): Jinja's newstyle
    ones (`jinja2.ext._make_new_gettext`), formatting by `_formatted`."""

    @jinja2.pass_context
    def gettext_(context: jinja2.runtime.Context, string: str, **values: object) -> str:
        return _formatted(catalog.gettext(string), values, context.eval_ctx.autoescape)

    @jinja2.pass_context
    def ngettext_(context: jinja2.runtime.Context, singular: str, plural: str, num: int,
                  **values: object) -> str:
        values.setdefault("num", num)
        return _formatted(catalog.ngettext(singular, plural, num), values,
                          context.eval_ctx.autoescape)

    return {"gettext": gettext_, "ngettext": ngettext_}


class SharedCode(jinja2.BytecodeCache):
    """The compiled code of each template, kept in memory for every language's environment
    (`environment`): a template is parsed and compiled once per process, not once per
    catalog (thirteen of them). Safe because nothing a language changes is folded into the
    code at compile time: the words come from calls made as the template renders (`_()`,
    `gettext`, the globals), and the filters whose result depends on the language are
    context filters (`per_language`), which Jinja never folds; every environment it serves
    is made with the same options (`tests/test_docs_i18n_shared.py` compiles every template
    in two languages and finds the same code). Keyed by the template's name and a hash of
    its source."""

    def __init__(self) -> None:
        self._code: dict[tuple[str, str], Any] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        bucket.code = self._code.get((bucket.key, bucket.checksum))

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[(bucket.key, bucket.checksum)] = bucket.code


SHARED_CODE = SharedCode()


def per_language(function: Callable[..., object]) -> Callable[..., object]:
    """`function` as a filter Jinja calls as the template renders, never at compile time
    (a context filter is never constant-folded): its result depends on the language, and
    the compiled code is shared by every language (`SharedCode`)."""

    @jinja2.pass_context
    def filter_(_context: jinja2.runtime.Context, *args: Any, **kwargs: Any) -> object:
        return function(*args, **kwargs)

    return filter_


@cache
def environment(lang: str) -> jinja2.Environment:
    """The template environment for `lang`: templates from `templates/`, `_()` and `|t`;
    the templates' compiled code shared with every other language's (`SHARED_CODE`)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIR),
        bytecode_cache=SHARED_CODE,
        extensions=["jinja2.ext.i18n"],
        autoescape=_is_escaped,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    catalog = translations(lang)
    env.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(quoting_gettext(catalog))
    env.filters["t"] = per_language(lambda value: value_words(catalog.gettext(value), value))
    env.filters["lit"] = html_filter
    env.filters["md"] = literal_markdown
    env.filters["md_cards"] = literal_markdown_cards
    env.filters["md_text"] = markdown_sentence
    env.filters["unit"] = per_language(lambda text: as_unit(text, lang))
    env.filters["odds"] = per_language(lambda value: odds(value, catalog.gettext))
    env.globals["lang"] = base_language(lang)
    env.globals["dir"] = language(lang).direction.value
    from pontoon_rules.engine.round.shoot import LEAST_BET

    env.globals["least_shoot_bet"] = LEAST_BET  # the engine's smallest shoot bet, said
    from pontoon_rules.engine.round.side_bets import LEAST_SIDE_BET

    env.globals["least_side_bet"] = LEAST_SIDE_BET  # and side bet
    return env


def render(template: str, lang: str = SOURCE_LANGUAGE, **context: object) -> str:
    """Render the template file `template` in `lang` with `context`."""
    return environment(lang).get_template(template).render(**context)
