"""The stored full rule-cost tables (`analysis.present.costdata`): current, and equal to a fresh
computation in sample."""

from __future__ import annotations

import pytest

from pontoon_rules.analysis.present.costdata import (
    load_cost_tables,
    rules_hash,
    stored_costs,
    table_from_json,
)
from pontoon_rules.analysis.present.costs import rule_costs
from pontoon_rules.analysis.present.realisticdata import stored_realistic
from pontoon_rules.analysis.present.summary import (
    SITE_COST_FIELDS,
    computed_summary,
    refused_summary,
    ruleset_summary,
)
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

SAMPLE = ("pagat-british", "casino-ochko")
"""Rulesets whose stored rows are recomputed (the quickest of each family)."""
SAMPLE_FIELDS = ("player.stick_minimum", "settlement.ties", "player.split.max_hands",
                 "banker.stand_on")


def test_every_bundled_ruleset_has_a_current_stored_table() -> None:
    """Every bundled ruleset the analysis handles; one it refuses has no table at all."""
    stored = load_cost_tables()
    for ruleset_id in bundled_ids():
        if refused_names(load_bundled(ruleset_id), "costs"):
            assert ruleset_id not in stored, f"{ruleset_id} is refused but has a stored table"
            continue
        assert ruleset_id in stored, (
            f"no stored cost table for {ruleset_id}: run python benchmarks/cost_tables.py")
        assert stored[ruleset_id]["hash"] == rules_hash(load_bundled(ruleset_id)), (
            f"the stored cost table of {ruleset_id} is stale (its rules changed): run "
            f"python benchmarks/cost_tables.py {ruleset_id}")


