"""CPU time of the exact analysis's solve (the ruleset's own shoe, composition-dependent)
and of a ruleset's realistic variations (`analysis.present.realistic`: each variant a full
solve), per ruleset, beside the same figures of another tree measured in the same run.

    python benchmarks/solve_speed.py [--reference TREE] [--pairs N] [--quick] [--changed]
                                     [RULESET ...]

`solve`: one cold solve (the kept nodes, banker outlooks, state graphs and banker trees
forgotten first), the best of three, on one thread; `realistic`: every realistic variation
of the ruleset, cold, on one process and one thread. Figures are CPU seconds of the
measuring process (`time.process_time`), so that the load of a shared machine counts
less; each tree runs in a process of its own, the two trees alternating `--pairs` times
(medians printed). `--reference` is a tree of the package (a `git worktree` of main, or
`git archive main | tar -x -C DIR`); without it only this tree is measured. `--quick`:
the solves alone. `change`: the house edge alone (`edge_of`, what the workbench's edge
worker computes after a change) of the ruleset's first realistic change (as
`workbench_speed` makes it), solved after the ruleset's own, one run each. Every edge is
printed too: both trees must agree. `--changed`: `realistic` is the table of that first
change's ruleset instead (what the workbench computes after the change: no stored full
table holds its rows, so every variant is solved).

Issue 51's targets for the workbench: a change's new edge within 0.3 s, the realistic
variations within 5 s; issue 47's: `edge blackjack-reference` as a whole process at most
Farmer's `strategy` (`benchmarks/speed_targets.py --only edge`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DEFAULT = ("pagat-british", "blackjack-reference")
MEASURE = r"""
import json, sys, time
from pontoon_rules.analysis.composition import banker, compiled, native
from pontoon_rules.analysis.composition.outlook import clear_shared
from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled

def cold():
    clear_shared(); native.kernels().forget(); compiled.GRAPHS.clear(); banker._TABLES.clear()

native.set_threads(1)
ruleset_id, quick, of_change = sys.argv[1], sys.argv[2] == "1", sys.argv[3] == "1"
ruleset = load_bundled(ruleset_id)
rules = compile_rules(ruleset)
house_edge(rules)  # the kernels loaded
best = None
for _ in range(3):
    cold()
    start = time.process_time()
    edge = house_edge(rules).house_edge
    spent = time.process_time() - start
    best = spent if best is None else min(best, spent)
out = {"solve": best, "edge": edge}
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.present.costs import variant_of
from pontoon_rules.analysis.present.realistic import bundled_family, one_field_changes
data = ruleset.model_dump(mode="python")
changed = next((v for v in (variant_of(data, c.path, c.new)
                            for _k, c, _g in one_field_changes(ruleset, bundled_family()))
                if not isinstance(v, str)), None)
if changed is not None:  # the workbench's new edge: the value alone, after the base's
    cold()
    edge_of(rules)
    start = time.process_time()
    out["change_value"] = edge_of(compile_rules(changed))
    out["change"] = time.process_time() - start
if not quick:
    from pontoon_rules.analysis.present.realistic import realistic_variations
    cold()
    start = time.process_time()
    table = realistic_variations(changed if of_change and changed else ruleset, workers=1)
    out["realistic"] = time.process_time() - start
    out["rows"] = [row.edge for row in table.rows]
print(json.dumps(out))
"""


def measure(tree: Path, ruleset_id: str, quick: bool, changed: bool = False
            ) -> dict[str, object]:
    """One process of `tree` measuring `ruleset_id` (`changed`: the realistic table of its
    first realistic change's ruleset)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PONTOON_RULES_AHEAD="0")
    done = subprocess.run([sys.executable, "-c", MEASURE, ruleset_id, "1" if quick else "0",
                           "1" if changed else "0"],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def line(name: str, runs: list[dict[str, object]]) -> str:
    """The medians of one tree's runs."""
    solve = statistics.median(float(r["solve"]) for r in runs)  # type: ignore[arg-type]
    out = f"    {name:<10} solve {solve:7.3f} cpu s"
    if "change" in runs[0]:
        change = statistics.median(float(r["change"]) for r in runs)  # type: ignore[arg-type]
        out += f" | change {change:6.3f} cpu s"
    if "realistic" in runs[0]:
        real = statistics.median(float(r["realistic"]) for r in runs)  # type: ignore[arg-type]
        out += f" | realistic {real:7.2f} cpu s ({len(runs[0]['rows'])} rows)"  # type: ignore[arg-type]
    return out + f" | edge {runs[0]['edge']:.12f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help=f"bundled ids (default: {DEFAULT})")
    parser.add_argument("--reference", type=Path, help="another tree, measured alternately")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="the solves alone")
    parser.add_argument("--changed", action="store_true",
                        help="the realistic table of the first realistic change's ruleset")
    args = parser.parse_args()
    trees = [("this", HERE)] + ([("reference", args.reference.resolve())]
                                if args.reference else [])
    print(f"CPU seconds, medians of {args.pairs} alternating runs; load "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for ruleset_id in args.rulesets or DEFAULT:
        runs: dict[str, list[dict[str, object]]] = {name: [] for name, _ in trees}
        for _ in range(args.pairs):
            for name, tree in trees:
                runs[name].append(measure(tree, ruleset_id, args.quick, args.changed))
        print(f"  {ruleset_id}")
        for name, _ in trees:
            print(line(name, runs[name]), flush=True)
        if len(trees) == 2:
            a, b = runs["this"][0], runs["reference"][0]
            same = abs(float(a["edge"]) - float(b["edge"])) <= 1e-12  # type: ignore[arg-type]
            if "change_value" in a or "change_value" in b:
                same = same and a.get("change_value") == b.get("change_value")
            if "rows" in a:
                same = same and all(x == y or (x is not None and y is not None
                                               and abs(x - y) <= 1e-12)
                                    for x, y in zip(a["rows"], b["rows"], strict=True))  # type: ignore[call-overload]
            print(f"    figures {'equal' if same else 'DIFFER'} (to 1e-12)")


if __name__ == "__main__":
    main()
