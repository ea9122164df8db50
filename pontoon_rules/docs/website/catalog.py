"""The message catalogs: extract every translatable string, and keep the `.po` files in step.

    python -m pontoon_rules.docs.website.catalog extract      # write locale/messages.pot
    python -m pontoon_rules.docs.website.catalog update       # merge it into every messages.po
                                                              # (obsolete #~ entries dropped,
                                                              # each named; a reworded one's
                                                              # translation kept as fuzzy)
    python -m pontoon_rules.docs.website.catalog init LANG    # start a new language
    python -m pontoon_rules.docs.website.catalog check        # untranslated or obsolete (exit 1)

Each file is written over itself (`pofiles.write_kept`): an update with no new message
leaves every file byte for byte, and a new or reworded message changes only its own entry,
written at the width the file's other entries were written at.

A language of scope `all` (`locale/languages.yaml`) translates every message; one of
scope `sources` (Armenian, Punjabi, Urdu: the languages pagat's rules reached us in)
translates the messages of the sheets of the rulesets citing a source in it, and `check`
asks only those of it.

A source's own words (`locale/<lang>/LC_MESSAGES/<source>.po`, see `i18n.words_of`)
hold only the messages that source says differently; `update` drops their entries that
no longer exist (they then read as `messages.po` says) and `check` lists them.

Messages come from the templates (`_()` and `{% trans %}`), the field descriptions
of the ruleset schema, the enum values a field can take, and the words defined in
`chapters` and `values`.
"""

from __future__ import annotations

import sys
from copy import deepcopy
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po

from pontoon_rules.docs.sheet import strategy, views
from pontoon_rules.docs.website import navigation
from pontoon_rules.docs.words import (
    chapters,
    costview,
    figures,
    hands,
    marks,
    narrate,
    pack_words,
    readers,
    sentences,
    settlement,
    settlement_messages,
    values,
)
from pontoon_rules.docs.words.i18n import (
    DOMAIN,
    LOCALE_DIR,
    SOURCE_LANGUAGE,
    TEMPLATE_DIR,
    language,
    po_path,
    recording,
    sheet_languages,
    untranslated,
    vocabularies,
)
from pontoon_rules.ruleset.format.fields import leaf_fields
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.languages import Scope
from pontoon_rules.ruleset.format.model import Ruleset

POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
KINDS = ("source", "variation", "reference", "house", "stated", "implied", "our-reading")


WORKBENCH_TEMPLATES = Path(__file__).resolve().parents[2] / "workbench" / "templates"
"""The workbench's own templates (its analysis panel's words are in the catalog too)."""


def template_messages() -> list[tuple[str | tuple[str, ...], str]]:
    """(message, where) for every `_()`/`gettext` string in the site's and the workbench's
    templates (plurals as pairs)."""
    out: list[tuple[str | tuple[str, ...], str]] = []
    for folder, prefix in ((TEMPLATE_DIR, "templates"), (WORKBENCH_TEMPLATES,
                                                          "workbench/templates")):
        found = extract_from_dir(str(folder), method_map=[("**.j2", "jinja2")],
                                 options_map={"**.j2": {"extensions": "jinja2.ext.i18n"}})
        out += [(msg, f"{prefix}/{name}:{line}") for name, line, msg, _c, _x in found
                if isinstance(msg, (str, tuple))]
    return out + workbench_messages()


WORKBENCH_KEYWORDS = {"said": None, "in_words": (2,), "RequestError": None,
                      "DraftProblemsError": None, "BusyError": None, "WordedError": None}
"""How the workbench's Python marks what it says to the page (`workbench.render.said`,
`in_words`, its errors' messages), read from the source as text (no import: the
workbench is a later stage)."""


def workbench_messages() -> list[tuple[str | tuple[str, ...], str]]:
    """(message, where) for what the workbench's Python says to the page."""
    found = extract_from_dir(str(WORKBENCH_TEMPLATES.parent), method_map=[("*.py", "python")],
                             keywords=WORKBENCH_KEYWORDS)
    return [(msg, f"workbench/{name}:{line}") for name, line, msg, _c, _x in found
            if isinstance(msg, str)]


