"""Issue 49 (fresh reader r49k, g49z): the pagat family's sheets. A split rule's re-split
sentence says the pairs this ruleset splits (only aces: "a new pair of aces", no "Aces
too"), in every language the sheets are printed in."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheet_text import sheet

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_html
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

PAGAT = ("pagat-british", "pagat-stick-16", "pagat-aces-only-split")
LANGS = ("en", "ru", "hy", "pa", "ur")



def said(ruleset: Ruleset | str, lang: str = "en") -> dict[str, Sentence]:
    """The sheet's sentences by rule key."""
    r = load_bundled(ruleset) if isinstance(ruleset, str) else ruleset
    return {s.key: s for s in sentences(r, lang)}


def word(ruleset: Ruleset, lang: str, msgid: str) -> str:
    """The catalog's words for `msgid` in `lang` (the ruleset's own source's where it has them)."""
    return translations(words_of(ruleset, lang)).gettext(msgid)


def overlay(tmp_path: Path, text: str) -> Ruleset:
    """A ruleset written over a bundled one (`text`: its YAML, `extends` included)."""
    path = tmp_path / "overlay.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


# 1. The re-split sentence of a game that splits only aces -------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_game_that_splits_only_aces_resplits_a_new_pair_of_aces(lang: str) -> None:
    r = load_bundled("pagat-aces-only-split")
    text = said(r, lang)["resplit"].text
    assert text == word(r, lang, "A new pair of aces may be split again, up to %(n)s hands "
                                 "in all.") % {"n": r.player.split.max_hands}
    base = load_bundled("pagat-british")
    assert word(base, lang, "Aces too.") in said(base, lang)["resplit"].text  # the base's
    assert word(r, lang, "Aces too.") not in sheet("pagat-aces-only-split", lang)


def test_split_aces_that_may_not_split_again_say_so(tmp_path: Path) -> None:
    r = overlay(tmp_path, "id: t\nname: T\nkind: variation\nextends: pagat-aces-only-split\n"
                          "player:\n  split:\n    resplit_aces: false\n")
    assert said(r)["resplit"].text == "A split hand may not be split again."


# 2. B1: a later shuffle, not a shuffle every deal ------------------------------------------

