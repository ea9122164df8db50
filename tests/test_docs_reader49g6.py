"""Issue 49, the casino and Asian games' sheets, the last readers' points (r50b, r50c,
r49zx, r49zz; g6): the home bank as its own part in short bullets with one definition of
a broken bank and the way it passes; Spanish 21's prize to the others when two players
hold it, and when a blackjack is paid; Ban Luck's two exceptions, side bets, free hand and
bust against bust; Casino Filipino's given-up buy bets; Xì dách's banker who waits. Each
checked on the words the sheets print and, where they say what play does, on the engine."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_docs_reader49z import overlay
from test_session import scripted, stacked

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.banking import is_broken, seat_order
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import BUST, LOSE, outcome_table

HOUSE = tuple(i for i in bundled_ids() if load_bundled(i).table.banker.value == "house-dealer")
HOME_KEYS = ("home_bank", "home_cover", "home_broken", "home_passing")


def said(ruleset: Ruleset | str, lang: str = "en") -> dict[str, Sentence]:
    r = load_bundled(ruleset) if isinstance(ruleset, str) else ruleset
    return {s.key: s for s in sentences(r, lang, find_base(r))}


def sheet(ruleset_id: str, lang: str = "en") -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r))


# 1. the home bank: its own part, short bullets, one "broken", the way it passes ---------

@pytest.mark.parametrize("ruleset_id", HOUSE)
def test_the_home_bank_is_its_own_part_in_bullets(ruleset_id: str) -> None:
    """r50c, r49zz: "the long bank paragraph packs about twenty rules into one block"."""
    text = sheet(ruleset_id)
    part = text.split("## The bank at home\n", 1)[1].split("\n## ", 1)[0]
    bullets = [line for line in part.splitlines() if line.startswith("- ")]
    assert len(bullets) == len(HOME_KEYS)
    found = said(ruleset_id)
    assert all(found[key].reading for key in HOME_KEYS)  # †: our reading, every bullet
    assert max(len(found[key].text) for key in HOME_KEYS) < 1000


@pytest.mark.parametrize("ruleset_id", HOUSE)
def test_a_broken_bank_has_one_definition(ruleset_id: str) -> None:
    """r50b: "Wins are paid in full ...: the bank is broken" (overdrawn) against "or at once
    when broken (nothing left in it)" (empty): one definition, the deal's net."""
    found = said(ruleset_id)
    words = " ".join(found[key].text for key in HOME_KEYS)
    assert words.count("The bank is broken when") == 1
    assert "nothing left in it)" not in words and "and the bank is broken" not in words
    assert "is left in it once the whole deal is settled" in found["home_broken"].text


def test_the_engine_judges_a_broken_bank_as_the_sheet_says() -> None:
    """Less than the least stake left once the deal is settled: empty and overdrawn are
    both broken, what a stake can still be placed from is not."""
    rules = SimpleNamespace(min_stake=100)
    assert is_broken(SimpleNamespace(bank=0, rules=rules))
    assert is_broken(SimpleNamespace(bank=-500, rules=rules))
    assert is_broken(SimpleNamespace(bank=99, rules=rules))
    assert not is_broken(SimpleNamespace(bank=100, rules=rules))


@pytest.mark.parametrize(("direction", "words"), [("left", "the dealer's left"),
                                                  ("right", "the dealer's right")])
def test_the_bank_passes_to_the_seat_the_session_passes_it_to(tmp_path: Path, direction: str,
                                                             words: str) -> None:
    """r50b: "to the next player in the order of play" read two ways; the seat, as the
    session's order of play from the banker goes (`seat_order`: its first is the next)."""
    r = overlay(tmp_path, f"id: dir\nname: Dir (test)\nkind: house\nextends: spanish-21\n"
                f"table:\n  direction: {direction}\n")
    assert f"The bank passes to the player on {words}, the next in the order of play" in (
        said(r)["home_passing"].text)
    people = list("ABCD")
    nxt = seat_order(compile_rules(r), people, "B")[0]
    assert nxt == ("C" if direction == "left" else "A")  # seats run A B C D, left to right


def test_the_buy_names_no_second_minimum_blank() -> None:
    """r50c: "A first buy adds at least the least stake, ____" beside the stakes' own
    "at least ____": the buy now names the minimum stake the table agreed."""
    buy = said("casino-filipino-pontoon")["buy"].text
    assert "A first buy adds at least the minimum stake and at most your original stake." in buy
    assert "____" not in buy


# 2. Spanish 21: the prize to the others, twice; when a blackjack is paid ----------------

