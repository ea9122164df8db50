"""The simulator's general round in C (`native/sim.c`, `sim.kernels.native`) plays the engine's
rounds: a run's every round replayed through the engine (`RoundState` with the kernel's
tables as its policy, `sim.runs.reference`) from the kernel's own card stream (`SimRandom`
drawing as the kernel's lazily shuffled shoe or infinite deck) gives the same net and
hands for every round, so the same sums to the last bit, on every bundled ruleset, the
differential tests' rulesets, packs (`PACKS`) and random overlays, odds that round, one
seat and several; the build for one ruleset plays the general build's rounds; its
constants are Python's. The overlays that change the rules of the round alone are
tests/test_sim_differential.py's (the same general kernel against the engine)."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from best_play import strategy
from sizes import LONG
from test_sim_differential import FIELD_OVERLAYS, overlay, random_overlay

from pontoon_rules import native
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import NativeUnavailableError, ShoeError
from pontoon_rules.native import prune
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.kernels import layout
from pontoon_rules.sim.kernels import native as snative
from pontoon_rules.sim.kernels.cards import SimRandom
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundRunner

ROUNDS = 2500
"""Rounds of a run that two C builds play alike."""
ENGINE_ROUNDS = 200
"""Rounds of a run replayed through the engine (about 0.3 ms a round a seat)."""
SEEDS = {1: 100, 0xDEADBEEF: 7, 2**64 - 1: 13}
"""Seed -> stake: odd stakes make every payout of odds round."""
ROUNDING = [(base, {"settlement": {"odd_amounts": "round-up"}})
            for base in ("blackjack-reference", "australian-pontoon", "spanish-21")]
HERE = Path(__file__).parent
C = snative.kernel()


def play(runner: RoundRunner, kernel: str, seed: int, dealing: str,
         rounds: int = ROUNDS) -> tuple[object, ...]:
    """The sums (or the error) and the per-round trace of one run."""
    trace = np.full((rounds, 2), -7, dtype=np.int64)
    try:
        sums: object = runner.run(rounds, np.array([seed], dtype=np.uint64), dealing,
                                  SEEDS[seed], kernel=kernel, trace=trace).tolist()
    except ShoeError as e:
        sums = str(e)
    return sums, trace


class PackRanOut(Exception):
    """The replayed shoe ran out mid-round (the kernel's ShoeError)."""


def kernel_cards(deck: list[int], rng: SimRandom, infinite: bool) -> Iterator[int]:
    """One round's cards as the kernel's source deals them (`native/sim_hands.h`'s
    `draw`): with replacement, or from the shoe `deck` shuffled lazily afresh (one
    multiply-shift draw and one swap a card; the deck's order carried on to the next
    round, as the kernel's is)."""
    pos = 0
    while True:
        if infinite:
            yield deck[rng.below(len(deck))]
            continue
        if pos >= len(deck):
            raise PackRanOut
        j = pos + rng.below(len(deck) - pos)
        deck[j], deck[pos] = deck[pos], deck[j]
        pos += 1
        yield deck[pos - 1]


def engine_run(runner: RoundRunner, seed: int, infinite: bool,
               rounds: int) -> tuple[object, np.ndarray]:
    """`runner.run` through the engine: each round from the kernel's card stream, played
    by `RoundState` with the kernel's tables as its policy; the sums (or the error) and
    the trace, as `play` gives them."""
    rules, stake = runner.sim.rules, SEEDS[seed]
    policy = engine_policy(rules, runner.strategy)
    rng, deck = SimRandom(seed), [int(c) for c in runner.sim.shoe]
    trace = np.full((rounds, 2), -7, dtype=np.int64)
    unit, sums = 1.0 / stake, [0.0, 0.0, 0.0]
    for i in range(rounds):
        cards = kernel_cards(deck, rng, infinite)
        state = RoundState(rules, [stake] * runner.seats)
        try:
            while not state.is_terminal():
                state.apply_action(next(cards) if state.is_chance_node() else policy(state))
        except PackRanOut:
            return "ran out", trace
        seat = state.result().seats[0]
        trace[i] = seat.net, len(seat.hands)
        x = float(seat.net) * unit
        sums = [sums[0] + x, sums[1] + x * x, sums[2] + float(len(seat.hands))]
    return [*sums, float(rounds)], trace


def assert_plays_the_engine(runner: RoundRunner, seed: int, where: str) -> None:
    """A run of the general kernel from the ruleset's own shoe (or its infinite deck) is
    the engine's, round for round, and so are its sums."""
    infinite = runner.sim.rules.decks is None
    want_sums, want_trace = engine_run(runner, seed, infinite, ENGINE_ROUNDS)
    got_sums, got_trace = play(runner, "general", seed, "shoe", ENGINE_ROUNDS)
    if want_sums == "ran out":
        assert isinstance(got_sums, str) and "ran out" in got_sums, where
        return
    assert got_sums == want_sums, where
    np.testing.assert_array_equal(got_trace, want_trace, err_msg=where)


def assert_same_run(runner: RoundRunner, want: str, got: str, seed: int, dealing: str,
                    where: str) -> None:
    """One run on kernel `got` gives kernel `want`'s sums and every round's net and hands."""
    want_sums, want_trace = play(runner, want, seed, dealing)
    got_sums, got_trace = play(runner, got, seed, dealing)
    assert got_sums == want_sums, where
    np.testing.assert_array_equal(got_trace, want_trace, err_msg=where)


def engine_seeds(turn: int) -> list[int]:
    """The seeds the `turn`-th (player, seats) of a ruleset is replayed through the engine
    with: every seed in `make test-long`; in `make test` one, in turn, so that a ruleset's
    first three play every seed and its stake (the odd ones too, which make payouts round).
    Each seed's run deals its own rounds and a wrong rule shows in any of them: with the C
    banker pushing where a tie by total loses, or odd payouts never rounded up (each one
    line of native/sim_hands.h), the rotated seeds failed every bundled ruleset, test
    ruleset and overlay that plays the rule."""
    seeds = list(SEEDS)
    return seeds if LONG else [seeds[turn % len(seeds)]]


def assert_same_rounds(rules: Rules, players: tuple[str, ...], for_rules: bool = False) -> None:
    """The general kernel against the engine: every player, one seat and several, the seeds
    of `engine_seeds` (`for_rules`: the C kernel compiled for the rules and each player against the
    general build, which the engine holds: both dealings, the first seed)."""
    turn = 0
    for player in players:
        strat = strategy(rules, player)
        for seats in sorted({1, min(rules.max_players, 3)}):
            runner = RoundRunner(rules, strat, seats)
            if not for_rules:
                for seed in engine_seeds(turn):
                    assert_plays_the_engine(runner, seed, f"{player}, {seats} seat(s), "
                                            f"seed {seed}")
                turn += 1
                continue
            general = RoundRunner(rules, strat, seats)
            assert runner.for_rules() and runner.kernel_name("general") == "general-c-rules"
            for dealing in ("shoe", "infinite"):
                seed = next(iter(SEEDS))
                want = play(general, "general", seed, dealing)
                got = play(runner, "general", seed, dealing)
                assert got[0] == want[0], (player, seats, dealing)
                np.testing.assert_array_equal(got[1], want[1])


@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
def test_c_plays_the_engine_on_bundled_rulesets(ruleset: str) -> None:
    assert_same_rounds(compile_rules(load_bundled(ruleset)), ("best", "stand-16"))


@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
def test_c_for_the_rules_equals_the_general_build_on_bundled_rulesets(ruleset: str) -> None:
    """The kernel compiled for one ruleset and strategy (its rules folded in as constants)
    plays the general build's rounds."""
    assert_same_rounds(compile_rules(load_bundled(ruleset)), ("best",), for_rules=True)


@pytest.mark.parametrize(("name", "players"), [
    ("star-pontoon.yaml", ("stand-16",)),
    ("spanish-21-decisions.yaml", ("best",)),
])
def test_c_for_the_rules_equals_the_general_build_on_test_rulesets(
        name: str, players: tuple[str, ...]) -> None:
    assert_same_rounds(compile_rules(load_ruleset(str(HERE / "rulesets" / name))), players,
                       for_rules=True)


def test_a_kernel_for_one_ruleset_refuses_another() -> None:
    """Called with another strategy's header or another ruleset's parameters, the kernel
    compiled for one ruleset plays nothing and says so."""
    rules = compile_rules(load_bundled("pagat-british"))
    runner = RoundRunner(rules, strategy(rules))
    assert runner.for_rules()
    seed = np.array([3], dtype=np.uint64)
    played = runner.run(200, seed, "shoe")
    assert played[3] == 200
    runner.S = strategy(rules, "stand-16").flat()
    with pytest.raises(ValueError, match="built for one ruleset"):
        runner.run(200, seed, "shoe", kernel="general")
    other = RoundRunner(compile_rules(load_bundled("casino-ochko")), strategy(rules))
    other.c_rules = runner.c_rules
    with pytest.raises(ValueError, match="built for one ruleset"):
        other.play_shoe(list(range(52)), [10], kernel="general")


def test_builds_for_rules_keep_the_most_recent_and_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder keeps the `KEEP_FOR_RULES` most recently used builds for one ruleset; a
    file this module did not write is never removed."""
    monkeypatch.setattr(prune, "KEEP_FOR_RULES", 3)
    names = [f"sim-rules-{i:016x}.so" for i in range(6)]
    for age, name in enumerate(names):
        (tmp_path / name).write_bytes(b"")
        os.utime(tmp_path / name, (1000 + age, 1000 + age))
    foreign = ["sim-rules-mine.so", "sim-rules-0000000000000001.txt", "notes.so",
               "sim-0123456789abcdef.so"]
    for name in foreign:
        (tmp_path / name).write_bytes(b"keep")
    prune.keep_recent(tmp_path, "sim", names[0])
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([names[0], names[4], names[5], *foreign])


def test_a_build_removes_what_killed_builds_left_and_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The temporary files of a build whose process was killed mid-compile (`.sim-` and
    eight of mkstemp's letters, `.so`, `.sha256` or `.c`) go once they are an hour old;
    a recent one (a build under way) and anything else stay."""
    left = {".sim-ab_3xyz9.so": 7200, ".sim-k2l9m0pq.c": 7200, ".sim-recent01.so": 60,
            ".sim-toolongname.so": 7200, ".sim-abcdefgh.txt": 7200, ".fast-abcdefgh.so": 7200,
            "sim-abcdefgh.so": 7200, ".sim-abc.so": 7200, ".sim-q1w2e3r4.sha256": 7200,
            ".sim-q1w2e3r4.sha256.bak": 7200, ".sim-ABCDEFGH.so": 7200}
    now = time.time()
    for name, age in left.items():
        (tmp_path / name).write_bytes(b"x")
        os.utime(tmp_path / name, (now - age, now - age))
    prune.forget_unfinished(tmp_path, "sim")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        set(left) - {".sim-ab_3xyz9.so", ".sim-k2l9m0pq.c", ".sim-q1w2e3r4.sha256"})


