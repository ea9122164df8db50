"""Issue 49, fresh readers r49zh (Xì dách en 4.0, vi 3.5; Sette e mezzo en 4.5) and r49zg
(Sette e mezzo it, Siebzehn und Vier de and en: 4.0 each), g49ao. Each finding is said as
the engine plays it, by the fields that decide it, in every language the sheet prints:

1. Xì dách: an ace "whatever the number of cards" is not later said to count "by the cards";
   a natural is «bài đặc biệt», not «báo ngay» (declared at once) against "only in your
   turn"; a banker's bust pays every hand not bust (a hidden bust lies like a standing hand);
   the banker's face-down cards name the natural shown at once; a hand opened short of 16 is
   one the engine never lets stand, whose penalty the table agrees; the ◆ marks are the same
   in every language; the table's words for the ace («con xì») and the odds.
2. Sette e mezzo: what comes back when the pack runs out (the hands thrown in bust, else a
   fresh pack that stays, its wild card wild too); "Stand (“sto”)", not "Pass («passa»)";
   the banker never draws on 7½.
3. Siebzehn und Vier: deals counted one against one may pass the bank mid-round; the banker
   never draws on 21; no "whatever the banker then does" where the banker does not play; one
   hand, not "hands"; a natural 21 beats an ordinary 21 whoever holds it; English quotes, the
   natural glossed, "two aces", no dangling "Holding a natural".
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.legal import banker_may_draw, hand_legal
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


@cache
def sheet(ruleset_id: str, lang: str) -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


@cache
def said(ruleset_id: str, lang: str = "en") -> dict[str, str]:
    r = load_bundled(ruleset_id)
    return {s.key: s.text for s in sentences(r, lang, find_base(r))}


def overlay(tmp_path: Path, base: str, body: str) -> Ruleset:
    path = tmp_path / "variant.yaml"
    path.write_text(f"id: variant\nname: Variant (test)\nkind: house\nextends: {base}\n" + body,
                    encoding="utf-8")
    return load_ruleset(path)


def overlay_said(r: Ruleset, lang: str = "en") -> dict[str, str]:
    return {s.key: s.text for s in sentences(r, lang, find_base(r))}


def hand_of(codes: str, r: Ruleset) -> Hand:
    rules = compile_rules(r)
    hand = Hand(100)
    for code in codes.split():
        hand.put(parse_card(code), rules)
    return hand


# -- 1. Xì dách ------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "ace", "wrong"), [
    ("en", "An ace counts as said above, whatever the number of cards: an ace and a 5 make 16.",
     "by the cards in your hand"),
    ("vi", "Con xì tính như đã nói ở trên, dù bài có bao nhiêu lá: con xì với một lá 5 là 16 "
     "điểm.", "theo số lá trên tay")])
def test_xi_dachs_ace_counts_alike_in_the_stand_rule_too(lang: str, ace: str, wrong: str) -> None:
    """«Lá át tính theo số lá trên tay» (by the number of cards) against «dù bài có bao nhiêu
    lá» (whatever the number): the stand rule repeats the values sentence's reading."""
    assert ace in said("xi-dach", lang)["stick"]
    assert wrong not in sheet("xi-dach", lang)


def test_an_ace_that_counts_by_the_cards_is_still_said_so() -> None:
    """Ban Luck's ace counts by the hand's number of cards: its stand rule says so still."""
    assert "An ace counts by the cards in your hand" in said("ban-luck")["stick"]


def test_xi_dachs_naturals_are_special_hands_not_declared_at_once() -> None:
    """«ngay khi chia, báo ngay» (declare at once) against «Chỉ báo bài vào lượt của mình»;
    «bài tự nhiên» a calque of 'natural'."""
    text = sheet("xi-dach", "vi")
    assert "báo ngay" not in text and "bài tự nhiên" not in text
    assert "- Xì dách: đúng 2 lá được 21 điểm, ngay khi chia, bài đặc biệt." in text
    assert "Chỉ báo bài vào lượt của mình" in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "If the banker busts, every hand not yet settled that has not bust wins, paid what "
           "its hand pays."),
    ("vi", "Nếu nhà cái bị quắc, mọi bài chưa được tính tiền và chưa quắc đều thắng, ăn theo "
           "bài của mình.")])
def test_a_hidden_bust_is_not_a_hand_still_standing(lang: str, words: str) -> None:
    assert said("xi-dach", lang)["banker_bust"] == words


