"""Issue 49 (the fresh reader r49h, helper g49v): Casino Filipino's and casino Очко's sheets.

Casino Очко: whose cards of the deal lie face up (the player's; the dealer's stay face
down), what the dealer's bank takes in and a stake cut to nothing at home, the source's
name in an English sheet, and the Russian words for a five-card hand. Casino Filipino:
the least buy, buy bets given up on a split hand, the surrender's 12 cards, a pontoon
against a pontoon, split aces and buying, and the words of its hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_session import scripted, stacked

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Your cards of the deal, a twisted card, a card after doubling and the card "
     "dealt to a split hand are dealt face up."),
    ("ru", "В открытую сдаются ваши карты сдачи, ")])
def test_ochkos_face_up_cards_of_the_deal_are_the_players(lang: str, said: str) -> None:
    """«The cards of the deal … are dealt face up» beside «The dealer's cards stay face
    down until the players have played» read as a clash: they are the player's cards."""
    text = sheet("casino-ochko", lang)
    assert said in text
    assert "The cards of the deal" not in text and "сдаются карты сдачи" not in text


def test_ochkos_english_sources_name_the_game_as_its_title_does() -> None:
    text = sheet("casino-ochko", "en")
    assert "Sources: Pontoon (Ochko, Очко) — online casino help page" in text
    assert "Pontoon (Очко)" not in text


def test_ochkos_russian_five_cards_as_players_say_it() -> None:
    text = sheet("casino-ochko", "ru")
    assert "| 2. пять карт |" in text and "ниже — пять карт, ниже — 21" in text
    assert "комбинация пяти карт" not in text.lower()


@pytest.mark.parametrize("ruleset_id", ["casino-ochko", "casino-filipino-pontoon",
                                        "pagat-british", "shoot-pontoon"])
def test_the_tables_key_speaks_of_one_sided_hands_only_where_there_are(ruleset_id: str) -> None:
    """«а если игроку или дилеру такая комбинация не засчитывается…» did nothing on casino
    Очко's sheet: each of its hands either side may hold. Casino Filipino's soft 21 the
    dealer may not (its row says '1:1, as a plain total'), and there the key still says it."""
    r = load_bundled(ruleset_id)
    one_sided = any(not (d.player_can_hold and d.banker_can_hold) for _h, d in r.hands.ranked())
    en, ru = sheet(ruleset_id, "en"), sheet(ruleset_id, "ru")
    assert ("where one side may not hold a named hand" in en) is one_sided
    assert ("такая комбинация не засчитывается" in ru) is one_sided
    assert "—: never. A bust never wins" in en and "—: никогда. Перебор не выигрывает" in ru
    if not one_sided:
        assert "—: never. A bust never wins." in en


@pytest.mark.parametrize("least", [1, 60])
def test_a_home_bank_takes_what_it_wins_and_a_stake_cut_to_nothing_sits_out(
        tmp_path: Path, least: int) -> None:
    """Casino Очко at home with a bank of 150, stakes covered in the order of play: the
    second stake of 100 is cut to 50 and still played (below a least stake of 60 too, where
    it 60), the third to nothing: that player does not play the deal; what the players lose
    goes into the bank (150 + 150)."""
    path = tmp_path / "home.yaml"
    path.write_text("id: home-ochko\nname: Home (test)\nkind: house\nextends: casino-ochko\n"
                    f"stakes:\n  min_stake: {least}\n"
                    "table:\n  banker: rotating\n  first_banker: highest-cut\n"
                    "  direction: left\n  bank:\n    amount: 150\n    cap: as-it-stands\n"
                    "    passes_after_deals: 5\n", encoding="utf-8")
    rules = compile_rules(load_ruleset(path))
    s = Session(rules, list("ABCD"), random.Random(1), banker="A", bank=150,
                pack_order=stacked(rules, "7D 7C 7H 9C KD KH KS 9S"))
    record = s.play_deal([100, 100, 100], scripted("p1 stand, p2 stand"))
    hands = [seat.hands[0] for seat in record.result.seats]
    assert [(h.stakes, h.net) for h in hands] == [([100], -100), ([50], -50), ([], 0)]
    assert s.bank == 150 + 150
    for lang, lose, nothing in [
            ("en", "What the players lose goes into the bank.",
             "A player whose stake is cut to nothing does not play that deal."),
            ("ru", "Всё, что проигрывают игроки, идёт в банк.",
             "Игрок, чью ставку урезали до нуля, в этой сдаче не играет.")]:
        text = sheet("casino-ochko", lang)
        assert lose in text and nothing in text
        assert "still played" not in text  # its least stake is 1 unit: nothing is below it
    filipino = sheet("casino-filipino-pontoon", "en")  # its least stake is agreed (a blank)
    assert ("does not play that deal; a stake cut below the least stake is still played."
            in filipino)
