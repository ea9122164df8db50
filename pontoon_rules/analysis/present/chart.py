"""The best-strategy chart: what to do with each hand, as a casino strategy card.

Rows are hard totals, soft totals (an ace counted high) and pairs; columns are
the banker's visible card where one is dealt (else a single column); one table
per number of cards held. Hands of three or more cards are taken as reached by
twisting (stake unchanged); in buying games the decision after a buy can differ.

The chart is total-dependent: one action per cell. In a finite shoe (the
default) each cell holds the action best on average over the compositions
with that total (`tdchart`), and the chart says how many compositions play
differently (composition-dependent departures, listed on request) and what
playing the chart costs against perfect play. In an infinite deck the cell's
action is exactly best for every composition. A surrender of the dealt hand is
the letter R (in the two-card rows and the pair rows); the double-down rescue
has a table of its own (`Chart.doubled`, the letter Q).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pontoon_rules.analysis.deck import Deck, Kind
from pontoon_rules.analysis.edge import check_deck, deck_words
from pontoon_rules.analysis.hand import (
    BUY,
    DOUBLE,
    RESCUE,
    STICK,
    TWIST,
    Choice,
    HandState,
    start_state,
)
from pontoon_rules.analysis.infinite.round import INFINITE_METHOD, Deal, RoundModel
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.upcards import (
    UpCardModel,
    conditional,
    group_index,
    groups,
    stake_words,
    valued_stake,
)
from pontoon_rules.engine.round.cards import RANK_CODES
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import AnalysisError
from pontoon_rules.ruleset.format.money import Money

if TYPE_CHECKING:
    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.present.tdchart import Departure, TotalChart

SURRENDER = "surrender"
"""A late surrender of the dealt hand (`analysis.giving_up`), as a cell's action."""
LETTERS = {STICK: "S", TWIST: "T", DOUBLE: "D", "split": "P", BUY: "B", SURRENDER: "R",
           RESCUE: "Q"}
CHART_METHOD = ("the ruleset's own shoe, exact: each cell the best play for the hand's "
                "total over the compositions that reach it (the edges below: playing the "
                "chart, and composition-dependent)")
"""How a finite shoe's chart is found (`analysis.present.tdchart`), in words."""
LEGEND = ("S stick, T twist, D double, P split, B<n> buy n stakes, R surrender (where "
          "offered; else play the total), Q rescue a double (give the hand up for its "
          "doubled part), - finished")
DOUBLED_TITLE = "after doubling on two cards, the double's card drawn"
"""The title of the rescue's table (`Chart.doubled`)."""


@dataclass(frozen=True)
class Chart:
    """Per number of cards: rows of (label, actions by banker column)."""

    ruleset: str
    policy: str
    columns: list[str]
    tables: dict[int, list[tuple[str, list[str]]]]
    deck: str = "infinite deck"
    departures: list[str] = field(default_factory=list)
    """Composition-dependent departures from the chart, one line each."""
    edge_chart: float | None = None
    """House edge (%) playing the chart; None where the chart is perfect play."""
    edge_perfect: float | None = None
    """House edge (%) playing perfectly (composition-dependent)."""
    departure_cells: list[dict[str, Any]] = field(default_factory=list)
    """The same departures as data: `hand` (the row label), `cards` (how many), `column`
    (index into `columns`, None without a visible card), `ranks` (the cards held),
    `best` and `chart` (letters), `text` (the line of `departures`)."""
    method: str = ""
    """How the chart was found, in words (beside its deck and banker in every output)."""
    doubled: list[tuple[str, list[str]]] = field(default_factory=list)
    """Where the ruleset has the double-down rescue: a hand doubled on two cards once the
    double's card is drawn, by its total (S stick, Q rescue, D double again)."""
    valued_stake: int | None = None
    """The stake the chart is found at, where a named hand depends on the stake or pays a
    fixed prize (`analysis.upcards.valued_stake`); None where none does."""

    def to_json(self) -> dict[str, Any]:
        """The chart as JSON data."""
        return {"ruleset": self.ruleset, "banker_policy": self.policy, "deck": self.deck,
                "method": self.method, "columns": self.columns, "legend": LEGEND,
                "tables": {str(n): [{"hand": label, "actions": acts} for label, acts in rows]
                           for n, rows in self.tables.items()},
                "after_double": [{"hand": label, "actions": acts}
                                 for label, acts in self.doubled],
                "departure_count": len(self.departures), "departures": self.departures,
                "departure_cells": self.departure_cells,
                "house_edge_chart_percent": self.edge_chart,
                "house_edge_perfect_percent": self.edge_perfect,
                "valued_at_stake": self.valued_stake}

    def summary_lines(self) -> list[str]:
        """What the chart costs and how many compositions leave it, in words."""
        if self.edge_chart is None or self.edge_perfect is None:
            return ["In an infinite deck this chart is perfect play (no composition-dependent "
                    "departures)."]
        return [f"Composition-dependent departures from this chart: {len(self.departures)} "
                "(hand, banker card) cases (list them with --departures).",
                f"House edge playing this chart: {self.edge_chart:.4f}%; playing perfectly "
                f"(composition-dependent): {self.edge_perfect:.4f}%; the chart costs "
                f"{self.edge_chart - self.edge_perfect:.4f} points."]


