"""The simulator's general round in C (`native/sim.c`, `sim.native`) plays the numba kernel's
rounds to the last integer: the same sums, the same per-round nets and hands, on every
bundled ruleset, the differential tests' rulesets and random overlays, both dealings,
one seat and several; its constants are Python's; without C the numba kernel answers."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from test_sim_differential import (
    DECISION_OVERLAYS,
    FIELD_OVERLAYS,
    NAMED_OVERLAYS,
    overlay,
    random_overlay,
)

from pontoon_rules import native
from pontoon_rules.engine.rules import Rules, compile_rules
from pontoon_rules.errors import ShoeError
from pontoon_rules.ruleset.features import bundled_handled
from pontoon_rules.ruleset.loader import load_ruleset
from pontoon_rules.ruleset.registry import load_bundled
from pontoon_rules.sim import layout
from pontoon_rules.sim import native as snative
from pontoon_rules.sim.rounds import RoundRunner
from pontoon_rules.sim.strategy import strategy

ROUNDS = 2500
SEEDS = {1: 100, 0xDEADBEEF: 7, 2**64 - 1: 13}
"""Seed -> stake: odd stakes make every payout of odds round."""
ROUNDING = [(base, {"settlement": {"odd_amounts": "round-up"}})
            for base in ("blackjack-reference", "australian-pontoon", "spanish-21")]
HERE = Path(__file__).parent
C = snative.kernel()
needs_c = pytest.mark.skipif(C is None, reason="no C compiler: the numba kernels are in use")


def play(runner: RoundRunner, kernel: str, seed: int, dealing: str) -> tuple[object, ...]:
    """The sums (or the error) and the per-round trace of one run."""
    trace = np.full((ROUNDS, 2), -7, dtype=np.int64)
    try:
        sums: object = runner.run(ROUNDS, np.array([seed], dtype=np.uint64), dealing,
                                  SEEDS[seed], kernel=kernel, trace=trace).tolist()
    except ShoeError as e:
        sums = str(e)
    return sums, trace


def assert_same_run(runner: RoundRunner, numba: str, c: str, seed: int, dealing: str,
                    where: str) -> None:
    """One run on kernel `c` gives kernel `numba`'s sums and every round's net and hands."""
    want_sums, want_trace = play(runner, numba, seed, dealing)
    got_sums, got_trace = play(runner, c, seed, dealing)
    assert got_sums == want_sums, where
    np.testing.assert_array_equal(got_trace, want_trace, err_msg=where)


def assert_same_rounds(rules: Rules, players: tuple[str, ...], for_rules: bool = False) -> None:
    """C against numba: every player, one seat and several, both dealings, every seed
    (`for_rules`: on the C kernel compiled for the rules and each player, the first seed:
    the general C kernel, which reads the same source, plays every seed)."""
    for player in players:
        strat = strategy(rules, player)
        for seats in sorted({1, min(rules.max_players, 3)}):
            runner = RoundRunner(rules, strat, seats)
            if for_rules:
                assert runner.for_rules() and runner.kernel_name("general") == "general-c-rules"
            for dealing in ("shoe", "infinite"):
                for seed in list(SEEDS)[:1] if for_rules else SEEDS:
                    assert_same_run(runner, "numba", "general", seed, dealing,
                                    f"{player}, {seats} seat(s), {dealing}, seed {seed}")


@needs_c
@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
def test_c_equals_numba_on_bundled_rulesets(ruleset: str) -> None:
    assert_same_rounds(compile_rules(load_bundled(ruleset)), ("best", "stand-16"))


@needs_c
@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
def test_c_for_the_rules_equals_numba_on_bundled_rulesets(ruleset: str) -> None:
    """The kernel compiled for one ruleset and strategy (its rules folded in as constants)
    plays numba's rounds."""
    assert_same_rounds(compile_rules(load_bundled(ruleset)), ("best",), for_rules=True)


@needs_c
@pytest.mark.parametrize(("name", "players"), [
    ("star-pontoon.yaml", ("stand-16",)),
    ("spanish-21-decisions.yaml", ("best",)),
])
def test_c_for_the_rules_equals_numba_on_test_rulesets(name: str,
                                                        players: tuple[str, ...]) -> None:
    assert_same_rounds(compile_rules(load_ruleset(str(HERE / "rulesets" / name))), players,
                       for_rules=True)


