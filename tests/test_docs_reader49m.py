"""Issue 49 (g49m): the Russian and Belarusian sheets' last reader points, each read from
the printed sheet (en and ru) and, where it states a figure, checked against the engine."""

from __future__ import annotations

import re

import pytest
from engine_helpers import run
from sheet_text import sheet

from pontoon_rules.docs.words.conditions import insured
from pontoon_rules.engine.round.actions import INSURE
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.loading.registry import load_bundled


def line_with(text: str, start: str) -> str:
    """The sheet's line that starts with `start`."""
    return next(line for line in text.splitlines() if line.startswith(start))


# -- casino Очко ----------------------------------------------------------------------------

def test_casino_ochkos_pas_keeps_the_cards_and_the_stake() -> None:
    """«Пас» is the page's button to stay with the cards held ("остаться со сдачей карт,
    которая у Вас на руках"); Russian players also say «пас» for folding, which gives the
    stake up. The sheet says what it does, in the page's words, and that the stake stays
    in play (of the table, not the button: test_docs_sheet_claims)."""
    stick = line_with(sheet("casino-ochko", "ru"), "- «Хватит» (в онлайн-казино — «Пас»)")  # r49ze
    assert "остаться с картами, которые на руках" in stick
    assert "ставка остаётся в игре" in stick


def test_casino_ochkos_doubled_hand_is_paid_as_the_engine_pays_it() -> None:
    """A five-card trick made after a double: the engine pays 2:1 on the whole doubled
    stake (100 doubled to 200 wins 400); the sheet says that figure, in both languages."""
    played = run("casino-ochko", [100], "2S TD 3S 8D 2H 3H 4H", "p1 twist, p1 twist, p1 double")
    hand = played.result.seats[0].hands[0]
    assert (hand.hand_class, sum(hand.stakes)) == ("five-card-trick", 200)
    en = line_with(sheet("casino-ochko", "en"), "- You may double your stake")
    assert (f"a five-card trick made after doubling a stake of 100 (200 in all) is paid "
            f"{hand.net} (2:1)") in en
    ru = line_with(sheet("casino-ochko", "ru"), "- Ставку можно удвоить")
    assert (f"пять карт после удвоения ставки 100 (всего 200) приносит "
            f"{hand.net} (2 к 1)") in ru


@pytest.mark.parametrize("lang, said", [
    ("en", "You may double a pontoon too, but with the new card it is no longer a pontoon"),
    ("ru", "Удвоить можно и очко из двух карт, но с новой картой это уже не очко из двух "
     "карт")])
def test_casino_ochkos_doubled_ochko_is_no_longer_ochko(lang: str, said: str) -> None:
    """Doubling an ochko (A K) brings a card: the engine settles the hand as the total its
    three cards make (1:1 on 200), never 2:1; the sheet says so."""
    played = run("casino-ochko", [100], "AS TD KS 8D 9C", "p1 double, p1 stick")
    hand = played.result.seats[0].hands[0]
    assert (hand.hand_class, sum(hand.stakes), hand.net) == ("total", 200, 200)
    assert said in sheet("casino-ochko", lang)


# -- Очко, the home game ---------------------------------------------------------------------

@pytest.mark.parametrize("lang, later", [
    ("en", "the player on the banker's left cuts them. Before each later deal the banker then "
           "dealing shuffles, and the player on their left cuts."),
    ("ru", "игрок слева от банкира снимает колоду. Перед каждой следующей раздачей тасует "
           "банкир, который тогда сдаёт, а снимает колоду игрок слева от него.")])
def test_ochko_home_says_who_cuts_after_the_first_deal(lang: str, later: str) -> None:
    """The source's cut ("removes the player to the left of the banker",
    `between_deals.cut: player-left`) holds at every deal: the sheet said who shuffles
    later, not who cuts."""
    assert load_bundled("ochko-home").between_deals.cut.value == "player-left"
    text = sheet("ochko-home", lang)
    shuffle = line_with(text, "- Before the first deal" if lang == "en" else "- Перед первой")
    assert shuffle.endswith(later)


@pytest.mark.parametrize("lang, open_, then", [
    ("en", "the table agrees it before play: ____.", "If the table allows it, a banker who gives"),
    ("ru", "стол договаривается об этом до игры: ____.",
     "Если за столом договорились, что так можно, банкир, передавший банк")])
