"""The players' own words per game and language, as data: `locale/glossary/<ruleset>.yaml`.

For each key term of a game (the banker, a card taken, stopping, a bust, its named hands)
and each language its sheet is printed in, a glossary entry gives the source's own term,
the term the game's players use, the form the sheet's sentences print, and the words the
players do not use. The catalogs (`locale/<lang>/LC_MESSAGES/*.po`) write the sentences;
`problems` checks a sheet's text against its glossary, so that the two cannot drift apart:
every entry's form is printed, no word the glossary marks as not the players' is, except
the source's own term quoted once («term») where the sheet names it as the source's.

    python -m pontoon_rules.docs.sheet.glossary    # every bundled sheet checked, one line a problem
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

GLOSSARY_DIR = Path(__file__).resolve().parents[1] / "locale" / "glossary"
"""One YAML file per game, named by its ruleset id."""


class Term(BaseModel):
    """One key term of a game in one language."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    concept: str = Field(description="What the term names, in English: banker, twist, bust.")
    source: str | None = Field(None, description="The source's own term, as it prints it "
                               "(null: the source names no term of its own).")
    players: str = Field(description="The term the game's players use (what the sheet says).")
    form: str = Field(description="The form the sheet's sentences print: text every sheet of "
                      "this game in this language contains.")
    not_used: tuple[str, ...] = Field((), description="Words the players do not use for "
                                      "it, each matched at the start of a word (a stem: "
                                      "«разби» is «разбить», «разбивают»): never on the sheet, "
                                      "but within a source's own term, quoted once («term»).")
    note: str | None = Field(None, description="Where the words come from.")


class Glossary(BaseModel):
    """A game's key terms by language (`sheet_languages` of its ruleset)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str = Field(description="The bundled ruleset's id (the file's name).")
    languages: dict[str, tuple[Term, ...]] = Field(description="Each language's terms.")


@cache
def glossaries() -> dict[str, Glossary]:
    """Every game's glossary by ruleset id (`locale/glossary/*.yaml`)."""
    out = {}
    for path in sorted(GLOSSARY_DIR.glob("*.yaml")):
        found = Glossary.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        if found.ruleset != path.stem:
            raise ValueError(f"{path}: ruleset: expected {path.stem!r}, found {found.ruleset!r}")
        out[found.ruleset] = found
    return out


def terms(ruleset_id: str, lang: str) -> tuple[Term, ...]:
    """The glossary's terms of a game in `lang` (none where it has no glossary there)."""
    found = glossaries().get(ruleset_id)
    return found.languages.get(lang, ()) if found else ()


def problems(text: str, entries: tuple[Term, ...], machine: bool = False) -> list[str]:
    """What a sheet's `text` says against its glossary: a form it does not print, a word the
    players do not use that it prints (the source's own term allowed once, quoted, unless
    the source is a `machine` translation: a translator program's term is nobody's word,
    so the sheet never prints it)."""
    out = []
    unquoted = text  # each source's own term, quoted once, may hold words not used
    for source in {term.source for term in entries if term.source}:
        unquoted = unquoted.replace(f"«{source}»", "", 1)
    for term in entries if machine else ():
        if term.source and term.source != term.players and re.search(
                rf"(?<!\w){re.escape(term.source)}", text, re.IGNORECASE):
            out.append(f"{term.concept}: the sheet prints {term.source!r}, a machine "
                       f"translation's term (players say {term.players!r})")
    for term in entries:
        if term.form not in text:
            out.append(f"{term.concept}: the sheet does not say {term.form!r}")
        for word in term.not_used:
            count = len(re.findall(rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE))
            if re.search(rf"(?<!\w){re.escape(word)}", unquoted, re.IGNORECASE):
                out.append(f"{term.concept}: the sheet says {word!r} {count} times "
                           f"(players say {term.players!r})")
    return out


def sheet_problems(ruleset_id: str, lang: str) -> list[str]:
    """`problems` of the bundled ruleset's printed sheet (its HTML's words) in `lang`."""
    from pontoon_rules.docs.sheet.sheet_view import find_base
    from pontoon_rules.docs.sheet.sheets import sheet_markdown
    from pontoon_rules.ruleset.loading.registry import load_bundled

    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")
    return problems(text, terms(ruleset_id, lang), machine_translated(ruleset, lang))


def machine_translated(ruleset: Any, lang: str) -> bool:
    """Whether the ruleset's sources in `lang` are machine translations (pagat's page in
    Armenian, Punjabi, Urdu): their terms are then never the players' words."""
    found = [s for s in ruleset.sources.values() if s.language == lang]
    return bool(found) and all(s.machine_translation_of for s in found)


def page_rows(ruleset_id: str) -> list[dict[str, Any]]:
    """A game's glossary as its site page shows it: per language (its name in itself), the
    players' term, the source's, and the words the players do not use, all user text."""
    from pontoon_rules.docs.words.i18n import language
    from pontoon_rules.literal import user

    found = glossaries().get(ruleset_id)
    return [{"language": user(language(lang).name), "players": user(term.players),
             "source": user(term.source or "—"), "not_used": user(", ".join(term.not_used))}
            for lang, entries in (found.languages.items() if found else ()) for term in entries]


def main() -> int:
    """Check every glossary against its sheets; one line a problem, exit 1 if any."""
    bad = [f"{rid} ({lang}): {p}" for rid, found in glossaries().items()
           for lang in found.languages for p in sheet_problems(rid, lang)]
    print("\n".join(bad) or f"{len(glossaries())} glossaries agree with their sheets")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
