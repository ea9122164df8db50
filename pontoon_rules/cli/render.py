"""Rich rendering of rulesets for the terminal."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pontoon_rules.ruleset.format.fields import has_path, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import (
    TOPICS,
    differing_paths,
    field_row,
    label,
    paths_by_topic,
    ruleset_value_text,
)
from pontoon_rules.text import terminal_safe

_STATUS_STYLE = {"stated": "green", "implied": "yellow", "our-reading": "magenta"}


def show_ruleset(ruleset: Ruleset, console: Console | None = None) -> None:
    """Print `ruleset` grouped by topic: each rule, its value and its provenance.

    Text from the ruleset (names, quotes, sources) is printed literally, never as markup,
    and its hidden characters (escapes, bidi controls) as visible escapes.
    """
    console = console or Console()
    console.print(Text.assemble((terminal_safe(ruleset.name), "bold"),
                                f"  ({terminal_safe(ruleset.id)}, {ruleset.kind})"))
    if ruleset.extends:
        console.print(Text(f"extends {terminal_safe(ruleset.extends)}"))
    if ruleset.summary:
        console.print(Text(terminal_safe(ruleset.summary)))
    for section, paths in paths_by_topic(ruleset).items():
        table = Table(title=TOPICS[section], title_justify="left", show_header=False,
                      expand=True, box=None, padding=(0, 1))
        table.add_column("rule", ratio=3)
        table.add_column("value", ratio=1, style="bold", overflow="fold")
        table.add_column("provenance", ratio=3)
        for path in paths:
            table.add_row(*_row_cells(ruleset, path))
        console.print()
        console.print(table)


def _row_cells(ruleset: Ruleset, path: str) -> tuple[Text, Text, Text]:
    """One rule's description, value and provenance as literal text (status coloured)."""
    row = field_row(ruleset, path)
    if not row["applies"]:  # "not in this game": no value, no provenance, never open
        return Text(str(row["description"])), Text(str(row["text"]), "dim"), Text("")
    quote = f' “{row["quote"]}”' if row["quote"] else ""
    provenance = Text.assemble((str(row["status"]), _STATUS_STYLE.get(row["status"], "")),
                               terminal_safe(f" {row['source']}{quote}"))
    if row["open"]:
        provenance.append(" (open)", "red")
    return Text(str(row["description"])), Text(terminal_safe(row["text"])), provenance


def summary_table(rulesets: list[Ruleset], console: Console | None = None) -> None:
    """Print the rules that differ between `rulesets`, side by side."""
    console = console or Console(width=max(120, Console().width))
    table = Table(title="Where the variants differ", show_lines=False)
    table.add_column("topic", style="dim")
    table.add_column("rule", style="bold")
    for r in rulesets:
        table.add_column(Text(terminal_safe(r.id)), overflow="fold")
    for path in differing_paths(rulesets):
        values = [Text(terminal_safe(field_row(r, path)["text"] if not has_path(r, path)
                                     else ruleset_value_text(r, path, value_at(r, path))))
                  for r in rulesets]
        table.add_row(TOPICS[path.split(".")[0]], label(path), *values)
    console.print(table)
    console.print(f"{len(rulesets)} rulesets; {len(differing_paths(rulesets))} rules differ.")
    console.print(edge_line(rulesets))


def edge_line(rulesets: list[Ruleset]) -> str:
    """One line with each ruleset's exact house edge (one seat, best play, its own shoe)."""
    from pontoon_rules.ruleset.resolving.features import refused_names

    parts = [f"{terminal_safe(r.id)} refused ({', '.join(refused)})"
             if (refused := refused_names(r, "edge"))
             else f"{terminal_safe(r.id)} {_edge_words(r)}" for r in rulesets]
    return ("House edge, one seat under best play (deck: each ruleset's own shoe; banker: a "
            "banker by choice stands on its ruleset's stand_on; method: exact, "
            "composition-dependent, as `pontoon-rules edge ID` names it): " + ", ".join(parts))


def _edge_words(ruleset: Ruleset) -> str:
    """A ruleset's edge, with the stake it is valued at where a named hand depends on it
    (`analysis.upcards.stake_words`, as `edge` says it)."""
    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.analysis.upcards import stake_words, valued_stake
    from pontoon_rules.engine.round.rules import compile_rules

    rules = compile_rules(ruleset)
    return (f"{edge_of(rules):+.2f}%"
            f"{stake_words(valued_stake(rules), ruleset.stakes.money)}")
