"""CLI commands that compare rulesets: `diff` and `examples`."""

from __future__ import annotations

import click

from pontoon_rules.text import json_text


@click.command("diff")
@click.argument("rulesets", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "md", "json"]), default="text",
              show_default=True, help="text for the terminal, md for Markdown, json for records.")
@click.option("--all", "show_all", is_flag=True, help="Also list the rules that are the same.")
def diff_cmd(rulesets: tuple[str, ...], fmt: str, show_all: bool) -> None:
    """Show every rule that differs between RULESETS (two or more), with provenance."""
    from pontoon_rules.compare.diff import column_names, diff_rulesets
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    if len(rulesets) < 2:
        raise click.UsageError("give at least two rulesets to compare")
    loaded = [load_ruleset(r) for r in rulesets]
    diffs = diff_rulesets(loaded, include_equal=show_all)
    names = column_names(loaded)
    if fmt == "json":
        click.echo(json_text([d.to_json() for d in diffs]))
    elif fmt == "md":
        from pontoon_rules.compare.render import diff_markdown

        click.echo(diff_markdown(diffs, names))
    else:
        from pontoon_rules.compare.render import diff_text

        diff_text(diffs, names)


@click.command("examples")
@click.argument("first")
@click.argument("second")
@click.option("--json", "as_json", is_flag=True, help="Print the records as JSON.")
@click.option("--field", "field", default=None, help="Only this field (a dotted path).")
@click.option("--impact", "impact", is_flag=True,
              help="Add each example field's house-edge change (exact analysis; slower).")
def examples_cmd(first: str, second: str, as_json: bool, field: str | None,
                 impact: bool) -> None:
    """Worked example rounds for each rule that differs between FIRST and SECOND."""
    from pontoon_rules.compare.impact import impact_line
    from pontoon_rules.compare.search import compare_rulesets
    from pontoon_rules.ruleset.format.fields import leaf_paths
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    if field is not None and field not in leaf_paths():
        raise click.BadParameter(f"{field!r} is not a ruleset field (e.g. settlement.ties)",
                                 param_hint="--field")
    a, b = load_ruleset(first), load_ruleset(second)
    if a.id == b.id:
        raise click.UsageError(f"both rulesets are called {a.id!r}; give two different ones")
    from pontoon_rules.cli.progress import still_running

    with still_running(f"comparing {a.id} and {b.id}"):
        comparison = compare_rulesets(a, b, fields=[field] if field else None)
        impacts = ({e.field.path: impact_line(a, b, e.field.path) for e in comparison.examples}
                   if impact else {})
    if as_json:
        data = comparison.to_json()
        for record in data["examples"] + data["reasons"]:
            record["impact"] = impacts.get(record["field"])
        click.echo(json_text(data))
        return
    if field is not None and not comparison.records:
        click.echo(f"{a.id} and {b.id} agree on {field}.")
        return
    from pontoon_rules.compare.render import print_comparison

    print_comparison(comparison, impacts)
