"""Issue 49, what the seventh reader left open (g49c): each finding as it reads on the
printed sheets, checked in every language the sheet prints."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.analysis.upcards import money_text
from pontoon_rules.docs.sheet.sheet_view import find_base, printable_rounds, worked_examples
from pontoon_rules.docs.sheet.sheets import render_sheet
from pontoon_rules.docs.words.hands import hand_name
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import EXTRAS
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.docs.words.values import actor_text
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("sette-e-mezzo")))
def test_an_example_says_who_takes_the_bank_when_a_reale_passes_it(lang: str) -> None:
    """Sette e mezzo's example 3: player 1's reale loses to the banker's, and takes the
    bank all the same; the example said only 'player 1 loses 100'. It now says who banks
    next, and only where the rule passes the bank."""
    ruleset = load_bundled("sette-e-mezzo")
    catalog = translations(lang)
    said = catalog.gettext(EXTRAS["takes-bank"]) % {"who": actor_text("p1", catalog.gettext)}
    told = zip(worked_examples(ruleset, lang), printable_rounds(ruleset), strict=True)
    passing = [found["result"] for t, found in told if said[1:] in " ".join(t["lines"])]
    assert len(passing) == 1
    assert passing[0]["seats"][0]["hands"][0]["class"] == "sette-e-mezzo-reale"


def _session_passes_the_bank(ruleset: Ruleset, script: dict[str, Any]) -> bool:
    """Whether a session dealing `script` from a stacked pack (one seat, "ann", against
    the banker "bob") gives the bank to the seat for the next deal."""
    rules = compile_rules(ruleset)
    top = parse_cards(script["shoe"])
    rest = full_pack(rules)
    for card in top:
        rest.remove(card)
    session = Session(rules, ["bob", "ann"], random.Random(0), "bob", pack_order=top + rest)
    steps = iter(script["actions"])

    def act(state: RoundState) -> None:
        _actor, action = parse_step(next(steps), 0)
        state.apply_action(action)

    session.play_deal(list(script["stakes"]), act)
    return session.banker == "ann"


@pytest.mark.parametrize("ruleset_id", ["sette-e-mezzo", "pagat-british", "vingt-un",
                                        "ochko-home"])
def test_an_example_passes_the_bank_as_a_session_playing_it_does(ruleset_id: str) -> None:
    """The example's 'takes the bank' and the session's next banker are one rule
    (`engine.round.rotation`): each printed one-seat round, dealt from the same stacked
    cards in a session, passes the bank exactly where the example says so."""
    ruleset = load_bundled(ruleset_id)
    checked = 0
    for found in printable_rounds(ruleset):
        script, result = found["script"], found["result"]
        if len(script["stakes"]) != 1 or script.get("kitty"):
            continue
        passed = _session_passes_the_bank(ruleset, script)
        assert passed == (result.get("takes_bank") == "p1"), (ruleset_id, script)
        checked += 1
    assert checked


@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "australian-pontoon", "spanish-21"])
def test_a_russian_payout_cell_does_not_reuse_the_plain_total_rows_name(ruleset_id: str
                                                                        ) -> None:
    """Belarus's «1 к 1 по очкам» read as a payout 'on points': «по очкам» is the name of
    the plain-total row. A banker who may not hold the hand collects «1 к 1» (g49m: «1 к 1,
    как сумма» read as no player says it), what the legend under the table explains
    («…считаются у него просто как сумма»); the PDFs keep their page budget
    (test_docs_sheets). The cell says the cards take as a plain total («1 к 1 (сумма)»,
    short enough for Australian Pontoon's page budget; r49n: a bare «—» read as the
    banker's 21 never collecting)."""
    ruleset = load_bundled(ruleset_id)
    text = render_sheet(ruleset, "md", "ru", find_base(ruleset)).decode("utf-8")
    plain = translations("ru").gettext("other total")
    rows = [line.split(" | ") for line in text.splitlines() if line.startswith("| ")]
    takes = [cells[-1] for cells in rows[2:] if not cells[0].endswith(plain)]
    assert all(plain not in cell for cell in takes), takes
    assert any(cell.rstrip(" |").endswith("(сумма)") for cell in takes), takes
    assert all("как сумма" not in cell for cell in takes), takes
    assert "просто как сумма." in text


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    ("ochko-home", "ru"), ("ochko-home", "en"), ("sette-e-mezzo", "it"),
    ("siebzehn-und-vier", "de")])
