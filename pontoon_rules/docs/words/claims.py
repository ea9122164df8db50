"""What a settlement sentence means: `Claim`s on pairs of a player's hand and a banker's
hand, and how a reader reads them (the most specific sentence decides: `expected_cell`).
`docs.words.settlement` writes the sentences and their claims; the property test checks the
claims against what the engine pays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from pontoon_rules.ruleset.format.common import OutcomeResult
from pontoon_rules.ruleset.resolving.outcomes import BY_TOTAL, LOSE, WIN, OutcomeCell

Pair = tuple[str, str]
"""A player's hand id and a banker's hand id (or `total`, `bust`)."""


@dataclass(frozen=True)
class Claim:
    """What one sentence says about some pairs (player's hand, banker's hand).

    `result` (None: the sentence says nothing of who wins), `tie_push` (for a by-total
    result: equal totals are a stand-off, else the banker's), `pays` (what a winning hand
    of these pairs is paid, × stake), `collects` (what a losing one pays the banker).
    """

    pairs: frozenset[Pair]
    level: int
    result: OutcomeResult | None = None
    tie_push: bool | None = None
    pays: Fraction | None = None
    collects: Fraction | None = None
    lower_wins: bool | None = None
    """For a by-total result: the lower total wins (`compare: lower-total`)."""


@dataclass(frozen=True)
class Said:
    """A settlement sentence: its rule key, its text, its claims and the fields it says."""

    key: str
    text: str
    claims: tuple[Claim, ...]
    paths: tuple[str, ...] = field(default=())


def expected_cell(claims: list[Claim], pair: Pair) -> dict[str, object]:
    """What the sheet says of `pair`: the most specific claim for each of result, tie rule,
    pays and collects (missing where no sentence says it)."""
    out: dict[str, object] = {}
    for name in ("result", "tie_push", "pays", "collects", "lower_wins"):
        found = [c for c in claims if pair in c.pairs and getattr(c, name) is not None]
        if found:
            out[name] = getattr(max(found, key=lambda c: c.level), name)
    return out


def conflicts(claims: list[Claim]) -> list[str]:
    """Pairs about which two sentences of the same level say different things."""
    out = []
    for name in ("result", "tie_push", "pays", "collects"):
        seen: dict[tuple[Pair, int], object] = {}
        for c in claims:
            value = getattr(c, name)
            if value is None:
                continue
            for pair in c.pairs:
                key = (pair, c.level)
                if key in seen and seen[key] != value:
                    out.append(f"{pair} {name}: {seen[key]} against {value}")
                seen.setdefault(key, value)
    return out


def cell_says(cell: OutcomeCell) -> dict[str, object]:
    """A table cell as `expected_cell` words it (only what the result makes matter)."""
    out: dict[str, object] = {"result": cell.result}
    if cell.result is BY_TOTAL:
        out["tie_push"] = cell.tie_push
    if cell.lower_wins:
        out["lower_wins"] = True
    if cell.result in (WIN, BY_TOTAL):
        out["pays"] = cell.pays
    if cell.result in (LOSE, BY_TOTAL):
        out["collects"] = cell.collects
    return out


def departs(claims: list[Claim], table: Mapping[Pair, OutcomeCell], wrong: list[Pair]) -> str:
    """What exceptions for the pairs `wrong` depart from, against `claims`: 'payouts' where
    each keeps the winner the claims give and only the odds differ, 'ranking' where none
    changes the odds, else 'both' (a sheet's heading for them says which)."""
    said = [(expected_cell(claims, pair), cell_says(table[pair])) for pair in wrong]
    if all(e.get("result") == c["result"] for e, c in said):
        return "payouts"
    if all(e.get(k) == v for e, c in said for k, v in c.items() if k in ("pays", "collects")):
        return "ranking"
    return "both"
