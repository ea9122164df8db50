"""CPU of the test run's background pre-builds (`tests/prebuild.py`): `suite` (every
bundled ruleset's vectors) and `site` (the docs tests' site), each made from nothing.

Each step runs as the test run starts it, `python tests/prebuild.py STEP FOLDER`, in a
fresh folder with an empty cache folder of its own (`PONTOON_RULES_CACHE`), so nothing
an earlier run kept is read back; the figure is the step's CPU seconds (user + system,
its worker processes included), which a busy machine inflates less than wall time.
`--keep DIR` leaves each step's output under DIR/STEP, to compare two trees with `diff -r`.
`--as-ci` gives the steps one cache folder, emptied once, as a test run has it: `suite`
first keeps the worked-example searches that `site` then reads (`site` alone, from an empty
cache, searches them again: ~100 s of CPU that a test run spends in `suite`).
`--reference TREE` runs each step in another checkout too (its own `tests/prebuild.py` and
package, this interpreter), alternating, to compare two trees in the same minutes;
`--rounds N` repeats the whole.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEPS = ("suite", "site")


def run_step(step: str, out: Path, cache: str | None = None,
             root: Path = ROOT) -> tuple[float, float]:
    """Make `step` of the checkout `root` into `out / step` with the cache folder `cache`
    (None: an empty one of its own): (CPU seconds, wall seconds)."""
    if cache is None:
        with tempfile.TemporaryDirectory(prefix="prebuild-cache-") as empty:
            return run_step(step, out, empty, root)
    folder = out / step
    shutil.rmtree(folder, ignore_errors=True)  # an earlier round's: made afresh, not found made
    folder.mkdir(parents=True)
    env = {**os.environ, "PONTOON_RULES_CACHE": cache, "PYTHONPATH": str(root)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run([sys.executable, str(root / "tests" / "prebuild.py"), step, str(folder)],
                   check=True, env=env, cwd=root)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("steps", nargs="*", default=list(STEPS), choices=STEPS)
    parser.add_argument("--keep", type=Path, help="leave each step's output under KEEP/STEP")
    parser.add_argument("--as-ci", action="store_true",
                        help="one cache folder for the steps, as a test run has (suite first)")
    parser.add_argument("--reference", type=Path,
                        help="another checkout, run alternately (output under KEEP/reference)")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    trees = [("this", ROOT)] + ([("reference", args.reference.resolve())]
                                if args.reference else [])
    for _round in range(args.rounds):
        for label, root in trees:
            with tempfile.TemporaryDirectory(prefix="prebuild-") as scratch:
                out = args.keep or Path(scratch)
                run_tree(args, out / label if args.reference else out, Path(scratch), root,
                         label if args.reference else "")


def run_tree(args: argparse.Namespace, out: Path, scratch: Path, root: Path,
             label: str) -> None:
    """Each step of `args` for the checkout `root`, one line each."""
    shared = str(scratch / "cache") if args.as_ci else None
    if shared is not None:
        Path(shared).mkdir()
    steps = [s for s in STEPS if s in args.steps] if args.as_ci else args.steps
    for step in steps:
        cpu, wall = run_step(step, out, shared, root)
        print(f"{label + ' ' if label else ''}{step}: {cpu:.1f} s CPU (user + system), "
              f"{wall:.1f} s wall", flush=True)


if __name__ == "__main__":
    main()
