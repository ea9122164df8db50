"""Issue 49, the fourth fresh reader's report (`reader4`): each finding on the English and
Russian sheets checked on the sheet's text or its sentences (`docs.words.sentences`)."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str = "en") -> str:
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def said(ruleset_id: str, lang: str = "en") -> dict[str, object]:
    """The sheet's sentences by rule key."""
    return {s.key: s for s in sentences(load_bundled(ruleset_id), lang)}


def test_spanish_21_speaks_the_us_casinos_dealer_hit_and_stand() -> None:
    text = sheet("spanish-21")
    assert not re.search(r"(?i)\b(banker|twist|stick)", text)
    for words in ("against the house dealer.", "## The dealer's turn", "Hit: take another card",
                  "Stand: take no more cards", "hits 9♦", "stands: 17", "Dealer: is dealt"):
        assert words in text


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21"])
def test_a_casino_no_source_gives_a_limit_for_marks_its_no_upper_limit(ruleset_id: str) -> None:
    limits = said(ruleset_id)["stake_limits"]
    assert "the casino sets no upper limit" in limits.text  # type: ignore[attr-defined]
    assert limits.open  # type: ignore[attr-defined]
    assert "no upper limit, and at home the house's bank is the limit. †" in sheet(ruleset_id)
