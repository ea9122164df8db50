"""Issue 49, reader r49s's points on the pagat family's sheets (g49ag): each sentence now
says what the engine does, in every language the sheet prints, and each is checked against
the engine where it says what play does."""

from __future__ import annotations

import random

import pytest
from sheet_text import sheet, word
from test_session import scripted, session

from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import ScriptRun, parse_step, play
from pontoon_rules.engine.sessions.pack import Pack
from pontoon_rules.errors import IllegalActionError
from pontoon_rules.ruleset.loading.registry import load_bundled

LANGUAGES = ("en", "ru", "hy", "pa", "ur")
PAGAT = ("pagat-aces-only-split", "pagat-stick-16", "pagat-british")

ACE = ("So an ace and a %(card)s make %(n)s, and a hand of %(limit)s may not count its ace %(low)s "
       "to draw on.")
ACE_DRAWS_ON = "So an ace and a %(card)s make %(n)s."
SETTLED = ("A player's pontoon takes the bank: declared on their turn, or turned up "
           "with every hand when the banker's pontoon ends the deal.")
SECOND_PACK = ("If the pack still runs out, the banker shuffles a second pack alone (keep one at "
               "hand) and deals on; from then on the two are one pack.")
"""Since g49ai one procedure with the bust cards under the pack (`test_docs_reader49ai`)."""
WHATEVER_HELD = ("The banker pays winners from their own money, and holds the bank however little "
                 "they have; if short, they pay in the order of play, and the table agrees "
                 "before play what follows (the rest owed, say): ____.")
ACES_FIRST_TWO = ("You may split a pair of aces, your first two cards, into two hands, the new "
                  "one staked like the first.")
RANK_FIRST_TWO = ("You may split two cards of the same rank, your first two, into two hands, the "
                  "new one staked like the first; ten-point cards only when they are the same "
                  "(two queens, not a king and a jack).")


# 1. The ace in the stick rule: as the engine counts it -------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ace_is_counted_as_the_engine_counts_it(lang: str) -> None:
    """'An ace counts as in your total' was garbled: the engine counts an ace high where
    that does not bust (`hand.points`) and stops a hand at 21 (`legal.may_draw`)."""
    text = sheet("pagat-aces-only-split", lang)
    assert word(lang, ACE, low=1, high=11, limit=21, card=4, n=15) in text
    assert "counts as in your total" not in text


def test_an_ace_and_a_four_stick_and_a_soft_21_draws_no_more() -> None:
    s = session("pagat-aces-only-split", "A B", "AS 9D 4S 8D")
    s.play_deal([10], scripted("p1 stick, banker stick"))  # A+4 = 15: may stick
    s = session("pagat-aces-only-split", "A B", "AS 9D 5S 8D 5H 2C")
    turns: list[str] = []

    def act(state: RoundState) -> None:
        turns.append(state.actor_name())
        state.apply_action(parse_step(f"{turns[-1]} {'twist' if len(turns) == 1 else 'stick'}",
                                      0)[1])

    record = s.play_deal([10], act)  # A+5+5 = 21: no counting the ace 1 to draw on
    assert turns == ["p1", "banker"]
    assert record.result.seats[0].hands[0].cards == ["AS", "5S", "5H"]


def test_a_game_that_draws_on_21_is_not_told_it_may_not() -> None:
    r = load_bundled("pagat-aces-only-split")
    r = r.model_copy(update={"player": r.player.model_copy(update={"draw_on_21": True})})
    text = " ".join(s.text for s in sentences(r))
    assert "to draw on" not in text
    assert ACE_DRAWS_ON % {"card": 4, "n": 15} in text


# 2. A player's pontoon against the banker's shown at once -----------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_who_pays_before_the_pontoon_takes_the_bank_is_plain(lang: str) -> None:
    text = sheet("pagat-aces-only-split", lang)
    assert word(lang, SETTLED) in text
    assert "after paying" not in text


