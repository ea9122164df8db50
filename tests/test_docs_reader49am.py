"""Issue 49, the open points the last readers named (g49am). Each sentence is now said as the
engine plays it, by the fields that decide it, in every language the sheet prints:

1. The pagat family's packs: one pack, a spare at hand (it joins the first only when
   the cards run out during a deal), said where the pack is named
   (`deal_facts.second_pack_joins`, as `Session._restock` opens one).
2. A player's pontoon is declared on their turn; the banker's is shown at once (the deal's
   own sentence, g49ao; the peek, `flow._after_insurance`) and ends the deal.
3. Shoot: a kitty put up on credit counts in full; the banker owes what they could not pay
   to the players who win it, paid when the evening ends (balances below nothing,
   settled at `Session.close`).
4. A ◆ goes before each sentence that differs where a long rule differs only in some; a
   rule new or changed throughout keeps one ◆ at its end; the legend says which is which.
5. Worked examples of one player each: one sentence says how a deal runs with several
   (the players' turns one after another, then the banker's one hand against them all),
   where the table seats more than one.
6. Ban Luck (and every sheet whose banker's hands collect at several rates): the blanket
   "a losing one pays the odds of the banker's hand" says that a bust pays only its stake
   (the outcome table's bust row, as `settle_hand` takes it).
7. Home ochko: "every losing hand pays the banker 1:1" says that a bust kept hidden pays
   2:1 (`engine.round.hidden_bust.net`).
8. Russian: «очко» for Vingt-un's natural, not the calque «натуральное двадцать одно»; a
   hand in the worked examples as «23 (3 карты)», not «23 из 3 карт».
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sheet_text import sheet, word
from test_docs_reader49aj import stepped
from test_session import scripted, session

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.changes import marked_sentences
from pontoon_rules.docs.words.deal_facts import second_pack_joins
from pontoon_rules.docs.words.losing_words import bust_pays_less
from pontoon_rules.docs.words.pack_words import pack_size_words
from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.settle import settle_hand
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table

PAGAT = ("pagat-british", "pagat-aces-only-split", "pagat-stick-16", "shoot-pontoon")
LANGUAGES = ("en", "ru", "hy", "pa", "ur")

PACKS = "One pack of %(count)s cards, a spare at hand."
ONE_PACK = "Played with one pack of %(count)s cards."
DECLARED = ("A player's pontoon takes the bank: declared on their turn, or turned up "
            "with every hand when the banker's pontoon ends the deal.")
SHOWN_AT_ONCE = "The one exception: if the banker holds a %(natural)s, it is shown at once."
CREDIT = ("A kitty put up on credit counts in full: the banker owes what they could not pay to "
          "the players who win it from that kitty, and pays them when the evening ends.")
BUST_STAKE = "A bust pays only its stake."
PAYOUTS = ("A winning hand is paid the odds of its hand, a losing one pays the odds of the "
           "banker's hand (%(example)s). Any other total wins %(pays)s; the banker's other total "
           "collects %(collects)s.")
HIDDEN = "A bust kept hidden pays %(odds)s (see below)."


def overlay(tmp_path: Path, base: str, body: str, lang: str = "en") -> str:
    """The sheet of `base` with `body` (YAML) changed."""
    path = tmp_path / "variant.yaml"
    path.write_text(f"id: variant\nname: Variant (test)\nkind: house\nextends: {base}\n"
                    + body, encoding="utf-8")
    r = load_ruleset(path)
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


def hand(cards: str, rules_id: str, stake: int = 0) -> Hand:
    rules = compile_rules(load_bundled(rules_id))
    out = Hand(stake)
    for card in parse_cards(cards.split()):
        out.put(card, rules)
    return out


# 1. ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", PAGAT)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pagat_family_names_its_packs_once_and_consistently(ruleset_id: str,
                                                                lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert word(lang, PACKS, count=52) in text
    assert word(lang, ONE_PACK, count=52) not in text


def test_the_second_pack_is_said_only_where_one_comes_in(tmp_path: Path) -> None:
    assert second_pack_joins(load_bundled("pagat-british"))
    assert not second_pack_joins(load_bundled("ban-luck"))  # it cannot run out
    assert "a spare at hand" not in sheet("ban-luck", "en")
    path = tmp_path / "variant.yaml"
    path.write_text("id: variant\nname: Variant\nkind: house\nextends: pagat-british\n"
                    "between_deals:\n  busted_cards_to_bottom_at_once: false\n", encoding="utf-8")
    assert pack_size_words(load_ruleset(path), str) == ONE_PACK % {"count": 52}
    assert pack_size_words(load_bundled("pagat-british"), str) == PACKS % {"count": 52}


# 2. ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_when_each_pontoon_is_shown_is_said_as_the_engine_does(lang: str) -> None:
    text = sheet("pagat-british", lang)
    assert word(lang, DECLARED) in text
    if lang == "en":  # the banker's, once, in the deal (its languages: test_docs_reader49ao)
        assert SHOWN_AT_ONCE % {"natural": "pontoon"} in text


def test_the_bankers_pontoon_ends_the_deal_before_any_player_acts() -> None:
    """Dealt a pontoon, the banker ends the deal at once: no player's turn comes; without
    it, the player's turn comes first."""
    state = stepped("pagat-british", [100], "9S AH 9D KH", [])
    assert state.is_terminal() and state.ended_early
    state = stepped("pagat-british", [100], "9S 9H 9D KH", [])
    assert not state.is_terminal() and state.actor_name() == "p1"


