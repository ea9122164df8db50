"""Make `pontoon_rules/analysis/present/pack_curves.json`: every bundled ruleset's exact
house edge at 1, 2, 3, 4, 6 and 8 packs (and its own count) and for an infinite deck (the
site draws the curves where the edge changes sign; see `analysis.present.packcurve`).

Usage: python benchmarks/pack_curves.py [RULESET ...]   (default: every bundled ruleset;
    curves of rulesets not named are kept as they are)
"""

from __future__ import annotations

import json
import sys
import time

from pontoon_rules.analysis.present.packcurve import CURVE_DATA, MADE_BY, load_curves, pack_curve
from pontoon_rules.files import write_atomic
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_rules


def main() -> None:
    ids = sys.argv[1:] or bundled_ids()
    curves = {i: c for i, c in load_curves().items() if i in bundled_ids()}
    for ruleset_id in ids:
        cpu = time.process_time()
        ruleset = load_bundled(ruleset_id)
        if refused_rules(ruleset, "edge"):  # no figure the analysis would have to fake
            curves.pop(ruleset_id, None)
            print(f"{ruleset_id:24} refused by the analysis: no curve", flush=True)
            continue
        curves[ruleset_id] = pack_curve(ruleset)
        edges = ", ".join(f"{p['decks']}: {p['house_edge_percent']:+.3f}"
                          for p in curves[ruleset_id]["points"])
        print(f"{ruleset_id:24} {edges}; infinite "
              f"{curves[ruleset_id]['infinite_house_edge_percent']:+.3f} "
              f"({time.process_time() - cpu:.1f} cpu s)", flush=True)
        _write(curves)
    _write(curves)


def _write(curves: dict[str, object]) -> None:
    data = {"made_by": MADE_BY, "curves": {i: curves[i] for i in sorted(curves)}}
    write_atomic(CURVE_DATA, (json.dumps(data, indent=1) + "\n").encode())


if __name__ == "__main__":
    main()
