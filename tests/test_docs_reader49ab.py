"""Issue 49 (fresh readers r49m, r49n; g49ab): the Russian sheets. One term per action
(surrender «сдаться», its noun «право сдаться», since «сдача» is the deal; the rescue
«спасти удвоение»; never «отказ» for either); «дилер» at a table whose banker is a house
dealer (a catalog named after `table.banker`, as the Russian casino sources' own words
say it); what a game lacks said in words its players know; the rescue after a split and
after a redouble said from the ruleset's fields; and the smaller points of the vingt-un,
Siebzehn und Vier, Sette e mezzo and pagat sheets."""

from __future__ import annotations

import re

import pytest
from sheet_text import sheet

from pontoon_rules.docs.words.i18n import words_of
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

HOUSE = [i for i in bundled_ids() if load_bundled(i).table.banker is BankerRole.HOUSE_DEALER]
RESCUE_OR_SURRENDER = [i for i in bundled_ids()
                       if load_bundled(i).player.surrender.allowed
                       or load_bundled(i).player.double.rescue.allowed]


def test_the_house_dealer_tables_are_the_casino_sheets() -> None:
    assert {"australian-pontoon", "spanish-21", "blackjack-reference",
            "casino-ochko"} <= set(HOUSE)
    assert "vingt-un" not in HOUSE


@pytest.mark.parametrize("ruleset_id", HOUSE)
def test_a_house_dealer_is_a_dealer_in_russian(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert "дилер" in text.lower()
    assert "банкир" not in text.lower(), [line for line in text.splitlines()
                                          if "банкир" in line.lower()]
    assert "(дилера казино)" not in text


def test_the_dealer_words_come_from_the_table_not_the_id() -> None:
    """The same game with a banker in turn is said with «банкир»; a Russian source's own
    words come first."""
    aussie = load_bundled("australian-pontoon")
    home = aussie.model_copy(update={"table": aussie.table.model_copy(
        update={"banker": BankerRole.ROTATING})})
    assert words_of(aussie, "ru") == "ru@house-dealer"
    assert words_of(home, "ru") == "ru"
    assert words_of(aussie, "en") == "en@woo-sydney"  # English has no such catalog
    assert words_of(load_bundled("casino-ochko"), "ru") == "ru@ochko-ru"


@pytest.mark.parametrize("ruleset_id", RESCUE_OR_SURRENDER)
def test_surrender_and_rescue_have_one_word_each(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert not re.search(r"отказ(?!а?ться от (банка|него|ставок|последних))", text), [
        line for line in text.splitlines() if "отказ" in line]


def test_the_rescue_words() -> None:
    text = sheet("australian-pontoon", "ru")
    assert "можно спасти удвоение" in text
    assert "спасает удвоение" in text and "Игрок 1 спас удвоение" in text
    assert "решение сдаться аннулируется" in text  # «аннулируется» (r49zq)
    assert "поздний сюррендер против картинки или туза" in text  # the players' term (r49zf)


def test_rescue_after_a_split_and_a_redouble_from_the_fields() -> None:
    spanish = sheet("spanish-21", "ru")
    assert "Спасти можно после любого удвоения руки, первого или следующего." in spanish
    assert "Удвоение на руке после сплита тоже можно спасти." in spanish
    aussie = sheet("australian-pontoon", "ru")  # doubles once: no 'after any double'
    assert "Удвоение на руке после сплита тоже можно спасти." in aussie
    assert "после любого удвоения" not in aussie
    en = sheet("spanish-21", "en")
    assert "You may do so after any of the hand's doubles, the first or a later one." in en
    assert "A split hand that has doubled may be rescued too." in en


def test_buying_is_said_in_words_a_casino_player_knows() -> None:
    text = sheet("spanish-21", "ru")
    assert "В этой игре нет: покупки карт за добавочную ставку." in text


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "blackjack-reference"])
def test_insurance_is_before_the_players_play(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert "до хода игроков можно поставить" in text
    assert "до начала игры можно" not in text


def test_vingt_un_russian() -> None:
    text = sheet("vingt-un", "ru")
    assert ("банкир платит за неё 2 к 1 при расчёте с этим игроком, как за любой выигрыш, а "
            "каждый другой игрок тоже платит") in text
    assert "Один из игроков (договоритесь, кто) сдаёт карты в открытую по кругу" in text


def test_siebzehn_und_vier_russian() -> None:
    text = sheet("siebzehn-und-vier", "ru")
    assert "что бы банкир ни собрал потом" not in text
    assert "При переборе вы сразу теряете всю свою ставку (вместе с тем, что добавили" in text
    assert "Собрав первыми двумя картами «золотое очко»" in text
    assert "с раздачи «золотое очко»" not in text
    assert "натуральные 21" not in text and "21 с двух карт (туз и десятка)" in text
    assert "ничья и перебор игрока — в пользу банкира" in text


def test_sette_e_mezzo_russian() -> None:
    text = sheet("sette-e-mezzo", "ru")
    assert "Король (монеты)" not in text and "Король масти «монеты»" in text
    assert "(две карты)" not in text and "(три карты и больше)" not in text
    assert "С комбинацией, собранной первыми двумя картами (семь с половиной «реале»)" in text
    assert "сразу с раздачи (семь" not in text  # its second card is drawn, not dealt


def test_pagat_ace_and_split() -> None:
    text = sheet("pagat-british", "ru")
    assert "(тем, что даёт лучшую сумму без перебора)" in text
    assert "Две первые карты одного достоинства можно разделить" in text