def strategy_chart(rules: Rules, policy: str | None = None,
                   model: Any = None, deck: Deck | None = None) -> Chart:
    """The best-strategy chart of `rules`: the ruleset's own shoe unless `deck` says.

    Args:
        model: the round's model already made, perhaps solved (`edge.edge_model`, as
            `edge.house_edge` took it: the round solved once for both); its own deck.

    Raises:
        UnsupportedFeatureError: the ruleset plays a rule the analysis does not handle.
    """
    from pontoon_rules.ruleset.resolving.features import require_handled

    require_handled(rules.ruleset, "strategy")
    from pontoon_rules.analysis.composition.model import CompositionModel

    if isinstance(model, CompositionModel):  # the shoe's own, as `house_edge` solved it
        return finite_chart(model)
    if isinstance(model, UpCardModel):
        return upcard_finite_chart(model)
    deck = check_deck(rules, deck if model is None else "infinite")
    if conditional(rules):
        return upcard_chart(rules, policy, deck)
    if deck == "finite":
        return finite_chart(CompositionModel(rules, policy))
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
    model.value()  # the whole round solved: refused where it plays a rule never read
    return Chart(rules.ruleset.id, model.policy.name, columns, tables,
                 deck_words(rules, "infinite"), method=INFINITE_METHOD)


def _chart_rows(rules: Rules) -> range:
    most = min(rules.max_cards, 5) if rules.max_cards < 99 else 3
    return range(2, most)


@gc_paused
def finite_chart(model: CompositionModel, mask: Any = None) -> Chart:
    """The total-dependent chart of the ruleset's shoe, its departures and its cost (with
    `mask`, the cost over the deals whose visible tuple it weighs 1: `present.upchart`)."""
    from pontoon_rules.analysis.present.tdchart import TotalChart

    rules, kinds = model.rules, model.kinds
    perfect = -100.0 * float(model.stats()[0] if mask is None else model.stats_over(mask)[0])
    td = TotalChart(model, min(rules.max_cards, 8))
    played = -100.0 * float(td.round_stats(mask)[0])
    columns = ([_kind_label(kinds[v[0]]) for v in model.visibles] if rules.banker_visible
               else ["any"])
    tables: dict[int, list[tuple[str, list[str]]]] = {}
    for n in _chart_rows(rules):
        tables[n] = [(label, [_choice_letter(c) for c in td.cells[cell]])
                     for label, cell in _cells(rules, n) if cell in td.cells]
    pairs = []
    for kind in kinds:
        split = model.split_all(kind.index)
        if split is None:
            continue
        state = start_state(kinds, (kind.index, kind.index), False, rules)
        single = model.value(model._removed((kind.index, kind.index)), state)[:, 0]
        given_up = model.given_up  # filled by `stats` above
        pairs.append((f"pair {_kind_label(kind)}",
                      ["R" if ((kind.index, kind.index), v) in given_up else "P" if s > u
                       else "·" for v, (s, u) in enumerate(zip(split[:, 0], single,
                                                               strict=True))]))
    tables[2] = tables.get(2, []) + pairs
    lines = [_departure_line(d, kinds, rules) for d in td.departures]
    cells = [_departure_cell(d, td, model.visibles, kinds, line)
             for d, line in zip(td.departures, lines, strict=True)]
    doubled = [(f"{'soft' if soft else 'hard'} {points}",
                [_choice_letter(c) for c in td.doubled[(n, soft, points)]])
               for n, soft, points in sorted(td.doubled, key=lambda c: (c[1], c[2]))]
    return Chart(rules.ruleset.id, model.policy.name, columns, tables,
                 deck_words(rules, "finite"), lines, played, perfect, cells,
                 CHART_METHOD, doubled)


