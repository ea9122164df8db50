"""Play a round at the terminal against automatic players and banker.

The person is p1. At each decision the prompt lists only the legal actions, each
with its letter (`stick (s)`, `twist (t)`, `buy 100..200 (b)`); an answer is the
letter or the word, in any case (`hit`/`stand` too), with the amount after a buy,
an insurance or a shoot bet (`b 150`). The seed is printed first (one is chosen
when none is given), so `--seed N` replays the same cards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import click
from rich.console import Console

from pontoon_rules.cli.play_render import cards_text, print_result
from pontoon_rules.engine.round.actions import ALIASES, Action, LegalAction
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.hand import Hand, points, soft
from pontoon_rules.engine.round.policies import automatic
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import IllegalActionError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import points_text
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.text import markup_safe

LETTERS = {"stick": "s", "twist": "t", "buy": "b", "split": "p", "double": "d",
           "insure": "i", "even-money": "e", "decline": "n", "shoot": "h", "surrender": "u",
           "rescue": "r", "pair": "a", "match": "m"}
"""The letter that chooses each action at the prompt."""

_AMOUNT = re.compile(r"[0-9]{1,18}")
"""An amount as typed: ASCII digits only (never '١٥٠' or '²'), short enough to be a stake."""

QUOTED_LENGTH = 20
"""How much of an answer that is not an action an error message repeats."""


def _quoted(word: str) -> str:
    """`word` quoted for a message, cut to `QUOTED_LENGTH` characters."""
    return repr(word if len(word) <= QUOTED_LENGTH else word[:QUOTED_LENGTH - 1] + "…")


def play_interactive(ref: str, seats: int, stake: int, seed: int | None,
                     settle: Callable[[Ruleset], Ruleset] | None = None,
                     notes: list[str] | None = None) -> None:
    """Deal a round from a seeded shoe; ask the person for p1's decisions (`settle`: what
    the table agreed, applied to the ruleset first; `notes`: said after the title)."""
    from pontoon_rules.cli.checks import check_seats, check_stake

    loaded = load_ruleset(ref)
    rules = compile_rules(settle(loaded) if settle is not None else loaded)
    check_seats(rules, seats, "--seats")
    check_stake(rules, stake, "--stake")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    console = Console()
    console.print(f"[bold]{markup_safe(rules.ruleset.name)}[/bold]: you are p1 of {seats}; "
                  f"seed {seed} (replay this round with --seed {seed})")
    for line in notes or []:
        console.print(markup_safe(line))
    state = RoundState(rules, [stake] * seats)
    _play(state, random.Random(seed), console)
    print_result(state.result(), console)


def _play(state: RoundState, rng: random.Random, console: Console) -> None:
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


def hand_text(hand: Hand, rules: Rules) -> str:
    """A hand's cards and its total: '7♠ A♦ (soft 18)'."""
    best = points(hand, rules)
    word = "soft " if best <= rules.bust_limit and soft(hand, rules) else ""
    bust = ", bust" if best > rules.bust_limit else ""
    shown = points_text(rules.shown(best))
    return f"{cards_text([card_code(c) for c in hand.cards])} ({word}{shown}{bust})"


def banker_text(state: RoundState) -> str:
    """The banker's cards as p1 sees them (the ruleset's `faces`): face-down ones as '??'."""
    seen = state.observation(0)["banker"]
    cards = seen["cards"] if isinstance(seen, dict) else []
    if not any(cards):
        return "(face down)" if cards else "(no cards yet)"
    return " ".join(cards_text([code]) if code else "??" for code in cards)


def menu(legal: list[LegalAction]) -> str:
    """The legal actions with their letters: 'stick (s), buy 100..200 (b)'."""
    return ", ".join(f"{option} ({LETTERS.get(option.kind, option.kind)})" for option in legal)


def read_choice(answer: str, legal: list[LegalAction]) -> Action:
    """The action an answer means among the `legal` ones.

    Raises:
        ValueError: the answer names no legal action, or its amount is missing or out of range.
    """
    words = answer.strip().lower().split()
    if not words:
        raise ValueError(f"type one of: {menu(legal)}")
    by_name = {LETTERS.get(o.kind, o.kind): o for o in legal} | {o.kind: o for o in legal}
    option = by_name.get(ALIASES.get(words[0], words[0]))
    if option is None:
        raise ValueError(f"{_quoted(words[0])} is not one of: {menu(legal)}")
    if option.low is None:
        if len(words) > 1:
            raise ValueError(f"{option.kind} takes no amount")
        return Action(option.kind)
    amount = words[1] if len(words) > 1 else (str(option.low) if option.low == option.high else "")
    if not _AMOUNT.fullmatch(amount) or not option.low <= int(amount) <= (option.high or 0):
        raise ValueError(f"{option.kind} needs an amount from {option.low} to {option.high}, "
                         f"e.g. '{LETTERS.get(option.kind, option.kind)} {option.low}'")
    return Action(option.kind, int(amount))


def _ask(state: RoundState, console: Console) -> None:
    rules = state.rules
    hand = state.seats[0].hands[state.hand_cursor]
    console.print(f"your hand: {hand_text(hand, rules)}   banker shows: {banker_text(state)}")
    legal = state.legal_actions()
    while True:
        answer = click.prompt(f"  choose: {menu(legal)}", prompt_suffix="\n  > ")
        try:
            state.apply_action(read_choice(answer, legal))
            return
        except (ValueError, IllegalActionError) as e:
            console.print(f"  [red]{markup_safe(e)}[/red]")
