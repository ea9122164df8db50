"""Issue 49, the fourth fresh reader on the Sette e mezzo (it), Siebzehn und Vier (de) and
Ban Luck (en) sheets: each game's own rules shown in a worked example, sentences that agree
with each other and with the engine."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.docs.sheet.sheet_view import printable_rounds, worked_examples
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import sentences, settlement_claims
from pontoon_rules.docs.words.showings import own_hands, showings
from pontoon_rules.ruleset.loading.registry import load_bundled


def _player_hands(ruleset_id: str) -> list[dict[str, Any]]:
    return [r["result"]["seats"][0]["hands"][0] for r in printable_rounds(load_bundled(ruleset_id))]


def _banker_decisions(ruleset_id: str) -> set[str]:
    return {e["action"].split()[0] for r in printable_rounds(load_bundled(ruleset_id))
            for e in r["result"]["transcript"]
            if e.get("event") == "decision" and e.get("actor") == "banker"}


def _lines(ruleset_id: str, lang: str) -> str:
    return "\n".join(line for told in worked_examples(load_bundled(ruleset_id), lang)
                     for line in told["lines"])


@pytest.mark.parametrize(("ruleset_id", "hands"), [
    ("sette-e-mezzo", {"sette-e-mezzo-reale", "sette-e-mezzo"}),
    ("siebzehn-und-vier", {"feuer", "natural-21"}),
    ("ban-luck", {"ban-ban", "ban-luck", "five-cards"}),
])
def test_each_of_the_games_own_hands_has_a_worked_example(ruleset_id: str,
                                                          hands: set[str]) -> None:
    """'Only two examples, with no matta and no sette e mezzo reale'; 'none showing Feuer';
    'none showing … five cards'. The game's own hands are read from its ranking."""
    assert set(own_hands(load_bundled(ruleset_id))) == hands
    assert hands <= {h["class"] for h in _player_hands(ruleset_id)}


def test_the_matta_is_held_in_a_sette_e_mezzo_example() -> None:
    assert any("KD" in h["cards"] for h in _player_hands("sette-e-mezzo"))


def test_an_ace_counted_by_the_hands_cards_is_shown_in_ban_luck() -> None:
    """An ace counting 10 in a hand of three cards (`pack.ace_values_by_cards`)."""
    shown = [h for h in _player_hands("ban-luck") if len(h["cards"]) == 3
             and any(c[0] == "A" for c in h["cards"]) and h["class"] != "bust"]
    assert any(h["total"] - sum(min(10, "A23456789T".index(c[0]) + 1) for c in h["cards"]
                                if c[0] != "A") == 10 for h in shown), shown


def test_ban_lucks_banker_opens_a_hand_and_calls_a_deal_off_in_examples() -> None:
    assert {"open", "call-off"} <= _banker_decisions("ban-luck")
    lines = _lines("ban-luck", "en")
    assert "opens the hand of player 1" in lines
    assert "calls the whole deal off" in lines


def test_siebzehn_und_viers_raise_is_shown_in_german() -> None:
    lines = _lines("siebzehn-und-vier", "de")
    assert "erhöht den Einsatz um 100" in lines
    assert "Feuer" in lines


def test_a_game_without_its_own_rules_keeps_its_examples() -> None:
    """A game whose hands are all the family's (pontoon, five-card trick, twenty-one) and
    whose one rule shown (`showings.FEATURES`: its five-card trick paid 2:1, g49q) an
    example already shows gets no more examples. (Its ties going to the banker and the
    banker's pontoon ending the deal are showings of the whole family, `FAMILY_ROOM`, only
    where the examples before it are fewer than four: not here, g49aa, f49h.)"""
    ruleset = load_bundled("pagat-british")
    assert [s.key for s in showings(ruleset)] == ["drawn-bonus", "tie-not-pushed",
                                                  "banker-natural-ends"]
    assert len(printable_rounds(ruleset)) == 4


