"""Reader r51b: the payout key's "a bust never wins; it loses even to the banker's bust"
(busts kept face down, `losing_words.bust_loses_to_bust`) read as contradicting the bust
sentence's "some tables play it as a tie: agree which" (Ban Luck, Xì dách): the key carries
that sentence's marks (†: our reading, open), so both say the table agrees it."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

KEY = {"en": "it loses even to the banker's bust.", "ru": "проигрывает даже перебору банкира.",
       "vi": "dù nhà cái quắc."}
FIELD = "settlement.player_bust_loses_at_once"


def _key_line(ruleset: Ruleset, lang: str) -> str:
    text = sheet_markdown(ruleset, lang, find_base(ruleset))
    return next(line for line in text.splitlines() if KEY[lang] in line)


@pytest.mark.parametrize(("ruleset_id", "lang"), [("ban-luck", "en"), ("ban-luck", "ru"),
                                                  ("xi-dach", "vi")])
def test_the_key_on_a_bust_against_a_bust_is_marked_as_its_rule_is(ruleset_id: str,
                                                                   lang: str) -> None:
    r = load_bundled(ruleset_id)
    assert r.provenance[FIELD].open  # the sentence says "agree which": marked †
    assert _key_line(r, lang).endswith(KEY[lang] + " †")


def test_a_settled_rule_leaves_the_key_unmarked() -> None:
    r = load_bundled("ban-luck")
    data = r.model_dump(mode="json", exclude_unset=True)
    data["provenance"][FIELD].update(status="stated", open=False)
    closed = Ruleset.model_validate(data)
    assert not closed.provenance[FIELD].open
    assert _key_line(closed, "en").endswith(KEY["en"])