def test_a_home_game_lists_no_casino_feature_it_lacks(ruleset_id: str, lang: str) -> None:
    """«В этой игре нет: покупки карт, удвоения, сплита, капитуляции, страховки» on a home
    Очко sheet named a casino's features its table never heard of. A sheet now says a
    game lacks only what another game of its family has, or most casino games of its
    total (f49f: doubling, splitting, insurance, which r50a/r50c asked for), never buying
    a card or surrendering, which few casino games offer; Sette e mezzo's 7½ none."""
    said = {s.key: s.text for s in sentences(load_bundled(ruleset_id), lang)}
    words = translations(lang)
    for absent in ("buying cards for an extra stake", "surrendering a hand"):
        assert words.gettext(absent) not in said.get("lacks", ""), said.get("lacks")
    assert ("lacks" in said) == (ruleset_id != "sette-e-mezzo"), said.get("lacks")


def test_a_game_lacks_only_what_its_family_offers() -> None:
    """Vingt-un (a home bank, the full pack) lacks no buying or free hand: they are British
    pontoon's and Ban Luck's, each one lineage of the family's three (r49k: `lacking`); it
    lacks what the casino's game with its pack offers, doubling, splitting and insurance,
    which a home table asks about (g49ai). A casino game still hears what other casino
    games offer."""
    en = {i: {s.key: s.text for s in sentences(load_bundled(i), "en")}
          for i in ("vingt-un", "spanish-21", "australian-pontoon")}
    assert en["vingt-un"]["lacks"] == "Not in this game: doubling, splitting pairs, insurance."
    assert en["spanish-21"]["lacks"] == "Not in this game: buying cards for an extra bet."
    assert en["australian-pontoon"]["lacks"] == ("Not in this game: buying cards for an extra "
                                                 "stake, insurance.")


BANDED = [(rid, lang) for rid in ("spanish-21", "australian-pontoon")
          for lang in sheet_languages(load_bundled(rid))]


@pytest.mark.parametrize(("ruleset_id", "lang"), BANDED)
def test_a_banded_hands_name_gives_its_band_as_the_money_prints_it(ruleset_id: str,
                                                                   lang: str) -> None:
    """"Super Bonus ($5 to $24)" stood beside "on a stake of $5 to $24.99": the name's
    amounts are now the band's, each as the ruleset's money prints it in the sheet's
    language (cents: $24.99, «24,99 $»)."""
    ruleset = load_bundled(ruleset_id)
    gettext = translations(lang).gettext
    money = ruleset.stakes.money
    banded = [(i, d) for i, d in ruleset.hands.ranked()
              if d.min_stake is not None or d.max_stake is not None]
    assert banded
    for hand_id, d in banded:
        name = hand_name(ruleset, hand_id, gettext, lang)
        for amount in (d.min_stake, d.max_stake):
            if amount is not None:
                assert money_text(amount, money, lang) in name, (name, amount)


@pytest.mark.parametrize("lang", ["en"])  # ru, vi translate the titles: «сайт ставок»
def test_a_betting_sites_page_among_the_sources_says_what_it_is(lang: str) -> None:
    """Two of Xì dách's sources are bookmakers' advertising pages (12bet, New88), listed
    as plainly as an encyclopedia; no better published source states what they are read
    for (a search of the stored pages found only more betting sites). Each now says what
    it is, in its title on the sheet and in a note weighing it."""
    ruleset = load_bundled("xi-dach")
    text = render_sheet(ruleset, "md", lang, find_base(ruleset)).decode("utf-8")
    for key in ("bet12", "new88"):
        source = ruleset.sources[key]
        assert "betting site" in source.title and "betting site" in source.note, key
        assert source.title in text, (key, lang)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "For example, with a bank of 1000 chips: player 1 goes «va-bank» for 1000, and player"
           " 2 wants to stake 100. If player 1 does not bust, nothing is free and player 2 sits "
           "the deal out; if player 1 busts and shows it, the 1000 lost go into the bank at "
           "once, 2000 is free, and player 2 stakes 100. A player who sits the deal out "
           "keeps the stake "
           "they named: nothing is won or lost, and the cards already dealt to them are not "
           "played."),
    ("ru", "Например, в банке 1000 фишек: игрок 1 идёт «ва-банк» на 1000, а игрок 2 хочет "
           "поставить 100. Если у игрока 1 нет перебора, свободного в банке ничего нет и игрок 2 "
           "пропускает раздачу; если у игрока 1 перебор и он его показывает, проигранные 1000 "
           "сразу идут в банк, "
           "свободно 2000, и игрок 2 ставит 100. Пропустивший раздачу игрок оставляет "
           "названную ставку при себе: он ничего не выигрывает и не проигрывает, а сданные "
           "ему карты не разыгрываются.")])
