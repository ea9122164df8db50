"""CLI command `session`: many deals at one table, automatic or replayed from a script."""

from __future__ import annotations

import sys
from collections import Counter
from typing import TYPE_CHECKING, Any

import click

from pontoon_rules.cli.agreed import agree_option
from pontoon_rules.cli.checks import SEED, WORKERS, scheduler_address
from pontoon_rules.text import json_text, markup_safe, terminal_safe

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.engine.sessions.session import Session

PROGRESS_FROM = 50
"""Show a progress bar (on a terminal) from this many deals."""
KITTY_EVENTS_SHOWN = 12
ENGINE_DEALS = 10_000
"""Above this many deals a plain session is streamed on the compiled simulator."""


@click.command("session")
@click.argument("ruleset", required=False)
@click.option("--players", type=int, default=5, show_default=True,
              help="Seats per deal (besides the banker where the bank rotates).")
@click.option("--deals", type=click.IntRange(1), default=200, show_default=True,
              help="Deals to play.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed for the shuffles.")
@click.option("--policy", default="stand-17", show_default=True,
              help="Automatic player policy: stand-15, stand-16, stand-17, or 'best' (the "
                   "analysis's best play of the infinite deck, every seat as if alone; "
                   "where the analysis cannot decide, stand-17, said in the method line).")
@click.option("--stake", type=int, default=10, show_default=True,
              help="Each seat's stake, within the ruleset's stake limits.")
@click.option("--kitty", type=click.IntRange(1), default=50, show_default=True,
              help="The kitty an automatic banker puts up (Shoot Pontoon; within the stake "
                   "limits where the ruleset says so).")
@click.option("--bank", type=click.IntRange(1), default=None,
              help="The bank a banker puts up, where the ruleset's bank is an amount "
                   "(table.bank.amount; default the ruleset's).")
@click.option("--script", "script", help="Session script (JSON or YAML file, or - for stdin).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the full session (ledger) as JSON; with --summary, the summary.")
@click.option("--summary", is_flag=True,
              help="Stream the deals on the compiled simulator (constant memory) and print "
                   "each person's and the banker's result per deal with 99.9% intervals.")
@click.option("--banker-policy", "banker_policy", default=None,
              help="Named policy of a banker who draws by choice (stand-15 … stand-19, "
                   "stand-17-hit-soft); default: the ruleset's stand_on.")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help="Local worker processes (with --summary).")
@click.option("--scheduler", default=None, callback=scheduler_address,
              help="Address of a Dask distributed scheduler (with --summary), e.g. "
                   "tcp://10.0.0.5:8786.")
@agree_option
def session_cmd(ruleset: str | None, players: int, deals: int, seed: int, policy: str,
                stake: int, kitty: int, bank: int | None, script: str | None, as_json: bool,
                summary: bool, banker_policy: str | None, workers: int,
                scheduler: str | None, agreements: tuple[str, ...]) -> None:
    """Play a session of automatic deals under RULESET, or replay one (--script).

    Without --json, more than 10,000 deals are streamed on the compiled simulator
    as with --summary (the per-deal story needs the engine's session), unless it refuses
    a rule of the ruleset: the engine then plays them, which plays every rule.
    """
    streamed = bool(ruleset) and not script and not as_json and deals > ENGINE_DEALS
    if ruleset and streamed and not summary and _compiled_refuses(ruleset, agreements):
        click.echo(f"note: {deals:,} deals played through the engine: the compiled session "
                   "refuses a rule of this ruleset (session --summary names it)", err=True)
    elif ruleset and not script and (summary or streamed):
        from pontoon_rules.cli.session_summary import run_summary

        run_summary(ruleset, players, deals, seed, policy, banker_policy, stake, kitty,
                    workers, scheduler, as_json, agreements)
        return
    basis = None
    if script:
        session, transcripts = _replay(script)
    elif ruleset:
        session, basis = _play(ruleset, players, deals, seed, policy, stake, kitty, bank,
                               agreements, banker_policy)
        transcripts = None
    else:
        raise click.UsageError("give a RULESET to play, or --script FILE to replay")
    if as_json:
        out = session.to_json()
        if transcripts is not None:
            for deal, transcript in zip(out["deals"], transcripts, strict=True):
                deal["transcript"] = transcript
        if basis is not None:
            out["basis"] = basis
        click.echo(json_text(out, indent=1))
    else:
        print_summary(session, basis)
        if ruleset and not script:
            _print_agreed(ruleset, agreements)


def _compiled_refuses(ruleset: str, agreements: tuple[str, ...]) -> bool:
    """Whether the compiled session (`session --summary`) refuses `ruleset`: a plain
    session then plays every deal through the engine, which plays every rule."""
    from pontoon_rules.cli.agreed import settle
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.ruleset.resolving.features import refused_names

    return bool(refused_names(settle(load_ruleset(ruleset), agreements), "session --summary"))


