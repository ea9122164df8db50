"""The published house-edge tables beside our exact edges (issue 21, item 2); with
`--compiled N` every row simulated on the compiled path, beside its exact edge (Australian
rows 2-5 are BB+1 from a seat that splits: `analysis.seat_takes`); with `--simulate N`
the engine-path simulation of the two bundled games beside their exact edge.

    python benchmarks/published_tables.py [--compiled ROUNDS] [--simulate ROUNDS]

Each row is an overlay in `examples/` (its provenance quotes the table) or the bundled
ruleset itself; the published figures are the ones the tests hold them to
(`tests/test_spanish_21.py`, `tests/test_australian_pontoon.py`; the reasons for each
difference: `site/analysis-methods.md`, with the figures of `published_why.py`). The
simulation plays `--rounds` rounds from a fresh shoe through the engine by the exact
method's composition-dependent decisions (`simulate --engine`, seed 21) and prints its
99.9% interval. The compiled simulation plays the
same decisions (`simulate --dealing shoe`, seed 21, one worker), from a fresh shoe each
round, and prints its 99.9% interval beside the published figure and the exact edge.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from pathlib import Path

from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ROWS: tuple[tuple[str, str, float], ...] = (
    ("Spanish 21, H17, 6 decks", "spanish-21/spanish-21-no-redouble", 0.78),
    ("Spanish 21, H17, 8 decks", "spanish-21/spanish-21-no-redouble-8-decks", 0.80),
    ("Spanish 21, S17, 6 decks", "spanish-21/spanish-21-s17-no-redouble", 0.37),
    ("Spanish 21, S17, 8 decks", "spanish-21/spanish-21-s17-no-redouble-8-decks", 0.38),
    ("Spanish 21, H17 redoubling, 6 decks", "spanish-21", 0.42),
    ("Spanish 21, H17 redoubling, 8 decks", "spanish-21/spanish-21-8-decks", 0.45),
    ("Australian row 1: OBBO SPL2 NLC 8d", "australian-pontoon/australian-pontoon-obbo-spl2-nlc",
     0.34),
    ("Australian row 2: BB+1 SPL3 SPA1 NLC 4d",
     "australian-pontoon/australian-pontoon-bb1-spl3-spa1-nlc-4-decks", 0.31),
    ("Australian row 3: BB+1 SPL1 NLC 6d",
     "australian-pontoon/australian-pontoon-bb1-spl1-nlc-6-decks", 0.41),
    ("Australian row 4: BB+1 SPL1 NLC 8d", "australian-pontoon/australian-pontoon-bb1-spl1-nlc",
     0.38),
    ("Australian row 5: BB+1 SPL2 SPA1 NLC 8d",
     "australian-pontoon/australian-pontoon-bb1-spl2-spa1-nlc", 0.40),
    ("Australian row 6: SPL2 SPA1 D9 8d", "australian-pontoon", 0.62),
    ("Australian row 7: OBBO SPL2 SPA1 8d",
     "australian-pontoon/australian-pontoon-obbo-spl2-spa1", 0.50),
)
"""(the table's row, the overlay under examples/ or a bundled id, the published edge %)."""


def _ruleset(name: str) -> Ruleset:
    return load_ruleset(str(EXAMPLES / f"{name}.yaml")) if "/" in name else load_bundled(name)


def _rows(command: str, words: str) -> Iterator[tuple[str, Ruleset, float]]:
    """(row, ruleset, published) of each row `command` takes; a line for each it refuses."""
    for row, name, published in ROWS:
        ruleset = _ruleset(name)
        refused = refused_names(ruleset, command)
        if refused:
            print(f"  {row:<40} {published:5.2f}%   {words}: {', '.join(refused)}")
            continue
        yield row, ruleset, published


def table() -> None:
    print("published house edges (basic strategy) beside ours (exact, composition-dependent)")
    for row, ruleset, published in _rows("edge", "refused"):
        start = time.process_time()
        edge = house_edge(compile_rules(ruleset), with_stats=False).house_edge
        print(f"  {row:<40} {published:5.2f}%   ours {edge:7.4f}%   "
              f"{edge - published:+.4f}   ({time.process_time() - start:.2f} cpu s)",
              flush=True)


def row_7_readings() -> None:
    """Row 7 read without the base's soft-double rule (site/analysis-methods.md)."""
    data = _ruleset("australian-pontoon/australian-pontoon-obbo-spl2-spa1").model_dump(
        mode="python")
    data["player"]["double"]["aces_count_one"] = False
    soft = Ruleset.model_validate(data)
    data["player"]["double"]["max_cards"] = None
    any_cards = Ruleset.model_validate(data)
    for words, ruleset in (("an ace counting 11 when doubling", soft),
                           ("that, doubling on any number of cards", any_cards)):
        edge = house_edge(compile_rules(ruleset), with_stats=False).house_edge
        print(f"  row 7 with {words:<38} ours {edge:7.4f}%", flush=True)


def simulations(rounds: int) -> None:
    from pontoon_rules.sim.runs.simulate import simulate

    print(f"engine-path simulation, {rounds:,} rounds from a fresh shoe, seed 21")
    for ruleset_id in ("spanish-21", "australian-pontoon"):
        rules = compile_rules(load_bundled(ruleset_id))
        exact = house_edge(rules, with_stats=False).house_edge
        found = simulate(rules, rounds, seed=21, path="engine", dealing="shoe")
        low, high = found.interval
        inside = "inside" if low <= exact <= high else "OUTSIDE"
        print(f"  {ruleset_id:<20} simulated {found.house_edge:.4f}% (99.9% interval "
              f"{low:.4f}% to {high:.4f}%), exact {exact:.4f}%: {inside}; "
              f"{found.run_rate or 0:,.0f} rounds/s", flush=True)


def compiled_rows(rounds: int) -> None:
    from pontoon_rules.sim.runs.simulate import simulate

    print(f"compiled simulation, {rounds:,} rounds of each row from a fresh shoe, seed 21, "
          "the analysis's infinite-deck best play")
    for row, ruleset, published in _rows("simulate", "not simulated"):
        rules = compile_rules(ruleset)
        found = simulate(rules, rounds, seed=21, dealing="shoe")
        low, high = found.interval
        where = "published inside" if low <= published <= high else "published OUTSIDE"
        exact = ""
        if not refused_names(ruleset, "edge"):
            edge = house_edge(rules, with_stats=False).house_edge
            exact = f"; exact {edge:.4f}% {'inside' if low <= edge <= high else 'OUTSIDE'}"
        print(f"  {row:<40} {published:5.2f}%   simulated {found.house_edge:7.4f}% "
              f"({low:.4f} to {high:.4f}: {where}{exact}); "
              f"{found.run_rate or 0:,.0f} rounds/s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--simulate", type=int, default=0, metavar="ROUNDS",
                        help="also simulate the two bundled games on the engine path")
    parser.add_argument("--compiled", type=int, default=0, metavar="ROUNDS",
                        help="also simulate every row on the compiled path")
    args = parser.parse_args()
    table()
    row_7_readings()
    if args.compiled:
        compiled_rows(args.compiled)
    if args.simulate:
        simulations(args.simulate)


if __name__ == "__main__":
    main()
