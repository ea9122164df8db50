"""Issue 49 (g49r): a fresh reader's points that cut across the sheets (r49e), each checked
on every bundled sheet in every language it is printed in: the face-down and face-up cards
said as a sentence, not a label line; an example's hand named after its total only where
the name is not the total itself; Armenian punctuation; one suggestion for a banker who
cannot pay, whatever the stake limit; and the English wording the reader quoted."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from sheet_text import sheet

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_html
from pontoon_rules.docs.words.i18n import sheet_languages
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def printed() -> Iterator[tuple[Ruleset, str]]:
    """Every bundled ruleset with each language its sheet is printed in."""
    for ruleset_id in bundled_ids():
        ruleset = load_bundled(ruleset_id)
        for lang in sheet_languages(ruleset):
            yield ruleset, lang


# 1. The face-down and face-up cards: a sentence, its verb agreeing with the list -------------

@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("pagat-british", "en", "Your first two cards, a bought card and the card dealt to a split "
     "hand are dealt face down. A twisted card is dealt face up."),
    ("ban-luck", "en", "Your first two cards and a card drawn are dealt face down."),
    ("vingt-un", "en", "Your first two cards are dealt face down. A twisted card is dealt "
     "face up."),
    ("xi-dach", "vi", "Hai lá đầu tiên của bạn và lá rút thêm đều được chia úp."),
    ("sette-e-mezzo", "it", "La tua carta viene data coperta. Una carta "
     "chiesta viene data scoperta."),
    ("siebzehn-und-vier", "de", "Ihre Karte liegt verdeckt. Eine gekaufte Karte "
     "liegt offen."),
    ("pagat-british", "ru", "Рубашкой вверх сдаются ваши первые две карты, купленная карта и "
     "карта, сданная на руку после сплита. В открытую сдаётся карта, взятая на «ещё»."),
    ("pagat-british", "hy", "Փակ են դրվում Ձեր առաջին երկու քարտերը, գնված քարտը և կիսված "
     "ձեռքին տրված քարտը։ Բաց է դրվում անվճար («մեկ էլ») քարտը։"),
    ("pagat-british", "pa", "ਤੁਹਾਡੇ ਪਹਿਲੇ ਦੋ ਪੱਤੇ, ਖਰੀਦਿਆ ਪੱਤਾ ਅਤੇ ਤੋੜੀ ਜੋੜੀ ਦੇ ਹੱਥ ਨੂੰ ਦਿੱਤਾ ਪੱਤਾ ਪੁੱਠੇ "
     "ਦਿੱਤੇ ਜਾਂਦੇ ਹਨ। “ਇੱਕ ਹੋਰ” ਕਹਿ ਕੇ ਲਿਆ ਪੱਤਾ ਸਿੱਧਾ ਦਿੱਤਾ ਜਾਂਦਾ ਹੈ।"),
    ("pagat-british", "ur", "آپ کے پہلے دو پتے، خریدا ہوا پتا اور جوڑی توڑ کر بنے ہاتھ کو دیا گیا "
     "پتا الٹے دیے جاتے ہیں۔ “ایک اور” کہہ کر لیا ہوا پتا سیدھا دیا جاتا ہے۔")])
def test_the_faces_are_said_in_a_sentence(ruleset_id: str, lang: str, said: str) -> None:
    """"Face down: the cards of the deal, a card drawn." read as a field list; the sheet
    says which cards are dealt face down and which face up, the list ending in 'and'."""
    assert said in sheet(ruleset_id, lang)


def test_no_sheet_labels_its_faces() -> None:
    """The faces rule opens with no label and a colon in any language: its first sentence
    has a verb (Armenian's old «Փակ են դրվում՝ …» had its pause before the list)."""
    for ruleset, lang in printed():
        faces = next(s.text for s in sentences(ruleset, lang) if s.key == "faces")
        first = re.split(r"(?<=[.։।۔])\s", faces)[0]
        assert ":" not in first and "՝" not in first, (ruleset.id, lang, faces)


# 2. A hand's name after its total, only where it is not the total --------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("pa", "ਹੱਥ 2: 3 ਪੱਤਿਆਂ ਨਾਲ 21।"), ("ur", "ہاتھ 2: 3 پتوں کے ساتھ 21۔"),
    ("en", "hand 2: 21 with 3 cards: twenty-one."), ("hy", "ձեռք 2. 21՝ 3 քարտով. 21 միավոր։")])
