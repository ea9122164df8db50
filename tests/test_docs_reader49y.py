"""Issue 49 (fresh reader r49j): Siebzehn und Vier's and Belarus's sheets. A list of
naturals to declare is joined by the language's "or" (Russian printed «огонь (два туза),
прирождённое двадцать одно (туз и десятка)», read as fire = natural 21); where the banker
meets one player with one hand, the banker's bust is the player's win, not "every hand
still standing"; a named hand that beats the banker's equal total says it does so in a
player's hand (Belarus: "As the banker's hand it takes … It also beats the banker's
ordinary 21" read as the banker's pontoon beating the banker's own 21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheet_text import sheet

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Feuer (two aces) or geborene Einundzwanzig (a natural 21, ace and ten)"),
    ("ru", "«золотое очко» (два туза) или 21 с двух карт"),
    ("de", "Feuer (zwei Asse) oder geborene Einundzwanzig"),
])
def test_the_naturals_to_declare_are_one_or_the_other(lang: str, words: str) -> None:
    assert words in sheet("siebzehn-und-vier", lang)


@pytest.mark.parametrize(("lang", "alone", "every"), [
    ("en", "If the banker busts, the player wins, paid what their hand pays.",
     "every hand still standing"),
    ("ru", "Если у банкира перебор, игрок выигрывает и получает выплату за свою комбинацию.",
     "выигрывает каждая рука без перебора"),
    ("de", "Überkauft sich der Bankhalter, gewinnt der Spieler", "gewinnt jede Hand"),
])
def test_a_one_on_one_banker_bust_is_the_players_win(lang: str, alone: str, every: str) -> None:
    text = sheet("siebzehn-und-vier", lang)
    assert alone in text and every not in text


def test_a_table_of_players_keeps_every_hand_still_standing() -> None:
    assert "every hand still standing wins" in sheet("pagat-british", "en")
    assert "the player wins, paid" not in sheet("pagat-british", "en")


def test_the_one_on_one_words_follow_the_fields_not_the_game(tmp_path: Path) -> None:
    """A pagat game with a table of one player and no split reads the one-player words;
    the same with splits (several hands of one player) keeps "every hand"."""
    base = ("id: heads-up\nname: Heads-up (test)\nkind: house\nextends: pagat-british\n"
            "table:\n  min_players: 1\n  max_players: 1\n")
    one = tmp_path / "one.yaml"
    one.write_text(base + "player:\n  split:\n    allowed: false\n", encoding="utf-8")
    r = load_ruleset(one)
    assert "If the banker busts, the player wins" in sheet_markdown(r, "en", find_base(r))
    split = tmp_path / "split.yaml"
    split.write_text(base, encoding="utf-8")
    r = load_ruleset(split)
    assert r.player.split.allowed
    assert "every hand still standing wins" in sheet_markdown(r, "en", find_base(r))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_belarus_pontoon_beats_the_bankers_21_in_a_players_hand(lang: str) -> None:
    text = sheet("belarus-ponton", lang)
    assert {"en": "Whoever holds it, it also beats an ordinary 21 in the other's hand.",
            "ru": "У кого бы она ни была, она бьёт и обычные 21 у другой стороны."}[lang] in text
    assert "It also beats" not in text


def test_ochko_home_states_one_stake_cap_and_the_example_frees_what_the_engine_frees() -> None:
    """r49j: "no more than the bank then has free" and "after a «va-bank» the players that
    follow may stake only what losses have paid into the bank since" gave different caps
    once a «va-bank» busts (2000 and 1000 on a bank of 1000). The engine frees the bust's
    stake and its loss (`live_bank.hand_settled`): the example says 2000, and the example
    is printed only because the engine lets player 2 stake 2000 and not a unit more."""
    en, ru = sheet("ochko-home", "en"), sheet("ochko-home", "ru")
    assert "what losses have paid into the bank since" not in en
    assert "is what is left in the bank" not in en
    assert "the most a player may stake is what the bank has free when their turn comes" in en
    assert "while a «va-bank» is held, nothing is free" in en
    assert "the 1000 lost go into the bank at once, 2000 is free," in en
    assert "свободно 2000," in ru and "что с тех пор проиграно в банк" not in ru
    assert "«ва-банк»" not in en  # one spelling on the English sheet


def test_the_va_bank_example_is_dropped_where_the_engine_frees_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The freed amount is checked against play: an engine that freed only the loss would
    leave no example rather than a wrong one."""
    from pontoon_rules.docs.words import va_bank
    from pontoon_rules.engine.round import live_bank

    def loss_only(state, hand) -> None:  # type: ignore[no-untyped-def]
        if state.rules.bank_as_it_stands and hand.settled_net is not None and hand.stakes:
            state.bank_left = (state.bank_left or 0) - hand.settled_net
    monkeypatch.setattr(live_bank, "hand_settled", loss_only)
    monkeypatch.setattr(va_bank, "_FOUND", {})
    assert va_bank.va_bank_example(load_bundled("ochko-home")) is None


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "When a player holds it, the banker pays it 2:1 on settling that hand, as any win, and "
           "each other player pays that player too, 2:1 on their own stake"),
    ("ru", "Если она у игрока, банкир платит за неё 2 к 1 при расчёте с этим игроком, как за "
           "любой выигрыш, а каждый другой игрок тоже платит этому игроку 2 к 1"),
])
def test_vingt_un_says_whom_the_other_players_pay(lang: str, words: str) -> None:
    """r49i: «Каждый другой игрок тоже платит за неё 2 к 1» did not say to whom, and read as
    a second payment when the banker holds the natural (`paid_by_players`: a player's)."""
    assert words in sheet("vingt-un", lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bust_that_also_pays_another_players_natural_is_not_said_to_lose_only_its_stake(
        lang: str) -> None:
    """r49m: Vingt-un's «При переборе вы сразу теряете только свою ставку» beside «игрок с
    перебором тоже платит» (the natural every other player pays, `paid_by_players`): a bust
    there loses its stake and pays the natural too, so the sheet says the plain loss; a
    game whose banker's hand collects more than 1:1 and where no one else is paid keeps
    "only your stake" (pagat's five-card trick)."""
    only = {"en": "you lose only your stake",
            "ru": "и только её, какой бы ни была рука банкира"}[lang]
    assert only not in sheet("vingt-un", lang)
    assert only in sheet("pagat-british", lang)


@pytest.mark.parametrize(("ruleset_id", "lang", "told", "never"), [
    ("shoot-pontoon", "en", "is dealt 3♦, stakes 100, makes a shoot bet of 50, is dealt 5♥",
     "stakes 100, is dealt 3♦"),
    ("pagat-british", "en", ", stakes 100, is dealt ", "Player 1: stakes 100"),
    ("ochko-home", "ru", ", ставит 100, получает ", "Игрок 1: ставит 100"),
    ("australian-pontoon", "en", "Player 1: stakes", ", stakes 100, is dealt "),
])
def test_an_example_stakes_where_the_rules_say(ruleset_id: str, lang: str, told: str,
                                              never: str) -> None:
    """r49l: "You stake after seeing your first card, before your second" beside examples
    told "stakes 100, is dealt 6♦, makes a shoot bet of 50, is dealt 5♥": where a player
    stakes on the first card (`deal.stake_after_first_card`), the example says the stake
    after it; elsewhere (a casino table: every stake before the deal) first."""
    text = sheet(ruleset_id, lang)
    assert told in text and never not in text
