"""CLI group `conformance`: export and check a vector suite, run an implementation, fuzz it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import click

from pontoon_rules.cli.progress import still_running
from pontoon_rules.conformance import ConformanceError
from pontoon_rules.conformance.running.processes import MAX_REPLY_MB
from pontoon_rules.conformance.running.selection import skipped_note
from pontoon_rules.text import terminal_safe


@click.group("conformance")
def conformance_cmd() -> None:
    """Conformance vectors, and a runner that judges any implementation by them."""


class Seconds(click.ParamType):  # type: ignore[type-arg]
    """A number of seconds: finite, above zero, at most a day."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{terminal_safe(value)!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or not 0 < seconds <= 86400:
            self.fail(f"{terminal_safe(value)}: expected a number of seconds above 0 and at "
                      "most 86400", param, ctx)
        return seconds


SECONDS = Seconds()


def say(text: object) -> None:
    """A line on stdout, its untrusted text (names, slugs, a harness's words) made visible."""
    click.echo(terminal_safe(text, multiline=True))


def note(text: object) -> None:
    """A line on stderr, made visible."""
    click.echo(terminal_safe(text, multiline=True), err=True)


def _step(label: str) -> Any:
    def show(rid: str, n: int, count: int) -> None:
        note(f"{label} {rid} ({n}/{count})…")
    return show


@conformance_cmd.command("export")
@click.argument("rulesets", nargs=-1)
@click.option("-o", "--output", "out", required=True, type=click.Path(file_okay=False),
              help="Folder to write (one sub-folder per ruleset).")
def export_cmd(rulesets: tuple[str, ...], out: str) -> None:
    """Write the vectors of RULESETS (ids or files; default: every bundled one).

    A ruleset file also gets the worked examples that tell it apart from the ruleset it
    extends, the other rulesets' worked examples that apply to it, and steered rounds
    until every action, hand class and payout path appears. Each folder's manifest is
    written last; files the export did not write, and vectors someone changed since it
    wrote them, are never replaced or removed.
    """
    from pontoon_rules.conformance.vectors.export import export

    report = export(list(rulesets), Path(out), progress=_step("exporting"))
    for rid, count in report.written.items():
        say(f"{rid}: {count} vectors")
    for line in report.notes:
        note(f"note: {line}")
    if report.removed:
        note(f"removed {len(report.removed)} stale vector files")
    if report.kept:
        note(f"kept {len(report.kept)} vector files someone changed or added since the "
             f"export wrote them (not replaced, not removed), e.g. {report.kept[0]}; delete "
             "one to get the export's version back")
    if report.foreign:
        note(f"left {len(report.foreign)} files the export did not write, e.g. "
             f"{report.foreign[0]}")


@conformance_cmd.command("check")
@click.argument("folder", type=click.Path(exists=True))
@click.option("--partial", is_flag=True,
              help="A hand-picked subset: do not require the export's manifests.")
