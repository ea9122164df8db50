"""CLI commands `conformance id` and `conformance smoke` (on the `conformance` group)."""

from __future__ import annotations

from pathlib import Path

import click

from pontoon_rules.cli.conformance_cmds import SECONDS, conformance_cmd, note, say
from pontoon_rules.conformance import ConformanceError, InvalidVectorsError


@conformance_cmd.command("id")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--fix", is_flag=True,
              help="Write the id the content gives into each file (naming the old one in "
                   "`reimplements`) and list the file under `added` in its folder's manifest.")
def id_cmd(files: tuple[str, ...], fix: bool) -> None:
    """Print the id each vector FILE's content gives (with --fix, write it).

    A hand-written vector may leave `id` out or empty. Exit status 0 when every id
    matches (or was fixed), 1 when one does not, 2 when a file is not a vector.
    """
    from pontoon_rules.conformance.vectors.check import vector_problems
    from pontoon_rules.conformance.vectors.vectorid import fix as fix_id
    from pontoon_rules.conformance.vectors.vectorid import identify

    wrong = invalid = 0
    for name in files:
        result = identify(Path(name))
        if result.computed is None:
            invalid += 1
            for problem in result.problems:
                note(f"{name}: {problem}")
            continue
        if fix:
            result = fix_id(result)
        say(_line(name, result))
        if result.manifest:
            say(f"  {result.manifest}")
        if not result.matches and not result.fixed:
            wrong += 1
        elif result.data is not None:
            for problem in vector_problems(result.data):
                note(f"{name}: {problem}")
    if invalid:
        raise InvalidVectorsError(f"{invalid} of {len(files)} files are not vectors")
    if wrong:
        raise ConformanceError(f"{wrong} of {len(files)} ids do not match their content; "
                               "--fix writes them")


def _line(name: str, result: object) -> str:
    from pontoon_rules.conformance.vectors.vectorid import IdResult

    assert isinstance(result, IdResult)
    if result.fixed:
        old = f" (reimplements {result.data.get('reimplements')})" if result.data and \
            result.data.get("reimplements") else ""
        return f"{name}: wrote id {result.computed}{old}"
    if result.matches:
        return f"{name}: {result.computed} (matches)"
    given = result.given or "none"
    return f"{name}: {result.computed} (the file says {given}; --fix writes it)"


@conformance_cmd.command("smoke")
@click.argument("rulesets", nargs=-1)
@click.option("--impl", "command", required=True, help="Command that starts the harness.")
@click.option("--one-shot", is_flag=True, help="One process per vector (vector on stdin).")
@click.option("--timeout", type=SECONDS, default=5.0, show_default=True,
              help="Seconds to wait for each reply.")
def smoke_cmd(rulesets: tuple[str, ...], command: str, one_shot: bool, timeout: float) -> None:
    """Does the harness speak the protocol? One round per ruleset it lists, or per RULESET
    (ids or files: a harness that plays your own ruleset file needs it named here).

    Protocol problems (start reply, schema, crash, timeout) are reported apart from rule
    differences. Exit status 0 when the harness speaks the protocol and played a round
    (rule differences are `conformance run`'s business), 1 otherwise.
    """
    from pontoon_rules.conformance.running.smoke import smoke

    report = smoke(command, timeout, one_shot, rulesets=list(rulesets))
    meta = report.meta
    if meta:
        listed = ", ".join(str(r) for r in meta.get("rulesets") or []) or "none"
        extensions = ", ".join(str(w) for w in meta.get("extensions") or [])
        say(f"harness: {meta.get('name')} {meta.get('version') or ''}".rstrip()
            + f"; lists {listed}" + (f"; extensions {extensions}" if extensions else ""))
    for rid, outcome in report.rounds:
        if outcome.status == "pass":
            say(f"{rid}: protocol ok, rules ok")
        elif outcome.status == "fail":
            say(f"{rid}: protocol ok, rules differ: {outcome.message}")
        elif outcome.status in ("skipped", "error"):
            say(f"{rid}: protocol ok, not played ({outcome.status}): {outcome.message}")
    for rid in report.unknown:
        say(f"{rid}: not a bundled ruleset: name its file to play a round of it "
            "(`conformance smoke --impl CMD FILE`)")
    problems = report.protocol_problems
    for problem in problems:
        say(f"protocol problem: {problem}")
    say(f"{len(report.rounds)} rounds: {len(problems)} protocol problems, "
        f"{len(report.differences)} rule differences")
    if not report.ok:
        raise ConformanceError("the harness does not speak the protocol" if problems
                               else "the harness played no round" + (
                                   ": give the file of the ruleset it lists"
                                   if report.unknown else ""))
