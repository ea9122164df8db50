"""The strategy card: the analysis's best-strategy chart as one compact grid a player reads.

Rows are your hand (hard totals, soft totals, pairs that split somewhere); columns are
the banker's visible card where the game deals one (neighbouring cards that play alike
share a column, "10–K"), else the number of cards you hold. Where a hand of more cards
plays differently from two cards, the cell says from which number of cards on
("S ⁴T": stick with two or three cards, twist with four); a cell where some particular
cards play differently from the chart (a composition-dependent departure) is marked •
and the cards are listed under the grid. Everything comes from `Chart.to_json()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.values import Gettext

ACTION_WORDS: dict[str, str] = {
    "S": _("stick: take no more cards"),
    "T": _("twist: take a card"),
    "D": _("double: double your stake and take a card"),
    "B": _("buy: take a card and add to your stake"),
    "P": _("split the pair into two hands"),
    "R": _("surrender: give up your first two cards for part of your stake back"),
    "Q": _("rescue: give up your doubled hand and take the doubled part back"),
    "·": _("keep the pair together"),
}
"""The chart's letters in words (`B2`: buy for two more stakes)."""
FREE_HAND = {"R": _("free hand: give up your first two cards and get your stake back"),
             "name": _("free hand")}
"""R where a hand given up gets its whole stake back (`lacking.gives_whole`), as the sheet
names it (r49w: Ban Luck's Russian card said «сдаться» beside the sheet's free hand)."""
ACTION_NAMES: dict[str, str] = {"S": _("stick"), "T": _("twist"), "D": _("double"),
                                "B": _("buy"), "P": _("split"), "R": _("surrender"),
                                "Q": _("rescue"), "·": _("do not split")}
GROUP_TITLES = {"hard": _("Hard totals"), "soft": _("Soft totals (an ace counted as 11)"),
                "pair": _("Pairs"),
                "doubled": _("After doubling on two cards, its card drawn: hard totals"),
                "doubled-soft": _("After doubling on two cards, its card drawn: soft totals")}
WORDS = {
    "banker_axis": _("The banker's card"), "cards_axis": _("Cards you hold"),
    "cards": _("%(number)s cards"),
    "buy_one": _("buy: take a card and add one stake to your stake"),
    "buy_more": _("buy: take a card and add %(number)s stakes to your stake"),
    "against": _("%(cards)s against %(card)s: %(best)s (the card says %(chart)s)"),
    "held": _("%(cards)s: %(best)s (the card says %(chart)s)"),
}
SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
DRAWS = frozenset("TBD")


@dataclass(frozen=True)
class Cell:
    """One cell: the two-card action, the later changes and whether cards depart from it."""

    action: str
    later: tuple[tuple[int, str], ...] = ()
    departs: bool = False

    @property
    def kind(self) -> str:
        """The letter that colours the cell (S, T, D, B, Q, R, P or ·; '' for no hand)."""
        return self.action[:1]


def _later(actions: list[str]) -> tuple[tuple[int, str], ...]:
    """(cards, letter) where play changes as cards are added; a twist after a buy or a
    double is the same draw (neither is offered once a card has been twisted)."""
    out, last = [], actions[0]
    for n, action in enumerate(actions[1:], start=3):
        if not action or action == "-":
            continue
        same = action == last or (action == "T" and last[:1] in DRAWS)
        if not same:
            out.append((n, action))
        last = action
    return tuple(out)


def _tables(chart: dict[str, Any]) -> dict[int, dict[str, list[str]]]:
    return {int(n): {row["hand"]: row["actions"] for row in rows}
            for n, rows in chart["tables"].items()}


def _hands(tables: dict[int, dict[str, list[str]]]) -> list[str]:
    """Every hand label of every table, in the chart's order (hard, soft, then pairs)."""
    seen: dict[str, None] = {}
    for n in sorted(tables):
        for hand in tables[n]:
            seen.setdefault(hand, None)
    order = {"hard": 0, "soft": 1, "pair": 2}
    return sorted(seen, key=lambda h: (order[h.split()[0]], list(seen).index(h)))


def _departed(chart: dict[str, Any]) -> set[tuple[str, int | None, int]]:
    return {(d["hand"], d["column"], d["cards"]) for d in chart.get("departure_cells", [])}