def test_ban_luck_says_banker_throughout_and_its_drawing_rule_once() -> None:
    """'a dealer' (intro) against 'banker' (body); 'there is no fixed drawing rule' followed
    by 'The banker may not stand below 16' (`banker.stick_minimum` with a banker by choice)."""
    ruleset = load_bundled("ban-luck")
    page = sheet_markdown(ruleset, "en")
    assert "dealer" not in page.lower()
    draws = {s.key: s.text for s in sentences(ruleset)}["banker_draws"]
    assert "no fixed drawing rule" not in draws and "may not stand below" not in draws
    assert ("Below 16 the banker must draw; from 16 on the banker draws or stands as they "
            "choose.") in draws


def test_a_banker_by_choice_without_a_minimum_still_has_no_fixed_rule() -> None:
    draws = {s.key: s.text for s in sentences(load_bundled("sette-e-mezzo"))}["banker_draws"]
    assert "there is no fixed drawing rule" in draws and "must draw" not in draws


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_of_one_player_at_a_time_deals_to_that_player(lang: str) -> None:
    """'Der Bankhalter gibt jedem Spieler 1 Karte' beside 'Jedes Spiel ist der Bankhalter
    gegen einen Spieler': the engine deals one player a deal (`table.max_players` 1)."""
    ruleset = load_bundled("siebzehn-und-vier")
    assert ruleset.table.max_players == 1
    deal = {s.key: s.text for s in sentences(ruleset, lang)}["deal"]
    wanted = {"en": ("The banker deals 1 card to the player whose deal it is and 1 card to "
                     "themselves. The banker's cards stay face down until the player has played."),
              "de": ("Der Bankhalter gibt dem Spieler, der an der Reihe ist, 1 Karte und sich "
                     "selbst 1 Karte. Die Karten des Bankhalters bleiben verdeckt, bis der "
                     "Spieler gespielt hat.")}[lang]
    assert deal == wanted
    assert "jedem Spieler" not in deal and "each player" not in deal


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("siebzehn-und-vier", "de", "Was geschieht, wenn der Bankhalter nicht voll zahlen kann"),
    ("sette-e-mezzo", "it", "che cosa succede se il mazziere non può pagare"),
    ("sette-e-mezzo", "en", "what happens when a banker cannot pay"),
])
def test_a_bank_without_limit_says_a_banker_who_cannot_pay_is_the_tables_to_settle(
        ruleset_id: str, lang: str, words: str) -> None:
    """'Der Bankhalter zahlt jeden Gewinn aus eigener Tasche … — what if he can't?'"""
    stakes = {s.key: s.text for s in sentences(load_bundled(ruleset_id), lang)}
    assert any(words in text for text in stakes.values())


@pytest.mark.parametrize("lang", ["it", "en", "ru"])
def test_sette_e_mezzo_says_only_the_exceptions_that_depart_from_the_ranking(lang: str) -> None:
    """«Eccezioni alla graduatoria» restated the ranking: a sette e mezzo semplice (always
    7½) 'against' an ordinary score (never 7½: one card makes at most 7, two cards making
    7½ are the reale) compared by total always wins; only the reale paid 1:1 against the
    banker's semplice departs from it."""
    said = settlement_claims(load_bundled("sette-e-mezzo"), lang)
    (claim,) = said["outcomes"].claims
    assert claim.pairs == frozenset({("sette-e-mezzo-reale", "sette-e-mezzo")})


def test_an_ordinary_total_reaches_a_total_only_where_no_plain_named_hand_holds_it() -> None:
    from fractions import Fraction

    from pontoon_rules.docs.words.reach import ordinary_reaches

    sette = load_bundled("sette-e-mezzo")
    assert not ordinary_reaches(sette, Fraction(15, 2), banker=False)
    assert ordinary_reaches(sette, Fraction(7), banker=False)
    # Ban Luck's naturals hold only a hand as dealt: an ordinary hand may still make 21
    assert ordinary_reaches(load_bundled("ban-luck"), Fraction(21), banker=True)


def test_the_sette_e_mezzo_intro_does_not_say_the_reale_is_always_paid_double() -> None:
    page = sheet_markdown(load_bundled("sette-e-mezzo"), "it")
    assert "pagato doppio e prende il banco" not in page
    assert "Il banco incassa" not in page and "Il mazziere incassa: quanto il mazziere" in page
