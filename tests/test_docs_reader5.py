"""Issue 49, the fifth fresh reader: the home-bank box's shuffle and cut, home Очко's bank,
Siebzehn und Vier's born hand and staking, Armenian punctuation, the double's card, the
matta in Sette e mezzo's examples, Vietnamese words, and the marks † and ‡ following the
provenance's status."""

from __future__ import annotations

import random
import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base, worked_examples
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import RULES, Sentence, sentences
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.common import Status
from pontoon_rules.ruleset.format.fields import provenance_for
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def _said(ruleset_id: str, key: str, lang: str = "en") -> Sentence:
    found = [s for s in sentences(load_bundled(ruleset_id), lang) if s.key == key]
    assert len(found) == 1, (ruleset_id, key, found)
    return found[0]


def _examples(ruleset_id: str, lang: str) -> list[str]:
    return [line for told in worked_examples(load_bundled(ruleset_id), lang)
            for line in told["lines"]]


def _sheet(ruleset_id: str, lang: str) -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r))


CASINO_SHEETS = [("belarus-ponton", "ru"), ("casino-ochko", "ru"), ("casino-ochko", "en"),
                 ("australian-pontoon", "en"), ("spanish-21", "en")]


@pytest.mark.parametrize(("ruleset_id", "lang"), CASINO_SHEETS)
def test_the_home_bank_box_refers_to_the_one_shuffle_and_cut_sentence(ruleset_id: str,
                                                                     lang: str) -> None:
    """«тасует дилер, снимает игрок справа от него» against «дилер заведения тасует карты, а
    один из игроков … снимает колоду»: who cuts is said once, in the first-deal sentence;
    the box points to it by its chapter's title."""
    box = _said(ruleset_id, "home_bank", lang).text
    title = translations(lang).gettext("Between deals")
    for cutter in ("player on their right cuts", "player on their left cuts",
                   "снимает игрок справа", "снимает игрок слева"):
        assert cutter not in box
    first = _said(ruleset_id, "first_shuffle", lang)
    assert first.chapter == "between-deals"
    if load_bundled(ruleset_id).between_deals.cut.value == "nobody":  # the online Очко
        assert title not in box and ("cuts them" in box or "снимает колоду" in box)
        assert not first.silent  # the source implies it: sheets49e
        return
    assert title in box, box
    assert first.silent


def test_home_ochko_says_the_sources_leave_giving_up_the_bank_open() -> None:
    """«Банк остаётся у того же игрока, пока его не сорвут» beside «когда каждый побывал
    банкиром»: the source's copy is cut off before it says when the bank passes, so
    whether a banker may give it up is left to the table, marked, and the evening's end
    does not lean on every player holding the bank."""
    note = provenance_for(load_bundled("ochko-home"), "table.bank.passes_when_broken")
    assert note is not None and note.open and "is not said" in note.note
    ru = _said("ochko-home", "bank", "ru")
    assert "Может ли банкир сам передать банк, пока его не сорвали, правила не говорят" in ru.text
    assert "когда каждый побывал банкиром" not in ru.text and ru.open
    en = _said("ochko-home", "bank").text
    assert "Whether a banker may give up the bank before it is broken" in en
    assert "when each player has held the bank" not in en
    # where the bank passes only on a natural it may never reach every player (g49j: Sette
    # e mezzo's reader); where the table agrees when it passes, all may have held it
    assert "when each player has held the bank" not in _said("pagat-british", "bank").text
    assert "when each player has held the bank" in _said("ban-luck", "bank").text


def test_siebzehn_und_vier_turns_up_only_the_face_down_card_of_a_born_hand() -> None:
    """«Offen: eine gekaufte Karte»: each player is dealt one card, so the second card of a
    born hand already lies face up (`deal.player_cards`, `faces.twisted_card`)."""
    r = load_bundled("siebzehn-und-vier")
    assert r.deal.player_cards == 1 and r.faces.twisted_card.value == "face-up"
    text = _said("siebzehn-und-vier", "declare", "de").text
    assert "deckt auch seine verdeckte Karte auf (die zweite liegt schon offen)" in text
    assert "deckt beide Karten auf" not in text
    # a game dealing two cards keeps "both cards"
    assert "both cards face up" in _said("ban-luck", "declare").text


