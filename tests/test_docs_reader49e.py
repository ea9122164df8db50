"""Issue 49, a fresh reader's findings on the sheets' words (04:48 UTC): a machine
translation's terms printed as the players' (pagat's Armenian, Punjabi, Urdu), one role under
three names (Belarus in English), a source title in another script, and calques in the
Italian, German and Ban Luck sheets; each checked on the printed sheet's text."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.glossary import machine_translated, problems, terms
from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    """The printed sheet's words (its markdown, escapes dropped)."""
    ruleset = load_bundled(ruleset_id)
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


@pytest.mark.parametrize(("lang", "calques"), [
    ("hy", ("կիսանդրի", "կպչել", "ոլորել", "հնարք")),
    ("pa", ("ਸਟਿੱਕ", "ਬਸਟ", "ਮਰੋੜੋ", "ਟ੍ਰਿਕ")),
    ("ur", ("اسٹک", "بسٹ", "موڑ", "ٹرک"))])
def test_a_machine_translations_terms_are_not_printed_even_quoted(
        lang: str, calques: tuple[str, ...]) -> None:
    """«Ավել» (աղբյուրում՝ «կիսանդրի»): the source's word, a sculpted bust, is a program's
    calque no player would recognise; the source says it is a machine translation."""
    ruleset = load_bundled("pagat-british")
    assert machine_translated(ruleset, lang)
    assert all(s.machine_translation_of for s in ruleset.sources.values())
    text = sheet("pagat-british", lang)
    for calque in calques:
        assert not re.search(rf"(?<!\w){re.escape(calque)}", text), calque
    assert problems(text, terms("pagat-british", lang), machine=True) == []


def test_the_glossary_check_refuses_a_machine_translations_term_quoted() -> None:
    bust = terms("pagat-british", "hy")
    quoted = sheet("pagat-british", "hy") + " «Ավել» (աղբյուրում՝ «կիսանդրի»)"
    assert problems(quoted, bust) == []  # a source people wrote may be quoted once
    assert any("կիսանդրի" in p for p in problems(quoted, bust, machine=True))
    assert not machine_translated(load_bundled("belarus-ponton"), "ru")
