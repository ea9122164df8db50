"""Issue 49, task f49f: the home games' sheets, the last points of fresh readers r50a (home
Очко, Vingt-un), r50c §4 and r49zy (Siebzehn und Vier)."""

from __future__ import annotations

import random
import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base, printable_rounds, worked_examples
from pontoon_rules.docs.sheet.sheets import render_sheet
from pontoon_rules.docs.words.example_needs import banker_idle
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.lacking import LACKING
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.banking import seat_order
from pontoon_rules.engine.sessions.pack import Pack, full_pack
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

HOME_21 = [("ochko-home", "en"), ("ochko-home", "ru"), ("siebzehn-und-vier", "de"),
           ("siebzehn-und-vier", "en"), ("siebzehn-und-vier", "ru")]


def _said(ruleset_id: str, lang: str) -> dict[str, str]:
    return {s.key: s.text for s in sentences(load_bundled(ruleset_id), lang)}


def _words(lang: str, key: str) -> str:
    return translations(lang).gettext(next(f.words for f in LACKING if f.key == key))


@pytest.mark.parametrize(("ruleset_id", "lang"), HOME_21)
def test_a_home_21_with_a_short_pack_says_it_has_no_casino_doubling(ruleset_id: str,
                                                                    lang: str) -> None:
    """Home Очко (36 cards) and Siebzehn (32) have no casino game of their pack, so their
    sheets named nothing they lack; every reader asked for "no doubling, splitting,
    insurance". A short-pack home game of 21 now knows the casino's games of 21 of any pack:
    what most of them offer (doubling, splitting, insurance) is said, what few do (buying a
    card, surrendering: r49k's complaint) is not."""
    lacks = _said(ruleset_id, lang)["lacks"]
    for key in ("player.double.allowed", "player.split.allowed", "player.insurance.allowed"):
        assert _words(lang, key) in lacks, (key, lacks)
    for key in ("stakes.buy", "player.surrender.allowed"):
        assert _words(lang, key) not in lacks, (key, lacks)


def test_german_lacks_line_reads_nicht_in_diesem_spiel() -> None:
    """r50c: „Nicht in diesem Spiel: …" is the usual German heading of such a line."""
    assert _said("siebzehn-und-vier", "de")["lacks"].startswith("Nicht in diesem Spiel: ")


def test_a_home_game_of_another_total_lists_nothing_it_lacks() -> None:
    """Sette e mezzo (7½) has no casino game of its total: its sheet names no casino feature."""
    assert "lacks" not in _said("sette-e-mezzo", "it")


# 2. Vingt-un: the intro's "unless", the banker's natural said plainly, «очко с раздачи» -------

def _sheet(ruleset_id: str, lang: str) -> str:
    ruleset = load_bundled(ruleset_id)
    return render_sheet(ruleset, "md", lang, find_base(ruleset)).decode("utf-8")


def _intro(ruleset_id: str, lang: str) -> str:
    return _sheet(ruleset_id, lang).split("\n## ", 1)[0]


@pytest.mark.parametrize(("lang", "unless", "others"), [
    ("en", "unless the banker has one too", "every other player"),
    ("ru", "если у банкира его нет", "каждый другой игрок")])
def test_vingt_uns_intro_ends_the_bankers_exception_before_the_other_players(
        lang: str, unless: str, others: str) -> None:
    """r50a: "…unless the banker has one too (then they stand off), and from every other
    player…" read as the banker's natural sparing the others too: a full stop between."""
    sentences_ = [s for s in _intro("vingt-un", lang).split(". ") if unless in s]
    assert sentences_ and all(others not in s.lower() for s in sentences_), sentences_
    assert others in _intro("vingt-un", lang).lower()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_vingt_uns_intro_says_only_the_cards_out_of_play_are_shuffled(lang: str) -> None:
    """r50a: "the pack is shuffled … when it runs out" against the body's "the cards out of
    play are shuffled" (`pack_runs_out: shuffle-discards`, as the engine deals on)."""
    assert load_bundled("vingt-un").between_deals.pack_runs_out.value == "shuffle-discards"
    intro = _intro("vingt-un", lang)
    assert ("only its discards when it runs out" if lang == "en"
            else "когда она кончается — только сброс") in intro
    assert "or when it runs out" not in intro and "или когда она кончается" not in intro