def test_busts_thrown_in_face_up_leave_hands_still_standing(tmp_path: Path) -> None:
    """The words follow `faces.bust_shown`: a bust shown at once leaves the table."""
    r = overlay(tmp_path, "xi-dach", "faces:\n  bust_shown: true\n")
    assert "every hand still standing wins" in overlay_said(r)["banker_bust"]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "The banker's cards stay face down until the players have played. The one "
     "exception: if the banker holds a xì bàng or xì dách, it is shown at once."),
    ("vi", "Ngoại lệ duy nhất: nếu nhà cái có xì bàng hoặc xì dách thì lật bài ngay.")])
def test_the_bankers_face_down_cards_name_the_natural_shown_at_once(lang: str,
                                                                   words: str) -> None:
    assert words in said("xi-dach", lang)["deal"]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Nobody else sees your cards, yet no hand of fewer than 5 cards stands below 16: one "
     "found so when it is opened has broken the rules, which name no penalty; the table agrees "
     "one before play: ____."),
    ("vi", "lật ra mà non là phạm luật")])
def test_a_hand_found_short_of_sixteen_is_said(lang: str, words: str) -> None:
    """The engine never lets a hand of fewer than 5 cards stand below 16 (no stick among its
    legal actions), so a hand found so ("non") broke the rule: the sheet says so."""
    r = load_bundled("xi-dach")
    kinds = {a.kind for a in hand_legal(hand_of("10S 5H", r), 1, compile_rules(r))}
    assert "stick" not in kinds and "twist" in kinds
    assert words in said("xi-dach", lang)["stick"]


def test_xi_dachs_marks_are_the_same_in_every_language() -> None:
    """The vi sheet lacked the ◆ of the banker's natural and of the ranking: Ban Luck's hands
    are «xì bàng», «xì dách» in Vietnamese, so only its English words differ."""
    r = load_bundled("xi-dach")
    marked = {lang: {s.key for s in sentences(r, lang, find_base(r)) if s.changed}
              for lang in ("en", "vi", "ru")}
    assert {"banker_pontoon", "ranking"} <= marked["en"]
    assert marked["vi"] == marked["en"] == marked["ru"]


def test_xi_dachs_vietnamese_says_the_tables_words() -> None:
    """«con xì» for the ace, a home table's «ăn» for what a hand is paid, the banker who plays
    their hand out (not «vẫn rút bài tiếp», who goes on drawing) and stands («dằn») at 5."""
    text = sheet("xi-dach", "vi")
    for words in ("lá át", "tỷ lệ", "vẫn rút bài tiếp", "thì dừng, kể cả khi chưa"):
        assert words not in text, words
    for words in ("Con xì tính 1, 10 hoặc 11", "cược 100 thì ăn 300",
                  "Nhà cái vẫn chơi cho xong bài của mình"):
        assert words in text, words


# -- 2. Sette e mezzo ------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["the cards of the hands already thrown in bust are shuffled and dealt on",
            "a fresh pack is shuffled and dealt on; it stays in play from then on",
            "so a wild card of it is wild too"]),
    ("it", ["si mescolano le carte di chi ha già sballato", "un mazzo nuovo",
            "anche la sua matta è matta"])])
def test_sette_says_what_comes_back_when_the_pack_runs_out(lang: str, words: list[str]) -> None:
    """"cards out of play are shuffled … cards on the table never come again" beside busts
    thrown in on the table, and a fresh pack's second wild king: as `Session._restock` does
    (the hands thrown in bust, else a fresh pack that stays: `Pack.open_pack`)."""
    text = said("sette-e-mezzo", lang)["shuffle"]
    for each in words:
        assert each in text, each
    assert "never come again" not in text and "non tornano in gioco" not in text


def test_a_fresh_packs_wild_king_is_wild_as_the_engine_counts_it() -> None:
    r = load_bundled("sette-e-mezzo")
    rules = compile_rules(r)
    assert parse_card("KD") in rules.wild


def test_a_game_with_a_discard_pile_keeps_the_general_words(tmp_path: Path) -> None:
    r = overlay(tmp_path, "sette-e-mezzo", "between_deals:\n  shuffle: penetration\n"
                "  penetration: 0.75\n")
    assert "the discards of earlier deals are shuffled and dealt on" in overlay_said(r)["shuffle"]


def test_settes_english_player_stands() -> None:
    """"Pass («passa»)" read as skipping a turn; a player standing says «sto»."""
    text = sheet("sette-e-mezzo", "en")
    assert "Stand (“sto”): take no more cards. You may stand on any total." in text
    assert not re.search(r"\bpass(es)?\b|«passa»", text, re.IGNORECASE)


