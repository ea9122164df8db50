"""Worked examples and diffs for the casino family's decisions: for each new field, a
pair of rulesets differing in it alone gives an example round that settles differently,
found by the search and explained by that field."""

from __future__ import annotations

from typing import Any

import pytest
from test_engine_decisions import AUSTRALIAN, EARLY, SPANISH, changed

from pontoon_rules.compare import compare_rulesets
from pontoon_rules.compare.diff import diff_rulesets
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset

ALL_BUT_TEN = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"]

PAIRS: dict[str, tuple[str, str, dict[str, Any]]] = {
    # field: (base ruleset, the section changed, its new fields)
    "player.surrender.allowed": ("blackjack-reference", "player.surrender",
                                 {"allowed": True}),
    "player.surrender.timing": (EARLY, "player.surrender", {"timing": "late"}),
    "player.surrender.returns": (EARLY, "player.surrender", {"returns": [1, 4]}),
    "player.surrender.against": (AUSTRALIAN, "player.surrender", {"against": ALL_BUT_TEN}),
    "player.surrender.void_on_banker_pontoon": (AUSTRALIAN, "player.surrender",
                                                {"void_on_banker_pontoon": False}),
    "player.surrender.max_cards": (SPANISH, "player.surrender", {"max_cards": 3}),
    "player.surrender.after_split": (SPANISH, "player.surrender", {"after_split": True}),
    "player.double.totals": (AUSTRALIAN, "player.double", {"totals": None}),
    "player.double.aces_count_one": (AUSTRALIAN, "player.double", {"aces_count_one": False}),
    "player.double.redouble_stake": (SPANISH, "player.double",
                                     {"redouble_stake": "original-stake"}),
    "player.double.rescue.allowed": (AUSTRALIAN, "player.double.rescue", {"allowed": False}),
    "player.double.rescue.returns": (SPANISH, "player.double.rescue",
                                     {"returns": "all-but-original"}),
    "table.bank.amount": ("pagat-british", "table.bank", {"amount": 150}),
    "banker.must_stand_at": ("pagat-british", "banker", {"must_stand_at": 15}),
    "side_bets.pair.allowed": ("tests/rulesets/side-bets.yaml", "side_bets.pair",
                               {"allowed": False}),
    "side_bets.pair.pays": ("tests/rulesets/side-bets.yaml", "side_bets.pair",
                            {"pays": "10:1"}),
    "side_bets.match_dealer.allowed": ("tests/rulesets/side-bets.yaml",
                                       "side_bets.match_dealer", {"allowed": False}),
}
"""Each new field that acts within a round, and a pair of rulesets differing in it alone."""

BETWEEN_DEALS = {
    "table.first_banker": ("pagat-british", "table", {"first_banker": "first-ace-dealt"}),
    "table.direction": ("pagat-british", "table", {"direction": "right"}),
    "table.bank.passes_after_deals": ("pagat-british", "table.bank",
                                      {"passes_after_deals": 3}),
    "shoot.dry_kitty_sale": ("shoot-pontoon", "shoot", {"dry_kitty_sale": "agreed-price"}),
    "table.stakes_before_first_deal": ("siebzehn-und-vier", "table",
                                       {"stakes_before_first_deal": False}),
}

NOT_SEARCHED = {
    "side_bets.match_dealer.suited_pays": ("tests/rulesets/side-bets.yaml",
                                           "side_bets.match_dealer", {"suited_pays": None}),
    "table.bank.va_bank": ("tests/rulesets/capped-bank.yaml", "table.bank", {"va_bank": False}),
}
"""New fields the example search cannot show (one copy of each card, flat stakes)."""
"""New fields that act only between deals: a stated reason, never a search miss."""


def _pair(field: str) -> tuple[Ruleset, Ruleset]:
    base, section, fields = {**PAIRS, **BETWEEN_DEALS, **NOT_SEARCHED}[field]
    other = changed(base, **{section: fields})
    return load_ruleset(base), other.model_copy(update={"id": f"{other.id}-changed"})


@pytest.mark.parametrize("field", sorted(PAIRS))
def test_each_new_field_has_a_worked_example(field: str) -> None:
    a, b = _pair(field)
    comparison = compare_rulesets(a, b)
    found = {e.field.path: e for e in comparison.examples}
    assert field in found, [(r.field.path, r.category) for r in comparison.reasons]
    example = found[field]
    first, second = (example.played[r].result["seats"] for r in example.rulesets)
    assert first != second


@pytest.mark.parametrize("field", sorted(PAIRS))
def test_diff_names_the_field_with_its_provenance(field: str) -> None:
    a, b = _pair(field)
    rows = {row.path: row for row in diff_rulesets([a, b]) if row.differs}
    assert field in rows
    assert rows[field].values[b.id]["status"], "the changed side carries provenance"


def test_a_surrender_example_reads_as_a_story() -> None:
    a, b = _pair("player.surrender.void_on_banker_pontoon")
    example = next(e for e in compare_rulesets(a, b).examples
                   if e.field.path == "player.surrender.void_on_banker_pontoon")
    assert "surrender" in " ".join(example.played[b.id].actions)


@pytest.mark.parametrize("field", sorted(BETWEEN_DEALS))
def test_a_rule_between_deals_is_explained(field: str) -> None:
    from pontoon_rules.compare.reasons import OUTSIDE_A_ROUND

    a, b = _pair(field)
    reasons = {r.field.path: r for r in compare_rulesets(a, b).reasons}
    assert reasons[field].category == OUTSIDE_A_ROUND and reasons[field].reason


@pytest.mark.parametrize("field", sorted(NOT_SEARCHED))
def test_what_the_search_cannot_show_is_explained(field: str) -> None:
    from pontoon_rules.compare.reasons import NOT_PLAYED

    a, b = _pair(field)
    reasons = {r.field.path: r for r in compare_rulesets(a, b).reasons}
    assert reasons[field].category == NOT_PLAYED and reasons[field].reason


def test_a_name_is_words_only_and_no_round_is_played_for_it(monkeypatch) -> None:
    """A hand's name (in any language) and the pack's rank and suit names change no round:
    the search says so from the table, without playing thousands of candidate rounds."""
    import pontoon_rules.compare.simulate as simulate
    from pontoon_rules.compare.reasons import OUTSIDE_A_ROUND, round_independent
    from pontoon_rules.compare.search import PairSearch
    from pontoon_rules.ruleset.loading.registry import load_bundled

    base = load_bundled("pagat-british")
    data = base.model_dump(mode="json")
    pontoon = data["hands"]["definitions"]["pontoon"]
    pontoon["name"] = "vingt-et-un"
    pontoon["names"] = {**pontoon.get("names", {}), "it": "ventuno"}
    data["pack"]["rank_names"] = {"K": {"name": "roy"}}
    data["id"] = "renamed"
    renamed = type(base).model_validate(data)
    search = PairSearch(base, renamed)
    wanted = {"hands.definitions.pontoon.name", "hands.definitions.pontoon.names",
              "pack.rank_names"}
    assert wanted <= set(search.differing)
    played: list[object] = []
    monkeypatch.setattr(simulate, "simulate", lambda *args: played.append(args))
    for path in sorted(wanted):
        record = search.record(path)
        assert record.category == OUTSIDE_A_ROUND and "words only" in record.reason, path
    assert played == []
    assert round_independent("hands.definitions.pontoon.ties") is None
    assert round_independent("hands.definitions.pontoon") is None