def test_siebzehn_und_vier_says_when_the_players_waiting_their_turn_stake() -> None:
    """„Vor Spielbeginn zahlt jeder einen Einsatz“: every stake is down before the banker's
    first one-on-one game."""
    assert "Vor Spielbeginn zahlt jeder einen Einsatz" in provenance_for(
        load_bundled("siebzehn-und-vier"), "deal.stake_after_first_card").quote
    text = _said("siebzehn-und-vier", "stake_when", "de").text
    assert text.startswith("Alle Spieler setzen ihren Einsatz, bevor der Bankhalter dem ersten")


@pytest.mark.parametrize(("ruleset_id", "lang", "said", "calque"), [
    ("siebzehn-und-vier", "de", "Einen festen Bankwechsel kennen die Regeln nicht",
     "Die Regeln geben die Bank nicht weiter"),
    ("ban-luck", "en", "The rules set no time for the bank to pass",
     "The rules never pass the bank on"),
])
def test_a_bank_passing_by_no_rule_is_said_idiomatically(ruleset_id: str, lang: str, said: str,
                                                         calque: str) -> None:
    text = _said(ruleset_id, "bank", lang).text
    assert said in text and calque not in text


def test_armenian_examples_use_no_latin_colon_nor_a_bracketed_name_with_an_article() -> None:
    """An Armenian reader takes ":" for the full stop «։»; «21 (3 և ավելի քարտ)-ը»."""
    lines = _examples("pagat-british", "hy")
    assert len(lines) >= 12
    for line in lines:
        assert not re.search(r"(?<!\d):|:(?!\d)", line), line  # odds (2:1) only
        assert ")-" not in line, line
    sheet = _sheet("pagat-british", "hy")
    assert "Աղբյուրներ:" not in sheet and ")-ը" not in sheet


@pytest.mark.parametrize("ruleset_id", [i for i in bundled_ids()
                                        if load_bundled(i).player.double.allowed])
def test_every_double_says_how_many_cards_it_takes(ruleset_id: str) -> None:
    """"doubles and gets 7♠" with only "After doubling you may go on drawing as you like":
    the engine deals a double one card at once (`engine.round.flow`), the sentence says so."""
    text = _said(ruleset_id, "double").text
    assert "one card" in text, text


def test_casino_ochkos_double_is_dealt_one_card_in_the_engine_and_on_the_sheet() -> None:
    """After a double the engine deals one card, then the player draws on or sticks."""
    state = RoundState(compile_rules(load_bundled("casino-ochko")), [100])
    for card in parse_cards("7S 9D 4S 8C".split()):
        state.apply_action(card)
    state.apply_action(parse_step("p1 double", 0)[1])
    assert state.is_chance_node()
    state.apply_action(parse_cards(["7C"])[0])
    assert not state.is_chance_node() and state.actor_name() == "p1"
    assert {a.kind for a in state.legal_actions()} >= {"stick", "twist"}
    assert "При удвоении сразу приходит одна карта" in _said("casino-ochko", "double", "ru").text


@pytest.mark.parametrize(("lang", "said", "clumsy"), [
    ("en", "Hand 1 is bust: player 1 loses 100.", "Hand 1: Player 1 is bust"),
    ("ru", "Рука 1: перебор: игрок 1 проигрывает 100.", "Рука 1: Игрок 1: перебор"),
])
def test_a_split_hand_that_busts_is_the_hand_not_the_player(lang: str, said: str,
                                                           clumsy: str) -> None:
    lines = _examples("casino-ochko", lang)
    assert said in lines and not any(clumsy in line for line in lines)


