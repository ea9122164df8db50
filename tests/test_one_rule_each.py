"""One implementation of each thing (what the re-read of stop 59's diff found written
twice or by a trick): the total below which the banker must draw, which the engine plays
and the sheets say; every value an ace may take; the catalog marker; a blank amount in the
money's own format; no card limit on a double; and the sentences templates, one per
chapter. Two readings of one rule cannot drift apart."""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pontoon_rules.docs.website import catalog
from pontoon_rules.docs.words import conditions, home, i18n, lacking, reach, sentences
from pontoon_rules.docs.words import template_module as template_module_words
from pontoon_rules.docs.words.amounts import amount_text, blank_amount_text
from pontoon_rules.docs.words.template_module import RULE_TEMPLATES, template_module
from pontoon_rules.engine.round import flow
from pontoon_rules.engine.round.hand import Hand, points, soft
from pontoon_rules.engine.round.rules import Rules, banker_draws_below, compile_rules
from pontoon_rules.ruleset.format.agreed import BLANK
from pontoon_rules.ruleset.format.common import BankerMode, Rank
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.money import number_text
from tests.changed_ruleset import changed


def _banker_hands(rules: Rules, most: int = 4) -> list[Hand]:
    """Every banker hand of two to `most` cards (fewer than the card limit) of the pack's
    ranks, one suit (the total reads no suit)."""
    hands = []
    ranks = [i for i, present in enumerate(rules.rank_present) if present]
    for n in range(2, min(most, rules.banker_max_cards - 1) + 1):
        for chosen in combinations_with_replacement(ranks, n):
            hand = Hand()
            for rank in chosen:
                hand.put(rank << 2, rules)
            hands.append(hand)
    return hands


def _state(rules: Rules, hand: Hand) -> Any:
    return SimpleNamespace(banker=hand, rules=rules)


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_engine_draws_a_banker_by_fixed_rule_below_the_shared_total(
        ruleset_id: str) -> None:
    """A banker by fixed rule draws below `banker_draws_below` (its `stand_on`, raised by
    `banker.stick_minimum`), and on it only where soft and hitting soft; the sheets' card
    limit sentence reads the same total (`conditions.short_at_card_limit`)."""
    ruleset = load_bundled(ruleset_id)
    if ruleset.banker.mode is not BankerMode.FIXED_RULE:
        ruleset = changed(ruleset, ("banker.mode", "fixed-rule"), ("banker.calls_off_at", None))
    for minimum in (None, ruleset.banker.stand_on + 2):
        r = changed(ruleset, ("banker.stick_minimum", minimum))
        rules = compile_rules(r)
        below = banker_draws_below(rules.banker_stand_on, rules.banker_minimum)
        assert below == max(r.banker.stand_on, minimum or 0) * rules.unit
        for hand in _banker_hands(rules):
            count = points(hand, rules)
            expected = count < below or (count == rules.banker_stand_on
                                         and rules.banker_hit_soft and soft(hand, rules))
            assert flow._banker_must_draw(_state(rules, hand)) == expected, hand.cards


@pytest.mark.parametrize("ruleset_id", ["ochko-home", "pagat-british", "siebzehn-und-vier"])
def test_a_banker_by_choice_must_twist_only_below_the_shared_total(ruleset_id: str) -> None:
    """A banker by choice has no `stand_on` to draw to: only `banker.stick_minimum` forces
    a twist (`flow.banker_legal` offers no stick below it)."""
    ruleset = changed(ruleset_id, ("banker.mode", "by-choice"),
                      ("banker.stick_minimum", 15))
    rules = compile_rules(ruleset)
    below = banker_draws_below(None, rules.banker_minimum)
    assert below == 15 * rules.unit
    seen = set()
    for hand in _banker_hands(rules, most=3):
        state = SimpleNamespace(banker=hand, rules=rules, calling_off=None)
        if not flow.banker_can_draw(state):  # type: ignore[arg-type]
            continue
        kinds = {a.kind for a in flow.banker_legal(state)}  # type: ignore[arg-type]
        forced = points(hand, rules) < below
        seen.add(forced)
        assert ("stick" not in kinds) == forced, hand.cards
    assert seen == {True, False}


def test_the_sheet_says_the_banker_stands_at_the_card_limit_where_the_shared_total_is_short(
        ) -> None:
    """Casino Очко's banker draws below 17 and holds at most 5 cards; its lowest five cards
    (five aces of its eight packs) make 5: short, so the sheet says the banker stands there.
    A banker by choice is short only of a stick minimum above 5, the fixed rule's total
    read no more."""
    ruleset = load_bundled("casino-ochko")
    assert conditions.short_at_card_limit(ruleset, banker=True)
    by_choice = changed(ruleset, ("banker.mode", "by-choice"))
    assert by_choice.banker.stand_on == 17 and by_choice.banker.stick_minimum is None
    assert not conditions.short_at_card_limit(by_choice, banker=True)
    for minimum, short in ((5, False), (6, True)):
        assert conditions.short_at_card_limit(
            changed(by_choice, ("banker.stick_minimum", minimum)), banker=True) is short


