"""CLI commands `conformance fuzz` and `conformance new-harness` (on the `conformance` group)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from pontoon_rules.cli.checks import SEED
from pontoon_rules.cli.conformance_cmds import SECONDS, conformance_cmd, say
from pontoon_rules.conformance import ConformanceError
from pontoon_rules.conformance.fuzzing.shrink import MAX_SHRINK_CALLS
from pontoon_rules.conformance.running.processes import MAX_REPLY_MB


@conformance_cmd.command("fuzz")
@click.argument("ruleset")
@click.option("--impl", "command", required=True, help="Command that starts the harness.")
@click.option("--rounds", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--timeout", type=SECONDS, default=2.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--skip", "skip_globs", multiple=True,
              help="Leave out rounds with a matching feature tag (e.g. 'did:split').")
@click.option("--baseline", type=click.Path(exists=True, dir_okay=False),
              help="A previous fuzz --json report: its difference groups are known.")
@click.option("--keep-going", is_flag=True,
              help="Go on after a `must` difference; report every group of differences.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write a JSON report (folder created, written atomically).")
@click.option("--save", type=click.Path(dir_okay=False),
              help="Write the first shrunk vector here.")
@click.option("--max-reply", type=click.FloatRange(min=0.001), default=MAX_REPLY_MB,
              show_default=True, help="MB one reply may take.")
@click.option("--shrink-budget", type=click.IntRange(min=0), default=MAX_SHRINK_CALLS,
              show_default=True, help="Most runs spent shrinking each kind of difference.")
def fuzz_cmd(ruleset: str, command: str, rounds: int, seed: int, timeout: float,
             skip_globs: tuple[str, ...], baseline: str | None, keep_going: bool,
             json_out: str | None, save: str | None, max_reply: float,
             shrink_budget: int) -> None:
    """Random rounds of RULESET through the engine and --impl; group and shrink differences.

    Seats and stakes are drawn from the whole range the ruleset allows (the first line
    says which). Exit status 0 only when rounds were sent and checked and no `must`
    difference (outside the baseline) was found; `may`/`should` differences are reported
    only.
    """
    from pontoon_rules.conformance.fuzzing.fuzz import FuzzOptions, fuzz
    from pontoon_rules.conformance.running.runner import RunOptions
    from pontoon_rules.conformance.vectors.export import resolve
    from pontoon_rules.conformance.vectors.generate import stake_range

    (rules, embed), = resolve([ruleset])
    low, high = stake_range(rules)
    cap = "" if rules.max_stake is not None else " (no maximum: drawn up to it)"
    say(f"fuzz {rules.ruleset.id} (seed {seed}, --rounds {rounds}): seats 1 to "
        f"{rules.max_players}, stakes {low} to {high}{cap}")
    from pontoon_rules.cli.progress import still_running

    done = ["starting the harness"]
    options = FuzzOptions(rounds, seed, list(skip_globs), keep_going, _baseline(baseline),
                          shrink_budget, progress=lambda text: done.__setitem__(0, text))
    run_options = RunOptions(command, timeout=timeout, max_bytes=int(max_reply * (1 << 20)))
    with still_running(lambda: f"fuzz {rules.ruleset.id}: {done[0]}"):
        result = fuzz(rules, embed, run_options, rounds, seed, options)
    _print(result)
    if json_out:
        from pontoon_rules.conformance.running.report import write_report

        write_report(result.to_json(rules.ruleset.id, seed), Path(json_out))
    if save and result.groups and result.groups[0].shrunk is not None:
        from pontoon_rules.conformance.vectors.build import dump
        from pontoon_rules.files import write_atomic

        failing = next((g for g in result.groups if g.failing), result.groups[0])
        assert failing.shrunk is not None
        write_atomic(save, dump(failing.shrunk))
        say(f"wrote {save}")
    if result.problem:
        raise ConformanceError(f"{ruleset}: {result.problem}")
    if not result.passed:
        raise ConformanceError(f"{ruleset}: the implementation diverges from the reference "
                               "engine on a `must` rule")


def _baseline(path: str | None) -> set[str]:
    if path is None:
        return set()
    from pontoon_rules.conformance.fuzzing.fuzz import load_fuzz_baseline

    try:
        return load_fuzz_baseline(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError) as e:
        raise ConformanceError(f"{path}: {e}") from e


def _print(result: Any) -> None:
    skipped = result.skipped_by_us + result.skipped_by_harness
    extra = f", {skipped} skipped" if skipped else ""
    if not result.groups and not result.problem:
        say(f"{result.rounds} rounds, no divergence ({result.sent} sent{extra})")
        return
    say(f"{result.rounds} rounds ({result.sent} sent{extra}), "
        f"{len(result.groups)} kind{'s' if len(result.groups) != 1 else ''} of difference")
    for group in result.groups:
        _print_group(group)
    if result.problem:
        say(f"problem: {result.problem}")


def _print_group(group: Any) -> None:
    known = " (known: in the baseline)" if group.known else ""
    rounds = ", ".join(str(n) for n in group.rounds[:8]) + (" …" if len(group.rounds) > 8 else "")
    say(f"{group.level} {group.key}: {len(group.rounds)} round"
        f"{'s' if len(group.rounds) != 1 else ''} ({rounds}){known}")
    say(f"  first: round {group.rounds[0]} diverges: {group.first.status}: "
        f"{_indented(group.first.message)}")
    if group.shrunk is not None:
        shown = group.shrunk_outcome.message if group.shrunk_outcome else ""
        say(f"  shrunk from {_size(group.original)} to {_size(group.shrunk)}: "
            f"{_indented(shown)}")
        for line in example_lines(group.shrunk):
            say(f"    {line}")


def _indented(message: str) -> str:
    return message.replace("\n", "\n    ")


def example_lines(vector: dict[str, Any]) -> list[str]:
    """The shrunk round, every step numbered as the paths of the differences count them."""
    out = [f"stakes {json.dumps(vector['stakes'])}, shoe {json.dumps(vector['shoe'])}"]
    for i, step in enumerate(vector["steps"]):
        kind, body = next(iter(step.items()))
        if kind == "expect":
            out.append(f"steps[{i}] expect (a checkpoint: actor, legal, hands)")
            continue
        amount = f" {json.dumps(body['amount'])}" if body.get("amount") is not None else ""
        out.append(f"steps[{i}] {kind} {body['actor']} {body['action']}{amount}")
    return out


def _size(vector: dict[str, Any]) -> str:
    actions = sum(1 for s in vector["steps"] if "expect" not in s)
    return f"{len(vector['stakes'])} seats, {len(vector['shoe'])} cards + {actions} actions"


@conformance_cmd.command("new-harness")
@click.option("--lang", type=click.Choice(["python", "node"]), required=True,
              help="The harness's language.")
@click.option("-o", "--output", "out", required=True, type=click.Path(file_okay=False),
              help="Folder to write the skeleton into (created; existing files are kept).")
@click.option("--ruleset", "rulesets", multiple=True,
              help="Ruleset ids the harness will list (default: '*').")
def new_harness_cmd(lang: str, out: str, rulesets: tuple[str, ...]) -> None:
    """Write a runnable harness skeleton that answers `start` and skips every vector.

    It prints the commands that export vectors and run the harness on them, with the
    interpreter of this environment (or a placeholder that says what to put there).
    """
    from pontoon_rules.conformance.running.skeleton import next_steps, write_skeleton

    written = write_skeleton(lang, Path(out), list(rulesets) or ["*"])
    for path in written:
        say(f"wrote {path}")
    say("next:")
    for line in next_steps(lang, written[0], list(rulesets)):
        say(f"  {line}")