def schema_messages() -> list[tuple[str | tuple[str, ...], str]]:
    """(message, where) for every field description, enum value and word of the docs."""
    out: list[tuple[str | tuple[str, ...], str]] = [
        (info.description, f"schema:{path}") for path, info in leaf_fields().items()
        if info.description]
    words: list[str | tuple[str, ...]] = [
        *chapters.python_messages(), *sentences.python_messages(), *values.python_messages(),
        *hands.python_messages(), *hands.plural_messages(), *pack_words.python_messages(),
        *settlement.python_messages(), *narrate.python_messages(), *narrate.plural_messages(),
        *strategy.python_messages(), *figures.python_messages(), *readers.python_messages(),
        *costview.python_messages(), *navigation.python_messages(),
        *marks.python_messages(), *views.python_messages(), *KINDS]
    hand_fields = [(info.description, f"schema:hands.definitions.ID.{name}")
                   for name, info in HandDefinition.model_fields.items() if info.description]
    return out + hand_fields + [(word, "pontoon_rules/docs") for word in words]


def extract() -> Catalog:
    """A template catalog of every message, each once, with where it is used."""
    catalog = Catalog(domain=DOMAIN, project="pontoon-rules", charset="utf-8")
    for message, where in template_messages() + schema_messages():
        catalog.add(message, locations=[_location(where)])
    return catalog


def _location(where: str) -> tuple[str, int]:
    """'templates/x.j2:12' -> ('templates/x.j2', 12); a place without a line gets 0."""
    name, _colon, line = where.rpartition(":")
    return (name, int(line)) if name and line.isdigit() else (where, 0)


def _write(catalog: Catalog, path: Path, *, locations: bool = False) -> None:
    """Write `catalog` to `path` atomically (`files.write_atomic`) over the file as it
    stands (`pofiles.write_kept`: an unchanged entry keeps its bytes, the file its own
    wrapping; with `locations`, the template, an entry's `#:` lines kept up to date too);
    a file that would not change is left alone."""
    from pontoon_rules.docs.website.pofiles import write_kept
    from pontoon_rules.files import write_atomic

    old = path.read_bytes() if path.exists() else None
    new = write_kept(catalog, old, locations=locations)
    if new != old:
        write_atomic(path, new, make_parents=True)


class Updated(NamedTuple):
    """What `update` wrote, and what it said of each entry it dropped or carried."""

    written: list[Path]
    notes: list[str]


def update(languages: list[str] | None = None) -> Updated:
    """Write the .pot and merge it into each language's .po (new messages untranslated;
    a reworded message keeps its old translation as fuzzy, `carried`), and say what is
    dropped, so that no translator's work goes without a word."""
    template = extract()
    _write(template, POT_PATH, locations=True)
    written, notes = [], []
    for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = path.parent.parent.name
        if languages and lang not in languages:
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=DOMAIN)
        notes += merge(catalog, template, lang)
        _write(catalog, path)
        written.append(path)
        for words in vocabularies(lang):
            written.append(_drop_stale(f"{lang}@{words}", template, notes))
    if not languages or SOURCE_LANGUAGE in languages:  # English words of a source's own
        written += [_drop_stale(f"{SOURCE_LANGUAGE}@{words}", template, notes)
                    for words in vocabularies(SOURCE_LANGUAGE)]
    return Updated(written, notes)


def merge(catalog: Catalog, template: Catalog, lang: str) -> list[str]:
    """Merge `template` into `lang`'s `catalog`, a reworded message's translation `carried`;
    the notes. On a copy of the template: `Catalog.update` adds the template's own new
    messages, so a translation carried onto one went into every language merged after it
    (f49b: the Armenian of a reworded message in it, pa, ru, ur and vi)."""
    catalog.update(deepcopy(template), no_fuzzy_matching=True)
    notes = carried(catalog, lang)
    catalog.obsolete.clear()  # a message no template has any more: gone, not kept as #~
    return notes


