"""A natural's words say 'on a split hand too' only where the hand can be one as dealt: its
fewest cards at most the cards the deal gives a player (`deal.player_cards`), not a fixed
two (issue 51's re-read: a game dealing 1 or 3 cards)."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.docs.words.hands import NATURAL_ON_SPLIT
from pontoon_rules.docs.words.said import sentences_of
from tests.changed_ruleset import changed


@pytest.mark.parametrize(("dealt", "hand", "natural", "on_split"), [
    (2, "pontoon", {}, True),  # the usual game: unchanged
    (1, "pontoon", {}, False),  # two cards, one dealt: never a natural as dealt
    (3, "twenty-one", {"hands__definitions__twenty-one__natural": True}, True),  # 3 of 3
])
def test_a_natural_on_a_split_hand_follows_the_cards_dealt(dealt: int, hand: str,
                                                           natural: dict[str, Any],
                                                           on_split: bool) -> None:
    ruleset = changed("pagat-british", deal__player_cards=dealt, **natural)
    [said] = sentences_of(ruleset, f"hands.definitions.{hand}")
    assert (NATURAL_ON_SPLIT in said) is on_split, said
    assert "a natural" in said
