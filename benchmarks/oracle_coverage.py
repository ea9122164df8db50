"""The differential oracle's coverage table (issue 45): each field of the schema × each
consumer (exact-shoe, exact-infinite, engine, compiled-sim): "agrees", "refuses", "never
tried" or "ACCEPTED AND DISAGREES".

Each field of each tiny base (`tests/oracle.py`: tiny packs where every figure is exact)
is changed alone to each value `costs.alternatives` tries, and every consumer is held to
the engine (`tests/oracle.judge`). A field's cell is the worst seen: any disagreement, else
"agrees" where some change was accepted and agreed, else "refuses" (it never printed a
figure, it named the field). A change that reaches no compiled rule (a name, a note, a
field another makes moot) is not counted. The fields of the schema that no tiny base can
change are listed as "never tried".

    python benchmarks/oracle_coverage.py [--bases tiny-pagat,tiny-blackjack] [--rounds N]
        [--limit N] [--json FILE]

Exit status 1 when any cell is "ACCEPTED AND DISAGREES".
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from oracle import AGREES, CONSUMERS, DISAGREES, REFUSES, TINY_BASES, field_verdicts, tiny  # noqa: E402

from pontoon_rules.ruleset.fields import leaf_paths  # noqa: E402

NEVER = "never tried"
RANK = {DISAGREES: 3, AGREES: 2, REFUSES: 1, NEVER: 0}


def _field_of(path: str) -> str:
    """A named hand's field by its schema name (`hands.definitions.*.pays`)."""
    parts = path.split(".")
    if path.startswith("hands.definitions.") and len(parts) == 4:
        return f"hands.definitions.*.{parts[3]}"
    return path


def coverage(bases: list[str], rounds: int,
             limit: int | None = None) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The table (field -> consumer -> verdict) and the disagreements in words."""
    table: dict[str, dict[str, str]] = {}
    wrong: list[str] = []
    for base in bases:
        print(f"  {base} ...", file=sys.stderr, flush=True)
        for path, by_consumer in field_verdicts(tiny(base), rounds, limit).items():
            row = table.setdefault(_field_of(path), {c: NEVER for c in CONSUMERS})
            for consumer, seen in by_consumer.items():
                for new, v in seen:
                    if RANK[v.verdict] > RANK[row[consumer]]:
                        row[consumer] = v.verdict
                    if v.verdict == DISAGREES:
                        wrong.append(f"{base}: {path} = {new!r}: {consumer}: {v.detail}")
    for path in leaf_paths():
        if path != "hands.definitions":
            table.setdefault(path, {c: NEVER for c in CONSUMERS})
    return table, wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bases", default=",".join(TINY_BASES))
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--limit", type=int, default=None,
                        help="only the first N changes of each base (a quick sample)")
    args = parser.parse_args()
    table, wrong = coverage(args.bases.split(","), args.rounds, args.limit)
    width = max(map(len, table))
    print(f"{'field':{width}}  " + "  ".join(f"{c:14}" for c in CONSUMERS))
    for path in sorted(table):
        print(f"{path:{width}}  " + "  ".join(f"{table[path][c]:14}" for c in CONSUMERS))
    counts: Counter[str] = Counter(v for row in table.values() for v in row.values())
    print(f"\n{len(table)} fields × {len(CONSUMERS)} consumers: "
          + ", ".join(f"{counts[k]} {k}" for k in (AGREES, REFUSES, NEVER, DISAGREES)))
    for line in wrong:
        print("DISAGREES:", line)
    if args.json:
        data: dict[str, Any] = {"table": table, "counts": dict(counts), "disagrees": wrong}
        args.json.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
