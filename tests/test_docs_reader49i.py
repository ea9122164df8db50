"""Issue 49, the ninth reader's leftover points, part 1 (g49i): stake limits given with
`--agree` in every language a sheet prints, pagat's page won back, Russian plurals of
card counts, casino Очко's and Spanish 21's and Belarus's words, the label of the
highest-total rule and what pagat's largest stake caps; checked on the printed words,
each worded from the fields it covers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pontoon_rules.cli.agreed import settle
from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import render_sheet, sheet_markdown
from pontoon_rules.docs.website.catalog import macro_messages
from pontoon_rules.docs.words.i18n import sheet_languages, translations, untranslated
from pontoon_rules.docs.words.rounds import teaching_rounds
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

AGREEMENTS = (("stakes.min_stake=10", "stakes.max_stake=500"), ("stakes.min_stake=10",),
              ("stakes.max_stake=500",), ("stakes.min_stake=10", "stakes.max_stake=none"))
"""The stake limits a table may give with `--agree`: each picks another wording of
`stake_limits`."""

SOURCE_SHEETS = [(ruleset_id, lang) for ruleset_id in
                 ("pagat-british", "siebzehn-und-vier", "sette-e-mezzo", "xi-dach")
                 for lang in sheet_languages(load_bundled(ruleset_id)) if lang not in ("en", "ru")]


@pytest.mark.parametrize("agreements", AGREEMENTS)
@pytest.mark.parametrize(("ruleset_id", "lang"), SOURCE_SHEETS)
def test_a_sheet_with_agreed_stakes_prints_in_its_source_language(
        ruleset_id: str, lang: str, agreements: tuple[str, ...]) -> None:
    """`--agree stakes.min_stake=10 --agree stakes.max_stake=500` refused the sheet in hy,
    pa, ur, de, it and vi: 'Each player stakes at least %(low)s and at most %(high)s.'
    was untranslated. The stakes sentence is now said in the sheet's language."""
    ruleset = settle(load_bundled(ruleset_id), agreements, play=False)
    text = sheet_markdown(ruleset, lang, find_base(ruleset))
    [said] = [s.text for s in sentences(ruleset, lang) if s.key == "stake_limits"]
    [english] = [s.text for s in sentences(ruleset, "en") if s.key == "stake_limits"]
    assert said != english and said.split()[0] in text


@pytest.mark.parametrize("lang", ["hy", "pa", "ur", "de", "it", "vi"])
def test_every_wording_of_the_stake_limits_is_translated(lang: str) -> None:
    """A language whose sheets print the stake limits translates every wording of them
    (`catalog.FAMILIES`): another table's limits pick another one."""
    messages = macro_messages("stake_limits")
    assert len(messages) >= 8
    assert untranslated(lang, messages) == []
    gettext = translations(lang).gettext
    assert all(gettext(m) != m for m in messages)


ONE_PAGE = ("en", "pa", "ur")
"""The languages whose pagat-british sheet took one A4 page before g49g's stick sentence
(Russian and Armenian took two already: their worked examples fill the second)."""


@pytest.mark.parametrize("lang", ONE_PAGE)
def test_pagat_british_prints_on_one_page_again(lang: str, tmp_path: Path) -> None:
    """The stick sentence's ace and card limit (g49g, 188 characters) moved the English
    sheet's worked examples to a second page. Shorter words with the same facts ('An ace
    counts as in your total', 'A hand stands at 5 cards') win the page back, type kept."""
    from tests.test_docs_sheets import pdf_text

    ruleset = load_bundled("pagat-british")
    pages, text = pdf_text(render_sheet(ruleset, "pdf", lang), tmp_path)
    assert pages == 1
    if lang == "en":
        flat = " ".join(text.split())
        assert "So an ace and a 4 make 15" in flat
        assert "A hand sticks at 5 cards, even on a total below 15." in flat


def _with(ruleset_id: str, **parts: dict[str, object]) -> Ruleset:
    """The bundled ruleset with some fields of its sections set otherwise."""
    data = load_bundled(ruleset_id).model_dump(mode="python")
    for section, values in parts.items():
        target = data
        for key in section.split("__"):
            target = target[key]
        target.update(values)
    return Ruleset.model_validate(data)


def _said(ruleset: Ruleset, path: str, lang: str = "ru") -> str:
    return " ".join(s.text for s in sentences(ruleset, lang) if path in s.paths)


