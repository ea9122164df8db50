"""Issue 49, the fourth fresh reader's report (`reader4`): each finding on the English and
Russian sheets checked on the sheet's text or its sentences (`docs.words.sentences`)."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base, payout_rows
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.example_hands import example_cards
from pontoon_rules.engine.round.hand import Hand, classify
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.settle import settle_hand
from pontoon_rules.ruleset.format.fields import provenance_for
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def sheet(ruleset_id: str, lang: str = "en") -> str:
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def said(ruleset_id: str, lang: str = "en") -> dict[str, Sentence]:
    """The sheet's sentences by rule key."""
    return {s.key: s for s in sentences(load_bundled(ruleset_id), lang)}


def test_spanish_21_speaks_the_us_casinos_dealer_hit_and_stand() -> None:
    text = sheet("spanish-21")
    assert not re.search(r"(?i)\b(banker|twist|stick)", text)
    for words in ("against the house dealer.", "## The dealer's turn", "Hit: take another card",
                  "Stand: take no more cards", "hits 9♦", "stands: 17", "Dealer: is dealt",
                  "You may double down up to 3 times", "doubles down and gets 7♠"):
        assert words in text


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21"])
def test_a_casino_no_source_gives_a_limit_for_marks_its_no_upper_limit(ruleset_id: str) -> None:
    """No page gives the table limits: the table agrees them (blanks, marked †), not a
    cent no table plays for (g49c: "$0.01" read oddly on a home sheet)."""
    limits = said(ruleset_id)["stake_limits"]
    assert re.search(r"each (stake|bet) at least ____, at most ____", limits.text)
    assert limits.open
    assert "$0.01" not in sheet(ruleset_id)


def _two_card_hands(rules: Rules) -> list[Hand]:
    """A hand of every two ranks the pack holds (one card of each, suits mixed)."""
    cards = [next(c for c in range(rank * 4, rank * 4 + 4) if rules.card_present[c])
             for rank in range(len(rules.rank_present)) if rules.rank_present[rank]]
    return [_hand([a, b], rules) for i, a in enumerate(cards) for b in cards[i:]]


def _hand(cards: list[int], rules: Rules) -> Hand:
    out = Hand(100)
    for card in cards:
        out.add(card, rules.values)
    return out


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_a_payout_cell_says_never_only_where_those_cards_never_win(ruleset_id: str) -> None:
    """The table's "—" (never) on a hand one side may not hold as named: where that side's
    hand of the same cards wins nothing against any two-card hand that is not bust (the
    engine settles); a plain total says so (g49x: a bare "1:1" beside a hand the banker
    never holds read as the banker holding it; r49n: a bare "—" as those cards never
    winning), "1:1 (as a total)", where the same cards win against some hand."""
    r = load_bundled(ruleset_id)
    rules = compile_rules(r)
    others = _two_card_hands(rules)
    for row in payout_rows(r, translations("en").gettext):
        d = r.hands.definitions.get(row["key"])
        shown = example_cards(r, row["key"], rules, banker=d is not None and not d.player_can_hold)
        assert shown is not None, row["key"]
        held = _hand([parse_card(c) for c in shown], rules)
        if d is not None and not (d.player_can_hold and d.banker_can_hold):
            other = row["takes"] if d.player_can_hold else row["pays"]
            assert other == "—" or ", as " in other or other.endswith(" (as a total)"), row
            if other.endswith(" (as a total)"):  # the same cards, a plain total, do win
                assert any(settle_hand(o, held, rules) < 0 if d.player_can_hold
                           else settle_hand(held, o, rules) > 0
                           for o in others if classify(o, rules) != "bust"), row
            continue
        banker_takes = any(settle_hand(other, held, rules) < 0 for other in others
                           if classify(other, rules) != "bust")  # a bust loses to anything
        player_wins = any(settle_hand(held, other, rules) > 0 for other in others)
        assert (row["takes"] != "—") == banker_takes, (row["key"], row["takes"])
        assert (row["pays"] != "—") == player_wins, (row["key"], row["pays"])


@pytest.mark.parametrize(("ruleset_id", "lang", "row"), [
    ("australian-pontoon", "en", "| 13. twenty-one | A♠ 8♥ 2♦ | 1:1 | 1:1 (as a total) |"),
    ("spanish-21", "en", "| 13. twenty-one | A♠ 8♥ 2♦ | 1:1 | 1:1 (as a total) |"),
    ("ochko-home", "ru", "| 2. очко | Т♠ 10♥ | 1 к 1 | 1 к 1 (сумма) |")])
def test_the_bankers_twenty_one_takes_as_a_plain_total(ruleset_id: str, lang: str,
                                                       row: str) -> None:
    assert row in sheet(ruleset_id, lang)


