"""CLI command `conformance deal` (on the `conformance` group): the implementation deals."""

from __future__ import annotations

from pathlib import Path

import click

from pontoon_rules.cli.conformance_cmds import SECONDS, conformance_cmd, say
from pontoon_rules.conformance import ConformanceError
from pontoon_rules.conformance.running.processes import MAX_REPLY_MB


@conformance_cmd.command("deal")
@click.argument("ruleset")
@click.option("--impl", "command", required=True, help="Command that starts the harness.")
@click.option("--rounds", type=click.IntRange(min=1), default=400, show_default=True)
@click.option("--timeout", type=SECONDS, default=2.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write a JSON report (folder created, written atomically).")
@click.option("--max-reply", type=click.FloatRange(min=0.001), default=MAX_REPLY_MB,
              show_default=True, help="MB one reply may take.")
def deal_cmd(ruleset: str, command: str, rounds: int, timeout: float, json_out: str | None,
             max_reply: float) -> None:
    """Rounds of RULESET where --impl deals from its own shuffled pack; check its cards.

    Each round is a full table where every seat twists while it may; the harness reports
    every card it dealt (`dealt`, its start reply says "deals": true). No card more often
    than the packs hold, none while still on the table, the count dealt, every step and
    the settlement replayed, and over the rounds the first pass of the deal against the
    packs (chi-square, false-alarm rate 1e-6). Exit status 0 only when all hold.
    """
    from pontoon_rules.conformance.running.dealing import ALPHA, deal_rounds, dealing_item
    from pontoon_rules.conformance.running.runner import RunOptions
    from pontoon_rules.conformance.vectors.export import resolve

    (rules, embed), = resolve([ruleset])
    seats = len(dealing_item(rules, embed, 0).vector["stakes"])
    say(f"deal {rules.ruleset.id}: {rounds} rounds of {seats} seats, the implementation "
        "dealing")
    options = RunOptions(command, timeout=timeout, max_bytes=int(max_reply * (1 << 20)))
    result = deal_rounds(rules, embed, options, rounds)
    bad = [o for o in result.outcomes if o.status != "pass"]
    say(f"{len(result.outcomes)} rounds ({result.ran_out} ran the pack out), "
        f"{len(bad)} not passed")
    for o in bad[:10]:
        say(f"{o.status} {o.slug}: {o.message}")
    if result.p_value is not None:
        verdict = "rejected" if result.distribution_failed else "consistent with the packs"
        say(f"distribution: chi-square {result.statistic:.1f} on {result.df} degrees of "
            f"freedom, p = {result.p_value:.3g} (alarm below {ALPHA:g}): {verdict}")
    elif result.note and not result.problem:
        say(f"distribution: not tested: {result.note}")
    if json_out:
        from pontoon_rules.conformance.running.report import write_report

        write_report(result.to_json(), Path(json_out))
    if result.problem:
        raise ConformanceError(f"{ruleset}: {result.problem}")
    if not result.passed:
        raise ConformanceError(f"{ruleset}: the implementation's dealing is wrong")
