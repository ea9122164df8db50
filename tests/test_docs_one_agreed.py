"""One implementation of an agreed value's words (issue 51's re-read): a rules page's cell
(`views._field_words`, an amount in the ruleset's money) and `values.value_text` say
'agreed at the table (default: X)' through `values.agreed_text`, the only place its
catalog message is looked up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.views import _field_words
from pontoon_rules.docs.words import amounts
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.values import value_text
from pontoon_rules.ruleset.loading.registry import load_bundled

DOCS = Path(__file__).resolve().parents[1] / "pontoon_rules" / "docs"
AGREED = "agreed at the table (default: %(default)s)"


def test_the_agreed_message_is_looked_up_in_one_place() -> None:
    calls = [f"{p.relative_to(DOCS)}" for p in DOCS.rglob("*.py")
             for _m in re.finditer(r"gettext\(\s*\"agreed at the table \(default",
                                   p.read_text(encoding="utf-8"))]
    assert calls == ["words/values.py"]


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "pagat-british"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_agreed_value_reads_alike_on_a_page_and_in_value_text(ruleset_id: str,
                                                                  lang: str) -> None:
    """The default in the ruleset's money where it names one (spanish-21: $5), else as
    `value_text` says it (pagat's chips: 5)."""
    ruleset, path = load_bundled(ruleset_id), "stakes.max_stake"
    gettext = translations(lang).gettext
    agreed = {"agreed": True, "default": 500}
    default = amounts.value_words(ruleset, path, 500, lang) if ruleset.stakes.money else "500"
    assert _field_words(ruleset, path, agreed, gettext, lang) == gettext(AGREED) % {
        "default": default}
    if ruleset.stakes.money is None:
        assert value_text(path, agreed, gettext) == gettext(AGREED) % {"default": default}
