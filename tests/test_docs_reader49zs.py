"""Issue 49, fresh reader r49zs (Australian Pontoon en, Belarusian Pontoon en and ru, home
Очко ru): what a table read as a contradiction, now said as the engine plays it, from the
fields that decide it, in every language the sheet prints.

1. The ranking: the hands of a player that win whatever the banker holds come first, the
   chain of names after them as what holds between any other hands; where every named hand
   of a player wins so, the names' order is said as which name counts, never as which beats
   which (a chain read first was a blanket order that the exception then broke).
2. An insurance of exactly a part of the stake says, in its own line, that a bank with
   less free cuts it (`legal.insurance_range`).
3. Where a bust may be kept hidden, the banker stops only when every player has shown a
   bust; a stake named is never raised while a «va-bank» takes all that is free at the
   player's turn; a fresh pack joins the old one (`Pack.open_pack`).
4. Russian words: «за любую другую сумму», no fragment after the ranking's exception.
5. A doubled hand's rescue is decided in the player's turn, settled at once.
"""

from __future__ import annotations

import random

import pytest
from sheet_text import sheet
from test_docs_reader49an import said

from pontoon_rules.docs.words import ranking_sides as sides
from pontoon_rules.docs.words.reach import decided_table
from pontoon_rules.docs.words.sentences import settlement_claims
from pontoon_rules.engine.round.actions import RESCUE
from pontoon_rules.engine.round.legal import action_words, insurance_range
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.pack import Pack, full_pack
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import TOTAL, outcome_table

SHEETS = [(rid, lang) for rid in bundled_ids() for lang in sheet_languages(load_bundled(rid))]


def outright(r: Ruleset) -> list[str]:
    """The named hands of a player that win whatever the banker holds (the engine's table),
    where the ranking puts a hand the banker holds above one of them."""
    table = decided_table(r, outcome_table(r))
    order = {h: i for i, h in enumerate(r.hands.ranking) if h != TOTAL}
    winners = [p for p in order if sides.wins_whatever(table, p)]
    beaten = any(b in order and order[b] < order[p] for p in winners for q, b in table if q == p)
    return winners if beaten else []


OUTRIGHT = [(rid, lang) for rid, lang in SHEETS if outright(load_bundled(rid))]
WHATEVER = {"en": "whatever the", "ru": "что бы ни было"}
CHAIN = {"en": " beats ", "ru": "старше всех"}


def ranking(ruleset_id: str, lang: str) -> str:
    return settlement_claims(load_bundled(ruleset_id), lang)["ranking"].text


# 1. The ranking ----------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset_id", "lang"), OUTRIGHT)
def test_the_hands_that_win_whatever_come_before_any_chain(ruleset_id: str, lang: str) -> None:
    assert OUTRIGHT, "no bundled game has a player's hand that wins whatever"
    text = ranking(ruleset_id, lang)
    first = text.index(WHATEVER[lang])
    assert first < text.find(". ") or text.find(". ") < 0  # said in the first sentence
    if CHAIN[lang] in text:
        assert first < text.index(CHAIN[lang])


@pytest.mark.parametrize(("ruleset_id", "lang"), OUTRIGHT)
def test_a_chain_beside_the_exception_holds_between_any_other_hands(ruleset_id: str,
                                                                    lang: str) -> None:
    r = load_bundled(ruleset_id)
    text = ranking(ruleset_id, lang)
    chain = said(ruleset_id, lang, "%(best)s beats %(next)s", best="", next="").split()[0]
    if sides.names_only(r, outright(r)):
        link = said(ruleset_id, lang, ", which beats %(next)s", next="")
        assert link not in text  # no name beats another: the order says which counts
        if sides.overlapping(r):  # every name a player holds, in order, after the lead
            lead = said(ruleset_id, lang, "Where cards fit several named hands, only the "
                        "highest of them counts, in this order: %(names)s.", names="\x00")
            listed = text.split(lead.split("\x00")[0])[1].split(". ")[0]
            held = [h for h, d in r.hands.ranked() if d.player_can_hold]
            assert listed.count(", ") == len(held) - 1
    else:
        lead = said(ruleset_id, lang, "Between any other hands, %(chain)s (of two totals the "
                    "higher wins): a player's hand beats a lower banker's hand and loses to a "
                    "higher one.", chain="\x00").split("\x00")[0]
        assert lead in text and text.index(lead) < text.index(chain)