def carried(catalog: Catalog, lang: str) -> list[str]:
    """Each obsolete entry of `catalog` (after `Catalog.update`) with a translation moved
    onto the closest message that has none (a reworded message), marked fuzzy with its old
    wording as `previous_id` (fuzzy: no sheet prints it, `check` still lists the message
    until a translator confirms it); the others dropped. One line each, naming the
    language and the message."""
    from difflib import get_close_matches

    notes = []
    for old in list(catalog.obsolete.values()):
        open_ = {_key(m.id): m for m in catalog if m.id and not _translated(m.string)
                 and isinstance(m.id, str) == isinstance(old.id, str)}  # plural to plural
        found = get_close_matches(_key(old.id), list(open_), n=1, cutoff=0.6)
        target = open_[found[0]] if found and _translated(old.string) else None
        if target is not None:
            target.string, target.previous_id = old.string, [_key(old.id)]
            target.flags.add("fuzzy")
            notes.append(f"{lang}: kept as fuzzy (reworded): {_key(old.id)!r} -> "
                         f"{_key(target.id)!r}")
        else:
            notes.append(f"{lang}: dropped (no message has it now): {_key(old.id)!r}")
    return notes


def _drop_stale(lang: str, template: Catalog, notes: list[str]) -> Path:
    """Remove from a source's words the messages the templates no longer have, each
    named in `notes`."""
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang.partition("@")[0], domain=DOMAIN)
    for key in stale(lang, template):
        del catalog[key]
        notes.append(f"{lang}: dropped (no message has it now): {key!r}")
    catalog.obsolete.clear()
    _write(catalog, po_path(lang))
    return po_path(lang)


def obsolete(path: Path) -> list[str]:
    """The entries of the catalog at `path` kept as obsolete (`#~`): `update` drops them,
    `check` lists any left (a message no template has is not carried along)."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return [_key(m.id) for m in catalog.obsolete.values()]


def stale(lang: str, template: Catalog | None = None) -> list[str]:
    """The messages of a source's words (`lang@source`) that no template or schema has."""
    template = template if template is not None else extract()
    known = {_key(m.id) for m in template if m.id}
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang.partition("@")[0], domain=DOMAIN)
    return [_key(m.id) for m in catalog if m.id and _key(m.id) not in known]


def sheet_messages(lang: str) -> set[str]:
    """The messages the bundled sheets written in `lang` look up, and their rules as `show`
    prints them, with every wording of the rules of `FAMILIES` they print
    (`languages.sheet_languages`: for a language of scope `sources`, the rulesets that cite
    a source in it)."""
    from pontoon_rules.docs.sheet.sheet_view import find_base
    from pontoon_rules.docs.sheet.sheets import UntranslatedSheetError, sheet_html, sheet_markdown
    from pontoon_rules.docs.words.sentences import sentences, text_lines
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    def brief_sheet(ruleset: Ruleset, lang: str, base: Ruleset | None) -> str:
        return sheet_html(ruleset, lang, base, brief=True)  # a printed sheet short of room

    printed: set[str] = set()
    with recording() as seen:
        for ruleset_id in bundled_ids():
            ruleset = load_bundled(ruleset_id)
            if lang not in sheet_languages(ruleset):
                continue
            for render in (sheet_html, sheet_markdown, brief_sheet):
                try:
                    render(ruleset, lang, find_base(ruleset))
                except UntranslatedSheetError:
                    pass  # what it left untranslated is in `seen`
            text_lines(ruleset, lang, False, find_base(ruleset))  # `show --lang`
            printed |= {s.key for s in sentences(ruleset, lang)}
    return seen | family_messages(printed)


