"""Issue 49, task f49f: the home games' sheets, the last points of fresh readers r50a (home
Очко, Vingt-un), r50c §4 and r49zy (Siebzehn und Vier)."""

from __future__ import annotations

import pytest

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
