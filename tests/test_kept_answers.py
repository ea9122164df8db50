"""Answers worked out once and kept (issue 47: the test suite's time): the outcome table
per content of the sections it reads, the peek's face-up ranks per content of the ruleset,
a sheet's `applies` per ruleset object. The key must be all that decides the answer, what
comes back must be what a fresh working-out gives, and a ruleset read through
`docs.words.reading` must still note every field the answer reads."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.words.reading import reading
from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving import outcomes
from pontoon_rules.ruleset.resolving.outcomes import outcome_table


@pytest.mark.parametrize("every_hand", [False, True])
def test_the_table_reads_only_the_sections_of_its_key(every_hand: bool) -> None:
    """Resolved through a wrapper that notes every field read, each bundled ruleset's
    table reads nothing outside `hands` and `settlement` (the sections the key dumps)."""
    for ruleset_id in bundled_ids():
        seen: set[str] = set()
        outcome_table(reading(load_bundled(ruleset_id), seen), every_hand)
        assert seen, ruleset_id
        outside = sorted(p for p in seen if p.split(".")[0] not in ("hands", "settlement"))
        assert not outside, (ruleset_id, outside)


def test_a_kept_table_is_the_fresh_one_and_a_new_dict() -> None:
    """Asked again, the same cells as a fresh resolution, in a dict of its own (a caller
    that changes it changes no other caller's)."""
    ruleset = load_bundled("spanish-21")
    first = outcome_table(ruleset)
    first.clear()
    again = outcome_table(ruleset)
    assert again and again == outcomes._resolved(ruleset, False)
    assert outcome_table(ruleset, every_hand=True) == outcomes._resolved(ruleset, True)


def test_a_change_of_either_section_is_another_table() -> None:
    """A ruleset whose ties or a hand's odds differ gets its own table, not the first's."""
    base = load_bundled("pagat-british")
    data = base.model_dump(mode="python")
    ties = Ruleset.model_validate(with_value(data, "settlement.ties", "push"))
    hand = next(iter(base.hands.definitions))
    odds = Ruleset.model_validate(with_value(data, f"hands.definitions.{hand}.pays", "5:1"))
    tables = [outcome_table(r) for r in (base, ties, odds)]
    assert tables[0] != tables[1] and tables[0] != tables[2]
    assert tables[1] == outcomes._resolved(ties, False)
    assert tables[2] == outcomes._resolved(odds, False)


def test_a_ruleset_read_for_its_words_notes_every_read_even_when_kept() -> None:
    """A table already kept for the plain ruleset is resolved anew through a reading
    wrapper, so the fields a sentence covers are the fields its table read."""
    ruleset = load_bundled("casino-ochko")
    outcome_table(ruleset)
    seen: set[str] = set()
    assert outcome_table(reading(ruleset, seen)) == outcome_table(ruleset)
    assert any(p.startswith("hands.") for p in seen)
    assert any(p.startswith("settlement.") for p in seen)


def test_the_peeks_ranks_are_kept_per_ruleset() -> None:
    """The face-up ranks under which the banker can hold a natural: the kept answer is the
    fresh one, in a list of its own; a pack without tens is another answer."""
    from pontoon_rules.engine.round import example_hands

    base = load_bundled("blackjack-reference")
    first = example_hands.natural_up_ranks(base)
    assert first is not None and "A" in first
    first.clear()
    assert example_hands.natural_up_ranks(base) == example_hands._up_ranks(base)
    other = load_bundled("spanish-21")  # no tens in its pack
    assert example_hands.natural_up_ranks(other) == ["A", "J", "Q", "K"]
    assert example_hands._up_ranks(other) == ["A", "J", "Q", "K"]
    assert example_hands.natural_up_ranks(base) == ["A", "T", "J", "Q", "K"]


def test_applies_is_kept_per_ruleset_and_read_anew_through_a_reading() -> None:
    """A field switched off by its gate does not apply; the same path on a ruleset that
    switches it on does (another object, its own answers); through a reading wrapper the
    answer is worked out again and the gate it read is noted."""
    from pontoon_rules.docs.words.conditions import applies

    base = load_bundled("blackjack-reference")
    data = base.model_dump(mode="python")
    off = Ruleset.model_validate(with_value(data, "player.double.allowed", False))
    on = Ruleset.model_validate(with_value(data, "player.double.allowed", True))
    path = "player.double.min_cards"
    assert [applies(off, path), applies(on, path), applies(off, path)] == [False, True, False]
    seen: set[str] = set()
    assert not applies(reading(off, seen), path)
    assert "player.double.allowed" in seen


def test_the_stake_unit_is_the_least_multiple_of_every_payout_term() -> None:
    """`stake_unit`, read from the table without naming fields, is the least common
    multiple of the denominators of every term `payout_terms` names, for each bundled
    ruleset and one whose named hand pays 7:5."""
    import math

    from pontoon_rules.ruleset.resolving.outcomes import payout_terms, stake_unit

    rulesets = [load_bundled(i) for i in bundled_ids()]
    base = load_bundled("pagat-british")
    hand = next(iter(base.hands.definitions))
    rulesets.append(Ruleset.model_validate(with_value(
        base.model_dump(mode="python"), f"hands.definitions.{hand}.pays", "7:5")))
    units = [stake_unit(r) for r in rulesets]
    assert units == [math.lcm(*(f.denominator for _w, f in payout_terms(r))) for r in rulesets]
    assert units[-1] % 5 == 0