FAMILIES: dict[str, tuple[str, ...]] = {
    "ranking": (*settlement_messages.ONE_SIDE.values(), *hands.ONE_SIDE_HANDS,
                *settlement_messages.EXCEPTIONS_TO.values()),
    "player_bust": (settlement_messages.LOSES_AT_ONCE, settlement_messages.LOSES_WHEN_OPENED,
                    settlement_messages.LOSES_AFTER, settlement_messages.STAKE_ONLY,
                    settlement_messages.STAKE_ONLY_WHEN_OPENED),
    "first_shuffle": (), "stake_when": (), "stake_limits": (),
}
"""The rules whose every wording a language must translate once one of its sheets prints
the rule (`family_messages`): the ranking's named hands one side cannot hold and the
exceptions' heading, the bust's loss, who shuffles and cuts, when the stakes go down, the
stake limits (`--agree` on the stakes picks another of them on any sheet). A sheet
prints the wording its ruleset's fields choose; a ruleset of the same game that sets them
otherwise (a variation, an overlay, a user's house rules) prints another, and its
sheet in that language must not be refused for it. A template rule (no messages here) is
its macro's every message in `plain_rules/*.j2`."""


def family_messages(keys: set[str]) -> set[str]:
    """Every wording of the rules of `FAMILIES` among the sentence keys `keys`."""
    out: set[str] = set()
    for key in keys & FAMILIES.keys():
        out.update(FAMILIES[key] or macro_messages(key))
    return out


def macro_messages(name: str) -> set[str]:
    """The messages of macro `name` of the sentences templates (`plain_rules/*.j2`).

    Raises:
        KeyError: no sentences template defines the macro.
    """
    for path in sorted((TEMPLATE_DIR / "plain_rules").glob("*.j2")):
        lines = path.read_text(encoding="utf-8").splitlines()
        start = next((i for i, line in enumerate(lines, 1)
                      if line.startswith(f"{{% macro {name}(")), None)
        if start is None:
            continue
        end = next(i for i, line in enumerate(lines, 1) if i >= start and "{% endmacro %}" in line)
        found = extract_from_file("jinja2", str(path), options={"extensions": "jinja2.ext.i18n"})
        return {_key(message) for line, message, _c, _x in found if start <= line <= end}
    raise KeyError(f"no sentences template defines the macro {name!r}")


def missing(lang: str) -> list[str]:
    """The messages `lang` must translate and does not: every message of the templates and
    schema for a language of scope `all`, those of its sheets for scope `sources`."""
    if language(lang).scope is Scope.SOURCES:
        return untranslated(lang, sheet_messages(lang))
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    done = {_key(m.id) for m in catalog if m.id and _translated(m.string) and not m.fuzzy}
    return [_key(m.id) for m in extract() if m.id and _key(m.id) not in done]


def _key(message_id: str | tuple[str, ...] | list[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


def init(lang: str) -> Path:
    """Start the catalog of a new language from the current messages."""
    template = extract()
    catalog = Catalog(locale=lang, domain=DOMAIN, project="pontoon-rules", charset="utf-8")
    catalog.update(template)
    _write(catalog, po_path(lang))
    return po_path(lang)


def main(argv: list[str]) -> int:
    """Run one catalog command (see the module docstring)."""
    command, *rest = argv or ["check"]
    if command == "extract":
        _write(extract(), POT_PATH, locations=True)
        print(f"wrote {POT_PATH}")
    elif command == "update":
        written, notes = update(rest or None)
        for line in notes:
            print(line)
        for path in written:
            print(f"updated {path}")
    elif command == "init" and rest:
        print(f"wrote {init(rest[0])}")
    elif command == "check":
        langs = rest or [p.parent.parent.name for p in
                         LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")]
        gaps = {lang: missing(lang) for lang in langs}
        for lang in [*langs, SOURCE_LANGUAGE]:
            gaps.update({f"{lang}@{w}": stale(f"{lang}@{w}") for w in vocabularies(lang)})
        gaps.update({f"{lang} obsolete": obsolete(po_path(lang)) for lang in langs})
        for lang, messages in gaps.items():
            what = ("stale (no such message)" if "@" in lang else "entries (#~)"
                    if lang.endswith(" obsolete") else "untranslated")
            print(f"{lang}: {len(messages)} {what}" + "".join(f"\n  {m}" for m in messages))
        return 1 if any(gaps.values()) else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
