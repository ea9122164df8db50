"""Make `pontoon_rules/analysis/present/cost_tables.json`: the full rule-cost table of every
bundled ruleset (the site's analysis page shows them; see `analysis.present.costdata`).

Usage: python benchmarks/cost_tables.py [RULESET ...]   (default: every bundled ruleset;
    tables of rulesets not named are kept as they are; a ruleset the analysis refuses
    gets no table, and the rules refused are printed)
"""

from __future__ import annotations

import json
import sys
import time

from pontoon_rules.analysis.present.costdata import (
    COST_DATA,
    FORMAT,
    load_cost_tables,
    make_cost_tables,
)
from pontoon_rules.files import write_atomic
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names


def main() -> None:
    ids = sys.argv[1:] or bundled_ids()
    tables = {i: t for i, t in load_cost_tables().items() if i in bundled_ids()}
    for ruleset_id in ids:
        refused = refused_names(load_bundled(ruleset_id), "costs")
        if refused:  # no table: the site names the rules instead (summary.refused_summary)
            tables.pop(ruleset_id, None)
            print(f"{ruleset_id:24} refused: {', '.join(dict.fromkeys(refused))}", flush=True)
            continue
        cpu = time.process_time()
        made = make_cost_tables([load_bundled(ruleset_id)])["tables"]
        tables.update(made)
        print(f"{ruleset_id:24} {len(made[ruleset_id]['changes']):3} changes "
              f"{time.process_time() - cpu:7.1f} cpu s", flush=True)
    data = {"format": FORMAT, "made_by": "python benchmarks/cost_tables.py",
            "tables": {i: tables[i] for i in sorted(tables)}}
    write_atomic(COST_DATA, (json.dumps(data, indent=1) + "\n").encode())


if __name__ == "__main__":
    main()
