"""Issue 49, the sixth reader's remaining findings: Ban Luck's bust kept face down until
the banker opens it (not "thrown in", not "lost at once"), the way the bank passes, a real
blank where the table fills one in, and whether a split ace and ten-card is a natural
(casino Очко's «считается, что у Вас очко»), each said as the fields hold it and as the
engine plays it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_html
from pontoon_rules.docs.website.catalog import family_messages
from pontoon_rules.docs.words import settlement_messages
from pontoon_rules.docs.words.i18n import untranslated
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from tests.engine_helpers import nets, run


def said(ruleset_id: str, lang: str = "en") -> dict[str, str]:
    """The sheet's sentences by rule key (a named hand's under `hand:<id>`)."""
    ruleset = load_bundled(ruleset_id)
    return {s.key: s.text for s in sentences(ruleset, lang)}


def test_ban_lucks_bust_waits_face_down_for_the_banker() -> None:
    """The sixth reader: "thrown in" and "lost at once" where the game keeps a bust hidden
    until the banker opens the hand (Time Out: "the Dealer will ask a player to reveal
    their hand")."""
    words = said("ban-luck")
    assert ("A hand that busts is not shown: its player keeps it face down, as a hand that "
            "stands, until it is opened.") in words["faces"]
    assert "thrown in" not in " ".join(words.values())
    assert words["player_bust"].startswith(
        "If you bust, you lose only your stake when your hand is opened, whatever the banker "
        "holds, even if the banker busts too.")
    assert "at once" not in words["player_bust"]
    ru = said("ban-luck", "ru")
    assert "Перебор не показывают" in ru["faces"] and "когда вашу руку откроют" in \
        ru["player_bust"]
    vi = said("xi-dach", "vi")
    assert "Bài quắc không lật ra" in vi["faces"]


def test_a_bust_thrown_in_still_loses_at_once() -> None:
    words = said("pagat-british")
    assert "A hand that busts is thrown in face up." in words["faces"]
    assert words["player_bust"].startswith(  # only the stake: a banker's hand takes 2:1 (r49k)
        "If you bust, you lose only your stake, at once, whatever the banker then does.")


def test_ban_lucks_banker_plays_on_not_knowing_who_has_bust() -> None:
    """A banker who cannot see a bust cannot stop because every player has bust: the sheet
    says the banker plays on, and the engine draws the banker's hand out (below 16 the
    banker must draw) though the only player's 24 has already lost."""
    banker = said("ban-luck")["banker_cards"]
    assert "The banker plays out their hand even when every player has already bust." in banker
    assert "does not play" not in banker
    r = run("ban-luck", [100], "4H JC 7H 6D 8S 5C", "p1 twist, banker twist, banker stick")
    assert nets(r) == [-100, 100]
    assert r.result.banker_cards == ["4H", "7H", "5C"]  # 16: drawn though nobody is live


@pytest.mark.parametrize(("ruleset_id", "side"), [
    ("siebzehn-und-vier", "left"), ("ban-luck", "left"), ("xi-dach", "left")])
def test_the_bank_passes_the_way_play_goes(ruleset_id: str, side: str) -> None:
    """The sixth reader: no direction for passing the bank (Siebzehn und Vier: „im
    Uhrzeigersinn“; Ban Luck: the play's way, our reading). `table.direction` is the way
    the deal, the play and the bank go."""
    bank = said(ruleset_id)["bank"]
    assert f"it goes to the next player, on the banker's {side} (clockwise, as play goes)" \
        in bank
    german = said("siebzehn-und-vier", "de")["bank"]
    assert "an den Spieler links vom Bankhalter (im Uhrzeigersinn)" in german


def test_a_table_that_plays_to_the_right_passes_the_bank_to_the_right() -> None:
    ruleset = load_bundled("siebzehn-und-vier")
    right = ruleset.model_copy(update={"table": ruleset.table.model_copy(
        update={"direction": type(ruleset.table.direction)("right")})})
    bank = {s.key: s.text for s in sentences(right, "en")}["bank"]
    assert "on the banker's right (counter-clockwise, as play goes)" in bank


FILL_IN = {"en": "(fill in)", "de": "(eintragen)", "ru": "(впишите)", "vi": "(điền vào)"}


@pytest.mark.parametrize(("ruleset_id", "lang", "asks"), [
    ("siebzehn-und-vier", "de", 0), ("siebzehn-und-vier", "en", 0), ("ban-luck", "en", 1),
    ("ban-luck", "ru", 1), ("xi-dach", "vi", 1)])
def test_a_blank_to_fill_in_is_printed_where_the_table_fills_one_in(ruleset_id: str,
                                                                      lang: str,
                                                                      asks: int) -> None:
    """The sixth reader: „(eintragen)“ with no blank to write in. Every sentence that asks
    the table to fill something in carries a line (____) to fill; each sheet prints a blank,
    and asks to fill in as many sentences as it should (none on Siebzehn und Vier's, whose
    blank its sentence says in words), so that no case passes by checking nothing."""
    found = [s for text in said(ruleset_id, lang).values() for s in text.split(". ")]
    asked = [s for s in found if FILL_IN[lang] in s]
    assert len(asked) == asks, asked
    assert all("____" in s for s in asked), asked
    assert any("____" in s for s in found), "no blank printed"


def test_siebzehn_und_viers_blank_says_what_the_table_agrees() -> None:
    words = " ".join(said("siebzehn-und-vier", "de").values())
    assert "Das vereinbart die Runde vor dem Spiel: ____." in words
    assert "(eintragen)" not in words


def test_casino_ochkos_split_ace_and_ten_is_ochko_on_the_sheet_and_in_the_engine() -> None:
    """The page: «Если Вам в «разбитую» сдачу пришёл туз и десятка или картинка, то
    считается, что у Вас очко» (`on_split_hand`): the sheet says so, and the engine pays a
    split A+K 2:1 as the natural."""
    assert load_ruleset("casino-ochko").hands.definitions["pontoon"].on_split_hand
    assert "a natural, on a split hand too" in said("casino-ochko")["hand:pontoon"]
    assert "с раздачи или на руке после сплита" in said("casino-ochko", "ru")["hand:pontoon"]
    r = run("casino-ochko", [100], "AS 5D AH 9D KD 9C 3C", "p1 split, p1 stick, p1 stick")
    hands = r.result.seats[0].hands
    assert [h.hand_class for h in hands] == ["pontoon", "total"]
    assert [h.net for h in hands] == [200, 100]


def test_a_natural_a_split_hand_cannot_make_says_so() -> None:
    words = said("belarus-ponton")
    natural = [t for k, t in words.items() if k.startswith("hand:") and "a natural" in t]
    assert natural and all("on a split hand too" not in t for t in natural)


HOUSE = """id: pagat-no-banker-five
schema_version: 2
name: British Pontoon, the banker's five cards count their total
kind: house
extends: pagat-british
summary: British Pontoon where the banker's five cards count only their total.
hands:
  definitions:
    five-card-trick:
      banker_can_hold: false
"""


@pytest.mark.parametrize("lang", ["hy", "pa", "ur"])
def test_a_house_rule_of_a_game_printed_in_a_language_prints_in_it(lang: str,
                                                                   tmp_path: Path) -> None:
    """pagat's sheets are printed in Armenian, Punjabi and Urdu; a table's house rule that
    the banker's five cards count their total prints the ranking's one-side words ("The
    banker's cards never count as …", issue 49's last stop) and "Only a player's counts.":
    the catalogs translate every wording of the rules these sheets print (`FAMILIES`), so
    the sheet is written, not refused."""
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    ruleset = load_ruleset(path)
    ranking = {s.key: s.text for s in sentences(ruleset, lang)}["ranking"]
    english = {s.key: s.text for s in sentences(ruleset, "en")}["ranking"]
    assert "The banker's cards never count as five-card trick" in english
    assert "never count" not in ranking and "%(" not in ranking
    sheet_html(ruleset, lang, find_base(ruleset))  # UntranslatedSheetError before


def test_the_catalog_check_asks_every_wording_of_a_rule_a_sheet_prints() -> None:
    """Who cuts is said nine ways (`between_deals.cut`, who banks, which way play goes): a
    language whose sheets say one of them must translate all (catalog `check`, through
    `sheet_messages`)."""
    cuts = family_messages({"first_shuffle"})
    assert sum("cuts them" in m for m in cuts) >= 9
    ranking = family_messages({"ranking"})
    assert set(settlement_messages.ONE_SIDE.values()) <= ranking
    assert set(settlement_messages.EXCEPTIONS_TO.values()) <= ranking
    assert family_messages({"deal"}) == set()  # a rule not in FAMILIES asks only its own
    for lang in ("hy", "pa", "ur", "vi", "de", "it"):
        assert untranslated(lang, cuts | ranking) == [], lang
