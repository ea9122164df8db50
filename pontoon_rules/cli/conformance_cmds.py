"""CLI group `conformance`: export and check a vector suite, run an implementation, fuzz it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from pontoon_rules.conformance import ConformanceError
from pontoon_rules.conformance.processes import MAX_REPLY_MB


@click.group("conformance")
def conformance_cmd() -> None:
    """Conformance vectors, and a runner that judges any implementation by them."""


@conformance_cmd.command("export")
@click.argument("rulesets", nargs=-1)
@click.option("-o", "--output", "out", required=True, type=click.Path(file_okay=False),
              help="Folder to write (one sub-folder per ruleset).")
def export_cmd(rulesets: tuple[str, ...], out: str) -> None:
    """Write the vectors of RULESETS (ids or files; default: every bundled one).

    A ruleset file also gets the worked examples that tell it apart from the ruleset it
    extends, the other rulesets' worked examples that apply to it, and steered rounds
    until every action, hand class and payout path appears. Each folder's manifest is
    written last; files the export did not write are never removed.
    """
    from pontoon_rules.conformance.export import export

    report = export(list(rulesets), Path(out))
    for rid, count in report.written.items():
        click.echo(f"{rid}: {count} vectors")
    for note in report.notes:
        click.echo(f"note: {note}", err=True)
    if report.removed:
        click.echo(f"removed {len(report.removed)} stale vector files", err=True)
    if report.foreign:
        click.echo(f"left {len(report.foreign)} files the export did not write, e.g. "
                   f"{report.foreign[0]}", err=True)


@conformance_cmd.command("check")
@click.argument("folder", type=click.Path(exists=True))
@click.option("--partial", is_flag=True,
              help="A hand-picked subset: do not require the export's manifests.")
def check_cmd(folder: str, partial: bool) -> None:
    """Check a suite: complete export, schema, ids, hashes, cards, money, the reference engine."""
    from pontoon_rules.conformance.check import check_suite

    count, problems = check_suite(Path(folder), partial)
    for problem in problems:
        click.echo(problem, err=True)
    click.echo(f"{count} vectors, {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    if problems:
        raise ConformanceError(f"the suite in {folder} has {len(problems)} problems")


@conformance_cmd.command("run")
@click.argument("folder", required=False, type=click.Path(exists=True))
@click.option("--impl", "commands", required=True, multiple=True,
              help="Command that starts the harness; twice or more to compare implementations "
                   "side by side.")
@click.option("--one-shot", is_flag=True, help="One process per vector (vector on stdin).")
@click.option("--timeout", type=float, default=2.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Harnesses in parallel.")
@click.option("--run", "run_globs", multiple=True, help="Only vectors whose slug/id matches.")
@click.option("--skip", "skip_globs", multiple=True, help="Leave out matching vectors.")
@click.option("--baseline", type=click.Path(exists=True, dir_okay=False),
              help="A previous --json report: show only new failures and fixes (vectors are "
                   "matched by id, or by the id they reimplement).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write a JSON report (its folder is created; written atomically).")
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first vector not passing.")
@click.option("--strict", is_flag=True,
              help="Validate every reply against the published schemas (`schema --replies`).")
@click.option("--max-reply", type=click.FloatRange(min=0.001), default=MAX_REPLY_MB,
              show_default=True, help="MB one reply may take; more is a protocol error.")
def run_cmd(folder: str | None, commands: tuple[str, ...], one_shot: bool, timeout: float,
            jobs: int, run_globs: tuple[str, ...], skip_globs: tuple[str, ...],
            baseline: str | None, json_out: str | None, exitfirst: bool, strict: bool,
            max_reply: float) -> None:
    """Run the vectors in FOLDER (default: the built-in suite) through --impl.

    Exit status 0 only when every `must` vector passed (with --baseline: when none
    newly failed) for every implementation.
    """
    from rich.console import Console

    from pontoon_rules.conformance import report as reporting
    from pontoon_rules.conformance.runner import RunOptions, run_vectors, select

    vectors = select(_vectors(folder), list(run_globs), list(skip_globs))
    if not vectors:
        raise ConformanceError("no vectors to run (check FOLDER, --run and --skip)")
    console = Console()
    known = reporting.load_baseline(Path(baseline)) if baseline else None
    results, ok = [], True
    for command in commands:
        options = RunOptions(command, one_shot=one_shot, timeout=timeout, jobs=jobs,
                             fail_fast=exitfirst, strict=strict,
                             max_bytes=int(max_reply * (1 << 20)))
        result = run_vectors(vectors, options)
        results.append(result)
        if len(commands) > 1:
            console.print(f"== {command}", markup=False, highlight=False, soft_wrap=True)
        ok = _print_one(result, console, known) and ok
    report_data = reporting.json_report(results[0])
    if len(commands) > 1:
        from pontoon_rules.conformance.sidebyside import compare_runs, print_side_by_side

        table = compare_runs(list(commands), results)
        print_side_by_side(table, console)
        report_data = {"implementations": [reporting.json_report(r) for r in results],
                       "commands": list(commands), "side_by_side": table.to_json()}
    if json_out:
        reporting.write_report(report_data, Path(json_out))
    if not ok:
        what = "newly failed" if known is not None else "did not pass"
        raise ConformanceError(f"required (must) vectors {what}, or none passed")


def _print_one(result: Any, console: Any, known: dict[str, str] | None) -> bool:
    from pontoon_rules.conformance import report as reporting

    shown = None
    if known is not None:
        new, fixed = reporting.against_baseline(result.outcomes, known)
        console.print(f"against the baseline: {len(new)} new failures, {len(fixed)} fixed")
        shown = new + fixed
    reporting.print_report(result, console, shown)
    return not result.harness and reporting.passed(result.outcomes, known)


def _vectors(folder: str | None) -> list[dict[str, Any]]:
    from pontoon_rules.conformance.export import load_suite, resolve, suite_vectors

    if folder is None:
        notes: list[str] = []
        return [v for rules, embed in resolve([]) for v in suite_vectors(rules, embed, notes)]
    out = []
    for path, data in load_suite(Path(folder)):
        if isinstance(data, str):
            raise click.ClickException(f"{path}: {data}")
        out.append(data)
    return out


@conformance_cmd.command("schema")
@click.option("--replies", is_flag=True,
              help="The schemas of the protocol messages (start reply, trace, skipped, errored).")
def schema_cmd(replies: bool) -> None:
    """Print the JSON Schema of a vector file (or, with --replies, of the protocol)."""
    if replies:
        from pontoon_rules.conformance.replies import replies_text

        click.echo(replies_text(), nl=False)
        return
    from pontoon_rules.conformance.model import schema_text

    click.echo(schema_text(), nl=False)


from pontoon_rules.cli import conformance_fuzz_cmds  # noqa: E402  (registers fuzz, new-harness)

__all__ = ["conformance_cmd", "conformance_fuzz_cmds"]
