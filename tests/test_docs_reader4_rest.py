"""Issue 49, the fourth fresh reader's findings left open (`reader4_report.md`): who shuffles
on later deals, a dealer's natural against split stakes, the Russian sheets' calques, Ban
Luck's own words, the Russian site's payout words, sette e mezzo's highest-score example."""

from __future__ import annotations

import pytest
from engine_helpers import nets, run

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def sheet(ruleset_id: str, lang: str = "en") -> str:
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def said(ruleset_id: str, lang: str = "en") -> dict[str, Sentence]:
    """The sheet's sentences by rule key."""
    return {s.key: s for s in sentences(load_bundled(ruleset_id), lang)}


LATER = "Each later shuffle is done the same way, by the banker who then deals."
LATER_CUT = ("Before each later deal the banker then dealing shuffles, and the player on their "
             "left cuts.")
"""Where the ruleset names the cutter's side (`between_deals.cut`, ochko-home), the later
shuffle's sentence says who cuts too (g49m)."""


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_who_shuffles_later_deals_follows_who_banks(ruleset_id: str) -> None:
    """A player banker's first shuffle says who shuffles and cuts after it (the banker who
    then deals: after a pontoon, the new one); a house dealer always shuffles."""
    r = load_bundled(ruleset_id)
    first = said(ruleset_id)["first_shuffle"]
    later = LATER in first.text or LATER_CUT in first.text
    assert later == (r.table.banker.value == "rotating")
    own = r.provenance.get("between_deals.cut")
    assert first.open == (own is None or own.open)  # open unless the source says who cuts


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("pagat-british", "en", LATER),
    ("ban-luck", "en", LATER),
    ("ochko-home", "en", LATER_CUT),
    ("ochko-home", "ru", "Перед каждой следующей раздачей тасует банкир, который тогда сдаёт, а "
                         "снимает колоду игрок слева от него."),
    ("sette-e-mezzo", "it", "mescola il mazziere che poi dà le carte"),
    ("siebzehn-und-vier", "de", "durch den Bankhalter, der dann gibt"),
])
def test_who_shuffles_later_deals_is_printed_in_each_language(ruleset_id: str, lang: str,
                                                              words: str) -> None:
    assert words in sheet(ruleset_id, lang)


def _total_of(ruleset_id: str, key: str) -> tuple[list[str], int]:
    """A payout row's example cards and what they count in the game (engine units)."""
    from pontoon_rules.docs.sheet.sheet_view import payout_rows
    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.engine.round.cards import parse_card
    from pontoon_rules.engine.round.hand import Hand, points
    from pontoon_rules.engine.round.rules import compile_rules

    r = load_bundled(ruleset_id)
    rules = compile_rules(r)
    row = next(x for x in payout_rows(r, translations("en").gettext) if x["key"] == key)
    codes = [c["code"] for c in row["cards"]]
    hand = Hand(100)
    for code in codes:
        hand.put(parse_card(code), rules)
    return codes, points(hand, rules) * 2 // rules.unit  # half points


@pytest.mark.parametrize(("ruleset_id", "at_least"), [
    ("sette-e-mezzo", 7), ("siebzehn-und-vier", 20), ("ochko-home", 20), ("pagat-british", 20)])
def test_the_highest_total_row_shows_a_high_total_in_the_games_own_values(
        ruleset_id: str, at_least: int) -> None:
    """The example of "highest total" tries the cards worth most in the game first (a
    sette e mezzo court is worth ½: «F♠ C♥», 1 point, showed no high score)."""
    codes, halves = _total_of(ruleset_id, "total")
    assert halves >= 2 * at_least, codes


def test_a_dealer_pontoon_against_a_split_and_a_rescue_says_what_the_engine_takes() -> None:
    """Australian: a dealer's pontoon takes one original stake from each hand of a split
    pair, and a hand rescued before it stays as settled (-100 each, played through the
    engine); the sheet says both, from the fields that allow a split and a rescue."""
    r = run("australian-pontoon", [100], "5S AD 5H 5C 2C 4C KH",
            "p1 split, p1 double, p1 rescue, p1 stick")
    hands = r.result.seats[0].hands
    assert r.result.banker_class == "pontoon"
    assert [(h.stakes, h.net, h.rescued) for h in hands] == [([100, 100], -100, True),
                                                             ([100], -100, False)]
    assert nets(r) == [-200, 200]
    pontoon = said("australian-pontoon")["hand:pontoon"].text
    assert ("As the dealer's hand it takes only the original stakes, the rest of what was "
            "doubled comes back. From a split pair it takes one stake for each hand that loses "
            "to it: the stake a split adds counts as the new hand's original stake. A hand "
            "already bust or rescued stays as it was settled.") in pontoon
    assert "From a split pair" not in said("pagat-british")["hand:pontoon"].text
    ru = said("australian-pontoon", "ru")["hand:pontoon"].text
    # «эта комбинация», not «она»: «понтун» is masculine (r50c, r49zw)
    assert ("С разделённой пары эта комбинация забирает по одной ставке с каждой руки, которая ей "
            "проигрывает: ставка, добавленная при сплите, считается первоначальной ставкой "
            "новой руки.") in ru


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_australian_intro_says_what_a_player_21_wins_without_at_once(lang: str) -> None:
    intro = sheet("australian-pontoon", lang).split("\n## ")[0]
    assert {"en": "every player 21 wins whatever the dealer draws",
            "ru": "любая рука игрока с 21 очком выигрывает, что бы ни набрал дилер"}[lang] in intro
    assert "at once" not in intro and "сразу" not in intro


