"""Issue 49, the small wording defects the fifth reader left: a hand's name quoted once,
the payout table's «Комбинация», Belarus's «У игрока эта комбинация бьёт…» and its
plain-total cell «1 к 1 по очкам», the Urdu and Punjabi «the players agree» and ਖ਼ਤਮ,
and the Vietnamese words another change fixed."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import environment, translations
from pontoon_rules.docs.words.marks import Message, quoted_once
from pontoon_rules.literal import UserText, user
from pontoon_rules.ruleset.loading.registry import load_bundled


def _sheet(ruleset_id: str, lang: str) -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r))


# -- 1. a name that carries its own quote marks is quoted once ------------------------------
def test_a_quoted_slot_takes_a_name_that_carries_quotes_as_it_is() -> None:
    """«%(p)s» with «огонь» (два туза): the name is already quoted, the slot adds none."""
    said = Message("Если у игрока «%(p)s», а у банкира «%(b)s».") % {
        "p": "«огонь» (два туза)", "b": "очко"}
    assert said == "Если у игрока «огонь» (два туза), а у банкира «очко»."


def test_a_quote_inside_a_name_becomes_the_inner_quote() -> None:
    """Russian nests «… „…“ …»: семь с половиной «реале» in a quoted slot."""
    assert Message("у игрока «%(p)s»") % {"p": "семь «реале» (две карты)"} == (
        "у игрока «семь „реале“ (две карты)»")
    assert quoted_once("«", "семь «реале» (две карты)") == "семь „реале“ (две карты)"
    assert quoted_once("«", "«огонь» (два туза)") is None
    assert quoted_once("«", "очко") == "очко"


def test_a_message_formats_as_a_string_does() -> None:
    """No quoted slot, a tuple, a percent sign in a name: as `str.__mod__`."""
    assert Message("%s и %s") % ("a", "b") == "a и b"
    assert Message("«%(p)s» 100%%") % {"p": "«5%»"} == "«5%» 100%"
    assert Message("%(p)s") % {"p": "«x»"} == "«x»"


def test_the_catalog_gives_messages_that_quote_once() -> None:
    message = translations("ru").gettext("A player's %(p)s against the banker's %(b)s loses.")
    assert "«%(p)s»" in message  # the Russian catalog quotes the names
    said = message % {"p": "«огонь» (два туза)", "b": "«огонь» (два туза)"}
    assert "««" not in said and "»»" not in said, said


@pytest.mark.parametrize("name", [
    user("Австралийский казино-понтун (казино «Стар», Сидней) <b>"),
    "Австралийский казино-понтун (казино «Стар», Сидней) <b>"], ids=["user-text", "str"])
def test_an_escaping_template_quotes_a_name_once_and_escapes_it(name: str) -> None:
    """An HTML or site template's `_()` and `{% trans %}` quote a name once too (Jinja's
    autoescape made the message a `Markup`, dropping the rule: the Russian page of an
    overlay of Australian pontoon said «… (казино «Стар», Сидней)»); the name is still
    escaped, and a template that does not escape (a plain sheet) formats as before."""
    source = ("{{ _('%(change)s points against %(base)s (%(edge)s)', change='+1', "
              "base=name, edge='2%') }}|{% trans change='+1', base=name, edge='2%' %}"
              "{{ change }} points against {{ base }} ({{ edge }}){% endtrans %}")
    said = environment("ru").from_string(source).render(name=name)
    inner = "«Австралийский казино&#45;понтун (казино „Стар“, Сидней) &#60;b&#62;»"
    if not isinstance(name, UserText):
        inner = inner.replace("&#45;", "-").replace("&#60;", "&lt;").replace("&#62;", "&gt;")
    assert said.count(inner) == 2, said
    plain = environment("ru").from_string(f"{{% autoescape false %}}{source}{{% endautoescape %}}")
    assert plain.render(name=name).count("(казино „Стар“, Сидней) <b>»") == 2


@pytest.mark.parametrize("ruleset_id", ["siebzehn-und-vier", "sette-e-mezzo"])
def test_no_russian_sheet_doubles_a_quote(ruleset_id: str) -> None:
    """«««огонь» (два туза)»»: the exceptions of Siebzehn und Vier's Russian sheet."""
    text = _sheet(ruleset_id, "ru")
    assert not re.search(r"««|»»|«[^«»]*«[^»]*»[^«»]*»", text), text


