"""`stakes.money`: a ruleset names the money it plays for, and every amount a sheet, a page
or `show` states is printed in it through one formatter (`ruleset.resolving.money`):
spanish-21's Super Bonus pays "$5,000", never "500000" (its amounts are cents); a game that
names no money prints the plain number, as before (issues 48 and 49)."""

from __future__ import annotations

import re
from decimal import Decimal
from html import unescape
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.docs.sheet.sheets import sheet_html, sheet_markdown
from pontoon_rules.docs.words.amounts import amount_of, amount_text, units_text
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format.common import AMOUNT_MAX
from pontoon_rules.ruleset.format.money import MINOR_UNITS, Money
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.canonical import behaviour_form
from pontoon_rules.ruleset.resolving.money import money_text, parse_money, signed_money_text
from pontoon_rules.ruleset.resolving.present import field_row

S21 = "spanish-21"
LANGUAGES = ("en", "ru", "hy", "pa", "ur", "de", "it", "vi")
NBSP = "\u00a0"
PRIZES = {"en": ("$5,000", "$1,000", "$50", "$25 or more", "$5 to $24.99"),
          "ru": (f"5{NBSP}000{NBSP}$", f"1{NBSP}000{NBSP}$", f"50{NBSP}$", f"25{NBSP}$",
                 f"24,99{NBSP}$")}
"""What spanish-21's sheet says of the Super Bonus: its prizes, the Envy Bonus and the
stake bands, in dollars each language's way."""
CENTS = re.compile(r"(?<![\d.,\u00a0])(500000|100000|5000|2500|2499)(?![\d.,])")
"""The Super Bonus's amounts as the cents they are written in (what the sheet printed
before: "Pays 500000, whatever the stake", "on a stake of 2500 or more")."""


def _texts(lang: str) -> list[str]:
    ruleset = load_bundled(S21)
    return [sheet_markdown(ruleset, lang).replace("\\", ""),
            unescape(re.sub(r"<[^>]+>", " ", sheet_html(ruleset, lang)))]


@pytest.mark.parametrize("lang", sorted(PRIZES))
def test_spanish_21s_sheet_prints_the_super_bonus_in_dollars(lang: str) -> None:
    """The sheet (Markdown and HTML) says "$5,000" (Russian «5 000 $») for the Super Bonus,
    "$50" for the Envy Bonus and the stake bands in dollars, and never the cents."""
    for text in _texts(lang):
        for said in PRIZES[lang]:
            assert said in text, (lang, said)
        assert not CENTS.findall(text), (lang, CENTS.findall(text))


def test_spanish_21s_worked_examples_and_stakes_are_in_dollars() -> None:
    """The worked examples stake and win dollars ("bets $1", in Chukchansi's words, "wins
    $1.50" for 6-7-8's 3:2 on a stake of 100 cents); the least stake, which no source
    gives, is a blank the table fills in, not a cent ("$0.01")."""
    text = sheet_markdown(load_bundled(S21), "en")
    assert "bets $1," in text and "wins $1.50" in text
    assert "each bet at least ____, at most ____" in text and "$0.01" not in text
    assert not re.search(r"bets 100\b|wins 150\b", text)


def test_show_and_the_pages_rows_print_the_prize_in_dollars() -> None:
    """A field's row (`show`, the site's table of every rule with its source) reads the
    prize in dollars and the money in words."""
    ruleset = load_bundled(S21)
    assert field_row(ruleset, "hands.definitions.super-bonus-25.prize")["text"] == "$5,000"
    assert field_row(ruleset, "hands.definitions.super-bonus-5.max_stake")["text"] == "$24.99"
    assert field_row(ruleset, "stakes.money")["text"] == "$ (100 = $1)"


def test_a_game_that_names_no_money_prints_plain_numbers() -> None:
    """Only the games whose sources print dollars name a money (the Spanish 21 family and
    australian-pontoon, not Manila's game written against it); every other bundled game
    prints each amount as the plain number it always printed (a stake in chips)."""
    named = [i for i in bundled_ids() if load_bundled(i).stakes.money is not None]
    assert S21 in named and "australian-pontoon" in named, named
    assert all(i.startswith(S21) or i == "australian-pontoon" for i in named), named
    ruleset = load_bundled("pagat-british")
    ngettext = translations("en").ngettext
    assert amount_text(ruleset, 500000) == "500000"
    assert units_text(ruleset, 5, ngettext) == "5 chips"
    bare = load_bundled(S21).model_copy(update={"stakes": load_bundled(S21).stakes.model_copy(
        update={"money": None})})
    said = " ".join(s.text for s in sentences(bare))
    assert "Pays a fixed 500000 on a bet of 2500 or more." in said and "$5,000" not in said


def test_chips_with_no_symbol_read_as_units() -> None:
    """A money with no symbol (chips) groups the digits and keeps the word for chips."""
    ruleset = load_bundled("pagat-british")
    chips = ruleset.model_copy(update={"stakes": ruleset.stakes.model_copy(
        update={"money": Money(minor_units=1)})})
    ngettext = translations("en").ngettext
    assert units_text(chips, 5000, ngettext) == "5,000 chips"
    assert amount_text(chips, 1) == "1"


