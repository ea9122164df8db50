"""The stored house edge against the number of packs: current, and true when recomputed."""

from __future__ import annotations

import pytest

from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.present.packcurve import (
    PACK_COUNTS,
    changes_sign,
    load_curves,
    stored_curve,
)
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_bundled_ruleset_has_a_current_curve(ruleset_id: str) -> None:
    from pontoon_rules.ruleset.resolving.features import refused_rules

    curve = stored_curve(load_bundled(ruleset_id))
    if refused_rules(load_bundled(ruleset_id), "edge"):
        assert curve is None, f"{ruleset_id}: the analysis refuses it, so no curve is stored"
        return
    assert curve is not None, f"stale or missing: run python benchmarks/pack_curves.py {ruleset_id}"
    # every count but those the ruleset is not valid at (spanish-21's suited 7-7-7: 3 packs)
    assert {p["decks"] for p in curve["points"]} | set(curve.get("invalid_decks", [])) >= set(
        PACK_COUNTS)
    own = load_bundled(ruleset_id).pack.decks
    assert any(p["decks"] == own for p in curve["points"])


@pytest.mark.parametrize(("ruleset_id", "decks"), [("casino-ochko", 2),
                                                   ("blackjack-reference", 1),
                                                   ("spanish-21", 3)])
def test_a_stored_point_is_what_the_analysis_gives(ruleset_id: str, decks: int) -> None:
    ruleset = load_bundled(ruleset_id)
    data = ruleset.model_dump(mode="python")
    data["pack"] = dict(data["pack"], decks=decks)
    fresh = edge_of(compile_rules(Ruleset.model_validate(data)))
    stored = next(p for p in load_curves()[ruleset_id]["points"] if p["decks"] == decks)
    assert stored["house_edge_percent"] == pytest.approx(fresh, abs=1e-9)


def test_the_sign_changes_where_the_figures_say() -> None:
    curves = load_curves()
    assert changes_sign(curves["blackjack-reference"])  # single-deck blackjack favours the player
    assert changes_sign(curves["pagat-british"])
    assert not changes_sign(curves["belarus-ponton"])


def test_text_does_not_make_a_curve_stale() -> None:
    ruleset = load_bundled("pagat-british")
    renamed = ruleset.model_copy(update={"name": "Renamed", "summary": "Other words."})
    assert stored_curve(renamed) is not None
    data = ruleset.model_dump(mode="python")
    data["player"] = dict(data["player"], stick_minimum=16)
    assert stored_curve(Ruleset.model_validate(data)) is None


def test_a_pack_count_the_ruleset_is_not_valid_at_is_left_out() -> None:
    curve = load_curves()["spanish-21"]
    assert curve["invalid_decks"] == [1, 2]
    assert [p["decks"] for p in curve["points"]] == [3, 4, 6, 8]