def test_the_pontoon_maker_pays_the_banker_then_takes_the_bank() -> None:
    """The deal is settled first (the player's pontoon pays the banker's 2:1), then the
    player banks, however little they now hold."""
    s = session("pagat-aces-only-split", "A B", "AS AD KS KD")
    s.play_deal([10], scripted(""))
    assert s.balances == {"A": 20, "B": -20}
    assert s.banker == "B"


# 3. A pack that runs out: the second pack stays -------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_second_pack_is_said_to_stay(lang: str) -> None:
    text = sheet("pagat-aces-only-split", lang)
    assert word(lang, SECOND_PACK) in text


def test_a_pack_opened_mid_deal_stays_after_the_deal() -> None:
    rules = compile_rules(load_bundled("pagat-aces-only-split"))
    pack = Pack(rules, random.Random(1))
    dealt = list(pack.cards)
    pack.cards.clear()
    fresh = pack.open_pack()
    pack.end_deal(dealt, pontoon_made=True)  # a pontoon: every card shuffled together
    assert pack.size == 104 and len(pack.cards) == 104 and len(fresh) == 52


# 4. The bank comes to a pontoon maker whatever they hold ------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_no_minimum_is_asked_of_a_banker_the_rules_choose(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert word(lang, WHATEVER_HELD) in text
    assert "must hold to take the bank" not in text


def test_a_banker_who_may_refuse_is_still_asked_for_a_minimum() -> None:
    r = load_bundled("pagat-british")
    r = r.model_copy(update={"between_deals": r.between_deals.model_copy(
        update={"pontoon_maker_may_refuse": True})})
    text = " ".join(s.text for s in sentences(r))
    assert "must hold to take the bank (____ chips)" in text
    assert WHATEVER_HELD not in text


def test_a_pontoon_maker_deep_in_debt_takes_the_bank() -> None:
    s = session("pagat-aces-only-split", "A B", "9S TD 8S TH AS 9D KS 8D")
    s.play_deal([50], scripted("p1 stick, banker stick"))  # 17 against 20
    assert s.balances["B"] == -50
    s.play_deal([10], scripted("banker stick"))  # B's pontoon
    assert s.banker == "B"


# 5. Splitting: the first two cards, in every language ---------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_says_only_the_first_two_cards_split(lang: str) -> None:
    assert word(lang, ACES_FIRST_TWO) in sheet("pagat-aces-only-split", lang)
    assert word(lang, RANK_FIRST_TWO) in sheet("pagat-british", lang)


def test_the_engine_splits_only_the_first_two_cards() -> None:
    s = session("pagat-aces-only-split", "A B", "AS 9D AD 8D 2C")
    with pytest.raises(IllegalActionError):
        s.play_deal([10], scripted("p1 twist, p1 split"))


# Shoot Pontoon: the order of the shoot bets and a split's hands ---------------------------

SHOOT_LANGUAGES = ("en", "ru", "hy", "pa", "ur")
FIRST_BETS = ("First shoot bets are all made in the pause after everyone's first card, in the "
              "order of play; a bet before a fourth card comes later, in its hand's turn, so it "
              "has only the room every first bet has left.")
SPLIT_BETS = ("Every new hand a split makes may have its own shoot bet, made before the split's "
              "cards are dealt; a bet made earlier stays with the hand that was split, and each "
              "hand may have one more before its own fourth card.")


@pytest.mark.parametrize("lang", SHOOT_LANGUAGES)
def test_the_shoot_sheet_orders_the_bets_and_a_splits_hands(lang: str) -> None:
    text = sheet("shoot-pontoon", lang)
    assert word(lang, FIRST_BETS) in text
    assert word(lang, SPLIT_BETS) in text
    assert "the second hand may have its own shoot bet" not in text


def shoot_run(stakes: list[int], shoe: str, actions: str, kitty: int) -> ScriptRun:
    rules = compile_rules(load_bundled("shoot-pontoon"))
    steps = [a.strip() for a in actions.split(",") if a.strip()]
    return play(rules, stakes, parse_cards(shoe.split()), steps, kitty)


