"""Differential fuzzing: seeded random rounds through the reference engine and an
implementation; the first divergence, shrunk to the shortest shoe and action list
that still diverges.

Shrinking works on (stakes, shoe, plan) hints that are replayed leniently by the
reference engine: cards come from the hint while the packs still hold them (then
the lowest card left), decisions from the hint when legal (else stick, else the
first legal action), probes only while they are still refused. Every candidate
is therefore a valid round; it is kept when it is smaller and still diverges.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.conformance.build import Plan, build
from pontoon_rules.conformance.generate import random_plan, random_stakes
from pontoon_rules.conformance.reference import refusal, to_action
from pontoon_rules.conformance.runner import Item, Outcome, PersistentRunner, RunOptions
from pontoon_rules.engine.actions import STICK, Action
from pontoon_rules.engine.cards import card_code, parse_card
from pontoon_rules.engine.rules import Rules
from pontoon_rules.engine.script import parse_step
from pontoon_rules.engine.state import RoundState
from pontoon_rules.errors import PontoonError

MAX_SHRINK_CALLS = 400
"""The most implementation runs spent on shrinking one divergence."""
Round = tuple[list[int], list[int], Plan]
"""(stakes, shoe as card numbers, plan)."""


@dataclass
class FuzzResult:
    """How a fuzzing run ended."""

    rounds: int
    implementation: dict[str, Any] = field(default_factory=dict)
    divergence: Outcome | None = None
    original: dict[str, Any] | None = None
    shrunk: dict[str, Any] | None = None
    shrunk_outcome: Outcome | None = None
    calls: int = 0


class _Target:
    """The implementation under test, one vector at a time."""

    def __init__(self, options: RunOptions) -> None:
        self.meta: dict[str, Any] = {}
        self.runner = PersistentRunner(options, self.meta)
        self.calls = 0

    def run(self, vector: dict[str, Any]) -> Outcome:
        found: list[Outcome] = []
        self.calls += 1
        self.runner.run([Item.of(vector)], found.append)
        return found[0]


def diverges(o: Outcome) -> bool:
    """Whether an outcome shows a difference (anything but pass or skipped)."""
    return o.status not in ("pass", "skipped")


def fuzz(rules: Rules, embed: bool, options: RunOptions, rounds: int, seed: int) -> FuzzResult:
    """Play `rounds` random rounds through both; shrink the first divergence."""
    target = _Target(options)
    rng = random.Random(seed)
    result = FuzzResult(0)
    try:
        for n in range(rounds):
            stakes = random_stakes(rules, rng)
            shoe, plan = random_plan(rules, stakes, rng)
            slug = f"{rules.ruleset.id}/fuzz-{seed}-{n}"
            vector = build(rules, slug, f"fuzz seed {seed}, round {n}", stakes, shoe, plan, embed)
            result.rounds = n + 1
            got = target.run(vector)
            if diverges(got):
                result.divergence, result.original = got, vector
                result.shrunk, result.shrunk_outcome = shrink(
                    rules, embed, target, (stakes, [parse_card(c) for c in shoe], plan), got)
                break
    finally:
        result.implementation = target.meta
        result.calls = target.calls
        target.runner.close()
    return result


def shrink(rules: Rules, embed: bool, target: _Target, start: Round, seen: Outcome
           ) -> tuple[dict[str, Any], Outcome]:
    """The smallest round found that still diverges, as a vector, with its outcome."""
    best, best_outcome = realize(rules, *start), seen
    budget = MAX_SHRINK_CALLS
    improved = True
    while improved and budget > 0:
        improved = False
        for candidate in _candidates(best):
            if budget <= 0:
                break
            shaped = realize(rules, *candidate)
            if _size(shaped) >= _size(best):
                continue
            budget -= 1
            got = target.run(_vector(rules, embed, shaped))
            if diverges(got):
                best, best_outcome, improved = shaped, got, True
                break
    return _vector(rules, embed, best), best_outcome


def _size(r: Round) -> tuple[int, int, int]:
    stakes, shoe, plan = r
    return len(shoe) + len(plan), len(stakes), sum(stakes)


def _vector(rules: Rules, embed: bool, r: Round) -> dict[str, Any]:
    stakes, shoe, plan = r
    return build(rules, f"{rules.ruleset.id}/fuzz-shrunk", "shrunk fuzz divergence", stakes,
                 [card_code(c) for c in shoe], plan, embed)


def _candidates(r: Round) -> Iterator[Round]:
    stakes, shoe, plan = r
    for i in range(len(stakes)):
        if len(stakes) > 1:
            yield stakes[:i] + stakes[i + 1:], shoe, plan
    for i in range(len(plan)):
        yield stakes, shoe, plan[:i] + plan[i + 1:]
    for i in range(len(shoe)):
        yield stakes, shoe[:i] + shoe[i + 1:], plan
    for i, stake in enumerate(stakes):
        if stake != 100:
            yield stakes[:i] + [100] + stakes[i + 1:], shoe, plan


def realize(rules: Rules, stakes: list[int], shoe: list[int], plan: Plan) -> Round:
    """Replay hints leniently with the reference engine; the round actually played."""
    used = list(stakes)
    try:
        state = RoundState(rules, used)
    except PontoonError:
        used = [rules.ruleset.stakes.min_stake] * len(stakes)
        state = RoundState(rules, used)
    cards: list[int] = []
    out: Plan = []
    hints = list(plan)
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            card = shoe[k] if k < len(shoe) and state.counts[shoe[k]] > 0 else _lowest(state)
            k += 1
            cards.append(card)
            state.apply_action(card)
            continue
        action = _next_action(state, hints, out)
        out.append(("do", f"{state.actor_name()} {action}"))
        state.apply_action(action)
    return used, cards, out


def _lowest(state: RoundState) -> int:
    return next(card for card, n in enumerate(state.counts) if n)


def _next_action(state: RoundState, hints: Plan, out: Plan) -> Action:
    """Use up hints: keep probes still refused, take the first legal `do`."""
    while hints:
        kind, text = hints.pop(0)
        try:
            actor, action = parse_step(text, 0)
        except PontoonError:
            continue
        move = {"actor": actor, "action": action.kind, "amount": action.amount}
        if kind == "reject":
            if refusal(state, move) is not None:
                out.append(("reject", text))
            continue
        move["actor"] = state.actor_name()
        if refusal(state, move) is None:
            return to_action(move)
    legal = state.legal_actions()
    stick = next((o for o in legal if o.kind == STICK), legal[0])
    return stick.example()
