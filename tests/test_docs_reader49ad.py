"""Issue 49 (g49ad): sheets a table plays a whole evening from. Home Очко's hidden bust (what
it pays when the banker busts, its stake held in the bank), the new bank's size and the
banker's face-up card seen before the stakes; Casino Filipino's buy bets given up against
the dealer's pontoon, the cut card's Russian name and the payout key's «(сумма)»; the
Russian blackjack table whose dealer was 'not one of the players' and then 'plays as a
player'; Vingt-un's bust against the banker's 2:1. Each sentence is checked against the
engine that plays it."""

from __future__ import annotations

import random

import pytest
from engine_helpers import nets, run
from sheet_text import sheet

from pontoon_rules.docs.sheet.sheet_view import payout_rows
from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

OCHKO, FILIPINO = "ochko-home", "casino-filipino-pontoon"


def _played(ruleset_id: str, stakes: list[int], steps: tuple[str, ...],
            bank: int | None = None) -> RoundState:
    state = RoundState(compile_rules(load_bundled(ruleset_id)), stakes, bank=bank)
    for step in steps:
        state.apply_action(Action(step) if step.islower() else parse_cards([step])[0])
    return state


# 1a. A hidden bust pays its odds whatever the banker holds; its stake stays held ----------

def test_a_hidden_bust_is_said_as_the_engine_settles_it() -> None:
    text = sheet(OCHKO, "en")
    assert "where it is found and you pay the banker 2:1 on your stake, 200 in all on a stake " \
           "of 100, whatever the banker holds, even if the banker busts." in text
    assert "Until then its stake stays held in the bank: it is not free for the players " \
           "after you." in text
    ru = sheet(OCHKO, "ru")
    assert "что бы ни было у банкира, даже если у него перебор" in ru
    assert "До тех пор её ставка остаётся занятой в банке" in ru
    # p1's T T busts on an ace (31) and hides it; the banker's 9 draws T 6 and busts: 2:1
    busted = run(OCHKO, [100], "TS TD 9H AC TC 6S", "p1 twist, p1 hide, banker twist, "
                 "banker twist")
    assert nets(busted) == [-200, 200]


@pytest.mark.parametrize(("choice", "free", "second"), [("hide", 0, []), ("stick", 1500, [500])])
def test_a_hidden_bust_keeps_its_stake_held_against_the_next_player(
        choice: str, free: int, second: list[int]) -> None:
    """p1 goes «va-bank» for 1000 and busts: shown, the 1000 go into the bank and p2 stakes
    500; hidden, nothing is free and p2 sits the deal out."""
    state = _played(OCHKO, [1000, 500], ("TS", "6D", "9H", "TD", "7C", "twist", "AC", choice),
                    bank=1000)
    assert (state.bank_left, state.seats[1].hands[0].stakes) == (free, second)


# 1b. The new bank's size ------------------------------------------------------------------

def test_a_broken_bank_passes_to_a_new_bank_of_the_agreed_size() -> None:
    assert "it then passes to the player on the banker's left, who puts up a new bank of the " \
           "size agreed before play." in sheet(OCHKO, "en")
    assert "и тот ставит новый банк того размера, о котором договорились до игры." \
           in sheet(OCHKO, "ru")
    session = Session(compile_rules(load_bundled(OCHKO)), ["a", "b", "c"], random.Random(1),
                      banker="a", bank=1000)
    session.bank = 0  # broken
    session.change_banker("b")
    assert (session.banker, session.bank) == ("b", 1000)


# 1c. The players see the banker's face-up card before they stake ---------------------------

def test_the_players_stake_having_seen_the_bankers_face_up_card() -> None:
    assert "The deal pauses after the first card to each hand, the banker's included: each " \
           "player looks at theirs and at the banker's face-up card, and stakes;" \
           in sheet(OCHKO, "en")
    assert "каждый игрок смотрит свою карту и открытую карту банкира" in sheet(OCHKO, "ru")
    # the first round: p1, p2, then the banker's card, which p1 sees before a second card
    state = _played(OCHKO, [100, 100], ("TS", "6D", "9H"))
    seen = state.observation(0)
    assert seen["banker"]["cards"] == ["9H"] and seen["seats"][0]["hands"][0]["cards"] == ["TS"]