def test_a_build_for_rules_is_found_not_built_unless_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`for_rules(build=False)` uses a build only where it exists; `simulate` builds one
    for a long run (`FOR_RULES_ROUNDS`) and says so, and it gives the general kernel's
    figures."""
    from pontoon_rules.sim.distribution import distribute
    from pontoon_rules.sim.runs import simulate as sim

    monkeypatch.setattr(native, "build_dirs", lambda: [tmp_path])
    monkeypatch.setattr(native, "_LOADED", {k: v for k, v in native._LOADED.items()
                                            if "\0" not in k})
    ruleset = load_ruleset(str(HERE / "rulesets" / "star-pontoon.yaml"))
    rules = compile_rules(ruleset)
    assert not RoundRunner(rules, strategy(rules)).for_rules(build=False)
    assert not list(tmp_path.glob("sim-rules-*.so"))
    distribute._runner.cache_clear()
    short = sim.simulate(rules, 20_000, seed=5, dealing="infinite")
    monkeypatch.setattr(sim, "FOR_RULES_ROUNDS", 20_000)
    distribute._runner.cache_clear()
    long = sim.simulate(rules, 20_000, seed=5, dealing="infinite")
    distribute._runner.cache_clear()
    assert (short.kernel, long.kernel) == ("general-c", "general-c-rules")
    assert (long.mean, long.half_width) == (short.mean, short.half_width)
    assert len(list(tmp_path.glob("sim-rules-*.so"))) == 1
    assert RoundRunner(rules, strategy(rules)).for_rules(build=False)


PACKS = [(base, change) for base, change in FIELD_OVERLAYS if "pack" in change]
"""The differential tests' overlays that change the pack the kernel deals from (an
infinite deck, three suits, two). Their other overlays, the family's decisions and the
named hands change the round's rules alone: tests/test_sim_differential.py plays each
through the engine and this same general kernel (`play_shoe`, kernel "general": the
round's code is the one `run` plays), for the same players, 400 to 600 random rounds,
one to four seats at random stakes; here they repeated it on the kernel's own deal."""


@pytest.mark.parametrize(("base", "change"), PACKS + ROUNDING)
def test_c_plays_the_engine_on_field_overlays(base: str, change: dict[str, object]) -> None:
    assert_same_rounds(overlay(base, change), ("best", "stand-17"))


@pytest.mark.parametrize(("name", "players"), [
    ("star-pontoon.yaml", ("best", "stand-16")),
    ("ochko-values.yaml", ("stand-16",)),
    ("spanish-21-decisions.yaml", ("best", "stand-15")),
])
def test_c_plays_the_engine_on_test_rulesets(name: str, players: tuple[str, ...]) -> None:
    assert_same_rounds(compile_rules(load_ruleset(str(HERE / "rulesets" / name))), players)


@pytest.mark.parametrize("seed", range(6))
def test_c_plays_the_engine_on_random_overlays(seed: int) -> None:
    rng = random.Random(seed + 1000)
    rules = None
    while rules is None:
        rules = random_overlay(rng)
    assert_same_rounds(rules, ("best", "stand-15"))


def test_stacked_rounds_with_a_kitty_are_the_engines() -> None:
    """Shoot bets (several seats against a kitty), which `run` never plays."""
    from test_sim_differential import engine_round

    rules = compile_rules(load_bundled("shoot-pontoon"))
    strat = strategy(rules)
    runner, policy = RoundRunner(rules, strat, 4), engine_policy(rules, strat)
    rng = random.Random(5)
    shoe = list(range(52))
    for _ in range(300):
        rng.shuffle(shoe)
        stakes = [rng.randint(1, 30) for _ in range(rng.randint(1, 4))]
        kitty = rng.choice([1, 5, 20, 200])
        assert (runner.play_shoe(shoe, stakes, kitty, kernel="general")
                == engine_round(rules, policy, shoe, stakes, kitty))


def assert_constants_are_pythons(constants: dict[str, int], lasts: tuple[str, ...]) -> None:
    """Each constant a C library reports equals the Python one it names, and `lasts` (each
    table's size: a slot added or removed in Python moves it) are among them."""
    for name, value in constants.items():
        module, attr = name.split(".")
        python = getattr(importlib.import_module(f"pontoon_rules.sim.kernels.{module}"), attr)
        assert python == value, f"the C header says {name} = {value}, Python {python}"
    assert set(lasts) <= set(constants)


def test_the_constants_of_the_c_kernel_are_pythons() -> None:
    assert C is not None
    assert_constants_are_pythons(C.constants(), (
        "compiled.N_PARAMS", "compiled.H_COLS", "layout.NF", "layout.N_CTX", "layout.N_SRC",
        "strategy.T_HEADER", "compiled.MAX_CARDS", "compiled.MAX_SPLIT_HANDS",
        "session.N_PERSON", "session.N_TABLE", "session.N_STATE", "session.BLOCK"))


def test_the_c_kernel_refuses_arrays_it_would_read_past() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    runner = RoundRunner(rules, strategy(rules, "stand-16"), 2)
    with pytest.raises(ValueError, match="do not fit the C kernel"):
        runner.play_shoe(list(range(52)), [10, 10, 10])  # three stakes, two seats
    runner.hf = runner.hf[:, :-1].copy()
    with pytest.raises(ValueError, match=f"hf: expected {layout.NF} columns"):
        runner.run(10, np.array([1], dtype=np.uint64), kernel="general")


def run_alone(ruleset: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """In a process of its own: 100 rounds of `ruleset` and one stacked round as `simulate`
    plays them; (exit status, stdout: the kernel that played and the fast kernel's rounds,
    stderr)."""
    code = ("import sys, numpy as np; from pontoon_rules.engine.round.rules import compile_rules; "
            "from pontoon_rules.ruleset.loading.registry import load_bundled; "
            "from pontoon_rules.sim.runs.rounds import RoundRunner; "
            "from pontoon_rules.sim.kernels.strategy import strategy; "
            f"r = compile_rules(load_bundled({ruleset!r})); "
            "runner = RoundRunner(r, strategy(r)); "
            "runner.run(100, np.array([1], dtype=np.uint64), 'shoe'); "
            "runner.play_shoe(list(range(52)), [10]); "
            "print(runner.kernel_name(), runner.fast_rounds)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=300, env=env)
    return done.returncode, done.stdout, done.stderr


def test_a_general_run_plays_on_the_general_kernel() -> None:
    """A ruleset the fast kernel cannot play: its rounds on the general C kernel."""
    assert run_alone("pagat-british")[:2] == (0, "general-c 0\n")


def test_switched_off_only_what_is_built_loads(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    """`PONTOON_RULES_NATIVE=0` compiles nothing at run time: a library already built is
    loaded (the same rounds); where none is, one line says what to install, no traceback."""
    rules = compile_rules(load_bundled("belarus-ponton"))
    seed = np.array([3], dtype=np.uint64)
    reference = RoundRunner(rules, strategy(rules, "stand-16")).run(500, seed, "shoe")
    monkeypatch.setenv("PONTOON_RULES_NATIVE", "0")
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(snative, "_KERNEL", [])
    runner = RoundRunner(rules, strategy(rules, "stand-16"))
    assert runner.run(500, seed, "shoe").tolist() == reference.tolist()
    assert not runner.for_rules(build=True)  # not built, and not to be
    monkeypatch.setattr(native, "build_dirs", lambda: [tmp_path])
    monkeypatch.setattr(native, "prebuilt_dir", lambda: tmp_path / "no-package-build")
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(snative, "_KERNEL", [])
    with pytest.raises(NativeUnavailableError, match="PONTOON_RULES_NATIVE=0 compiles "
                       "nothing.*install a wheel of pontoon-rules.*or a C compiler"):
        RoundRunner(rules, strategy(rules, "stand-16")).run(5, seed, "shoe")


def test_without_a_compiler_the_command_says_what_to_install(tmp_path: Path) -> None:
    """No C compiler and no library built: `simulate` and `session --summary` end with one
    line that says to install a wheel or a C compiler, exit 1, no traceback."""
    env = dict(os.environ, CC=str(tmp_path / "no-cc"), PATH=str(Path(sys.executable).parent),
               PONTOON_RULES_CACHE=str(tmp_path / "cache"), XDG_CACHE_HOME=str(tmp_path))
    for args in (["simulate", "pagat-british", "--rounds", "100"],
                 ["session", "pagat-british", "--summary", "--deals", "100"]):
        # nor the package's own build (a source tree's `_lib`, a wheel's): the CLI run with
        # the package's build folder pointed at nothing
        no_build = ("import sys, pathlib, pontoon_rules.native as n; n.prebuilt_dir = lambda: "
                    f"pathlib.Path('/nonexistent'); sys.argv[1:] = {args!r}; "
                    "from pontoon_rules.cli import main; main()")
        done = subprocess.run([sys.executable, "-c", no_build], env=env,
                              capture_output=True, text=True, timeout=300, check=False,
                              cwd=tmp_path)
        lines = [line for line in done.stderr.splitlines() if line.startswith("error:")]
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert len(lines) == 1 and "install a wheel of pontoon-rules built for this " \
            "platform, or a C compiler" in lines[0], done.stderr


def test_stacked_sources_deal_the_cards_in_order() -> None:
    src, deck, tray, st = layout.stacked_source([5, 9, 51])
    assert src[layout.MODE] == layout.RING and src[layout.COUNT] == 3
    assert deck.tolist()[:3] == [5, 9, 51] and st.dtype == np.uint64
