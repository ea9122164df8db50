"""Issue 49, the third fresh reader's report (sentences and content): each finding checked on
the sentences the sheets print (`docs.words.sentences`) or on the sheet's text, in the
languages the reader read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from home_words import home as home_part
from markdown_it import MarkdownIt

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.literal import literal_markdown, literal_markdown_cards
from pontoon_rules.ruleset.loading.registry import load_bundled


def text(ruleset_id: str, lang: str = "en") -> str:
    return " ".join(s.text for s in sentences(load_bundled(ruleset_id), lang))


@pytest.mark.parametrize(("ruleset_id", "lang", "sentence"), [
    ("australian-pontoon", "en", "The dealer, holding one card, has pontoon if the first card "
                                 "drawn makes 21 with it."),
    ("belarus-ponton", "en", "The banker, holding one card, has pontoon if the first card drawn "
                             "makes 21 with it."),
    ("belarus-ponton", "ru", "Дилер, у которого одна карта, собирает понтун, если первая взятая "
                             "карта даёт с ней 21."),
    ("ochko-home", "ru", "Банкир, у которого одна карта, собирает золотое очко, если эта карта "
                         "и первая взятая — Т Т."),
])
def test_a_banker_of_one_card_makes_the_two_card_hand_with_the_first_card_drawn(
        ruleset_id: str, lang: str, sentence: str) -> None:
    said = text(ruleset_id, lang)
    assert sentence in said
    for garbled in ("fewer cards than it takes", "сдано меньше карт, и он"):
        assert garbled not in said


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "belarus-ponton", "spanish-21",
                                        "casino-ochko", "casino-filipino-pontoon"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_casino_sheet_says_how_a_home_table_runs_the_bank(ruleset_id: str, lang: str) -> None:
    """The house at home: its bank (a blank to fill in), stakes cut to it, when it passes,
    who shuffles and cuts (as “Between deals” says: one sentence says who cuts, reader 5),
    and how the evening ends."""
    said = text(ruleset_id, lang)
    home = {"en": ("a bank of ", "are covered as they are placed, in the order"  # stakes, bets
                   " of play, each cut to what the bank still has free",
                   "after ____ deals, or at once when it is broken",
                   "They shuffle and have the cards cut as “Between deals” says",
                   "The evening ends"),
            "ru": ("ставит в банк ____", "Ставки покрывают по мере того, как их делают,"
                   " по порядку игры", "после ____ раздач",
                   "Тасует и даёт снять колоду он сам",
                   "Вечер кончается")}[lang]
    if load_bundled(ruleset_id).between_deals.cut.value == "nobody":  # online: a player cuts
        home = tuple(w for w in home if "“Between deals” says" not in w
                     and "колоду он сам" not in w)
        assert {"en": "With no machine at home, the dealer shuffles the cards by hand and,"
                      " as is usual, the player on the dealer's right cuts them",  # g49q
                "ru": "Машины дома нет: дилер сам тасует карты, а игрок справа от дилера, как"
                      " принято, снимает колоду"}[
            lang] in said
    for words in home:
        assert words in said, words
    assert "the table agrees who, and for how long" not in said


@pytest.mark.parametrize(("lang", "left", "right"), [
    ("en", "the player on their left cuts", "the player on their right cuts"),
    ("ru", "снимает игрок слева от него", "снимает игрок справа от него")], ids=["en", "ru"])
def test_the_home_house_is_cut_on_the_side_the_first_shuffle_says(
        tmp_path: Path, lang: str, left: str, right: str) -> None:
    """Who cuts the home house's shuffle is what the first shuffle's sentence says, in
    either direction of play: the box names no side of its own (it once said «right»
    whatever the direction, then a side the first shuffle did not; reader 5)."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    house = tmp_path / "rightwards.yaml"
    house.write_text("id: rightwards\nname: Rightwards\nkind: house\nextends: spanish-21\n"
                     "table:\n  direction: right\n", encoding="utf-8")
    for ruleset in (load_ruleset(house), load_bundled("spanish-21")):
        said = {s.key: s.text for s in sentences(ruleset, lang)}
        assert left not in home_part(said) and right not in home_part(said)
        assert translations(lang).gettext("Between deals") in home_part(said)


