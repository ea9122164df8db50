"""Dump every bundled pair's worked examples and reasons as JSON, and time the search.

`compare_all` over every bundled ruleset (the call `examples_speed.py` times), its
`Comparison.to_json()` list written to FILE (sorted keys), and the search's CPU seconds
printed. Run it before and after a change to the search: the two files must be the same
to the byte (`cmp`), since the `examples` command, the site's example pages and the
sheets' examples are all rendered from these records.
Usage: `python benchmarks/examples_dump.py FILE`.
"""

from __future__ import annotations

import json
import sys
import time

from pontoon_rules.compare import compare_all
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def main(path: str) -> None:
    rulesets = [load_bundled(i) for i in bundled_ids()]
    start = time.process_time()
    comparisons = compare_all(rulesets)
    cpu = time.process_time() - start
    with open(path, "w", encoding="utf-8") as out:
        json.dump([c.to_json() for c in comparisons], out, sort_keys=True, indent=1,
                  ensure_ascii=False)
    print(f"{len(comparisons)} pairs: {cpu:.1f} s of CPU in compare_all")


if __name__ == "__main__":
    main(sys.argv[1])
