"""Issue 49, readers r49w and r49u on Shoot Pontoon and the pagat family, g49ai: what a table
still asked, each said as the engine plays it, in every language the sheet prints.
1. The kitty pays out only at settlement (`engine.round.shoot`: bets never above the room),
   so it runs dry only then and a new one goes up before the next deal
   (`Session.needs_kitty`); a banker short of money still puts one up, owing the rest
   (a balance below nothing), or sells the bank.
2. One procedure for a pack that runs out: used and bust cards go under the pack (a bust
   hand's at once, so they may come again), only the cards on the table are out of play,
   and a fresh pack shuffled alone is dealt on from (`Session._restock`, `Pack.open_pack`).
3. The worked examples put up a kitty above their stakes while the largest stake is a
   blank: they say the largest stake they take the table to agree.
4. "Not in this game": the casino's game with the same pack is a family the players of a
   home game know (`lacking._known`): the pagat sheets name doubling and insurance; no
   sheet names a feature its game has.
5. Russian: «шут» is from the English word shoot, «выстрел» is its meaning.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from sheet_text import sheet, word
from test_session import scripted, stacked
from test_session_bank import rules_with

from pontoon_rules.docs.sheet.sheet_view import examples_assume, printable_rounds
from pontoon_rules.docs.words import lacking
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.narrate import EXTRAS
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

LANGUAGES = ("en", "ru", "hy", "pa", "ur")
PAGAT = ("pagat-aces-only-split", "pagat-stick-16", "pagat-british", "shoot-pontoon")

DRY_WHEN = ("Shoot bets are paid from the kitty only when the deal is settled, so it runs dry "
            "only then, never during a deal: until then a later shoot bet may stake only the "
            "room left, and a new kitty is put up before the next deal.")
OWING = ("A banker without the money for a new kitty must still put one up, owing what they "
         "cannot pay, or sell the bank: no deal is dealt without a kitty.")
OWING_NO_SALE = ("A banker without the money for a new kitty must still put one up, owing what "
                 "they cannot pay: no deal is dealt without a kitty.")
UNDER = ("Otherwise the used cards go under the pack unshuffled, a bust hand's at once (they "
         "may come again in the same deal): only cards on the table are out of play.")
SECOND = ("If the pack still runs out, the banker shuffles a second pack alone (keep one at "
          "hand) and deals on; from then on the two are one pack.")
OLD_PACK = ("a second pack is shuffled in", "Keep that pack at hand",
            "A bust hand's cards go to the bottom of the pack at once.")


def said(ruleset: Ruleset, lang: str = "en") -> dict[str, str]:
    return {s.key: s.text for s in sentences(ruleset, lang)}


# 1. the dry kitty: only at settlement; a new one before the next deal, money or not -------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_when_a_dry_kitty_is_refilled_and_by_a_banker_short_of_money(
        lang: str) -> None:
    text = sheet("shoot-pontoon", lang)
    for message in (DRY_WHEN, OWING):
        assert lang == "en" or word(lang, message) != message  # translated
        assert word(lang, message) in text


def test_the_kitty_runs_dry_only_when_the_deal_is_settled() -> None:
    """Every decision of a deal that empties the kitty sees it whole: the shoot bets are
    paid from it only at settlement; the next deal needs a new kitty first."""
    rules = rules_with("shoot-pontoon", stakes={"min_stake": 10, "max_stake": 40})
    s = Session(rules, ["A", "B", "C"], random.Random(1), banker="A",
                pack_order=stacked(rules, "TS 9S 9D TH 9H 8D"))
    s.put_up_kitty(20)
    play = scripted("p1 shoot 20, p1 stick, p2 stick, banker stick")  # p2 is asked nothing
    seen: list[int] = []

    def act(state: RoundState) -> None:
        assert state.kitty is not None
        seen.append(state.kitty.now)
        play(state)

    s.play_deal([10, 10], act)
    assert seen and min(seen) == 20  # never below the kitty put up during the deal
    assert s.kitty == 0 and s.kitty_dry and s.needs_kitty()
    with pytest.raises(ScriptError, match="must put up a kitty"):
        s.play_deal([10, 10], scripted(""))


def test_a_banker_short_of_money_still_puts_up_a_kitty_and_owes_it() -> None:
    rules = rules_with("shoot-pontoon", stakes={"min_stake": 10, "max_stake": 40})
    s = Session(rules, ["A", "B"], random.Random(1), banker="A")
    assert s.balances["A"] == 0  # nothing won yet: nothing to put up
    s.put_up_kitty(10)
    assert s.balances["A"] == -10 and s.kitty == 10 and s.table_total() == 0


def test_without_a_sale_the_banker_short_of_money_is_not_told_to_sell() -> None:
    rules = rules_with("shoot-pontoon", between_deals={"bank_sale": False},
                       shoot={"dry_kitty_sale": "agreed-price"})
    text = said(rules.ruleset)["kitty"]
    assert OWING_NO_SALE in text and OWING not in text


# 2. running out of cards: one procedure, as the engine deals ------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_a_pack_that_runs_out_is_one_procedure(ruleset_id: str, lang: str) -> None:
    text = said(load_bundled(ruleset_id), lang)["shuffle"]
    assert word(lang, UNDER) in text and word(lang, SECOND) in text
    assert text.index(word(lang, UNDER)) < text.index(word(lang, SECOND))
    for old in OLD_PACK:
        assert old not in said(load_bundled(ruleset_id))["shuffle"]


def test_an_empty_pack_opens_a_fresh_pack_shuffled_alone() -> None:
    """With every used and bust card under the pack, an empty pack means every card off
    the table has been dealt: what comes under it is one whole fresh pack, and it stays."""
    rules = rules_with("pagat-british")
    s = Session(rules, ["A", "B"], random.Random(3), banker="A")
    state = RoundState(rules, [10], s.pack.counts())
    s.pack.cards.clear()
    back = s._restock(state, set())
    assert Counter(back) == Counter(full_pack(rules)) and s.pack.size == 2 * len(back)


def test_a_bust_hands_cards_come_again_in_the_same_deal() -> None:
    """p1 busts on K♣; by p2's turn those three cards lie at the bottom of the pack, in play
    again in the same deal."""
    rules = rules_with("pagat-british")
    s = Session(rules, ["A", "B", "C"], random.Random(3), banker="A",
                pack_order=stacked(rules, "TS 9S 9D TH 9H 8D KC"))
    play = scripted("p1 twist, p2 stick, banker stick")
    bottoms: list[list[int]] = []

    def act(state: RoundState) -> None:
        bottoms.append(list(s.pack.cards)[-3:])
        play(state)

    s.play_deal([10, 10], act)
    assert bottoms[1] == parse_cards("TS TH KC".split())  # at p2's turn


def test_a_discard_tray_keeps_the_old_words() -> None:
    """Where used cards wait in a tray, cards are out of play: not one pile."""
    rules = rules_with("pagat-british", between_deals={"used_cards_to_bottom": False})
    text = said(rules.ruleset)["shuffle"]
    assert UNDER not in text and SECOND not in text


# 3. the worked examples' kitty and the blank largest stake --------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_say_the_largest_stake_their_kitty_needs(lang: str) -> None:
    ruleset = load_bundled("shoot-pontoon")
    kitty = max(int(r["script"].get("kitty") or 0) for r in printable_rounds(ruleset))
    assert kitty > max(a for r in printable_rounds(ruleset) for a in r["script"]["stakes"])
    note = word(lang, EXTRAS["assumed-most"], amount=kitty)
    text = sheet("shoot-pontoon", lang)
    assert note in text and text.index(note) < text.index(word(lang, "puts up a kitty of "
                                                                      "%(amount)s",
                                                                 amount=kitty))


def test_a_largest_stake_that_is_not_a_blank_needs_no_note() -> None:
    assert examples_assume(rules_with("shoot-pontoon",
                                      stakes={"max_stake": 150}).ruleset, "en") == ""
    assert examples_assume(load_bundled("pagat-british"), "en") == ""  # no kitty


# 4. "Not in this game" -------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (i, lang) for i in bundled_ids() for lang in sheet_languages(load_bundled(i))])
def test_no_sheet_says_its_game_lacks_what_it_has(ruleset_id: str, lang: str) -> None:
    ruleset = load_bundled(ruleset_id)
    line = said(ruleset, lang).get("lacks", "")
    gettext = translations(words_of(ruleset, lang)).gettext
    items = gettext(", ").join(gettext(w) for w in lacking.lacking_words(ruleset))
    assert line == (gettext("Not in this game: %(items)s.") % {"items": items} if items else "")
    has = {f.key for f in lacking.LACKING if f.has(ruleset)}
    assert not has & set(lacking.lacking(ruleset))  # the line names exactly these


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_a_pagat_sheet_says_there_is_no_doubling_or_insurance(ruleset_id: str,
                                                                 lang: str) -> None:
    text = sheet(ruleset_id, lang)
    line = word(lang, "Not in this game: %(items)s.",
                items=word(lang, ", ").join(word(lang, w) for w in ("doubling", "insurance")))
    assert line in text


def test_what_a_home_table_lacks_follows_the_casino_games_of_its_pack() -> None:
    """Read from the bundled games, not a list: a pagat table that may double lacks only
    insurance; a pack no bundled casino deals (Очко's 36 cards) asks what most casino games
    of its total offer (r49zf, r50a; f49f), never a buy or a surrender (reader 7)."""
    double = load_bundled("blackjack-reference").player.double.model_dump(mode="json")
    doubling = rules_with("pagat-british", player={"double": double}).ruleset
    assert lacking.lacking(doubling) == ("player.insurance.allowed",)
    assert lacking.lacking(load_bundled("ochko-home")) == (
        "player.double.allowed", "player.split.allowed", "player.insurance.allowed")
    assert lacking.lacking(load_bundled("blackjack-reference")) == (  # no home game's buy;
        "player.surrender.allowed",)  # its own source's "no surrender" (g49aj, r49t)


# 5. Russian: «шут» from the English shoot ------------------------------------------------------

def test_the_russian_sheet_calls_shoot_the_english_word() -> None:
    """Since r49zm (f49b): not the English word at all, but what the bet is."""
    text = sheet("shoot-pontoon", "ru")
    assert "Ставки против кассы: банкир закладывает кассу" in text  # no Latin word either
    assert "шут" not in text.lower() and "английского слова «выстрел»" not in text
