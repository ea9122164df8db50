"""Hostile trial, second round (issue 26), item 5: no silent overflow in the compiled
simulator. A run whose money could pass its 64-bit integers is refused before it
starts; at the largest stake it accepts, it agrees with the engine (Python integers)
to the unit.
"""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import pytest

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.engine.rules import Rules, compile_rules
from pontoon_rules.engine.state import RoundState
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled
from pontoon_rules.sim.compiled import full_shoe
from pontoon_rules.sim.money import (
    FLOAT_EXACT,
    INT64_MAX,
    MoneyOverflowError,
    Run,
    largest_stake,
    round_swing,
)
from pontoon_rules.sim.reference import engine_policy
from pontoon_rules.sim.rounds import RoundOutcome, RoundRunner
from pontoon_rules.sim.strategy import strategy


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def unlimited(ruleset_id: str) -> Rules:
    """A bundled ruleset without a maximum stake (so any stake is the ruleset's own)."""
    r = load_bundled(ruleset_id)
    return compile_rules(r.model_copy(update={"stakes": r.stakes.model_copy(
        update={"max_stake": None})}))


def engine_round(rules: Rules, policy, cards: list[int], stakes: list[int],  # type: ignore[no-untyped-def]
                 kitty: int) -> RoundOutcome:
    state = RoundState(rules, stakes, kitty=kitty or None)
    deal = iter(cards)
    while not state.is_terminal():
        state.apply_action(next(deal) if state.is_chance_node() else policy(state))
    result = state.result()
    return RoundOutcome([s.net for s in result.seats], result.banker_net, result.kitty_change)


@pytest.mark.parametrize("ruleset", bundled_ids())
def test_at_the_largest_accepted_stake_engine_and_simulator_agree(ruleset: str) -> None:
    rules = unlimited(ruleset)
    seats = min(rules.max_players, 3)
    kitty = 50 if rules.shoot else 0
    top = largest_stake(rules, Run(1, seats, kitty=kitty))
    assert top > 10**12  # generous: far beyond any real stake
    strat = strategy(rules, "best")
    runner = RoundRunner(rules, strat, seats)
    policy = engine_policy(rules, strat)
    rng = random.Random(zlib.crc32(ruleset.encode()))
    shoe = [int(c) for c in full_shoe(rules)]
    for _ in range(300):
        rng.shuffle(shoe)
        stakes = [top - rng.randrange(3) for _ in range(rng.randint(1, seats))]
        want = engine_round(rules, policy, shoe, stakes, kitty)
        got = runner.play_shoe(shoe, stakes, kitty)
        assert got == want, (stakes, shoe[:12])
        assert got.banker + got.kitty_change + sum(got.seats) == 0
    with pytest.raises(MoneyOverflowError, match="is too large for the compiled simulator"):
        runner.play_shoe(shoe, [top + 1] * seats, kitty)


def test_the_bound_covers_every_round_at_any_stake() -> None:
    """The bound is an upper bound: no simulated round moves more than it says."""
    for ruleset in bundled_ids():
        rules = compile_rules(load_bundled(ruleset))
        seats = min(rules.max_players, 4)
        runner = RoundRunner(rules, strategy(rules, "best"), seats)
        rng = random.Random(7)
        shoe = [int(c) for c in full_shoe(rules)]
        stake = rules.min_stake
        bound = round_swing(rules, stake, seats, 50 if rules.shoot else 0)
        for _ in range(300):
            rng.shuffle(shoe)
            got = runner.play_shoe(shoe, [stake] * seats, 50 if rules.shoot else 0)
            assert max(map(abs, [*got.seats, got.banker, got.kitty_change])) <= bound


def test_the_largest_stake_is_the_last_that_fits() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    for rounds, limit in ((1, INT64_MAX), (10**8, FLOAT_EXACT)):
        top = largest_stake(rules, Run(1, 5, rounds, 50, 10), limit)
        assert Run(top, 5, rounds, 50, 10).fits(rules, limit)
        assert not Run(top + 1, 5, rounds, 50, 10).fits(rules, limit)


@pytest.mark.parametrize("stake", ["100000000000000000", str(2**63 - 1), str(2**63),
                                   str(10**30)])
def test_a_session_at_a_stake_past_the_integers_is_one_line(
        capsys: pytest.CaptureFixture[str], stake: str) -> None:
    code, out, err = run(capsys, "session", "pagat-british", "--deals", "2000", "--summary",
                         "--stake", stake, "--seed", "3")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"error: pagat-british: a stake of {int(stake):,} is too large for "
                          "the compiled simulator: ")
    assert "the largest stake it takes here is " in err


def test_a_long_session_is_checked_against_its_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "session", "pagat-british", "--deals", "100000000",
                          "--summary", "--stake", "1000000000000")
    assert code == 2 and "100,000,000 deals could move more than it counts exactly" in err


def test_the_same_seed_gives_the_same_edge_at_any_accepted_stake(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    per_stake = []
    for stake in ("10", "1000000000"):
        code, out, err = run(capsys, "session", "pagat-british", "--deals", "3000",
                             "--summary", "--json", "--stake", stake, "--seed", "5")
        assert code == 0, err
        data = json.loads(out)
        per_stake.append((round(data["seat"]["per_deal"] / int(stake), 9),
                          data["seat"]["ci999"][1] > data["seat"]["ci999"][0]))
    # nothing wraps: the result in stakes is close at both (rounding of odds differs)
    assert per_stake[1][1] and abs(per_stake[0][0] - per_stake[1][0]) < 0.05


def test_simulate_refuses_a_min_stake_past_the_integers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("id: huge\nname: Huge\nextends: pagat-british\nstakes:\n"
                    "  min_stake: 100000000000000000000000\n  max_stake: null\n")
    code, out, err = run(capsys, "simulate", str(path), "--rounds", "1000")
    assert (code, out) == (2, "")
    assert err.endswith("error: huge: stakes.min_stake 100,000,000,000,000,000,000,000 is too "
                        "large for the compiled simulator, which counts money in 64-bit "
                        "integers (9,223,372,036,854,775,807); use --path engine\n")
