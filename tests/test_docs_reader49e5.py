"""Readers r49zu, r49zv and r49zt (issue 49): the last quick points.

1. Punjabi: a deal is «ਬਾਜ਼ੀ» (f49a), so the shoot bet is «ਸ਼ੂਟ ਦਾਅ» (the sheet's word for a
   bet), never «ਸ਼ੂਟ ਬਾਜ਼ੀ», and a stake «ਦਾਅ»; the dealing, not the deal, pauses after the
   first card («ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ», the Urdu's «بانٹنا رک جاتا ہے»); a variant's rule
   differs "from" its base (pa «ਤੋਂ ਵੱਖਰਾ», ur «سے مختلف»); the Urdu kitty's limits are the
   smallest and largest initial stake («بنیادی شرط», the Punjabi's «ਸ਼ੁਰੂਆਤੀ ਦਾਅ»).
2. Vingt-un: "each other player pays that player too" read as the banker, "one more player
   at the table", paying a natural twice. The engine: the banker settles it once, as the
   banker; each of the other players pays it on their own stake.
3. Home Очко's «va-bank» example: where a bust may be kept hidden
   (`settlement.hidden_bust_pays`), only a bust shown goes into the bank at once.
"""

from __future__ import annotations

import pytest
from sheet_text import catalog, sheet

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.engine.scripts.script import run_script
from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

# 1. Punjabi and Urdu words ------------------------------------------------------------------


def test_punjabi_says_deal_only_where_the_english_says_deal() -> None:
    """«ਬਾਜ਼ੀ» is a deal (f49a): no Punjabi message says it where its English has no deal
    (a shoot bet, a stake, «Special bets»)."""
    misread = {m for m, s in catalog("pa").items() if "ਬਾਜ਼ੀ" in s and "deal" not in m.lower()}
    assert not misread  # the three fuzzy guesses read the other way round are cleared
    shoot = [s for m, s in catalog("pa").items() if "shoot bet" in m.lower()]
    assert len(shoot) > 10
    assert not [s for s in shoot if "ਸ਼ੂਟ ਬਾਜ਼ੀ" in s]


@pytest.mark.parametrize(("ruleset_id", "lang", "said", "gone"), [
    ("shoot-pontoon", "pa",
     ("# ਸ਼ੂਟ ਪੋਂਟੂਨ: ਬ੍ਰਿਟਿਸ਼ ਪੋਂਟੂਨ, ਕਿਟੀ ਦੇ ਵਿਰੁੱਧ ਸ਼ੂਟ ਦਾਵਾਂ ਨਾਲ", "## ਖ਼ਾਸ ਦਾਅ",
      "ਸ਼ੂਟ ਦਾਅ ਘੱਟੋ-ਘੱਟ 1 ਚਿੱਪ ਦਾ ਹੁੰਦਾ ਹੈ", "ਕਿਟੀ ਦੇ ਵਿਰੁੱਧ ਵੱਖਰਾ ਦਾਅ",
      "ਪਹਿਲਾ ਪੱਤਾ ਮਿਲਣ ਤੋਂ ਬਾਅਦ ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ", "ਤੋਂ ਵੱਖਰਾ ਹੈ"),
     ("ਸ਼ੂਟ ਬਾਜ਼ੀ", "ਖ਼ਾਸ ਬਾਜ਼ੀਆਂ", "ਬਾਜ਼ੀ ਰੁਕ", "ਵਿੱਚ ਵੱਖਰਾ")),
    ("pagat-aces-only-split", "pa", ("ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ", "ਤੋਂ ਵੱਖਰਾ ਹੈ"),
     ("ਬਾਜ਼ੀ ਰੁਕ", "ਵਿੱਚ ਵੱਖਰਾ")),
    ("pagat-british", "pa", ("ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ",), ("ਬਾਜ਼ੀ ਰੁਕ",)),
    ("shoot-pontoon", "ur",
     ("سب سے چھوٹی بنیادی شرط سے کم نہ ہو اور سب سے بڑی بنیادی شرط سے زیادہ نہ ہو",
      "کل ملا کر سب سے بڑی بنیادی شرط سے زیادہ نہیں", "سے مختلف ہے"),
     ("سب سے چھوٹی شرط سے کم نہ ہو", "کل ملا کر سب سے بڑی شرط سے زیادہ نہیں", "میں مختلف")),
    ("pagat-aces-only-split", "ur", ("سے مختلف ہے",), ("میں مختلف",)),
])
def test_the_sheet_says_the_tables_words(ruleset_id: str, lang: str, said: tuple[str, ...],
                                         gone: tuple[str, ...]) -> None:
    text = sheet(ruleset_id, lang)
    for words in said:
        assert words in text, words
    for words in gone:
        assert words not in text, words


