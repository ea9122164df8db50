"""Shrinking a divergent round: the shortest shoe and action list that still diverges.

Shrinking works on (stakes, shoe, plan) hints that are replayed leniently by the
reference engine: cards come from the hint while the packs still hold them (then
the lowest card left), decisions from the hint when legal (else stick, else the
first legal action), probes only while they are still refused. Every candidate
is therefore a valid round; it is kept when it is smaller and still diverges the
same way (the same group: status and first differing path).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pontoon_rules.conformance.running.runner import Outcome
from pontoon_rules.conformance.vectors.build import Plan, build
from pontoon_rules.conformance.vectors.reference import refusal, to_action
from pontoon_rules.engine.round.actions import STICK, Action
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.errors import PontoonError

MAX_SHRINK_CALLS = 400
"""The most implementation runs spent on shrinking one divergence."""
Round = tuple[list[int], list[int], Plan]
"""(stakes, shoe as card numbers, plan)."""
Run = Callable[[dict[str, Any]], Outcome]
"""Runs one vector through the implementation."""
Same = Callable[[Outcome], bool]
"""Whether an outcome still shows the divergence being shrunk."""


def shrink(rules: Rules, embed: bool, run: Run, start: Round, seen: Outcome, same: Same,
           budget: int = MAX_SHRINK_CALLS) -> tuple[dict[str, Any], Outcome, int]:
    """The smallest round found that still diverges (as a vector), its outcome, runs spent."""
    best, best_outcome = realize(rules, *start), seen
    spent = 0
    improved = True
    while improved and spent < budget:
        improved = False
        for candidate in _candidates(best):
            if spent >= budget:
                break
            shaped = realize(rules, *candidate)
            if _size(shaped) >= _size(best):
                continue
            spent += 1
            got = run(_vector(rules, embed, shaped))
            if same(got):
                best, best_outcome, improved = shaped, got, True
                break
    return _vector(rules, embed, best), best_outcome, spent


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
        used = [rules.min_stake] * len(stakes)
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
    out.extend((kind, text) for kind, text in hints if kind == "reject")  # after the end
    return used, cards, out


def _lowest(state: RoundState) -> int:
    return next(card for card, n in enumerate(state.counts) if n)


def _next_action(state: RoundState, hints: Plan, out: Plan) -> Action:
    """Use up hints: keep probes still refused, take the first legal `do`."""
    while hints:
        kind, text = hints.pop(0)
        if isinstance(text, dict):
            move = dict(text)
        else:
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
