"""Where an implementation stopped when its trace says the round is not over (`final: null`).

"The round is not over" alone leaves the author guessing. `stopped_note(vector, trace)`
says the last step the implementation answered (and how), whose turn it was and in
which phase at its last checkpoint (the phase as the reference engine has it there:
the checkpoints before it matched, so both stood at the same place), and what the rules
do after the last step (the reference engine's play to the end: the banker's cards, the
settlement).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.engine.round.phase import Phase

PHASES = {Phase.DEAL: "the deal", Phase.INSURANCE: "insurance (or an early surrender)",
          Phase.PLAYERS: "the seats' play", Phase.BANKER: "the banker's play",
          Phase.DONE: "the end of the round", Phase.SHOOT: "the shoot bets",
          Phase.SIDE_BETS: "the side bets"}
"""Each phase of the round in words."""


@dataclass
class _Replay:
    """What the reference engine did on the vector's steps."""

    phases: dict[int, str] = field(default_factory=dict)
    """Step index of each checkpoint: the phase there."""
    after: list[str] = field(default_factory=list)
    """The phases the round passes through after the last step."""
    cards_after: int = 0
    last_do: int | None = None
    """The last action the reference engine took."""
    over: bool = False


def stopped_note(vector: dict[str, Any], trace: dict[str, Any]) -> str:
    """Where the implementation stopped, in one line (see the module docstring)."""
    steps, answered = vector["steps"], trace.get("steps") or []
    if not answered:
        return "where it stopped: it answered no step"
    replay = _replay(vector)
    last = len(answered) - 1
    every = "all " if len(answered) == len(steps) else ""
    out = (f"where it stopped: it answered {every}{len(answered)} of {len(steps)} steps, "
           f"the last steps[{last}] ({_step(steps[last], answered[last])})")
    checkpoint = next((i for i in range(last, -1, -1) if "expect" in steps[i]), None)
    if checkpoint is not None:
        out += f"; {_checkpoint(checkpoint, answered[checkpoint], replay)}"
    if replay is not None and replay.over and replay.last_do is not None:
        then = ", ".join(replay.after) or "nothing more"
        cards = (f", {replay.cards_after} more card{'s' if replay.cards_after != 1 else ''} "
                 "from the shoe" if replay.cards_after else "")
        out += (f"; by the rules, after steps[{replay.last_do}]: {then}{cards}, then the "
                "settlement")
    return out


def _step(step: dict[str, Any], answer: dict[str, Any]) -> str:
    kind, body = next(iter(step.items()))
    if kind == "expect":
        return f"a checkpoint: it said {_actor(answer.get('actor'))}"
    amount = f" {body['amount']!r}" if body.get("amount") is not None else ""
    code = answer.get("code")
    how = "accepted" if code is None else f"refused: {code}"
    return f"{kind} {body.get('actor')} {body.get('action')!r}{amount}: {how}"


def _checkpoint(i: int, answer: dict[str, Any], replay: _Replay | None) -> str:
    actor = answer.get("actor")
    if actor == "terminal":
        return f"at its last checkpoint, steps[{i}], it said the round was over, yet gave no final"
    legal = answer.get("legal")
    words = ", ".join(str(o.get("action")) for o in legal if isinstance(o, dict)) \
        if isinstance(legal, list) else "none given"
    phase = f" in {replay.phases[i]}" if replay is not None and i in replay.phases else ""
    return f"at its last checkpoint, steps[{i}], it was {_actor(actor)}{phase} (legal: {words})"


def _actor(actor: Any) -> str:
    if actor == "terminal":
        return "the round is over"
    if actor == "banker":
        return "the banker's turn"
    return f"{actor}'s turn" if isinstance(actor, str) else f"{actor!r} to act"


def _replay(vector: dict[str, Any]) -> _Replay | None:
    """The reference engine on the vector's steps; None when it cannot play them."""
    from pontoon_rules.conformance.vectors.reference import (
        CARD_INDEX,
        refusal,
        rules_for,
        to_action,
    )
    from pontoon_rules.engine.round.cards import parse_card
    from pontoon_rules.engine.round.state import RoundState
    from pontoon_rules.errors import PontoonError

    out = _Replay()
    try:
        state = RoundState(rules_for(vector["ruleset"]), vector["stakes"])
        cards = [CARD_INDEX[c] if c in CARD_INDEX else parse_card(c) for c in vector["shoe"]]
        dealt = _deal(state, cards, 0, [])
        for i, step in enumerate(vector["steps"]):
            if "expect" in step:
                out.phases[i] = PHASES.get(state.phase, str(state.phase))
            elif "do" in step and refusal(state, step["do"]) is None:
                state.apply_action(to_action(step["do"]))
                out.after, out.last_do = [], i
                before = dealt
                dealt = _deal(state, cards, dealt, out.after)
                out.cards_after = dealt - before
    except (PontoonError, KeyError, IndexError, TypeError, ValueError):
        return None
    out.over = state.is_terminal()
    return out


def _deal(state: Any, cards: list[int], dealt: int, phases: list[str]) -> int:
    while state.is_chance_node():
        words = PHASES.get(state.phase, str(state.phase))
        if state.phase is not Phase.DONE and words not in phases:
            phases.append(words)
        state.apply_action(cards[dealt])
        dealt += 1
    return dealt
