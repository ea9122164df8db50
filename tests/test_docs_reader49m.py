"""Issue 49 (g49m): the Russian and Belarusian sheets' last reader points, each read from
the printed sheet (en and ru) and, where it states a figure, checked against the engine."""

from __future__ import annotations

import pytest
from engine_helpers import run

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    """The printed sheet's words (its markdown, escapes dropped)."""
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def line_with(text: str, start: str) -> str:
    """The sheet's line that starts with `start`."""
    return next(line for line in text.splitlines() if line.startswith(start))


# -- casino Очко ----------------------------------------------------------------------------

def test_casino_ochkos_pas_keeps_the_cards_and_the_stake() -> None:
    """«Пас» is the page's button to stay with the cards held ("остаться со сдачей карт,
    которая у Вас на руках"); Russian players also say «пас» for folding, which gives the
    stake up. The sheet says it is the game's button and the stake stays in play."""
    stick = line_with(sheet("casino-ochko", "ru"), "- «Пас»")
    assert "(кнопка игры)" in stick
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
    assert (f"комбинация пяти карт после удвоения ставки 100 (всего 200) приносит "
            f"{hand.net} (2 к 1)") in ru


@pytest.mark.parametrize("lang, said", [
    ("en", "You may double a pontoon too, but with the new card it is no longer a pontoon"),
    ("ru", "Удвоить можно и очко, но с новой картой это уже не очко")])
def test_casino_ochkos_doubled_ochko_is_no_longer_ochko(lang: str, said: str) -> None:
    """Doubling an ochko (A K) brings a card: the engine settles the hand as the total its
    three cards make (1:1 on 200), never 2:1; the sheet says so."""
    played = run("casino-ochko", [100], "AS TD KS 8D 9C", "p1 double, p1 stick")
    hand = played.result.seats[0].hands[0]
    assert (hand.hand_class, sum(hand.stakes), hand.net) == ("total", 200, 200)
    assert said in sheet("casino-ochko", lang)


# -- Очко, the home game ---------------------------------------------------------------------

@pytest.mark.parametrize("lang, later", [
    ("en", "the player on the banker's left cuts them. Before each later deal the banker who "
           "then deals shuffles the same way, and the player on the same side of that banker "
           "cuts."),
    ("ru", "игрок слева от банкира снимает колоду. Перед каждой следующей сдачей карты так же "
           "тасует тот банкир, который будет сдавать, а снимает колоду игрок с той же стороны "
           "от него.")])
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
     "Если за столом договорились, что так можно, банкир, сдавший банк")])
def test_ochko_home_giving_up_the_bank_reads_as_open(lang: str, open_: str, then: str) -> None:
    """Whether a banker may give the bank up is agreed at the table (a blank); what then
    happens to the bank must not read as settled beside it."""
    text = sheet("ochko-home", lang)
    assert f"{open_} {then}" in text


def test_ochko_home_payout_table_says_the_bankers_21_in_players_words() -> None:
    """The banker's two-card 21 is no ochko (`banker_can_hold: false`): it collects 1:1 as
    any total does. «1 к 1, как сумма» read as no player says it; the cell says «1 к 1» as
    players do, and the legend under the table and the ranking say why."""
    text = sheet("ochko-home", "ru")
    row = line_with(text, "| 2. очко |")
    assert row.split("|")[4].strip() == "1 к 1"
    assert "как сумма" not in row
    assert "Карты банкира никогда не засчитываются как очко" in text
    assert "те же карты считаются у него просто как сумма" in text