def test_a_hand_named_as_its_total_is_not_named_twice(lang: str, said: str) -> None:
    """Punjabi and Urdu name twenty-one «21»: the example read '… 21: 21'. English and
    Armenian name it in words, and keep the name."""
    assert said in sheet("pagat-british", lang)


def test_no_example_repeats_its_total_as_its_name() -> None:
    for ruleset, lang in printed():
        text = sheet(ruleset.id, lang)
        repeated = re.search(r"(?<![\d.,])(\d+½?): \1(?![\d½])[.;।۔؛]", text)
        assert not repeated, (ruleset.id, lang, repeated)


# 3. Armenian punctuation --------------------------------------------------------------------

LATIN = re.compile(r".{0,40}(?:(?<!\d)[:;]|[:;](?!\d)).{0,20}")
"""A Latin colon or semicolon but between two digits (odds, «2:1»)."""


def _shown(page: str) -> str:
    """An HTML sheet's words, as a reader sees them."""
    body = re.sub(r"<(style|script|head)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_no_armenian_sheet_has_a_latin_colon_or_semicolon() -> None:
    """«…եթե բանկիրը չի կարող վճարել: ____։»: a Latin colon reads as the Armenian full stop,
    and Armenian has no «;». The catalog's and the code's joints print «.» (միջակետ), «՝»
    or «,»; only odds keep their colon (2:1)."""
    checked = 0
    for ruleset, lang in printed():
        if lang != "hy":
            continue
        base = find_base(ruleset)
        for text in (sheet(ruleset.id, lang), _shown(sheet_html(ruleset, lang, base)),
                     _shown(sheet_html(ruleset, lang, base, brief=True))):
            found = [m.group(0) for m in LATIN.finditer(text)]
            assert not found, (ruleset.id, found)
        checked += 1
    assert checked >= 4


# 4. A banker who cannot pay: one suggestion, whatever the stake limit ------------------------

OWED = {"en": "(the rest owed", "ru": "остаток остаётся долгом до уплаты",
        "de": "der Rest bleibt geschuldet, bis er bezahlt ist",
        "it": "il resto resta un debito finché non è pagato",
        "vi": "chẳng hạn phần còn lại thành nợ cho đến khi trả",
        "hy": "մնացածը մնում է պարտք մինչև վճարելը",
        "pa": "ਬਾਕੀ ਰਕਮ ਅਦਾ ਹੋਣ ਤੱਕ ਕਰਜ਼ਾ ਰਹਿੰਦੀ ਹੈ", "ur": "باقی رقم ادا ہونے تک قرض رہتی ہے"}


def test_every_banker_paying_from_their_own_money_gets_the_same_suggestion() -> None:
    """Ban Luck and Xì dách (a largest stake) printed only a blank for a banker who cannot
    pay; Siebzehn und Vier and Sette e mezzo (none) suggested the rest owed. The condition
    is one: a player banker with no fixed bank pays from their own money."""
    own_money = 0
    for ruleset, lang in printed():
        if ruleset.table.banker is BankerRole.ROTATING and ruleset.table.bank.amount is None:
            own_money += 1
            assert OWED[lang] in sheet(ruleset.id, lang), (ruleset.id, lang)
    assert own_money >= 20


@pytest.mark.parametrize(("ruleset_id", "lang"), [("xi-dach", "vi"), ("ban-luck", "en")])
def test_the_readers_blank_has_its_suggestion(ruleset_id: str, lang: str) -> None:
    assert load_bundled(ruleset_id).stakes.max_stake is not None
    assert OWED[lang] in sheet(ruleset_id, lang)


# 5. and 6. The English wording the reader quoted --------------------------------------------

def test_buying_above_the_maximum_says_which() -> None:
    """"each stake at least ____, at most ____. Buying may take a stake above it.": above
    what? The maximum."""
    text = sheet("pagat-british", "en")
    assert "Buying may take a stake above the maximum." in text
    assert "above it." not in text


@pytest.mark.parametrize("said", [
    "You may take a free hand, giving up your first two cards and getting the whole of your "
    "stake back, only on a total of 15.",
    "each ace counts whichever of these gives the best total not over 21.",
    "the banker may open any player's hand: it is settled at once against the banker's hand"])
def test_ban_lucks_sentences_are_grammatical(said: str) -> None:
    """'On a free hand you may give up…', '… the best total not over 21 counting' and 'open
    any player's hands: they are settled' (r49e's quotes)."""
    text = sheet("ban-luck", "en")
    assert said in text
    assert "On a free hand" not in text and "21 counting" not in text
