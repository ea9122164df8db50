"""Issue 49, the readers' remaining sheet findings (g49f): a home bank and the casino's
fixed prizes, the home bank's unit, a free hand that is not a surrender, and the words of
what a game lacks; each checked on what the sheets print, in every language they print."""

from __future__ import annotations

import pytest
from home_words import home as home_part

from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words import lacking
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.ruleset.format.agreed import agreed_fields
from pontoon_rules.ruleset.format.fields import value_at
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

CASINO = [i for i in bundled_ids() if load_bundled(i).table.banker.value == "house-dealer"]
PRIZES = [i for i in CASINO if any(d.prize is not None or d.prize_to_others is not None
                                   for _h, d in load_bundled(i).hands.ranked())]


def said(ruleset_id: str, lang: str = "en") -> dict[str, Sentence]:
    """The sheet's sentences by rule key."""
    return {s.key: s for s in sentences(load_bundled(ruleset_id), lang)}


def test_the_casino_games_with_house_prizes_are_the_super_bonus_ones() -> None:
    assert set(PRIZES) == {"australian-pontoon", "spanish-21"}


@pytest.mark.parametrize(("ruleset_id", "lang"), [(i, lang) for i in PRIZES
                                                  for lang in sheet_languages(load_bundled(i))])
def test_a_home_bank_says_what_it_pays_of_the_house_prizes(ruleset_id: str, lang: str) -> None:
    """'$5,000 super bonus; $50 to every other player': a home bank that cannot pay them
    was not told what to do. The home paragraph lists the prizes, from the hands' fields,
    and says they are paid in full like any other win (the engine's rule, g49s:
    test_docs_reader49s), marked our reading (†)."""
    home = home_part(said(ruleset_id, lang))
    words = {"en": ("$5,000", "$1,000", "$50 to every other player",
                    "like any other win: in full"),
             "ru": ("5\u00a0000\u00a0$", "1\u00a0000\u00a0$", "50\u00a0$ каждому другому игроку",
                    "как любой выигрыш: полностью")}[lang]
    for part in words:
        assert part in home.text, part
    assert home.reading


@pytest.mark.parametrize("ruleset_id", sorted(set(CASINO) - set(PRIZES)))
def test_a_casino_game_without_house_prizes_says_none(ruleset_id: str) -> None:
    assert "prize" not in home_part(said(ruleset_id)).text


@pytest.mark.parametrize(("ruleset_id", "lang", "bank"), [
    ("spanish-21", "en", "a bank of $____ (fill in)"),
    ("spanish-21", "ru", "Он ставит в банк ____\u00a0$ (впишите)"),
    ("australian-pontoon", "en", "a bank of $____ (fill in)"),
    ("casino-ochko", "ru", "Он ставит в банк ____ фишек (впишите)"),
    ("belarus-ponton", "en", "a bank of ____ chips (fill in)")])
def test_the_home_bank_is_put_up_in_the_games_money(ruleset_id: str, lang: str,
                                                     bank: str) -> None:
    """Spanish 21's home paragraph spoke of '____ chips' while its money is dollars: the
    unit comes from `stakes.money` (its sign and where it stands), chips where it has none."""
    assert bank in home_part(said(ruleset_id, lang)).text


@pytest.mark.parametrize(("ruleset_id", "lang"), [(i, lang) for i in CASINO
                                                  for lang in sheet_languages(load_bundled(i))
                                                  if lang != "en"])
def test_the_home_paragraph_is_in_every_language_it_is_printed_in(ruleset_id: str,
                                                                 lang: str) -> None:
    """The home paragraph is printed in each language of a casino game's sheet (English
    and Russian, for the bundled games): none of it is left in English."""
    home = home_part(said(ruleset_id, lang)).text
    assert "At home" not in home and "fill in" not in home and "prizes" not in home


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (i, lang) for i in ("xi-dach",) for lang in sheet_languages(load_bundled(i))])
def test_a_free_hand_is_not_a_surrender(ruleset_id: str, lang: str) -> None:
    """'Not in this game: surrendering a hand' on British pontoon, vingt-un and xi-dach,
    because Ban Luck's free hand (the first two cards given up for the whole stake) counted
    as surrender in their family: no game of it lets a hand go for half its stake. (Since
    r49k only Xì dách, written over Ban Luck, names the free hand: `lacking`.)"""
    keys = lacking.lacking(load_bundled(ruleset_id))
    assert "player.surrender.allowed" not in keys and "player.surrender.returns" in keys
    line = said(ruleset_id, lang)["lacks"].text
    free = next(f.words for f in lacking.LACKING if f.key == "player.surrender.returns")
    assert translations(lang).gettext(free) in line
    assert lang != "en" or "surrender" not in line


@pytest.mark.parametrize("ruleset_id", ["ban-luck", "pagat-british", "vingt-un"])
def test_ban_luck_lists_neither_a_free_hand_nor_surrender(ruleset_id: str) -> None:
    line = said(ruleset_id).get("lacks")
    assert line is None or ("free hand" not in line.text and "surrender" not in line.text)