def test_siebzehn_und_vier_ru_names_feuer_once() -> None:
    """Once quoted, and its gloss once: the ranking says «огонь» (два туза), the exceptions
    after it «огонь» alone (g49e's reader: a gloss six times in one paragraph)."""
    text = _sheet("siebzehn-und-vier", "ru")
    assert "выше: если у игрока «золотое очко», а у банкира «золотое очко»," in text
    assert text.count("«золотое очко» (два туза)") < text.count("«золотое очко»")


def test_sette_e_mezzo_ru_nests_the_reale() -> None:
    """The name «семь с половиной «реале»» (no gloss since g49ab) ends on its own quote: a
    quoted slot drops its marks, never opening a second «."""
    text = _sheet("sette-e-mezzo", "ru")
    assert "если у игрока семь с половиной «реале», а у банкира" in text
    assert "«семь с половиной «" not in text and "««" not in text


# -- 2. the payout table's header in the players' word --------------------------------------
@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "casino-ochko", "ochko-home"])
def test_the_russian_payout_table_says_kombinatsiya(ruleset_id: str) -> None:
    text = _sheet(ruleset_id, "ru")
    header = next(line for line in text.splitlines() if "| Пример |" in line)
    assert header.startswith("| Комбинация |"), header
    assert "| Рука |" not in text


# -- 3. Belarus: who beats what, and the plain-total cell -----------------------------------
def test_belarus_says_whose_pontoon_beats_the_dealers_plain_21() -> None:
    text = _sheet("belarus-ponton", "ru")
    assert "У кого бы она ни была, она бьёт и обычные 21 у другой стороны." in text
    assert "Бьёт и обычную сумму" not in text


@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "ochko-home"])
def test_the_plain_total_cell_says_what_it_means(ruleset_id: str) -> None:
    """«1 к 1 по сумме» read cryptic: the cell names the ordinary total in the table's own
    words: «1 к 1» (g49m: «1 к 1, как сумма» read as no player says it), which the legend
    explains («те же карты считаются у него просто как сумма»); not «1 к 1 по очкам», which
    reused the plain-total row's name
    (a longer cell, «1 к 1 (считается как обычная сумма)», pushes the Russian Australian
    and Spanish 21 PDFs past their page budget: fifteen rows of a 7% column)."""
    text = _sheet(ruleset_id, "ru")
    assert "| 1 к 1 | 1 к 1 |" in text and "как сумма |" not in text
    assert "по очкам | " in text  # the ordinary total's own row
    assert "те же карты считаются у него просто как сумма" in text
    assert "1 к 1 по сумме" not in text


# -- 4. Urdu and Punjabi: the players agree; one spelling of ਖ਼ਤਮ ------------------------------
def test_the_urdu_sheet_has_the_players_agree() -> None:
    text = _sheet("pagat-british", "ur")
    assert "میز طے کرتی" not in text and "میز شرطوں پر اتفاق" not in text
    assert "میز کی مرضی" not in text
    assert "کھلاڑی آپس میں طے کرتے ہیں" in text


def test_the_punjabi_sheet_has_the_players_agree_and_one_spelling() -> None:
    text = _sheet("pagat-british", "pa")
    assert "ਮੇਜ਼ ਤੈਅ ਕਰਦਾ" not in text and "ਮੇਜ਼ ਦੀ ਮਰਜ਼ੀ" not in text
    assert "ਖਿਡਾਰੀ ਆਪਸ ਵਿੱਚ" in text
    assert "ਖਤਮ" not in text and "ਖ਼ਤਮ" in text


# -- 5. Vietnamese: the words another change fixed stay fixed --------------------------------
def test_the_vietnamese_sheet_has_no_machine_words() -> None:
    text = _sheet("xi-dach", "vi")
    assert "được nguồn gọi tên" not in text
    assert "nhận bank" not in text


def test_the_workbenchs_templates_quote_a_name_once_too() -> None:
    """The workbench's own Jinja environment (`workbench.render`) formats a message as the
    site's does: a name carrying its own quotes is quoted once, and still escaped."""
    from pontoon_rules.workbench.render import environment as workbench_environment
    name = "Австралийский казино-понтун (казино «Стар», Сидней) <b>"
    source = "{{ _('%(change)s points against %(base)s (%(edge)s)', change='+1', " \
             "base=name, edge='2%') }}"
    said = workbench_environment("ru").from_string(source).render(name=name)
    assert "«Австралийский казино-понтун (казино „Стар“, Сидней) &lt;b&gt;»" in said, said
