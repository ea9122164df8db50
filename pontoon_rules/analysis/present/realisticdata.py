"""The edges of the realistic variations that the stored full cost tables do not hold,
computed once and stored.

A realistic variation (`realistic`) often sets a field to a value the full table
(`costdata`) does not try, or is a published row of several changes: solving those takes a
few seconds per ruleset, every time a site is built. So `python benchmarks/cost_tables.py
--realistic` solves them once (`realistic.realistic_entry`) into `realistic_edges.json`
beside this module: per ruleset, the hash of the rules it was made from
(`costdata.rules_hash`: the rules the analysis reads, its methods, what it handles), the
base's edge, and each solved variant's edge and note by the hash of that variant's own
rules (`rules_hash` again); no words (the deck's and the method's are worded afresh,
`costs.described`). An entry is read only where both hashes match: a ruleset
changed in the workbench, or a variant whose rules are not exactly those solved, is solved
afresh. `tests/test_realisticdata.py` fails when an entry is stale or missing and solves a
sample again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_rules.analysis.present.costdata import rules_hash
from pontoon_rules.ruleset.format.model import Ruleset

REALISTIC_DATA = Path(__file__).with_name("realistic_edges.json")
"""The committed entries (made by `benchmarks/cost_tables.py --realistic`)."""
FORMAT = 1
"""The version of the stored layout (an entry of another is never read)."""
MADE_BY = "python benchmarks/cost_tables.py --realistic"


@dataclass(frozen=True)
class StoredRealistic:
    """A ruleset's stored base edge and the edges of its variants, by the variants' hashes."""

    base: float
    edges: dict[str, tuple[float | None, str]]

    def edge_of(self, variant: Ruleset) -> tuple[float | None, str] | None:
        """The stored (edge, note) of exactly `variant`'s rules, or None."""
        return self.edges.get(rules_hash(variant))


def load_realistic_edges() -> dict[str, Any]:
    """The stored entries by ruleset id (empty where the file is missing or of another
    layout)."""
    if not REALISTIC_DATA.exists():
        return {}
    data = json.loads(REALISTIC_DATA.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        return {}
    entries: dict[str, Any] = data.get("rulesets", {})
    return entries


def stored_realistic(ruleset: Ruleset) -> StoredRealistic | None:
    """The stored entry made from exactly `ruleset`'s rules, or None (a user's ruleset, a
    bundled one changed since, one with no entry)."""
    entry = load_realistic_edges().get(ruleset.id)
    if entry is None or entry.get("hash") != rules_hash(ruleset):
        return None
    return StoredRealistic(entry["base_house_edge_percent"],
                           {key: (edge, note) for key, (edge, note) in entry["edges"].items()})
