"""Issue 49, the fourth fresh reader's findings left open (`reader4_report.md`): who shuffles
on later deals, a dealer's natural against split stakes, the Russian sheets' calques, Ban
Luck's own words, the Russian site's payout words, sette e mezzo's highest-score example."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def sheet(ruleset_id: str, lang: str = "en") -> str:
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def said(ruleset_id: str, lang: str = "en") -> dict[str, Sentence]:
    """The sheet's sentences by rule key."""
    return {s.key: s for s in sentences(load_bundled(ruleset_id), lang)}


LATER = "Each later shuffle is done the same way, by the banker who then deals."


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_who_shuffles_later_deals_follows_who_banks(ruleset_id: str) -> None:
    """A player banker's first shuffle says who shuffles and cuts after it (the banker who
    then deals: after a pontoon, the new one); a house dealer always shuffles."""
    r = load_bundled(ruleset_id)
    first = said(ruleset_id)["first_shuffle"]
    assert (LATER in first.text) == (r.table.banker.value == "rotating")
    assert first.open


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("pagat-british", "en", LATER),
    ("ban-luck", "en", LATER),
    ("ochko-home", "ru", "Потом каждый раз карты так же тасует тот банкир, который будет сдавать."),
    ("sette-e-mezzo", "it", "mescola il mazziere che poi dà le carte"),
    ("siebzehn-und-vier", "de", "durch den Bankhalter, der dann gibt"),
])
def test_who_shuffles_later_deals_is_printed_in_each_language(ruleset_id: str, lang: str,
                                                              words: str) -> None:
    assert words in sheet(ruleset_id, lang)
