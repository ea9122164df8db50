"""Play a round at the terminal against automatic players and banker."""

from __future__ import annotations

import random

import click
from rich.console import Console

from pontoon_rules.cli.play_render import cards_text, print_result
from pontoon_rules.engine.actions import parse_action
from pontoon_rules.engine.cards import card_code
from pontoon_rules.engine.policies import automatic
from pontoon_rules.engine.rules import compile_rules
from pontoon_rules.engine.state import RoundState
from pontoon_rules.errors import IllegalActionError
from pontoon_rules.ruleset.loader import load_ruleset


def play_interactive(ref: str, seats: int, stake: int, seed: int | None) -> None:
    """Deal a round from a seeded shoe; ask the person for p1's decisions."""
    console = Console()
    rules = compile_rules(load_ruleset(ref))
    seats = max(1, min(seats, rules.max_players))
    rng = random.Random(seed)
    state = RoundState(rules, [stake] * seats)
    console.print(f"[bold]{rules.ruleset.name}[/bold]: you are p1 of {seats}; seed {seed}")
    while not state.is_terminal():
        if state.is_chance_node():
            cards, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights)[0])
        elif state.current_player() == 0:
            _ask(state, console)
        else:
            action = automatic(state)
            console.print(f"  {state.actor_name()}: {action}")
            state.apply_action(action)
    print_result(state.result(), console)


def _ask(state: RoundState, console: Console) -> None:
    hand = state.seats[0].hands[state.hand_cursor]
    visible = state.banker.cards[: state.rules.banker_visible]
    banker = cards_text([card_code(c) for c in visible]) if visible else "(face down)"
    console.print(f"your hand: {cards_text([card_code(c) for c in hand.cards])}"
                  f"   banker shows: {banker}")
    legal = [str(a) for a in state.legal_actions()]
    while True:
        answer = click.prompt(f"  choose ({', '.join(legal)})")
        try:
            state.apply_action(parse_action(answer))
            return
        except (ValueError, IllegalActionError) as e:
            console.print(f"  [red]{e}[/red]")