def test_belarus_says_its_ranking_as_exceptions_then_chain() -> None:
    en, ru = ranking("belarus-ponton", "en"), ranking("belarus-ponton", "ru")
    assert en.startswith("These hands of a player win whatever the banker holds: five-card "
                         "trick, three of a kind. That holds even against the banker's "
                         "pontoon or five-card trick. Between any other hands, pontoon beats "
                         "five-card trick, which beats any other total")
    assert "Даже когда" not in ru  # the fragment is a whole sentence now
    assert "Это так и тогда, когда у дилера понтун или 5 карт. В остальных случаях: старше " \
           "всех — понтун" in ru


# 2. Insurance cut by the bank ---------------------------------------------------------------

def _exact_insurance(r: Ruleset) -> bool:
    """An insurance of exactly a part of the stake, against a bank (a house's or a set one)."""
    i = r.player.insurance
    home = r.table.banker.value == "house-dealer"
    return bool(i.allowed and i.amount.value == "exactly" and (home or r.table.bank.amount))


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (rid, lang) for rid, lang in SHEETS if _exact_insurance(load_bundled(rid))])
def test_an_exact_insurance_says_the_banks_cut_in_its_own_line(ruleset_id: str,
                                                               lang: str) -> None:
    r = load_bundled(ruleset_id)
    home = r.table.banker.value == "house-dealer"
    rules = compile_rules(r)
    part = insurance_range(rules, 100)
    cut = insurance_range(rules, 100, bank_left=1)
    assert part is not None and cut is not None and cut.high == 1 < (part.high or 0)
    words = said(ruleset_id, lang, "At home, where the bank has less free, the insurance is "
                 "cut to what is free." if home else "Where the bank has less free, the "
                 "insurance is cut to what is free.")
    opening = said(ruleset_id, lang, "Insurance: when the banker's face-up card is an ace, "
                   "before the players play, you may bet exactly %(part)s of your stake that "
                   "the banker will have a pontoon.", part="\x00").split("\x00")[0]
    line = next(x for x in sheet(ruleset_id, lang).splitlines() if opening in x)
    assert words in line


# 3. Home Очко: a hidden bust, va-bank, a fresh pack ----------------------------------------

@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (rid, lang) for rid, lang in SHEETS if load_bundled(rid).faces.bust_shown
    and load_bundled(rid).settlement.hidden_bust_pays is not None])
def test_the_banker_stops_only_on_busts_shown(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said(ruleset_id, lang, "When every player has shown a bust, the banker does not "
                "play.") in text
    assert said(ruleset_id, lang, "When every player has already bust, the banker does not "
                "play.") not in text


def _va_bank(r: Ruleset) -> bool:
    """A «va-bank» against a bank as it stands, the stake named after the first card."""
    return bool(r.table.bank.va_bank and r.deal.stake_after_first_card
                and r.table.bank.cap.value == "as-it-stands")


@pytest.mark.parametrize(("ruleset_id", "lang"),
                         [(rid, lang) for rid, lang in SHEETS if _va_bank(load_bundled(rid))])
def test_a_named_stake_is_never_raised_but_a_va_bank_is_all_that_is_free(ruleset_id: str,
                                                                         lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said(ruleset_id, lang, "It is never raised, even where the bank has grown; only a "
                "«va-bank» grows.") in text
    assert said(ruleset_id, lang, "It is never raised, even where the bank has grown.") \
        not in text


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_a_fresh_pack_joins_the_old_one(ruleset_id: str, lang: str) -> None:
    message = ("With none thrown in, a fresh pack is shuffled in; it joins the old one for the "
               "rest of the evening.")
    words = said(ruleset_id, lang, message)
    if words not in sheet(ruleset_id, lang):  # no fresh pack mid-deal on this sheet
        assert "it stays in play from then on." not in sheet(ruleset_id, lang)
        return
    rules = compile_rules(load_bundled(ruleset_id))
    pack = Pack(rules, random.Random(1))
    before = len(pack.cards)
    pack.open_pack()  # the engine: the pack grows by a whole one, the old cards kept
    assert len(pack.cards) == before + len(full_pack(rules))


# 4. Russian words ------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", [rid for rid, lang in SHEETS if lang == "ru"])
def test_russian_pays_for_a_total(ruleset_id: str) -> None:
    assert "а любой другой сумме" not in sheet(ruleset_id, "ru")


# 5. The rescue's moment -------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (rid, lang) for rid, lang in SHEETS if load_bundled(rid).player.double.allowed
    and load_bundled(rid).player.double.rescue.allowed])
def test_the_rescue_is_decided_in_the_players_turn(ruleset_id: str, lang: str) -> None:
    r = load_bundled(ruleset_id)
    assert RESCUE in action_words(compile_rules(r))  # a hand's action in its turn
    assert said(ruleset_id, lang, "You decide in your turn, before the banker plays; the hand "
                "is settled then.") in sheet(ruleset_id, lang)
