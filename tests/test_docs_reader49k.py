"""Issue 49 (g49k): a strategy card speaks its game's words, as the game's sheet does: the
card of casino Очко says «Пас» and «Ещё карту» where its sheet does, never the main
catalog's «хватит» and «твист»; Sydney's card stands and hits as its sheet does."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pontoon_rules.docs.sheet.cards import card_html
from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import SITE_LANGUAGES, translations, words_of
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

SHEET_LABELS = {
    "S": ("Stick: take no more cards. You may stick on any total.",
          "Stick: take no more cards. You may stick on %(n)s or more; below %(n)s you must draw."),
    "T": ("Twist: take another card without adding to your stake.",
          "Twist: take another card without adding to your stake. Buy: add to your stake and "
          "take another card for it."),
}
"""The sheet's sentences that name each action before a colon ('Stick: take no more …')."""

CHART: dict[str, Any] = {
    "columns": ["10"],
    "tables": {"2": [{"hand": "hard 14", "actions": ["S"]}, {"hand": "hard 12", "actions": ["T"]}],
               "3": [{"hand": "hard 14", "actions": ["T"]}, {"hand": "hard 12", "actions": ["T"]}]},
}
"""A card with a stick, a twist and a change from three cards on (its note names both)."""


def _word(label: str) -> str:
    """'«Хватит» (или «себе»)' -> 'хватит', 'Сделать «твист»' -> 'твист', 'Pass («passa»)'
    -> 'pass': the action's name (the first word in quotes where the label quotes one),
    asides in brackets dropped first (an English sheet's gloss of its source's word)."""
    label = label.split(" (")[0]
    quoted = re.search("«([^»]+)»", label)
    return (quoted.group(1) if quoted else label).strip().lower()


def sheet_words(ruleset_id: str, lang: str) -> dict[str, str]:
    """The word the printed sheet names each action by ('S': 'пас'), read from the sheet
    where one of its labelled sentences opens with it."""
    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")
    gettext = translations(words_of(ruleset, lang)).gettext
    found = {}
    for letter, messages in SHEET_LABELS.items():
        labels = [gettext(m).split(":")[0] for m in messages]
        found[letter] = next(_word(x) for x in labels if f"{x}:" in text)
    return found


def card_words(ruleset_id: str, lang: str) -> tuple[dict[str, str], str]:
    """The card's legend word of each letter, and its note on later cards."""
    row = {"chart_data": CHART, "house_edge": 0.01, "edge": {}}
    html = card_html(load_bundled(ruleset_id), row, lang)
    legend = dict(re.findall(r'<span class="pr-swatch[^"]*">(\w)</span> ([^<:]+):', html))
    note = re.search(r'<p class="pr-note">([^<]*⁴T[^<]*)</p>', html)
    assert note is not None
    return {k: _word(v) for k, v in legend.items()}, note.group(1).lower()


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_strategy_card_names_each_action_as_the_sheet_does(ruleset_id: str,
                                                                lang: str) -> None:
    sheet = sheet_words(ruleset_id, lang)
    legend, note = card_words(ruleset_id, lang)
    assert legend == sheet
    assert all(word in note for word in sheet.values())


def offered(ruleset: Any) -> list[str]:
    """The chart letters of every action the game offers a player (a buy of one stake)."""
    p = ruleset.player
    return ["S", "T", *(["D"] if p.double.allowed else []),
            *(["B1"] if ruleset.stakes.buy.value != "none" else []),
            *(["P"] if p.split.allowed else []), *(["R"] if p.surrender.allowed else []),
            *(["Q"] if p.double.allowed and p.double.rescue.allowed else [])]


def legend_words(ruleset_id: str, lang: str) -> dict[str, str]:
    """The card's name of each action the game offers: the legend's words before their
    colon (its first word where it has none: 'split the pair into two hands')."""
    ruleset = load_bundled(ruleset_id)
    rows = [{"hand": f"hard {12 + i}", "actions": [a]} for i, a in enumerate(offered(ruleset))]
    row = {"chart_data": {"columns": ["10"], "tables": {"2": rows}}, "house_edge": 0.01,
           "edge": {}}
    html = card_html(ruleset, row, lang)
    legend = re.findall(r'<span class="pr-swatch[^"]*">(\w+)</span> ([^<]+)<', html)
    return {k: _word(v.split(":")[0] if ":" in v else v.split()[0]) for k, v in legend}


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_card_names_every_action_by_a_word_of_the_sheet(ruleset_id: str,
                                                            lang: str) -> None:
    """Issue 49 (g49n): beyond stick and twist, each action of the card's legend (double,
    buy, split, surrender, rescue) is named as its sheet names it: Ban Luck's card says
    'free hand' where its sheet does, not 'surrender'."""
    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "").lower()
    words = legend_words(ruleset_id, lang)
    assert set(words) == set(offered(ruleset))
    assert {k: w for k, w in words.items() if w not in text} == {}


def test_ban_lucks_card_says_free_hand() -> None:
    assert legend_words("ban-luck", "en")["R"] == "free hand"


def test_casino_ochkos_russian_card_says_khvatit_and_one_more_card() -> None:
    legend, _note = card_words("casino-ochko", "ru")
    assert legend == {"S": "хватит", "T": "ещё карту"}  # «пас» reads as folding (r49ze)


def test_the_site_pages_card_names_each_action_as_the_sheet_does() -> None:
    from pontoon_rules.docs.website.pages import _card

    row = {"chart_data": CHART, "house_edge": 0.01, "edge": {}}
    card, _same = _card(load_bundled("casino-ochko"), "ru", {"casino-ochko": row})
    assert card is not None
    assert {x["letter"]: _word(x["words"].split(":")[0]) for x in card["legend"]} == (
        sheet_words("casino-ochko", "ru"))


@pytest.mark.parametrize(("ruleset_id", "word"), [("australian-pontoon", "push"),
                                                  ("casino-filipino-pontoon", "tie")])
def test_each_casino_game_says_its_sources_word_for_a_tie(ruleset_id: str, word: str) -> None:
    """Equal totals 'push' in Sydney's casino (its source, `en@woo-sydney`), as Spanish 21's
    do (g49i); Casino Filipino's guide says "tie" ("will tie with Dealer's Pontoon and 21",
    `en@filipino`, g49n item 6). The home game's 'stand-off' is the word of neither, in the
    rules or the examples, and neither says the other's."""
    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, "en", find_base(ruleset)).replace("\\", "")
    other = {"push": "tie", "tie": "push"}[word]
    assert "stand-off" not in text.lower()
    assert f"equal totals {word} (the stake comes back)" in text
    assert re.search(rf"\b{other}\b", text) is None
    assert words_of(ruleset, "en") == f"en@{'woo-sydney' if word == 'push' else 'filipino'}"
    assert "banker" not in text.lower()  # Sydney's dealer, through `# Over: woo-sydney`
