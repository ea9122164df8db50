"""Money between players and the bank as it stands (issue 48): every round conserves money.

Random legal play under rulesets with a hand every other player pays (Vingt-un's natural),
a compulsory stake into the bank and the bank as it stands (with buys, doubles and splits
that draw on it): the seats' nets, the banker's and the payments between players sum to
zero; the payments between players sum to zero by themselves; a stake placed against the
bank as it stands is never more than the stake asked, and what may still be staked against
the bank never falls below nothing.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.engine.round.between_players import prizes_to_others
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset


def variant(ref: str, changes: dict[str, Any]) -> Ruleset:
    data = load_ruleset(ref).model_dump(mode="python")
    for path, value in changes.items():
        data = with_value(data, path, value)
    return Ruleset.model_validate(data)


RULESETS = {
    "vingt-un": variant("vingt-un", {}),
    "vingt-un, single stakes between players": variant(
        "vingt-un", {"hands.definitions.pontoon.paid_by_players": "1:1",
                     "hands.definitions.twenty-one.paid_by_players": "3:2"}),
    "ochko-home with an entry": variant("ochko-home", {"table.bank.entry": 7}),
    "the Super Bonus with its Envy Bonus, on every three-card hand": variant(
        "examples/spanish-21/spanish-21-super-bonus.yaml",
        {"hands.definitions.super-bonus-5.ranks": None,
         "hands.definitions.super-bonus-5.min_cards": 3,
         "hands.definitions.super-bonus-5.max_cards": 3,
         "hands.definitions.super-bonus-5.suits": "any",
         "hands.definitions.super-bonus-5.banker_up_ranks": None,
         "hands.definitions.super-bonus-5.min_stake": None,
         "hands.definitions.super-bonus-5.max_stake": None}),
    "a capped bank as it stands": variant(
        "tests/rulesets/capped-bank.yaml", {"table.bank.cap": "as-it-stands",
                                            "table.bank.entry": 3}),
}


def play(ruleset: Ruleset, seats: int, seed: int) -> tuple[RoundState, list[int]]:
    rules = compile_rules(ruleset)
    rng = random.Random(seed)
    seats = min(seats, rules.max_players)
    high = 500 if rules.bank_amount is None else rules.bank_amount
    asked = [rng.randint(rules.min_stake, min(high, rules.max_stake or high))
             for _ in range(seats)]
    if rules.bank_amount is not None and not rules.bank_as_it_stands:
        asked = [min(a, rules.bank_amount // seats) or 1 for a in asked]
    state = RoundState(rules, asked)
    while not state.is_terminal():
        if state.is_chance_node():
            cards, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights)[0])
            continue
        option = rng.choice(state.legal_actions())
        amount = None if option.low is None else rng.randint(option.low, option.high or 0)
        state.apply_action(type(option.example())(option.kind, amount))
    return state, asked


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(RULESETS)), seats=st.integers(1, 6),
       seed=st.integers(0, 2**32))
def test_every_round_conserves_money(name: str, seats: int, seed: int) -> None:
    state, asked = play(RULESETS[name], seats, seed)
    result = state.result()
    assert result.banker_net + sum(s.net for s in result.seats) == 0
    # payments between players sum to zero; the banker pays each prize to the others
    prizes = prizes_to_others(state.rules)
    staked = [i for i, s in enumerate(result.seats) if s.hands[0].stakes]
    owed = sum(prizes[c] * len([o for o in staked if o != i])
               for i, s in enumerate(result.seats)
               for c in {h.hand_class for h in s.hands} & prizes.keys())
    assert sum(s.between_players for s in result.seats) == owed
    for seat, stake in zip(result.seats, asked, strict=True):
        side = sum(net for _, net in seat.side_bets.values())
        assert seat.net == (sum(h.net for h in seat.hands) + seat.insurance_net + side
                            + seat.between_players - seat.entry)
        first = seat.hands[0].stakes[:1] or [0]
        assert 0 <= first[0] <= stake
    if state.rules.bank_as_it_stands:
        # the bank the stakes were placed against never went below nothing
        assert state.bank_left is not None and state.bank_left >= 0
