"""`--agree FIELD=VALUE`: the values a table agrees before play (`ruleset.format.agreed`).

Commands that play or analyse a ruleset settle its agreed values (the stake limits)
from the options, the rest at the ruleset's defaults, and say so in their output
(`notes`); the sheet and `show` fill in only the blanks they are given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset

HELP = ("A value the table agrees before play, e.g. --agree stakes.min_stake=10 --agree "
        "stakes.max_stake=500 (none: no maximum). Without it a ruleset's agreed value "
        "plays at its default, and the output says so. Repeatable.")


def agree_option(f: Any) -> Any:
    """The `--agree FIELD=VALUE` option (repeatable), passed as `agreements`."""
    return click.option("--agree", "agreements", multiple=True, metavar="FIELD=VALUE",
                        help=HELP)(f)


def _given(agreements: tuple[str, ...]) -> dict[str, int | None]:
    from pontoon_rules.ruleset.format.agreed import parse_agreement

    given: dict[str, int | None] = {}
    try:
        for text in agreements:
            path, value = parse_agreement(text)
            given[path] = value
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--agree") from error
    return given


def settle(ruleset: Ruleset, agreements: tuple[str, ...], play: bool = True) -> Ruleset:
    """`ruleset` with the agreed values of `agreements`; with `play`, every other agreed
    value at its default (see `notes`); without it, left blank.

    Raises:
        click.BadParameter: an agreement that is not FIELD=VALUE, an unknown field, or
            values the ruleset refuses.
    """
    from pontoon_rules.ruleset.format.agreed import settle_agreed

    try:
        return settle_agreed(ruleset, _given(agreements), fill_defaults=play)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--agree") from error


def notes(ruleset: Ruleset, agreements: tuple[str, ...], analysis: bool = False) -> list[str]:
    """'note: ...' lines for the agreed values of `ruleset` that `agreements` left to their
    defaults (`analysis`: one line, saying the figures are per unit of stake)."""
    from pontoon_rules.ruleset.format.agreed import agreed_fields, default_notes

    given = _given(agreements)
    if not analysis:
        return [f"note: {line}" for line in default_notes(ruleset, given)]
    left = [path for path in agreed_fields(ruleset) if path not in given]
    if not left:
        return []
    return [f"note: {', '.join(left)} agreed at the table: the ruleset's default stands in "
            "(--agree FIELD=VALUE to set it); the figures are per unit of stake"]
