"""`--agree FIELD=VALUE`: the values a table agrees before play (`ruleset.agreed`).

Commands that play or analyse a ruleset settle its agreed values (the stake limits)
from the options, and say on stderr which they left to the ruleset's default; the
sheet and `show` fill in only the blanks they are given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from pontoon_rules.ruleset.model import Ruleset

HELP = ("A value the table agrees before play, e.g. --agree stakes.min_stake=10 --agree "
        "stakes.max_stake=500 (none: no maximum). Without it a ruleset's agreed value "
        "plays at its default, with a note on stderr. Repeatable.")


def agree_option(f: Any) -> Any:
    """The `--agree FIELD=VALUE` option (repeatable), passed as `agreements`."""
    return click.option("--agree", "agreements", multiple=True, metavar="FIELD=VALUE",
                        help=HELP)(f)


def settle(ruleset: Ruleset, agreements: tuple[str, ...], play: bool = True,
           announce: bool = True) -> Ruleset:
    """`ruleset` with the agreed values of `agreements`; with `play`, every other agreed
    value at its default, each named on stderr ("note: ...") when `announce`; without
    `play`, left blank.

    Raises:
        click.BadParameter: an agreement that is not FIELD=VALUE, an unknown field, or
            values the ruleset refuses.
    """
    from pontoon_rules.ruleset.agreed import default_notes, parse_agreement, settle_agreed

    given: dict[str, int | None] = {}
    try:
        for text in agreements:
            path, value = parse_agreement(text)
            given[path] = value
        settled = settle_agreed(ruleset, given, fill_defaults=play)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--agree") from error
    if play and announce:
        for note in default_notes(ruleset, given):
            click.echo(f"note: {note}", err=True)
    return settled


def analysis_note(ruleset: Ruleset, agreements: tuple[str, ...]) -> str | None:
    """The line an analysis prints for a ruleset whose stake limits the table agrees:
    they play at their defaults unless given, and the figures are per unit of stake."""
    from pontoon_rules.ruleset.agreed import agreed_fields

    left = [path for path in agreed_fields(ruleset)
            if not any(text.partition("=")[0].strip() == path for text in agreements)]
    if not left:
        return None
    return (f"{', '.join(left)} agreed at the table: the ruleset's default stands in "
            "(--agree FIELD=VALUE to set it); the figures are per unit of stake")