def _merged_columns(chart: dict[str, Any], tables: dict[int, dict[str, list[str]]]
                    ) -> list[list[int]]:
    """Groups of neighbouring banker columns that play alike in every table."""
    def signature(i: int) -> list[str]:
        return [acts[i] for n in sorted(tables) for acts in tables[n].values()] + [
            row["actions"][i] for row in chart.get("after_double", [])]

    groups: list[list[int]] = []
    for i in range(len(chart["columns"])):
        if groups and signature(groups[-1][0]) == signature(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _label(columns: list[str], group: list[int]) -> str:
    first, last = columns[group[0]], columns[group[-1]]
    return first if first == last else f"{first}–{last}"


def _by_banker_card(chart: dict[str, Any], gettext: Gettext) -> dict[str, Any]:
    tables = _tables(chart)
    departed = _departed(chart)
    groups = _merged_columns(chart, tables)
    rows = []
    for hand in _hands(tables):
        cells = []
        for group in groups:
            actions = [tables[n].get(hand, [""] * len(chart["columns"]))[group[0]]
                       for n in sorted(tables)]
            if not actions[0] or actions[0] == "-":
                cells.append(Cell(""))
                continue
            departs = any((hand, i, n) in departed for i in group for n in tables)
            cells.append(Cell(actions[0], _later(actions), departs))
        rows.append(_row(hand, cells))
    for row in chart.get("after_double", []):  # the rescue's table (`Chart.doubled`)
        cells = [Cell("" if row["actions"][g[0]] == "-" else row["actions"][g[0]])
                 for g in groups]
        kind, _space, value = row["hand"].partition(" ")
        rows.append({"group": "doubled" if kind == "hard" else "doubled-soft",
                     "hand": f"doubled {row['hand']}", "label": value, "cells": cells})
    columns = [_label(chart["columns"], g) for g in groups]
    return {"axis": gettext(WORDS["banker_axis"]), "columns": columns, "rows": rows}


def _by_cards_held(chart: dict[str, Any], gettext: Gettext) -> dict[str, Any]:
    tables = _tables(chart)
    departed = _departed(chart)
    counts = sorted(tables)
    rows = []
    for hand in _hands(tables):
        cells = []
        for n in counts:
            actions = tables[n].get(hand)
            action = actions[0] if actions else ""
            cells.append(Cell("" if action == "-" else action,
                              departs=(hand, None, n) in departed or (hand, 0, n) in departed))
        rows.append(_row(hand, cells))
    columns = [gettext(WORDS["cards"]) % {"number": n} for n in counts]
    return {"axis": gettext(WORDS["cards_axis"]), "columns": columns, "rows": rows}


def _row(hand: str, cells: list[Cell]) -> dict[str, Any]:
    group, _space, value = hand.partition(" ")
    return {"group": group, "hand": hand, "label": value, "cells": cells}


def _pair_rows(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The pair rows that split (or surrender) somewhere, and the pairs never split."""
    kept, never = [], []
    for row in rows:
        if row["group"] != "pair":
            kept.append(row)
        elif any(c.kind in ("P", "R") for c in row["cells"]):
            kept.append(row)
        else:
            never.append(row["label"])
    return kept, never


def _groups(rows: list[dict[str, Any]], gettext: Gettext) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in rows:
        if not out or out[-1]["key"] != row["group"]:
            out.append({"key": row["group"], "title": gettext(GROUP_TITLES[row["group"]]),
                        "rows": []})
        out[-1]["rows"].append(row)
    return out


def _legend(rows: list[dict[str, Any]], gettext: Gettext, free: bool) -> list[dict[str, str]]:
    """The letters the grid uses, in words (each amount of a buy on its own line)."""
    used: dict[str, None] = {}
    for row in rows:
        for cell in row["cells"]:
            for action in (cell.action, *(a for _n, a in cell.later)):
                if action:
                    used.setdefault(action, None)
    legend = []
    for letter in sorted(used, key=lambda a: ("STBDQRP·".find(a[0]), a)):
        words = gettext(FREE_HAND["R"] if free and letter == "R" else ACTION_WORDS[letter[0]])
        if letter[0] == "B" and letter[1:] == "1":
            words = gettext(WORDS["buy_one"])
        elif letter[0] == "B" and letter[1:]:
            words = gettext(WORDS["buy_more"]) % {"number": letter[1:]}
        legend.append({"letter": letter, "kind": letter[0], "words": words})
    return legend


def later_text(later: tuple[tuple[int, str], ...]) -> str:
    """'⁴T' for (4, 'T'): from four cards on, twist."""
    return " ".join(f"{str(n).translate(SUPERSCRIPTS)}{a}" for n, a in later)


def _departure_lines(chart: dict[str, Any], gettext: Gettext, free: bool) -> list[str]:
    names = {**ACTION_NAMES, "R": FREE_HAND["name"]} if free else ACTION_NAMES
    columns = chart["columns"]
    lines = []
    for d in chart.get("departure_cells", []):
        values = {"cards": "-".join(d["ranks"]),
                  "best": gettext(names.get(d["best"][0], d["best"])),
                  "chart": gettext(names.get(d["chart"][0], d["chart"]))}
        if d["column"] is not None and columns != ["any"]:
            values["card"] = columns[d["column"]]
            lines.append(gettext(WORDS["against"]) % values)
        else:
            lines.append(gettext(WORDS["held"]) % values)
    return lines


def strategy_card(chart: dict[str, Any], gettext: Gettext, free: bool = False) -> dict[str, Any]:
    """The strategy card of `chart` (`Chart.to_json()`) as a template draws it (`free`: its
    R is a free hand, `FREE_HAND`)."""
    visible = chart["columns"] != ["any"]
    grid = _by_banker_card(chart, gettext) if visible else _by_cards_held(chart, gettext)
    rows, never = _pair_rows(grid["rows"])
    cost = None
    if chart.get("house_edge_chart_percent") is not None:
        cost = chart["house_edge_chart_percent"] - chart["house_edge_perfect_percent"]
    return {**grid, "visible": visible, "groups": _groups(rows, gettext),
            "legend": _legend(rows, gettext, free), "never_split": never,
            "more_cards": any(c.later for r in rows for c in r["cells"]),
            "departures": _departure_lines(chart, gettext, free),
            "chart_edge": chart.get("house_edge_chart_percent"), "cost": cost}


def same_card(chart: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two charts give the same card (the same columns and actions)."""
    return bool(chart["columns"] == other["columns"] and chart["tables"] == other["tables"])


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [*ACTION_WORDS.values(), *ACTION_NAMES.values(), *GROUP_TITLES.values(),
            *WORDS.values(), *FREE_HAND.values()]
