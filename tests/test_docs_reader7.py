"""Issue 49, the seventh fresh reader (r7) on the printed sheets: whose total an example
line gives, each checked in every language the sheet prints."""

from __future__ import annotations

import re

import pytest
from home_words import home as home_part

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import load_bundled

OPENING = [(rid, lang) for rid in ("ban-luck", "xi-dach")
           for lang in sheet_languages(load_bundled(rid))]


@pytest.mark.parametrize(("ruleset_id", "lang"), OPENING)
def test_the_banker_line_says_its_own_total_before_opening_a_player(ruleset_id: str,
                                                                    lang: str) -> None:
    """'Banker: is dealt 6♠ Q♠, opens the hand of player 1: 16 with 2 cards.' read as
    player 1's 16: the banker's total now comes before the opening ('is dealt 6♠ Q♠: 16
    with 2 cards; opens the hand of player 1, sticks.'), in every language the sheet prints."""
    catalog = translations(lang)
    opens = catalog.gettext(STEPS["open"]) % {"amount": 1}
    end = catalog.gettext(".")
    lines = [line for told in worked_examples(load_bundled(ruleset_id), lang)
             for line in told["lines"] if opens in line]
    assert lines, f"no example of {ruleset_id} opens a player's hand in {lang}"
    for line in lines:
        # no total said after the opening before the banker's next card, if one comes;
        # with none, the banker's total is said before the opening
        rest = line.split(opens, 1)[1]
        card = re.search(r"\S*[♠♥♦♣]", rest)
        before_card = rest[:card.start()] if card else rest
        assert line.endswith(end) and not re.search(r"\d", before_card), line
        if card is None:
            assert catalog.gettext("; ") + opens in line, line


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("xi-dach")))
def test_the_html_house_box_repeats_no_rule_the_body_prints(lang: str) -> None:
    """Xì dách's HTML box repeated every ◆ rule word for word before the sheet (the
    Markdown did not): now it says the rules marked ◆ differ, and lists only the base's
    rules the overlay drops, as the Markdown does."""
    from pontoon_rules.docs import render_sheet
    from pontoon_rules.docs.sheet.sheet_view import find_base

    ruleset = load_bundled("xi-dach")
    html = render_sheet(ruleset, "html", lang, find_base(ruleset)).decode()
    box = re.search(r'<aside class="pr-house".*?</aside>', html, re.S)
    assert box and 'data-rule="' not in box[0] and 'data-gone="' in box[0]
    said = translations(lang).gettext("The rules marked ◆ below differ from it, and so do "
                                      "these:")
    assert said in box[0]
    for key in set(re.findall(r'data-rule="([^"]+)"', html)):
        assert html.count(f'data-rule="{key}"') == 1, key


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_vietnamese_sheet_names_its_base_and_hands_in_vietnamese(fmt: str) -> None:
    """'Ban Luck (Chinese Blackjack)' and 'ban-ban / ban-luck' in a Vietnamese sheet: the
    base's name and its hands' names in Vietnamese (ban-luck.yaml `translations.vi`, the
    hands' `names.vi`, Xì dách's own words for the same hands)."""
    from pontoon_rules.docs import render_sheet
    from pontoon_rules.docs.sheet.sheet_view import find_base

    ruleset = load_bundled("xi-dach")
    text = render_sheet(ruleset, fmt, "vi", find_base(ruleset)).decode()
    found = re.search(r'<aside class="pr-house".*?</aside>', text, re.S)
    box = found[0] if found else "\n".join(line for line in text.splitlines()
                                           if line.startswith(">"))
    assert "Ban Luck (xì dách kiểu Singapore, Malaysia)" in box
    assert "Chinese Blackjack" not in box and "ban-ban" not in text  # (a source's title is)
    assert "ban-luck" not in box.replace('data-base="ban-luck"', "")
    assert "có xì bàng hoặc xì dách" in text  # the box names a dropped rule only (issue 49)


def test_where_the_lower_total_wins_the_sheet_says_how_an_ace_counts() -> None:
    """'Is 2-2-3-4-A in a ngũ linh 12 or 21?': where a hand compares by its lower total and
    an ace has several values, the ties say an ace still counts for the highest total not
    over 21, as the engine counts it (21 here), in every language Xì dách prints; Ban
    Luck, with no such hand, does not say it."""
    from pontoon_rules.docs.words.family_words import LOWER_ACES
    from pontoon_rules.docs.words.sentences import sentences
    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.engine.round.hand import Hand, classify, points
    from pontoon_rules.engine.round.rules import compile_rules

    ruleset = load_bundled("xi-dach")
    rules, hand = compile_rules(ruleset), Hand()
    for card in parse_cards(["2S", "2H", "3C", "4D", "AS"]):
        hand.put(card, rules)
    assert classify(hand, rules) == "ngu-linh" and points(hand, rules) == 21
    for lang in sheet_languages(ruleset):
        ties = {s.key: s.text for s in sentences(ruleset, lang)}["ties"]
        assert ties.endswith(translations(lang).gettext(LOWER_ACES)), lang
    assert "lower total" not in {s.key: s.text for s in sentences(load_bundled("ban-luck"))
                                 }["ties"]


def _said(ruleset_id: str, lang: str) -> dict[str, str]:
    from pontoon_rules.docs.words.sentences import sentences

    return {s.key: s.text for s in sentences(load_bundled(ruleset_id), lang)}


TABLE = ("Any number of players may sit at the table (the rules set no limit); against each of "
         "them the banker plays a new hand.")
