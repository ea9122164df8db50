"""Hand-state graphs built ahead: the graphs a ruleset's realistic variations will read,
made while nothing waits on the process (the workbench's helper while a page is read), so
that the table after a change finds them kept (`composition.compiled.GRAPHS`).

A bundled ruleset's realistic variations are stored (`realisticdata`): showing them solves
nothing and leaves the helper's graphs unbuilt, and the first change's table built each
in its wait (spanish-21 after 6 -> 8 packs: 25 graphs, 1.2 of the table's 12.1 CPU
seconds, `benchmarks/graph_sharing.py`). A graph
depends on what the hand states read (`compiled.GRAPH_FIELDS`), not on the pack's size or
the payouts, so the variants of a draft that changed neither read the graphs of the base's
variants. The variants that read a graph of their own are the helper's in the table
(`sharing.helper_first`): the helper builds them ahead; the worker builds the base's own
graph in its solve of the base (`costs.solve_variants`' `known`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pontoon_rules.analysis.edge import default_deck, finite_model
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.present.costs import graph_changed
from pontoon_rules.analysis.upcards import UpCardModel
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.model import Ruleset


@gc_paused  # as a solve: the graphs' many small objects
def warm_graphs(ruleset: Ruleset, variants: Iterable[Ruleset | str],
                stop: Callable[[], bool] | None = None) -> int:
    """Build and keep the graph of each variant that reads one other than `ruleset`'s
    (`costs.graph_changed`), as its solve at `ruleset`'s own shoe would (the realistic
    variations' deck); nothing where that shoe is the infinite deck (no graph of hand
    states is read). A note in `variants` (a variant with no edge) and a variant the
    analysis refuses are passed over: its solve says why. `stop()` is asked before each
    variant and ends the work where true (a call waits). Returns how many variants' graphs
    were built or found kept."""
    base = compile_rules(ruleset)
    if default_deck(base) != "finite":
        return 0
    done = 0
    for variant in variants:
        if stop is not None and stop():
            break
        if not isinstance(variant, Ruleset):
            continue
        rules = compile_rules(variant)
        if rules.decks is None or not graph_changed(base, rules):
            continue
        try:
            model = finite_model(rules, value_only=True)
            for part in model.parts if isinstance(model, UpCardModel) else [model]:
                part.warm_graph()
        except PontoonError:
            continue
        done += 1
    return done


def realistic_graphs(ruleset: Ruleset, stop: Callable[[], bool] | None = None) -> int:
    """`warm_graphs` of `ruleset`'s realistic variations (`realistic.planned_rows`: the
    bundled family's values and its published rows)."""
    from pontoon_rules.analysis.present.realistic import (
        bundled_family,
        planned_rows,
        published_rows,
    )

    planned = planned_rows(ruleset, bundled_family(), published_rows(ruleset))
    return warm_graphs(ruleset, (variant for _row, variant, _key in planned), stop)