def test_every_feature_a_game_may_lack_has_words_of_its_own() -> None:
    """The sentences template mapped each field to words in an if/elif chain, so that a
    feature added to `LACKING` printed nothing: the words now stand beside each feature, and
    each names one field of the rules."""
    ruleset = load_bundled("pagat-british")
    words = [f.words for f in lacking.LACKING]
    assert len(set(words)) == len(words) and all(words)
    for feature in lacking.LACKING:
        value_at(ruleset, feature.key)  # a field of the rules, else this raises
    assert {f.key for f in lacking.LACKING} >= {"player.surrender.allowed",
                                                "player.surrender.returns"}


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_not_in_this_game_line_names_every_feature_lacked(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    lacked = lacking.lacking_words(ruleset)
    line = said(ruleset_id).get("lacks")
    assert (line is None) == (not lacked)
    gettext = translations(words_of(ruleset, "en")).gettext  # a source's own words
    for words in lacked:
        assert line is not None and gettext(words) in line.text


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("casino-ochko")))
def test_casino_ochko_prints_no_upper_limit_its_page_never_gives(lang: str) -> None:
    """«в казино верхнего предела нет» beside a least stake of 1 фишка, where the page lists
    only the chips on offer («номинал доступных фишек»): the largest stake is agreed at the
    table (a blank), marked our reading, and the least keeps its unit."""
    ruleset = load_bundled("casino-ochko")
    assert "stakes.max_stake" in agreed_fields(ruleset)
    assert "номинал доступных фишек" in ruleset.provenance["stakes.max_stake"].note
    limits = said("casino-ochko", lang)["stake_limits"]
    assert "____" in limits.text and limits.reading
    for claim in ("верхнего предела нет", "no upper limit"):
        assert claim not in limits.text
    assert {"en": "at least 1 chip", "ru": "не меньше 1 фишки"}[lang] in limits.text


def test_home_ochkos_russian_sheet_says_no_twist_and_no_missing_limit() -> None:
    """The issue's acceptance: the home Очко Russian sheet says neither «твист» nor
    «верхнего предела нет» (its bank caps every stake)."""
    text = sheet_markdown(load_bundled("ochko-home"), "ru")
    assert "твист" not in text.lower() and "верхнего предела нет" not in text


def test_xi_dach_names_its_special_hands_as_its_source_does() -> None:
    """«Ai có bài xét ngay (xì bàng, xì dách) thì báo…»: «bài xét ngay» (a hand checked at
    once) was nobody's word, nor «tổ hợp đặc biệt» (g49n): duongbo.vn calls them «các tổ
    hợp» that end the deal at once, and players name them; the glossary holds it."""
    from pontoon_rules.docs.sheet.glossary import problems, terms

    ruleset = load_bundled("xi-dach")
    text = sheet_markdown(ruleset, "vi")
    assert "xét ngay" not in text and "tổ hợp đặc biệt" not in text
    assert "Ai có một trong các bài xì bàng hoặc xì dách thì báo" in text
    natural = [t for t in terms("xi-dach", "vi") if t.concept == "natural"]
    assert natural and natural[0].form == "Ai có một trong các bài xì bàng hoặc xì dách"
    assert problems(text, terms("xi-dach", "vi")) == []
    found = ruleset.provenance["hands.definitions"]
    assert "các tổ hợp sau" in found.quote and "tổ hợp đặc biệt" in found.note


@pytest.mark.parametrize("source", ["saigon", "duongbo", "baithachdau", "bet12", "new88"])
def test_xi_dachs_weaker_pages_say_so_in_their_titles(source: str) -> None:
    """Two bookmakers' pages were titled as such; three more look written for search engines
    (saigonbanme.vn, duongbo.vn, baithachdau.com): each says its weight, in its title (printed
    on the sheet) and its note, in every language the sheet names its sources in."""
    ruleset = load_bundled("xi-dach")
    found = ruleset.sources[source]
    assert "(a betting site's advertising page)" in found.title \
        or "(likely a page written for search engines)" in found.title
    assert found.note and "weigh it as" in found.note
    ru = ruleset.translations["ru"].sources[source]
    assert "ставок" in ru or "для поисковиков" in ru


TAKEN = {"en": "a natural: the card dealt and the first card taken",
         "de": "eine geborene Hand: die gegebene und die erste gekaufte Karte",
         "ru": "с первых двух карт: сданной и первой взятой",
         "it": "con le prime due carte: quella data e la prima chiesta"}


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (i, lang) for i in ("siebzehn-und-vier", "sette-e-mezzo")
    for lang in sheet_languages(load_bundled(i))])
def test_a_natural_of_one_dealt_card_says_its_second_is_taken(ruleset_id: str,
                                                             lang: str) -> None:
    """Siebzehn und Vier (de): 'bekommt A♦, kauft 10♦: … geborene Einundzwanzig' beside
    'eine geborene Hand', which a reader takes for the dealt cards only (a natural is the
    first two cards): one card is dealt, so a natural's second card is always taken, and the
    definition says so («собрана сразу с раздачи», 'made straight from the deal', was wrong
    in Russian). The example stands: its two cards are the first two."""
    text = sheet_markdown(load_bundled(ruleset_id), lang)
    assert TAKEN[lang] in text
    assert "собрана сразу с раздачи" not in text
    if ruleset_id == "siebzehn-und-vier" and lang == "de":
        assert "bekommt A♦, kauft 10♦: 21 Augen mit 2 Karten: geborene Einundzwanzig" in text


def test_a_natural_of_two_dealt_cards_keeps_its_words() -> None:
    text = sheet_markdown(load_bundled("pagat-british"))
    assert "first card taken" not in text and ", a natural" in text
