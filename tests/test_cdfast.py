"""The compiled composition-dependent recursion (`analysis.composition.compiled` on the C
kernel, `native/analysis.c`) gives the numbers of the memoised recursion it replaces, and
the exact ones."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import LONG, size
from test_native import one_group
from test_sim_differential import overlay, random_overlay

from pontoon_rules.analysis.composition import compiled as cdfast
from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset

TINY = Path(__file__).parent / "rulesets"


def both(rules: Rules) -> tuple[np.ndarray, np.ndarray, CompositionModel]:
    """The round's statistics compiled and memoised (the model that compiled)."""
    fast = CompositionModel(rules)
    fast_stats = fast.stats()
    slow = CompositionModel(rules)
    slow._prepared = True  # the memoised recursion only
    return fast_stats, slow.stats(), fast


@pytest.mark.skipif(not LONG, reason="make test: tests/test_native.py's "
                    "test_c_equals_the_memoised_recursion_on_bundled_rulesets checks these "
                    "four among every bundled ruleset")
@pytest.mark.parametrize("ruleset_id", ["blackjack-reference", "pagat-british",
                                        "casino-ochko", "belarus-ponton"])
def test_compiled_equals_memoised_on_bundled_rulesets(ruleset_id: str) -> None:
    """Every statistic, for the four shapes of game: CDZ- splits against an up card
    (blackjack), no visible card with buying (pagat), post-split best play (Очко),
    thirteen kinds (Belarus). `make test` leaves it to tests/test_native.py, whose test
    of every bundled ruleset with a finite shoe makes the same two solves of these four
    (each from empty shared tables) and holds them to the same 1e-12; the memoised
    recursion is the most of both tests' time."""
    fast, slow, model = both(compile_rules(load_ruleset(ruleset_id)))
    assert model._prepared and model._memo, "the compiled recursion ran"
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-12)


@pytest.mark.parametrize(("base", "change"), [
    ("belarus-ponton", {"player": {"draw_on_21": True},
                        "hands": {"definitions": {"pontoon": {"may_draw_on": False}}}}),
    ("blackjack-reference", {"player": {"draw_on_21": True}}),
    ("casino-ochko", {"player": {"split": {**load_ruleset("casino-ochko").player.split
                                           .model_dump(mode="python"),
                                           "resplit_one_branch": False}}}),
])
def test_compiled_equals_memoised_where_split_and_unsplit_options_differ(
        base: str, change: dict[str, object]) -> None:
    """A split ace and ten is 21 and may draw where the unsplit pontoon may not: the
    CDZ- hand values the split hand's options on the unsplit hand all the same."""
    fast, slow, _ = both(overlay(base, change))
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-12)


def test_blackjack_uses_the_compiled_cdz_bases() -> None:
    model = CompositionModel(compile_rules(load_ruleset("blackjack-reference")))
    model.prepare()
    assert sorted(model.fast_bases) == list(range(10))
    # splitting aces: no resplit, so two other pair cards at most (e = 0..2)
    assert model.fast_bases[0].shape[:2] == (2, 3)
    assert model.fast_bases[7].shape[:2] == (2, 7)


@pytest.mark.parametrize("name", ["tiny-ochko", "tiny-belarus", "tiny-pagat", "tiny-blackjack",
                                  "tiny-split-ochko", "tiny-split-blackjack", "tiny-values",
                                  "tiny-values-blackjack", "tiny-double-totals",
                                  "tiny-soft-double", "tiny-redouble", "tiny-surrender",
                                  "tiny-surrender-no-hole", "tiny-rescue", "tiny-suited",
                                  "tiny-obbo"])
def test_compiled_equals_fractions_on_tiny_packs(name: str) -> None:
    """On one tiny real pack the compiled float recursion equals the exact one (Fractions,
    itself equal to brute force through `RoundState`, tests/test_composition.py)."""
    rules = compile_rules(load_ruleset(TINY / f"{name}.yaml"))
    fast = CompositionModel(rules)
    exact = CompositionModel(rules, exact=True)
    assert not cdfast.applies(exact)
    np.testing.assert_allclose(fast.stats(), np.array(exact.stats(), dtype=float),
                               rtol=0, atol=1e-12)
    assert fast._prepared


@settings(max_examples=size(2, 6), deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_compiled_equals_memoised_on_random_overlays(seed: int) -> None:
    """Bundled rulesets with three random fields changed (a finite shoe). Two overlays in
    `make test` still catch a compiled recursion that drops or misreads a changed field
    the fixed cases above leave at its default; `make test-long` tries six."""
    from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError

    rng = random.Random(seed)
    while True:
        rules = random_overlay(rng)
        if rules is None or rules.decks is None:
            continue
        try:
            fast, slow, _ = both(one_group(rules))
        except UnsupportedFeatureError:  # a rule the method does not read: refused
            continue
        break
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-12)
