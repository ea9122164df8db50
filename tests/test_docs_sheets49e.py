"""Issue 49, four sheet defects: who cuts the pack (`between_deals.cut`), sentences that
open with a lower-case letter, «твист» in a German game's Russian example, and the
Markdown sheet's list of the base's dropped rules."""

from __future__ import annotations

import html
import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_html, sheet_markdown
from pontoon_rules.docs.words.marks import capitalised
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.common import BankerRole, Cut, Status
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.canonical import behaviour_form


def _cut_by(ruleset: Ruleset, cut: Cut, banker: BankerRole | None = None) -> Ruleset:
    between = ruleset.between_deals.model_copy(update={"cut": cut})
    table = ruleset.table.model_copy(update={"banker": banker or ruleset.table.banker})
    return ruleset.model_copy(update={"between_deals": between, "table": table})


def _first_shuffle(ruleset: Ruleset, lang: str = "en") -> tuple[str, bool]:
    found = [s for s in sentences(ruleset, lang) if s.key == "first_shuffle"]
    assert len(found) == 1
    return found[0].text, found[0].silent


# -- 1. who cuts ---------------------------------------------------------------------------
def test_the_online_casino_ochko_says_nobody_cuts_as_its_source_implies() -> None:
    """The online game's help page: the player's click starts the deal; no player cuts
    (the sheet said "as is usual, a player cuts them ‡")."""
    r = load_bundled("casino-ochko")
    assert r.between_deals.cut is Cut.NOBODY
    prov = r.provenance["between_deals.cut"]
    assert prov.status is Status.IMPLIED and not prov.open
    assert "сдачу карт" in prov.quote  # quoted in the source's own language
    text, silent = _first_shuffle(r)
    assert text == ("In the casino the cards are shuffled at random by a machine (online, by "
                    "the game itself), and nobody cuts them.")  # the casino's, not home's (g49q)
    assert not silent and "player" not in text
    ru, silent = _first_shuffle(r, "ru")
    assert ru == ("В казино карты тасует машина (в онлайн-игре — сама игра), колоду никто не "
                  "снимает.")
    assert not silent


def test_the_home_ochko_is_cut_by_the_player_on_the_bankers_left_as_its_source_says() -> None:
    """cardgames.wiki: "removes the player to the left of the banker" (the sheet said the
    player on the banker's right, "as is usual", ‡)."""
    r = load_bundled("ochko-home")
    assert r.between_deals.cut is Cut.PLAYER_LEFT
    assert r.provenance["between_deals.cut"].status is Status.STATED
    text, silent = _first_shuffle(r)
    assert text.startswith("Before the first deal the first banker shuffles the cards and the "
                           "player on the banker's left cuts them.")
    assert not silent
    assert "игрок слева от банкира снимает колоду" in _first_shuffle(r, "ru")[0]


@pytest.mark.parametrize(("cut", "banker", "english", "russian"), [
    (Cut.PLAYER, BankerRole.ROTATING, "as is usual, the player on the banker's right cuts",
     "игрок справа от банкира, как принято, снимает колоду"),
    (Cut.PLAYER_LEFT, BankerRole.HOUSE_DEALER, "the player on the banker's left cuts them.",
     "игрок слева от банкира снимает колоду"),  # one name for the house's banker (g49e)
    (Cut.PLAYER_RIGHT, BankerRole.ROTATING, "the player on the banker's right cuts them.",
     "а игрок справа от банкира снимает колоду"),
    (Cut.DEALER, BankerRole.HOUSE_DEALER, "the banker shuffles the cards and cuts them.",
     "банкир тасует карты и сам снимает колоду"),  # no «заведения»: a home table too
    (Cut.DEALER, BankerRole.ROTATING, "the first banker shuffles the cards and cuts them.",
     "первый банкир тасует карты и сам снимает колоду"),
    (Cut.NOBODY, BankerRole.ROTATING, "and nobody cuts them.", "колоду никто не снимает"),
])
def test_each_cut_is_said_in_english_and_russian(cut: Cut, banker: BankerRole, english: str,
                                                 russian: str) -> None:
    r = _cut_by(load_bundled("pagat-british"), cut, banker)
    assert english in _first_shuffle(r)[0]
    assert russian in _first_shuffle(r, "ru")[0]
    assert _first_shuffle(r)[1]  # no source says it: ‡ as before


def test_who_cuts_changes_no_round() -> None:
    """Words only: a uniformly shuffled pack, cut by anyone or nobody, deals alike, so a
    conformance id does not move."""
    r = load_bundled("pagat-british")
    assert all(behaviour_form(_cut_by(r, cut)) == behaviour_form(r) for cut in Cut)


# -- 2. every printed sentence opens with a capital -----------------------------------------
OPENS = re.compile(r"(?:^|[.!?]\s+)[«“\"'„(‚‘‹\[]*(\w)")


