"""What a solve reads is what it was given (issue 45, item 1): every field of the schema,
changed alone on a bundled base, is read by each consumer that prints a figure or refused
by it naming the field (`analysis.assumed`), never a silent figure."""

from __future__ import annotations

import pytest

from pontoon_rules.analysis.assumed import ASSUMED, require_read, unread_rules
from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.fields import leaf_paths, with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError, refused_names
from tests.sizes import LONG
from tests.unread_fields import (
    CONSUMERS,
    SILENT,
    base_reads,
    one_field_changes,
    variants,
    verdict,
)

BASES = bundled_ids() if LONG else ["pagat-british", "blackjack-reference", "spanish-21"]


@pytest.mark.parametrize("base_id", BASES)
def test_every_field_is_read_or_refused(base_id: str) -> None:
    """Each field at each alternative value: every consumer reads the change (its figure
    may move), refuses it by name, or the change is no part of the figure (it reaches no
    compiled rule, the field is not in this game, the figure is defined without it)."""
    base = load_bundled(base_id)
    reads = base_reads(compile_rules(base))
    silent = [f"{c}: {v.path} {v.old!r} -> {v.new!r} (changes {', '.join(v.changed)})"
              for v in variants(base) for c in CONSUMERS if verdict(c, reads, v) == SILENT]
    assert not silent, "\n".join(silent)


def test_the_fields_tried_cover_the_schema() -> None:
    """The enumeration walks the pydantic models: every leaf section field is tried on
    bundled base (none is left out by a hand-kept list). A path is tried once some base
    accepts a change of it, so the bases after that one skip it (the same set of paths as
    trying every change of every base: 550 changes made instead of 4,025)."""
    tried: set[str] = set()
    for base in bundled_ids():
        for path, *_ in one_field_changes(load_bundled(base), skip=tried):
            tried.add(path)
    untried = [p for p in leaf_paths() if p not in tried and not p.startswith("hands.")
               and not _not_varied(p)]
    assert not untried, untried


def _not_varied(path: str) -> bool:
    """Fields `costs.alternatives` has no neighbouring value for (sets, lists, fractions,
    free-form values): they are tried by the differential oracle's random rulesets."""
    from pontoon_rules.analysis.present.costs import alternatives
    from pontoon_rules.ruleset.format.fields import value_at

    return not list(alternatives(value_at(load_bundled("pagat-british"), path), path))


def _overlay(base_id: str, path: str, value: object) -> Ruleset:
    data = load_bundled(base_id).model_dump(mode="python")
    return Ruleset.model_validate(with_value(data, path, value))


@pytest.mark.parametrize("deck", ["finite", "infinite"])
def test_bust_that_waits_is_read_or_refused(deck: str) -> None:
    """The issue's overlay: blackjack-reference with the player's bust waiting for the
    banker printed the base's 0.4029% on the shoe. Now its figure differs from the base's,
    or the command refuses naming the field."""
    base = house_edge(compile_rules(load_bundled("blackjack-reference")), deck).house_edge
    rules = compile_rules(_overlay("blackjack-reference",
                                   "settlement.player_bust_loses_at_once", False))
    try:
        edge = house_edge(rules, deck).house_edge
    except UnsupportedFeatureError as e:
        assert "settlement.player_bust_loses_at_once" in str(e)
    else:
        assert abs(edge - base) > 0.1


def test_an_unread_rule_is_refused_by_name() -> None:
    """A rule a solve never read, at a value other than the one the methods assume: the
    refusal names the field and both values."""
    rules = compile_rules(_overlay("blackjack-reference", "banker.hit_soft_17", True))
    problems = unread_rules({}, rules, "exact-shoe")
    assert [p for p, _ in problems if p == "banker.hit_soft_17"]
    with pytest.raises(UnsupportedFeatureError, match="banker.hit_soft_17"):
        require_read({}, rules, "exact-shoe")
    read_it = unread_rules({"banker_hit_soft": True}, rules, "exact-shoe")
    assert "banker.hit_soft_17" not in [p for p, _ in read_it]


