"""Make `pontoon_rules/sim/bank_advantage.json`: is holding the bank an advantage?

Usage: python benchmarks/bank_advantage.py [DEALS]   (default 2,000,000 per row)
"""

from __future__ import annotations

import json
import sys
import time

from pontoon_rules.files import write_atomic
from pontoon_rules.sim.sessions.bank import RESULTS, bank_advantage


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    start = time.perf_counter()
    data = bank_advantage(deals)
    write_atomic(RESULTS, (json.dumps(data, indent=1) + "\n").encode())
    for row in data["rows"]:
        print(f"{row['ruleset']:24} {row['player_policy']:9} banker {row['banker_per_deal']:+.4f} "
              f"[{row['banker_ci999'][0]:+.4f}, {row['banker_ci999'][1]:+.4f}] seat "
              f"{row['seat_per_deal']:+.4f} stakes/deal")
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
