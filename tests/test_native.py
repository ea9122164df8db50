"""The analysis's C kernels (`pontoon_rules.native`, `analysis.composition.native`) give
the numbers of the memoised recursion in Python (`analysis.composition.model`, the
reference) on every bundled ruleset with a finite shoe, and the exact fractions' banker
outlooks (tiny packs and random overlays against the exact recursion: tests/test_cdfast.py);
the library builds and loads as documented, and where it cannot, one line says what to
install."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import LONG
from test_sim_differential import random_overlay

from pontoon_rules import native
from pontoon_rules.analysis.composition import banker
from pontoon_rules.analysis.composition import native as cnative
from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.composition.outlook import clear_shared
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.errors import NativeUnavailableError
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

TINY = Path(__file__).parent / "rulesets"
C = cnative.kernels()


def one_group(rules: Rules) -> Rules:
    """`rules`, or where a named hand holds against some up cards or stakes only (spanish-21's
    Super Bonus), its first group of up cards' (`analysis.upcards`: one solve a group, each
    a plain composition-dependent solve)."""
    from pontoon_rules.analysis.upcards import conditional, groups

    return groups(rules)[0].rules if conditional(rules) else rules


def _stats(rules: Rules, compiled: bool) -> np.ndarray:
    """The round's statistics by the C kernels, or by the memoised recursion alone."""
    banker._TABLES.clear()
    clear_shared()
    model = CompositionModel(one_group(rules))
    if not compiled:
        model._prepared = True  # the memoised recursion only
    out = np.array(model.stats(), dtype=float)
    assert not compiled or (model._prepared and model._memo), "the compiled recursion ran"
    return out


def finite_bundled() -> list[str]:
    """The bundled rulesets with a finite shoe that the analysis takes (`ruleset.resolving.features`
    refuses the others before either method runs)."""
    from pontoon_rules.ruleset.resolving.features import refused_rules

    return [r for r in bundled_ids() if load_bundled(r).pack.decks is not None
            and not refused_rules(load_bundled(r), "edge")]


@pytest.mark.parametrize("ruleset_id", finite_bundled())
def test_c_equals_the_memoised_recursion_on_bundled_rulesets(ruleset_id: str) -> None:
    """Every statistic, the money staked included (a tie between options broken another
    way would change it and not the edge), to rounding (the sums run in another order)."""
    rules = compile_rules(load_bundled(ruleset_id))
    np.testing.assert_allclose(_stats(rules, True), _stats(rules, False), rtol=0, atol=1e-12)


@pytest.mark.parametrize("ruleset_id", ["blackjack-reference", "pagat-british", "belarus-ponton"])
def test_banker_trees_from_the_state_machine_equal_the_python_trees(ruleset_id: str) -> None:
    """The C kernel's trees (from `banker_machine`) are the arrays `enumerate_tree` makes,
    finals numbered alike."""
    rules = compile_rules(load_bundled(ruleset_id))
    model = CompositionModel(rules)
    visibles = tuple(model.visibles)
    fast = banker._native_tables(C, rules, model.kinds, model.policy, visibles)
    index: dict[banker.Final, int] = {}
    lists = [banker.enumerate_tree(rules, model.kinds, model.policy, v, index) for v in visibles]
    finals = tuple(sorted(index, key=index.__getitem__))
    slow = tuple(banker.flatten(nodes, finals) for nodes in lists)
    assert fast is not None and len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert a.finals == b.finals
        for name in ("parents", "kinds", "have", "sizes", "orders", "final_ids"):
            np.testing.assert_array_equal(getattr(a, name), getattr(b, name))


def test_banker_mass_kernels_equal_the_exact_fractions() -> None:
    """Each visible card's banker outlook from a random shoe, by the C kernels (one visible
    tuple a row, and in groups), is `exact_banker_mass`'s (Fractions) to rounding."""
    rules = compile_rules(load_bundled("blackjack-reference"))
    model = CompositionModel(rules)
    trees = banker._banker_tables(rules, model.kinds, model.policy, tuple(model.visibles))
    rng = np.random.default_rng(5)
    j = model.joined
    shoes = np.maximum(model._base_shoes - rng.integers(0, 6, model._base_shoes.shape), 0)
    totals = shoes.sum(axis=1)
    args = (model.bounds, j.parents, j.kinds, j.have, j.sizes, j.orders, j.final_ids,
            len(model.finals))
    exact = np.array([[float(x) for x in banker.exact_banker_mass([int(c) for c in shoes[v]],
                                                                 trees[v])]
                      for v in range(len(shoes))])
    assert all(tree.finals == model.finals for tree in trees)
    np.testing.assert_allclose(C.banker_mass(shoes, totals, *args), exact, rtol=0, atol=1e-14)
    starts = np.arange(len(shoes) + 1, dtype=np.int64)
    tables = np.arange(len(shoes), dtype=np.int64)
    np.testing.assert_allclose(C.banker_mass_groups(shoes, totals, starts, tables, *args),
                               exact, rtol=0, atol=1e-14)