# 3. ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kitty_on_credit_says_who_is_owed_and_when(lang: str) -> None:
    assert word(lang, CREDIT) in sheet("shoot-pontoon", lang)


def test_a_kitty_put_up_without_money_is_owed_to_whoever_wins_it() -> None:
    """A banker with nothing puts up 40: the kitty counts 40, the banker 40 below nothing.
    p1 (19 against 17) wins the stake of 10 and the shoot bet of 40 from the kitty; when
    play ends the banker is 50 below nothing: the 40 of the kitty and the 10 staked, owed
    to p1."""
    s = session("shoot-pontoon", "A B", "TS 9D 9S 8D")
    assert s.balances == {"A": 0, "B": 0}
    s.put_up_kitty(40)
    assert (s.kitty, s.balances["A"]) == (40, -40)
    s.play_deal([10], scripted("p1 shoot 40, p1 stick, banker stick"))
    assert s.kitty == 0 and s.balances["B"] == 50
    s.close()
    assert s.balances == {"A": -50, "B": 50}


# 6. ---------------------------------------------------------------------------------------

def test_a_bust_pays_only_its_stake_against_the_bankers_five_card_hand() -> None:
    rules = compile_rules(load_bundled("ban-luck"))
    banker = hand("2S 3H 4D 5C 6S", "ban-luck")  # five-dragon: collects 2:1
    ordinary = hand("TS 8H", "ban-luck", 100)
    bust = hand("TS 8H 9D", "ban-luck", 100)
    assert settle_hand(ordinary, banker, rules) == -200
    assert settle_hand(bust, banker, rules) == -100
    assert bust_pays_less(load_bundled("ban-luck"), outcome_table(load_bundled("ban-luck")))


@pytest.mark.parametrize(("ruleset_id", "langs"), [("ban-luck", ("en", "ru")),
                                                    ("pagat-british", LANGUAGES)])
def test_the_blanket_losing_sentence_says_a_bust_pays_only_its_stake(
        ruleset_id: str, langs: tuple[str, ...]) -> None:
    for lang in langs:
        line = next(x for x in sheet(ruleset_id, lang).splitlines()
                    if word(lang, BUST_STAKE) in x)
        assert line.startswith("- " + word(lang, PAYOUTS, example="", pays="",
                                           collects="")[:12])


def test_a_game_whose_banker_collects_one_rate_adds_no_bust_exception() -> None:
    assert BUST_STAKE not in sheet("ochko-home", "en")
    assert not bust_pays_less(load_bundled("ochko-home"), outcome_table(load_bundled(
        "ochko-home")))


# 7. ---------------------------------------------------------------------------------------

def test_a_hidden_bust_pays_two_to_one_as_the_exception_says() -> None:
    rules = compile_rules(load_bundled("ochko-home"))
    bust = hand("TS 8H 9D", "ochko-home", 100)
    bust.hidden = True
    assert settle_hand(bust, hand("TS 7H", "ochko-home"), rules) == -200


@pytest.mark.parametrize(("lang", "two"), [("en", "2:1"), ("ru", "2 к 1")])
def test_every_losing_hand_says_its_hidden_bust_exception(lang: str, two: str) -> None:
    blanket = word(lang, "Every winning hand is paid %(pays)s; every losing hand pays the "
                   "banker %(collects)s.", pays="", collects="")[:12]
    line = next(x for x in sheet("ochko-home", lang).splitlines()
                if word(lang, HIDDEN, odds=two) in x)
    assert line.startswith("- " + blanket)


def test_without_a_hidden_bust_the_exception_is_not_printed(tmp_path: Path) -> None:
    text = overlay(tmp_path, "ochko-home", "settlement:\n  hidden_bust_pays: null\n"
                   "faces:\n  bust_shown: true\n")
    assert "A bust kept hidden pays" not in text


# 8. ---------------------------------------------------------------------------------------