SHUFFLE = ("The cards are shuffled before every deal, that is each time the banker begins "
           "against the next player.")


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("siebzehn-und-vier")))
def test_a_one_on_one_game_says_who_sits_and_when_to_shuffle(lang: str) -> None:
    """Siebzehn und Vier (`table.max_players` 1: the banker against one player a deal)
    never said how many sit at the table, and «Vor jedem Spiel werden die Karten gemischt»
    left open whether before each one-on-one game or each round: both said from the
    fields, in every language the sheet prints."""
    said, gettext = _said("siebzehn-und-vier", lang), translations(lang).gettext
    assert gettext(TABLE) != TABLE or lang == "en"
    assert said["table"].endswith(gettext(TABLE))
    assert said["shuffle"].startswith(gettext(SHUFFLE))
    if lang == "de":
        assert "Vor jedem Einzelspiel, gegen jeden Spieler neu" in said["shuffle"]
    pagat = _said("pagat-british", lang if lang != "de" else "en")
    assert gettext(TABLE) not in pagat["table"] and gettext(SHUFFLE) not in pagat["shuffle"]


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("belarus-ponton")))
def test_the_home_dealer_is_one_more_person_not_a_house_dealer(lang: str) -> None:
    """'Для игроков от 2 до 7 … Дома дилер — один из игроков': whether the 2-7 count the
    home dealer; now one more person at the table, besides the players; and no «дилер
    заведения» shuffles at a home table."""
    from pontoon_rules.docs import render_sheet

    ruleset = load_bundled("belarus-ponton")
    table = home_part(_said("belarus-ponton", lang))
    home = {"en": "At home the banker is one more person at the table (",
            "ru": "Дома дилер — ещё один человек, сверх этих игроков ("}
    assert home[lang] in table
    assert "дилер заведения" not in render_sheet(ruleset, "md", lang).decode()


def test_the_belarus_russian_sheet_reads_as_russian_players_say_it() -> None:
    """The seventh reader's Russian: «Итого: игрок 1 -200.» / «игрок 1 0.», «карт в каждой
    колоде: 52», «Страховка решается», each now as a Russian player says it; the English
    'In all player 1 ends -200' likewise says who wins or loses."""
    from pontoon_rules.docs import render_sheet

    ruleset = load_bundled("belarus-ponton")
    ru = render_sheet(ruleset, "md", "ru").decode()
    for said in ("Игрок 1: перебор: игрок 1 проигрывает 100.", "Итого: игрок 1 остаётся при своих.",
                 "Играют 6 колодами из 52 карт, перетасованными вместе.",
                 "Страховка рассчитывается, когда"):
        assert said in ru, said
    for gone in ("Итого: игрок 1 -", "игрок 1 0.", "карт в каждой колоде:", "решается"):
        assert gone not in ru, gone
    en = render_sheet(ruleset, "md", "en").decode()
    assert "Player 1 is bust: player 1 loses 100." in en
    assert "In all player 1 neither wins nor loses." in en
    assert "ends -" not in en and "ends 0" not in en


def test_the_urdu_pack_sentence_says_the_other_cards_count_their_number() -> None:
    """«ہر دوسرا پتا اپنا نمبر» reads as 'every second card': now «باقی پتے اپنے نمبر کے
    برابر» (the remaining cards, each its number)."""
    pack = _said("pagat-british", "ur")["pack"]
    assert "باقی پتے اپنے نمبر کے برابر" in pack and "ہر دوسرا" not in pack


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("sette-e-mezzo")))
def test_an_italian_pack_is_said_by_its_ranks_not_by_what_was_removed(lang: str) -> None:
    """«Si gioca con un mazzo di 40 carte. Dal mazzo si tolgono gli otto, i nove, i dieci.»
    beside a cavallo: a pack of its own suits (`pack.suit_names`) has nothing taken out;
    each suit's ranks are said instead. A French pack with ranks taken out (Siebzehn und
    Vier's Skat pack) is still said by what is removed."""
    from pontoon_rules.docs.words.pack_words import RANK_PLURALS
    from pontoon_rules.ruleset.format.common import Rank

    gettext = translations(lang).gettext
    pack = _said("sette-e-mezzo", lang)["pack"]
    assert gettext(RANK_PLURALS[Rank.EIGHT]) not in pack
    heading = gettext("In each suit: %(ranks)s.").split("%")[0]
    assert heading in pack and ", 7, " in pack
    skat = _said("siebzehn-und-vier", lang)["pack"]
    assert gettext(RANK_PLURALS[Rank.TWO]) in skat and heading not in skat


def test_a_source_title_misspelt_at_its_source_is_marked_sic() -> None:
    """«Le varte da gioco spagnole» read as our typo: the page's own title (its address
    says «le-varte-da-gioco-spagnole»), so it is quoted as it is, marked (sic): round
    brackets, which the Markdown sheet prints as they are (issue 49: «\\[sic\\]» showed)."""
    from pontoon_rules.docs import render_sheet

    for lang in ("en", "it"):  # the Russian sheet gives the title in Russian
        text = render_sheet(load_bundled("sette-e-mezzo"), "md", lang).decode()
        assert "«Le varte (sic) da gioco spagnole»" in text, lang
        assert text.count("varte") == text.count("varte (sic)"), lang
        assert "\\[" not in text, lang


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "ban-luck", "xi-dach"])
def test_the_banker_deals_to_themselves(ruleset_id: str) -> None:
    """'2 cards to themself' read awkwardly in print: 'themselves'."""
    deal = _said(ruleset_id, "en")["deal"]
    assert "to themselves" in deal and "themself" not in deal