def test_a_rule_not_in_this_game_is_not_refused() -> None:
    """A field that cannot matter (the insurance odds of a game without insurance) is not
    refused even where nothing reads it."""
    rules = compile_rules(_overlay("pagat-british", "player.insurance.even_money", True))
    assert not rules.insurance
    assert "player.insurance.even_money" not in [p for p, _ in unread_rules({}, rules, "")]


def test_every_assumed_rule_names_a_schema_field() -> None:
    """The table of assumed values names real fields of the schema."""
    paths = set(leaf_paths())
    for name, (path, _) in ASSUMED.items():
        assert path in paths or any(p.startswith(path + ".") for p in paths), (name, path)


@pytest.mark.parametrize("base_id", [i for i in bundled_ids()
                                     if not refused_names(load_bundled(i), "edge")])
def test_no_bundled_ruleset_is_refused_for_an_unread_rule(base_id: str) -> None:
    """Every bundled ruleset's rules are what the methods read or assume; one whose rules a
    method does not handle (Sette e mezzo's half points) is refused by name instead."""
    from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError, refused_names

    ruleset = load_bundled(base_id)
    if refused_names(ruleset, "edge") or refused_names(ruleset, "simulate"):
        # a consumer that refuses it (vingt-un's natural paid by every player: the
        # simulator) is refused by name, never read past
        with pytest.raises(UnsupportedFeatureError):
            base_reads(compile_rules(ruleset))
        return
    reads = base_reads(compile_rules(ruleset))
    assert set(reads) >= set(CONSUMERS)


def test_costs_never_prices_an_unread_rule_at_nothing() -> None:
    """The issue's cost tables priced the bust that waits at +0.0000: a variant whose own
    solve would read what the base's read is given the base's edge only where it plays no
    rule left unread; else it is solved, and refused by name or priced."""
    from pontoon_rules.analysis.present.costs import rule_costs

    table = rule_costs(load_bundled("blackjack-reference"),
                       paths=["settlement.player_bust_loses_at_once"])
    (row,) = table.rows
    assert row.edge is None and "does not read this rule" in row.note \
        or row.change is not None and abs(row.change) > 0.1, row


@pytest.mark.parametrize("deck", ["finite", "infinite"])
def test_the_strategy_chart_is_refused_where_the_edge_is(deck: str) -> None:
    """A chart drawn for a rule its method never read is refused as the edge is."""
    from pontoon_rules.analysis.present.chart import strategy_chart

    rules = compile_rules(_overlay("blackjack-reference", "banker.hit_soft_17", True))
    strategy_chart(rules, deck=deck)  # read: drawn
    rules = compile_rules(_overlay("blackjack-reference",
                                   "settlement.player_bust_loses_at_once", False))
    try:
        edge = house_edge(rules, deck)
    except UnsupportedFeatureError:
        with pytest.raises(UnsupportedFeatureError, match="player_bust_loses_at_once"):
            strategy_chart(rules, deck=deck)
    else:
        assert strategy_chart(rules, deck=deck) and edge


def test_what_is_not_a_section_has_no_effect_on_play() -> None:
    """The fields of `Ruleset` outside its behavioural sections (`model.SECTIONS`: the one
    place that says which fields are play) are names, words and provenance: each, changed,
    leaves every compiled rule as it was, so no consumer can owe them a read."""
    from pontoon_rules.ruleset.format.model import SECTIONS
    from tests.unread_fields import changed_attributes

    base = load_bundled("pagat-british")
    data = base.model_dump(mode="python")
    changes = {"id": "another-id", "name": "Another name", "summary": "Another summary.",
               "translations": {}, "kind": "house", "extends": "blackjack-reference",
               "sources": {**data["sources"],
                           "extra": {"title": "An extra source", "language": "en"}},
               "provenance": {}, "schema_version": 1}
    assert set(changes) == set(Ruleset.model_fields) - set(SECTIONS)
    for name, value in changes.items():
        variant = Ruleset.model_validate({**data, name: value})
        assert getattr(variant, name) != getattr(base, name), name
        assert not changed_attributes(compile_rules(base), compile_rules(variant)), name
