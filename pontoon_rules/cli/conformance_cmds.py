"""CLI group `conformance`: export and check a vector suite, run an implementation, fuzz it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from pontoon_rules.conformance import ConformanceError


@click.group("conformance")
def conformance_cmd() -> None:
    """Conformance vectors, and a runner that judges any implementation by them."""


@conformance_cmd.command("export")
@click.argument("rulesets", nargs=-1)
@click.option("-o", "--output", "out", required=True, type=click.Path(file_okay=False),
              help="Folder to write (one sub-folder per ruleset).")
def export_cmd(rulesets: tuple[str, ...], out: str) -> None:
    """Write the vectors of RULESETS (ids or files; default: every bundled one)."""
    from pontoon_rules.conformance.export import export

    report = export(list(rulesets), Path(out))
    for rid, count in report.written.items():
        click.echo(f"{rid}: {count} vectors")
    for note in report.notes:
        click.echo(f"note: {note}", err=True)
    if report.removed:
        click.echo(f"removed {len(report.removed)} stale vector files", err=True)


@conformance_cmd.command("check")
@click.argument("folder", type=click.Path(exists=True))
def check_cmd(folder: str) -> None:
    """Check a suite: schema, ids, hashes, cards, money, and the reference engine."""
    from pontoon_rules.conformance.check import check_suite

    count, problems = check_suite(Path(folder))
    for problem in problems:
        click.echo(problem, err=True)
    click.echo(f"{count} vectors, {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    if problems:
        raise ConformanceError(f"the suite in {folder} has {len(problems)} problems")


@conformance_cmd.command("run")
@click.argument("folder", required=False, type=click.Path(exists=True))
@click.option("--impl", "command", required=True, help="Command that starts the harness.")
@click.option("--one-shot", is_flag=True, help="One process per vector (vector on stdin).")
@click.option("--timeout", type=float, default=2.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Harnesses in parallel.")
@click.option("--run", "run_globs", multiple=True, help="Only vectors whose slug/id matches.")
@click.option("--skip", "skip_globs", multiple=True, help="Leave out matching vectors.")
@click.option("--baseline", type=click.Path(exists=True, dir_okay=False),
              help="A previous --json report: show only new failures and fixes.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write a JSON report.")
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first vector not passing.")
def run_cmd(folder: str | None, command: str, one_shot: bool, timeout: float, jobs: int,
            run_globs: tuple[str, ...], skip_globs: tuple[str, ...], baseline: str | None,
            json_out: str | None, exitfirst: bool) -> None:
    """Run the vectors in FOLDER (default: the built-in suite) through --impl.

    Exit status 0 only when every `must` vector passed (with --baseline: when none
    newly failed).
    """
    from rich.console import Console

    from pontoon_rules.conformance import report as reporting
    from pontoon_rules.conformance.runner import RunOptions, run_vectors, select

    vectors = select(_vectors(folder), list(run_globs), list(skip_globs))
    options = RunOptions(command, one_shot=one_shot, timeout=timeout, jobs=jobs,
                         fail_fast=exitfirst)
    result = run_vectors(vectors, options)
    console = Console()
    known = reporting.load_baseline(Path(baseline)) if baseline else None
    shown = None
    if known is not None:
        new, fixed = reporting.against_baseline(result.outcomes, known)
        console.print(f"against the baseline: {len(new)} new failures, {len(fixed)} fixed")
        shown = new + fixed
    reporting.print_report(result, console, shown)
    if json_out:
        reporting.write_json(result, Path(json_out))
    if not reporting.passed(result.outcomes, known):
        what = "newly failed" if known is not None else "did not pass"
        raise ConformanceError(f"required (must) vectors {what}, or none passed")


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


@conformance_cmd.command("fuzz")
@click.argument("ruleset")
@click.option("--impl", "command", required=True, help="Command that starts the harness.")
@click.option("--rounds", type=int, default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--timeout", type=float, default=2.0, show_default=True)
@click.option("--save", type=click.Path(dir_okay=False), help="Write the shrunk vector here.")
def fuzz_cmd(ruleset: str, command: str, rounds: int, seed: int, timeout: float,
             save: str | None) -> None:
    """Random rounds of RULESET through the engine and --impl; shrink the first divergence."""
    from pontoon_rules.conformance.export import resolve
    from pontoon_rules.conformance.fuzz import fuzz
    from pontoon_rules.conformance.runner import RunOptions

    (rules, embed), = resolve([ruleset])
    result = fuzz(rules, embed, RunOptions(command, timeout=timeout, window=1), rounds, seed)
    if result.divergence is None:
        click.echo(f"{result.rounds} rounds, no divergence")
        return
    assert result.original is not None and result.shrunk is not None
    click.echo(f"round {result.rounds - 1} diverges: {result.divergence.status}: "
               f"{result.divergence.message}")
    shrunk = result.shrunk_outcome.message if result.shrunk_outcome else ""
    click.echo(f"shrunk ({result.calls} runs) from {_size(result.original)} to "
               f"{_size(result.shrunk)}: {shrunk}")
    click.echo(json.dumps({"stakes": result.shrunk["stakes"], "shoe": result.shrunk["shoe"],
                           "steps": [s for s in result.shrunk["steps"] if "expect" not in s]},
                          ensure_ascii=False))
    if save:
        from pontoon_rules.conformance.build import dump
        from pontoon_rules.files import write_atomic

        write_atomic(Path(save), dump(result.shrunk))
        click.echo(f"wrote {save}")
    raise ConformanceError(f"{ruleset}: the implementation diverges from the reference engine")


def _size(vector: dict[str, Any]) -> str:
    actions = sum(1 for s in vector["steps"] if "expect" not in s)
    return f"{len(vector['stakes'])} seats, {len(vector['shoe'])} cards + {actions} actions"


@conformance_cmd.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of a vector file."""
    from pontoon_rules.conformance.model import schema_text

    click.echo(schema_text(), nl=False)