@pytest.mark.parametrize(("n", "russian", "english"), [
    (1, "не меньше 1 фишки;", "at least 1 chip;"),
    (5, "не меньше 5 фишек;", "at least 5 chips;"),
    (21, "не меньше 21 фишки;", "at least 21 chips;")], ids=["1", "5", "21"])
def test_a_stake_in_chips_takes_each_languages_plural_form(
        tmp_path: Path, n: int, russian: str, english: str) -> None:
    """The chips a sentence counts are a plural message, so a language with more forms
    than English says each by its own rule: Russian «21 фишки» as «1 фишки» (the unit
    once chose only between n == 1 and any other n: «21 фишек»)."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    house = tmp_path / f"stake-{n}.yaml"
    house.write_text(f"id: stake-{n}\nname: Stake\nkind: house\nextends: blackjack-reference\n"
                     f"stakes:\n  min_stake: {n}\n  money: null\n", encoding="utf-8")
    ruleset = load_ruleset(house)
    assert russian in {s.key: s.text for s in sentences(ruleset, "ru")}["stake_limits"]
    assert english in {s.key: s.text for s in sentences(ruleset)}["stake_limits"]


@pytest.mark.parametrize("ruleset_id", ["ban-luck"])  # pagat's: test_docs_reader49ag
def test_a_banker_of_no_fixed_bank_is_told_to_agree_its_funding(ruleset_id: str) -> None:
    said = text(ruleset_id)
    assert ("the table agrees before play how much a banker must hold to take the bank "
            "(____ chips)") in said


NEEDLESS_ESCAPE = re.compile(r"\\[:().,\-=\"'!+{}$^]")
"""A backslash before a character Markdown would show as written anyway."""


def _shown(markdown: str) -> str:
    """What a Markdown reader shows of one paragraph: the rendered HTML's text."""
    html = MarkdownIt("commonmark").enable("table").enable("strikethrough").render(markdown)
    shown = re.sub(r"<[^>]+>", "", html).strip()
    return shown.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"') \
        .replace("&amp;", "&")


@pytest.mark.parametrize("written", [
    "Player 1: stakes 100 (ban-luck) = 21.", "# Heading #", "- a list?", "+ plus", "1. one",
    "2) two", "> quoted", "---", "===", "*bold* _em_ snake_case `code` [link](x) ![i](y)",
    "<b>tag</b> &amp; a|b ~~strike~~ \\: end", "3.5 cards, -5 chips, 1 + 1 = 2"])
def test_markdown_escapes_only_what_markdown_would_read(written: str) -> None:
    """User text shows exactly as written, with no backslash it does not need."""
    escaped = literal_markdown(written)
    assert _shown(escaped) == written, escaped
    after_block_mark = re.sub(r"^\d*\\", "", escaped)  # «\- a», «1\. one»: a list's mark
    assert not NEEDLESS_ESCAPE.search(after_block_mark.replace("\\\\", "")), escaped
    assert _shown(literal_markdown_cards(written)) == written


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    ("ban-luck", "en"), ("belarus-ponton", "ru"), ("pagat-british", "hy"),
    ("pagat-british", "pa")])
def test_sheet_markdown_has_no_needless_escapes(ruleset_id: str, lang: str) -> None:
    """Titles, intros, worked examples, the card key and the sources read as plain text
    in the raw .md («Player 1: stakes 100», not «Player 1\\: stakes 100»)."""
    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset))
    assert not NEEDLESS_ESCAPE.search(text), NEEDLESS_ESCAPE.search(text)


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21", "casino-ochko"])
def test_what_a_game_lacks_is_said_once_not_as_a_double_negative(ruleset_id: str) -> None:
    """«Not in this game: buying cards for an extra stake, insurance.», never «Not in this
    game: no buying»."""
    lacks = [s.text for s in sentences(load_bundled(ruleset_id), "en") if s.key == "lacks"]
    assert lacks and lacks[0].startswith("Not in this game: "), lacks
    assert ": no " not in lacks[0] and ", no " not in lacks[0], lacks[0]