def check_cmd(folder: str, partial: bool) -> None:
    """Check a suite: complete export, schema, ids, hashes, cards, money, the reference engine."""
    from pontoon_rules.conformance.vectors.check import check_suite

    count, problems = check_suite(Path(folder), partial)
    for problem in problems:
        note(problem)
    say(f"{count} vectors, {_count(len(problems), 'problem')}")
    if problems:
        raise ConformanceError(f"the suite in {folder} has {_count(len(problems), 'problem')}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


@conformance_cmd.command("run")
@click.argument("folders", nargs=-1, type=click.Path(exists=True))
@click.option("--impl", "commands", required=True, multiple=True,
              help="Command that starts the harness; twice or more to compare implementations "
                   "side by side.")
@click.option("--one-shot", is_flag=True, help="One process per vector (vector on stdin).")
@click.option("--timeout", type=SECONDS, default=2.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Harnesses in parallel.")
@click.option("--run", "run_globs", multiple=True, help="Only vectors whose slug/id matches.")
@click.option("--skip", "skip_globs", multiple=True, help="Leave out matching vectors.")
@click.option("--baseline", type=click.Path(exists=True, dir_okay=False),
              help="A previous --json report: show only new failures and fixes (vectors are "
                   "matched by id, or by the id they reimplement).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write a JSON report (its folder is created; written atomically).")
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first vector not passing.")
@click.option("--strict", is_flag=True,
              help="Validate every reply against the published schemas (`schema --replies`), "
                   "unknown fields and undeclared action words included.")
@click.option("--max-reply", type=click.FloatRange(min=0.001, max=4096), default=MAX_REPLY_MB,
              show_default=True, help="MB one reply may take; more is a protocol error.")
def run_cmd(folders: tuple[str, ...], commands: tuple[str, ...], one_shot: bool,
            timeout: float, jobs: int, run_globs: tuple[str, ...], skip_globs: tuple[str, ...],
            baseline: str | None, json_out: str | None, exitfirst: bool, strict: bool,
            max_reply: float) -> None:
    """Run the vectors in FOLDERS (default: the built-in suite) through --impl.

    A vector `conformance check` would refuse is never played: the run stops before it
    starts (exit status 2). Without a folder, the built-in suite is generated only for
    the bundled rulesets the harness lists. Exit status 0 only when every `must` vector
    passed (with --baseline: when none newly failed) and nothing crashed, timed out or
    broke the protocol, for every implementation.
    """
    from rich.console import Console

    from pontoon_rules.conformance.running import report as reporting
    from pontoon_rules.conformance.running.runner import RunOptions, run_vectors, select

    known = reporting.load_baseline(Path(baseline)) if baseline else None
    chosen, listed = _chosen(folders, commands, one_shot, timeout, list(run_globs))
    vectors = select(chosen, list(run_globs), list(skip_globs))
    if not vectors:
        raise ConformanceError("no vectors to run (check FOLDERS, --run and --skip)")
    console = Console(highlight=False)
    results, ok = [], True
    for command in commands:
        options = RunOptions(command, one_shot=one_shot, timeout=timeout, jobs=jobs,
                             fail_fast=exitfirst, strict=strict,
                             max_bytes=int(max_reply * (1 << 20)))
        counter = _Counter(len(vectors))
        with still_running(counter.label):
            result = run_vectors(vectors, options, counter)
        results.append(result)
        if len(commands) > 1:
            console.print(f"== {terminal_safe(command)}", markup=False, soft_wrap=True)
        ok = _print_one(result, console, known) and ok
        listed_now = result.implementation.get("rulesets") or sorted(listed)
        skipped = skipped_note(result.outcomes, [str(r) for r in listed_now])
        if skipped:
            note(skipped)
    report_data = reporting.json_report(results[0])
    if len(commands) > 1:
        from pontoon_rules.conformance.running.sidebyside import compare_runs, print_side_by_side

        table = compare_runs(list(commands), results)
        print_side_by_side(table, console)
        report_data = {"implementations": [reporting.json_report(r) for r in results],
                       "commands": list(commands), "side_by_side": table.to_json()}
    if json_out:
        reporting.write_report(report_data, Path(json_out))
    if not ok:
        what = "newly failed" if known is not None else "did not pass"
        raise ConformanceError(f"required (must) vectors {what}, a vector broke the harness, "
                               "or none passed")


class _Counter:
    """Counts outcomes for the progress line."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.bad = 0

    def __call__(self, outcome: Any) -> None:
        self.done += 1
        self.bad += outcome.status not in ("pass", "skipped")

    def label(self) -> str:
        bad = f", {self.bad} not passing" if self.bad else ""
        return f"run: {self.done}/{self.total} vectors{bad}"


def _chosen(folders: tuple[str, ...], commands: tuple[str, ...], one_shot: bool, timeout: float,
            globs: list[str]) -> tuple[list[dict[str, Any]], set[str]]:
    """The vectors to run, and the rulesets the harnesses list (without folders)."""
    from pontoon_rules.conformance.running.selection import (
        builtin_vectors,
        listed_rulesets,
        load_vectors,
    )

    if folders:
        return load_vectors([Path(f) for f in folders]), set()
    listed: set[str] = set()
    for command in commands:
        listed |= listed_rulesets(command, one_shot, timeout)[0]
    built = builtin_vectors(listed, globs, _step("generating the built-in suite of"))
    if built.unlisted:
        note(f"the built-in suite of {_count(len(built.unlisted), 'bundled ruleset')} was "
             f"not generated: the harness does not list {', '.join(built.unlisted)}; it lists: "
             f"{', '.join(sorted(listed)) or 'nothing'}")
    if not built.generated:
        raise ConformanceError("the harness lists no bundled ruleset (it lists: "
                               f"{', '.join(sorted(listed)) or 'nothing'}): nothing to run; "
                               "export your own ruleset's vectors and run those")
    return built.vectors, listed


def _print_one(result: Any, console: Any, known: dict[str, str] | None) -> bool:
    from pontoon_rules.conformance.running import report as reporting

    shown = None
    if known is not None:
        new, fixed = reporting.against_baseline(result.outcomes, known)
        console.print(f"against the baseline: {len(new)} new failures, {len(fixed)} fixed")
        shown = new + fixed
    reporting.print_report(result, console, shown)
    return not result.harness and reporting.passed(result.outcomes, known)


@conformance_cmd.command("schema")
@click.option("--replies", is_flag=True,
              help="The schemas of the protocol messages (start reply, trace, skipped, errored).")
def schema_cmd(replies: bool) -> None:
    """Print the JSON Schema of a vector file (or, with --replies, of the protocol)."""
    if replies:
        from pontoon_rules.conformance.running.replies import replies_text

        click.echo(replies_text(), nl=False)
        return
    from pontoon_rules.conformance.vectors.model import schema_text

    click.echo(schema_text(), nl=False)


from pontoon_rules.cli import (  # noqa: E402  (registers fuzz, new-harness, id, smoke, deal)
    conformance_deal_cmds,
    conformance_fuzz_cmds,
    conformance_tool_cmds,
)

__all__ = ["conformance_cmd", "conformance_deal_cmds", "conformance_fuzz_cmds",
           "conformance_tool_cmds"]