@pytest.mark.parametrize(("count", "said"), [
    (4, "В руке не больше 4 карт."), (3, "В руке не больше 3 карт."),
    (2, "В руке не больше 2 карт."), (5, "В руке не больше 5 карт.")])
def test_a_card_limit_is_said_in_the_genitive_russian_asks(count: int, said: str) -> None:
    """«В руке не больше %(n)s» took the accusative of `cards` («4 карты», «1 карту»):
    after «не больше» Russian asks the genitive, «4 карт» (plural forms: «1 карты»). No
    buying: where a buy goes on to the last card, its sentence says the limit instead."""
    ruleset = _with("pagat-british", player={"max_cards": count},
                    stakes={"last_buy_card": min(count, 5), "buy": "none"})
    assert said in _said(ruleset, "player.max_cards")
    assert f"A hand holds at most {count} cards." in _said(ruleset, "player.max_cards", "en")


@pytest.mark.parametrize(("count", "said"), [(4, "У дилера не больше 4 карт."),
                                             (3, "У дилера не больше 3 карт.")])
def test_the_banker_card_limit_in_russian(count: int, said: str) -> None:
    ruleset = _with("casino-ochko", banker={"max_cards": count})
    assert said in _said(ruleset, "banker.max_cards")


@pytest.mark.parametrize(("count", "said"), [
    (1, "купить не больше 1 карты."), (3, "купить не больше 3 карт.")])
def test_the_most_buys_in_russian(count: int, said: str) -> None:
    ruleset = _with("pagat-british", stakes={"max_buys": count})
    assert said in _said(ruleset, "stakes.max_buys")


@pytest.mark.parametrize(("count", "said"), [
    (1, "Через 1 раздачу банк"), (3, "Через 3 раздачи банк"), (5, "Через 5 раздач банк")])
def test_the_bank_passes_after_deals_in_russian(count: int, said: str) -> None:
    """«Через 3 раздач» read wrongly: «через 3 раздачи», «через 5 раздач»."""
    ruleset = _with("pagat-british", table__bank={"passes_after_deals": count})
    assert said in _said(ruleset, "table.bank.passes_after_deals")


def _sentences_of(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZА-ЯЁ«])", text) if s]


