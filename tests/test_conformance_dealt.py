"""Dealt vectors (`conformance.vectors.dealt`): a rare hand no random round reached still gets a
vector, its first seat dealt an example of the hand, expected by the reference engine."""

from __future__ import annotations

import pytest

from pontoon_rules.conformance.vectors.dealt import dealt_vectors
from pontoon_rules.conformance.vectors.reference import bundled_rules
from pontoon_rules.conformance.vectors.targeted import coverage_targets


@pytest.mark.parametrize(("ruleset_id", "tag", "player", "banker"), [
    ("australian-pontoon", "class:six-seven-eight-in-spades", ["6S", "7S", "8S"], None),
    ("australian-pontoon", "class:super-bonus-5", None, None),  # a dealer 7, a $5 stake
    ("australian-pontoon", "class:super-bonus-25", None, None),
    ("spanish-21", "class:seven-card-21", None, None),
    ("siebzehn-und-vier", "vs:feuer:feuer", ["AS", "AH"], ["AD", "AC"]),
])
def test_a_missing_hand_gets_a_dealt_vector(ruleset_id: str, tag: str,
                                            player: list[str] | None,
                                            banker: list[str] | None) -> None:
    rules = bundled_rules(ruleset_id)[0]
    wanted = coverage_targets(rules)
    seen = wanted - {tag}
    vectors = dealt_vectors(rules, False, wanted, seen)
    assert tag in seen and len(vectors) == 1
    vector = vectors[0]
    assert tag in vector["features"] and vector["id"]
    final = vector["final"]
    hand = final["seats"][0]["hands"][0]
    assert hand["class"] == tag.split(":")[1]
    if player is not None:
        assert hand["cards"] == player
    if banker is not None:
        assert final["banker"]["class"] == tag.split(":")[2]
        assert final["banker"]["cards"] == banker


def test_nothing_is_dealt_when_every_target_is_seen() -> None:
    rules = bundled_rules("australian-pontoon")[0]
    wanted = coverage_targets(rules)
    assert dealt_vectors(rules, False, wanted, set(wanted)) == []
