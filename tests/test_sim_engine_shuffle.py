"""The engine path's shuffle (`sim.runs.engine.shuffled`, issue 45: one loop instead of
`random.shuffle`'s two calls a card) is `random.shuffle`'s: the same order and the same
generator state after it, so a seed's figures are unchanged."""

from __future__ import annotations

import random

import pytest

from pontoon_rules.sim.runs.engine import shuffled


@pytest.mark.parametrize("size", [1, 2, 3, 13, 52, 104, 312])
def test_the_engine_path_shuffles_as_random_shuffle(size: int) -> None:
    cards = list(range(size))
    for seed in range(25):
        theirs, ours = random.Random(seed), random.Random(seed)
        expected = cards.copy()
        theirs.shuffle(expected)
        assert shuffled(ours, cards) == expected
        assert ours.getstate() == theirs.getstate()
    assert cards == list(range(size))  # a copy is shuffled, the pack stays in order