def _departure_cell(d: Departure, td: TotalChart, visibles: Sequence[tuple[int, ...]],
                    kinds: tuple[Kind, ...], line: str) -> dict[str, Any]:
    """A departure as data: the chart cell it leaves, the cards, and the two actions."""
    n, soft, points = td.cell(td.state(d.cards))
    column = visibles.index(d.visible) if d.visible in visibles else None
    return {"hand": f"{'soft' if soft else 'hard'} {points}", "cards": n, "column": column,
            "ranks": [_kind_label(kinds[k]) for k in d.cards],
            "best": _choice_letter(d.best), "chart": _choice_letter(d.chart), "text": line}


def _cells(rules: Rules, n: int) -> list[tuple[str, tuple[int, bool, int]]]:
    out = []
    for soft in (False, True) if rules.ace_bonus else (False,):
        for points in range(4 if not soft else 12, 22):
            out.append((f"{'soft' if soft else 'hard'} {points}", (n, soft, points)))
    return out


def _choice_letter(choice: Choice | None) -> str:
    if choice is None:
        return "-"
    if choice.kind == BUY:
        return f"B{choice.amount}"
    return LETTERS[choice.kind]


def _departure_line(d: Departure, kinds: tuple[Kind, ...], rules: Rules) -> str:
    cards = "-".join(_kind_label(kinds[k]) for k in d.cards)
    against = (" against " + "-".join(_kind_label(kinds[k]) for k in d.visible)
               if d.visible else "")
    return f"{cards}{against}: {d.best} (chart: {d.chart})"


def _kind_label(kind: Kind) -> str:
    """A kind of card by its rank when it is one rank (10, J, Q, K apart), else by value."""
    if len(kind.ranks) == 1:
        code = RANK_CODES[kind.ranks[0]]
        return "10" if code == "T" else code
    return "A" if kind.is_ace else str(kind.value)


def _rows(model: RoundModel, visibles: list[tuple[int, ...]],
          n: int) -> list[tuple[str, list[str]]]:
    rows = []
    for soft in (False, True) if model.rules.ace_bonus else (False,):
        for points in range(4 if not soft else 12, 22):
            hard = points - (model.rules.ace_bonus if soft else 0)
            if hard < n or (soft and hard < n):
                continue
            state = HandState(hard, soft, n, None, False, False, n > 2)
            label = f"{'soft' if soft else 'hard'} {points}"
            dealt = _dealt_cards(model, hard, soft) if n == 2 else None
            rows.append((label, ["R" if dealt and _surrenders(model, v, state, dealt)
                                 else _letter(model, v, state) for v in visibles]))
    return rows


def _dealt_cards(model: RoundModel, hard: int, soft: bool) -> tuple[int, int] | None:
    """Two cards making a dealt hand of `hard` points (aces 1), holding an ace where
    `soft`: a non-pair where one does (a pair has its own row); None where none does."""
    kinds = model.space.kinds
    found = [(a.index, b.index) for a in kinds for b in kinds
             if a.index <= b.index and a.value + b.value == hard
             and (a.is_ace or b.is_ace) == soft]
    return min(found, key=lambda c: c[0] == c[1]) if found else None


def _surrenders(model: RoundModel, visible: tuple[int, ...], state: HandState,
                cards: tuple[int, int], kept: Any = None) -> bool:
    """Whether a surrender of the dealt `cards` (of `state`'s total) beats playing them
    (in an infinite deck a hand's value is its total's), or `kept` (a pair: split or
    not); an early one, before the check, against the deal played."""
    if model.rules.surrender is None:
        return False
    if model.rules.surrender.early:
        return model.surrenders_early(Deal(cards, visible, 1.0))
    ctx = model.context((), visible)
    given_up = ctx.surrender_value(cards)
    played = ctx.hands.value(state) if kept is None else kept
    return given_up is not None and bool(given_up > played)


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
            state = start_state(model.space.kinds, cards, False, model.rules)
            acts.append("R" if _surrenders(model, v, state, cards, ctx._kept_value(cards))
                        else "P" if ctx.should_split(cards) else "·")
        rows.append((f"pair {_kind_label(kind)}", acts))
    return rows