CALQUES = ("Рука игрока бьёт младшую руку", "не положенная стороне", "по выплате её руки",
           "Рука, которая подходит под несколько названий", "Выигравшей руке",
           "проигравшая рука", "при любой руке", "руки одного вида", "с побитой руки",
           "получает выплату своей руки", "рука с перебором проигрывает")


@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "casino-ochko", "ochko-home",
                                        "pagat-british", "australian-pontoon"])
def test_the_russian_sheets_speak_of_cards_and_combinations_not_hands(ruleset_id: str) -> None:
    """Reader 4: «рука» where Russian players say «карты», «комбинация» or name the player;
    a hand of a split pair stays «рука» (the casinos' own word for it)."""
    text = sheet(ruleset_id, "ru")
    for calque in CALQUES:
        assert calque not in text, calque
    banker = "банкира" if ruleset_id in ("ochko-home", "pagat-british") else "дилера"
    if ruleset_id in ("ochko-home", "australian-pontoon"):  # every named hand of a player
        # wins whatever: no order but the banker's top hand's (g49aa, r49zs)
        top = "золотое очко" if ruleset_id == "ochko-home" else "понтун"
        assert f"У {banker} {top} бьёт любую руку игрока, кроме этих: " in text  # f49f, r50a
    else:  # after the exception, where there is one (r49zs)
        assert f"грок бьёт младшую комбинацию {banker} и проигрывает старшей" in text
    assert "Выигравшему платят" in text


def test_the_russian_legend_and_several_names_are_said_plainly() -> None:
    text = sheet("pagat-british", "ru")
    refused = sheet("ochko-home", "ru")  # the banker never holds twenty-one: a hand refused
    assert ("а если игроку или банкиру такая комбинация не засчитывается, те же карты "
            "считаются у него просто как сумма") in refused
    assert "Если карты подходят под несколько названий, считается старшее из них." in text
    assert "Дилер забирает: сколько дилер с такой комбинацией берёт с каждого, кого побил" in (
        sheet("casino-ochko", "ru"))


@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "casino-ochko", "ochko-home",
                                        "sette-e-mezzo", "siebzehn-und-vier"])
def test_the_russian_rules_page_writes_payouts_as_the_sheets_do(ruleset_id: str) -> None:
    """Reader 4: the Russian site said «3:2» where the sheets say «3 к 2»: a payout field's
    value, the outcome exceptions (in the sheets' sentences of a pair, not the value's
    English words) and the catalog's own words write odds as the language does (a
    source's quoted words keep theirs)."""
    import re

    from pontoon_rules.docs.website.pages import ruleset_rules_page

    page = ruleset_rules_page(load_bundled(ruleset_id), "ru")
    values = re.findall(r'<td class="pr-value">([^<]*)</td>', page)
    assert "1 к 1" in values
    assert not [v for v in values if re.search(r"\d:\d", v)]
    words = re.sub(r"<q[^>]*>.*?</q>|<code[^>]*>.*?</code>", "", page, flags=re.S)
    words = re.sub(r"\| Русский \|[^\n]*", "", words)  # the glossary's words not said
    assert not re.search(r"\d:\d", words)


def test_ban_luck_speaks_its_singapore_players_words() -> None:
    """Reader 4: British Stick/Twist in a Singapore and Malaysia game, and "five cards" where
    its pages say 5-Dragon: the words come from a source's own English words
    (`locale/en/LC_MESSAGES/timeout.po`, chosen by `words_of` from the ruleset's sources,
    as Spanish 21's `chukchansi.po`) and the hand's name in the ruleset; the glossary
    quotes the pages and agrees with the sheet."""
    import re

    from pontoon_rules.docs.sheet.glossary import sheet_problems, terms
    from pontoon_rules.docs.words.i18n import words_of

    r = load_bundled("ban-luck")
    assert words_of(r, "en") == "en@timeout"
    text = sheet("ban-luck")
    assert not re.search(r"(?i)\b(twist|stick)", text)
    for words in ("Stand: take no more cards. You may stand on 16 or more",
                  "Draw: take another card without adding to your stake.",
                  "Five-dragon: exactly 5 cards totalling 21 or less.", ": five-dragon."):
        assert words in text, words
    assert re.search(r"draws \S+, stands: \d+", text)  # a worked example's words too
    notes = " ".join(t.note or "" for t in terms("ban-luck", "en"))
    assert "There are hit and stand options." in notes
    assert "his hand is called a “5-Dragon”" in notes
    assert sheet_problems("ban-luck", "en") == []
    assert "five-dragon" not in sheet("ban-luck", "ru")  # Russian keeps «пять карт»


def test_the_rules_page_says_an_outcome_exception_as_the_sheets_say_a_pair() -> None:
    from pontoon_rules.docs.website.pages import ruleset_rules_page

    page = ruleset_rules_page(load_bundled("siebzehn-und-vier"), "ru")
    assert "Если у игрока «21 с двух карт (туз и десятка)», а у банкира" in page
    assert "игрок проигрывает и платит банкиру 1 к 1." in page
    import re

    values = " ".join(re.findall(r'<td class="pr-value">([^<]*)</td>', page))
    assert "a player" not in values and "natural-21" not in values
    assert "«золотое очко» (два туза), 21 с двух карт (туз и десятка), по очкам" in values


def test_ban_luck_says_free_hand_where_its_players_do() -> None:
    """Reader 6: the 15 rule was "surrender" ("You may surrender your first two cards"),
    where the game's pages say a "free hand" ("an escape"); the wording file says it so, in
    the rules and the worked examples alike."""
    import re

    text = sheet("ban-luck")
    assert not re.search(r"(?i)surrender", text), text
    for words in ("You may take a free hand, giving up your first two cards and "
                  "getting the whole of your stake back, only on a total of 15.",
                  "takes a free hand: 15 with 2 cards", "took a free hand"):
        assert words in text, words
