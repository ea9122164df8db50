"""Issue 49, the second fresh reader's report (`reader2_report.md`): a legend that reads
against the bust row, an ace rule worded against itself, a "does not play" an example
breaks, the program's automatic banker and an order of events left to guess, a blanket
"wins whatever" beside an even money that only loses, a bare "at least 1", a fragment, the
sources of the pagat sheets, and a Vietnamese word for a natural that claims a win. Each is
checked on what the sheets print, in the languages that print it."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_html, sheet_markdown
from pontoon_rules.docs.website.pages import ruleset_page
from pontoon_rules.docs.words.conditions import natural_beats_natural
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.scripts.script import run_script
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

LEGEND = ("Banker takes: what the banker, holding this hand, collects from each hand it "
          "beats (1:1 is that hand's stake).")
OLD_LEGEND = "Banker takes: what a beaten hand pays (1:1 is its stake)."


def said(ruleset_id: str, lang: str = "en") -> dict[str, str]:
    """The sheet's sentences by rule key."""
    return {s.key: s.text for s in sentences(load_bundled(ruleset_id), lang)}


def text(ruleset_id: str, lang: str = "en") -> str:
    return " ".join(said(ruleset_id, lang).values())


@pytest.mark.parametrize("lang", ["en", "ru", "hy", "pa", "ur", "de", "it", "vi"])
def test_the_legend_says_the_banker_takes_column_is_the_banker_holding_the_hand(
        lang: str) -> None:
    """'Banker takes: what a beaten hand pays ... —: never' beside the bust row's '—' read
    as 'a beaten bust never pays'; the column is what a banker holding the hand collects."""
    ruleset = {"de": "siebzehn-und-vier", "it": "sette-e-mezzo", "vi": "xi-dach"}.get(
        lang, "pagat-british")
    sheet = unescape(sheet_html(load_bundled(ruleset), lang))
    legend, old = translations(lang).gettext(LEGEND), translations(lang).gettext(OLD_LEGEND)
    assert legend != LEGEND or lang == "en"
    assert legend in sheet
    assert old == OLD_LEGEND or old not in sheet
    assert OLD_LEGEND not in sheet


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_an_ace_counting_alike_in_every_hand_is_said_plainly(lang: str) -> None:
    """Xi dach: 'counts by the number of cards in the hand: 1, 10 or 11 in a hand of 2
    cards or more' gives one rule for every size."""
    pack = said("xi-dach", lang)["pack"]
    if lang == "en":
        assert ("An ace counts 1, 10 or 11, whatever the number of cards in the hand; each ace "
                "counts whichever of these gives the best total not over 21") in pack
        assert "by the number of cards" not in pack
    else:
        assert "Con xì tính 1, 10 hoặc 11" in pack
        assert "theo số lá" not in pack
    assert "by the number of cards in the hand: 10 or 11 in a hand of 2 cards" in said(
        "ban-luck")["pack"]


def test_the_dealer_takes_a_second_card_for_a_surrender_a_pontoon_makes_void() -> None:
    """Australian Pontoon: 'When every player has already bust or surrendered, the banker
    does not play' beside an example where the dealer draws after a surrender (the engine
    owes a surrender a banker's pontoon makes void its answer: `flow._insurance_unanswered`)."""
    words = text("australian-pontoon")
    assert ("When every player has already bust, surrendered or given a doubled hand up (a "
            "rescue), the dealer does not play, except to take a second card when someone has "
            "surrendered: it shows whether the dealer makes a pontoon, which makes a surrender "
            "void.") in words
    assert "the banker does not play" not in words
    # a surrender that stands whatever the banker makes asks for no card
    assert "except to take a second card when someone has surrendered" not in text(
        "spanish-21")
    # the engine: one player surrenders against an ace; the dealer still takes a second
    # card, and its pontoon makes the surrender void
    run = run_script({"ruleset": "australian-pontoon", "stakes": [100],
                      "shoe": ["9H", "AS", "7C", "QD", "5C"], "actions": ["p1 surrender"]})
    played = run.to_json()
    assert played["banker"]["cards"] == ["AS", "QD"]
    assert played["seats"][0]["net"] == -100


