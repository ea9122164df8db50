"""Issue 49, the sheets' card limits and money words (g49h): the banker at their card
limit, drawing "as long as you are not bust" beside a hand's card limit, rounding to the
cent, and a given largest stake said with its unit; checked on the printed words, in every
language the sentence prints, each worded from the fields it covers."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.actions import STICK, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.agreed import settle_agreed
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.money import Money
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    """The printed sheet's words (its markdown, escapes dropped, narrow spaces plain)."""
    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")
    return re.sub(r"[\u00a0\u202f]", " ", text)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "each stake at least ____, at most 500 chips"),
    ("ru", "не больше 500 фишек")])
def test_a_given_largest_stake_is_said_with_its_unit(lang: str, said: str) -> None:
    """'each stake at least ____, at most 500' beside 'at least 1 chip': a limit the
    ruleset gives is a stake said on its own, with its unit, like the least one."""
    settled = settle_agreed(load_bundled("pagat-british"), {"stakes.max_stake": 500},
                            fill_defaults=False)
    text = next(s.text for s in sentences(settled, lang) if "stakes.max_stake" in s.paths)
    assert said in text.replace("\u00a0", " ")


def _with_money(ruleset_id: str, symbol: str, minor_units: int) -> Ruleset:
    """The bundled ruleset played for another money (`stakes.money`)."""
    r = load_bundled(ruleset_id)
    money = Money(symbol=symbol, minor_units=minor_units)
    return r.model_copy(update={"stakes": r.stakes.model_copy(update={"money": money})})


def _rounding(ruleset: Ruleset, lang: str) -> str:
    return next(s.text for s in sentences(ruleset, lang)
                if "settlement.odd_amounts" in s.paths).replace("\u00a0", " ")


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("australian-pontoon", "en", "A payout is rounded down to the cent."),
    ("spanish-21", "en", "A payout is rounded down to the cent."),
    ("australian-pontoon", "ru", "Выплата округляется вниз до цента."),
    ("spanish-21", "ru", "Выплата округляется вниз до цента.")])
def test_a_payout_in_dollars_rounds_to_the_cent(ruleset_id: str, lang: str, said: str) -> None:
    """"rounded down to a whole hundredth of $1" reads badly where the money is dollars
    counted in cents (`stakes.money`: symbol '$' or 'A$', minor_units 100)."""
    money = load_bundled(ruleset_id).stakes.money
    assert money is not None and money.minor_units == 100 and money.symbol == "$"
    assert said in sheet(ruleset_id, lang)
    assert "hundredth" not in sheet(ruleset_id, "en")


@pytest.mark.parametrize(("symbol", "minor_units", "said"), [
    ("€", 100, "A payout is rounded down to a whole hundredth of €1."),
    ("A$", 100, "A payout is rounded down to the cent."),
    ("$", 10, "A payout is rounded down to a whole tenth of $1.")])
def test_the_cent_is_said_only_of_a_dollar_counted_in_cents(
        symbol: str, minor_units: int, said: str) -> None:
    """A euro's hundredth keeps the general wording (no name of its minor unit in the
    fields), and so does a dollar counted in tenths."""
    assert _rounding(_with_money("spanish-21", symbol, minor_units), "en") == said


def _drawing(ruleset: Ruleset, lang: str) -> str:
    return next(s.text for s in sentences(ruleset, lang) if "player.draw_on_21" in s.paths)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You may draw cards as long as you are not bust, up to 5 cards in the hand, "
     "even on a total of 21."),
    ("ru", "Брать карты можно, пока нет перебора и пока в руке не станет 5 карт, "
     "даже при 21 очке.")])
def test_drawing_while_not_bust_yields_to_the_card_limit(lang: str, said: str) -> None:
    """"You may draw cards as long as you are not bust" beside "A hand holds at most 5
    cards": casino Очко's `player.max_cards` bounds the drawing too."""
    assert said in sheet("casino-ochko", lang)


def test_drawing_without_a_card_limit_keeps_the_plain_sentence() -> None:
    r = load_bundled("casino-ochko")
    free = r.model_copy(update={"player": r.player.model_copy(update={"max_cards": None})})
    assert "not bust, even on a total of 21." in _drawing(free, "en")
    other = load_bundled("pagat-british")
    assert other.player.max_cards is not None and not other.player.draw_on_21
    assert "not bust" not in _drawing(other, "en")


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("casino-ochko", "en", "The dealer holds at most 5 cards. A dealer who reaches 5 cards "
     "stands there, even on a total they would otherwise draw on."),  # its source's word
    ("casino-ochko", "ru", "У дилера не больше 5 карт. Дилер, у которого стало 5 карт, на "
     "этом останавливается, даже при сумме, на которой иначе взял бы карту."),
    ("belarus-ponton", "ru", "Дилер, у которого стало 5 карт, на этом останавливается"),
    ("ban-luck", "ru", "Банкир, у которого стало 5 карт, на этом останавливается"),
    ("xi-dach", "vi", "Nhà cái đã cầm đủ 5 lá thì dừng")])
def test_a_banker_at_the_card_limit_stands(ruleset_id: str, lang: str, said: str) -> None:
    """«Дилер берёт карту при 16 очках и меньше» beside «У дилера не больше 5 карт»: the
    engine stands a banker at `banker.max_cards` whatever the total, and the sheet says so."""
    assert said in sheet(ruleset_id, lang)


def test_the_engine_stands_a_banker_at_five_cards_on_eleven() -> None:
    """Casino Очко's dealer gets 2-2 and draws 2-2-3: 11 at five cards, below 17, and the
    round ends without a sixth card."""
    state = RoundState(compile_rules(load_bundled("casino-ochko")), [100])
    cards = iter(parse_cards("10C 2H 9S 2D 2S 2C 3C 8C 8D 8H".split()))
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
        else:
            assert STICK in {a.kind for a in state.legal_actions()}
            state.apply_action(Action(STICK))
    assert list(state.banker.cards) == parse_cards("2H 2D 2S 2C 3C".split())
    assert next(cards) == parse_cards(["8C"])[0]  # no sixth card drawn


def test_no_banker_limit_sentence_where_the_limit_cannot_fall_short() -> None:
    """A banker without a card limit (`banker.max_cards` null) is told nothing of one."""
    r = load_bundled("casino-ochko")
    free = r.model_copy(update={"banker": r.banker.model_copy(update={"max_cards": None})})
    text = " ".join(s.text for s in sentences(free, "en"))
    assert "A banker who reaches" not in text