@pytest.mark.parametrize("ruleset_id", SAMPLE)
def test_stored_rows_equal_a_fresh_computation(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    stored = stored_costs(ruleset)
    assert stored is not None
    fresh = rule_costs(ruleset, paths=SAMPLE_FIELDS)
    assert fresh.rows, "the sample fields exist"
    assert stored.base_edge == pytest.approx(fresh.base_edge, abs=1e-9)
    by_change = {(c.path, repr(c.new)): c for c in stored.rows}
    for row in fresh.rows:
        kept = by_change[(row.path, repr(row.new))]
        assert kept.note == row.note
        if row.edge is None:
            assert kept.edge is None
        else:
            assert kept.edge == pytest.approx(row.edge, abs=1e-9), (row.path, row.new)
    assert stored.method == fresh.method and stored.deck_description == fresh.deck_description


def test_names_sources_and_notes_do_not_make_a_table_stale() -> None:
    ruleset = load_bundled("pagat-british")
    renamed = ruleset.model_copy(update={"name": "Renamed", "summary": "Other words.",
                                         "sources": {}, "provenance": {}})
    assert rules_hash(renamed) == rules_hash(ruleset)
    assert stored_costs(renamed) is not None


def _changed(ruleset_id: str, section: str, **fields: object) -> tuple[Ruleset, Ruleset]:
    ruleset = load_bundled(ruleset_id)
    data = ruleset.model_dump(mode="python")
    data[section] = dict(data[section], **fields)
    return ruleset, Ruleset.model_validate(data)


@pytest.mark.parametrize(("ruleset_id", "section", "fields"), [
    ("ochko-home", "pack", {"values": {"J": 2, "Q": 3, "K": 5}}),  # not varied, read
    ("pagat-british", "hands", {"ranking": ["pontoon", "twenty-one", "five-card-trick",
                                            "total"]}),
    ("spanish-21", "stakes", {"min_stake": 500}),  # values the Super Bonus's band
    ("pagat-british", "faces", {"twisted_card": "face-down"}),  # what lies face up
])
def test_any_field_that_plays_makes_a_table_stale(ruleset_id: str, section: str,
                                                  fields: dict[str, object]) -> None:
    """A field the table does not vary may still change its every edge (w51y: a pack's
    values, the ranking, the least stake read the stored figures of the game they were
    changed from): the hash holds the whole behaviour, so no stored table or realistic
    edge is read for such a ruleset."""
    ruleset, changed = _changed(ruleset_id, section, **fields)
    assert rules_hash(changed) != rules_hash(ruleset)
    assert stored_costs(changed) is None and stored_realistic(changed) is None
    assert stored_costs(ruleset) is not None


def test_a_changed_ruleset_gets_no_stored_table() -> None:
    ruleset = load_bundled("pagat-british")
    data = ruleset.model_dump(mode="python")
    data["player"] = dict(data["player"], stick_minimum=data["player"]["stick_minimum"] + 1)
    changed = Ruleset.model_validate(data)
    assert rules_hash(changed) != rules_hash(ruleset)
    assert stored_costs(changed) is None
    assert stored_costs(ruleset) is not None


def test_a_change_of_provenance_or_names_keeps_the_stored_table() -> None:
    ruleset = load_bundled("pagat-british")
    renamed = ruleset.model_copy(update={"name": "Another name", "provenance": {}})
    assert rules_hash(renamed) == rules_hash(ruleset)


def test_json_round_trip_keeps_every_row() -> None:
    stored = load_cost_tables()["pagat-british"]
    table = table_from_json(stored)
    assert table.to_json() == {k: v for k, v in stored.items() if k != "hash"}


def test_site_summary_shows_the_full_stored_table() -> None:
    ruleset = load_bundled("pagat-british")
    summary = ruleset_summary(ruleset)
    fields = {c["field"] for c in summary["costs"]}
    assert summary["costs_full"]
    assert set(SITE_COST_FIELDS) <= fields
    assert len(fields) > len(SITE_COST_FIELDS) + 10
    stored = stored_costs(ruleset)
    assert stored is not None and len(summary["costs"]) == len(stored.rows)


def test_the_cached_summary_is_what_a_fresh_analysis_gives() -> None:
    """`ruleset_summary` reads the cache folder: a fresh computation gives the same data
    (its time taken aside). The key follows the ruleset and every package file as
    `cache.key_of` does for every entry (tests/test_cache.py)."""
    ruleset = load_bundled("blackjack-reference")
    cached, fresh = ruleset_summary(ruleset), computed_summary(ruleset)
    for row in (cached, fresh):
        row["edge"].pop("seconds", None)
    assert cached == fresh


def test_no_stored_row_is_refused_for_a_rule_the_analysis_now_handles() -> None:
    """A row "not analysed: RULE (not handled yet)" names only rules the exact analysis
    still refuses (`ruleset.resolving.features`): when it learns one, the tables are remade."""
    import re

    from pontoon_rules.ruleset.resolving.features import features

    handled = {f.name for f in features() if "analysis" in f.handled_by}
    for ruleset_id, table in load_cost_tables().items():
        for change in table["changes"]:
            found = re.fullmatch(r"not analysed: (.*) \(not handled yet\)", change.get("note")
                                 or "")
            if found:
                named = set(found.group(1).split(", "))
                assert not named & handled, (
                    f"{ruleset_id} {change['field']}: stored as not analysed for "
                    f"{sorted(named & handled)}: run python benchmarks/cost_tables.py "
                    f"{ruleset_id}")


def test_a_refused_ruleset_gets_the_rules_it_plays_instead_of_figures() -> None:
    """A surrender of a split hand, which the analysis does not value yet: the site names
    the rule at its field, and shows no edge or cost."""
    data = load_bundled("australian-pontoon").model_dump(mode="python")
    data["player"]["surrender"]["after_split"] = True
    summary = ruleset_summary(Ruleset.model_validate(data))
    assert "house_edge" not in summary and "costs" not in summary
    rules = {(r["field"], r["rule"]) for r in summary["refused"]}
    assert rules == {("player.surrender", "surrender beyond the dealt hand")}


def test_the_bb1_row_gets_figures() -> None:
    """Australian Pontoon's BB+1 row (examples/): one stake in all from a seat that splits
    (`analysis.seat_takes`), valued now."""
    from pathlib import Path

    from pontoon_rules.ruleset.loading.loader import load_ruleset

    row = Path(__file__).resolve().parents[1] / "examples" / "australian-pontoon" / (
        "australian-pontoon-bb1-spl1-nlc.yaml")
    assert refused_summary(load_ruleset(str(row))) is None


def test_a_table_is_the_same_on_several_processes() -> None:
    """`workers` solves the variants in other processes: the rows are the serial ones, in
    the same order, invalid and skipped rows included."""
    ruleset = load_bundled("vingt-un")
    fields = ("player.stick_minimum", "settlement.ties", "deal.banker_cards_visible")
    serial = rule_costs(ruleset, paths=fields)
    assert len([r for r in serial.rows if r.edge is not None]) >= 2
    assert any(r.edge is None for r in serial.rows)  # an invalid change keeps its place
    assert rule_costs(ruleset, paths=fields, workers=2) == serial
