"""Golden transcripts: a few seeded rounds per bundled ruleset, replayed and diffed.

Regenerate with `make golden` (python -m pontoon_rules.engine.scripts.golden tests/golden).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.scripts.record import random_round
from pontoon_rules.engine.scripts.script import run_script
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

ROUNDS_PER_RULESET = 4


def golden_rounds(ruleset_id: str) -> list[dict[str, Any]]:
    """The golden rounds of one ruleset: scripts with their expected JSON results."""
    rules = compile_rules(load_bundled(ruleset_id))
    rng = random.Random(f"golden:{ruleset_id}")
    seats = min(2, rules.max_players)
    rounds = []
    for _ in range(ROUNDS_PER_RULESET):
        script = random_round(rules, [rng.choice([100, 150, 200]) for _ in range(seats)], rng)
        rounds.append({"script": script, "expected": run_script(script).to_json()})
    return rounds


def write_golden(folder: Path) -> list[Path]:
    """Write one JSON file of golden rounds per bundled ruleset into `folder`."""
    from pontoon_rules.files import write_atomic

    written = []
    for ruleset_id in bundled_ids():
        text = json.dumps(golden_rounds(ruleset_id), indent=1, ensure_ascii=False)
        written.append(write_atomic(folder / f"{ruleset_id}.json", text + "\n",
                                    make_parents=True))
    return written


if __name__ == "__main__":
    for written_path in write_golden(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/golden")):
        print(f"wrote {written_path}")
