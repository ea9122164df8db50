"""The rule diff: exactly the differing fields, with values and provenance."""

from __future__ import annotations

import itertools

import pytest

from pontoon_rules.compare.diff import column_names, diff_rulesets
from pontoon_rules.compare.render import diff_markdown
from pontoon_rules.ruleset.format.fields import (
    has_path,
    plain,
    provenance_for,
    ruleset_paths,
    value_at,
)
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.present import TOPICS, differing_paths

PAIRS = list(itertools.combinations(bundled_ids(), 2))


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_diff_lists_exactly_the_fields_whose_values_differ(a: str, b: str) -> None:
    first, second = load_bundled(a), load_bundled(b)
    expected = [p for p in ruleset_paths(first, second)
                if _value(first, p) != _value(second, p)]
    assert [d.path for d in diff_rulesets([first, second])] == expected
    assert expected == differing_paths([first, second])


def _value(ruleset: Ruleset, path: str) -> object:
    return plain(value_at(ruleset, path)) if has_path(ruleset, path) else "absent"


def test_a_named_hand_only_one_side_defines_differs_as_a_whole() -> None:
    pagat, belarus = load_bundled("pagat-british"), load_bundled("belarus-ponton")
    paths = [d.path for d in diff_rulesets([pagat, belarus])]
    assert "hands.definitions.twenty-one" in paths and "hands.definitions.three-of-a-kind" in paths
    assert "hands.definitions.pontoon.collects" in paths  # 2:1 against 1:1
    assert not any(p.startswith("hands.definitions.twenty-one.") for p in paths)


def test_all_lists_every_field_and_marks_the_equal_ones() -> None:
    rulesets = [load_bundled("pagat-british"), load_bundled("pagat-stick-16")]
    diffs = diff_rulesets(rulesets, include_equal=True)
    assert [d.path for d in diffs] == ruleset_paths(*rulesets)
    assert [d.path for d in diffs if d.differs] == ["player.stick_minimum"]


def test_three_rulesets_differ_where_any_one_differs() -> None:
    rulesets = [load_bundled(i) for i in ("pagat-british", "pagat-stick-16", "shoot-pontoon")]
    assert [d.path for d in diff_rulesets(rulesets)] == ["player.stick_minimum", "shoot.enabled",
                                                         "shoot.dry_kitty_sale"]


def test_record_carries_words_and_provenance() -> None:
    ochko, belarus = load_bundled("casino-ochko"), load_bundled("belarus-ponton")
    record = next(d for d in diff_rulesets([ochko, belarus]) if d.path == "player.stick_minimum")
    data = record.to_json()
    assert data["topic"] == TOPICS["player"]
    assert data["description"].startswith("Lowest total a player may stick on")
    assert data["values"]["casino-ochko"]["value"] == 15
    assert data["values"]["belarus-ponton"]["text"] == "none"
    prov = provenance_for(ochko, "player.stick_minimum")
    assert prov is not None
    assert data["values"]["casino-ochko"]["quote"] == prov.quote
    assert data["values"]["casino-ochko"]["status"] == "stated"
    assert set(data["values"]["belarus-ponton"]) == {
        "value", "text", "status", "source", "quote", "note", "open"}


def test_markdown_groups_by_topic() -> None:
    rulesets = [load_bundled("casino-ochko"), load_bundled("blackjack-reference")]
    text = diff_markdown(diff_rulesets(rulesets), column_names(rulesets))
    assert "## Settlement" in text and "| rule | casino-ochko | blackjack-reference |" in text
    assert "`settlement.ties`" in text and "## Shoot Pontoon" not in text


def test_same_ids_get_distinct_columns() -> None:
    pagat = load_bundled("pagat-british")
    assert column_names([pagat, pagat]) == ["pagat-british", "pagat-british#2"]