@pytest.mark.parametrize(("ruleset_id", "lang", "words", "cards"), [
    ("sette-e-mezzo", "en", "But the banker never draws on a total of 7½ or more.", "7D KS"),
    ("sette-e-mezzo", "it", "Ma con 7½ o più il mazziere non prende altre carte.", "7D KS"),
    ("siebzehn-und-vier", "en", "But the banker never draws on a total of 21 or more.", "AD 10D"),
    ("siebzehn-und-vier", "de", "Ab 21 kauft er nicht.", "AD 10D")])
def test_a_banker_by_choice_never_draws_at_the_limit(ruleset_id: str, lang: str, words: str,
                                                     cards: str) -> None:
    """"Whether the banker may buy at 21 or more": never (`legal.banker_may_draw`)."""
    r = load_bundled(ruleset_id)
    assert not banker_may_draw(hand_of(cards, r), compile_rules(r))
    assert words in said(ruleset_id, lang)["banker_draws"]


# -- 3. Siebzehn und Vier --------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Each deal counted is one player's game against the banker, so the bank may pass "
     "before every player has played: the players still to play then play the new banker, on "
     "the stakes they have already put down, and the old banker, now a player, puts down a "
     "stake and plays last."),
    # "wer fehlt" read as whoever is absent (r49zy): whoever is still to come plays the new banker
    ("de", "Jedes Spiel zählt; wer noch drankommt, spielt gegen den Neuen, der Alte zuletzt.")])
def test_the_bank_may_pass_mid_round(lang: str, words: str) -> None:
    """The session counts each one-against-one deal (`banking.pass_bank_on`) and seats the
    players from the new banker's left."""
    assert words in said("siebzehn-und-vier", lang)["bank"]


def test_stakes_placed_in_turn_are_not_said_to_be_down(tmp_path: Path) -> None:
    r = overlay(tmp_path, "siebzehn-und-vier", "table:\n  stakes_before_first_deal: false\n")
    bank = overlay_said(r)["bank"]
    assert "then play the new banker, and the old banker" in bank
    assert "already put down" not in bank


@pytest.mark.parametrize(("lang", "gone", "kept"), [
    ("en", "whatever the banker then does", "If you bust, you lose only your stake, at once."),
    ("de", "was auch immer der Bankhalter danach tut",
     "Wer sich überkauft, verliert sofort nur seinen Einsatz.")])
def test_a_bust_says_nothing_of_a_banker_who_does_not_play(lang: str, gone: str,
                                                           kept: str) -> None:
    text = sheet("siebzehn-und-vier", lang)
    assert gone not in text and kept in text
    assert "whatever the banker then does" in said("pagat-british")["player_bust"]


@pytest.mark.parametrize(("lang", "gone", "kept"), [
    ("en", "Hands that", "A hand that stands is shown at the end of the deal."),
    ("de", "Die Hände", "Sonst deckt man am Ende des Spiels auf.")])
def test_one_player_has_one_hand(lang: str, gone: str, kept: str) -> None:
    text = sheet("siebzehn-und-vier", lang)
    assert gone not in text and kept in text


@pytest.mark.parametrize(("lang", "gone", "kept"), [
    ("en", "In a player's hand it also beats",
     "Whoever holds it, it also beats an ordinary 21 in the other's hand."),
    ("de", "In der Hand eines Spielers",
     "Sie schlägt auch eine gewöhnliche 21 der Gegenseite.")])
def test_a_natural_21_beats_an_ordinary_21_whoever_holds_it(lang: str, gone: str,
                                                          kept: str) -> None:
    """A one-sided "in a player's hand" invited the opposite reading for the banker's."""
    text = sheet("siebzehn-und-vier", lang)
    assert gone not in text and kept in text


def test_siebzehns_english_words() -> None:
    """English quotes, not «»; the natural glossed; "two aces", not "the ranks A A"; "stand",
    not "pass", which reads as dropping out; no dangling "Holding a natural"."""
    text = sheet("siebzehn-und-vier", "en")
    body = text.split("\nSources:")[0]
    assert "«" not in body and "»" not in body
    assert "geborene Einundzwanzig (a natural 21, ace and ten)" in text
    assert "the ranks A A" not in text and "Feuer (two aces): two aces" in text
    assert "Stand (say “passe”, which here does not mean dropping out)" in text
    for ruleset_id in ("siebzehn-und-vier", "sette-e-mezzo"):
        assert "Holding a natural" not in sheet(ruleset_id, "en")
        assert "If your first two cards make a natural" in said(ruleset_id)["declare"]