EVERY_TIME = {"en": "every time", "ru": "каждый раз", "hy": "ամեն անգամ", "pa": "ਹਰ ਵਾਰ",
              "ur": "ہر بار"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_later_shuffle_does_not_read_as_a_shuffle_every_deal(lang: str) -> None:
    """«Потом каждый раз карты так же тасует…» read as a shuffle every deal, against "the
    pack is shuffled only after a deal in which someone made a pontoon"."""
    msgid = "Each later shuffle is done the same way, by the banker who then deals."
    r = load_bundled("pagat-british")
    assert r.between_deals.shuffle.value == "after-pontoon"  # not before every deal
    assert EVERY_TIME[lang] not in word(r, lang, msgid)


@pytest.mark.parametrize("lang", LANGS)
def test_pagat_sheets_say_who_shuffles_later(lang: str) -> None:
    r = load_bundled("pagat-british")
    msgid = "Each later shuffle is done the same way, by the banker who then deals."
    assert word(r, lang, msgid) in said(r, lang)["first_shuffle"].text


# 4. The variation box names its base as a person would, quoted, in the language's quotes ---

QUOTED = {"en": "{}", "ru": "«{}»", "hy": "«{}»", "pa": "“{}”", "ur": "“{}”"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id", PAGAT[1:])
def test_the_variation_box_quotes_the_base_games_name(ruleset_id: str, lang: str) -> None:
    """«Играют как в игре Британский понтун по сайту …» (no quotes, so no case), «… ՝
    տարբերակ», «… کا متغیر» ("a variable"): the box's intro, title and ◆ note name the base
    game quoted with the language's own marks, not guillemets in Punjabi and Urdu."""
    from pontoon_rules.docs.sheet.sheet_view import localized

    base = load_bundled("pagat-british")
    name = QUOTED[lang].format(localized(base, lang)[0])
    text = sheet(ruleset_id, lang)
    box = next(line for line in text.splitlines() if line.startswith("> **"))
    intro = box.split("**")[2]
    assert box.count(name) == 2 and name in intro, box
    assert name in next(line for line in text.splitlines() if line.startswith("◆ "))
    if lang in ("pa", "ur"):
        assert "«" not in text and "»" not in text
    assert "متغیر" not in text


def test_the_box_sets_the_bases_name_apart_inside_its_words() -> None:
    """In HTML the name is bold inside the intro's words: the Russian intro's closing quote
    and the Armenian intro's case word come after it."""
    r = load_bundled("pagat-stick-16")
    html = sheet_html(r, "hy", find_base(r))
    assert "ինչպես «<strong>Բրիտանական պոնտոն՝ ըստ Պագատի</strong>» խաղում" in html


# 5. A variation's changed rule keeps the marks its provenance gives --------------------------

def test_an_overlay_entry_from_the_bases_own_source_keeps_its_open_reading() -> None:
    """stick-16 replaced the base's entry for player.stick_minimum (from the same source,
    open: whether a soft total counts) with a closed one, so its stick bullet lost its †
    though the source says no more about soft totals for 16 than for 15. An overlay's entry
    that cites the source of the base's open entry for the same field stays open."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    for rid in bundled_ids():
        r = load_bundled(rid)
        if r.extends is None:
            continue
        base = load_bundled(r.extends)
        for key, entry in r.provenance.items():
            was = base.provenance.get(key)
            if was is not None and was.open and entry.source == was.source:
                assert entry.open, (rid, key)


@pytest.mark.parametrize("lang", LANGS)
def test_the_stick_16_bullet_keeps_its_dagger(lang: str) -> None:
    r = load_bundled("pagat-stick-16")
    stick = {s.key: s for s in sentences(r, lang, find_base(r))}["stick"]
    assert stick.changed and stick.reading
    assert "16" in stick.text


# 6. B6/B7: the buy, the payouts and a bust's loss in plain words -----------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_buy_says_once_to_twice_and_at_least_your_stake(lang: str) -> None:
    """"between 1× and 2× your original stake", «не меньше, чем первоначальная ставка × 1»,
    "card number 5": a multiple of one is the stake itself, and the last card a hand may
    hold is said as the last, not by number."""
    r = load_bundled("pagat-british")
    assert (r.stakes.first_buy_min, r.stakes.first_buy_max) == (1, 2)
    text = said(r, lang)["buy"].text
    assert text.startswith(word(r, lang, "A first buy adds any amount from one to two times your "
                                         "original stake."))
    assert word(r, lang, "A later buy adds at least your original stake and at most what you "
                         "paid for the card before.") in text
    assert "1×" not in text and "× 1" not in text
    limits = said(r, lang)["buy_limits"].text  # the hand's limit, said once, with buying
    assert word(r, lang, "You may buy cards until your hand holds %(n)s, the most it may "
                         "hold.") % {"n": r.player.max_cards} in limits  # g49u's words


@pytest.mark.parametrize("lang", LANGS)
def test_the_banker_other_total_collects_and_pontoon_is_not_ochko(lang: str) -> None:
    text = sheet("pagat-british", lang)
    assert "as the banker's, collects" not in text and "(очко)" not in text
    if lang == "en":
        assert "Any other total wins 1:1; the banker's other total collects 1:1." in text


def test_a_bust_pays_only_its_stake_against_the_bankers_five_card_trick() -> None:
    """The engine: a player who busts loses 100 on 100, though the banker's five-card trick
    then takes 200 from the player who stood; the sheet says so in every language."""
    import random

    from test_session import scripted, stacked

    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.sessions.session import Session

    r = load_bundled("pagat-british")
    rules = compile_rules(r)
    s = Session(rules, list("ABC"), random.Random(1), banker="A",
                pack_order=stacked(rules, "TS TH 2S 6S 9H 3S KS 4S 5S 6H"))
    record = s.play_deal([100, 100], scripted(
        "p1 twist, p2 stick, banker twist, banker twist, banker twist"))
    assert record.result.banker_class == "five-card-trick"
    assert [seat.net for seat in record.result.seats] == [-100, -200]
    for lang in LANGS:
        assert said(r, lang)["player_bust"].text == word(
            r, lang, "If you bust, you lose only your stake, at once, whatever the banker then "
                     "does.")


def test_a_bust_against_banker_hands_of_even_money_says_nothing_more(tmp_path: Path) -> None:
    r = overlay(tmp_path, "id: t\nname: T\nkind: variation\nextends: pagat-british\n"
                          "hands:\n  definitions:\n    pontoon: {collects: '1:1'}\n"
                          "    five-card-trick: {collects: '1:1'}\n")
    assert said(r)["player_bust"].text == ("If you bust, you lose your stake at once, even if "
                                           "the banker busts later.")


@pytest.mark.parametrize(("lang", "hand"), [("pa", "ਵਾਲਾ ਹੱਥ"), ("ur", "والا ہاتھ")])
def test_beats_agrees_with_a_hand_whatever_its_name(lang: str, hand: str) -> None:
    """«ਪੰਜ ਪੱਤੇ, 17 ਨੂੰ ਹਰਾਉਂਦਾ ਹੈ», «پانچ پتے، 17 کو ہراتا ہے»: a plural name with a
    singular verb; the verb now agrees with "the hand with …", whatever the name."""
    r = load_bundled("pagat-british")
    beats = word(r, lang, "%(better)s beats %(worse)s")
    assert beats.startswith(f"%(better)s {hand}")
    assert "%(better)s، " not in beats and "%(better)s, " not in beats


@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_urdu_says_one_word_for_a_total(ruleset_id: str) -> None:
    """«جوڑ» (beside «جوڑا», a pair) and «مجموعہ» both said "total": only «مجموعہ» now
    («جوڑی», a pair, as in «جوڑی توڑ», split the pair: g49ac, is not the total's word)."""
    import re

    text = sheet(ruleset_id, "ur")
    assert "مجموعہ" in text
    assert not re.search("جوڑ(?![اےوںی])", text)


# 3. B5: "Not in this game" names only what a reader of this game expects ---------------------

@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_a_pagat_sheet_does_not_name_ban_lucks_free_hand(ruleset_id: str) -> None:
    """"Not in this game: a free hand (giving up your first two cards…)": Ban Luck's, one
    lineage of the three home games with the full pack; a British table never hears of it.
    (pa/ur said it with the twist's word, «ਮੁਫ਼ਤ», «مفت».) Since g49ai the line names the
    casino's doubling and insurance, which its readers ask about, and nothing else."""
    from pontoon_rules.docs.words.lacking import lacking

    assert lacking(load_bundled(ruleset_id)) == ("player.double.allowed",
                                                 "player.insurance.allowed")
    for lang in LANGS:
        line = said(ruleset_id, lang)["lacks"].text
        assert lang != "en" or "free hand" not in line


def test_a_game_lacking_what_its_own_base_has_still_says_so(tmp_path: Path) -> None:
    r = overlay(tmp_path, "id: t\nname: T\nkind: variation\nextends: pagat-british\n"
                          "stakes:\n  buy: none\n")
    assert said(r)["lacks"].text == ("Not in this game: buying cards for an extra stake, "
                                     "doubling, insurance.")
