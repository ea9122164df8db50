"""Make `pontoon_rules/analysis/present/cost_tables.json`: the full rule-cost table of every
bundled ruleset (the site's analysis page shows them; see `analysis.present.costdata`), and
with `--realistic`, `realistic_edges.json`: the edges of the realistic variations those
tables do not hold (`analysis.present.realisticdata`; made after the tables, which they
leave out).

Usage: python benchmarks/cost_tables.py [--realistic] [RULESET ...]   (default: every
    bundled ruleset; tables or entries of rulesets not named are kept as they are; a
    ruleset the analysis refuses gets none, and the rules refused are printed)
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pontoon_rules.analysis.present import realisticdata
from pontoon_rules.analysis.present.costdata import (
    COST_DATA,
    FORMAT,
    load_cost_tables,
    make_cost_tables,
)
from pontoon_rules.analysis.present.realistic import realistic_entry
from pontoon_rules.files import write_atomic
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names


def main() -> None:
    args = sys.argv[1:]
    realistic = "--realistic" in args
    ids = [a for a in args if a != "--realistic"] or bundled_ids()
    if realistic:
        made = _made(ids, realisticdata.load_realistic_edges(),
                     realistic_entry,
                     lambda e: f"{len(e['edges']):3} variants")
        _write(realisticdata.REALISTIC_DATA, {"format": realisticdata.FORMAT,
                                              "made_by": realisticdata.MADE_BY,
                                              "rulesets": made})
        return
    tables = _made(ids, load_cost_tables(),
                   lambda r: make_cost_tables([r])["tables"][r.id],
                   lambda t: f"{len(t['changes']):3} changes")
    _write(COST_DATA, {"format": FORMAT, "made_by": "python benchmarks/cost_tables.py",
                       "tables": tables})


def _made(ids: list[str], stored: dict[str, Any], make: Callable[[Any], dict[str, Any]],
          counted: Callable[[dict[str, Any]], str]) -> dict[str, Any]:
    """The stored entries of bundled rulesets, those of `ids` made again, sorted by id."""
    entries = {i: t for i, t in stored.items() if i in bundled_ids()}
    for ruleset_id in ids:
        refused = refused_names(load_bundled(ruleset_id), "costs")
        if refused:  # no table: the site names the rules instead (summary.refused_summary)
            entries.pop(ruleset_id, None)
            print(f"{ruleset_id:24} refused: {', '.join(dict.fromkeys(refused))}", flush=True)
            continue
        cpu = time.process_time()
        entries[ruleset_id] = make(load_bundled(ruleset_id))
        print(f"{ruleset_id:24} {counted(entries[ruleset_id])} "
              f"{time.process_time() - cpu:7.1f} cpu s", flush=True)
    return {i: entries[i] for i in sorted(entries)}


def _write(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, (json.dumps(data, indent=1) + "\n").encode())


if __name__ == "__main__":
    main()
