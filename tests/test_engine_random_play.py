"""The one generic random-play test every bundled ruleset must pass."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import CHANCE, RoundState, full_counts
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def random_stakes(rng: random.Random, seats: int, bank: int | None) -> list[int]:
    """A stake of 1 to 500 for each seat; where the bank is an amount (ochko-home), all of
    them together within it (a stake of the bank's last coin at the least)."""
    stakes: list[int] = []
    for seat in range(seats):
        high = 500 if bank is None else min(500, bank - sum(stakes) - (seats - seat - 1))
        stakes.append(rng.randint(1, max(1, high)))
    return stakes


def play_randomly(ruleset_id: str, seats: int, seed: int) -> RoundState:
    """Random legal decisions and random cards (by their probabilities) to the end
    (`ruleset_id`: a bundled id or a ruleset file)."""
    rules = compile_rules(load_ruleset(ruleset_id))
    rng = random.Random(seed)
    state = RoundState(rules, random_stakes(rng, seats, rules.bank_amount))
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            cards, weights = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(cards, weights)[0])
            continue
        legal = state.legal_actions()
        assert legal, f"no legal action before the end: {state.history}"
        option = rng.choice(legal)
        amount = None if option.low is None else rng.randint(option.low, option.high or 0)
        state.apply_action(type(option.example())(option.kind, amount))
    return state


@pytest.mark.parametrize("ruleset_id", bundled_ids())
@settings(max_examples=60, deadline=None)
@given(seats=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_random_play(ruleset_id: str, seats: int, seed: int) -> None:
    rules = load_bundled(ruleset_id)
    seats = min(seats, rules.table.max_players)
    state = play_randomly(ruleset_id, seats, seed)
    result = state.result()
    # Money is conserved, hand by hand and seat by seat; a hand wins or loses at most what
    # the outcome table pays or collects (at least twice and three times the stake).
    cells = compile_rules(rules).cells.values()
    most_lost = max(2, *(c.collects for c in cells))
    most_won = max(3, *(c.pays for c in cells))
    for seat in result.seats:
        assert seat.net == (sum(h.net for h in seat.hands) + seat.insurance_net
                            + seat.between_players - seat.entry
                            + sum(net for _staked, net in seat.side_bets.values()))
        for hand in seat.hands:
            assert -most_lost * hand.staked <= hand.net <= most_won * hand.staked
    assert result.banker_net == -sum(s.net for s in result.seats)
    # Every card dealt is in exactly one hand, and none beyond what the packs hold.
    dealt = Counter(card_code(c) for actor, c in state.history if actor == CHANCE)  # type: ignore[arg-type]
    held = Counter(c for s in result.seats for h in s.hands for c in h.cards)
    held.update(result.banker_cards)
    assert dealt == held
    full = full_counts(compile_rules(rules))
    assert all(dealt[card_code(c)] <= full[c] for c in range(52))


DECISION_RULESETS = ("tests/rulesets/spanish-21-decisions.yaml",
                     "tests/rulesets/australian-decisions.yaml",
                     "tests/rulesets/early-surrender.yaml",
                     "tests/rulesets/side-bets.yaml")
"""Test rulesets with surrender, the rescue, redoubles and doubling by total."""


@pytest.mark.parametrize("path", DECISION_RULESETS)
@settings(max_examples=80, deadline=None)
@given(seats=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_random_play_with_the_family_decisions(path: str, seats: int, seed: int) -> None:
    state = play_randomly(path, seats, seed)
    result = state.result()
    rules = state.rules
    assert result.banker_net == -sum(s.net for s in result.seats)
    for seat, played in zip(result.seats, state.seats, strict=True):
        side = sum(net for _, net in seat.side_bets.values())
        assert seat.net == sum(h.net for h in seat.hands) + seat.insurance_net + side
        assert all(-staked <= net <= 22 * staked for staked, net in seat.side_bets.values())
        for hand, held in zip(seat.hands, played.hands, strict=True):
            if hand.surrendered:
                assert rules.surrender is not None
                back = hand.staked * rules.surrender.returns
                assert hand.net == -(hand.staked - int(back))
            if hand.rescued:
                kept = hand.stakes[-1] if rules.rescue_last_only else sum(hand.stakes[1:])
                assert hand.net == -(hand.staked - kept) and len(hand.stakes) > 1
            if len(hand.stakes) > 1 and not held.is_split:
                assert len(hand.stakes) - 1 <= rules.double_times
            assert -2 * hand.staked <= hand.net <= 3 * hand.staked
