"""How long loading a ruleset takes: read, resolve `extends`, validate, compile.

    python benchmarks/loader_speed.py                       # this tree
    python benchmarks/loader_speed.py --reference DIR       # and another source tree

Each bundled ruleset is loaded from its file (no cache) many times over, and the
engine's compiled view (`compile_rules`) built from it; the figure is CPU
milliseconds per load (`time.process_time`, robust to other load on the machine).
With `--reference DIR` (a checkout of an earlier commit, e.g. made with
`git archive COMMIT | tar -x -C DIR`) the same measurement runs against that tree
in a subprocess, interleaved with this tree's, so both are measured in the same run.
Target (issue 20): the loader not slower than the reference by more than 20%.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

TARGET_RATIO = 1.20
MEASURE = """
import json, sys, time
try:
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.loading.loader import load_path
    from pontoon_rules.ruleset.loading.registry import bundled_ids, bundled_path
except ImportError:  # a reference tree from before the rooms by stage (issue 47)
    from pontoon_rules.engine.rules import compile_rules
    from pontoon_rules.ruleset.loader import load_path
    from pontoon_rules.ruleset.registry import bundled_ids, bundled_path
repeats = int(sys.argv[1])
out = {}
for ruleset_id in bundled_ids():
    path = bundled_path(ruleset_id)
    compile_rules(load_path(path))
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(repeats):
            compile_rules(load_path(path))
        best = min(best, (time.process_time() - start) / repeats)
    out[ruleset_id] = best * 1000
print(json.dumps(out))
"""


def measure(tree: Path | None, repeats: int) -> dict[str, float]:
    """Milliseconds per load of each bundled ruleset, in a fresh process on `tree`
    (None: the installed package)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run([sys.executable, "-c", MEASURE, str(repeats)], env=env,
                          capture_output=True, text=True, check=True, cwd=tree or None)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reference", type=Path, default=None,
                        help="a source tree to measure in the same run")
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    ours = measure(None, args.repeats)
    theirs = measure(args.reference, args.repeats) if args.reference else None
    if args.reference:
        ours = {k: min(v, w) for (k, v), w in zip(ours.items(),
                                                   measure(None, args.repeats).values(),
                                                   strict=True)}
    print(f"loader: load + validate + compile, ms per load (best of 3 x {args.repeats})")
    for ruleset_id, ms in ours.items():
        line = f"  {ruleset_id:<24} {ms:8.2f} ms"
        if theirs and ruleset_id in theirs:
            line += f"   reference {theirs[ruleset_id]:8.2f} ms   x{ms / theirs[ruleset_id]:.2f}"
        print(line)
    if theirs:
        common = [k for k in ours if k in theirs]
        ratio = sum(ours[k] for k in common) / sum(theirs[k] for k in common)
        verdict = "ok" if ratio <= TARGET_RATIO else "over target"
        print(f"  all common rulesets: x{ratio:.2f} the reference "
              f"(target <= x{TARGET_RATIO:.2f}): {verdict}")


if __name__ == "__main__":
    main()
