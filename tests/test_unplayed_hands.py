"""The Super Bonus in australian-pontoon (issue 48), and the pages of a game that inherits
hands it never plays: a rules page shows such a hand as one row, links to its fields land
on that row, and a pair's examples page draws each round once (issue 48: pages under
300 KB)."""

from __future__ import annotations

import re

import pytest
from engine_helpers import nets, run

from pontoon_rules.docs.sheet.views import chapters_view, matrix_view
from pontoon_rules.docs.website.example_pages import merged_repeats
from pontoon_rules.docs.website.pages import ruleset_rules_page
from pontoon_rules.docs.words.chapters import anchor, rule_anchor, unplayed_hand
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.ruleset.loading.registry import load_bundled

SEVENS = "7H 7D 7H 7H KC"
"""Player 1 is dealt 7♥ 7♥ and twists a 7♥ (suited 7-7-7); the banker shows a 7♦, then
draws a king (17)."""


@pytest.mark.parametrize(("stake", "hand", "net"), [
    (400, "suited-sevens", 800),        # below $5: suited 7-7-7 at 2:1
    (500, "super-bonus-5", 100_000),    # "$1000 for bets of $5-$24" (cents)
    (2499, "super-bonus-5", 100_000),
    (2500, "super-bonus-25", 500_000),  # "$5000 for bets of $25 or over"
])
def test_the_super_bonus_pays_its_stake_band_in_australian_pontoon(stake: int, hand: str,
                                                                   net: int) -> None:
    played = run("australian-pontoon", [stake], SEVENS, "p1 twist")
    assert played.result.seats[0].hands[0].hand_class == hand
    assert nets(played)[0] == net


def test_the_australian_super_bonus_needs_a_dealer_7_and_pays_the_envy_bonus() -> None:
    against_8 = run("australian-pontoon", [1000], "7H 8D 7H 7H 9C", "p1 twist")
    assert against_8.result.seats[0].hands[0].hand_class == "suited-sevens"
    envy = run("australian-pontoon", [500, 1000], "7H 9S 7D 7H KS 7H KC",
               "p1 twist, p2 stick")  # p2's 19 beats the banker's 17, and $50 more
    assert [s.hands[0].hand_class for s in envy.result.seats] == ["super-bonus-5", "total"]
    assert nets(envy) == [100_000, 1000 + 5000, -106_000]


def test_casino_filipino_inherits_the_super_bonus_but_never_plays_it() -> None:
    filipino = load_bundled("casino-filipino-pontoon")
    assert {"super-bonus-5", "super-bonus-25"} <= set(filipino.hands.definitions)
    assert unplayed_hand(filipino, "hands.definitions.super-bonus-5.prize") == "super-bonus-5"
    assert unplayed_hand(load_bundled("australian-pontoon"),
                         "hands.definitions.super-bonus-5.prize") is None
    played = run("casino-filipino-pontoon", [500], SEVENS, "p1 decline, p1 twist")
    assert played.result.seats[0].hands[0].hand_class == "twenty-one"
    assert nets(played)[0] == 500
    note = filipino.provenance["hands.definitions.super-bonus-5"]
    assert note.source == "filipino" and "prints no Super Bonus" in (note.note or "")


def test_a_hand_never_played_is_one_row_on_the_rules_page() -> None:
    filipino = load_bundled("casino-filipino-pontoon")
    gettext = translations("en").gettext
    rows = [row for chapter in chapters_view(filipino, gettext) for section in
            chapter["sections"] for row in section["rows"]]
    paths = [row["path"] for row in rows]
    unplayed = [h for h in filipino.hands.definitions if h not in filipino.hands.ranking]
    assert "super-bonus-5" in unplayed and "sevens" in unplayed
    for hand_id in unplayed:
        assert paths.count(f"hands.definitions.{hand_id}") == 1
        assert not [p for p in paths if p.startswith(f"hands.definitions.{hand_id}.")]
        row = rows[paths.index(f"hands.definitions.{hand_id}")]
        assert row["anchor"] == f"rule-unplayed-{hand_id}" and not row["applies"]
        assert "never played" in str(row["reader"])
    assert "hands.definitions.soft-twenty-one.pays" in paths  # a played hand keeps its fields
    shown = next(r for r in rows if r["path"] == "hands.definitions.super-bonus-25")
    assert shown["source"] == "filipino"  # its own note: the guide prints no Super Bonus


def test_a_game_with_more_hands_it_never_plays_has_the_shorter_page() -> None:
    """casino-filipino-pontoon defines every hand of australian-pontoon and one more, and
    plays five: its Russian rules page was 313 KB with the Super Bonus's fields."""
    sizes = {i: len(ruleset_rules_page(load_bundled(i), "ru").encode())
             for i in ("australian-pontoon", "casino-filipino-pontoon")}
    assert sizes["casino-filipino-pontoon"] < 0.7 * sizes["australian-pontoon"]
    text = ruleset_rules_page(load_bundled("casino-filipino-pontoon"), "ru")
    assert 'id="rule-unplayed-super-bonus-5"' in text
    assert "rule-hands-definitions-super-bonus-5-" not in text


def test_a_link_to_a_field_of_a_hand_never_played_lands_on_its_row() -> None:
    rulesets = [load_bundled("australian-pontoon"), load_bundled("casino-filipino-pontoon")]
    path = "hands.definitions.super-bonus-5.prize"
    assert rule_anchor(rulesets[0], path) == anchor(path)
    assert rule_anchor(rulesets[1], path) == "rule-unplayed-super-bonus-5"
    gettext = translations("en").gettext
    cells = next(row["cells"] for chapter in matrix_view(rulesets, gettext)
                 for row in chapter["rows"] if row["path"] == path)
    assert [c["anchor"] for c in cells] == [anchor(path), "rule-unplayed-super-bonus-5"]
    text = ruleset_rules_page(rulesets[1], "en")
    assert re.search(r'<tr id="rule-unplayed-super-bonus-5"', text)


def _view(field: str, shoe: str) -> dict[str, object]:
    script = {"ruleset": "<ruleset>", "stakes": [100], "shoe": shoe.split(), "actions": []}
    return {"field": field, "heading": f"heading of {field}",
            "sides": [{"id": i, "anchor": anchor(field), "script": {**script, "ruleset": i}}
                      for i in ("a", "b")]}


def test_a_round_two_examples_share_is_drawn_once_naming_both() -> None:
    views = [_view("hands.ranking", "7S AD 7H"), _view("player.split.ranks", "8S 8D KC"),
             _view("hands.definitions.sevens", "7S AD 7H"),
             _view("hands.definitions.super-bonus-5", "7S AD 7H")]
    kept = merged_repeats(views)
    assert [v["field"] for v in kept] == ["hands.ranking", "player.split.ranks"]
    assert [a["field"] for a in kept[0]["also"]] == ["hands.definitions.sevens",
                                                    "hands.definitions.super-bonus-5"]
    assert kept[1]["also"] == []
