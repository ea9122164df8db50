"""Vectors per second through the runner against the reference harness, and the one-shot cost.

Builds VECTORS seeded random vectors (casino-ochko and pagat-british, one to three
seats, with probes), then times:
- persistent mode: one harness process, requests sent a few ahead (window 8) and
  one at a time (window 1); the harness start is timed separately;
- one-shot mode: one process per vector, over ONE_SHOT vectors; the per-vector
  overhead is its time per vector minus the persistent time per vector.
Then fuzzing: FUZZ rounds of casino-ochko through the reference harness.
Target (issues 7 and 16): at least 2,000 vectors per CPU second in persistent mode.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from pontoon_rules.conformance.running.runner import PersistentRunner, RunOptions, run_vectors
from pontoon_rules.conformance.vectors.build import build
from pontoon_rules.conformance.vectors.generate import random_plan, random_stakes
from pontoon_rules.conformance.vectors.reference import bundled_rules

HARNESS = f"{sys.executable} -m pontoon_rules.conformance.running.harness"


def make_vectors(count: int, seed: int) -> list[dict[str, object]]:
    """`count` random vectors over two rulesets."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        rules = bundled_rules(("casino-ochko", "pagat-british")[n % 2])[0]
        stakes = random_stakes(rules, rng)
        shoe, plan = random_plan(rules, stakes, rng)
        out.append(build(rules, f"{rules.ruleset.id}/bench-{n}", "", stakes, shoe, plan))
    return out


def persistent(vectors: list[dict[str, object]], window: int) -> tuple[float, float, float]:
    """(seconds to start the harness, vectors per wall second, vectors per CPU second).

    CPU seconds are the runner's plus the harness's (its start excluded): the rate
    both would reach sharing one otherwise idle core.
    """
    from pontoon_rules.conformance.running.runner import Item

    items = [Item.of(v) for v in vectors]
    start = time.perf_counter()
    runner = PersistentRunner(RunOptions(HARNESS, window=window, timeout=10), {})
    started = time.perf_counter()
    assert runner.session.proc is not None
    harness_start = _cpu(runner.session.proc.proc.pid)
    own = time.process_time()
    statuses: list[str] = []
    runner.run(items, lambda o: statuses.append(o.status))
    done = time.perf_counter()
    cpu = time.process_time() - own + _cpu(runner.session.proc.proc.pid) - harness_start
    runner.close()
    assert statuses == ["pass"] * len(items), set(statuses)
    return started - start, len(items) / (done - started), len(items) / cpu


def _cpu(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc)."""
    import os

    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_shot(vectors: list[dict[str, object]]) -> float:
    """Seconds per vector in one-shot mode."""
    start = time.perf_counter()
    result = run_vectors(vectors, RunOptions(f"{HARNESS} --one-shot", one_shot=True, timeout=30))
    assert {o.status for o in result.outcomes} == {"pass"}
    return (time.perf_counter() - start) / len(vectors)


def fuzz_rate(rounds: int) -> float:
    """Fuzzed rounds per wall second (casino-ochko, reference harness, no difference)."""
    from pontoon_rules.conformance.fuzzing.fuzz import fuzz

    rules = bundled_rules("casino-ochko")[0]
    start = time.perf_counter()
    result = fuzz(rules, False, RunOptions(HARNESS, timeout=10), rounds, 1)
    assert result.passed and result.sent == rounds, result.problem
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--vectors", type=int, default=5000)
    parser.add_argument("--one-shot", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fuzz", type=int, default=1000, help="Fuzzed rounds to time.")
    args = parser.parse_args()
    vectors = make_vectors(args.vectors, args.seed)
    steps = sum(len(v["steps"]) for v in vectors) / len(vectors)  # type: ignore[arg-type]
    print(f"{len(vectors)} vectors, {steps:.1f} steps each on average")
    for window in (8, 1):
        boot, rate, cpu_rate = persistent(vectors, window)
        print(f"persistent, window {window}: {rate:,.0f} vectors/s wall, {cpu_rate:,.0f} "
              f"vectors per CPU second (runner + harness; harness start {boot:.2f} s)")
        if window == 8:
            per_vector = 1 / rate
    seconds = one_shot(vectors[: args.one_shot])
    print(f"one-shot: {seconds * 1000:.0f} ms per vector; overhead over persistent "
          f"{(seconds - per_vector) * 1000:.0f} ms per vector")
    print(f"fuzz: {fuzz_rate(args.fuzz):,.0f} rounds/s wall (casino-ochko, reference harness; "
          "building each round with the engine included)")


if __name__ == "__main__":
    main()