def test_ochko_home_giving_up_the_bank_reads_as_open(lang: str, open_: str, then: str) -> None:
    """Whether a banker may give the bank up is agreed at the table (a blank); what then
    happens to the bank must not read as settled beside it."""
    text = sheet("ochko-home", lang)
    assert f"{open_} {then}" in text


def test_ochko_home_payout_table_says_the_bankers_21_in_players_words() -> None:
    """The banker's two-card 21 is no ochko (`banker_can_hold: false`): it collects 1:1 as
    any total does. «1 к 1, как сумма» read as no player says it, and a bare «—» as the
    banker's 21 never collecting (r49n): the cell says «1 к 1 (сумма)», and the
    legend under the table and the ranking say why."""
    text = sheet("ochko-home", "ru")
    row = line_with(text, "| 2. очко |")
    assert row.split("|")[4].strip() == "1 к 1 (сумма)"  # never held as очко
    assert "как сумма" not in row
    assert "Карты банкира никогда не засчитываются как очко" in text
    assert "те же карты считаются у него просто как сумма" in text


# -- Belarus's Понтун ------------------------------------------------------------------------

def test_belarus_says_tvist_only_as_its_source_does() -> None:
    """The page names the action «твист» in quotes ("Игрок может сделать "твист"", "то
    все делается ее "твист"") beside its plain words ("взять следующую карту без
    увеличения ставки", "взять ли еще одну карту"). The sheet said a bare «твист» as a
    word of its own («карта твиста», «после твиста», «берёт карту (твист)»): now only
    quoted, as the page does, and the examples say «берёт ещё карту»."""
    quotes = " ".join(p.quote for p in load_bundled("belarus-ponton").provenance.values()
                      if p.quote)
    assert quotes.count('"твист"') >= 3 and "взять ли еще одну карту" in quotes
    text = sheet("belarus-ponton", "ru")
    bare = re.findall(r"(?<!«)твист\w*", text.lower())
    assert bare == [], bare
    assert "Сказать «ещё» (на странице казино — «твист»): взять следующую карту" in text
    assert "берёт ещё карту: " in text and "(твист)" not in text


@pytest.mark.parametrize("stake", [5, 3, 1])
def test_belarus_insurance_on_an_odd_stake_is_what_the_engine_offers(stake: int) -> None:
    """Half of an odd stake: the engine offers exactly the half rounded down (5 insures
    2) and none on a stake of 1; the sheet says the same, from the same function
    (`legal.insurance_range`)."""
    state = RoundState(compile_rules(load_bundled("belarus-ponton")), [stake])
    cards = iter(parse_cards("9S AD 7H".split()))  # the banker's ace shows
    while state.is_chance_node():
        state.apply_action(next(cards))
    insure = [(a.low, a.high) for a in state.legal_actions() if a.kind == INSURE]
    assert insure == ([(stake // 2, stake // 2)] if stake > 1 else [])
    assert insured(load_bundled("belarus-ponton"), stake) == stake // 2


@pytest.mark.parametrize("lang, said", [
    ("en", "When 1/2 of the stake is not a whole amount, it is rounded down: a stake of 5 is "
           "insured with exactly 2. A stake of 1 cannot be insured: 1/2 of it is less than 1."),
    ("ru", "Если 1/2 ставки — не целое число, страховку округляют вниз до целого: при ставке "
           "5 страховка — ровно 2. Ставку 1 застраховать нельзя: 1/2 от неё меньше 1.")])
def test_belarus_sheet_says_the_odd_unit_of_insurance(lang: str, said: str) -> None:
    assert said in sheet("belarus-ponton", lang)


@pytest.mark.parametrize(("max_stake", "said"), [(None, (5, 2)), (4, (3, 1)), (2, None)])
def test_the_odd_insurance_example_is_a_stake_the_limits_allow(max_stake: int | None,
                                                               said: object) -> None:
    """The sheet's odd-stake insurance example ("a stake of 5 is insured with at most 2") is
    a stake within the ruleset's limits that insures something; none where no such stake."""
    from pontoon_rules.docs.words.conditions import odd_insurance

    data = load_bundled("belarus-ponton").model_dump(mode="json")
    data["stakes"]["max_stake"] = max_stake
    ruleset = type(load_bundled("belarus-ponton")).model_validate(data)
    assert odd_insurance(ruleset) == said
    if said is not None:
        assert insured(ruleset, said[0]) == said[1] > 0
