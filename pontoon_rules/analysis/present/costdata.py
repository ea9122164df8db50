"""The full rule-cost table of every bundled ruleset, computed once and stored.

A full table (`costs.rule_costs`, every behavioural field changed alone, each
variant solved exactly in its own shoe) takes from seconds to minutes per
ruleset, longer than the site build may take. So the tables are made by
`python benchmarks/cost_tables.py` into `cost_tables.json` beside this module,
each keyed by `rules_hash` of the ruleset it was made from (its behaviour: the id and
`ruleset.resolving.canonical.behaviour_form`, the analysis method's name, the rules it handles), so
that a change to a
name, a source or a provenance note, or a field added to the schema at its default,
leaves the tables current. The site shows a stored table only where the
hash still matches (`stored_costs`); otherwise it falls back to the few rows it
can compute in time. `tests/test_costdata.py` fails when a stored hash is stale
and recomputes a sample of stored rows.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pontoon_rules.analysis.present.costs import Cost, CostTable, rule_costs
from pontoon_rules.ruleset.format.model import Ruleset

COST_DATA = Path(__file__).with_name("cost_tables.json")
"""The committed tables (made by `benchmarks/cost_tables.py`)."""
FORMAT = 3
"""The version of the stored layout and its hash (part of every hash; 3: the whole
behaviour hashed, not only the fields a table varies)."""


def rules_hash(ruleset: Ruleset) -> str:
    """A digest of everything a ruleset's cost table is computed from: its whole behaviour
    (`behaviour_form`: not its names or provenance), the analysis method's name, what the
    analysis handles (`ruleset.resolving.features`: a variant it once refused is analysed
    once it learns the rule) and this layout.

    The whole behaviour, not only the fields a table varies: a field the table does not
    vary may still change every edge in it (a pack's values, the hands' ranking, a named
    hand's cards), so a ruleset changed only there must not read the
    stored figures of the one it was changed from (w51y found the realistic table of a
    changed ruleset read so)."""
    from pontoon_rules.analysis.composition.model import METHOD
    from pontoon_rules.analysis.infinite.round import INFINITE_METHOD
    from pontoon_rules.ruleset.resolving.canonical import behaviour_form
    from pontoon_rules.ruleset.resolving.features import features

    handled = sorted((f.name, "analysis" in f.handled_by) for f in features())
    data = json.dumps({"ruleset": behaviour_form(ruleset), "format": FORMAT,
                       "methods": [METHOD, INFINITE_METHOD], "handled": handled},
                      sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


def make_cost_tables(rulesets: list[Ruleset]) -> dict[str, Any]:
    """Every full table, as the JSON data `cost_tables.json` holds."""
    tables = {}
    for ruleset in rulesets:
        table = rule_costs(ruleset)
        tables[ruleset.id] = {"hash": rules_hash(ruleset), **table.to_json()}
    return {"format": FORMAT, "made_by": "python benchmarks/cost_tables.py",
            "tables": tables}


def load_cost_tables() -> dict[str, Any]:
    """The stored tables by ruleset id (empty when the file has not been made)."""
    if not COST_DATA.exists():
        return {}
    data = json.loads(COST_DATA.read_text(encoding="utf-8"))
    tables: dict[str, Any] = data.get("tables", {})
    return tables


def stored_costs(ruleset: Ruleset) -> CostTable | None:
    """The stored full table of `ruleset`, or None when there is none for exactly these
    rules (a user's ruleset, or a bundled one changed since the table was made)."""
    stored = load_cost_tables().get(ruleset.id)
    if stored is None or stored.get("hash") != rules_hash(ruleset):
        return None
    return table_from_json(stored)


def table_from_json(data: dict[str, Any]) -> CostTable:
    """A `CostTable` back from `CostTable.to_json` data."""
    rows = [Cost(c["field"], c["from"], c["to"], c["house_edge_percent"], c["change_points"],
                 c.get("note", "")) for c in data["changes"]]
    return CostTable(data["ruleset"], data["deck"], data["banker_policy"],
                     data["base_house_edge_percent"], rows, dict(data["skipped"]),
                     data.get("deck_description", ""), data.get("method", ""))
