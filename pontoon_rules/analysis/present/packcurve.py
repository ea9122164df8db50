"""The house edge against the number of packs: each ruleset with its pack count changed
alone, solved exactly in its own shoe, and for an infinite deck.

Like the full cost tables (`costdata`), the curves take longer than a site build may,
so `python benchmarks/pack_curves.py` stores them in `pack_curves.json` beside this
module, each keyed by `costdata.rules_hash` of the ruleset it was made from; the site
shows a stored curve only where the hash still matches.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.present.costdata import rules_hash
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset

PACK_COUNTS: tuple[int, ...] = (1, 2, 3, 4, 6, 8)
"""The pack counts every curve is solved at (the ruleset's own count is added)."""
CURVE_DATA = Path(__file__).with_name("pack_curves.json")
"""The committed curves (made by `benchmarks/pack_curves.py`)."""
MADE_BY = "python benchmarks/pack_curves.py"


def _with_decks(ruleset: Ruleset, decks: int | str) -> Ruleset:
    data = ruleset.model_dump(mode="python")
    data["pack"] = dict(data["pack"], decks=decks)
    return Ruleset.model_validate(data)


def pack_curve(ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset's house edge (percent) at each pack count, and for an infinite deck; a
    count at which the ruleset is not valid (Spanish 21's suited 7-7-7 needs three sevens
    of one suit: three packs) is left out and listed under `invalid_decks`."""
    own = ruleset.pack.decks
    counts = sorted({*PACK_COUNTS, *([own] if isinstance(own, int) else [])})
    points, invalid = [], []
    for n in counts:
        try:
            variant = _with_decks(ruleset, n)
        except ValidationError:
            invalid.append(n)
            continue
        points.append({"decks": n, "house_edge_percent": edge_of(compile_rules(variant))})
    infinite = edge_of(compile_rules(_with_decks(ruleset, "infinite")))
    out: dict[str, Any] = {"hash": rules_hash(ruleset), "ruleset": ruleset.id,
                           "own_decks": own, "points": points,
                           "infinite_house_edge_percent": infinite}
    if invalid:
        out["invalid_decks"] = invalid
    return out


def load_curves() -> dict[str, Any]:
    """The stored curves by ruleset id (empty when the file has not been made)."""
    if not CURVE_DATA.exists():
        return {}
    curves: dict[str, Any] = json.loads(CURVE_DATA.read_text(encoding="utf-8"))["curves"]
    return curves


def stored_curve(ruleset: Ruleset) -> dict[str, Any] | None:
    """The stored curve of exactly these rules, or None."""
    found: dict[str, Any] | None = load_curves().get(ruleset.id)
    if found is None or found.get("hash") != rules_hash(ruleset):
        return None
    return found


def changes_sign(curve: dict[str, Any]) -> bool:
    """Whether the edge is for the house at some pack count and for the player at another."""
    values = [float(p["house_edge_percent"]) for p in curve["points"]]
    values.append(float(curve["infinite_house_edge_percent"]))
    return min(values) < 0 < max(values)
