"""Print a ruleset's edge and hand frequencies by the number of packs (1, 2, 4, infinite):
the figures of site/analysis-methods.md's section on pagat's one-pack edge.

Usage: python benchmarks/pack_counts.py [RULESET]   (default: pagat-british)
"""

from __future__ import annotations

import sys
import time

from pontoon_rules.analysis.present.packs import by_pack_count
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled


def main() -> None:
    ruleset_id = sys.argv[1] if len(sys.argv) > 1 else "pagat-british"
    cpu = time.process_time()
    rows = by_pack_count(compile_rules(load_bundled(ruleset_id)))
    print(f"{ruleset_id}: best play for one seat, flat stakes")
    print(f"{'packs':>8} {'edge %':>8} {'trick %':>8} {'pontoon %':>9} {'bust %':>7} "
          f"{'staked':>7} {'5 cards <= 21 %':>15}")
    for r in rows:
        packs = "infinite" if r["decks"] is None else str(r["decks"])
        print(f"{packs:>8} {r['edge_percent']:>+8.3f} {100 * r['five_card_trick']:>8.3f} "
              f"{100 * r['pontoon']:>9.3f} {100 * r['bust']:>7.3f} {r['staked']:>7.3f} "
              f"{100 * r['five_small_cards']:>15.3f}")
    print(f"({time.process_time() - cpu:.1f} cpu s)")


if __name__ == "__main__":
    main()
