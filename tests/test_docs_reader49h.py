"""Issue 49, the sheets' card limits and money words (g49h): the banker at their card
limit, drawing "as long as you are not bust" beside a hand's card limit, rounding to the
cent, and a given largest stake said with its unit; checked on the printed words, in every
language the sentence prints, each worded from the fields it covers."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.agreed import settle_agreed
from pontoon_rules.ruleset.loading.registry import load_bundled

LANGS = ("en", "ru", "de", "it", "vi", "hy", "pa", "ur")


def sheet(ruleset_id: str, lang: str) -> str:
    """The printed sheet's words (its markdown, escapes dropped, narrow spaces plain)."""
    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")
    return re.sub(r"[\u00a0\u202f]", " ", text)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "each stake at least ____, at most 500 units (chips)"),
    ("ru", "не больше 500 фишек")])
def test_a_given_largest_stake_is_said_with_its_unit(lang: str, said: str) -> None:
    """'each stake at least ____, at most 500' beside 'at least 1 chip': a limit the
    ruleset gives is a stake said on its own, with its unit, like the least one."""
    settled = settle_agreed(load_bundled("pagat-british"), {"stakes.max_stake": 500},
                            fill_defaults=False)
    text = next(s.text for s in sentences(settled, lang) if "stakes.max_stake" in s.paths)
    assert said in text.replace("\u00a0", " ")
