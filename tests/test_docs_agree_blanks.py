"""A sheet given one stake limit with `--agree` names the one the table still agrees: the
stakes sentence said 'The table agrees the stakes before play (fill in)' with one of the
two already filled in (issue 51's re-read)."""

from __future__ import annotations

import pytest

from pontoon_rules.cli.agreed import settle
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.agreed import BLANK
from pontoon_rules.ruleset.loading.registry import load_bundled

BOTH = ("The table agrees the stakes before play (fill in): each stake at least %(low)s, at "
        "most %(high)s.")
LARGEST = ("The table agrees the largest stake before play (fill in): each stake at least "
           "%(low)s, at most %(high)s.")
BUYING = "Buying may take a stake above the maximum."
SMALLEST = ("The table agrees the smallest stake before play (fill in): each stake at least "
            "%(low)s, at most %(high)s.")


TEN = {"en": "10 chips", "ru": "10 фишек", "hy": "10 ժետոն"}
"""A given least stake keeps its unit in the sentence (g49f: a bare "at least 10")."""

FIVE_HUNDRED = {"en": "500 chips", "ru": "500 фишек", "hy": "500 ժետոն"}
"""And so does a given largest stake (g49h: a bare "at most 500" beside a least with its
unit)."""


@pytest.mark.parametrize("lang", ["en", "ru", "hy"])
@pytest.mark.parametrize(("agreements", "message", "low", "high"), [
    ((), BOTH, BLANK, BLANK),
    (("stakes.min_stake=10",), LARGEST, TEN, BLANK),
    (("stakes.max_stake=500",), SMALLEST, BLANK, FIVE_HUNDRED),
])
def test_the_stakes_sentence_names_the_limit_left_to_agree(
        lang: str, agreements: tuple[str, ...], message: str, low: str | dict[str, str],
        high: str | dict[str, str]) -> None:
    ruleset = settle(load_bundled("pagat-british"), agreements, play=False)
    [said] = [s.text for s in sentences(ruleset, lang) if s.key == "stake_limits"]
    gettext = translations(lang).gettext
    assert gettext(message) != message or lang == "en", "translated"
    low = low[lang] if isinstance(low, dict) else low
    high = high[lang] if isinstance(high, dict) else high
    # pagat buys: the largest stake is the stake put down, not what buying takes (g49i)
    assert said == f'{gettext(message) % {"low": low, "high": high}} {gettext(BUYING)}'


def test_both_limits_given_leave_no_blank() -> None:
    ruleset = settle(load_bundled("pagat-british"),
                     ("stakes.min_stake=10", "stakes.max_stake=500"), play=False)
    [said] = [s.text for s in sentences(ruleset) if s.key == "stake_limits"]
    assert BLANK not in said and "fill in" not in said