def test_the_banker_pays_a_players_natural_on_settling_that_hand() -> None:
    """r50a: "(who pays it only as the banker)" read as obscure."""
    for lang in ("en", "ru"):
        text = " ".join(_sheet("vingt-un", lang).split())
        assert "who pays it only as the banker" not in text
        assert "только как банкир" not in text
    assert "the banker pays it 2:1 on settling that hand, as any win" in _sheet("vingt-un", "en")
    assert "банкир платит за неё 2 к 1 при расчёте с этим игроком" in _sheet("vingt-un", "ru")


def test_vingt_uns_russian_natural_is_never_a_plain_ochko() -> None:
    """r50a §4: to a Russian player «очко» is any 21; the two-card natural is «очко с
    раздачи» wherever the sheet names it (ranking, the bank's passing, payments, examples),
    and a 21 of three cards or more stays «двадцать одно»."""
    text = _sheet("vingt-un", "ru")
    bare = [m.start() for m in re.finditer(r"(?<![а-яё])[Оо]чко(?![а-яё])(?! с раздачи)", text)]
    assert not bare, [text[i - 30:i + 30] for i in bare]
    assert "очко с раздачи" in text and "двадцать одно" in text
    assert "21 (3 карты): двадцать одно." in text


# 3. home Очко: the fresh pack, the va-bank, the banker's two aces, the cut, the debt ---------

def test_a_fresh_pack_opened_mid_deal_stays_for_the_evening() -> None:
    """r50a: "it joins the old one from then on" had no end. The engine (`Pack.open_pack`)
    keeps the fresh pack's cards, and every later shuffle takes them back with the rest: two
    packs for the rest of the session."""
    rules = compile_rules(load_bundled("ochko-home"))
    pack = Pack(rules, random.Random(3))
    one = len(full_pack(rules))
    pack.open_pack()
    pack.shuffle()
    pack.shuffle()
    assert len(pack.cards) == 2 * one  # still two packs after later shuffles
    assert ("a fresh pack is shuffled in; it joins the old one for the rest of the evening."
            in _sheet("ochko-home", "en"))
    assert "она добавляется к старой до конца вечера." in _sheet("ochko-home", "ru")
    assert "from then on" not in _sheet("ochko-home", "en")


@pytest.mark.parametrize(("lang", "grows"), [
    ("en", "even where the bank has grown; only a «va-bank» grows."),
    ("ru", "даже если банк вырос; растёт только «ва-банк».")])
def test_a_va_bank_is_the_one_stake_that_grows(lang: str, grows: str) -> None:
    """r50a: "never raised, even where the bank has grown" beside a «va-bank» that takes all
    that is free when its turn comes (500 named, 1500 staked)."""
    assert grows in _sheet("ochko-home", lang)


def test_the_bankers_top_hand_names_the_players_hands_it_does_not_beat() -> None:
    """r50a: "beats every other hand of a player, those excepted" read as doubled."""
    en, ru = _sheet("ochko-home", "en"), _sheet("ochko-home", "ru")
    assert ("The banker's two aces beats every hand of a player except two aces and "
            "twenty-one; of two totals the higher wins.") in en
    assert "those excepted" not in en
    assert "кроме этих: золотое очко и очко;" in ru


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_later_cut_names_the_side_the_engine_cuts_from(lang: str) -> None:
    """r50a: "the player on the same side of that banker" for the engine's seat on the
    dealing banker's left (`between_deals.cut: player-left`); a right-hand cut says right."""
    ruleset = load_bundled("ochko-home")
    assert ruleset.between_deals.cut.value == "player-left"
    words = {"en": ("the player on their left cuts.", "the player on their right cuts."),
             "ru": ("колоду игрок слева от него", "колоду игрок справа от него")}[lang]
    assert words[0] in _sheet("ochko-home", lang)
    right = ruleset.model_copy(update={"between_deals": ruleset.between_deals.model_copy(
        update={"cut": type(ruleset.between_deals.cut)("player-right")})})
    text = render_sheet(right, "md", lang, ruleset).decode("utf-8")
    assert words[1] in text and words[0] not in text


def test_a_hidden_bust_debt_is_owed_to_that_deals_banker() -> None:
    """r50a: whom is a debt owed once the bank has passed? The session pays each deal's
    banker by name (`Session.pay`), so the sheet says that deal's banker."""
    assert "If you cannot pay all of it, you owe that deal's banker the rest." in \
        _sheet("ochko-home", "en")
    assert "остаток вы должны банкиру этой раздачи." in _sheet("ochko-home", "ru")


