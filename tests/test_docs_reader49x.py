"""Issue 49 (the fresh reader r49i): what the house-dealer sheets (australian-pontoon,
spanish-21, blackjack-reference) left open. A player's pontoon against the banker's is
said (the ties sentence, from the engine's outcome table, even where the hand wins whatever
the banker holds), and the Russian sheets no longer speak of an undefined «особая рука»;
who sits where when a home bank passes (the engine's `pass_bank_on`: the old banker plays
on, last in the order of play); no worked example says a doubled hand that may draw no more
"stands" (the engine asks only whether to give it up); the dealer's second card when every
hand is settled is drawn only after a surrender (the Russian said «после сдачи», read as
"after the deal")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sheet_text import sheet
from test_session import scripted, stacked

from pontoon_rules.docs.words.narrate import _steps
from pontoon_rules.docs.words.rounds import teaching_rounds
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import WIN, outcome_table

HOUSE_DEALER = ("australian-pontoon", "spanish-21", "blackjack-reference")



@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("australian-pontoon", "en", "Ties: with pontoon against pontoon, the player wins;"),
    ("australian-pontoon", "ru", "понтун у обоих — выигрывает игрок;"),
    ("spanish-21", "en", "with blackjack against blackjack, the player wins;"),
    ("spanish-21", "ru", "блэкджек у обоих — выигрывает игрок;")])
def test_a_players_pontoon_against_the_bankers_is_said(ruleset_id: str, lang: str,
                                                       words: str) -> None:
    """The engine's table: the player's natural beats the banker's natural in both games."""
    r = load_bundled(ruleset_id)
    top = r.hands.ranking[0]
    assert outcome_table(r)[top, top].result is WIN
    assert words in sheet(ruleset_id, lang)


@pytest.mark.parametrize("ruleset_id", HOUSE_DEALER)
def test_no_undefined_special_hand_in_russian(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert "особая рука" not in text and "особой руки" not in text


@pytest.mark.parametrize("direction", ["left", "right"])
def test_a_passed_bank_leaves_the_old_banker_playing_last(tmp_path: Path,
                                                          direction: str) -> None:
    """Australian pontoon at home, the bank passing after every deal: the next player in
    the order of play banks, and the old banker plays from then on, last in that order."""
    path = tmp_path / "home.yaml"
    path.write_text("id: home-au\nname: Home (test)\nkind: house\nextends: australian-pontoon\n"
                    "table:\n  banker: rotating\n  first_banker: highest-cut\n"
                    f"  direction: {direction}\n  bank:\n    amount: 1000\n"
                    "    passes_after_deals: 1\n", encoding="utf-8")
    rules = compile_rules(load_ruleset(path))
    s = Session(rules, list("ABCD"), random.Random(1), banker="A", bank=1000,
                pack_order=stacked(rules, "9C 9D 9H 9S 8C 8D 8H"))
    first = s.seats()
    s.play_deal([100, 100, 100], scripted("p1 stick, p2 stick, p3 stick"))
    assert s.banker == first[0]
    assert s.seats()[-1] == "A" and s.banker not in s.seats()


@pytest.mark.parametrize("ruleset_id", HOUSE_DEALER)
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "stays in their seat and plays from then on as a player, the last in the order of "
           "play;"),
    ("ru", "остаётся на своём месте и дальше играет как игрок, последним по порядку игры;")])
def test_the_home_bank_says_where_the_old_banker_plays(ruleset_id: str, lang: str,
                                                       words: str) -> None:
    assert words in sheet(ruleset_id, lang)


def _doubled_then_stands(result: dict) -> list[str]:
    found = []
    for seat in result["seats"]:
        steps = _steps(seat["seat"], result, 2)
        found += [seat["seat"] for a, b in zip(steps, steps[1:], strict=False)
                  if a.kind == "double" and b.kind == "stick" and a.hand == b.hand]
    return found


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_no_example_stands_on_a_double_that_draws_no_more(ruleset_id: str) -> None:
    """The steps every language tells (each language only translates them): a double whose
    rules deal one card and stop is never followed by a stand."""
    r = load_bundled(ruleset_id)
    if r.player.double.draws_after != 1:
        pytest.skip("a double here may draw on")
    assert not [s for rnd in teaching_rounds(r) for s in _doubled_then_stands(rnd["result"])]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_australian_double_example_has_no_stand(lang: str) -> None:
    line = next(x for x in sheet("australian-pontoon", lang).splitlines()
                if "doubles" in x or "удваивает" in x)
    assert "stands" not in line and "хватит" not in line


@pytest.mark.parametrize(("actions", "banker_cards"), [(["p1 twist"], 1),
                                                       (["p1 surrender"], 2)])
def test_the_dealer_draws_a_second_card_only_after_a_surrender(actions: list[str],
                                                               banker_cards: int) -> None:
    """Australian pontoon, one player: bust, the dealer keeps the one card; surrendered, the
    dealer takes the second card that may make a pontoon (and void the surrender)."""
    rules = compile_rules(load_bundled("australian-pontoon"))
    run = play(rules, [100], parse_cards("KS QH 6D QC 9C 5S 4H".split()), actions)
    assert len(run.result.banker_cards) == banker_cards


@pytest.mark.parametrize(("lang", "said", "unsaid"), [
    ("en", "the dealer does not play, except to take a second card when someone has "
           "surrendered", None),
    ("ru", "дилер не играет. Но если кто-то из них сдался, дилер всё же берёт вторую карту",
     "Только если кто-то сдался")])  # r49p/r49q: «Только если» read as the dealer's only draw