@needs_c
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
    monkeypatch.setattr(native, "KEEP_FOR_RULES", 3)
    names = [f"sim-rules-{i:016x}.so" for i in range(6)]
    for age, name in enumerate(names):
        (tmp_path / name).write_bytes(b"")
        os.utime(tmp_path / name, (1000 + age, 1000 + age))
    foreign = ["sim-rules-mine.so", "sim-rules-0000000000000001.txt", "notes.so",
               "sim-0123456789abcdef.so"]
    for name in foreign:
        (tmp_path / name).write_bytes(b"keep")
    native._keep_recent(tmp_path, "sim", names[0])
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
    native._forget_unfinished(tmp_path, "sim")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        set(left) - {".sim-ab_3xyz9.so", ".sim-k2l9m0pq.c", ".sim-q1w2e3r4.sha256"})


@needs_c
def test_a_build_for_rules_is_found_not_built_unless_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`for_rules(build=False)` uses a build only where it exists; `simulate` builds one
    for a long run (`FOR_RULES_ROUNDS`) and says so, and it gives the general kernel's
    figures."""
    from pontoon_rules.sim import distribute
    from pontoon_rules.sim import simulate as sim

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


@needs_c
@pytest.mark.parametrize(("base", "change"), FIELD_OVERLAYS + DECISION_OVERLAYS + ROUNDING)
def test_c_equals_numba_on_field_overlays(base: str, change: dict[str, object]) -> None:
    assert_same_rounds(overlay(base, change), ("best", "stand-17"))


@needs_c
@pytest.mark.parametrize(("base", "change", "players"), NAMED_OVERLAYS)
def test_c_equals_numba_on_named_hands(base: str, change: dict[str, object],
                                       players: tuple[str, ...]) -> None:
    assert_same_rounds(overlay(base, change), players)


@needs_c
@pytest.mark.parametrize(("name", "players"), [
    ("star-pontoon.yaml", ("best", "stand-16")),
    ("ochko-values.yaml", ("stand-16",)),
    ("spanish-21-decisions.yaml", ("best", "stand-15")),
])
def test_c_equals_numba_on_test_rulesets(name: str, players: tuple[str, ...]) -> None:
    assert_same_rounds(compile_rules(load_ruleset(str(HERE / "rulesets" / name))), players)


@needs_c
@pytest.mark.parametrize("seed", range(6))
def test_c_equals_numba_on_random_overlays(seed: int) -> None:
    rng = random.Random(seed + 1000)
    rules = None
    while rules is None:
        rules = random_overlay(rng)
    assert_same_rounds(rules, ("best", "stand-15"))


@needs_c
def test_stacked_rounds_with_a_kitty_are_equal() -> None:
    """Shoot bets (several seats against a kitty), which `run` never plays."""
    rules = compile_rules(load_bundled("shoot-pontoon"))
    runner = RoundRunner(rules, strategy(rules), 4)
    rng = random.Random(5)
    shoe = list(range(52))
    for _ in range(300):
        rng.shuffle(shoe)
        stakes = [rng.randint(1, 30) for _ in range(rng.randint(1, 4))]
        kitty = rng.choice([1, 5, 20, 200])
        assert (runner.play_shoe(shoe, stakes, kitty, kernel="general")
                == runner.play_shoe(shoe, stakes, kitty, kernel="numba"))


@needs_c
@pytest.mark.parametrize("ruleset", ["pagat-british", "shoot-pontoon", "belarus-ponton"])
def test_a_sessions_pack_is_dealt_alike(ruleset: str) -> None:
    """The session's physical pack (`RING`), which `run` never deals: busted hands under
    the pack at once, the tray shuffled back in when the pack runs out (`refill`,
    `to_bottom`, `shuffle_range`), a kitty. Every array both kernels write is equal."""
    from pontoon_rules.sim.play import play_round

    assert C is not None
    rules = compile_rules(load_bundled(ruleset))
    runner = RoundRunner(rules, strategy(rules, "stand-16"), 3)
    rng = np.random.default_rng(11)
    for _ in range(400):
        src, deck, tray, st = layout.new_source(layout.RING, runner.sim.shoe,
                                                rng.integers(0, 2**63, 1, dtype=np.uint64))
        rng.shuffle(deck)
        count = int(rng.integers(0, 16))
        src[layout.HEAD], src[layout.COUNT] = int(rng.integers(0, len(deck))), count
        src[layout.TRAY_N] = len(deck) - count
        tray[:len(deck) - count] = np.roll(deck, -int(src[layout.HEAD]))[count:]
        runner.ctx[layout.AT_ONCE] = 1
        runner.ctx[layout.KITTY] = int(rng.choice([0, 5, 50]))
        stakes = np.full(3, 10, dtype=np.int64)
        mutable = (*runner._work(), src, deck, tray, st)
        mine = [a.copy() for a in mutable]
        theirs = [a.copy() for a in mutable]
        assert C.play_round(*runner._common(), stakes, *mine) == play_round(
            *runner._common(), stakes, *theirs)
        for a, b in zip(mine, theirs, strict=True):
            np.testing.assert_array_equal(a, b)


def assert_constants_are_pythons(constants: dict[str, int], lasts: tuple[str, ...]) -> None:
    """Each constant a C library reports equals the Python one it names, and `lasts` (each
    table's size: a slot added or removed in Python moves it) are among them."""
    for name, value in constants.items():
        module, attr = name.split(".")
        python = getattr(importlib.import_module(f"pontoon_rules.sim.{module}"), attr)
        assert python == value, f"the C header says {name} = {value}, Python {python}"
    assert set(lasts) <= set(constants)


@needs_c
def test_the_constants_of_the_c_kernel_are_pythons() -> None:
    assert C is not None
    assert_constants_are_pythons(C.constants(), (
        "compiled.N_PARAMS", "compiled.H_COLS", "layout.NF", "layout.N_CTX", "layout.N_SRC",
        "strategy.T_HEADER", "compiled.MAX_CARDS", "compiled.MAX_SPLIT_HANDS",
        "session.N_PERSON", "session.N_TABLE", "session.N_STATE", "session.BLOCK"))


@needs_c
def test_the_c_kernel_refuses_arrays_it_would_read_past() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    runner = RoundRunner(rules, strategy(rules, "stand-16"), 2)
    with pytest.raises(ValueError, match="do not fit the C kernel"):
        runner.play_shoe(list(range(52)), [10, 10, 10])  # three stakes, two seats
    runner.hf = runner.hf[:, :-1].copy()
    with pytest.raises(ValueError, match=f"hf: expected {layout.NF} columns"):
        runner.run(10, np.array([1], dtype=np.uint64), kernel="general")


def run_alone(ruleset: str) -> list[str]:
    """In a process of its own: 100 rounds of `ruleset` and one stacked round as `simulate`
    plays them; the kernel that played, the fast kernel's rounds, whether numba was
    imported."""
    code = ("import sys, numpy as np; from pontoon_rules.engine.rules import compile_rules; "
            "from pontoon_rules.ruleset.registry import load_bundled; "
            "from pontoon_rules.sim.rounds import RoundRunner; "
            "from pontoon_rules.sim.strategy import strategy; "
            f"r = compile_rules(load_bundled({ruleset!r})); "
            "runner = RoundRunner(r, strategy(r)); "
            "runner.run(100, np.array([1], dtype=np.uint64), 'shoe'); "
            "runner.play_shoe(list(range(52)), [10]); "
            "print(runner.kernel_name(), runner.fast_rounds, 'numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=300)
    return done.stdout.split()


@needs_c
def test_a_general_run_in_c_never_loads_numba() -> None:
    """A process that plays only on the C kernel does not import numba (its general
    kernel takes a second or more to load, minutes to compile)."""
    assert run_alone("pagat-british") == ["general-c", "0", "False"]


def test_switched_off_the_numba_kernel_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """`PONTOON_RULES_NATIVE=0`: the general kernel is numba's, with the same rounds."""
    rules = compile_rules(load_bundled("belarus-ponton"))
    seed = np.array([3], dtype=np.uint64)
    reference = RoundRunner(rules, strategy(rules, "stand-16")).run(500, seed, "shoe",
                                                                   kernel="numba")
    monkeypatch.setenv("PONTOON_RULES_NATIVE", "0")
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(snative, "_KERNEL", [])
    runner = RoundRunner(rules, strategy(rules, "stand-16"))
    assert snative.kernel() is None
    assert runner.general == "numba" and runner.kernel_name() == "general-numba"
    assert runner.run(500, seed, "shoe").tolist() == reference.tolist()


def test_stacked_sources_deal_the_cards_in_order() -> None:
    src, deck, tray, st = layout.stacked_source([5, 9, 51])
    assert src[layout.MODE] == layout.RING and src[layout.COUNT] == 3
    assert deck.tolist()[:3] == [5, 9, 51] and st.dtype == np.uint64
