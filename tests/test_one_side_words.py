"""The ranking sentence says which named hands one side cannot hold (issue 49, the sixth
reader: Belarus's «…ниже — 3 карты одного достоинства … Игрок … проигрывает старшей» read as
if a dealer's 5-5-5 beat a player's 20, where the dealer's three of a kind is a plain 15)."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.words import i18n
from pontoon_rules.docs.words.ranking_sides import one_side_only
from pontoon_rules.docs.words.settlement import settlement_said
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def _ranking(ruleset_id: str, lang: str = "en", hand: dict[str, object] | None = None) -> str:
    """The ranking sentence, each hand by its id; `hand` changes Belarus's three of a kind."""
    ruleset = load_bundled(ruleset_id)
    if hand:
        data = ruleset.model_dump(mode="json")
        data["hands"]["definitions"]["three-of-a-kind"].update(hand)
        ruleset = Ruleset.model_validate(data)
    gettext = i18n.translations(lang).gettext
    return settlement_said(ruleset, gettext, lambda h: h)["ranking"].text


def test_belarus_says_the_dealers_three_of_a_kind_counts_by_its_total() -> None:
    text = _ranking("belarus-ponton", "ru")
    assert "никогда не засчитываются как three-of-a-kind" in text, text
    assert ("The banker's cards never count as three-of-a-kind: the same cards count as an "
            "ordinary total.") in _ranking("belarus-ponton")  # no lower name the banker holds


def test_where_the_banker_holds_fewer_names_they_are_the_ones_named() -> None:
    assert ("Of these names the banker's cards count only as pontoon; any other cards of the "
            "banker rank by their total.") in _ranking("australian-pontoon")


def test_a_hand_only_the_banker_holds_is_said_of_the_player() -> None:
    text = _ranking("belarus-ponton", hand={"banker_can_hold": True, "player_can_hold": False})
    assert "A player's cards never count as three-of-a-kind" in text, text


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_hand_one_side_cannot_hold_is_said_or_the_ones_it_can(ruleset_id: str) -> None:
    """No ranking sentence names a hand without saying, where one side cannot hold it,
    that side's same cards rank otherwise; games where both hold every name say nothing."""
    text = _ranking(ruleset_id)
    sides = one_side_only(load_bundled(ruleset_id))
    for side, (never, held) in sides.items():
        named = never if len(never) <= len(held) else held
        assert all(h in text for h in named), (side, named, text)
    if not sides:
        assert "never count as" not in text and "count only as" not in text
