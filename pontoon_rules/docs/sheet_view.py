"""The context of a printable rule sheet: the rules in sentences, ranking, payouts, examples.

A sheet reads as a rule book: the rules as sentences in the order of play
(`sentences`), the hand ranking and payout table with small card pictures, one or two
worked rounds, and for a house overlay a box of the rules that differ from its base.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from pontoon_rules.docs.hands import hand_name
from pontoon_rules.docs.i18n import SOURCE_LANGUAGE, base_language, translations, words_of
from pontoon_rules.docs.rounds import sample_rounds
from pontoon_rules.docs.sentences import (
    by_chapter,
    differing_from_base,
    overlay_words,
    sentences,
)
from pontoon_rules.docs.values import Gettext, card_key, card_view
from pontoon_rules.docs.views import round_view, sources_view
from pontoon_rules.engine.example_hands import example_cards
from pontoon_rules.literal import user
from pontoon_rules.ruleset.model import Ruleset
from pontoon_rules.ruleset.outcomes import collect, payout


def localized(ruleset: Ruleset, lang: str) -> tuple[str, str]:
    """The ruleset's name and summary in `lang` (its `translations`), else as written."""
    found = (getattr(ruleset, "translations", None) or {}).get(base_language(lang))
    name = getattr(found, "name", None) or ruleset.name
    summary = getattr(found, "summary", None) or ruleset.summary
    return name, summary


def find_base(ruleset: Ruleset, origin: Path | None = None) -> Ruleset | None:
    """The ruleset an overlay extends (a bundled id, or a path beside `origin`), or None."""
    if not ruleset.extends:
        return None
    from pontoon_rules.ruleset.loader import load_ruleset
    from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

    if ruleset.extends in bundled_ids():
        return load_bundled(ruleset.extends)
    path = Path(ruleset.extends)
    if not path.is_absolute() and origin is not None:
        path = origin.parent / path
    return load_ruleset(path)


def _example_cards(hand_id: str, ruleset: Ruleset, gettext: Gettext) -> list[dict[str, Any]]:
    """Cards from the game's own pack that make hand `hand_id`
    (`engine.example_hands.example_cards`)."""
    banker_only = (hand_id in ruleset.hands.definitions
                   and not ruleset.hands.definitions[hand_id].player_can_hold)
    cards = example_cards(ruleset, hand_id, banker=banker_only) or []
    return [card_view(c, gettext) for c in cards]


def odds_text(multiple: Fraction) -> str:
    """A multiple of the stake as odds: 2 -> '2:1', 3/2 -> '3:2'."""
    return f"{multiple.numerator}:{multiple.denominator}"


def payout_rows(ruleset: Ruleset, gettext: Gettext, lang: str = SOURCE_LANGUAGE
                ) -> list[dict[str, Any]]:
    """The ranking, best first (bust last), with example cards from the game's pack, what a
    winning hand is paid and what the banker holding it collects (`ruleset.outcomes`)."""
    rows = []
    for hand_id in ruleset.hands.ranking:
        found = ruleset.hands.definitions.get(hand_id)
        player = found is None or found.player_can_hold
        banker = found is None or found.banker_can_hold
        rows.append({"class": hand_name(ruleset, hand_id, gettext, lang), "key": hand_id,
                     "pays": odds_text(payout(ruleset, hand_id)) if player else "—",
                     "takes": odds_text(collect(ruleset, hand_id)) if banker else "—",
                     "cards": _example_cards(hand_id, ruleset, gettext)})
    rows.append({"class": hand_name(ruleset, "bust", gettext, lang), "key": "bust",
                 "pays": "—", "takes": "—", "cards": _example_cards("bust", ruleset, gettext)})
    return rows


def shows_program_words(lang: str) -> bool:
    """Whether a sheet in `lang` shows the words of the files (ruleset ids, field paths):
    only in the language they are written in; a translated sheet has no English word."""
    return base_language(lang) == SOURCE_LANGUAGE


def house_box(ruleset: Ruleset, base: Ruleset | None, lang: str) -> dict[str, Any] | None:
    """For an overlay: its base, the fields that differ and the sentences that say them."""
    if base is None:
        return None
    changed = differing_from_base(ruleset, base)
    rules = [s for s in sentences(ruleset, lang, frozenset(changed), odds_in_table=True)
             if s.changed]
    name, _summary = localized(base, lang)
    words = overlay_words(ruleset, name, translations(lang).gettext)
    return {"base_id": base.id, "base_name": user(name), "paths": changed, "rules": rules,
            "program_words": shows_program_words(lang),
            **{key: user(text) for key, text in words.items()}}


PAYOUT_TABLE_WEIGHT = 700
"""About how many characters of sentences the payout table takes the room of."""


def two_columns(chapters: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The chapters split, in order, into two columns of about the same length (explicit
    columns: WeasyPrint lays them out far faster than CSS column balancing)."""
    weights = [sum(len(s.text) + 60 for s in c["rules"])
               + (PAYOUT_TABLE_WEIGHT if c["key"] == "settlement" else 0) for c in chapters]
    total, running = sum(weights), 0
    for i, weight in enumerate(weights):
        if running + weight / 2 > total / 2:
            return [chapters[:i], chapters[i:]]
        running += weight
    return [chapters, []]


LATER_PAGE_CHAPTERS = ("special-bets",)
"""The chapters a two-page sheet prints on its second page (its own rules: the kitty and
the shoot bets), so that the first page is the base game and the second is not a blank."""


def pages(ruleset: Ruleset, chapters: list[dict[str, Any]]) -> dict[str, Any]:
    """The chapters in two columns on the first page, and those of a second page (where the
    sheet has two: `sheets.page_budget`) in two columns of their own."""
    from pontoon_rules.docs.sheets import page_budget

    if page_budget(ruleset) < 2:
        return {"columns": two_columns(chapters), "later_columns": []}
    first = [c for c in chapters if c["key"] not in LATER_PAGE_CHAPTERS]
    later = [c for c in chapters if c["key"] in LATER_PAGE_CHAPTERS]
    return {"columns": two_columns(first), "later_columns": two_columns(later) if later else []}


def sheet_view(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE, base: Ruleset | None = None,
               examples: int = 2) -> dict[str, Any]:
    """Everything a rule sheet shows for `ruleset` in `lang` (`base`: the one it extends),
    in the words of the ruleset's own source where it has them (`i18n.words_of`)."""
    lang = words_of(ruleset, lang)
    gettext = translations(lang).gettext
    box = house_box(ruleset, base, lang)
    changed = frozenset(box["paths"]) if box else frozenset()
    found = sentences(ruleset, lang, changed, odds_in_table=True)
    name, summary = localized(ruleset, lang)
    payouts = payout_rows(ruleset, gettext, lang)
    return {
        "id": ruleset.id, "name": user(name), "summary": user(summary), "kind": ruleset.kind,
        "extends": user(ruleset.extends) if ruleset.extends else None, "house": box,
        "chapters": by_chapter(found, lang),
        **pages(ruleset, by_chapter(found, lang)),
        "has_open": any(s.open for s in found),
        "has_changed": any(s.changed for s in found),
        "changed_mark": box["mark"] if box else "",
        "payouts": payouts,
        "rounds": [round_view(r["script"], r["result"], gettext,
                              {row["key"]: row["class"] for row in payouts})
                   for r in sample_rounds(ruleset)[:examples]],
        "sources": sources_view(ruleset, lang, base),
        "program_words": shows_program_words(lang),
        "card_key": None if shows_program_words(lang) else card_key(gettext),
    }
