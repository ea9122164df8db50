"""Terminal rendering of a played round: the transcript and the settlement."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from pontoon_rules.engine.round.cards import parse_card, pretty
from pontoon_rules.engine.round.results import RoundResult
from pontoon_rules.engine.scripts.script import ScriptRun
from pontoon_rules.ruleset.format.points import total_text
from pontoon_rules.text import markup_safe


def cards_text(codes: list[str]) -> str:
    """Cards with suit symbols, red suits in red."""
    out = []
    for code in codes:
        text = pretty(parse_card(code))
        out.append(f"[red]{text}[/red]" if code[-1] in "HD" else text)
    return " ".join(out)


def print_result(result: RoundResult, console: Console) -> None:
    """The settlement as a table: each hand, then the banker."""
    table = Table(title="Settlement")
    for column in ("seat", "cards", "total", "class", "staked", "net"):
        table.add_column(column)
    for seat in result.seats:
        for i, hand in enumerate(seat.hands):
            name = seat.seat + (f" hand {i + 1}" if len(seat.hands) > 1 else "")
            table.add_row(markup_safe(name), cards_text(hand.cards), total_text(hand.total),
                          markup_safe(hand.hand_class), str(hand.staked), f"{hand.net:+d}")
        if seat.insurance:
            table.add_row(seat.seat, "insurance", "", "", str(seat.insurance),
                          f"{seat.insurance_net:+d}")
    table.add_row("banker", cards_text(result.banker_cards), total_text(result.banker_total),
                  result.banker_class, "", f"{result.banker_net:+d}")
    console.print(table)


def print_run(run: ScriptRun, console: Console | None = None) -> None:
    """A replayed script: transcript lines, then the settlement."""
    console = console or Console()
    console.print(f"[bold]{markup_safe(run.ruleset.name)}[/bold] ({run.ruleset.id})")
    for event in run.transcript:
        if event["event"] == "deal":
            console.print(f"  deal {cards_text([event['card']])} to {markup_safe(event['to'])}")
        else:
            hand = f" (hand {event['hand']})" if "hand" in event else ""
            console.print(f"  {markup_safe(event['actor'])}{hand}: "
                          f"[bold]{markup_safe(event['action'])}[/bold]"
                          f"   [dim]legal: {markup_safe(', '.join(event['legal']))}[/dim]")
    print_result(run.result, console)
