"""Shoot Pontoon inside a round: where shoot bets are offered, their limits and settlement."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import random_action
from pontoon_rules.engine.scripts.script import ScriptRun, play
from pontoon_rules.errors import IllegalActionError
from pontoon_rules.ruleset.loading.loader import load_ruleset

SHOOT = compile_rules(load_ruleset("shoot-pontoon"))

# Deal order with two seats: p1, p2, banker, [shoot decisions], p1, p2, banker; then draws.


def run(stakes: list[int], shoe: str, actions: str, kitty: int | None) -> ScriptRun:
    steps = [a.strip() for a in actions.split(",") if a.strip()]
    return play(SHOOT, stakes, parse_cards(shoe.split()), steps, kitty)


def decisions(r: ScriptRun) -> list[tuple[str, list[str], str]]:
    return [(e["actor"], e["legal"], e["action"]) for e in r.transcript
            if e["event"] == "decision"]


def conserved(r: ScriptRun) -> bool:
    result = r.result
    return result.banker_net + result.kitty_change + sum(s.net for s in result.seats) == 0


def test_without_a_kitty_the_round_is_plain_pontoon() -> None:
    r = run([100], "TS 9D 8S 8D", "p1 stick, banker stick", None)
    assert r.result.kitty is None and "kitty" not in r.to_json()
    assert [s.net for s in r.result.seats] == [100]


def test_first_shoot_bets_come_after_the_first_card_from_the_banker_left() -> None:
    r = run([10, 10], "TS 9H 9D 8S 8H 8D", "p1 shoot 20, p2 shoot 30, p1 stick, p2 stick, "
            "banker stick", 50)
    first = decisions(r)[:2]
    assert first == [("p1", ["shoot 1..50", "decline"], "shoot 20"),
                     ("p2", ["shoot 1..30", "decline"], "shoot 30")]
    deals = [e["to"] for e in r.transcript[:5] if e["event"] == "deal"]
    assert deals == ["p1", "p2", "banker"]  # only the first card before the bets
    # p1 18 beats the banker's 17 and is paid from the kitty; p2 17 ties and loses into it.
    hands = [s.hands[0] for s in r.result.seats]
    assert [(h.shoot, h.shoot_net) for h in hands] == [(20, 20), (30, -30)]
    assert r.result.kitty is not None and r.result.kitty.after == 60
    assert conserved(r)


def test_a_first_bet_of_the_whole_kitty_shuts_out_the_rest() -> None:
    r = run([10, 10], "TS 9H 9D 8S 8H 8D", "p1 shoot 50, p1 stick, p2 stick, banker stick", 50)
    assert [d[0] for d in decisions(r)] == ["p1", "p1", "p2", "banker"]
    with pytest.raises(IllegalActionError) as e:
        run([10, 10], "TS 9H 9D 8S 8H 8D", "p1 shoot 20, p2 shoot 31", 50)
    assert e.value.code == "bad_amount" and "shoot 1..30" in str(e.value)


def test_the_fourth_card_bet_even_without_a_first_one() -> None:
    r = run([10, 10], "2S 9H TD 3S 8D 7C 2H 5C 9S",
            "p1 decline, p2 decline, p1 twist, p1 twist, p1 shoot 10, p1 twist, p2 stick, "
            "banker stick", 50)
    offers = [d for d in decisions(r) if "decline" in d[1]]
    assert len(offers) == 3  # two first bets, then only before the fourth card
    assert offers[2] == ("p1", ["shoot 1..50", "decline"], "shoot 10")
    order = [e.get("card") or e["action"] for e in r.transcript]
    assert order.index("shoot 10") < order.index("5C")  # the bet comes before the card
    hand = r.result.seats[0].hands[0]
    assert hand.hand_class == "five-card-trick" and hand.shoot_net == 10
    assert conserved(r)


def test_a_bust_shoot_bet_feeds_the_kitty_at_once() -> None:
    """p1's whole-kitty bet busts; the kitty doubles at once, so p2 may bet 40."""
    r = run([10, 10], "TS 2S 9D 6H 3S 8D KH 4S 5C 6C",
            "p1 shoot 20, p1 twist, p2 twist, p2 twist, p2 shoot 40, p2 twist, banker stick",
            20)
    assert ("p2", ["shoot 1..40", "decline"], "shoot 40") in decisions(r)
    p1, p2 = (s.hands[0] for s in r.result.seats)
    assert (p1.shoot_net, p2.shoot_net) == (-20, 40)
    assert r.result.kitty is not None and r.result.kitty.after == 0
    assert [s.net for s in r.result.seats] == [-30, 60] and r.result.banker_net == -10
    assert conserved(r)


def test_the_banker_pontoon_sweeps_every_shoot_bet() -> None:
    r = run([10, 10], "AS 5H AD KS 6H QD", "p1 shoot 10, p2 shoot 5", 50)
    assert r.result.ended_early
    assert [s.hands[0].shoot_net for s in r.result.seats] == [-10, -5]
    assert r.result.kitty is not None and r.result.kitty.change == 15
    assert r.result.banker_net == 40 and conserved(r)


def test_after_a_split_the_second_hand_gets_its_own_bet() -> None:
    r = run([10], "8S 9D 8H 8D TS 9S",
            "p1 shoot 10, p1 split, p1 shoot 5, p1 stick, p1 stick, banker stick", 50)
    offer = [e for e in r.transcript if e.get("action") == "shoot 5"][0]
    assert offer["hand"] == 2 and offer["legal"] == ["shoot 1..40", "decline"]
    order = [e.get("card") or e["action"] for e in r.transcript]
    assert order.index("shoot 5") < order.index("TS")  # before the split's cards
    hands = r.result.seats[0].hands
    assert [(h.cards, h.shoot, h.shoot_net) for h in hands] == [
        (["8S", "TS"], 10, 10), (["8H", "9S"], 5, -5)]
    assert conserved(r)


def test_a_kitty_is_ignored_where_the_ruleset_has_no_shoot() -> None:
    rules = compile_rules(load_ruleset("pagat-british"))
    r = play(rules, [100], parse_cards("TS 9D 8S 8D".split()), ["p1 stick", "banker stick"], 50)
    assert r.result.kitty is None


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(1, 6), kitty=st.integers(1, 300), seed=st.integers(0, 2**32))
def test_random_shoot_rounds_conserve_money(seats: int, kitty: int, seed: int) -> None:
    rng = random.Random(seed)
    state = RoundState(SHOOT, [rng.randint(1, 50) for _ in range(seats)], kitty=kitty)
    while not state.is_terminal():
        if state.is_chance_node():
            cards, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights)[0])
        else:
            state.apply_action(random_action(rng.choice(state.legal_actions()), rng))
        if state.kitty is not None:
            assert state.kitty.outstanding <= state.kitty.now
    nets = state.returns()  # the fast path, before the full settlement
    result = state.result()
    assert result.kitty is not None and result.kitty.after >= 0
    assert result.banker_net + result.kitty_change + sum(s.net for s in result.seats) == 0
    assert nets == [s.net for s in result.seats]
    clone = state.clone()
    assert clone.result().to_json() == result.to_json()
