"""CPU time of the infinite deck's solves of every ruleset whose banker's hand takes only
some bets (`hands.definitions.*.takes`: OBBO, BB+1; `Rules.takes`), with a digest of what
they give, to compare two trees: the value (floats and Fractions) and best play's tables
as the simulator reads them (`sim.kernels.strategy.model_strategy`; a ruleset whose
named hands hold against some up cards, its tables alone: its value is by groups).

    python benchmarks/takes_solve.py            # in this tree
    (cd OTHER_TREE && PYTHONPATH=$PWD python /path/to/benchmarks/takes_solve.py)

The rulesets: the bundled ones with a taking hand that `edge` takes, and the Australian
Pontoon example `australian-pontoon-bb1-spl1-nlc`. Prints the digest (equal in both trees:
nothing changed to the bit) and the CPU seconds of the process (`time.process_time`).
Such a hand's payoff is not a multiple of one stake (`analysis.outcomes.staked_net`), so
`PayoffTable.ev_of` sums over the banker's finals for each hand asked; it keeps each sum
(as `ev` does for rulesets without a taking hand).
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import numpy as np

from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.upcards import conditional
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_rules
from pontoon_rules.sim.kernels.strategy import model_strategy

EXAMPLE = (Path(__file__).resolve().parents[1] / "examples" / "australian-pontoon"
           / "australian-pontoon-bb1-spl1-nlc.yaml")


def digest_of(rulesets: list[Ruleset]) -> str:
    """The rulesets' values (float and exact) and best play's tables, hashed."""
    found = hashlib.sha256()
    for ruleset in rulesets:
        rules = compile_rules(ruleset)
        if not rules.takes or refused_rules(ruleset, "edge"):
            continue
        for exact in () if conditional(rules) else (False, True):  # one model: no groups
            value = RoundModel(rules, "infinite", exact=exact).value()
            found.update(repr((ruleset.id, exact, value)).encode())
        table = model_strategy(rules)
        for name in table.__dataclass_fields__:
            part = getattr(table, name)
            found.update(part.tobytes() if isinstance(part, np.ndarray) else repr(part).encode())
    return found.hexdigest()


def main() -> None:
    start = time.process_time()
    rulesets = [load_bundled(i) for i in bundled_ids()] + [load_ruleset(EXAMPLE)]
    digest = digest_of(rulesets)
    print(f"{digest} {time.process_time() - start:.1f} s CPU")


if __name__ == "__main__":
    main()
