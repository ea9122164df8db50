"""The Russian rule sheets, proofread: a spell check with Debian's Russian dictionary, no
English word, Russian card letters with their key, each source's own words, grammar the
first proofreading found wrong, and a title of its own for every overlay."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from pontoon_rules.docs import render_sheet
from pontoon_rules.docs.sheet.sheet_view import find_base, localized
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.values import RANK_LETTERS, rank_letter
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from tests.sheettext import visible_text, words

ROOT = Path(__file__).resolve().parent.parent

DICTIONARY = "ru_RU"
"""Debian's hunspell-ru (`make test` installs it: `.ci/system-deps spell`)."""

GAME_TERMS = frozenset({
    # the game's own words, as the Russian sources write them (seed 003, the casino sites)
    "понтун", "понтуна", "понтуну", "понтуном", "понтуне", "понтуны", "понтунов",
    "ивен", "мани",  # «ивен мани»: even money, as casino staff say it (issue 49, reader 3)
    "банкует", "блэкджек", "блэкджека", "блэкджеку", "блэкджеком", "блэкджеке", "ва",  # «ва-банк»
    # the names of the sources (sites, casinos, books, people) written in Russian letters
    "Википедия", "Википедии", "Пагат", "Хойла", "Визард", "Одс", "Шеклфорд", "Гентинг",
    "Нустар", "Себу", "Чукчанси", "Эмералд", "Куин", "Такома", "Маунтлейк", "Террас",
    "Ресортс", "Уорлд", "оф", "Майкл", "Филипино", "Драгон", "Ред", "Голд", "Канберры", "Пил",
    "Маклауда",  # John McLeod, who keeps pagat.com's English page (issue 49)
    # Ban Luck's and Xì dách's hands, the Super Bonus, and their sources (issue 48)
    "бан", "си", "зать", "банг", "нгу", "линь", "супербонус", "супербонусом", "Телеворк",
    "Нетбет", "Асбарезе",
    # Sette e mezzo's words and sources, in Russian letters (issue 48)
    "матта", "реале", "Треккани", "СНАИ", "Трапани", "Позитано",
    # the casinos' late and early surrender, as Russian blackjack players say it (r49zf;
    # «сдача» is the deal: test_docs_reader49af)
    "сюррендер",
})
"""Words of the Russian sheets that the dictionary does not know: the game's terms and the
names of its sources. Everything else must be in the dictionary."""
TERMS = frozenset(term.lower() for term in GAME_TERMS)


EXAMPLES = sorted(str(p.relative_to(ROOT)) for folder in ("australian-pontoon", "spanish-21")
                  for p in (ROOT / "examples" / folder).glob("*.yaml"))
"""The overlays of the published house-edge tables (examples/): Russian sheets too."""


def ruleset_of(ref: str) -> Ruleset:
    """A bundled ruleset by id, or an example overlay by its path in the checkout."""
    return load_ruleset(ROOT / ref) if ref.endswith(".yaml") else load_bundled(ref)


def base_of(ref: str) -> Ruleset | None:
    return find_base(ruleset_of(ref), ROOT / ref if ref.endswith(".yaml") else None)


@cache
def sheet_html(ruleset_id: str) -> str:
    """The Russian HTML sheet, rendered once for the module's every test of it."""
    ruleset = ruleset_of(ruleset_id)
    return render_sheet(ruleset, "html", "ru", base_of(ruleset_id)).decode()


WEB_ADDRESS = re.compile(r"\b[a-z0-9-]+\.(?:com|org|net|ru)\b")
"""A site named as it is typed (the Sources line: a rules page "that cites pagat.com", as
issue 49 asks them named): an address, not a word."""


@cache
def sheet_text(ruleset_id: str) -> str:
    return WEB_ADDRESS.sub(" ", visible_text(sheet_html(ruleset_id)))