def _letter(model: RoundModel, visible: tuple[int, ...], state: HandState) -> str:
    choice, _ = model.context((), visible).hands.best(state)
    if choice is None:
        return "-"
    if choice.kind == BUY:
        return f"B{choice.amount}"
    return LETTERS[choice.kind]


def render(chart: Chart, fmt: str = "text", departures: bool = False,
           money: Money | None = None) -> str:
    """The chart as 'text', 'md' or 'json' (`money`: the ruleset's, for the stake it is
    valued at)."""
    if fmt == "json":
        return json.dumps(chart.to_json(), indent=2)
    lines = [f"Best strategy: {chart.ruleset}{stake_words(chart.valued_stake, money)} (deck: "
             f"{chart.deck}; banker: {chart.policy}; method: {chart.method or INFINITE_METHOD}); "
             f"{LEGEND}.", "Pair rows: P split, R surrender, · do not split (then play the "
             "total)."]
    lines.extend(chart.summary_lines())
    for n, rows in chart.tables.items():
        lines.append("")
        lines.append(f"{n} cards" if fmt == "text" else f"### {n} cards")
        lines.extend(_table(chart.columns, rows, fmt))
    if chart.doubled:
        lines.append("")
        title = DOUBLED_TITLE[:1].upper() + DOUBLED_TITLE[1:]
        lines.append(f"{title} (S stick, Q rescue, D double again)" if fmt == "text"
                     else f"### {title}")
        lines.extend(_table(chart.columns, chart.doubled, fmt))
    if departures and chart.departures:
        lines.append("")
        lines.append("Composition-dependent departures (cards against the banker's card: best "
                     "play, and the chart's):")
        lines.extend(("- " if fmt == "md" else "  ") + line for line in chart.departures)
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



def upcard_chart(rules: Rules, policy: str | None, deck: Deck) -> Chart:
    """`strategy_chart` of rules whose named hands hold against some up cards or for some
    stakes only, or pay a fixed prize (`analysis.upcards`): a chart for each group of up
    cards, each banker's column taken from its own group's chart, the chart's cost added
    up over the groups' deals."""
    if deck == "finite":
        return upcard_finite_chart(UpCardModel(rules, policy))
    found = groups(rules)
    charts = [strategy_chart(g.rules, policy, deck="infinite") for g in found]
    kinds = _kinds(found[0].rules)
    visibles = [(v,) for v in range(len(kinds))] if rules.banker_visible else [()]
    index = [group_index(found, kinds, v) for v in visibles]
    return _merged(rules, charts, index, None, None)


def upcard_finite_chart(model: UpCardModel) -> Chart:
    """`finite_chart` of an `UpCardModel`: each group's chart over its own deals, merged."""
    charts = [finite_chart(m, mask) for m, mask in zip(model.parts, model.masks, strict=True)]
    perfect = -100.0 * float(model.stats()[0])
    played = sum(c.edge_chart or 0.0 for c in charts)
    return _merged(model.rules, charts, model.index, played, perfect)


def _kinds(rules: Rules) -> Any:
    from pontoon_rules.analysis.deck import kind_space

    return kind_space(rules).kinds


def _merged(rules: Rules, charts: list[Chart], index: list[int], played: float | None,
            perfect: float | None) -> Chart:
    """One chart of each group's: each column from the chart of its up card's group."""
    first = charts[0]
    tables = {n: _merged_rows([dict(c.tables.get(n, [])) for c in charts], index)
              for n in first.tables}
    lines, cells = [], []
    for g, chart in enumerate(charts):
        for line, cell in zip(chart.departures, chart.departure_cells, strict=True):
            column = cell.get("column")
            if index[column or 0] == g:
                lines.append(line)
                cells.append(cell)
    doubled = _merged_rows([dict(c.doubled) for c in charts], index)
    return Chart(rules.ruleset.id, first.policy, first.columns, tables, first.deck, lines,
                 played, perfect, cells, first.method, doubled, valued_stake(rules))


def _merged_rows(by_group: list[dict[str, list[str]]],
                 index: list[int]) -> list[tuple[str, list[str]]]:
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