@pytest.mark.parametrize("name", sorted(native.SOURCES) if LONG else ["sim"])
def test_the_library_builds_where_told_and_says_so(name: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A build at first use goes into the folder `build_dirs` names, named by
    `library_file`, its digest beside it, and says so. The same code for every library:
    `make test` builds the sim kernel (-O1, the quickest) and `make test-long` each;
    every library's compile with its own flags already ran when the run began
    (`python -m pontoon_rules.native`, tests/conftest.py, which fails the run)."""
    if native.compiler() is None:
        pytest.skip("no C compiler")
    monkeypatch.setattr(native, "build_dirs", lambda: [tmp_path])
    monkeypatch.setattr(native, "prebuilt_dir", lambda: tmp_path / "no-package-build")
    monkeypatch.setattr(native, "_LOADED", {})
    lib = native.library(name)
    assert lib is not None
    built = list(tmp_path.glob(f"{name}-*.so"))
    assert len(built) == 1 and built[0].name == native.library_file(name, native.compiler())
    assert (tmp_path / (built[0].name + ".sha256")).is_file()  # its digest, recorded
    err = capsys.readouterr().err
    assert f"compiling the {name} kernel" in err and str(tmp_path) in err


def test_without_a_compiler_one_line_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No C compiler and no library built: the analysis refuses in one line that says to
    install a wheel or a C compiler; `edge` exits 1 with it, no traceback."""
    monkeypatch.setattr(native, "prebuilt_dir", lambda: tmp_path / "none")  # nor a package build
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(native, "compiler", lambda: None)
    with pytest.raises(NativeUnavailableError, match="no C compiler found.*install a "
                       "wheel of pontoon-rules built for this platform, or a C compiler"):
        native.library("analysis")
    env = dict(os.environ, CC=str(tmp_path / "no-cc"), PATH=str(Path(sys.executable).parent),
               PONTOON_RULES_CACHE=str(tmp_path / "cache"), XDG_CACHE_HOME=str(tmp_path))
    no_build = ("import sys, pathlib, pontoon_rules.native as n; n.prebuilt_dir = lambda: "
                "pathlib.Path('/nonexistent'); sys.argv[1:] = ['edge', 'pagat-british']; "
                "from pontoon_rules.cli import main; main()")
    done = subprocess.run([sys.executable, "-c", no_build],
                          env=env, capture_output=True, text=True, timeout=300, check=False,
                          cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("error:")] == [
        "error: the analysis kernel in C is not built here and cannot be (no C compiler "
        "found (set CC, or install gcc)): install a wheel of pontoon-rules built for this "
        "platform, or a C compiler (gcc or clang; or set CC)"], done.stderr


def test_switched_off_by_the_environment_nothing_is_compiled(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`PONTOON_RULES_NATIVE=0`: the libraries already built load; none is compiled."""
    monkeypatch.setenv("PONTOON_RULES_NATIVE", "0")
    monkeypatch.setattr(native, "_LOADED", {})
    assert native.library("analysis") is not None  # built by now (this module's C)
    monkeypatch.setattr(native, "build_dirs", lambda: [tmp_path])
    monkeypatch.setattr(native, "prebuilt_dir", lambda: tmp_path / "none")
    monkeypatch.setattr(native, "_LOADED", {})
    for name in native.SOURCES:
        with pytest.raises(NativeUnavailableError, match="PONTOON_RULES_NATIVE=0"):
            native.library(name)
    assert not list(tmp_path.iterdir())


# -- what a solve keeps for the next (costs), and the expected value alone ------------------
def _fresh_stats(rules: Rules, value_only: bool = False) -> np.ndarray:
    """The round's statistics from a solve that starts afresh (nothing kept): a function of
    the rules alone, so solved once this process for each rules' whole content (two tests
    solve blackjack-reference's base afresh four times, spanish-21's, pagat-british's and
    casino-ochko's twice), a copy each call."""
    key = (rules.ruleset.model_dump_json(), value_only)
    if key not in _FRESH:
        _FRESH[key] = _solved_afresh(rules, value_only)
    return _FRESH[key].copy()


def _solved_afresh(rules: Rules, value_only: bool = False) -> np.ndarray:
    """`_fresh_stats` solved now (nothing kept, nothing looked up): where the solve itself is
    what differs (the number of threads)."""
    C.forget()
    return _kept_stats(rules, value_only)


_FRESH: dict[tuple[str, bool], np.ndarray] = {}


def _kept_stats(rules: Rules, value_only: bool = False) -> np.ndarray:
    """The round's statistics from a solve that may reuse what the last one kept."""
    model = CompositionModel(one_group(rules), value_only=value_only)
    out = np.array(model.stats(), dtype=float)
    assert model._prepared
    return out


def test_the_kernel_counts_the_path_of_each_solve_and_what_it_enumerated() -> None:
    """`pr_counts` (benchmarks/solve_parts.py): a solve from nothing enumerates its nodes and
    outlooks; a variant that changes a payout alone takes them whole (its values alone
    worked out again), and one that changes the banker alone takes the nodes with outlooks
    of its own; the seconds of each stage are counted only where it ran."""
    base = compile_rules(load_bundled("pagat-british"))
    C.forget()
    C.counts(reset=True)
    _kept_stats(base, value_only=True)
    first = C.counts(reset=True)
    assert (first["solves"], first["enumerated"], first["same_nodes"], first["kept"]) == (
        1, 1, 0, 0)
    assert first["main_nodes"] > 0 and first["split_levels"] > 0 and first["outlooks"] > 0
    assert min(first[k] for k in ("enumerate_ns", "outlooks_ns", "values_ns")) > 0
    _kept_stats(_variant("pagat-british", "hands.definitions.pontoon.pays", "3:1"), True)
    paid = C.counts(reset=True)
    assert (paid["solves"], paid["enumerated"], paid["same_nodes"], paid["kept"]) == (
        1, 0, 0, 1)
    assert paid["main_nodes"] == paid["enumerate_ns"] == paid["outlooks_ns"] == 0
    _kept_stats(_variant("pagat-british", "banker.stand_on", 16), True)
    banker = C.counts()
    assert (banker["enumerated"], banker["same_nodes"], banker["kept"]) == (0, 1, 0)
    assert banker["outlooks_ns"] > 0 and banker["enumerate_ns"] == 0


def _variant(ruleset_id: str, path: str, value: object) -> Rules:
    from pontoon_rules.ruleset.format.fields import with_value
    from pontoon_rules.ruleset.format.model import Ruleset

    data = load_bundled(ruleset_id).model_dump(mode="python")
    return compile_rules(Ruleset.model_validate(with_value(data, path, value)))


@pytest.mark.parametrize("ruleset_id", finite_bundled())
def test_the_expected_value_alone_is_the_first_statistic_to_the_last_bit(
        ruleset_id: str) -> None:
    """`value_only` carries the expected value's column alone through the recursion: the
    same number as the first of all the statistics (the others, no longer summed over the
    hands' play, differ)."""
    rules = compile_rules(load_bundled(ruleset_id))
    every = _fresh_stats(rules)
    alone = _fresh_stats(rules, value_only=True)
    assert alone[0] == every[0]
    assert not np.array_equal(alone[1:], every[1:])


@pytest.mark.parametrize(("ruleset_id", "path", "value"), [
    ("blackjack-reference", "settlement.ties", "banker-wins"),       # payouts: all reused
    ("spanish-21", "hands.definitions.five-card-21.pays", "2:1"),    # payouts: all reused
    ("blackjack-reference", "player.split.double_after_split", False),  # the states differ
    ("pagat-british", "player.stick_minimum", 16),                   # the states differ
    ("blackjack-reference", "banker.hit_soft_17", True),              # the banker differs
    ("casino-ochko", "deal.banker_cards_visible", 1),                # a visible card
])
def test_a_solve_after_another_equals_a_fresh_one(ruleset_id: str, path: str,
                                                  value: object) -> None:
    """A solve that reuses the last one's nodes and outlooks (equal inputs) or its outlooks
    alone (an equal banker) gives every statistic of a fresh solve, to the last bit, in
    either order, and so does the same solve twice."""
    base = compile_rules(load_bundled(ruleset_id))
    variant = _variant(ruleset_id, path, value)
    fresh = [_fresh_stats(base), _fresh_stats(variant)]
    C.forget()
    for rules, expected in [(base, fresh[0]), (variant, fresh[1]), (variant, fresh[1]),
                            (base, fresh[0])]:
        np.testing.assert_array_equal(_kept_stats(rules), expected)
    assert not np.array_equal(fresh[0], fresh[1])


class _CountingLib:
    """The analysis library, counting its `pr_solve` calls (every other call passed on)."""

    def __init__(self, lib: object) -> None:
        self._lib, self.solves = lib, 0

    def __getattr__(self, name: str) -> object:
        return getattr(self._lib, name)

    def pr_solve(self, *args: object) -> int:
        self.solves += 1
        return int(self._lib.pr_solve(*args))  # type: ignore[attr-defined]


def test_a_solve_of_the_same_inputs_again_takes_the_kept_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`Kernels.solve` keeps the last solves' values by their inputs: the same inputs again
    (a realistic table's variant that changes only what is worked out around the kernel)
    take them, to the last bit, without the kernel; other inputs (a payout) run it, and so
    does the same solve after `forget`."""
    counting = _CountingLib(C.lib)
    monkeypatch.setattr(C, "lib", counting)
    base = compile_rules(load_bundled("blackjack-reference"))
    payout = _variant("blackjack-reference", "settlement.ties", "banker-wins")
    C.forget()
    first = _kept_stats(base)
    assert counting.solves == 1
    np.testing.assert_array_equal(_kept_stats(base), first)
    assert counting.solves == 1
    assert not np.array_equal(_kept_stats(payout), first)
    assert counting.solves == 2
    np.testing.assert_array_equal(_kept_stats(base), first)
    assert counting.solves == 2
    C.forget()
    np.testing.assert_array_equal(_kept_stats(base), first)
    assert counting.solves == 3


@settings(max_examples=6, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_a_solve_after_a_random_one_equals_a_fresh_one(seed: int) -> None:
    """Random overlays of one bundled ruleset solved one after another, each equal to its
    fresh solve."""
    from pontoon_rules.ruleset.resolving.features import refused_rules

    rng = random.Random(seed)
    base = rng.choice(finite_bundled())
    pair: list[Rules] = []
    while len(pair) < 2:
        rules = random_overlay(rng, base)
        rules = one_group(rules) if rules is not None else None
        if rules is not None and rules.decks is not None \
                and not refused_rules(rules.ruleset, "edge") and _read_alike(rules):
            pair.append(rules)
    fresh = [_fresh_stats(r, value_only=True) for r in pair]
    C.forget()
    for rules, expected in zip(pair + pair, fresh + fresh, strict=True):
        np.testing.assert_array_equal(_kept_stats(rules, value_only=True), expected)


def _read_alike(rules: Rules) -> bool:
    """Whether the shoe's method reads every rule `rules` play (`analysis.assumed`: else
    it refuses) and has a banker's hand to play against: a peek that ends every deal is
    valued at the deal (issue 45: it was refused), without the compiled recursion this
    test is about (`composition.outlook.no_banker_hand`). The fresh solve that tells is
    the one the test compares with (`_fresh_stats`: solved once)."""
    from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError

    try:
        if not CompositionModel(rules, value_only=True).finals:
            return False
        _fresh_stats(rules, value_only=True)  # refuses a rule it does not read; kept
    except UnsupportedFeatureError:
        return False
    return True


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "blackjack-reference"])
def test_a_solve_of_some_visible_tuples_values_those_alone_to_the_last_bit(
        ruleset_id: str) -> None:
    """A model asked for some visible tuples' values alone (`lanes`: an up-card group's, as
    `upcards.UpCardModel` asks for the value alone) gets theirs equal to the last bit to a
    solve of every tuple, the split bases too, and 0 for every other tuple."""
    rules = one_group(compile_rules(load_bundled(ruleset_id)))
    every = CompositionModel(rules, value_only=True)
    every.prepare()
    some = CompositionModel(rules, value_only=True)
    some.lanes = np.array([int(v % 3 == 1) for v in range(len(some.visibles))], dtype=np.int64)
    some.prepare()
    read, unread = some.lanes == 1, some.lanes == 0
    assert read.any() and unread.any()
    assert some._memo.keys() == every._memo.keys() and some._memo
    assert some.fast_bases.keys() == every.fast_bases.keys()
    for key, expected in every._memo.items():
        np.testing.assert_array_equal(some._memo[key][read], expected[read])
    for pair, expected in every.fast_bases.items():
        np.testing.assert_array_equal(some.fast_bases[pair][:, :, read], expected[:, :, read])
    assert not any(some._memo[k][unread].any() for k in some._memo)


def _lane_solve(rules: Rules, lanes: np.ndarray | None) -> CompositionModel:
    """A value-alone model of `rules` solved (kept solves reused) for `lanes` (None:
    every visible tuple)."""
    model = CompositionModel(rules, value_only=True)
    model.lanes = lanes
    model.prepare()
    return model


def _assert_lanes(model: CompositionModel, every: CompositionModel, lanes: np.ndarray) -> None:
    """`model`'s values are `every`'s to the last bit in the lanes of 1, 0 in the others."""
    read, unread = lanes == 1, lanes == 0
    assert model._memo.keys() == every._memo.keys() and model._memo
    assert model.fast_bases.keys() == every.fast_bases.keys()
    for key, expected in every._memo.items():
        np.testing.assert_array_equal(model._memo[key][read], expected[read])
        assert not model._memo[key][unread].any()
    for pair, expected in every.fast_bases.items():
        np.testing.assert_array_equal(model.fast_bases[pair][:, :, read], expected[:, :, read])
        assert not model.fast_bases[pair][:, :, unread].any()


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "blackjack-reference"])
def test_the_other_lanes_after_some_equal_a_solve_of_every_lane(ruleset_id: str) -> None:
    """Two up-card groups' solves of the same tables, each for its own lanes (the second
    takes the values the first worked out for every lane), then a payout's variant and the
    second group again (its values worked out anew, then again taken): each group's lanes
    equal to the last bit to a fresh solve of every tuple, 0 in the others."""
    rules = one_group(compile_rules(load_bundled(ruleset_id)))
    payout = one_group(_variant(ruleset_id, "settlement.ties", "banker-wins"))
    C.forget()
    every = _lane_solve(rules, None)
    C.forget()
    every_payout = _lane_solve(payout, None)
    first = np.array([int(v % 3 == 1) for v in range(len(every.visibles))], dtype=np.int64)
    second = 1 - first
    C.forget()
    for lanes, model_rules, expected in [(first, rules, every), (second, rules, every),
                                         (second, payout, every_payout),
                                         (first, payout, every_payout),
                                         (second, rules, every)]:
        _assert_lanes(_lane_solve(model_rules, lanes), expected, lanes)


def test_an_up_card_groups_value_alone_reads_its_own_up_cards_and_equals_the_whole_solve(
        ) -> None:
    """spanish-21's value alone (`edge_of`'s) solves each group of up cards for its own
    up cards only (`lanes`: its mask), and is the round's expected value of the solve with
    every statistic and every up card, to the last bit."""
    from pontoon_rules.analysis.upcards import UpCardModel

    rules = compile_rules(load_bundled("spanish-21"))
    alone = UpCardModel(rules, value_only=True)
    assert [p.lanes.tolist() for p in alone.parts] == [m.tolist() for m in alone.masks]
    assert all(p.lanes is None for p in UpCardModel(rules).parts)
    assert alone.value_of_round() == UpCardModel(rules).stats()[0]


@pytest.mark.parametrize("ruleset_id", ["blackjack-reference", "spanish-21", "pagat-british"])
def test_the_outlooks_shared_among_threads_give_the_same_numbers(ruleset_id: str) -> None:
    """A solve's banker outlooks walked, its pairs' split sets enumerated and their levels
    valued by one thread, by three (whatever the machine's cores) and by the most the
    kernel takes (`analysis_levels.h`: four): every statistic equal to the last bit."""
    rules = compile_rules(load_bundled(ruleset_id))
    found = {}
    for count in (1, 3, 1000):
        with cnative.threads(count):
            found[count] = _solved_afresh(rules)
    np.testing.assert_array_equal(found[3], found[1])
    np.testing.assert_array_equal(found[1000], found[1])
