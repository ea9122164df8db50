"""Checks of command-line numbers against a ruleset's limits: one clear message each.

Nothing is clamped: a seat count or stake outside what the ruleset allows is refused
with the ruleset's own limits in the message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules

MAX_SEED = 2**64 - 1
"""The largest seed: the compiled simulator's generators take 64 bits."""
SEED = click.IntRange(0, MAX_SEED)
"""A `--seed`: a whole number from 0 to 2**64 - 1 (the same on every path)."""
MAX_WORKERS = 256
"""The most local worker processes a command starts (`--workers`)."""
WORKERS = click.IntRange(1, MAX_WORKERS)
"""A `--workers`: 1 to `MAX_WORKERS`."""


def check_seats(rules: Rules, count: int, option: str) -> None:
    """Refuse `count` player seats unless the ruleset's table has room for them."""
    most = rules.max_players
    if not 1 <= count <= most:
        raise click.BadParameter(
            f"{count}: {rules.ruleset.id} seats 1 to {most} players besides the banker",
            param_hint=option)


def check_stake(rules: Rules, amount: int, option: str) -> None:
    """Refuse an amount outside the ruleset's stake limits (whole minor units)."""
    low, high = rules.min_stake, rules.max_stake
    if amount < low or (high is not None and amount > high):
        limits = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise click.BadParameter(
            f"{amount}: {rules.ruleset.id} takes stakes {limits} (whole minor units)",
            param_hint=option)


def scheduler_address(_ctx: click.Context, _param: click.Parameter,
                      value: str | None) -> str | None:
    """The `--scheduler` callback: the address checked before anything runs (exit 2)."""
    if value is None:
        return None
    from pontoon_rules.sim.distribution.cluster import ClusterError, parse_address

    try:
        return str(parse_address(value))
    except ClusterError as error:
        raise click.BadParameter(str(error).removeprefix("--scheduler ")) from None
