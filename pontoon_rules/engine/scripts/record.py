"""Record rounds as scripts: seeded random play that yields a replayable round script."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pontoon_rules.engine.round.actions import Action, LegalAction
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState, amount_unit


def random_action(option: LegalAction, rng: random.Random, rules: Rules | None = None
                  ) -> Action:
    """`option` with an amount drawn from its range (when it has one), a multiple of the
    unit `rules` ask of it (`state.amount_unit`: the range's ends are multiples already)."""
    if option.low is None:
        return Action(option.kind)
    unit = 1 if rules is None else amount_unit(rules, option.kind)
    high = option.high or option.low
    if unit > 1:
        return Action(option.kind, option.low + unit * rng.randint(0, (high - option.low) // unit))
    return Action(option.kind, rng.randint(option.low, high))


def random_round(rules: Rules, stakes: list[int], rng: random.Random) -> dict[str, Any]:
    """Play one round with random cards and random legal decisions; return its script."""
    return record_round(rules, stakes, rng,
                        lambda state: random_action(rng.choice(state.legal_actions()), rng,
                                                    state.rules))


def deal_random(state: RoundState, rng: random.Random) -> str:
    """Deal the card chance picks (by what the packs still hold); return its code."""
    cards, weights = zip(*state.chance_outcomes(), strict=True)
    card = rng.choices(cards, weights)[0]
    state.apply_action(card)
    return card_code(card)


def record_round(
    rules: Rules, stakes: list[int], rng: random.Random, decide: Callable[[RoundState], Action],
    kitty: int | None = None,
) -> dict[str, Any]:
    """Play one round with random cards and `decide`'s decisions (with a kitty of `kitty`
    where the game has Shoot Pontoon's); return its script."""
    state = RoundState(rules, stakes, kitty=kitty)
    shoe: list[str] = []
    actions: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            shoe.append(deal_random(state, rng))
        else:
            action = decide(state)
            actions.append(f"{state.actor_name()} {action}")
            state.apply_action(action)
    script: dict[str, Any] = {"ruleset": rules.ruleset.id, "stakes": list(stakes),
                              "shoe": shoe, "actions": actions}
    if kitty is not None:
        script["kitty"] = kitty
    return script
