"""Rendering comparisons: the diff as Markdown or rich text, examples as rich text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from pontoon_rules.compare.diff import FieldDiff, by_topic
from pontoon_rules.compare.records import Comparison, Example, NoExample
from pontoon_rules.literal import literal_markdown
from pontoon_rules.text import markup_safe

_STATUS_STYLE = {"stated": "green", "implied": "yellow", "our-reading": "magenta"}


def _provenance(cell: dict[str, Any]) -> str:
    if not cell["status"]:
        return "no provenance"
    quote = f" “{cell['quote']}”" if cell["quote"] else ""
    mark = " (open)" if cell["open"] else ""
    return f"{cell['status']}, {cell['source']}{quote}{mark}"


def _md(text: str) -> str:
    """Text in a Markdown table cell, shown literally (Markdown, HTML, escapes)."""
    return literal_markdown(text)


def diff_markdown(diffs: Sequence[FieldDiff], names: Sequence[str]) -> str:
    """The diff as Markdown: a table per topic, a column per ruleset."""
    lines = [f"# Rules compared: {', '.join(names)}", ""]  # ids: letters, digits, '-', '#'

    if not diffs:
        lines.append("The rulesets agree on every rule.")
    for topic, rows in by_topic(diffs).items():
        lines += [f"## {topic}", "", "| rule | " + " | ".join(names) + " |",
                  "|---|" + "---|" * len(names)]
        for d in rows:
            cells = [f"**{_md(d.values[n]['text'])}**<br>{_md(_provenance(d.values[n]))}"
                     for n in names]
            rule = d.description.replace("|", "\\|") + ("" if d.differs else " (same)")
            lines.append(f"| {rule}<br>`{d.path}` | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def diff_text(diffs: Sequence[FieldDiff], names: Sequence[str],
              console: Console | None = None) -> None:
    """Print the diff with rich: a table per topic, a column per ruleset."""
    console = console or Console(width=max(120, Console().width))
    if not diffs:
        console.print("The rulesets agree on every rule.")
    for topic, rows in by_topic(diffs).items():
        table = Table(title=topic, title_justify="left", expand=True, show_lines=True)
        table.add_column("rule", ratio=3)
        for n in names:
            table.add_column(markup_safe(n), ratio=3, overflow="fold")
        for d in rows:
            cells = []
            for n in names:
                cell = d.values[n]
                style = _STATUS_STYLE.get(cell["status"], "")
                prov = markup_safe(_provenance(cell))
                prov = f"[{style}]{prov}[/{style}]" if style else prov
                cells.append(f"[bold]{markup_safe(cell['text'])}[/bold]\n{prov}")
            rule = d.description + ("" if d.differs else " [dim](same)[/dim]")
            table.add_row(f"{rule}\n[dim]{d.path}[/dim]", *cells)
        console.print(table)
    changed = sum(d.differs for d in diffs)
    console.print(f"{len(names)} rulesets; {changed} rules differ.")


def print_comparison(comparison: Comparison, impacts: dict[str, str] | None = None,
                     console: Console | None = None) -> None:
    """Print every record of a comparison: the worked examples, then the reasons."""
    console = console or Console()
    a, b = comparison.rulesets
    found, without = len(comparison.examples), len(comparison.reasons)
    console.print(f"[bold]{markup_safe(a)}[/bold] against [bold]{markup_safe(b)}[/bold]: "
                  f"{found} worked example{'s' if found != 1 else ''}, "
                  f"{without} difference{'s' if without != 1 else ''} without one")
    for example in comparison.examples:
        print_example(example, console, (impacts or {}).get(example.field.path))
    if comparison.reasons:
        console.print()
        console.print("[bold]Differences that no round shows[/bold]")
    for reason in comparison.reasons:
        _print_reason(reason, console, (impacts or {}).get(reason.field.path))


def _values(record: Example | NoExample) -> str:
    return markup_safe(" / ".join(f"{rid}: {v['text']}" for rid, v in record.field.values.items()))


def print_example(example: Example, console: Console, impact: str | None = None) -> None:
    """One worked example: the rule, the cards, each ruleset's decisions and result."""
    console.print()
    console.print(f"[bold]{example.field.description}[/bold]  [dim]{example.field.path}[/dim]")
    console.print(f"  {_values(example)}")
    console.print(f"  {markup_safe(example.explanation)}")
    console.print(f"  stakes {list(example.stakes)}; shoe {' '.join(example.shoe)}; "
                  f"policy: {markup_safe(example.policy_description)}")
    for rid in example.rulesets:
        played = example.played[rid]
        nets = ", ".join(f"{s['seat']} {s['net']:+d}" for s in played.result["seats"])
        actions = ", ".join(played.actions) or "no decisions"
        console.print(f"  {markup_safe(rid)}: {markup_safe(actions)} -> {nets}, banker "
                      f"{played.result['banker']['net']:+d}")
    if impact is not None:
        console.print(f"  [dim]{impact}[/dim]")


def _print_reason(reason: NoExample, console: Console, impact: str | None) -> None:
    console.print(f"- {reason.field.description} [dim]{reason.field.path}[/dim] "
                  f"({_values(reason)}): {markup_safe(reason.reason)}")
    if impact is not None:
        console.print(f"  [dim]{impact}[/dim]")
