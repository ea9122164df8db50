"""The analysis of a ruleset in words and tables: the `edge` command's text and the site's page.

Everything here is drawn from the functions the CLI calls (`edge.house_edge`,
`chart.strategy_chart` + `chart.render`, `costs.rule_costs`), so the site never
holds a copy of a number, except the full rule-cost tables: they take from
seconds to minutes per ruleset, more than the site build may take, so they are
stored by `benchmarks/cost_tables.py` (`costdata`, keyed by a hash of the rules,
tested for staleness and recomputed in sample by the tests), and so are the edges of the
realistic variations they lack (`--realistic`: `realisticdata`). A ruleset without a
current stored table (a user's) gets the rows a house-rule author is most likely
to change (the stick minimum and the tie rule); the fields that are our own
reading of the sources are listed with the command that prices them.
"""

from __future__ import annotations

import re
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.edge import EDGE_DECIMALS as EDGE_DECIMALS
from pontoon_rules.analysis.edge import (
    PROBABILITY_BASIS,
    default_deck,
    finite_model,
    house_edge,
    infinite_model,
)
from pontoon_rules.analysis.edge import edge_lines as edge_lines
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.present.chart import (
    finite_chart,
    render,
    strategy_chart,
    upcard_finite_chart,
)
from pontoon_rules.analysis.present.costdata import stored_costs
from pontoon_rules.analysis.present.costs import Cost, rule_costs, skip_reason
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.fields import describe, provenance_for, ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset

SITE_COST_FIELDS = ("player.stick_minimum", "settlement.ties", "hands.definitions.pontoon.ties")
"""The fields the site's cost table varies where no full table is stored (`costdata`)."""
def open_readings(ruleset: Ruleset) -> list[str]:
    """The fields the model varies whose value in `ruleset` is an open reading: each once,
    as its provenance entry names it (a whole named hand marked open is one reading, not
    one per field of its definition)."""
    out: list[str] = []
    for path in ruleset_paths(ruleset):
        provenance = provenance_for(ruleset, path)
        if skip_reason(path) or provenance is None or not provenance.open:
            continue
        entry = _entry_of(ruleset, path)
        if entry not in out:
            out.append(entry)
    return out


def _described(path: str) -> str:
    """A field's description, or for a whole section's entry its name."""
    try:
        return describe(path)
    except KeyError:
        return f"the {path.replace('_', ' ')} rules"


def _entry_of(ruleset: Ruleset, path: str) -> str:
    """The path of the provenance entry that covers `path` (itself or a section above)."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        if ".".join(parts[:i]) in ruleset.provenance:
            return ".".join(parts[:i])
    return path


def _cost_row(ruleset: Ruleset, cost: Cost) -> dict[str, Any]:
    provenance = provenance_for(ruleset, cost.path)
    return {"field": cost.path, "description": describe(cost.path),
            "open": bool(provenance is not None and provenance.open),
            "from": cost.old, "to": cost.new, "house_edge": cost.edge,
            "change": cost.change, "note": cost.note}


def refused_summary(ruleset: Ruleset) -> dict[str, Any] | None:
    """The page data of a ruleset the analysis refuses (`ruleset.resolving.features`): each rule it
    does not model yet, at its field, instead of a figure that would ignore it. None when
    the analysis handles every rule of `ruleset`."""
    from pontoon_rules.ruleset.resolving.features import refused_rules

    refused = refused_rules(ruleset, "edge")
    if not refused:
        return None
    return {"ruleset": ruleset.id, "name": ruleset.name, "refused": [
        {"field": path, "rule": name, "what": _FIELD_FIRST.sub("", what)}
        for path, name, what in refused]}


_FIELD_FIRST = re.compile(r"^[a-z_]+(?:\.[a-z0-9_-]+)+: ")
"""A detail that opens with the field it is about (`deal.banker_pontoon_at_once: ...`), as
the command line says it: the page gives the field apart (`field`), the words alone."""


@gc_paused
def ruleset_summary(ruleset: Ruleset) -> dict[str, Any]:
    """One ruleset's page data: edge, probabilities, strategy chart (Markdown, and as data in
    `chart_data`: `Chart.to_json`), costs, all with the ruleset's own shoe (exact,
    composition-dependent) unless its deck is infinite; for a ruleset the analysis
    refuses, the rules it refuses (`refused_summary`)."""
    refused = refused_summary(ruleset)
    if refused is not None:
        return refused
    from pontoon_rules.analysis.present.realistic import family_hash
    from pontoon_rules.cache import cached_json, key_of, package_files_hash

    key = key_of(package_files_hash(), family_hash(), ruleset.model_dump_json())
    found: dict[str, Any] = cached_json(f"summary-{ruleset.id}", key,
                                        lambda: computed_summary(ruleset))
    return found


def computed_summary(ruleset: Ruleset) -> dict[str, Any]:
    """`ruleset_summary` computed afresh (not through the cache), for a ruleset the
    analysis takes: its figures depend only on the ruleset and the package's files (the
    stored cost tables among them), so `ruleset_summary` keeps them in the cache folder
    (entry `summary-ID`); the site, `summary` and the tests compute each once."""
    from pontoon_rules.analysis.present.bands import with_bands

    rules = compile_rules(ruleset)
    if default_deck(rules) == "finite":
        model = finite_model(rules)  # one per group of up cards where a hand asks for one
        result = house_edge(rules, model=model)  # the side bets too, as `edge`
        chart = (finite_chart(model) if isinstance(model, CompositionModel)
                 else upcard_finite_chart(model))
    else:
        infinite = infinite_model(rules, "infinite", None)
        result = house_edge(rules, model=infinite)
        chart = strategy_chart(rules, model=infinite if isinstance(infinite, RoundModel)
                               else None)
    from pontoon_rules.analysis.present.realistic import realistic_variations

    result = with_bands(result, rules)  # each band of stakes, as `edge` prints them
    stored = stored_costs(ruleset)
    realistic = realistic_variations(ruleset).to_json()
    costs = stored or rule_costs(ruleset, paths=SITE_COST_FIELDS, base=-100.0 * result.ev)
    return {"ruleset": ruleset.id, "name": ruleset.name, "edge": result.to_json(),
            "house_edge": result.house_edge, "hands": result.hands,
            "probability_basis": PROBABILITY_BASIS,
            "chart": render(chart, "md", money=ruleset.stakes.money),
            "chart_data": chart.to_json(),
            "costs": [_cost_row(ruleset, c) for c in costs.rows],
            "cost_base": costs.base_edge, "realistic": realistic,
            "costs_full": stored is not None, "open_readings": [
                {"field": p, "description": _described(p)} for p in open_readings(ruleset)]}


def _summary_of(ruleset_id: str) -> dict[str, Any]:
    from pontoon_rules.ruleset.loading.registry import load_bundled

    return ruleset_summary(load_bundled(ruleset_id))


def docs_summary(workers: int | None = None) -> list[dict[str, Any]]:
    """`ruleset_summary` of every bundled ruleset, by id.

    Args:
        workers: processes to use; None uses every core this process may run on
            (one core: no pool).
    """
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    ids = bundled_ids()
    if workers is None:
        from pontoon_rules.native import cores

        workers = cores()
    workers = max(1, min(workers, len(ids)))
    if workers == 1:
        return [_summary_of(i) for i in ids]
    from pontoon_rules.analysis.composition.native import one_thread
    from pontoon_rules.processes import worker_context

    with ProcessPoolExecutor(max_workers=workers, initializer=one_thread,
                             mp_context=worker_context()) as pool:
        return list(pool.map(_summary_of, ids))