def test_two_super_bonuses_in_one_deal_pay_the_others_twice(tmp_path: Path) -> None:
    """r49zz: two holders in one deal: each other player is paid $50 for each, each holder
    $50 for the other's (`between_players.between_nets`), as the sheet now says."""
    home = overlay(tmp_path, "id: home-aus\nname: Home (test)\nkind: house\n"
                   "extends: australian-pontoon\ntable:\n  banker: rotating\n"
                   "  first_banker: highest-cut\n  direction: left\n")
    rules = compile_rules(home)
    s = Session(rules, list("ABCD"), random.Random(1), banker="A",
                pack_order=stacked(rules, "7D 7S 5C 7C 7D 7S 9H 7D 7S KS"))
    record = s.play_deal([2500, 2500, 1000], scripted("p1 hit, p2 hit, p3 stand"))
    one, two, other = record.result.seats
    assert one.hands[0].hand_class == two.hands[0].hand_class == "super-bonus-25"
    assert one.net == two.net == 500000 + 5000
    assert other.net == 2 * 5000 - 1000  # 14 loses to 17, and $50 twice
    for ruleset_id in ("spanish-21", "australian-pontoon"):
        for s in said(ruleset_id).values():
            if "to every other player with" in s.text:
                assert "twice when two hold it in one deal, each of those two once" in s.text
                assert "Each is paid it once, whatever" not in s.text


def test_a_blackjack_is_paid_at_the_settlement() -> None:
    """r49zz: "never says whether it is paid at once": even money is paid at once, else the
    blackjack waits for the settlement, as the engine leaves a live natural to it."""
    r = load_bundled("spanish-21")
    assert compile_rules(r).naturals_live
    assert ("Otherwise a player's blackjack is paid when the deal is settled, after the "
            "dealer has played, not at once.") in said(r)["insurance"].text


# 3. Ban Luck ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ban_lucks_shown_cards_have_two_exceptions(lang: str) -> None:
    """r50c, r49zx: "The one exception" beside the call-off's cards shown too."""
    gettext = translations(lang).gettext
    text = sheet("ban-luck", lang)
    assert gettext("There are two exceptions: if the banker holds a %(natural)s, it is shown "
                   "when the banker checks for it, before the players play; and a banker who "
                   "calls the deal off shows those cards then, as we play it (see "
                   "below).").split("%(natural)s")[0] in text
    assert gettext("The one exception: if the banker holds a %(natural)s, it is shown when "
                   "the banker checks for it, before the players play.").split(
                       "%(natural)s")[0] not in text


def test_a_free_hand_takes_no_more_part() -> None:
    """r49zx: "say that a free hand player takes no more part in the deal"; the engine's
    hand given up is done and has no more action."""
    assert "A player who takes a free hand takes no more part in the deal." in said(
        "ban-luck")["surrender"].text


def test_a_bust_loses_even_to_the_bankers_bust_beside_the_bust_row() -> None:
    """r49zx: the bust row's "—" (a bust never wins) read as a bust that loses nothing to
    a banker's bust; said in the key where the bust lies face down through the banker's play."""
    assert outcome_table(load_bundled("ban-luck"))[(BUST, BUST)].result is LOSE
    words = "A bust never wins; it loses even to the banker's bust."
    assert words in sheet("ban-luck")
    assert words not in sheet("spanish-21")  # shown and lost at once, before the dealer plays


def test_ban_lucks_russian_says_the_tables_words() -> None:
    text = sheet("ban-luck", "ru")
    assert "свободн" not in text and "выйти из раздачи" in text


# 4. Casino Filipino ------------------------------------------------------------------------

def test_given_up_buy_bets_come_back_at_once_and_their_cards_still_count() -> None:
    """r50c: "when is half of the given-up buy bets handed back ... do those bought cards
    still count toward 'at most 3 cards'?"."""
    assert ("What comes back is handed back at once; the cards those bets bought stay in the "
            "hand and still count toward the most cards a hand may buy.") in said(
                "casino-filipino-pontoon")["surrender"].text


def test_casino_filipinos_russian_says_the_dealer_bust_and_the_side_bet() -> None:
    text = sheet("casino-filipino-pontoon", "ru")
    assert "выигрывает каждая рука без перебора, которая не сдалась" in text
    assert "побочн" not in text and "дополнительн" in text


# 5. Xì dách ---------------------------------------------------------------------------------

def test_xi_dachs_banker_waits_in_plain_words() -> None:
    text = sheet("xi-dach")
    assert "The banker alone may not look" not in text
    assert "The banker does not look at their first card until their second is dealt" in text
    assert "which beats five cards not over 21" in text


def test_xi_dachs_russian_wording() -> None:
    text = sheet("xi-dach", "ru")
    for wrong in ("Меньше чем с 16", "никто больше не видит", "такой, как сдана", "поверх"):
        assert wrong not in text, wrong
    assert "При сумме меньше 16 банкир обязан брать карту" in text