@pytest.mark.parametrize("ruleset_id", bundled_ids())
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_printed_sentence_opens_with_a_lower_case_letter(ruleset_id: str, lang: str) -> None:
    """«семь с половиной „реале“ … забирает банк» opened a sentence on Sette e mezzo's
    Russian pages, «„огонь“ (два туза)» one of Siebzehn und Vier's."""
    for s in sentences(load_bundled(ruleset_id), lang):
        for match in OPENS.finditer(s.text):
            assert not match[1].islower(), (s.key, s.text)


def test_the_hand_names_that_opened_sentences_are_capitalised() -> None:
    bank = {s.key: s.text for s in sentences(load_bundled("sette-e-mezzo"), "ru")}["bank"]
    assert "). Семь с половиной «реале»" in bank
    feuer = {s.key: s.text for s in sentences(load_bundled("siebzehn-und-vier"), "ru")}
    assert feuer["hand:feuer"].startswith("«Золотое очко» (два туза)")  # was «огонь» (r49zq)


@pytest.mark.parametrize(("text", "lang", "capitalised_text"), [
    ("«огонь» (два туза). семь.", "ru", "«Огонь» (два туза). Семь."),
    ("„реале“ wins! then «x» ", "ru@ochko-ru", "„Реале“ wins! Then «x» "),
    ("պոնտոն. ճիշտ 2 քարտ։ բանկիրը", "hy", "Պոնտոն. ճիշտ 2 քարտ։ Բանկիրը"),  # «.» a pause
    ("7½ — перебор", "ru", "7½ — перебор"),
    ("کھلاڑی جیتتا ہے۔ بینکر", "ur", "کھلاڑی جیتتا ہے۔ بینکر"),  # no letter case
])
def test_capitalised_opens_each_sentence_past_its_quotes(text: str, lang: str,
                                                         capitalised_text: str) -> None:
    assert capitalised(text, lang) == capitalised_text


# -- 3. a German game's Russian example takes a card in Russian words ----------------------
def _sheet_md(ruleset_id: str, lang: str) -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r))


def test_a_german_games_russian_examples_say_yeshcho_not_twist() -> None:
    """«берёт твист: 10♦» on Siebzehn und Vier's Russian sheet: the generic Russian example
    says what the player does in the words Russian players use («берёт ещё карту», as the
    online Очко's page words it); the Belarus page's own «твист» is said in quotes beside
    what it means, and its examples say «берёт ещё карту» too (issue 49, g49m)."""
    german = _sheet_md("siebzehn-und-vier", "ru")
    assert "берёт твист" not in german and "берёт ещё карту: " in german
    belarus = _sheet_md("belarus-ponton", "ru")
    assert "берёт ещё карту: " in belarus and "«твист»" in belarus
    assert "берёт карту (твист)" not in belarus


# -- 4. the Markdown sheet lists the base's dropped rules as the HTML sheet does -----------
GONE_HTML = re.compile(r'<p class="pr-rule-text pr-gone" data-gone="[^"]+"[^>]*>([^<]*)</p>')


@pytest.mark.parametrize(("ruleset_id", "lang"), [("xi-dach", "en"), ("xi-dach", "ru")])
def test_the_markdown_sheet_lists_the_dropped_rules_the_html_sheet_does(ruleset_id: str,
                                                                       lang: str) -> None:
    """The Markdown sheet always used the brief box, which left out the base's rules the
    overlay drops (Xì dách's calling off; its free hand, and Casino Filipino's double, are
    their 'Not in this game' line's, r49h)."""
    r = load_bundled(ruleset_id)
    html_gone = [html.unescape(t) for t in GONE_HTML.findall(sheet_html(r, lang, find_base(r)))]
    assert len(html_gone) == 1
    md = _sheet_md(ruleset_id, lang).replace("\\", "")
    md_gone = [line.removeprefix("> - ") for line in md.splitlines()
               if line.removeprefix("> - ") in html_gone]
    assert md_gone == html_gone


# -- 5. one helper says which rule a sentence key belongs to --------------------------------
def test_every_sentence_key_belongs_to_a_rule() -> None:
    """`changes.rule_of`: the workbench's panel, the sheet's dropped rules and the named
    hands' sentences share it (a named hand's `hand:<id>` is the rule `named_hands`)."""
    from pontoon_rules.docs.words.changes import hand_key, rule_of
    from pontoon_rules.docs.words.sentences import RULES

    assert rule_of(hand_key("pontoon")) == "named_hands" and rule_of("split") == "split"
    rules = {rule.key for rule in RULES}
    for ruleset_id in ("pagat-british", "sette-e-mezzo"):
        assert {rule_of(s.key) for s in sentences(load_bundled(ruleset_id))} <= rules