def _print_agreed(ruleset: str, agreements: tuple[str, ...]) -> None:
    from pontoon_rules.cli.agreed import notes
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    for line in notes(load_ruleset(ruleset), agreements):
        click.echo(line)


def _replay(source: str) -> tuple[Session, list[list[dict[str, Any]]]]:
    from pontoon_rules.engine.scripts.script import read_script
    from pontoon_rules.engine.sessions.session_script import run_session_script

    data, base = read_script(source)
    session, transcripts = run_session_script(data, base)
    session.close()
    return session, transcripts


def _play(ruleset: str, players: int, deals: int, seed: int, policy: str, stake: int,
          kitty: int, bank: int | None = None, agreements: tuple[str, ...] = (),
          banker_policy: str | None = None) -> tuple[Session, str]:
    """Play the deals through the engine; the session and its deck, banker and method in
    one line."""
    import random

    from pontoon_rules.cli.agreed import settle
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.sessions.session_auto import TablePolicy, play_session
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.sim.runs.engine import table_play
    from pontoon_rules.sim.sessions.summary import engine_session_basis

    rules = compile_rules(settle(load_ruleset(ruleset), agreements))
    _check_options(rules, players, stake, kitty)
    table = TablePolicy(policy, stake, kitty, stake)
    play = table_play(rules, policy, banker_policy)

    def act(state: Any) -> None:
        state.apply_action(play.act(state))

    if deals < PROGRESS_FROM or not sys.stderr.isatty():
        from pontoon_rules.cli.progress import still_running

        with still_running(f"playing {deals:,} deals of {ruleset}"):
            session = play_session(rules, players, deals, random.Random(seed), table,
                                   bank=bank, act=act)
    else:
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("dealing", total=deals)
            session = play_session(rules, players, deals, random.Random(seed), table,
                                   lambda n: bar.update(task, completed=n), bank, act)
    session.close()
    return session, engine_session_basis(rules, play.banker_policy, play.words)


def _check_options(rules: Rules, players: int, stake: int, kitty: int) -> None:
    """Refuse seats, stakes and kitties the ruleset does not allow (nothing is clamped)."""
    from pontoon_rules.cli.checks import check_seats, check_stake

    check_seats(rules, players, "--players")
    check_stake(rules, stake, "--stake")
    if rules.shoot and rules.ruleset.shoot.kitty_within_stake_limits:
        check_stake(rules, kitty, "--kitty")


def print_summary(session: Session, basis: str | None = None) -> None:
    """Who banked when, balances, pontoons and the kitty's history (after `basis`: the
    deck, the banker and the method in one line, where the deals were played here)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"[bold]{markup_safe(session.rules.ruleset.name)}[/bold] "
                  f"({session.rules.ruleset.id}): "
                  f"{len(session.deals)} deals, {session.pack.shuffles} shuffles")
    if basis is not None:
        click.echo(f"  {terminal_safe(basis)}")
    if session.first_banker is not None and session.first_banker.cards:
        drawn = ", ".join(f"{name} {card}" for name, card in session.first_banker.cards)
        console.print(markup_safe(f"First banker ({session.first_banker.by}): "
                                  f"{session.first_banker.banker} ({drawn})"))
    console.print("Bankers: " + markup_safe("; ".join(_banker_runs(session))))
    pontoons = Counter(name for d in session.deals for name in d.pontoons)
    banked = Counter(d.banker for d in session.deals)
    table = Table(title="Balances")
    for column in ("person", "balance", "pontoons", "deals banked"):
        table.add_column(column)
    for name, balance in session.balances.items():
        table.add_row(markup_safe(name), f"{balance:+d}", str(pontoons[name]), str(banked[name]))
    console.print(table)
    if session.rules.shoot:
        console.print("Kitty: " + markup_safe(", ".join(_kitty_events(session))))


def _banker_runs(session: Session) -> list[str]:
    runs: list[list[Any]] = []
    for deal in session.deals:
        if runs and runs[-1][0] == deal.banker:
            runs[-1][2] = deal.number
        else:
            runs.append([deal.banker, deal.number, deal.number])
    return [f"{name} {a}" + (f"-{b}" if b != a else "") for name, a, b in runs]


def _kitty_events(session: Session) -> list[str]:
    words = {"kitty": "put up", "top-up": "topped up", "kitty-back": "took back"}
    events = [f"deal {p.deal}: {p.payee if p.reason == 'kitty-back' else p.payer} "
              f"{words[p.reason]} {p.amount}"
              for p in session.ledger if p.reason in words]
    if len(events) > KITTY_EVENTS_SHOWN:
        more = len(events) - KITTY_EVENTS_SHOWN
        events = events[:KITTY_EVENTS_SHOWN] + [f"… {more} more (--json for all)"]
    return events or ["none"]
