"""`session --summary`: a long session streamed on the compiled simulator, summarised."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from pontoon_rules.cli.analysis_cmds import _analysis
from pontoon_rules.text import markup_safe, terminal_safe


def run_summary(ruleset: str, players: int, deals: int, seed: int, policy: str,
                banker_policy: str | None, stake: int, kitty: int, workers: int,
                scheduler: str | None, as_json: bool, agreements: tuple[str, ...] = ()) -> None:
    """Play and print the summary (JSON with `as_json`)."""
    from pontoon_rules.cli.agreed import settle
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.sim.kernels.strategy import banker_table
    from pontoon_rules.sim.runs.stopping import first_interrupt_stops
    from pontoon_rules.sim.sessions.summary import (
        SessionRequest,
        play_summary,
        session_play,
        summarise,
    )
    from pontoon_rules.sim.sessions.tables import TablePolicy, people_for

    if deals < 1 or players < 1:
        raise click.BadParameter("--deals and --players must be at least 1")
    with first_interrupt_stops() as stop:  # from here a Ctrl-C stops with the result so far
        from pontoon_rules.ruleset.resolving.features import require_handled

        rules = compile_rules(settle(load_ruleset(ruleset), agreements))
        require_handled(rules.ruleset, "session --summary")
        people_for(rules, players)
        _, banker_name = _analysis(lambda: banker_table(rules, banker_policy))
        played, words = _analysis(lambda: session_play(rules, policy, banker_policy))
        req = SessionRequest(rules, players, deals, seed, played, banker_policy,
                             TablePolicy(stake, kitty, stake),
                             asked=policy if words else None, words=words)
        with _bar(deals, not as_json) as advance:
            tally, stopped = play_summary(req, workers, scheduler, advance, stop)
    out = summarise(req, tally, stopped, banker_name)
    if as_json:
        click.echo(json.dumps(out, indent=1))
    else:
        print_summary(out)
        from pontoon_rules.cli.agreed import notes

        for line in notes(load_ruleset(ruleset), agreements):
            click.echo(line)


class _bar:
    """A progress bar on stderr when it is a terminal (else a no-op)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled = total, enabled and sys.stderr.isatty()
        self.progress: Any = None

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda _: None
        from rich.console import Console
        from rich.progress import Progress

        self.progress = Progress(console=Console(stderr=True), transient=True)
        task = self.progress.add_task("dealing", total=self.total)
        self.progress.start()
        return lambda done: self.progress.update(task, completed=done)

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()


def _instead(out: dict[str, Any]) -> str:
    asked = out["player_policy_asked"]
    return "" if asked == out["player_policy"] else f" in place of {asked}"


def _money(x: float | None, stake: int) -> str:
    return "—" if x is None else f"{x:+.4f} ({100 * x / stake:+.3f}% of a stake)"


def print_summary(out: dict[str, Any]) -> None:
    """The summary as text."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    stopped = " (stopped early: the result so far)" if out["stopped_early"] else ""
    console.print(terminal_safe(f"{out['ruleset']}: {out['deals']:,} deals{stopped}, "
                  f"{out['players']} seats, seed {out['seed']}, players {out['player_policy']}"
                  f"{_instead(out)}, "
                  f"banker {out['banker_policy']}, stake {out['stake']}"), markup=False)
    console.print(terminal_safe(f"  {out['basis']}"), markup=False, soft_wrap=True)
    table = Table(title="Result per deal (99.9% interval)")
    for column in ("person", "per deal", "interval", "held the bank", "as banker", "seated"):
        table.add_column(column)
    stake = out["stake"]
    for p in out["people"]:
        ci = p["ci999"]
        table.add_row(markup_safe(p["person"]), f"{p['per_deal']:+.4f}",
                      "—" if ci is None else f"{ci[0]:+.4f} to {ci[1]:+.4f}",
                      f"{100 * p['bank_share']:.1f}%",
                      "—" if p["per_deal_as_banker"] is None else f"{p['per_deal_as_banker']:+.4f}",
                      "—" if p["per_deal_seated"] is None else f"{p['per_deal_seated']:+.4f}")
    console.print(table)
    for name in ("banker", "seat"):
        pos = out[name]
        ci = pos["ci999"]
        span = "" if ci is None else f" (99.9%: {ci[0]:+.4f} to {ci[1]:+.4f})"
        console.print(f"The {name} per deal: {_money(pos['per_deal'], stake)}{span}",
                      markup=False)
    console.print(f"Shuffles: {out['shuffles']:,}; deals with a pontoon: "
                  f"{out['deals_with_a_pontoon']:,}")
    if "kitty" in out:
        k = out["kitty"]
        console.print(f"Kitty: put up {k['put_up']:,} times, ran dry {k['ran_dry']:,}, "
                      f"topped up {k['top_ups']:,}, bank sold {k['bank_sales']:,}; "
                      f"{k['mean_at_deal']:.1f} on average at a deal, largest {k['largest']}")
