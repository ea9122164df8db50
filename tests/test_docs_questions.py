"""Issue 49, item 2: the questions a new table asks, each answered on every bundled sheet.

Each question is asked of a game only where its rules make it a question (derived from the
ruleset's fields), with the words of the sentence that answers it; the test checks that the
sheet's sentences say them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pontoon_rules.docs.sentences import sentences
from pontoon_rules.ruleset.model import Ruleset
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled


def _banker_play(r: Ruleset) -> list[str]:
    """The banker's play on every total, soft and hard."""
    b = r.banker
    if b.mode.value != "fixed-rule":
        out = ["there is no fixed drawing rule"]
        if b.must_stand_at is not None:
            out.append(f"on {b.must_stand_at} or more the banker must stand")
        return out
    if b.hit_soft_17:
        return [f"draws on {b.stand_on - 1} or less and on a soft {b.stand_on}",
                f"stands on a hard {b.stand_on} or more and on a soft {b.stand_on + 1} or more"]
    return [f"draws on {b.stand_on - 1} or less and stands on {b.stand_on} or more, soft or hard"]


def _several_names(r: Ruleset) -> list[str]:
    """Which payout when a hand fits several names."""
    ranges = [d.cards_range for _h, d in r.hands.ranked()]
    overlap = any(max(a[0], b[0]) <= min(a[1] or 99, b[1] or 99)
                  for i, a in enumerate(ranges) for b in ranges[i + 1:])
    return ["A hand that fits several of these names counts as the highest of them."] \
        if overlap else []


def _insurance(r: Ruleset) -> list[str]:
    """When insurance settles."""
    if not r.player.insurance.allowed:
        return []
    return ["If the banker has one, the insurance is paid",
            "if not, the insurance is lost and your hand plays on"]


def _bank_life(r: Ruleset) -> list[str]:
    """The bank's life: who banks first, funded how, broken how, passed which way."""
    if r.table.banker.value != "rotating":
        return ["playing against the house dealer"]
    out = []
    k = r.table.bank
    if k.amount is not None:
        out.append(f"The banker puts up a bank of {k.amount}")
        side = "right" if r.table.direction.value == "right" else "left"
        out.append(f"it then passes to the player on the banker's {side}"
                   if k.passes_when_broken else "the banker then puts up a new one")
        out.append("The bank is broken when nothing is left in it")
    if r.between_deals.rotation.value == "pontoon-maker":
        out.append("takes the bank for the next deal")
    return out


def _shuffle(r: Ruleset) -> list[str]:
    """When the cards are shuffled."""
    return ["shuffled"]


QUESTIONS: dict[str, Callable[[Ruleset], list[str]]] = {
    "What does the banker do on each total, soft and hard?": _banker_play,
    "Which payout when a hand fits several names?": _several_names,
    "When is insurance settled?": _insurance,
    "Who banks, how is a bank funded and broken, and where does it pass?": _bank_life,
    "When are the cards shuffled?": _shuffle,
}


@pytest.mark.parametrize("ruleset_id", bundled_ids())
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_every_question_a_new_table_asks_has_its_sentence(ruleset_id: str,
                                                          question: str) -> None:
    r = load_bundled(ruleset_id)
    text = " ".join(s.text for s in sentences(r))
    for words in QUESTIONS[question](r):
        assert words in text, (question, words)


def test_the_questions_are_asked_where_the_rules_make_them_questions() -> None:
    home = load_bundled("ochko-home")
    assert "The banker puts up a bank of 1000" in _bank_life(home)
    assert _insurance(load_bundled("belarus-ponton"))
    assert _several_names(load_bundled("australian-pontoon"))
    assert not _several_names(load_bundled("belarus-ponton"))  # 2, 3 or 5 cards: no overlap
    assert "soft 18 or more" in _banker_play(load_bundled("casino-ochko"))[1]