def test_an_example_holding_the_matta_names_it_and_its_value() -> None:
    """The two examples with R♦ never said it is the matta: a reader took the king's ½."""
    lines = [line for line in _examples("sette-e-mezzo", "it") if "R♦" in line]
    assert len(lines) >= 2
    assert "7 con 2 carte; R♦ è la matta e qui vale 5." in " ".join(lines)
    assert "sette e mezzo reale; R♦ è la matta e qui vale 7." in " ".join(lines)
    assert not any("R♥ è la matta" in line for line in _examples("sette-e-mezzo", "it"))


def _sette_session(top: str) -> Session:
    rules = compile_rules(load_bundled("sette-e-mezzo"))
    first = parse_cards(top.split())
    rest = full_pack(rules)
    for card in first:
        rest.remove(card)
    return Session(rules, ["A", "B"], random.Random(1), "A", pack_order=first + rest)


def test_a_players_reale_beaten_by_the_bankers_takes_the_bank() -> None:
    """Does a player's reale take the bank when the banker's reale beats it? The engine
    passes the bank to whoever makes the hand (`between_deals.rotation: pontoon-maker`),
    won or lost; the sheet now says so."""
    s = _sette_session("QH JD 7D KD")
    steps = iter(["p1 twist", "banker twist"])

    def act(state: RoundState) -> None:
        state.apply_action(parse_step(next(steps), 0)[1])

    record = s.play_deal([10], act)
    hand = record.result.seats[0].hands[0]
    assert hand.hand_class == "sette-e-mezzo-reale" and hand.net == -10
    assert record.next_banker == "B"
    assert ("Il sette e mezzo reale di un giocatore prende il banco anche quando perde contro "
            "quello del mazziere.") in _said("sette-e-mezzo", "bank", "it").text


def test_the_vietnamese_sheet_says_no_english_bank_and_a_plain_variant_box() -> None:
    text = _sheet("xi-dach", "vi")
    assert not re.search(r"\bbank\b", text)
    assert "được nguồn gọi tên" not in text
    assert "Một trò chơi riêng, theo nguồn của chính nó" in text  # g49j: not a variant
    assert "bàn thỏa thuận" not in text.lower()


def _open_statuses(r: Ruleset, s: Sentence) -> set[Status]:
    """The open statuses a sentence rests on: its fields', or for a custom no source gives
    (the first shuffle and cut), the fields its words are made from (`Rule.reads`: who
    cuts follows `table.direction`, Ban Luck's our reading of "clockwise or
    anti-clockwise")."""
    paths = s.paths
    if s.key == "first_shuffle" and "between_deals.cut" not in r.provenance:
        paths = next(rule.reads for rule in RULES if rule.key == s.key)
    return {pv.status for p in paths if (pv := provenance_for(r, p)) and pv.open}


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "ochko-home", "xi-dach",
                                        "casino-ochko"])
def test_the_marks_follow_the_provenance_status(ruleset_id: str) -> None:
    """'† The source does not say' was printed on our readings of sources that do say
    something (pagat's split: all three translations say "two cards"): † is our reading of
    a source that leaves it open (stated or our reading), ‡ what it never says (a custom
    with no source, a reading only implied)."""
    r = load_bundled(ruleset_id)
    for s in sentences(r, "en"):
        statuses = _open_statuses(r, s)
        ours = any(rule.our_reading for rule in RULES if rule.key == s.key)  # home play
        assert s.reading == (bool(statuses - {Status.IMPLIED}) or ours), s
        custom = s.key == "first_shuffle" and "between_deals.cut" not in r.provenance
        assert s.silent == (Status.IMPLIED in statuses or custom), s
        assert s.open == (s.reading or s.silent)


def test_pagats_split_is_marked_as_our_reading_with_its_own_legend() -> None:
    split = _said("pagat-british", "split")
    assert split.reading and not split.silent
    md = _sheet("pagat-british", "en")
    assert f"- {split.text} †\n" in md
    assert ("† Our reading of the source, which leaves this open; we play it this way. "
            "Agree on it before you play.") in md
    assert "‡ The source does not say; we play it this way. Agree on it before you play." in md
    ru = _sheet("ochko-home", "ru")
    assert "† Так мы читаем источник" in ru and "‡ Источник молчит" in ru
