"""Issue 49 (g49n): the last reader points of the other games' sheets, read from the printed
sheet: Xì dách's frame and double bust, Sette e mezzo's bank given up or sold, Siebzehn und
Vier's „Ich passe“, Ban Luck's called-off deal, Australian Pontoon's bonuses on a split
hand (played through the engine)."""

from __future__ import annotations

import re

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    """The printed sheet of `ruleset_id` in `lang`, Markdown escapes dropped."""
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def line_of(text: str, start: str) -> str:
    """The one rule of the sheet that opens with `start`."""
    found = [x for x in text.splitlines() if x.startswith(f"- {start}")]
    assert len(found) == 1, (start, found)
    return found[0]


def test_siebzehn_und_vier_stands_with_its_sources_word_and_says_it_is_no_fold() -> None:
    """The source's word for standing is «passe» (“passe” sagt, casinospiegel.net); a German
    reader may take „passen“ for folding, so the sheet says the hand stays in play."""
    quote = load_bundled("siebzehn-und-vier").provenance["player.stick_minimum"].quote
    assert "“passe”" in quote
    rule = line_of(sheet("siebzehn-und-vier", "de"), "„Ich passe“")
    assert "(man bleibt bei seinen Karten und gibt nicht auf): keine Karte mehr kaufen" in rule
    assert "bleibe" not in rule and "genug" not in rule