@pytest.mark.parametrize(("ruleset_id", "values"), [
    ("ban-luck", (1, 10, 11)), ("xi-dach", (1, 10, 11)), ("pagat-british", (1, 11)),
    ("ochko-home", (11,)), ("sette-e-mezzo", (1,))])
def test_every_value_an_ace_may_take_is_read_in_one_place(
        ruleset_id: str, values: tuple[int, ...]) -> None:
    """`pack.every_ace_value`: `ace_values` with each of `ace_values_by_cards` (Ban Luck's
    ace is 10 or 11 in two cards, 1 from four on). The least a card counts (the card limit
    sentence) and the totals a named hand's first cards make (`reach`) both read it."""
    ruleset = load_bundled(ruleset_id)
    assert ruleset.pack.every_ace_value() == tuple(Fraction(v) for v in values)
    assert conditions._lowest_values_per_rank(ruleset)[0] == values[0]
    aces = reach._first_totals(ruleset, (Rank.ACE, Rank.ACE), 2)
    assert aces == {Fraction(a + b) for a in values for b in values}
    assert set(ruleset.pack.every_ace_value()) <= reach._single_values(ruleset)


def test_one_catalog_marker() -> None:
    """The marker of a catalog message (`_` in the modules that define words) is
    `i18n.mark`, written once: 18 modules each defined their own `def _(message)`."""
    package = Path(__file__).parent.parent / "pontoon_rules"
    defined = [str(path.relative_to(package)) for path in package.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.FunctionDef) and node.name == "_"]
    assert defined == []
    assert home._ is lacking._ is template_module_words._ is i18n.mark
    assert home.CHIPS in {m.id for m in catalog.extract()}


@pytest.mark.parametrize("lang", ["en", "ru", "de", "it", "vi", "hy", "pa", "ur"])
@pytest.mark.parametrize("money", [{"symbol": "$", "minor_units": 100},
                                   {"symbol": "€", "minor_units": 1}])
def test_a_blank_amount_is_the_moneys_own_format_with_a_blank_for_the_number(
        lang: str, money: dict[str, Any]) -> None:
    """The home bank's '$____' ('____ $' in Russian) is the money's formatter given a
    blank for the number (`money.in_money`), as it places the sign beside any amount; it
    was made by replacing the digits of a formatted amount with a regular expression."""
    ruleset = changed("spanish-21", ("stakes.money", money))
    assert ruleset.stakes.money is not None
    number = number_text(500, ruleset.stakes.money, i18n.base_language(lang))
    blank = blank_amount_text(ruleset, lang)
    assert blank == amount_text(ruleset, 500, lang).replace(number, BLANK)
    assert money["symbol"] in blank and not any(c.isdigit() for c in blank)
    assert home.blank_bank(ruleset, str, lang) == blank


@pytest.mark.parametrize(("max_cards", "totals", "held"), [
    (2, [9, 10, 11], False), (None, [9, 10, 11], False), (None, [14], True),
    (None, [7], False), (2, [14], True), (None, [21], False)])
def test_a_double_with_no_card_limit_is_made_before_the_hands_last_card(
        max_cards: int | None, totals: list[int], held: bool) -> None:
    """Australian 7-7-7 after a double on two or more cards (`player.double.max_cards`
    null: no limit, `NO_LIMIT`, not a 99 of its own): a double on 7+7 (14) can be
    followed by the last 7; a double of the whole 21 cannot (the hand is made); with one
    card drawn after a double, a double on one 7 is no double (two cards at least)."""
    ruleset = changed("australian-pontoon", ("player.double.max_cards", max_cards),
                      ("player.double.totals", totals),
                      ("player.double.draws_after", None if max_cards is None else 1))
    assert reach.doubled_can_hold(ruleset, ruleset.hands.definitions["sevens"]) is held


def test_each_rule_is_a_macro_of_its_chapters_sentences_template() -> None:
    """The sentences template was one file of 491 lines: it is one per chapter of the
    sheet (`template_module.RULE_TEMPLATES`), each rule's macro in its chapter's file and
    in no other, and the module the sentences read holds every one of them."""
    defined: dict[str, list[str]] = {}
    for path in sorted((i18n.TEMPLATE_DIR / "plain_rules").glob("*.j2")):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 200, path.name
        for name in re.findall(r"{% macro (\w+)\(", text):
            defined.setdefault(name, []).append(path.stem)
    macros = [rule for rule in sentences.RULES if rule.key in defined]
    assert len(macros) >= 35
    for rule in macros:
        assert defined[rule.key] == [rule.chapter.replace("-", "_")], rule.key
    assert len(RULE_TEMPLATES) == len({rule.chapter for rule in sentences.RULES})
    module = template_module(load_bundled("pagat-british"), "en")
    assert {rule.key for rule in macros} <= set(vars(module))
