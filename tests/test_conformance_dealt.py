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


def test_a_hand_held_against_some_up_cards_is_dealt_one_the_pack_holds() -> None:
    """Spanish 21's Super Bonus held against a ten or a jack: the pack has no tens, so the
    banker shows a jack (the first up rank it holds), and the hand gets its vector (the
    first up rank, a ten, left the banker's cards to chance: no vector)."""
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.format.model import Ruleset
    from pontoon_rules.ruleset.loading.registry import load_bundled

    data = load_bundled("spanish-21").model_dump(mode="python")
    data["hands"]["definitions"]["super-bonus-5"]["banker_up_ranks"] = ["T", "J"]
    rules = compile_rules(Ruleset.model_validate(data))
    assert not rules.rank_present[9]  # no tens in the Spanish pack
    tag = "class:super-bonus-5"
    vectors = dealt_vectors(rules, False, {tag}, set())
    assert len(vectors) == 1 and tag in vectors[0]["features"]
    assert vectors[0]["final"]["seats"][0]["hands"][0]["class"] == "super-bonus-5"
    assert "JS" in vectors[0]["final"]["banker"]["cards"]
