"""The stored edges of the realistic variations (`analysis.present.realisticdata`): current for
every bundled ruleset, equal to a fresh solve in sample, read only for the rules they were
made from."""

from __future__ import annotations

from typing import Any

import pytest
from lastbits import same_to_last_bits
from solves import count_solves

import pontoon_rules.analysis.present.realistic as realistic
from pontoon_rules.analysis.present.costdata import rules_hash
from pontoon_rules.analysis.present.costs import described, solve_variants
from pontoon_rules.analysis.present.realisticdata import (
    MADE_BY,
    load_realistic_edges,
    stored_realistic,
)
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

SAMPLE = ("pagat-british", "casino-ochko")
"""Rulesets whose stored variants are solved again (quick ones, each with stored variants)."""


def _planned(ruleset: Ruleset) -> list[Any]:
    return realistic.planned_rows(ruleset, realistic.bundled_family(),
                                  realistic.published_rows(ruleset))


def test_every_bundled_ruleset_has_a_current_complete_entry() -> None:
    """Every bundled ruleset the analysis takes has an entry made from its rules, holding
    every variant its realistic table would otherwise solve; one it refuses has none."""
    stored = load_realistic_edges()
    for ruleset_id in bundled_ids():
        ruleset = load_bundled(ruleset_id)
        if refused_names(ruleset, "costs"):
            assert ruleset_id not in stored, f"{ruleset_id} is refused but has an entry"
            continue
        assert stored.get(ruleset_id, {}).get("hash") == rules_hash(ruleset), (
            f"the stored realistic edges of {ruleset_id} are missing or stale: run "
            f"{MADE_BY} {ruleset_id}")
        planned = _planned(ruleset)
        unsolved = [row[0][1] for row, edge in zip(
            planned, realistic.known_edges(ruleset, planned), strict=True) if edge is None]
        assert not unsolved, (f"{ruleset_id}: {len(unsolved)} variants not stored, e.g. "
                              f"{unsolved[0]}: run {MADE_BY} {ruleset_id}")


@pytest.mark.parametrize("ruleset_id", SAMPLE)
def test_stored_edges_equal_a_fresh_solve(ruleset_id: str) -> None:
    """A sample of each ruleset's stored variants (and its base) solved again: the same
    figures to the last bits (`lastbits`: the store may come from another CPU)."""
    ruleset = load_bundled(ruleset_id)
    entry = stored_realistic(ruleset)
    assert entry is not None and entry.edges
    variants = [v for _row, v, _key in _planned(ruleset)
                if isinstance(v, Ruleset) and rules_hash(v) in entry.edges][:3]
    assert variants, "the sample has stored variants"
    fresh = solve_variants(ruleset, list(variants))
    assert same_to_last_bits(fresh.base, entry.base)
    assert described(ruleset) == (fresh.deck_description, fresh.method)
    for variant, found in zip(variants, fresh.found, strict=True):
        assert same_to_last_bits(entry.edge_of(variant), found)


def test_a_table_read_from_the_store_is_the_solved_one(monkeypatch) -> None:
    """With every edge stored nothing is solved, not even the base, and the table is the
    one solving the variants again gives (to the last bits: `lastbits`)."""
    ruleset = load_bundled("pagat-british")
    calls = count_solves(monkeypatch)
    family, published = realistic.bundled_family(), realistic.published_rows(ruleset)
    reused = realistic._computed(ruleset, None, None, family, published, 1).to_json()
    assert calls == []
    monkeypatch.setattr(realistic, "stored_realistic", lambda r: None)
    fresh = realistic._computed(ruleset, None, None, family, published, 1).to_json()
    assert calls and calls[0] > 0
    assert same_to_last_bits(reused, fresh)


def test_a_changed_ruleset_reads_no_stored_edge() -> None:
    """The workbench's changed rules: no entry is read for them, so each variant the full
    table does not hold is solved for its own rules; the bundled rules still find theirs."""
    base = load_bundled("casino-ochko")
    data = base.model_dump(mode="json")
    data["player"]["stick_minimum"] = data["player"]["stick_minimum"] + 1
    changed = Ruleset.model_validate(data)
    assert stored_realistic(base) is not None and stored_realistic(changed) is None
    planned = _planned(changed)
    known = realistic.known_edges(changed, planned)
    assert any(isinstance(v, Ruleset) for _r, v, _k in planned)
    assert all(edge is None for (_r, v, _k), edge in zip(planned, known, strict=True)
               if isinstance(v, Ruleset))


def test_a_variant_is_found_only_by_its_own_rules() -> None:
    """An entry holds each variant by the hash of its rules: a variant changed once more
    is not found in it."""
    ruleset = load_bundled("casino-ochko")
    entry = stored_realistic(ruleset)
    assert entry is not None
    variant = next(v for _r, v, _k in _planned(ruleset)
                   if isinstance(v, Ruleset) and entry.edge_of(v) is not None)
    data = variant.model_dump(mode="json")
    data["player"]["stick_minimum"] = data["player"]["stick_minimum"] + 1
    assert entry.edge_of(Ruleset.model_validate(data)) is None
