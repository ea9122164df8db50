"""CLI command `play`: replay a round script, or play a round at the terminal."""

from __future__ import annotations

import click

from pontoon_rules.cli.agreed import agree_option
from pontoon_rules.cli.checks import SEED
from pontoon_rules.text import json_text


@click.command("play")
@click.argument("ruleset", required=False)
@click.option("--script", "script", help="Round script (JSON or YAML file, or - for stdin).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--seed", type=SEED, default=None,
              help="Seed for the cards (interactive play); without it one is chosen and printed.")
@click.option("--seats", type=int, default=2, show_default=True,
              help="Seats at the table for interactive play (you are p1), within the "
                   "ruleset's table size.")
@click.option("--stake", type=int, default=100, show_default=True,
              help="Each seat's stake, within the ruleset's stake limits.")
@agree_option
def play_cmd(ruleset: str | None, script: str | None, as_json: bool, seed: int | None,
             seats: int, stake: int, agreements: tuple[str, ...]) -> None:
    """Replay a round script (--script), or play RULESET interactively."""
    from pontoon_rules.cli.agreed import settle

    if script:
        from pontoon_rules.engine.scripts.script import read_script, run_script

        data, base = read_script(script)
        run = run_script(data, base, lambda loaded: settle(loaded, agreements))
        if as_json:
            click.echo(json_text(run.to_json()))
        else:
            from pontoon_rules.cli.play_render import print_run

            print_run(run)
        return
    if not ruleset:
        raise click.UsageError("give a RULESET to play, or --script FILE to replay")
    from pontoon_rules.cli.agreed import notes
    from pontoon_rules.cli.interactive import play_interactive
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    said = notes(load_ruleset(ruleset), agreements)
    play_interactive(ruleset, seats, stake, seed, lambda loaded: settle(loaded, agreements),
                     said)
