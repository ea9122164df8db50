"""CPU of the worked-example search between the bundled source rulesets, and its output.

Runs `compare.cached.comparisons_json` over the bundled source rulesets (the pairs every
conformance export reads: `compare.vectors`) in a fresh process with a fresh cache folder,
and prints its CPU seconds and a SHA-256 of the JSON it gives. With `--other PATH` (another
checkout with its own `.venv`), the same in that tree, the two in alternating fresh
processes, so that both meet the same load; the digests must match (the same examples,
to the byte). The search is single-threaded: CPU, not wall, is the figure.

Usage: `python benchmarks/example_search_speed.py [--rounds N] [--other PATH]`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import hashlib, json, time
from pontoon_rules.compare.cached import comparisons_json
from pontoon_rules.compare.vectors import conformance_record_rulesets
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
wanted = conformance_record_rulesets()
sources = [load_bundled(i) for i in bundled_ids() if i in wanted]
start = time.process_time()
found = comparisons_json(sources)
cpu = time.process_time() - start
text = json.dumps(found, sort_keys=True, separators=(",", ":"))
print(json.dumps({"cpu": cpu, "pairs": len(found),
                  "digest": hashlib.sha256(text.encode()).hexdigest()}))
"""


def run_once(tree: Path) -> dict[str, object]:
    """The search in a fresh process of `tree`'s own Python, with a fresh cache folder."""
    python = tree / ".venv" / "bin" / "python"
    with tempfile.TemporaryDirectory(prefix="example-search-") as cache:
        env = {**os.environ, "PONTOON_RULES_CACHE": cache, "PYTHONPATH": str(tree)}
        done = subprocess.run([str(python), "-c", CHILD], cwd=tree, env=env, check=True,
                              capture_output=True, text=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2, help="runs per tree (default 2)")
    parser.add_argument("--other", type=Path, help="another checkout, run in alternation")
    args = parser.parse_args()
    trees = {"this": HERE}
    if args.other is not None:
        trees["other"] = args.other.resolve()
    runs: dict[str, list[dict[str, object]]] = {name: [] for name in trees}
    for round_ in range(args.rounds):
        order = list(trees.items())
        if round_ % 2:
            order.reverse()  # alternate which tree goes first
        for name, tree in order:
            runs[name].append(run_once(tree))
            last = runs[name][-1]
            print(f"  round {round_ + 1} {name:<5} {last['cpu']:7.1f} s CPU  "
                  f"{last['pairs']} pairs  sha256 {str(last['digest'])[:16]}", flush=True)
    digests = set()
    for name, tree in trees.items():
        cpus = [float(str(r["cpu"])) for r in runs[name]]
        digests |= {str(r["digest"]) for r in runs[name]}
        print(f"{name:<5} {tree}: median {statistics.median(cpus):.1f} s CPU "
              f"(min {min(cpus):.1f}) over {len(cpus)} fresh runs")
    if len(digests) == 1:
        print(f"output: the same in every run, sha256 {digests.pop()}")
    else:
        print(f"output DIFFERS between runs: {sorted(digests)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