def test_a_banker_whose_first_card_is_face_down_is_not_said_to_show_it() -> None:
    text = sheet("pagat-british", "en")
    assert "The deal pauses after the first card to each hand: each player looks at theirs" \
           in text
    assert "the banker's face-up card" not in text
    state = _played("pagat-british", [100, 100], ("TS", "6D", "9H"))
    assert state.observation(0)["banker"]["cards"] == [None]


# 2a. Buy bets given up stay given up against the dealer's pontoon -------------------------

def test_buy_bets_given_up_stand_against_the_dealers_pontoon() -> None:
    assert "Unlike a surrender, giving up buy bets stands even if the dealer then makes a " \
           "pontoon: what they lost is not returned." in sheet(FILIPINO, "en")
    assert "Отказаться от ставок за покупку — не то же, что сдаться: это остаётся в силе, " \
           "даже если затем у дилера выходит понтун" in sheet(FILIPINO, "ru")
    # 5 4, buys 40 (2) and 100 (3) to 14; the dealer's K draws an A: pontoon, taking only
    # the original 100. The 100 buy given up loses its half (50) all the same; surrendered
    # instead, the hand settles as if it had not (void): the 100 alone.
    shoe = "5S KD 4H 2C 3C AS"
    given = run(FILIPINO, [100], shoe, "p1 decline, p1 buy 40, p1 buy 100, p1 business 1, "
                "p1 stick")
    surrendered = run(FILIPINO, [100], shoe, "p1 decline, p1 buy 40, p1 buy 100, "
                      "p1 surrender")
    assert given.result.banker_class == "pontoon"
    assert (nets(given)[0], nets(surrendered)[0]) == (-150, -100)


# 2b. The cut card's Russian name ----------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", [FILIPINO, "blackjack-reference"])
def test_the_russian_sheet_names_the_cut_card(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert "кладёт в колоду кат-карту (подойдёт и джокер)" in text  # r49zf, r49zk's word
    assert "подрезн" not in text and "отсекающ" not in text


# 2c. «1 к 1 (сумма)» explained in the key --------------------------------------------------

def test_the_key_says_what_as_a_total_means() -> None:
    ru = sheet(FILIPINO, "ru")
    assert "| 1 к 1 (сумма) |" in ru
    assert "Пометка «(сумма)» — именно этот случай: те же карты выигрывают или забирают как " \
           "любая сумма." in ru
    assert "Пометка «(сумма)»" in sheet(OCHKO, "ru")
    assert "“(as a total)” beside the odds: that side may not hold this hand" \
           in sheet(FILIPINO, "en")


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_as_a_total_key_is_printed_exactly_where_a_cell_says_it(ruleset_id: str) -> None:
    cells = any(row["as_total"] for row in payout_rows(load_bundled(ruleset_id), str))
    text = sheet(ruleset_id, "en")
    assert ("(as a total) |" in text) == cells == ("“(as a total)” beside the odds" in text)


# 3. The Russian blackjack's home dealer ----------------------------------------------------

def test_the_russian_house_dealer_is_said_as_the_english_says_it() -> None:
    ru, en = sheet("blackjack-reference", "ru"), sheet("blackjack-reference", "en")
    assert "For 1 to 7 players, each playing against the house dealer." in en
    assert "- Играют от 1 до 7 человек, каждый против дилера казино.\n" in ru
    assert "не из числа игроков" not in ru and "not one of the players" not in en
    assert "дальше играет как игрок" in ru and "plays from then on as a player" in en


# 4. Vingt-un: a bust pays only its stake, whatever the banker then makes ------------------

def test_a_bust_pays_only_its_stake_against_the_bankers_vingt_un() -> None:
    assert "If you bust, you pay the banker only your stake, at once, whatever the banker " \
           "then holds, even a hand that takes more from the hands still standing;" \
           in sheet("vingt-un", "en")
    assert "При переборе вы сразу отдаёте банкиру только свою ставку, что бы банкир потом ни " \
           "собрал" in sheet("vingt-un", "ru")
    # p1's 7 9 twists a J (26); p2 stands on 11; the banker's 2 J draws a 9: vingt-un, 2:1
    played = run("vingt-un", [100, 100], "7H 5C 2C 9D 6S JD JH 9S",
                 "p1 twist, p2 stick, banker twist")
    assert played.result.banker_class == "twenty-one"
    assert nets(played) == [-100, -200, 300]