@pytest.mark.parametrize("ruleset_id", ["casino-ochko", "australian-pontoon", "spanish-21",
                                        "belarus-ponton"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_home_bank_is_said_in_short_sentences(ruleset_id: str, lang: str) -> None:
    """Casino Очко's home paragraph was one sentence of 110 words. Each of its rules is
    now a sentence of its own, none over 45 words (the longest lists the house's prizes),
    the facts unchanged."""
    home = " ".join(s.text for s in sentences(load_bundled(ruleset_id), lang)
                    if s.chapter == "home")
    said = _sentences_of(home)
    assert len(said) >= 7
    assert max(len(s.split()) for s in said) <= 45, max(said, key=lambda s: len(s.split()))
    for fact in {"en": ("a bank of", "each cut to what the bank still has free",
                        "only where the bank can cover the whole of what it adds",
                        "after ____ deals", "agreed before play"),
                 "ru": ("ставит в банк", "в банке ещё свободно", "покрывает добавку целиком",
                        "после ____ раздач", "договорились до игры")}[lang]:
        assert fact in home, fact


def test_casino_ochko_names_what_it_lacks_in_its_players_words() -> None:
    """«В этой игре нет: покупки карт» named British pontoon's 'buy' as casino Очко's
    players never say it; since r49k it is not named at all (Belarus's buying is one
    lineage of three in its family: `lacking`)."""
    said = {s.key: s.text for s in sentences(load_bundled("casino-ochko"), "ru")}
    assert "покупки карт" not in said["lacks"]
    assert "доплаты к ставке" not in said["lacks"] and "страховки" in said["lacks"]


def test_casino_ochko_says_its_stick_button_once() -> None:
    """«"Пас": больше не брать карт. Сказать "пас" можно при 15 очках»: the page's
    button «Пас» is named once, as the page names it, beside «Ещё карту»; the players'
    «Хватит» says it (r49ze: «пас» reads as folding)."""
    text = sheet_markdown(load_bundled("casino-ochko"), "ru")
    [stick] = [line for line in text.splitlines()
               if line.startswith("- «Хватит» (в онлайн-казино — «Пас»)")]
    assert stick.lower().count("пас") == 1
    assert "«Ещё карту»: взять ещё одну карту" in text and "по слову «ещё»" not in text


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_no_worked_example_shows_a_card_twice(ruleset_id: str) -> None:
    """Casino Очко's double example: 7♠ 4♠, then 7♠ again on the double. Eight packs
    allow it, but a reader takes it for a misprint: the example search passes such a
    round by (`rounds.reads_naturally`)."""
    for example in teaching_rounds(load_bundled(ruleset_id)):
        result = example["result"]
        shown = [c for seat in result["seats"] for hand in seat["hands"] for c in hand["cards"]]
        shown += result["banker"]["cards"]
        assert len(shown) == len(set(shown)), shown


def test_spanish_21_says_decks_and_push_as_its_players_do() -> None:
    """'Played with 6 packs … a Spanish pack' and 'equal totals are a stand-off': its
    players (and its source: "six ‘Spanish’ decks of 48 cards") say decks and push."""
    text = sheet_markdown(load_bundled("spanish-21"), "en")
    assert "Played with 6 decks of 48 cards shuffled together." in text
    assert "a Spanish deck" in text and "pack" not in text.split("## Between deals")[0]
    assert "equal totals push (the bet comes back)" in text and "stand-off" not in text


def test_belarus_uses_its_pages_own_words_quoted() -> None:
    """«Твист (ещё карта без доплаты)» and «Выплата сразу («ивен мани»)»: the Belarus page
    says «сделать "твист" (можно взять следующую карту без увеличения ставки)» and «может
    попросить "равные деньги" (выплату 1:1)»; the sheet says the players' «ещё» with the
    page's word quoted once (r49ze), and its «равные деньги»."""
    text = sheet_markdown(load_bundled("belarus-ponton"), "ru")
    assert ("Сказать «ещё» (на странице казино — «твист»): взять следующую карту, не "
            "увеличивая ставку.") in text
    assert "можно вместо страховки попросить «равные деньги»" in text  # r49zk: not both
    assert "ивен мани" not in text and "Твист (ещё карта без доплаты)" not in text


@pytest.mark.parametrize(("ruleset_id", "said"), [
    ("belarus-ponton", "Играют от 2 до 7 человек, каждый против дилера"),
    ("casino-ochko", "Играют от 1 до 7 человек, каждый против дилера заведения."),
    ("australian-pontoon", "Играют от 1 до 7 человек, каждый против дилера казино")])
def test_the_players_count_does_not_read_as_an_age(ruleset_id: str, said: str) -> None:
    """«Для игроков от 2 до 7» reads as players aged 2 to 7: «Играют от 2 до 7 человек»."""
    text = sheet_markdown(load_bundled(ruleset_id), "ru")
    assert said in text and "Для игроков от" not in text


def test_the_plain_total_row_is_not_read_as_the_highest_total() -> None:
    """'4. highest total' read as the best total a hand can make: the row is the hand
    that is none of the named ones, 'other total' (ru keeps «по очкам»)."""
    text = sheet_markdown(load_bundled("pagat-british"), "en")
    assert "| 4. other total |" in text and "highest total" not in text
    assert "| 4. по очкам |" in sheet_markdown(load_bundled("pagat-british"), "ru")


def test_the_largest_stake_does_not_cap_the_buys_and_the_sheet_says_so() -> None:
    """Does pagat's largest stake cap the buys? The engine checks it when the stake goes
    down (`RoundState`), not on a buy (`legal.buy_range`: up to the first buy's multiple
    of the stake): a stake of 500 at a largest stake of 500 may buy for 1000."""
    from pontoon_rules.engine.round.actions import BUY
    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.round.state import RoundState

    ruleset = settle(load_bundled("pagat-british"), ("stakes.max_stake=500",), play=True)
    state = RoundState(compile_rules(ruleset), [500])
    for card in parse_cards("6S 9C 5H 9D".split()):
        state.apply_action(card)
    [buy] = [a for a in state.legal_actions() if a.kind == BUY]
    assert buy.high > 500
    said = " ".join(s.text for s in sentences(ruleset) if s.key == "stake_limits")
    assert "at most 500 chips. Buying may take a stake above the maximum." in said
    no_buying = _with("vingt-un", stakes={"max_stake": 500})
    assert "Buying" not in " ".join(s.text for s in sentences(no_buying))