def test_russian_names_vingt_uns_natural_as_its_players_do() -> None:
    text = sheet("vingt-un", "ru")
    assert "натуральн" not in text.lower()
    assert "Очко с раздачи: ровно 2 карты с суммой 21" in text  # r50a, f49f


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "ochko-home", "ban-luck"])
def test_russian_worked_examples_say_the_sum_then_the_cards_in_brackets(ruleset_id: str) -> None:
    examples = sheet(ruleset_id, "ru").split("\n## ")[-1]
    assert " из 3 карт" not in examples and " из 2 карт" not in examples
    assert " (3 карты)" in examples or " (2 карты)" in examples


# 5. ---------------------------------------------------------------------------------------

SEVERAL = ("Each example has one player; with several, they play in turn, then the banker "
           "plays one hand against them all.")


def turns(ruleset_id: str, seats: int) -> list[str]:
    """Who decides, in order, in a round of `seats` players dealt from the top of the pack
    (each sticks where it may, else draws), runs of one actor kept once."""
    state = RoundState(compile_rules(load_bundled(ruleset_id)), [100] * seats)
    order: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        kinds = {a.kind: a for a in state.legal_actions()}
        name = state.actor_name()
        if not order or order[-1] != name:
            order.append(name)
        kind = next(k for k in ("stick", "stand", "twist", "hit", "draw") if k in kinds)
        state.apply_action(Action(kind))
    return order


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "ban-luck", "ochko-home"])
def test_several_players_take_their_turns_then_the_banker_plays_once(ruleset_id: str) -> None:
    assert turns(ruleset_id, 3) == ["p1", "p2", "p3", "banker"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_player_examples_say_how_a_deal_runs_with_several(lang: str) -> None:
    examples = sheet("pagat-british", lang).split("\n## ")[-1]
    assert word(lang, SEVERAL) in examples


def test_a_casino_sheet_says_it_of_the_dealer_and_a_one_player_table_not_at_all() -> None:
    assert "then the dealer plays one hand against them all" in sheet("australian-pontoon", "en")
    assert "дилер играет одну руку" in sheet("australian-pontoon", "ru")
    assert load_bundled("siebzehn-und-vier").table.max_players == 1
    assert "Each example has one player" not in sheet("siebzehn-und-vier", "en")


# 4. ---------------------------------------------------------------------------------------

PART_MARK = "At a rule's end it marks the whole rule; before a sentence, only that sentence."


def test_a_mark_goes_before_the_one_sentence_of_a_long_rule_that_differs() -> None:
    """Shoot's rule of the bank: one sentence (the auction) of eight differs from British
    Pontoon's; the ◆ is before it, not at the end of the rule."""
    line = next(x for x in sheet("shoot-pontoon", "en").splitlines()
                if "Whoever cuts the highest card" in x)
    assert "◆ When the kitty runs dry the bank may also be auctioned" in line
    assert not line.rstrip(" †‡").endswith("◆") and line.count("◆") == 1


def test_a_rule_wholly_new_or_wholly_changed_keeps_one_mark_at_its_end() -> None:
    text = sheet("shoot-pontoon", "en")
    shoot = next(x for x in text.splitlines() if x.startswith("- Shoot: the banker puts up"))
    assert shoot.rstrip(" †‡").endswith("◆") and shoot.count("◆") == 1  # not in the base
    split = next(x for x in sheet("pagat-aces-only-split", "en").splitlines()
                 if x.startswith("- A new pair of aces"))
    assert split.endswith(" ◆") and split.count("◆") == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_says_what_a_mark_covers_where_a_rule_is_marked_in_part(lang: str) -> None:
    text = sheet("pagat-stick-16", lang)
    legend = next(x for x in text.splitlines() if x.startswith("◆ "))
    assert word(lang, PART_MARK) in legend
    stick = next(x for x in text.splitlines() if x.startswith("- ") and "◆ " in x[2:]
                 and not x.rstrip(" †‡").endswith("◆"))
    assert stick.count("◆") >= 1


def test_only_a_rule_changed_in_part_is_cut_into_sentences() -> None:
    assert PART_MARK not in sheet("pagat-british", "en")  # no base: no ◆ at all
    assert marked_sentences("A b. C d.", None) == []  # the base has no such rule
    assert marked_sentences("A b. C d.", "X y. Z w.") == []  # every sentence differs
    assert marked_sentences("A b. C d.", "C d. A b.") == []  # only the order differs
    assert marked_sentences("A b. C e.", "A b. C d.") == [("A b.", False), ("C e.", True)]
    assert marked_sentences("Ա բ։ Գ դ։", "Ա բ։ Գ ե։") == [("Ա բ։", False), ("Գ դ։", True)]