def test_ban_luck_says_what_the_banker_may_do_in_the_order_the_engine_plays() -> None:
    """'The automatic banker calls it off' is the program's default, not a rule; the
    call-off comes first, then a surrender on 15, then the check for a ban-ban."""
    rules = sentences(load_bundled("ban-luck"), "en")
    keys = [s.key for s in rules]
    call_off = next(s.text for s in rules if s.key == "banker_calls_off")
    assert "automatic" not in call_off
    assert ("The banker decides this first; only then may a player take a free hand (give "
            "up their first two cards for the stake back), and only after that does the banker "
            "check for a ban-ban or ban-luck.") in call_off
    assert keys.index("banker_calls_off") < keys.index("banker_pontoon")
    assert "Автоматический" not in text("ban-luck", "ru")


def test_even_money_says_it_only_pays_less_where_a_blackjack_always_wins() -> None:
    """Spanish 21: 'every named hand of a player wins whatever the banker holds' (a player's
    blackjack beats the dealer's in the engine's table) beside an even-money option."""
    assert natural_beats_natural(load_bundled("spanish-21"))
    insurance = said("spanish-21")["insurance"]
    assert ("Your blackjack wins even against the dealer's blackjack, so even money only "
            "ever pays you less than playing on.") in insurance
    for other in ("belarus-ponton", "blackjack-reference"):
        assert not natural_beats_natural(load_bundled(other))
        assert "only ever pays you less" not in said(other)["insurance"]


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("blackjack-reference", "en", "at least 1 chip"),
    ("ochko-home", "ru", "не меньше 1 фишки"),
    ("siebzehn-und-vier", "de", "mindestens 1 Spielmarke"),  # 123sportwetten.eu
])
def test_a_fixed_minimum_stake_names_its_unit(ruleset_id: str, lang: str, words: str) -> None:
    """'Each player stakes at least 1': one what? A chip where the ruleset names no money,
    else its money (`stakes.money`)."""
    limits = said(ruleset_id, lang)["stake_limits"]
    assert words in limits
    assert "at least 1;" not in limits and "не меньше 1;" not in limits


