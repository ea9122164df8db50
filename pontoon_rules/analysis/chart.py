"""The best-strategy chart: what to do with each hand, as a casino strategy card.

Rows are hard totals, soft totals (an ace counted high) and pairs; columns are
the banker's visible card where one is dealt (else a single column); one table
per number of cards held. Hands of three or more cards are taken as reached by
twisting (stake unchanged); in buying games the decision after a buy can differ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.exact import RoundModel
from pontoon_rules.analysis.hand import BUY, DOUBLE, STICK, TWIST, HandState
from pontoon_rules.engine.cards import RANK_CODES
from pontoon_rules.engine.rules import Rules

LETTERS = {STICK: "S", TWIST: "T", DOUBLE: "D", "split": "P", BUY: "B"}
LEGEND = "S stick, T twist, D double, P split, B<n> buy n stakes, - finished"


@dataclass(frozen=True)
class Chart:
    """Per number of cards: rows of (label, actions by banker column)."""

    ruleset: str
    policy: str
    columns: list[str]
    tables: dict[int, list[tuple[str, list[str]]]]

    def to_json(self) -> dict[str, Any]:
        """The chart as JSON data."""
        return {"ruleset": self.ruleset, "banker_policy": self.policy, "columns": self.columns,
                "legend": LEGEND,
                "tables": {str(n): [{"hand": label, "actions": acts} for label, acts in rows]
                           for n, rows in self.tables.items()}}


def strategy_chart(rules: Rules, policy: str | None = None,
                   model: RoundModel | None = None) -> Chart:
    """The infinite-deck best-strategy chart of `rules`.

    Args:
        model: an infinite-deck `RoundModel(rules, "infinite", policy)` already made.
    """
    model = model or RoundModel(rules, "infinite", policy)
    kinds = model.space.kinds
    visibles: list[tuple[int, ...]] = ([(v,) for v in range(len(kinds))]
                                       if rules.banker_visible else [()])
    columns = [_kind_label(kinds[v[0]]) for v in visibles] if rules.banker_visible \
        else ["any"]
    tables: dict[int, list[tuple[str, list[str]]]] = {}
    most = min(rules.max_cards, 5) if rules.max_cards < 99 else 3
    for n in range(2, most):
        tables[n] = _rows(model, visibles, n)
    tables[2] = tables.get(2, []) + _pair_rows(model, visibles)
    return Chart(rules.ruleset.id, model.policy.name, columns, tables)


def _kind_label(kind: Kind) -> str:
    """A kind of card by its rank when it is one rank (10, J, Q, K apart), else by value."""
    if len(kind.ranks) == 1:
        code = RANK_CODES[kind.ranks[0]]
        return "10" if code == "T" else code
    return "A" if kind.value == 1 else str(kind.value)


def _rows(model: RoundModel, visibles: list[tuple[int, ...]],
          n: int) -> list[tuple[str, list[str]]]:
    rows = []
    for soft in (False, True):
        for points in range(4 if not soft else 12, 22):
            hard = points - (model.rules.ace_bonus if soft else 0)
            if hard < n or (soft and hard < n):
                continue
            state = HandState(hard, soft, n, -1, False, False, n > 2)
            label = f"{'soft' if soft else 'hard'} {points}"
            rows.append((label, [_letter(model, v, state) for v in visibles]))
    return rows


def _pair_rows(model: RoundModel, visibles: list[tuple[int, ...]]) -> list[tuple[str, list[str]]]:
    rows = []
    for kind in model.space.kinds:
        cards = (kind.index, kind.index)
        ctx = model.context(cards, visibles[0])
        if not ctx.splits.can_split(*cards):
            continue
        acts = []
        for v in visibles:
            ctx = model.context(cards, v)
            acts.append("P" if ctx.should_split(cards) else "·")
        rows.append((f"pair {_kind_label(kind)}", acts))
    return rows


def _letter(model: RoundModel, visible: tuple[int, ...], state: HandState) -> str:
    choice, _ = model.context((), visible).hands.best(state)
    if choice is None:
        return "-"
    if choice.kind == BUY:
        return f"B{choice.amount}"
    return LETTERS[choice.kind]


def render(chart: Chart, fmt: str = "text") -> str:
    """The chart as 'text', 'md' or 'json'."""
    if fmt == "json":
        return json.dumps(chart.to_json(), indent=2)
    lines = [f"Best strategy: {chart.ruleset} (banker: {chart.policy}); {LEGEND}.",
             "Pair rows: P split, · do not split (then play the total)."]
    for n, rows in chart.tables.items():
        lines.append("")
        lines.append(f"{n} cards" if fmt == "text" else f"### {n} cards")
        lines.extend(_table(chart.columns, rows, fmt))
    return "\n".join(lines)


def _table(columns: list[str], rows: list[tuple[str, list[str]]], fmt: str) -> list[str]:
    if fmt == "md":
        out = ["| hand | " + " | ".join(columns) + " |",
               "| --- | " + " | ".join("---" for _ in columns) + " |"]
        out.extend(f"| {label} | " + " | ".join(acts) + " |" for label, acts in rows)
        return out
    out = [f"{'':10}" + "".join(f"{c:>4}" for c in columns)]
    out.extend(f"{label:10}" + "".join(f"{a:>4}" for a in acts) for label, acts in rows)
    return out
