"""The differential oracle's coverage table (issue 45): each field of the schema × each
consumer (exact-shoe, exact-infinite, engine, compiled-sim): "agrees", "refuses", "too
slow", "not applicable", "never tried" or "ACCEPTED AND DISAGREES".

Each field of each tiny base (`tests/oracle.py`: tiny packs where every figure is exact)
is changed alone to each value `costs.alternatives` tries (and `oracle_fields.EXTRA_VALUES` for
sets, fractions and amounts), and every consumer is held to the engine
(`tests/oracle.judge`). A field's cell is the worst seen: any disagreement, else "agrees"
where some change was accepted and agreed, else "too slow" (the engine's enumeration of a
method's play passed `--cap` seconds: not checked, and said), else "refuses" (it never
printed a figure, it named the field). A change that reaches no compiled rule is not
counted; a field whose every change on every base is such a change, and that acts only
between rounds or on the table (`NOT_APPLICABLE`, each with its reason, held by
`tests/test_oracle.py::test_not_applicable_fields_change_no_round`), is "not applicable";
any other field no tiny base can change is "never tried". A field that changes only words
(`oracle_words.WORDS_ONLY`: names, money, who cuts, when one-on-one players stake) is
"words only" where `--words` found every figure the same to the byte (`edge`, `strategy`,
`costs`, `simulate` on both paths, seeded; in value for the money) and its words changed,
else "ACCEPTED AND DISAGREES" or "CHANGES NOTHING". Every field of the schema
(`ruleset.format.fields.leaf_paths`, from the pydantic models, and every field of a named
hand, `hands.definitions.*.NAME` from `HandDefinition`) has a row; `--fields` takes such a
name too (`hands.definitions.*.prize`: that field of every named hand).

    python benchmarks/oracle_coverage.py [--bases tiny-pagat,tiny-blackjack] [--rounds N]
        [--limit N] [--cap SECONDS] [--fields pack.decks,side_bets] [--json FILE]
    python benchmarks/oracle_coverage.py --words --json words-only.json
    python benchmarks/oracle_coverage.py --merge a.json b.json ...   (one table of runs; a
        --fields run of a base replaces those fields' rows of the base's full run)

The full table: one base per process (`--bases X --json X.json`), then `--merge`.
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

from oracle import (  # noqa: E402
    AGREES,
    CONSUMERS,
    COVERAGE_BASES,
    DISAGREES,
    REFUSES,
    TOO_SLOW,
    tiny,
)
from oracle_fields import NOT_APPLICABLE, field_name, field_verdicts  # noqa: E402
from oracle_words import NOTHING, WORDS, WORDS_BASES, WORDS_ONLY, words_table  # noqa: E402

from pontoon_rules.ruleset.format.fields import DEFINITIONS, leaf_paths  # noqa: E402
from pontoon_rules.ruleset.format.hands import HandDefinition  # noqa: E402

NEVER, NOT_APPLICABLE_WORD = "never tried", "not applicable"
RANK = {DISAGREES: 4, NOTHING: 4, AGREES: 3, WORDS: 3, TOO_SLOW: 2, REFUSES: 1,
        NOT_APPLICABLE_WORD: 0, NEVER: 0}


Table = dict[str, dict[str, str]]


def _progress(change: str) -> None:
    print(f"    {change}", file=sys.stderr, flush=True)


def coverage(bases: list[str], rounds: int, limit: int | None = None,
             cap: float | None = None,
             fields: tuple[str, ...] | None = None) -> tuple[Table, list[str], list[str]]:
    """The table (field -> consumer -> verdict), the disagreements and the checks that
    were too slow, in words (`fields`: only the paths that start with one of these)."""
    table: Table = {}
    wrong: list[str] = []
    slow: list[str] = []
    for base in bases:
        print(f"  {base} ...", file=sys.stderr, flush=True)
        for path, by_consumer in field_verdicts(tiny(base), rounds, limit, cap, fields,
                                                   _progress).items():
            row = table.setdefault(field_name(path), {c: NEVER for c in CONSUMERS})
            for consumer, seen in by_consumer.items():
                for new, v in seen:
                    if RANK[v.verdict] > RANK[row[consumer]]:
                        row[consumer] = v.verdict
                    line = f"{base}: {path} = {new!r}: {consumer}: {v.detail}"
                    if v.verdict == DISAGREES:
                        wrong.append(line)
                    elif v.verdict == TOO_SLOW:
                        slow.append(line)
    return table, wrong, slow


def merged(tables: list[Table]) -> Table:
    """Several runs' tables as one (each cell the worst seen), every field of the schema
    a row: "not applicable" (`NOT_APPLICABLE`) or "never tried" where no run changed it."""
    table: Table = {}
    for one in tables:
        for path, cells in one.items():
            for consumer, verdict in cells.items():
                if verdict in (NEVER, NOT_APPLICABLE_WORD):
                    continue  # said again below, from every run at once
                row = table.setdefault(path, {c: NEVER for c in CONSUMERS})
                if RANK[verdict] > RANK[row[consumer]]:
                    row[consumer] = verdict
    hand_fields = [f"{DEFINITIONS}.*.{name}" for name in HandDefinition.model_fields]
    for path in [p for p in leaf_paths() if p != DEFINITIONS] + hand_fields:
        if path in table:
            continue
        word = NOT_APPLICABLE_WORD if path in NOT_APPLICABLE else NEVER
        table[path] = {c: word for c in CONSUMERS}
    return table


def superseded(runs: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The runs (file stem, JSON), a `--fields` run of one base replacing the rows and
    lines of those fields in that base's full run (a cell re-run after a fix)."""
    def bases(stem: str, run: dict[str, Any]) -> list[str]:
        return run.get("bases") or [stem]

    out: list[dict[str, Any]] = []
    for stem, run in runs:
        if not run.get("fields"):
            prefixes = tuple(f for other_stem, other in runs if other.get("fields")
                             and bases(other_stem, other) == bases(stem, run)
                             for f in other["fields"])
            if prefixes:
                run = {**run, "table": {k: v for k, v in run["table"].items()
                                        if not k.startswith(prefixes)}}
                for key in ("disagrees", "too_slow"):
                    run[key] = [line for line in run.get(key, [])
                                if not field_name(line.split(": ", 1)[1].split(" = ")[0])
                                .startswith(prefixes)
                                and not line.split(": ", 1)[1].startswith(prefixes)]
        out.append(run)
    return out