@pytest.mark.parametrize(("lang", "sticks", "stands"), [
    ("en", "draws 6♥, sticks: 17", "stands"), ("hy", "«հերիք» է ասում", "կանգ է առնում"),
    ("pa", "“ਬੱਸ” ਕਹਿੰਦਾ ਹੈ", "ਰੁਕ ਜਾਂਦਾ ਹੈ"), ("ur", "“بس” کہتا ہے", "رک جاتا ہے")])
def test_a_banker_who_draws_by_choice_sticks_in_the_sheets_own_word(lang: str, sticks: str,
                                                                     stands: str) -> None:
    text = sheet("pagat-british", lang)
    examples = text.split("\n## ")[-1]
    assert sticks in examples
    assert stands not in examples


def test_a_fixed_rule_dealer_still_stands_in_the_examples() -> None:
    assert "draws Q♦: 25" in sheet("spanish-21")
    assert "stands" in sheet("australian-pontoon").split("\n## ")[-1]


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_no_hand_may_stick_on_any_total_where_it_cannot_draw_anyway(ruleset_id: str) -> None:
    assert not any("It may stick" in s.text for s in sentences(load_bundled(ruleset_id)))


def test_a_hand_that_could_still_draw_says_the_stick_minimum_does_not_bind_it() -> None:
    r = load_bundled("pagat-british")
    r = r.model_copy(update={"player": r.player.model_copy(update={"max_cards": None})})
    trick = next(s.text for s in sentences(r) if s.key == "hand:five-card-trick")
    assert trick.endswith("It may stick even below 15.")


def test_the_pagat_sheet_says_whose_pontoon_is_shown_at_once_and_buying_apart() -> None:
    text = " ".join(s.text for s in sentences(load_bundled("pagat-british")))
    assert ("A player's pontoon takes the bank: declared on their turn, or turned up "
            "with every hand when the banker's pontoon ends the deal.") in text
    assert "pontoon, shown at once" not in text
    assert ("Twist: take another card without adding to your stake. Buy: add to your stake "
            "and take another card for it.") in text
    assert "or buy one" not in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "As the banker's hand it takes the whole stake of each hand it beats, what was "
           "bought too."),
    ("ru", "У дилера эта комбинация забирает всю ставку каждой битой руки, вместе с "
           "поставленным на купленные карты.")])
def test_the_belarus_sheet_says_which_reading_of_the_dealers_pontoon_it_plays(
        lang: str, words: str) -> None:
    """The page says only «а первоначальная ставка проигрывает»: the field is open, quoted,
    and the sheet says the reading it plays (bought stakes lost too), marked †."""
    r = load_bundled("belarus-ponton")
    found = provenance_for(r, "hands.definitions.pontoon.takes")
    assert found is not None and found.open
    assert "а первоначальная ставка проигрывает" in (found.quote or "")
    pontoon = said("belarus-ponton", lang)["hand:pontoon"]
    assert words in pontoon.text
    assert pontoon.open


def test_a_pontoon_the_dealer_peeks_for_says_nothing_of_bought_stakes() -> None:
    assert "whole stake" not in said("pagat-british")["hand:pontoon"].text


def test_the_belarus_russian_sheet_names_even_money_one_way() -> None:
    text = sheet("belarus-ponton", "ru")
    assert "ивен мани" not in text  # the page's own word, quoted (g49i): «равные деньги»
    assert text.count("«равные деньги»") >= 2  # the intro and the insurance


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Банкир ставит банк в ____ фишек (сумму оговаривают до игры, например 1000)."),
    ("en", "The banker puts up a bank of ____ chips (agreed before play, for example 1000).")])
def test_a_bank_the_source_leaves_to_the_banker_is_a_blank_to_agree(lang: str,
                                                                    words: str) -> None:
    bank = said("ochko-home", lang)["bank_amount"]
    assert words in bank.text
    assert "1000 фишек" not in bank.text and "1000 units" not in bank.text


def test_a_bank_the_ruleset_fixes_prints_its_size() -> None:
    r = load_bundled("ochko-home")
    r = r.model_copy(update={"provenance": {}})  # a user's ruleset: no reading of a source
    bank = {s.key: s.text for s in sentences(r)}["bank_amount"]
    assert "The banker puts up a bank of 1000 chips." in bank


@pytest.mark.parametrize(("lang", "at_once", "settled"), [
    ("ru", "сразу выигрывают", "вместо этого выигрывают (расчёт в конце раздачи)"),
    ("en", "instead win at once", "instead win, paid when the deal is settled")])
def test_the_golden_ochko_intro_says_when_it_is_paid(lang: str, at_once: str,
                                                     settled: str) -> None:
    intro = sheet("ochko-home", lang).split("\n## ")[0]
    assert at_once not in intro
    assert settled in intro


def test_the_casino_ochko_intro_names_the_split_as_the_body_does() -> None:
    text = sheet("casino-ochko", "ru")
    intro, body = text.split("\n## ", 1)
    assert "разделить (сплит) две карты с одинаковым числом очков" in intro
    assert "разделить (сплит)" in body
    assert "разби" not in text
