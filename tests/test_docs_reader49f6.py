"""Issue 49, task f49f: the home games' sheets, the last points of fresh readers r50a (home
Очко, Vingt-un), r50c §4 and r49zy (Siebzehn und Vier)."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import render_sheet
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.lacking import LACKING
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.loading.registry import load_bundled

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


def test_the_banker_pays_a_players_natural_only_in_the_ordinary_settlement() -> None:
    """r50a: "(who pays it only as the banker)" read as obscure."""
    for lang in ("en", "ru"):
        text = " ".join(_sheet("vingt-un", lang).split())
        assert "who pays it only as the banker" not in text
        assert "только как банкир" not in text
    assert "the banker pays it only in the ordinary settlement" in _sheet("vingt-un", "en")
    assert "банкир платит за неё только при обычном расчёте" in _sheet("vingt-un", "ru")


def test_vingt_uns_russian_natural_is_never_a_plain_ochko() -> None:
    """r50a §4: to a Russian player «очко» is any 21; the two-card natural is «очко с
    раздачи» wherever the sheet names it (ranking, the bank's passing, payments, examples),
    and a 21 of three cards or more stays «двадцать одно»."""
    text = _sheet("vingt-un", "ru")
    bare = [m.start() for m in re.finditer(r"(?<![а-яё])[Оо]чко(?![а-яё])(?! с раздачи)", text)]
    assert not bare, [text[i - 30:i + 30] for i in bare]
    assert "очко с раздачи" in text and "двадцать одно" in text
    assert "21 (3 карты): двадцать одно." in text
