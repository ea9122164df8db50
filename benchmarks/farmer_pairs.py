"""`pontoon-rules edge blackjack-reference` against Eric Farmer's `strategy`, as whole
processes in alternating runs (issue 47, item 5): the median of each run's ratio, by wall
and by CPU, with the solve started ahead and without.

    python benchmarks/farmer_pairs.py [--farmer PATH] [--pairs N] [--ruleset ID]
                                      [--reference TREE]

Each of `--pairs` rounds (7 by default) runs three whole processes back to back, their
order turned by one each round: Farmer's `strategy` (built `g++ -O3 -march=native`, found
as `speed_targets.py` says; its prompts repeat forever at the end of its input, so it is
read through `head -c 100000`, whose CPU is counted with it), our command with its solve
started ahead on the inputs the warm-up run kept (`analysis.composition.ahead`), and our
command without (`PONTOON_RULES_AHEAD=0`, as the first run of a new or edited ruleset).
Each of ours is divided by the Farmer run of the same round, so both sides see the same
load; the median of those ratios is printed, with the load. Wall seconds count other
people's work on a loaded machine; CPU seconds (user and system, the whole process tree)
are what the process itself spent. Ours runs through this interpreter from whatever tree
it imports, with the package's byte code compiled first (as a `pip install` does).

`--reference TREE` (another tree of the package: a `git worktree`, or `git archive int |
tar -x -C TREE`) runs that tree's command too, ahead and not, in the same rounds (five
processes a round, their order turned by one each round): its ratios to Farmer are
printed beside ours, and the median of ours divided by its, by CPU, round by round: a
change's effect under the same load.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

from speed_targets import CLI, FARMER_INPUT, compiled_byte_code, farmer_path, load, run_timed


def ours(ruleset: str, ahead: bool, tree: Path | None = None) -> tuple[float, float, str]:
    """(wall s, CPU s, house edge printed) of one `edge RULESET`, of the package in `tree`
    (None: whatever this interpreter imports)."""
    env = dict(os.environ) if ahead else dict(os.environ, PONTOON_RULES_AHEAD="0")
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    wall, cpu, out, _ = run_timed([*CLI, "edge", ruleset], env=env)
    found = re.search(r"house edge (-?[0-9.]+)%", out)
    return wall, cpu, found.group(1) if found else "?"


def farmer(path: Path, folder: str) -> tuple[float, float, str]:
    """(wall s, CPU s, overall expected value printed, percent) of one whole `strategy`."""
    out = Path(folder) / "strategy.txt"
    wall, cpu, _, _ = run_timed(f"'{path}' | head -c 100000 > /dev/null", shell=True,
                                stdin=FARMER_INPUT.format(out=out))
    found = re.search(r"Total\s*\|\s*(-?[0-9.]+)", out.read_text())
    return wall, cpu, found.group(1) if found else "?"


LABELS = ("ahead", "not ahead")
"""Our two ways of running, each a process of its own."""


def one_run(label: str, path: Path, folder: str, ruleset: str,
            reference: Path | None) -> tuple[float, float, str]:
    """One process of a round: Farmer's, ours (`ahead`, `not ahead`) or the reference
    tree's (`reference ahead`, `reference not ahead`)."""
    if label == "farmer":
        return farmer(path, folder)
    if label.startswith("reference "):
        return ours(ruleset, label == "reference ahead", reference)
    return ours(ruleset, label == "ahead")


def pairs(path: Path, ruleset: str, rounds: int,
          reference: Path | None = None) -> dict[str, list[tuple[float, float]]]:
    """Per round, each of ours' (wall, CPU) divided by that round's Farmer run; with a
    `reference` tree, its runs' too (keys `reference ahead`, `reference not ahead`) and
    ours' CPU divided by its (`this/reference ahead`, `this/reference not ahead`)."""
    compiled_byte_code(reference)
    mine = [*LABELS, *(f"reference {label}" for label in LABELS if reference)]
    labels = ("farmer", *mine)
    ratios: dict[str, list[tuple[float, float]]] = {label: [] for label in mine}
    with tempfile.TemporaryDirectory() as folder:
        _, _, expected = farmer(path, folder)
        edges = [one_run(label, path, folder, ruleset, reference)[2]
                 for label in mine if "not" not in label]  # the caches warm, inputs kept
        print(f"Farmer's expected value {expected}%; our house edge {' / '.join(edges)}% "
              "(the player's expectation is its negative)")
        for i in range(rounds):
            order = labels[i % len(labels):] + labels[:i % len(labels)]
            runs = {label: one_run(label, path, folder, ruleset, reference)
                    for label in order}
            base = runs["farmer"]
            for label in mine:
                ratios[label].append((runs[label][0] / base[0], runs[label][1] / base[1]))
            print(f"  round {i + 1}: Farmer {base[0]:.3f} s wall {base[1]:.3f} s CPU; "
                  + "; ".join(f"{label} {runs[label][0]:.3f} s wall {runs[label][1]:.3f} s CPU"
                              for label in mine) + f"  [{load()}]")
            for label in LABELS if reference else ():
                other = runs[f"reference {label}"]
                ratios.setdefault(f"this/reference {label}", []).append(
                    (runs[label][0] / other[0], runs[label][1] / other[1]))
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--farmer", help="Farmer's `strategy` binary")
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--ruleset", default="blackjack-reference")
    parser.add_argument("--reference", type=Path, help="another tree of the package, run in "
                        "the same rounds")
    args = parser.parse_args()
    path = farmer_path(args.farmer)
    if path is None:
        print("Farmer's calculator not found (--farmer PATH, $FARMER_STRATEGY or "
              "/tmp/farmer/strategy): skipped; build it as speed_targets.py's docstring says")
        return 0  # `make bench` goes on, as speed_targets does
    print(f"`edge {args.ruleset}` against {path}, {args.pairs} alternating rounds  [{load()}]")
    reference = args.reference.resolve() if args.reference else None
    ratios = pairs(path, args.ruleset, args.pairs, reference)
    for label, found in ratios.items():
        wall = statistics.median(r[0] for r in found)
        cpu = statistics.median(r[1] for r in found)
        if label.startswith("this/"):
            print(f"-> {label} (median of {len(found)} ratios, same round): {wall:.3f}x by "
                  f"wall, {cpu:.3f}x by CPU")
            continue
        print(f"-> {label:9} (median of {len(found)} ratios to Farmer's run of the same round):"
              f" {wall:.2f}x by wall, {cpu:.2f}x by CPU; target at most 1x: wall "
              f"{'MET' if wall <= 1 else 'NOT MET'}, CPU {'MET' if cpu <= 1 else 'NOT MET'}")
    print(f"  [{load()}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
