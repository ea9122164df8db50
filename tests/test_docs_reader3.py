"""Issue 49, the third fresh reader's report (sentences and content): each finding checked on
the sentences the sheets print (`docs.words.sentences`) or on the sheet's text, in the
languages the reader read."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.loading.registry import load_bundled


def text(ruleset_id: str, lang: str = "en") -> str:
    return " ".join(s.text for s in sentences(load_bundled(ruleset_id), lang))


@pytest.mark.parametrize(("ruleset_id", "lang", "sentence"), [
    ("australian-pontoon", "en", "The dealer, holding one card, has pontoon if the first card "
                                 "drawn makes 21 with it."),
    ("belarus-ponton", "en", "The banker, holding one card, has pontoon if the first card drawn "
                             "makes 21 with it."),
    ("belarus-ponton", "ru", "Дилер, у которого одна карта, собирает понтун, если первая взятая "
                             "карта даёт с ней 21."),
    ("ochko-home", "ru", "Банкир, у которого одна карта, собирает золотое очко, если эта карта "
                         "и первая взятая — Т Т."),
])
def test_a_banker_of_one_card_makes_the_two_card_hand_with_the_first_card_drawn(
        ruleset_id: str, lang: str, sentence: str) -> None:
    said = text(ruleset_id, lang)
    assert sentence in said
    for garbled in ("fewer cards than it takes", "сдано меньше карт, и он"):
        assert garbled not in said


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "belarus-ponton", "spanish-21",
                                        "casino-ochko", "casino-filipino-pontoon"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_casino_sheet_says_how_a_home_table_runs_the_bank(ruleset_id: str, lang: str) -> None:
    """The house at home: its bank (a blank to fill in), stakes cut to it, when it passes,
    who shuffles and cuts, and how the evening ends."""
    said = text(ruleset_id, lang)
    home = {"en": ("a bank of ____ chips", "the stakes are cut to what it can, in seat order",
                   "after ____ deals, or at once when broken", "the player on their right cuts",
                   "the evening ends"),
            "ru": ("ставит в банк ____ фишек", "по порядку мест", "после ____ раздач",
                   "снимает игрок справа", "вечер кончается")}[lang]
    for words in home:
        assert words in said, words
    assert "the table agrees who, and for how long" not in said


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "ban-luck"])
def test_a_banker_of_no_fixed_bank_is_told_to_agree_its_funding(ruleset_id: str) -> None:
    said = text(ruleset_id)
    assert ("the table agrees before play how much a banker must hold to take the bank "
            "(____ chips)") in said