def test_a_later_first_bet_is_taken_before_an_earlier_fourth_card_bet() -> None:
    """p2's first bet of 30 (the pause) leaves p1's fourth-card bet 20 of a kitty of 50."""
    r = shoot_run([10, 10], "2S 9H TD 3S 8D 7C 2H 5C 9S",
                  "p1 decline, p2 shoot 30, p1 twist, p1 twist, p1 shoot 20, p1 twist, "
                  "p2 stick, banker stick", 50)
    offers = [(e["actor"], e["legal"]) for e in r.transcript
              if e["event"] == "decision" and "decline" in e["legal"]]
    assert offers == [("p1", ["shoot 1..50", "decline"]), ("p2", ["shoot 1..50", "decline"]),
                      ("p1", ["shoot 1..20", "decline"])]


def test_a_resplit_hand_gets_its_own_bet_and_the_first_keeps_the_first() -> None:
    r = shoot_run([10], "8S 9D 8H 8D 8C TS 9S 7S 6S",
                  "p1 shoot 10, p1 split, p1 shoot 5, p1 split, p1 shoot 3, p1 stick, p1 stick, "
                  "p1 stick, banker stick", 50)
    hands = r.result.seats[0].hands
    assert [h.shoot for h in hands] == [10, 3, 5]  # a third hand (beside the one split) bets too
    assert hands[0].cards[0] == "8S"


# Casino Filipino: a twenty-one against the dealer's pontoon; the Spanish pack -----------

def test_a_player_twenty_one_beats_the_dealers_pontoon_and_the_sheet_says_so() -> None:
    """'these hands of a player win whatever the dealer holds' beside 'Pontoon beats …
    twenty-one': the engine pays a player's twenty-one against the dealer's pontoon."""
    rules = compile_rules(load_bundled("casino-filipino-pontoon"))
    r = play(rules, [100], parse_cards("JD AS 2H 9D KS".split()), ["p1 decline", "p1 hit"], None)
    [hand] = r.result.seats[0].hands
    assert r.result.banker_cards == ["AS", "KS"]
    assert (hand.hand_class, hand.net) == ("twenty-one", 100)
    assert "That holds even against the dealer's pontoon." in sheet("casino-filipino-pontoon", "en")


def test_a_ranking_with_no_banker_hand_above_an_outright_one_adds_nothing() -> None:
    assert "even against" not in sheet("pagat-british", "en")


def test_the_spanish_pack_keeps_its_queens() -> None:
    text = sheet("casino-filipino-pontoon", "en")
    assert ("the tens removed: a Spanish pack, as casinos call it (the usual suits and faces, "
            "queens included).") in text


@pytest.mark.parametrize(("stake", "steps", "lost"), [
    (100, ["p1 decline", "p1 buy 50", "p1 surrender"], 75),  # half of 150, buy bet included
    (101, ["p1 decline", "p1 surrender"], 51)])  # half of 101 is 50.5: 50 comes back
def test_surrender_gives_back_half_of_the_whole_stake_rounded_down(
        stake: int, steps: list[str], lost: int) -> None:
    rules = compile_rules(load_bundled("casino-filipino-pontoon"))
    r = play(rules, [stake], parse_cards("8D QH 7S 2C 8S".split()), steps, None)
    assert r.result.seats[0].hands[0].net == -lost
    assert ("The stake of which half comes back is the whole of it, buy bets included, and what "
            "comes back is rounded as a payout is.") in sheet("casino-filipino-pontoon", "en")


def test_the_least_pair_bet_is_said_as_the_engine_takes_it() -> None:
    rules = compile_rules(load_bundled("casino-filipino-pontoon"))
    with pytest.raises(IllegalActionError):
        play(rules, [100], parse_cards("8D QH 7S 2C 8S".split()), ["p1 pair 0"], None)
    r = play(rules, [100], parse_cards("8D QH 8S 2C 9S".split()), ["p1 pair 1", "p1 stand"], None)
    assert r.result.seats[0].side_bets["pair"][0] == 1
    assert "A side bet is at least 1 chip." in sheet("casino-filipino-pontoon", "en")