# 2. Vingt-un: the banker pays a player's natural once ---------------------------------------


def test_the_banker_pays_a_natural_once_and_each_other_player_pays_it() -> None:
    """Three seats: p1 A K, p2 9 8 and p3 9 7 stick, the banker 10 8 sticks."""
    played = run_script({"ruleset": "vingt-un", "stakes": [100, 100, 100],
                         "shoe": ["AS", "9H", "9D", "TC", "KH", "8H", "7D", "8C"],
                         "actions": ["p2 stick", "p3 stick", "banker stick"]})
    seats = played.result.seats
    assert [s.hands[0].net for s in seats] == [200, -100, -100]  # with the banker: 2:1 once
    assert [s.between_players for s in seats] == [400, -200, -200]  # 2:1 from p2 and p3
    assert played.to_json()["banker"]["net"] == 0  # paid 200 to p1, took 100 from each other


@pytest.mark.parametrize(("lang", "said", "gone"), [
    ("en", ("When a player holds it, the banker pays it 2:1 on settling that hand, as any win, and "
            "each other player pays that player too, 2:1 on their own stake",
            "wins double from the banker and takes the bank, unless the banker has one too "
            "(a stand-off). Every other player without one pays it double too, whatever the "
            "banker has"),
     ("who pays it only as the banker", "and from the banker, taking the bank")),
    ("ru", ("банкир платит за неё 2 к 1 при расчёте с этим игроком, как за любой выигрыш, а "
            "каждый другой игрок тоже платит этому игроку 2 к 1",
            "берёт у банкира вдвойне и банк, если у банкира его нет (иначе ничья). Каждый "
            "другой игрок без него тоже платит вдвойне, при любых картах банкира"),
     ("каждый другой игрок (не банкир) тоже", "без очка и с банкира", "только как банкир")),
])
def test_vingt_un_says_the_banker_pays_a_natural_once(lang: str, said: tuple[str, ...],
                                                      gone: tuple[str, ...]) -> None:
    text = " ".join(sheet("vingt-un", lang).split())
    for words in said:
        assert words in text, words
    for words in gone:
        assert words not in text, words


# 3. Home Очко: only a bust shown frees the bank at once --------------------------------------

SHOE = ["TS", "9H", "8C", "KH", "7D", "TD", "9C", "8D", "7C", "6H", "6S"]
"""p1 10 K then 10 (bust), p2 9 7, the banker 8."""


def _second_staked(actions: list[str]) -> int:
    played = run_script({"ruleset": "ochko-home", "stakes": [1000, 100], "shoe": SHOE,
                         "actions": actions})
    return played.result.seats[1].hands[0].staked


def test_a_hidden_bust_keeps_the_va_bank_held() -> None:
    """Player 1 goes «va-bank» for the bank of 1000 and busts: shown, player 2 stakes 100;
    hidden, the stake stays held and player 2 sits the deal out."""
    assert load_bundled("ochko-home").settlement.hidden_bust_pays is not None
    assert _second_staked(["p1 twist", "p1 stick", "p2 stick", "banker stick"]) == 100
    assert _second_staked(["p1 twist", "p1 hide", "banker stick"]) == 0


def _without_hidden_busts() -> Ruleset:
    data = load_bundled("ochko-home").model_dump(mode="python")
    return Ruleset.model_validate(with_value(data, "settlement.hidden_bust_pays", None))


@pytest.mark.parametrize(("lang", "shown", "plain"), [
    ("en", "if player 1 busts and shows it, the 1000 lost go into the bank at once",
     "if player 1 busts, the 1000 lost go into the bank at once"),
    ("ru", "если у игрока 1 перебор и он его показывает, проигранные 1000 сразу идут в банк",
     "если у игрока 1 перебор, проигранные 1000 сразу идут в банк"),
])
def test_the_va_bank_example_says_the_bust_is_shown_where_one_may_be_hidden(
        lang: str, shown: str, plain: str) -> None:
    assert shown in sheet("ochko-home", lang)
    assert plain not in sheet("ochko-home", lang)
    bare = _without_hidden_busts()
    text = sheet_markdown(bare, lang, find_base(bare)).replace("\\", "")
    assert plain in text and shown not in text