def test_ties_are_said_as_ties_not_as_equal_hands_the_higher_of_which_wins() -> None:
    """«Equal hands: … the higher total wins» read against itself; ties name each pair."""
    ties = next(s.text for s in sentences(load_bundled("ban-luck"), "en") if s.key == "ties")
    assert ties == ("Ties: with ban-ban against ban-ban or ban-luck against ban-luck, it is a "
                    "stand-off and the stake comes back; with five-dragon against five-dragon or "
                    "two ordinary totals, the higher total wins and equal totals are a "
                    "stand-off.")
    ru = next(s.text for s in sentences(load_bundled("ban-luck"), "ru") if s.key == "ties")
    assert "Равные руки" not in ru and "у обоих" in ru


def test_the_peek_names_the_up_cards_it_is_made_on() -> None:
    """spanish-21: the up cards the dealer peeks on, from the pack and the natural's
    definition (no ten in a Spanish deck); a sheet with no such limit says none."""
    said = {s.key: s.text for s in sentences(load_bundled("spanish-21"), "en")}
    assert said["banker_pontoon"].endswith(
        "The dealer checks for one only when the face-up card is A, J, Q or K: no other "
        "face-up card can make one.")
    ru = {s.key: s.text for s in sentences(load_bundled("spanish-21"), "ru")}
    assert "открытая карта — Т, В, Д или К" in ru["banker_pontoon"]
    for other in ("casino-ochko", "pagat-british"):  # no up card, or no peek
        assert "checks for one only" not in text(other)


def test_home_ochko_states_a_players_21_against_the_bankers_21_and_the_banks_unit() -> None:
    """From the outcome table: the player's очко beats the banker's plain 21 (the banker
    cannot hold очко); the bank's amount carries its unit."""
    ru = {s.key: s.text for s in sentences(load_bundled("ochko-home"), "ru")}
    assert "Если у игрока очко, а у банкира просто 21, выигрывает игрок" in ru["ties"]
    assert ru["bank_amount"].startswith("Банкир ставит банк в ____ фишек (сумму оговаривают до "
                                        "игры, например 1000).")
    en = {s.key: s.text for s in sentences(load_bundled("ochko-home"), "en")}
    assert ("If a player holds twenty-one and the banker a plain 21, the player wins"
            in en["ties"])
    assert en["bank_amount"].startswith("The banker puts up a bank of ____ chips (agreed before "
                                        "play, for example 1000).")
    assert "a plain 21" not in text("pagat-british")  # the banker holds 21 there too


def test_ban_luck_says_when_the_bankers_ban_luck_settles_and_how_an_ace_counts_toward_15(
        ) -> None:
    """Every natural the banker can be dealt is checked at once (the engine's peek finds
    any), so the sheet names both; the 15 of the surrender and the call-off is the hand's
    best total (the engine's `points`), which the sheet says rather than leave a reader to
    count an ace either way."""
    said = {s.key: s.text for s in sentences(load_bundled("ban-luck"), "en")}
    # shown when the banker checks for it: an early surrender and the free hands come first
    # (f49c, r49zo: "shown at once" beside the free hands decided before the check)
    assert said["banker_pontoon"].startswith(
        "If the banker holds a ban-ban or ban-luck, it is shown when the banker checks for it "
        "and the deal ends")
    assert ("You decide before the banker checks for a ban-ban or ban-luck, so a free hand "
            "escapes even that.") in said["surrender"]  # early: its players' words
    ace = ("An ace counts toward this total as it does in the hand's total (the best total "
           "not over 21), not either way.")
    assert ace in said["surrender"] and ace in said["banker_calls_off"]
    assert ace not in text("spanish-21")  # surrender on any total there