def test_a_fixed_minimum_stake_in_money_is_said_in_it(tmp_path: Path) -> None:
    """A ruleset naming its money (Spanish 21: dollars, in cents) says its least stake in
    it: 500 is "$5"."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    path = tmp_path / "five.yaml"
    path.write_text("id: five\nname: Five\nkind: house\nextends: spanish-21\n"
                    "stakes:\n  min_stake: 500\n  max_stake: null\n", encoding="utf-8")
    limits = {s.key: s.text for s in sentences(load_ruleset(path))}["stake_limits"]
    assert "Each player stakes at least $5;" in limits, limits


@pytest.mark.parametrize("lang", ["en", "ru", "hy", "pa", "ur"])
def test_a_split_pontoon_not_taking_the_bank_is_a_whole_sentence(lang: str) -> None:
    """'Not with a pontoon on a split hand.' (pagat-british) is a fragment."""
    bank = said("pagat-british", lang)["bank"]
    whole = translations(lang).gettext("A pontoon on a split hand does not take the bank.")
    assert whole in bank
    assert "Not with a pontoon" not in bank


ENGLISH_PAGE = {"en": "Pontoon page on pagat.com, in English", "ru": "нглийская страница",
                "hy": "անգլերեն", "pa": "ਅੰਗਰੇਜ਼ੀ", "ur": "انگریزی"}


@pytest.mark.parametrize("ruleset_id", [r for r in bundled_ids() if r.startswith("pagat-")])
def test_every_pagat_sheet_names_the_english_page_in_every_language(ruleset_id: str) -> None:
    """Sources named by their sites where room is short must not lose pagat.com's English
    page behind three translations of it (md and the tight PDF's HTML)."""
    ruleset = load_bundled(ruleset_id)
    base = find_base(ruleset)
    for lang in sheet_languages(ruleset):
        marker = ENGLISH_PAGE.get(lang, ENGLISH_PAGE["en"])
        md = sheet_markdown(ruleset, lang, base)
        sources = md.rstrip().splitlines()[-1]
        assert marker in sources, (ruleset_id, lang, sources)
        html = sheet_html(ruleset, lang, base, sites=True)
        assert marker in html.split("</table>")[-1], (ruleset_id, lang)


def test_an_overlays_site_page_titles_its_sources_in_the_base_translations() -> None:
    """The Russian page of pagat-stick-16 printed the English titles: an overlay's sources
    are its base's, and their titles in Russian are the base's translations."""
    page = ruleset_page(load_bundled("pagat-stick-16"), "ru")
    sources = page[page.index("pr-sources"):]
    assert "страница правил понтуна со ссылкой на сайт «Пагат», в машинном переводе на армянский" \
        in sources
    assert "as translated into Armenian" not in sources


def test_the_vietnamese_word_for_a_natural_does_not_say_it_wins_at_once() -> None:
    """Xi dach (vi): 'bài thắng ngay' said of xì bàng and xì dách, though xì bàng beats xì
    dách and xì dách against xì dách is a tie."""
    words = text("xi-dach", "vi")
    assert "thắng ngay" not in words
    assert "bài đặc biệt" in words and "tổ hợp" not in words  # g49n; r49zh: not «báo ngay»


URDU_MARKS = {",": "،", ";": "؛", ".": "۔"}
LATIN_AFTER_URDU = re.compile(r"[\u0600-\u06FF][\d\s)»”]*[,;.](?=\s|$)")


URDU_SHEETS = [i for i in bundled_ids() if "ur" in sheet_languages(load_bundled(i))]


def test_the_urdu_marks_are_the_catalogs_own() -> None:
    """The comma, semicolon and full stop our code writes between words are messages of
    the catalog (Urdu «،؛۔»); no pass rewrites a rendered sheet."""
    catalog = translations("ur")
    assert [catalog.gettext(m) for m in (", ", "; ", ".")] == ["، ", "؛ ", "۔"]
    assert [translations("ru").gettext(m) for m in (", ", "; ", ".")] == [", ", "; ", "."]


def test_the_side_bets_are_joined_with_the_catalogs_marks(tmp_path: Path) -> None:
    """The semicolon between the pair and the match bet and the full stop after them are
    the catalog's, as every other mark our code writes (Urdu «؛» «۔»)."""
    house = tmp_path / "side-bets.yaml"
    house.write_text("id: side-bets\nname: Side bets\nkind: house\n"
                     "extends: casino-filipino-pontoon\n"
                     "side_bets:\n  match_dealer:\n    allowed: true\n", encoding="utf-8")
    ruleset = load_ruleset(house)
    english = {s.key: s.text for s in sentences(ruleset)}["side_bets"]
    assert "paying 10:1; a match bet" in english and "banker's first card. Side" in english
    urdu = {s.key: s.text for s in sentences(ruleset, "ur")}["side_bets"]
    assert "10:1؛ " in urdu and "first card۔ " in urdu, urdu


def house_sheets(tmp_path: Path, house_id: str, lang: str, name: str, summary: str
                 ) -> tuple[str, str]:
    """House ruleset `house_id` over pagat-british (stick on 16) whose name and summary in
    `lang` are `name` and `summary`: its Markdown sheet in `lang` (escapes dropped) and its
    HTML sheet (character references read). The id picks the worked examples."""
    house = tmp_path / f"{house_id}.yaml"
    house.write_text(
        f"id: {house_id}\nname: Our house game\nkind: house\nextends: pagat-british\n"
        f"translations:\n  {lang}:\n    name: \"{name}\"\n"
        f"    summary: \"{summary}\"\nplayer:\n  stick_minimum: 16\n",
        encoding="utf-8")
    ruleset = load_ruleset(house)
    base = find_base(ruleset, house)
    return (sheet_markdown(ruleset, lang, base).replace("\\", ""),
            unescape(sheet_html(ruleset, lang, base)))


def test_a_users_urdu_name_and_summary_are_printed_as_written(tmp_path: Path) -> None:
    """User text is shown literally: a house ruleset's Urdu name and summary keep their
    Latin «,» «;» «.» in the Markdown and the HTML sheet (a pass over the whole sheet once
    printed «ہمارا کھیل، نیا؛ اصول»), while the sheet's own words keep Urdu marks."""
    md, html = house_sheets(tmp_path, "urdu-house", "ur", "ہمارا کھیل, نیا; اصول.",
                            "پہلا جملہ, دوسرا; تیسرا.")
    for printed in (md, html):
        assert "ہمارا کھیل, نیا; اصول." in printed and "پہلا جملہ, دوسرا; تیسرا." in printed
        assert "ہمارا کھیل، نیا" not in printed and "دوسرا؛ تیسرا" not in printed
        assert "”۔" in printed  # the catalog's own marks (the box's quoted base name)


def test_a_users_russian_name_keeps_its_odds_while_the_sheet_writes_k(tmp_path: Path) -> None:
    """User text is shown literally: a house ruleset's Russian name and summary keep their
    «3:2» in the Markdown and the HTML sheet (a pass over the whole sheet once printed
    «Игра 3 к 2»), while the odds the sheet writes itself read «2 к 1»."""
    md, html = house_sheets(tmp_path, "russian-house", "ru", "Игра 3:2",
                            "Понтун платит 3:2, а не 2:1.")
    for printed in (md, html):
        assert "Игра 3:2" in printed and "Понтун платит 3:2, а не 2:1." in printed
        assert "Игра 3 к 2" not in printed and "платит 3 к 2, а не 2 к 1" not in printed
        assert "2 к 1" in printed and "1 к 1" in printed  # the payout table's own odds
    assert "| 2 к 1 | 2 к 1 |" in md


def test_armenian_and_punjabi_end_our_sentences_with_their_own_full_stop() -> None:
    """The full stop our code writes is the catalog's: Armenian «։», the Punjabi danda «।»
    (their sheets once ended a hand's description and a worked round's total with a Latin
    «.»: «21 գումարով.», «ਜੋੜ 21.», «+200.»; a round's result in all is now said in words,
    «շահում է 200։», «200 ਜਿੱਤੇ।»)."""
    assert translations("hy").gettext(".") == "\u0589"
    assert translations("pa").gettext(".") == "\u0964"
    ruleset = load_bundled("pagat-british")
    for lang, described in (("hy", "3 կամ ավելի քարտ 21 գումարով"), ("pa", "ਪੱਤੇ ਜੋੜ 21")):
        stop = translations(lang).gettext(".")
        for printed in (sheet_markdown(ruleset, lang).replace("\\", ""),
                        unescape(sheet_html(ruleset, lang))):
            assert f"{described}{stop}" in printed and f"{described}." not in printed, lang
            won = {"hy": f"շահում է 200{stop}", "pa": f"200 ਜਿੱਤੇ{stop}"}[lang]  # in all
            assert "200." not in printed and won in printed, lang


@pytest.mark.parametrize("ruleset_id", URDU_SHEETS)
def test_each_urdu_sheet_prints_urdu_marks_in_its_own_words(ruleset_id: str) -> None:
    """Every bundled Urdu sheet, Markdown and HTML alike, closes its Urdu clauses with
    «،؛۔» (the Markdown once kept an escaped «\\.» after a worked round's total, and the
    HTML a «.» after the base's name in the house box); a rank's number keeps «1.», as
    every row of the payout table does."""
    ruleset = load_bundled(ruleset_id)
    base = find_base(ruleset)
    md = sheet_markdown(ruleset, "ur", base)
    assert not LATIN_AFTER_URDU.search(md.replace("\\", "")), LATIN_AFTER_URDU.search(md)
    assert re.findall(r"^\| (\d)(.) ", md, flags=re.MULTILINE)[0] == ("1", ".")
    for html in (sheet_html(ruleset, "ur", base), sheet_html(ruleset, "ur", base, brief=True)):
        nodes = re.split(r"<style.*?</style>|<[^>]*>", html, flags=re.DOTALL)
        assert not [node for node in nodes if LATIN_AFTER_URDU.search(node)]
        assert "</strong>." not in html
    if base is not None:
        assert "</strong>”۔" in sheet_html(ruleset, "ur", base, brief=True)  # quoted


def test_the_urdu_sheet_writes_a_seat_apart_from_its_amount() -> None:
    """'کھلاڑی 1 200 جیتتا ہے' reads as 1200 in right-to-left text."""
    ruleset = load_bundled("pagat-british")
    md = sheet_markdown(ruleset, "ur")
    assert "کھلاڑی 1 نے 200" in md and "کھلاڑی 1 200" not in md
    assert "ਖਿਡਾਰੀ 1 ਨੇ" in sheet_markdown(ruleset, "pa")
