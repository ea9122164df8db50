"""Random sessions of every bundled ruleset: money and cards are conserved after every deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import random_action
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.engine.sessions.session_auto import people_names
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

DEALS = 10


def between_deals(s: Session, rng: random.Random) -> None:
    """Random moves of the banker: a sale now and then, a kitty, a top-up."""
    if s.rules.ruleset.between_deals.bank_sale and not s.is_house and rng.random() < 0.1:
        s.sell_bank(rng.choice(s.seats()), rng.randint(0, 50))
    if s.needs_kitty():
        s.put_up_kitty(rng.randint(1, 200))
    elif s.rules.shoot and rng.random() < 0.2:
        s.top_up(rng.randint(1, 50))


def from_ledger(s: Session) -> dict[str, int]:
    out = dict.fromkeys(s.balances, 0)
    for p in s.ledger:
        for name, sign in ((p.payer, -1), (p.payee, 1)):
            if name in out:
                out[name] += sign * p.amount
    return out


def random_stakes(s: Session, rng: random.Random) -> list[int]:
    """1 to 100 for each seat; where the bank is an amount (ochko-home), within what is left
    in it (a seat it cannot cover sits out, staking 0; one seat always plays)."""
    if s.bank is None:
        return [rng.randint(1, 100) for _ in s.seats()]
    stakes, left = [], s.bank
    for _seat in s.seats():
        stake = min(rng.randint(1, 100), left)
        stakes.append(stake)
        left -= stake
    return stakes


@pytest.mark.parametrize("ruleset_id", bundled_ids())
@settings(max_examples=12, deadline=None)
@given(seats=st.integers(1, 7), seed=st.integers(0, 2**32))
def test_random_sessions_conserve_money_and_cards(ruleset_id: str, seats: int,
                                                  seed: int) -> None:
    rules = compile_rules(load_bundled(ruleset_id))
    seats = min(seats, rules.max_players)
    house = rules.ruleset.table.banker is BankerRole.HOUSE_DEALER
    rng = random.Random(seed)
    s = Session(rules, people_names(seats if house else seats + 1), rng)
    full = Counter(full_pack(rules))

    def act(state: RoundState) -> None:
        state.apply_action(random_action(rng.choice(state.legal_actions()), rng))

    for _ in range(DEALS):
        between_deals(s, rng)
        record = s.play_deal(random_stakes(s, rng), act)
        result = record.result
        assert result.banker_net + result.kitty_change + sum(x.net for x in result.seats) == 0
        assert s.table_total() == 0, "players + banker + kitty"
        assert s.balances == from_ledger(s)
        assert s.pack.held() == full, "a card was duplicated or lost"
        assert s.kitty >= 0
    s.close()
    assert s.kitty == 0 and s.table_total() == 0


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_a_capped_bank_is_never_overstaked_and_money_is_conserved(seats: int,
                                                                   seed: int) -> None:
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    rules = compile_rules(load_ruleset("tests/rulesets/capped-bank.yaml"))
    rng = random.Random(seed)
    s = Session(rules, people_names(seats + 1), rng)
    assert s.first_banker is not None and s.banker == s.first_banker.banker

    def act(state: RoundState) -> None:
        state.apply_action(random_action(rng.choice(state.legal_actions()), rng))

    for _ in range(DEALS):
        assert s.bank is not None and s.bank >= rules.min_stake
        stakes, left = [], s.bank
        for _seat in s.seats():
            stake = left if rng.random() < 0.2 else min(rng.randint(0, 100), left)
            stake = stake if stake >= rules.min_stake else 0
            stakes.append(stake)
            left -= stake
        if not any(stakes):
            stakes[0] = s.bank if s.bank <= 100 or rules.va_bank else 100
        bank_before, banker = s.bank, s.banker
        record = s.play_deal(stakes, act)
        staked = sum(h.staked for seat in record.result.seats for h in seat.hands) + sum(
            seat.insurance for seat in record.result.seats)
        assert staked <= bank_before, "the bank caps every stake, buy and double"
        if record.next_banker == banker:
            assert s.bank == bank_before + record.result.banker_net
        else:
            assert s.bank == 300 and s.banker_deals == 0
        assert s.table_total() == 0 and s.balances == from_ledger(s)
