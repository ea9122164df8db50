"""The compiled simulator plays named hands held against some banker's up cards or for a
band of stakes only, paid a fixed prize, or paying a prize to the other players (Spanish
21's Super Bonus and Envy Bonus) as the engine settles them: the same shoes give the same
money for every seat, and its figure meets `edge`'s exact one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.sim.kernels.compiled import compile_sim, full_shoe
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.fastpath import fast_problem
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundRunner
from tests.test_sim_differential import engine_round

HERE = Path(__file__).parent
PRIZES = (1200, 100000, 500000)
TINY = HERE / "rulesets" / "tiny-up-card.yaml"
SUPER_BONUS = HERE.parent / "rulesets" / "spanish-21.yaml"


def _rules(path: Path) -> Rules:
    return compile_rules(load_ruleset(str(path)))


def _sevens_on_top(rules: Rules, shoe: list[int], rng: random.Random,
                   seats: int) -> list[int]:
    """`shoe` stacked so that seat 1 of `seats` is dealt two sevens of one suit against a
    banker's 7 face up (any sevens where the pack has no three of a suit), and the first
    card after the deal is a third seven (the Super Bonus where seat 1 draws to 14)."""
    from pontoon_rules.sim.runs.fastpath import deal_pattern

    assert not rules.deal_by_hand  # one card a seat at a time: seat 1's is the first
    order = [x for who in deal_pattern(compile_sim(rules).params)
             for x in ([1] if who else [0] + [2] * (seats - 1))]
    seven = [c for c in shoe if c >> 2 == 6]
    suits = [s for s in sorted({c & 3 for c in seven})
             if sum(c & 3 == s for c in seven) >= 3]
    suit = rng.choice(suits) if suits else None
    mine = ([c for c in seven if c & 3 == suit][:3] if suits
            else rng.sample(seven, 3))  # a pack of one seven a suit: any three
    rest = list(shoe)
    for card in mine:
        rest.remove(card)
    up = next(c for c in rest if c >> 2 == 6)
    rest.remove(up)
    others = [c for c in rest if c >> 2 != 6]
    given: dict[int, list[int]] = {0: mine[:2], 1: [up], 2: []}
    top = [given[who].pop(0) if given[who] else others.pop(0) for who in order]
    top.append(mine[2])
    left = list(shoe)
    for card in top:
        left.remove(card)
    return top + left


def _same_money(rules: Rules, player: str, rounds: int, seed: int, stakes_from: list[int],
                sevens: float = 0.0, seats: int = 4, dealing: str = "infinite") -> set[int]:
    """Play `rounds` shoes through the engine and the compiled kernel, seats staking from
    `stakes_from`; a share `sevens` of the rounds stacked for seat 1's Super Bonus
    (`_sevens_on_top`). The nets seat 1 was paid (the prizes among them), and the other
    seats' nets where seat 1 was paid a prize. Every round's money is conserved: the seats'
    nets, the banker's and the kitty's change sum to nothing (an Envy Bonus is the
    banker's)."""
    strat = strategy(rules, player, dealing=dealing)
    runner = RoundRunner(rules, strat, seats)
    policy = engine_policy(rules, strat)
    rng = random.Random(seed)
    shoe = [int(c) for c in full_shoe(rules)]
    seen = set()
    for i in range(rounds):
        rng.shuffle(shoe)
        n = rng.randint(1, seats)
        stakes = [rng.choice(stakes_from) for _ in range(n)]
        cards = shoe
        if rng.random() < sevens:
            cards = _sevens_on_top(rules, shoe, rng, n)
        want = engine_round(rules, policy, cards, stakes, 0)
        got = runner.play_shoe(cards, stakes, 0)
        assert got == want, f"round {i}: stakes {stakes} shoe {cards[:12]}"
        assert got.banker + got.kitty_change + sum(got.seats) == 0  # the prizes conserved
        assert runner.play_shoe(cards, stakes, 0, kernel="general") == want
        seen.add(got.seats[0])
        if got.seats[0] in PRIZES:
            seen.update(got.seats[1:])
    return seen


@pytest.mark.parametrize("player", ["best", "stand-16"])
def test_a_prize_by_the_up_card_and_the_stake_matches_the_engine(player: str) -> None:
    """tiny-up-card: 7-7-7 against a banker's 7 pays 1,200 at stakes of 100 to 999 (2:1
    elsewhere), 6-7-8 pays 100,000 at 1,000 or more; two seats (the pack is small), the other
    paid 50 by the banker when one holds the 7-7-7 prize (the Envy Bonus)."""
    rules = _rules(TINY)
    seen = _same_money(rules, player, 1500, 5, [100, 140, 999, 1000, 1500], sevens=0.2,
                       seats=2)
    assert 1200 in seen and 100000 in seen  # prizes paid, not odds of the stake
    assert {50 + 100, 50 + 140, 50 - 100, 50 - 140} & seen  # the Envy Bonus to the other


def test_the_shoes_own_best_play_matches_the_engine() -> None:
    """The composition-dependent tables of tiny-up-card's own shoe (each visible card by its
    group of up cards' model) decide in the kernel as in the engine."""
    rules = _rules(TINY)
    assert strategy(rules, "best", dealing="shoe").by_cards
    _same_money(rules, "best", 800, 9, [100, 999, 1000], sevens=0.2, seats=2, dealing="shoe")


def test_the_super_bonus_matches_the_engine() -> None:
    """Spanish 21 with its Super Bonus: its stake bands ($5 to $24, $25 or more, in cents)
    and the suited 7-7-7 below them, the Envy Bonus to the other seats."""
    rules = _rules(SUPER_BONUS)
    _same_money(rules, "best", 150, 7, [100, 500, 2499, 2500, 10000], sevens=0.5)
    # best play splits 7-7 against a 7 (valued at the least stake, 1, below both bands);
    # stand-16 draws to 14
    seen = _same_money(rules, "stand-16", 150, 8, [100, 500, 2499, 2500, 10000], sevens=0.5)
    assert {100000, 500000} <= seen


def test_the_fast_kernel_leaves_them_to_the_general_one() -> None:
    """A stake band on a classic hand (the pontoon) would pass the fast kernel's classic
    view: it names the condition, and the general kernel plays the round."""
    from pontoon_rules.ruleset.loading.registry import load_bundled

    base = load_bundled("blackjack-reference")
    pontoon = base.hands.definitions["pontoon"].model_copy(update={"max_stake": 150})
    hands = base.hands.model_copy(update={"definitions": {**base.hands.definitions,
                                                          "pontoon": pontoon}})
    rules = compile_rules(base.model_copy(update={"hands": hands}))
    assert fast_problem(compile_sim(rules)) == ("named hands by the banker's up card or the "
                                                "stake, or paid a prize")
    assert fast_problem(compile_sim(compile_rules(base))) is None


def test_the_compiled_figure_meets_the_exact_edge() -> None:
    """On an infinite deck the compiled simulation's 99.9% interval holds the exact edge of
    tiny-up-card (prizes valued at the least stake, 100, where the 7-7-7 band holds)."""
    from pontoon_rules.analysis.edge import house_edge
    from pontoon_rules.sim.runs.simulate import simulate

    rules = _rules(TINY)
    exact = float(house_edge(rules, "infinite").ev)
    result = simulate(rules, 300_000, seed=3, dealing="infinite")
    assert result.path == "compiled"
    assert abs(result.mean - exact) < result.half_width
    assert any("played at a stake of 100" in n for n in result.notes)
    assert any("super sevens: 50 to each" in n for n in result.notes)


def test_the_shoes_figure_meets_the_exact_shoe_edge() -> None:
    """Dealt from tiny-up-card's own 16 cards, the compiled simulation by the shoe's own best
    play (composition-dependent, one model a group of up cards) holds the exact edge of the
    shoe in its 99.9% interval; the infinite deck's decisions would not be the exact play."""
    from pontoon_rules.analysis.edge import house_edge
    from pontoon_rules.sim.runs.simulate import simulate

    rules = _rules(TINY)
    exact = float(house_edge(rules).ev)
    result = simulate(rules, 300_000, seed=4, dealing="shoe")
    assert "the cards it holds" in result.method
    assert abs(result.mean - exact) < result.half_width


def test_money_bounds_count_the_prizes() -> None:
    """A fixed prize is money a round moves whatever the stake: the bound holds it."""
    from pontoon_rules.sim.kernels.money import round_swing

    rules = _rules(TINY)
    plain = _rules(HERE / "rulesets" / "tiny-named-ranks.yaml")
    assert round_swing(rules, 1, 1) >= 100_000 > round_swing(plain, 1, 1)


@pytest.mark.parametrize("stake", [10, 500, 2500])
def test_sessions_of_the_super_bonus_match_the_engine(stake: int) -> None:
    """Whole sessions of Spanish 21 (the Super Bonus bundled) on the C session kernel, three
    players staking below, in and above the $5 band: the engine's balances."""
    import numpy as np

    from pontoon_rules.engine.sessions.session_auto import TablePolicy as EngineTable
    from pontoon_rules.engine.sessions.session_auto import play_session
    from pontoon_rules.sim.kernels.cards import SimRandom
    from pontoon_rules.sim.sessions.tables import SessionTable, TablePolicy

    rules = _rules(SUPER_BONUS)
    seed, deals = 4242 + stake, 300
    engine = play_session(rules, 3, deals, SimRandom(seed), EngineTable("stand-17", stake, 0,
                                                                        10))
    table = SessionTable(rules, strategy(rules, "stand-17"), 3,
                         np.array([seed], dtype=np.uint64), TablePolicy(stake, 0, 10))
    table.play(deals)
    engine.close()
    assert table.balances() == engine.balances


def _tiny_with(stake: int, **hands: dict[str, object]) -> Rules:
    """tiny-up-card at a least stake of `stake`, fields of its named hands (by id) changed."""
    r = load_ruleset(str(TINY))
    definitions = {i: d.model_copy(update=hands.get(i.replace("-", "_"), {}))
                   for i, d in r.hands.definitions.items()}
    return compile_rules(r.model_copy(update={
        "stakes": r.stakes.model_copy(update={"min_stake": stake}),
        "hands": r.hands.model_copy(update={"definitions": definitions})}))


def test_the_stake_note_is_the_stake_each_path_played() -> None:
    """The prizes from a stake of 1,000 only, the least stake 300: the compiled path plays
    at 100 (the bands hold alike there), the engine path at the least stake, 300 (it said
    100); where a hand holds by the up card alone, the stake changes nothing and no note
    says a hand is held by the stake or paid a prize (one did)."""
    from pontoon_rules.sim.runs.simulate import simulate

    high = _tiny_with(300, super_sevens={"min_stake": 1000, "max_stake": None})
    for path, stake in (("compiled", 100), ("engine", 300)):
        notes = simulate(high, 50, seed=1, path=path).notes
        said = (f"played at a stake of {stake}: a named hand is held by the stake or paid a "
                "fixed prize (edge values it at 300)")
        assert any(n.startswith(said) for n in notes), (path, notes)
    up = _tiny_with(100, super_sevens={"min_stake": None, "max_stake": None, "prize": None},
                    six_seven_eight_big={"min_stake": None, "prize": None})
    for path in ("compiled", "engine"):
        assert not any("played at a stake" in n
                       for n in simulate(up, 50, seed=1, path=path).notes), path
