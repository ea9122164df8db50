"""The strategy chart of rules whose named hands hold against some up cards or for some
stakes only, or pay a fixed prize (`analysis.upcards`): a chart for each group of up cards,
each banker's column taken from its own group's chart, the chart's cost added up over the
groups' deals."""

from __future__ import annotations

from typing import Any

from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.present.chart import Chart, finite_chart, strategy_chart
from pontoon_rules.analysis.upcards import UpCardModel, group_index, groups, valued_stake
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import AnalysisError

Rows = list[tuple[str, list[str]]]


def upcard_chart(rules: Rules, policy: str | None, deck: Deck) -> Chart:
    """`chart.strategy_chart` of `rules`, one group of up cards at a time."""
    if deck == "finite":
        model = UpCardModel(rules, policy)
        charts = [finite_chart(m, mask) for m, mask in zip(model.parts, model.masks,
                                                           strict=True)]
        index = [int(next(i for i, mask in enumerate(model.masks) if mask[v]))
                 for v in range(len(model.visibles))]
        perfect = -100.0 * float(model.stats()[0])
        played = sum(c.edge_chart or 0.0 for c in charts)
        return _merged(rules, charts, index, played, perfect)
    found = groups(rules)
    charts = [strategy_chart(g.rules, policy, deck="infinite") for g in found]
    kinds = _kinds(found[0].rules)
    visibles = [(v,) for v in range(len(kinds))] if rules.banker_visible else [()]
    index = [group_index(found, kinds, v) for v in visibles]
    return _merged(rules, charts, index, None, None)


def _kinds(rules: Rules) -> Any:
    from pontoon_rules.analysis.deck import kind_space

    return kind_space(rules).kinds


def _merged(rules: Rules, charts: list[Chart], index: list[int], played: float | None,
            perfect: float | None) -> Chart:
    """One chart of each group's: each column from the chart of its up card's group."""
    first = charts[0]
    tables = {n: _rows([dict(c.tables.get(n, [])) for c in charts], index)
              for n in first.tables}
    lines, cells = [], []
    for g, chart in enumerate(charts):
        for line, cell in zip(chart.departures, chart.departure_cells, strict=True):
            column = cell.get("column")
            if index[column or 0] == g:
                lines.append(line)
                cells.append(cell)
    doubled = _rows([dict(c.doubled) for c in charts], index)
    return Chart(rules.ruleset.id, first.policy, first.columns, tables, first.deck, lines,
                 played, perfect, cells, first.method, doubled, valued_stake(rules))


def _rows(by_group: list[dict[str, list[str]]], index: list[int]) -> Rows:
    labels = list(dict.fromkeys(label for rows in by_group for label in rows))
    out = []
    for label in labels:
        letters = []
        for column, g in enumerate(index):
            row = by_group[g].get(label)
            if row is None:
                raise AnalysisError(f"strategy: the chart's row {label!r} is not found "
                                    "against every up card")
            letters.append(row[column])
        out.append((label, letters))
    return out