def unknown_words(candidates: set[str]) -> set[str]:
    """The words hunspell's Russian dictionary does not know (`hunspell -l`)."""
    if shutil.which("hunspell") is None:
        pytest.skip("hunspell is not installed (make test installs hunspell-ru as root)")
    run = subprocess.run(["hunspell", "-d", DICTIONARY, "-l", "-i", "utf-8"], input="\n".join(
        sorted(candidates)), capture_output=True, text=True, timeout=60, check=False)
    if "Can't open affix or dictionary" in run.stderr:
        pytest.skip("the Russian dictionary is not installed (Debian's hunspell-ru)")
    return set(run.stdout.split())


def card_letters() -> set[str]:
    """The letters Russian sheets print on cards (Т, К, Д, В), from the catalog."""
    return {rank_letter(rank, translations("ru").gettext) for rank in RANK_LETTERS}


@pytest.mark.parametrize("ruleset_id", [*bundled_ids(), *EXAMPLES])
def test_russian_sheet_passes_the_spell_check(ruleset_id: str) -> None:
    own = {n.letters["ru"] for n in load_bundled(ruleset_id).pack.rank_names.values()
           if "ru" in n.letters} if ruleset_id in bundled_ids() else set()
    found = set(words(sheet_text(ruleset_id))) - card_letters() - own
    unknown = {w for w in unknown_words(found) if w.lower() not in TERMS}
    assert not unknown, f"{ruleset_id}: words the Russian dictionary does not know: {unknown}"


def test_the_spell_check_finds_a_misspelling() -> None:
    assert unknown_words({"банкир", "бонкир", "колоды"}) == {"бонкир"}