def test_the_sheet_says_the_second_card_is_only_for_a_surrender(lang: str, said: str,
                                                                unsaid: str | None) -> None:
    text = sheet("australian-pontoon", lang)
    assert said in text
    assert unsaid is None or unsaid not in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the stake a split adds counts as the new hand's original stake"),
    ("ru", "ставка, добавленная при сплите, считается первоначальной ставкой новой руки")])
def test_a_split_stake_counts_as_an_original_stake(lang: str, words: str) -> None:
    """A dealer's pontoon takes only original stakes, yet one from each split hand (the
    engine, test_docs_reader4_rest): the split's stake is said to count as original, so it
    no longer reads as a stake "added in play" that comes back."""
    assert words in sheet("australian-pontoon", lang)


@pytest.mark.parametrize(("stake", "hand_class"), [(100, "suited-sevens"),
                                                   (500, "super-bonus-5"),
                                                   (2500, "super-bonus-25")])
def test_a_stake_under_the_super_bonus_makes_the_next_hand(stake: int, hand_class: str) -> None:
    """The engine: suited 7-7-7 against a dealer's 7 on $1 is suited 7-7-7, not a total."""
    rules = compile_rules(load_bundled("australian-pontoon"))
    run = play(rules, [stake], parse_cards("7D 7C 7D 7D KS".split()), ["p1 twist"])
    assert run.result.seats[0].hands[0].hand_class == hand_class


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "On a smaller stake the same cards count as the next hand below that they fit."),
    ("ru", "При меньшей ставке те же карты считаются следующей ниже комбинацией")])
def test_the_super_bonus_says_what_a_smaller_stake_makes(lang: str, words: str) -> None:
    text = sheet("australian-pontoon", lang)
    assert text.count(words) == 2  # both Super Bonus lines


def _p1_actions(ruleset_id: str) -> list[list[str]]:
    return [rnd["script"]["actions"] for rnd in teaching_rounds(load_bundled(ruleset_id))]


@pytest.mark.parametrize(("ruleset_id", "doubles"), [("australian-pontoon", 1),
                                                     ("spanish-21", 2)])
def test_a_rescue_is_worked_after_its_doubles(ruleset_id: str, doubles: int) -> None:
    """A game with the double-down rescue works one example of it, after a redouble where
    a hand may double again (spanish-21: 100, 200, 300, the last 100 back)."""
    shown = [a for a in _p1_actions(ruleset_id) if "p1 rescue" in a]
    assert len(shown) == 1
    assert sum(x.startswith("p1 double") for x in shown[0]) == doubles


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "doubles down and gets 2♣, doubles down and gets 5♦, gives the doubled hand up"),
    ("ru", "удваивает ставку и получает 2♣, удваивает ставку и получает 5♦, спасает "
           "удвоение: 16 (4 карты).")])
def test_spanish_21_tells_a_redouble_and_a_rescue(lang: str, words: str) -> None:
    text = sheet("spanish-21", lang)
    assert words in text


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21"])
@pytest.mark.parametrize(("lang", "words", "unsaid"), [
    ("en", "Where cards fit several named hands, only the highest of them counts, in this "
           "order: ", "counts as the highest of them."),
    ("ru", "Если карты подходят под несколько названий, считается только старшее из них, в "
           "таком порядке: ", "считается старшее из них.")])
def test_the_ranking_says_its_order_only_names_the_cards(ruleset_id: str, lang: str,
                                                         words: str, unsaid: str) -> None:
    """Every named hand of a player wins whatever the banker holds, and the banker holds
    only the top one (the engine's table): blackjack above a $5,000 prize is no scale of
    worth, only which name counts."""
    r = load_bundled(ruleset_id)
    table = outcome_table(r)
    named = [h for h, d in r.hands.ranked() if d.player_can_hold]
    assert all(c.result is WIN for (p, b), c in table.items() if p in named and b != "bust")
    text = sheet(ruleset_id, lang)
    assert words in text and unsaid not in text


def test_a_ranking_the_banker_plays_by_keeps_the_plain_words() -> None:
    text = sheet("belarus-ponton", "en")
    assert "Between these names the order only" not in text


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_takes_nothing_for_a_hand_the_banker_never_holds(ruleset_id: str,
                                                                    lang: str) -> None:
    """«Банкир забирает 1 к 1» beside 7-7-7 read as the banker holding it: a row the banker
    may not hold says "—" or what its cards take as the banker's plain total, said so
    ("1:1 (as a total)", r49n), never a bare "1:1"; a hand the banker holds says only how
    much it takes where that is not the whole stake ("1:1 (original stake only)", r49zf)."""
    r = load_bundled(ruleset_id)
    rows = [line.split(" | ") for line in sheet(ruleset_id, lang).splitlines()
            if line.startswith("| ") and line[2:3].isdigit()]
    held = [h for h in r.hands.ranking if h == "total" or r.hands.definitions[h].banker_can_hold]
    for number, cells in enumerate(rows, 1):
        hand = r.hands.ranking[number - 1] if number <= len(r.hands.ranking) else "bust"
        takes = cells[-1].rstrip(" |")
        only = takes.endswith(("(original stake only)", "(только исходная ставка)"))
        assert (takes == "—" or (takes.endswith(")") and not only)) == (hand not in held), (
            hand, takes)
