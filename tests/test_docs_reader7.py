"""Issue 49, the seventh fresh reader (r7) on the printed sheets: whose total an example
line gives, each checked in every language the sheet prints."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import load_bundled

OPENING = [(rid, lang) for rid in ("ban-luck", "xi-dach")
           for lang in sheet_languages(load_bundled(rid))]


@pytest.mark.parametrize(("ruleset_id", "lang"), OPENING)
def test_the_banker_line_says_its_own_total_before_opening_a_player(ruleset_id: str,
                                                                    lang: str) -> None:
    """'Banker: is dealt 6♠ Q♠, opens the hand of player 1: 16 with 2 cards.' read as
    player 1's 16: the banker's total now comes before the opening ('is dealt 6♠ Q♠: 16
    with 2 cards; opens the hand of player 1.'), in every language the sheet prints."""
    catalog = translations(lang)
    opens = catalog.gettext(STEPS["open"]) % {"amount": 1}
    end = catalog.gettext(".")
    lines = [line for told in worked_examples(load_bundled(ruleset_id), lang)
             for line in told["lines"] if opens in line]
    assert lines, f"no example of {ruleset_id} opens a player's hand in {lang}"
    for line in lines:
        assert line.endswith(opens + end), line  # nothing of the banker's said after it
        assert catalog.gettext("; ") + opens in line, line


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("xi-dach")))
def test_the_html_house_box_repeats_no_rule_the_body_prints(lang: str) -> None:
    """Xì dách's HTML box repeated every ◆ rule word for word before the sheet (the
    Markdown did not): now it says the rules marked ◆ differ, and lists only the base's
    rules the overlay drops, as the Markdown does."""
    from pontoon_rules.docs import render_sheet
    from pontoon_rules.docs.sheet.sheet_view import find_base

    ruleset = load_bundled("xi-dach")
    html = render_sheet(ruleset, "html", lang, find_base(ruleset)).decode()
    box = re.search(r'<aside class="pr-house".*?</aside>', html, re.S)
    assert box and 'data-rule="' not in box[0] and 'data-gone="' in box[0]
    said = translations(lang).gettext("The rules marked ◆ below differ from it, and so do "
                                      "these:")
    assert said in box[0]
    for key in set(re.findall(r'data-rule="([^"]+)"', html)):
        assert html.count(f'data-rule="{key}"') == 1, key