@pytest.mark.parametrize("ruleset_id", [*bundled_ids(), *EXAMPLES])
def test_russian_sheet_has_no_latin_word(ruleset_id: str) -> None:
    latin = [w for w in words(sheet_text(ruleset_id)) if re.fullmatch(r"[A-Za-z-]+", w)]
    assert not latin, f"{ruleset_id}: {latin}"


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_russian_cards_use_russian_letters_with_a_key(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    html = sheet_html(ruleset_id)
    ranks = set(re.findall(r'<span class="pr-rank">([^<]+)</span>', html))
    assert ranks and not ranks & {"A", "K", "Q", "J"}, ranks
    assert ranks & {"Т", "К", "Д", "В"}
    spades = ruleset.pack.suit_names.get("S")
    suit = spades.names.get("ru", spades.name) if spades else "пики"
    queen = ruleset.pack.rank_names.get("Q")  # a pack's own (Sette e mezzo's cavallo)
    q = f"{queen.letters['ru']} — {queen.names['ru']}" if queen else "Д — дама"
    assert f"Карты: Т — туз, К — король, {q}, В — валет; ♠ — {suit}" in sheet_text(ruleset_id)


def test_the_english_sheet_keeps_english_letters_and_names_no_file() -> None:
    """A printed sheet names the game, never the file id (issue 49's reader)."""
    html = render_sheet(load_bundled("pagat-british"), "html", "en").decode()
    assert '<span class="pr-rank">A</span>' in html and "<code>pagat-british</code>" not in html
    assert "Cards: A ace" not in html  # a reader of the files' language needs no key


GRAMMAR = [
    (r"по 1 карту", "«по» takes the dative: each new hand gets «1 карту», not «по 1 карту»"),
    (r"\d× первоначальной", "«1× первоначальной ставки» is not Russian"),
    (r"Добранные", "not a word of the dictionary"),
    (r"десятиочков", "not a word of the dictionary"),
]


def _cards(n: int) -> str:
    """«карта» as a number takes it in the accusative («получает 1 карту, 2 карты, 5 карт»;
    «по 52 карты», «по 48 карт»)."""
    if n % 10 == 1 and n % 100 != 11:
        return "карту"
    return "карты" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "карт"


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_russian_grammar_the_proofreading_corrected(ruleset_id: str) -> None:
    text = sheet_text(ruleset_id)
    for pattern, why in GRAMMAR:
        assert not re.search(pattern, text), (ruleset_id, why)
    for number, noun in re.findall(r"\b(?:по|сдаёт|получает|берёт) (\d+) (карт[уаы]?)\b", text):
        assert noun == _cards(int(number)), (ruleset_id, number, noun)
    ruleset = load_bundled(ruleset_id)
    if ruleset.pack.decks != 1:  # six packs are not «колоды» in the singular
        assert "% колоды" not in text, ruleset_id


def test_three_of_a_kind_agrees_in_number_and_gender() -> None:
    """«Три одинаковых» / «три одинаковые» left the noun out: the hand is «три карты
    одного достоинства» (Belarus: «3 карты одного достоинства»)."""
    assert "3 карты одного достоинства" in sheet_text("belarus-ponton")
    for ruleset_id in bundled_ids():
        assert not re.search(r"[Тт]ри одинаков(ых|ые)\b", sheet_text(ruleset_id)), ruleset_id
    assert translations("ru").gettext("three of a kind") == "три карты одного достоинства"


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_banker_has_one_name_on_a_russian_sheet(ruleset_id: str) -> None:
    """The summary at the top and the rules below call the banker the same: «дилер» where
    the source says so (the casino, Belarus), else «банкир» (a word may be explained once
    in brackets: «банкир (дилер казино)»)."""
    text = sheet_text(ruleset_id).lower()
    _name, summary = localized(load_bundled(ruleset_id), "ru")
    body = text.split(summary.lower(), 1)[-1]
    plain = re.sub(r"\([^)]*\)", "", summary.lower())
    for word, other in (("дилер", "банкир"), ("банкир", "дилер")):
        if re.search(word, plain) and not re.search(other, plain):
            assert word in body, (ruleset_id, word)


def test_a_word_of_the_game_is_explained_where_the_summary_first_uses_it() -> None:
    """Belarus's summary used «твист» before the rules defined it: it says what it is, in
    the players' word «ещё» (r49ze)."""
    _name, summary = localized(load_bundled("belarus-ponton"), "ru")
    assert "взять карту, не увеличивая ставку («ещё»)" in summary


@pytest.mark.parametrize("ruleset_id", [
    *(i for i in bundled_ids() if load_bundled(i).extends), *EXAMPLES])
def test_every_overlay_has_a_russian_title_of_its_own(ruleset_id: str) -> None:
    """An overlay's Russian title names its base and what changes, never the base alone;
    Xì dách, a game of its own, is named by its own name."""
    ruleset = ruleset_of(ruleset_id)
    base = base_of(ruleset_id)
    assert base is not None and "ru" in ruleset.translations, ruleset_id
    name, summary = localized(ruleset, "ru")
    base_name, base_summary = localized(base, "ru")
    assert name != base_name and summary != base_summary
    if ruleset_id != "xi-dach":  # a game of its own, named by its own name (r49zq: test_docs_
        # reader49_f49c, from its sources); the others name their base first
        assert name.split()[0] == base_name.split()[0], (name, base_name)


@pytest.mark.parametrize(("ruleset_id", "own", "foreign"), [
    ("casino-ochko", ("дилер", "очко", "«ещё карту»", "«пас»", "по очкам"),
     ("банкир", "понтун", "твист")),
    ("belarus-ponton", ("дилер", "понтун", "твист"), ("банкир", "«ещё карту»", "«пас»")),
    ("pagat-british", ("банкир", "понтун", "«ещё»"), ("дилер", "«ещё карту»", "твист")),
])
def test_each_russian_sheet_speaks_its_sources_words(ruleset_id: str, own: tuple[str, ...],
                                                      foreign: tuple[str, ...]) -> None:
    text = sheet_text(ruleset_id).lower()
    assert words_of(load_bundled(ruleset_id), "ru").startswith("ru")
    for word in own:
        assert word in text, (ruleset_id, word)
    for word in foreign:
        assert word not in text, (ruleset_id, word)