def test_the_home_ochko_stake_paragraph_has_a_worked_va_bank(lang: str, words: str) -> None:
    """The stake paragraph (a stake named early, cut to what is free when its turn comes)
    was hard to apply at a table: a worked «va-bank» follows it, its figures the engine's
    (`docs.words.va_bank`: what it placed for player 2 in each case)."""
    said = {s.key: s.text for s in sentences(load_bundled("ochko-home"), lang)}
    assert said["va_bank_example"].rstrip(" †") == words


def test_the_va_bank_example_follows_the_rules(tmp_path: Path) -> None:
    """From the rules, not a fixed text: a bank of 500 says 500; without «va-bank», or
    without a bank as it stands (pagat), there is no example."""
    from pontoon_rules.docs.words.va_bank import va_bank_example
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    def house(body: str) -> Ruleset:
        path = tmp_path / "house.yaml"
        path.write_text("id: house\nname: House\nkind: house\nextends: ochko-home\n" + body,
                        encoding="utf-8")
        return load_ruleset(path)

    assert va_bank_example(house("table:\n  bank:\n    amount: 500\n")) == {
        "bank": 500, "asked": 100, "lost": 500, "free": 1000, "shown": 1}  # a bust it shows
    assert va_bank_example(house("table:\n  bank:\n    va_bank: false\n")) is None
    assert va_bank_example(load_bundled("pagat-british")) is None


@pytest.mark.parametrize(("ruleset_id", "lang", "calque", "own"), [
    ("siebzehn-und-vier", "de", "benannte Hand", "eine Hand dieser Tabelle"),
    ("sette-e-mezzo", "it", "con nome", "una delle mani di questa tabella"),
    ("xi-dach", "vi", "bài có tên", "một bài trong bảng này"),
    ("pagat-british", "ur", "نام والا", "اس جدول کا کوئی ہاتھ")])
def test_the_tables_legend_says_its_hands_not_a_named_hand(ruleset_id: str, lang: str,
                                                           calque: str, own: str) -> None:
    """«eine benannte Hand», «una combinazione con nome», «bài có tên», «نام والا ہاتھ»:
    the file format's "named hand" word for word, which no player says. The legend under
    the payout table points at the table's own hands instead («eine Hand dieser Tabelle»,
    «una delle mani di questa tabella», «một bài trong bảng này», «اس جدول کا کوئی ہاتھ»).
    These games refuse no hand to one side, so their sheets leave the clause out (g49w): the
    catalog's words are checked as a sheet with a refused hand prints them."""
    from pontoon_rules.docs.words.i18n import translations, words_of

    ruleset = load_bundled(ruleset_id)
    text = render_sheet(ruleset, "md", lang, find_base(ruleset)).decode("utf-8")
    assert calque not in text
    # these tables hold no hand one side may not hold: the legend's clause on them is not
    # printed (r49h), but where it is, it says the table's own hands
    said = translations(words_of(ruleset, lang)).gettext(
        "—: never. A bust never wins; and where one side may not hold a named hand, the same "
        "cards in that side's hand just count their total.")
    assert own in said and calque not in said


def test_the_italian_reale_is_said_in_its_sources_words_not_as_a_natural() -> None:
    """«una mano naturale» calqued 'a natural'; the sources say the reale is made «con due
    sole carte» (trapaninfo.it), and the Italian sheet already says «con le prime carte»
    where it is declared: the hand's sentence now says «con le prime due carte»."""
    ruleset = load_bundled("sette-e-mezzo")
    text = render_sheet(ruleset, "md", "it", find_base(ruleset)).decode("utf-8")
    assert "mano naturale" not in text
    assert "esattamente 2 carte che fanno 7½, con le prime due carte" in text  # : quella data…
