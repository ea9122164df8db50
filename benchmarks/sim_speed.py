"""Compiled simulator speed: compile time, rounds/s per ruleset, sessions, scaling.

Usage:
    python benchmarks/sim_speed.py                 # everything except the cross-check
    python benchmarks/sim_speed.py --crosscheck    # also 10M rounds per ruleset vs exact
    python benchmarks/sim_speed.py --crosscheck-only  # only that
    python benchmarks/sim_speed.py --quick         # shorter runs
    python benchmarks/sim_speed.py --for-rules-only   # only the kernel built for each ruleset

Rounds/s are per CPU-second of one process (`time.process_time`), best play, one
seat, dealt from the ruleset's shoe (a fresh shuffled shoe each round), first on the
general kernel (in C where built, as `simulate` runs it), then on the one-seat fast
kernel (the same) for the rulesets that have its features (blackjack-reference's hands/s
is the issue's 9.4 M target). Sessions are pagat-british with five players (stand-17), deals
per CPU-second, with the process's peak memory after 10^6 and 10^7 deals (flat: nothing
per deal is kept).
Scaling is wall time of `simulate` with 1 and 2 local workers and a local Dask
cluster of 2 workers. The kernel compiled for each ruleset (`RoundRunner.for_rules`) is
timed against the general C library by alternating the two in one process (steadier
than separate processes on a machine whose speed drifts), with its build time from an
empty folder.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

import numpy as np

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

QUICK = "--quick" in sys.argv


def compile_time() -> None:
    """Cold build (an empty build folder) and warm load, each in a fresh process: the
    general kernel's C library (rounds and sessions), then the one-seat fast kernel's."""
    code = ("import sys,pathlib,time,numpy as np;import pontoon_rules.native as n;"
            "n.build_dirs=lambda:[pathlib.Path(sys.argv[1])];t=time.perf_counter();"
            "from pontoon_rules.engine.round.rules import compile_rules;"
            "from pontoon_rules.ruleset.loading.registry import load_bundled;"
            "from pontoon_rules.sim.kernels.strategy import strategy;"
            "from pontoon_rules.sim.runs.rounds import RoundRunner;"
            "from pontoon_rules.sim.sessions.tables import SessionTable;"
            "r=compile_rules(load_bundled('pagat-british'));s=strategy(r,'stand-17');"
            "b=compile_rules(load_bundled('blackjack-reference'));f=strategy(b,'stand-17');"
            "t=time.perf_counter();RoundRunner(r,s).run(10,np.array([1],dtype=np.uint64));"
            "SessionTable(r,s,5,np.array([1],dtype=np.uint64)).play(10);"
            "u=time.perf_counter();RoundRunner(b,f).run(10,np.array([1],dtype=np.uint64),'shoe');"
            "print(u-t,time.perf_counter()-u)")
    with tempfile.TemporaryDirectory() as folder:
        cold, warm = ([float(x) for x in subprocess.run(
            [sys.executable, "-c", code, folder], check=True, capture_output=True,
            text=True).stdout.split()] for _ in range(2))
    print(f"compile: general kernel {cold[0]:.1f} s cold (built into an empty folder), "
          f"{warm[0]:.2f} s loaded; fast kernel {cold[1]:.1f} s cold, {warm[1]:.2f} s loaded")


def rounds_per_second() -> None:
    from pontoon_rules.sim.kernels.compiled import compile_sim
    from pontoon_rules.sim.kernels.strategy import strategy
    from pontoon_rules.sim.runs.fastpath import fast_problem
    from pontoon_rules.sim.runs.rounds import RoundRunner

    rounds = 500_000 if QUICK else 3_000_000
    print(f"one core, best play, one seat, the ruleset's shoe ({rounds:,} rounds), "
          "the general kernel (C where built), then compiled for the ruleset as `simulate` "
          "runs a million rounds or more (its build not timed):")
    fast = []
    for ruleset in simulated():
        rules = compile_rules(load_bundled(ruleset))
        runner = RoundRunner(rules, strategy(rules))
        if fast_problem(compile_sim(rules)) is None:
            fast.append((ruleset, runner))
        cpu, out = _timed(runner, rounds, "general")
        ruled = RoundRunner(rules, runner.strategy)
        ruled.for_rules()
        cpu_r, out_r = _timed(ruled, rounds, "general")
        print(f"  {ruleset:24} {out[3] / cpu:12,.0f} rounds/s {out[2] / cpu:12,.0f} hands/s; "
              f"{ruled.kernel_name('general')} {out_r[3] / cpu_r:12,.0f} rounds/s")
    rounds = 5_000_000 if QUICK else 30_000_000
    print(f"the same on the one-seat fast kernel, which simulate uses for every ruleset with "
          f"its features ({rounds:,} rounds, best of 3; hands count split hands):")
    for ruleset, runner in fast:
        cpu, out = min((_timed(runner, rounds, "fast") for _ in range(3)), key=lambda t: t[0])
        print(f"  {ruleset:24} {out[3] / cpu:12,.0f} rounds/s {out[2] / cpu:12,.0f} hands/s"
              f"   ({cpu:.2f} s CPU, {runner.kernel_name('fast')})")
        if ruleset == "blackjack-reference":
            print(f"  -> blackjack-reference, fast kernel: {out[2] / cpu:,.0f} hands/s on one "
                  "core (target 9,400,000: hhoppe/blackjack's Monte Carlo speed)")


def _timed(runner: Any, rounds: int, kernel: str) -> tuple[float, np.ndarray]:
    """(CPU seconds, sums) of `rounds` rounds from a fresh shoe each, after a warm-up."""
    runner.run(1000, np.array([1], dtype=np.uint64), "shoe", kernel=kernel)
    start = time.process_time()
    out = runner.run(rounds, np.array([7], dtype=np.uint64), "shoe", kernel=kernel)
    return time.process_time() - start, out


def session_child(deals: int) -> None:
    """(In a child process) one pagat-british session; prints deals/s and peak memory."""
    from pontoon_rules.sim.kernels.strategy import strategy
    from pontoon_rules.sim.sessions.tables import SessionTable

    rules = compile_rules(load_bundled("pagat-british"))
    table = SessionTable(rules, strategy(rules, "stand-17"), 5, np.array([3], dtype=np.uint64))
    table.play(1000)
    start = time.process_time()
    for _ in range(deals // 100_000):
        table.play(100_000)
    cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{deals / cpu:.0f} {peak:.1f}")


def sessions() -> None:
    counts = [1_000_000] if QUICK else [1_000_000, 10_000_000]
    print("sessions, pagat-british, five players (stand-17), one core:")
    for deals in counts:
        out = subprocess.run([sys.executable, __file__, "--session-child", str(deals)],
                             check=True, capture_output=True, text=True).stdout.split()
        print(f"  {deals:>12,} deals: {float(out[0]):10,.0f} deals/s, peak memory {out[1]} MB")


def scaling() -> None:
    from pontoon_rules.sim.runs.simulate import simulate

    rules = compile_rules(load_bundled("casino-ochko"))
    # a run long enough (about 8 s on one worker of the fast kernel) that starting the
    # workers does not count: scaling is about big jobs
    rounds = 8_000_000 if QUICK else 100_000_000
    simulate(rules, 1000)
    times = {}
    for workers in (1, 2):
        start = time.perf_counter()
        result = simulate(rules, rounds, seed=5, workers=workers)
        times[workers] = time.perf_counter() - start
        print(f"  {workers} worker(s): {rounds / times[workers]:12,.0f} rounds/s wall "
              f"(edge {result.house_edge:.4f}%)")
    print(f"  two workers / one: {times[1] / times[2]:.2f}x (2 shared cores)")
    try:
        from distributed import LocalCluster
    except ImportError:
        print("  dask: distributed not installed")
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        simulate(rules, 2_000_000, scheduler=address)  # warm the workers
        # best of three each, alternating, with the cluster up for both (its scheduler and
        # nannies share the two cores with whichever run is going)
        local, dask = [], []
        for _ in range(3):
            start = time.perf_counter()
            simulate(rules, rounds, seed=5, workers=2)
            local.append(time.perf_counter() - start)
            start = time.perf_counter()
            result = simulate(rules, rounds, seed=5, scheduler=address)
            dask.append(time.perf_counter() - start)
    print(f"  local Dask cluster, 2 workers: {rounds / min(dask):12,.0f} rounds/s wall, "
          f"{min(dask) / min(local):.2f}x the time of --workers 2 (best of 3 each, the "
          f"cluster up for both; edge {result.house_edge:.4f}%)")


def for_rules() -> None:
    """The kernel compiled for each ruleset against the general C library, alternated in
    one process (`reps` pairs of `rounds` rounds, the ruleset's shoe, best play): each
    one's median rounds/s and the median of the pairs' ratios; and the build's seconds
    (wall) from an empty folder."""
    import statistics
    from pathlib import Path

    from pontoon_rules import native
    from pontoon_rules.sim.kernels import native as sim_native
    from pontoon_rules.sim.kernels.strategy import strategy
    from pontoon_rules.sim.runs.rounds import RoundRunner

    sim_native.kernel()  # the general library, from where it is built (not timed below)

    rounds, reps = (200_000, 4) if QUICK else (500_000, 8)
    print(f"the general kernel compiled for each ruleset against the general C library, "
          f"alternated in one process ({reps} pairs of {rounds:,} rounds; rounds/s per CPU "
          "second, medians), and its build from an empty folder:")
    ratios = []
    for ruleset in simulated():
        rules = compile_rules(load_bundled(ruleset))
        general = RoundRunner(rules, strategy(rules))
        ruled = RoundRunner(rules, general.strategy)
        loaded = len(native._LOADED)
        with tempfile.TemporaryDirectory() as folder:
            kept = native.build_dirs
            native.build_dirs = lambda: [Path(folder)]  # type: ignore[assignment]
            try:
                start = time.perf_counter()
                built = ruled.for_rules()
                build = time.perf_counter() - start
            finally:
                native.build_dirs = kept  # type: ignore[assignment]
        if not built:
            print(f"  {ruleset:24} no C kernel for the rules (no compiler?)")
            continue
        pairs = [(_timed(general, rounds, "general"), _timed(ruled, rounds, "general"))
                 for _ in range(reps)]
        a = [out[3] / cpu for (cpu, out), _ in pairs]
        b = [out[3] / cpu for _, (cpu, out) in pairs]
        ratio = statistics.median(y / x for x, y in zip(a, b, strict=True))
        ratios.append(ratio)
        built_here = (f"build {build:.2f} s" if len(native._LOADED) > loaded else
                      "the build of a ruleset above: the same parameters and header")
        print(f"  {ruleset:24} general-c {statistics.median(a):12,.0f}  general-c-rules "
              f"{statistics.median(b):12,.0f} rounds/s: {ratio:.2f}x  ({built_here})")
    if ratios:
        print(f"  -> {min(ratios):.2f}x to {max(ratios):.2f}x")


def simulated() -> list[str]:
    """The bundled rulesets the compiled simulator plays (it names what it refuses in the
    others, printed here once)."""
    from pontoon_rules.ruleset.resolving.features import bundled_handled, refused_names

    handled = bundled_handled("simulator")
    for ruleset in bundled_ids():
        if ruleset not in handled:
            print(f"  {ruleset:24} not simulated: the compiled simulator refuses "
                  f"{', '.join(refused_names(load_bundled(ruleset), 'simulate'))}")
    return handled


def crosscheck() -> None:
    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.sim.runs.simulate import simulate

    print("cross-check, 10,000,000 rounds per ruleset against the exact edge:")
    for dealing, deck in (("shoe", None), ("infinite", "infinite")):
        label = "a fresh shoe of the ruleset's size vs the exact finite-shoe (CD) edge" \
            if deck is None else "an infinite deck vs the exact infinite-deck edge"
        print(f" dealt from {label}:")
        for ruleset in simulated():
            rules = compile_rules(load_bundled(ruleset))
            exact = edge_of(rules, deck)  # type: ignore[arg-type]
            result = simulate(rules, 10_000_000, seed=2026, workers=2,
                              dealing=dealing)  # type: ignore[arg-type]
            low, high = result.interval
            verdict = "inside" if low <= exact <= high else "OUTSIDE"
            print(f"  {ruleset:24} exact {exact:+.4f}%  simulated {result.house_edge:+.4f}% "
                  f"[{low:+.4f}, {high:+.4f}]  {verdict}")


def main() -> None:
    if "--session-child" in sys.argv:
        session_child(int(sys.argv[-1]))
        return
    print("(measured under whatever load the machine has; figures are CPU time unless wall)")
    if "--for-rules-only" in sys.argv:
        for_rules()
        return
    if "--crosscheck-only" in sys.argv:
        crosscheck()
        return
    compile_time()
    rounds_per_second()
    for_rules()
    sessions()
    print("scaling (wall time):")
    scaling()
    if "--crosscheck" in sys.argv:
        crosscheck()


if __name__ == "__main__":
    main()