def test_the_money_is_words_only_and_leaves_the_vector_ids_alone() -> None:
    """Naming the money changes no round: the canonical data vector ids hash is the same."""
    ruleset = load_bundled(S21)
    bare = ruleset.model_copy(update={"stakes": ruleset.stakes.model_copy(
        update={"money": None})})
    assert ruleset.stakes.money is not None
    assert behaviour_form(ruleset) == behaviour_form(bare)


@settings(max_examples=300, deadline=None)
@given(amount=st.integers(0, AMOUNT_MAX), minor=st.sampled_from(MINOR_UNITS),
       symbol=st.sampled_from([None, "$", "A$", "€", "₽", "руб."]),
       lang=st.sampled_from(LANGUAGES))
def test_a_printed_amount_reads_back_as_the_same_integer(amount: int, minor: int,
                                                         symbol: str | None, lang: str) -> None:
    """Whatever the minor units, the symbol and the language, the printed amount parses
    back to the integer it printed; in English, read by digits alone too ($1,234.5 is never
    printed: a part amount has all its decimals)."""
    money = Money(symbol=symbol, minor_units=minor)
    text = money_text(amount, money, lang)
    assert parse_money(text, money, lang) == amount
    if lang == "en":
        number = text.replace(symbol or "", "").replace(",", "")
        assert Decimal(number) * minor == amount
        whole, _dot, part = number.partition(".")
        assert len(part) in (0, money.decimals) and (part or amount % minor == 0)
    signed = signed_money_text(-amount, money, lang) if amount else None
    assert signed is None or signed.startswith("-")


@pytest.mark.parametrize(("money", "expected"), [
    ("{symbol: '$', minor_units: 50}", r"stakes\.money\.minor_units: .*power of ten"),
    ("{symbol: \"\\u202e$\"}", r"stakes\.money\.symbol: .*U\+202E"),
    ("{symbol: '1$'}", r"stakes\.money\.symbol: .*no digit or space"),
    ("{symbol: 'dollars'}", r"stakes\.money\.symbol: .*at most 4 characters"),
])
def test_a_bad_money_is_refused_naming_the_field(tmp_path: Path, money: str,
                                                 expected: str) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(f"id: g\nname: G\nkind: house\nextends: pagat-british\nstakes:\n"
                    f"  money: {money}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=expected):
        load_ruleset(path)


def test_the_stake_a_figure_is_valued_at_is_said_in_the_money() -> None:
    """`edge`, `strategy` and `costs` say the stake a Super Bonus figure is valued at in
    dollars ("of $5", the overlay's least stake of 500 cents), the plain number elsewhere."""
    from pontoon_rules.analysis.upcards import stake_words

    money = load_bundled(S21).stakes.money
    assert stake_words(500, money) == " (valued at a stake of $5)"
    assert stake_words(500, None) == " (valued at a stake of 500)"
    assert stake_words(None, money) == ""


def test_summary_says_the_stake_in_the_money() -> None:
    """`make run`'s `summary` said "australian-pontoon +0.57% (valued at a stake of 1)": one
    cent, printed as a bare integer (its caller left the money out)."""
    from pontoon_rules.cli.render import _edge_words

    assert _edge_words(load_bundled(S21)).endswith("(valued at a stake of $0.01)")


def test_a_worked_examples_explanation_says_the_money() -> None:
    """`diff`'s worked examples and the site's comparisons: 'wins $1.50' where the
    ruleset names dollars, 'wins 150' where it names none."""
    from pontoon_rules.compare.explain import money_words as explained
    from pontoon_rules.docs.website.example_pages import money_words as told

    money = load_bundled(S21).stakes.money
    assert explained(150, money) == "wins $1.50" and explained(-150) == "loses 150"
    assert told(-250, amount_of(load_bundled(S21))) == "loses $2.50"
    assert told(0) == "breaks even"


def test_a_round_drawn_on_the_site_says_its_amounts_in_the_money() -> None:
    """The site's drawn round (hands, the insurance, the seat's total, the decisions) of
    spanish-21's insurance example (a 7 against the dealer's blackjack, insured): '-$1',
    '+$1', '$0', 'insure $0.50'; without a money the plain numbers it always drew."""
    from pontoon_rules.docs.sheet.sheet_view import worked_examples
    from pontoon_rules.docs.sheet.views import round_view
    from pontoon_rules.docs.words.amounts import signed_amount_text
    from pontoon_rules.docs.words.rounds import replay

    ruleset = load_bundled(S21)
    gettext = translations("en").gettext
    found = next(e for e in worked_examples(ruleset, "en") if "insures" in e["lines"][0])
    result = replay(ruleset, found["script"])
    view = round_view(found["script"], result, gettext, amount=amount_of(ruleset),
                      signed=lambda n: signed_amount_text(ruleset, n))
    seat = view["seats"][0]
    assert seat["hands"][0]["net_text"] == "-$1" and seat["net_text"] == "$0"
    assert seat["insurance"]["staked_text"] == "$0.50"
    assert seat["insurance"]["net_text"] == "+$1"
    assert {"actor": "player 1", "action": "insure $0.50"} in view["decisions"]
    plain = round_view(found["script"], result, gettext)
    assert plain["seats"][0]["hands"][0]["net_text"] == "-100"
    assert {"actor": "player 1", "action": "insure 50"} in plain["decisions"]