def _print(table: Table, wrong: list[str], slow: list[str]) -> Counter[str]:
    width = max(map(len, table))
    print(f"{'field':{width}}  " + "  ".join(f"{c:14}" for c in CONSUMERS))
    for path in sorted(table):
        line = f"{path:{width}}  " + "  ".join(f"{table[path][c]:14}" for c in CONSUMERS)
        if table[path][CONSUMERS[0]] == NOT_APPLICABLE_WORD:
            line += f"  ({NOT_APPLICABLE[path]})"
        elif path in WORDS_ONLY:
            line += f"  ({WORDS_ONLY[path][0]})"
        print(line.rstrip())
    counts: Counter[str] = Counter(v for row in table.values() for v in row.values())
    print(f"\n{len(table)} fields × {len(CONSUMERS)} consumers: "
          + ", ".join(f"{counts[k]} {k}" for k in (AGREES, WORDS, REFUSES, TOO_SLOW,
                                                    NOT_APPLICABLE_WORD, NEVER, DISAGREES,
                                                    NOTHING)))
    for line in slow:
        print("TOO SLOW:", line)
    for line in wrong:
        print("DISAGREES:", line)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bases", default=",".join(COVERAGE_BASES))
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--limit", type=int, default=None,
                        help="only the first N changes of each base (a quick sample)")
    parser.add_argument("--cap", type=float, default=60.0,
                        help="CPU seconds for the engine's enumeration of one method's play "
                             "on one change (past it: 'too slow'; 0: no cap)")
    parser.add_argument("--fields", default=None,
                        help="only the fields whose paths start with one of these "
                             "(comma-separated: a few cells re-run, only their rows "
                             "printed)")
    parser.add_argument("--words", action="store_true",
                        help="only the fields that change words (`oracle_words`): every "
                             "figure the same to the byte, the words changed")
    parser.add_argument("--merge", type=Path, nargs="+",
                        help="print one table of earlier runs' --json files")
    args = parser.parse_args()
    if args.words:  # its own bases and checks: the options of the full run are not read
        given = [f"--{name}" for name, default in (("bases", ",".join(COVERAGE_BASES)),
                                                   ("rounds", 200_000), ("limit", None),
                                                   ("cap", 60.0), ("fields", None))
                 if getattr(args, name) != default]
        if given:
            parser.error(f"--words reads none of {', '.join(given)} (it runs its own bases: "
                         f"{', '.join(WORDS_BASES)})")
    if args.merge:
        runs = superseded([(p.stem, json.loads(p.read_text(encoding="utf-8")))
                           for p in args.merge])
        table = merged([r["table"] for r in runs])
        wrong = [line for r in runs for line in r["disagrees"]]
        slow = [line for r in runs for line in r.get("too_slow", [])]
    elif args.words:
        table, wrong, seen = words_table(say=_progress)
        slow = []
        for line in seen:
            print("WORDS:", line)
    else:
        fields = tuple(args.fields.split(",")) if args.fields else None
        found, wrong, slow = coverage(args.bases.split(","), args.rounds, args.limit,
                                      args.cap or None, fields)
        table = found if fields else merged([found])  # --fields: only the rows re-run
    counts = _print(table, wrong, slow)
    if args.json:
        data: dict[str, Any] = {"table": table, "counts": dict(counts), "disagrees": wrong,
                                "too_slow": slow,
                                "bases": (list(WORDS_BASES) if args.words
                                          else args.bases.split(",")),
                                "fields": (args.fields.split(",") if args.fields and not args.words
                                           else None)}
        args.json.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