def test_russian_declares_a_natural_plainly() -> None:
    """r50a: «С комбинацией, собранной первыми двумя картами (золотое очко), объявите её»
    read as heavy."""
    text = _sheet("ochko-home", "ru")
    assert "Если у вас золотое очко, объявите это, открыв обе карты." in text
    assert "С комбинацией, собранной" not in text


# 4. A worked round where every player has bust says the banker does not play ------------------

def _all_bust_rounds() -> list[tuple[str, str, list[str]]]:
    out = []
    for rid in bundled_ids():
        ruleset = load_bundled(rid)
        dealt = ruleset.deal.banker_cards  # a banker who drew (an insurance's card) played
        bust = [r["script"] for r in printable_rounds(ruleset)
                if all(h["class"] == "bust" for s in r["result"]["seats"] for h in s["hands"])
                and len(r["result"]["banker"]["cards"]) <= dealt
                and not any(e.get("action") == "hide" for e in r["result"]["transcript"])]
        for lang in sheet_languages(ruleset):
            out += [(rid, lang, told["lines"]) for told in worked_examples(ruleset, lang)
                    if told["script"] in bust]
    return out


def test_every_all_bust_round_says_the_banker_does_not_play() -> None:
    """r50a: "Banker: is dealt Q♠: 3 with 1 card" under a bust read as a banker stopping on
    3 by choice; home Очко's example 4, Vingt-un's 3, and every such round told (the engine
    leaves the banker out when no hand is live: `flow`), in every language."""
    found = _all_bust_rounds()
    assert {(rid, lang) for rid, lang, _lines in found} >= {
        ("ochko-home", "en"), ("ochko-home", "ru"), ("vingt-un", "en"), ("vingt-un", "ru"),
        ("siebzehn-und-vier", "de")}
    for rid, lang, lines in found:
        idle = translations(lang).gettext(STEPS["idle"])  # in the banker's line, before the
        assert sum(idle in x for x in lines) == 1, (rid, lang, lines)  # with its total


def test_a_hidden_bust_leaves_the_banker_to_play() -> None:
    """A bust kept hidden stands until the settlement: the banker plays, and no such line."""
    ruleset = load_bundled("ochko-home")
    result = {"seats": [{"hands": [{"class": "bust"}]}], "banker": {"cards": ["QS"]},
              "transcript": [{"event": "decision", "actor": "p1", "action": "hide"}]}
    assert not banker_idle(ruleset, result)
    result["transcript"] = []
    assert banker_idle(ruleset, result)


# 5. Siebzehn und Vier: „Ich bleibe“, and a bank that changes hands in the middle of a round --

def test_german_stands_with_ich_bleibe_first() -> None:
    """r50c, r49zy: „passen“ is mostly dropping out in German; the usual word leads, the
    source's „Ich passe“ is kept after it; the worked rounds say it too."""
    text = _sheet("siebzehn-und-vier", "de")
    assert "- „Ich bleibe“ (auch „Ich passe“): keine Karte mehr kaufen." in text
    assert "sagt „Ich bleibe“" in text and "sagt „Ich passe“" not in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "on the stakes they have already put down, and the old banker, now a player, puts "
           "down a stake and plays last."),
    ("ru", "оставшиеся играют с новым банкиром на свои ставки, а прежний банкир ставит и "
           "играет последним.")])
def test_a_bank_passed_mid_round_says_stakes_order_and_the_old_bankers_stake(
        lang: str, words: str) -> None:
    """r50c §4, r49zy: a bank change in the middle of a round: stakes already placed stay,
    (the German sheet has no room for more than its «der Alte zuletzt»: its PDF's one page)
    the players still to play go on against the new banker, and the old banker stakes anew
    and plays last: the session seats the players from the new banker's left
    (`banking.seat_order`), so the old banker, on the new one's right, comes last."""
    ruleset = load_bundled("siebzehn-und-vier")
    rules = compile_rules(ruleset)
    people = ["ann", "bob", "cy", "di"]
    assert seat_order(rules, people, "bob")[-1] == "ann"  # ann banked before bob
    assert words in " ".join(_sheet("siebzehn-und-vier", lang).split())
