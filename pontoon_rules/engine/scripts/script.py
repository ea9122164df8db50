"""Scripted replay: a round script (ruleset, stakes, stacked shoe, actions) played out.

The contract (`pontoon-rules play --script`):
    {"ruleset": "<id or path>", "stakes": [100, 100], "shoe": ["KS", "7H", ...],
     "actions": ["p1 buy 150", "p1 twist", "p1 stick", "banker stick"]}
Cards leave the shoe in dealing order; actions name only real decisions.

Shoot Pontoon: an optional `"kitty": 50` puts up a kitty (rulesets with
`shoot.enabled`; elsewhere it is ignored). Shoot decisions are then actions too,
`"p1 shoot 20"` or `"p1 decline"`: for each seat after the first card (while the
kitty has room), before a three-card hand's fourth card is dealt (after its
`buy`/`twist`), and for the new hand after a `split` (see `engine.round.shoot`). Without
a kitty a script plays exactly as before.

A bank that is an amount (`table.bank.amount`): an optional `"bank": 200` says what is
left in it at the start of the round (default the ruleset's whole bank); every stake,
buy, double, split and insurance of the round together stays within it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_rules.engine.round import shoot
from pontoon_rules.engine.round.actions import Action, parse_action
from pontoon_rules.engine.round.cards import card_code, parse_card
from pontoon_rules.engine.round.phase import Phase
from pontoon_rules.engine.round.results import RoundResult
from pontoon_rules.engine.round.rotation import bank_taker
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script_file import (
    MAX_SCRIPT_BYTES,
    parse_script_text,
    read_script,
)
from pontoon_rules.errors import IllegalActionError, PontoonError, ScriptError, ShoeError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.text import short

__all__ = ["MAX_SCRIPT_BYTES", "IncompleteScriptError", "ScriptRun", "parse_script_text",
           "play", "read_script", "run_script", "script_ruleset"]


class IncompleteScriptError(PontoonError):
    """The script's actions ran out before the round ended."""


@dataclass(frozen=True)
class ScriptRun:
    """A replayed round: its ruleset, settlement and transcript."""

    ruleset: Ruleset
    result: RoundResult
    transcript: list[dict[str, Any]]
    cards_used: int
    takes_bank: int | None = None
    """The seat (index) that takes the bank for the next deal (`engine.round.rotation`);
    not in the contract's JSON: a round alone has no next deal."""

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON: ruleset, seats, banker, transcript."""
        out: dict[str, Any] = {"ruleset": self.ruleset.id}
        out.update(self.result.to_json())
        out["transcript"] = self.transcript
        return out


def run_script(script: dict[str, Any], base_dir: Path | None = None,
               settle: Callable[[Ruleset], Ruleset] | None = None) -> ScriptRun:
    """Play a round script to the end (`settle`: what the table agreed, applied to the
    script's ruleset first, see `ruleset.format.agreed`).

    Raises:
        ScriptError: malformed script (missing key, unknown card, unknown ruleset).
        ShoeError: the stacked shoe ran out or holds impossible cards.
        IllegalActionError: an action is not legal at its step.
        IncompleteScriptError: the actions ended before the round.
    """
    ruleset, shoe, actions, stakes = _parse(script, base_dir)
    rules = compile_rules(settle(ruleset) if settle is not None else ruleset)
    return play(rules, stakes, shoe, actions, _kitty(script), _bank(script, rules))


def play(rules: Rules, stakes: list[int], shoe: list[int], actions: list[str],
         kitty: int | None = None, bank: int | None = None) -> ScriptRun:
    """Play `stakes` seats under `rules` with a stacked `shoe`, scripted `actions`, a kitty
    and what is left in a bank that is an amount (default: the ruleset's whole bank)."""
    state = RoundState(rules, stakes, kitty=kitty, bank=bank)
    transcript: list[dict[str, Any]] = []
    dealt = step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            if dealt >= len(shoe):
                raise ShoeError(f"the stacked shoe ran out after {dealt} cards "
                                f"(dealing to {target_name(state)})")
            transcript.append(deal_event(state, shoe[dealt]))
            state.apply_action(shoe[dealt])
            dealt += 1
            continue
        if step >= len(actions):
            legal = ", ".join(str(a) for a in state.legal_actions())
            raise IncompleteScriptError(
                f"the script ended after {step} actions but the round goes on: it is "
                f"{state.actor_name()}'s turn (legal: {legal})")
        transcript.append(apply_step(state, actions[step], step + 1))
        step += 1
    if step < len(actions):
        raise IncompleteScriptError(
            f"the round ended after {step} actions; {len(actions) - step} more were given "
            f"(first unused: {short(actions[step])})")
    return ScriptRun(rules.ruleset, state.result(), transcript, dealt, bank_taker(state))


def target_name(state: RoundState) -> str:
    """Who the next card goes to: 'p1', 'p1 hand 2' or 'banker'."""
    hand = state.pending[0]
    if hand is state.banker:
        return "banker"
    for seat in state.seats:
        for i, h in enumerate(seat.hands):
            if h is hand:
                return f"p{seat.index + 1}" + (f" hand {i + 1}" if len(seat.hands) > 1 else "")
    return "?"


def deal_event(state: RoundState, card: int) -> dict[str, Any]:
    """The transcript event for dealing `card` (before it is applied)."""
    return {"event": "deal", "to": target_name(state), "card": card_code(card)}


def apply_step(state: RoundState, text: str, step: int) -> dict[str, Any]:
    """Apply the scripted decision `text` ('p1 buy 150'); its transcript event.

    Raises:
        ScriptError: the step is malformed.
        IllegalActionError: wrong actor, or an action not legal here.
    """
    actor, action = parse_step(text, step)
    legal = state.legal_actions()
    expected = state.current_player()
    expected_name = state.actor_name(expected)
    event = {"event": "decision", "step": step, "actor": expected_name,
             "legal": [str(a) for a in legal], "action": str(action)}
    if actor != expected_name:
        raise IllegalActionError(text, actor, [f"{expected_name} {a}" for a in legal],
                                 f"step {step}: {_no_seat(state, actor)}it is "
                                 f"{expected_name}'s turn", code="wrong_actor")
    if expected >= 0 and len(state.seats[expected].hands) > 1:
        event["hand"] = hand_number(state, expected)
    try:
        state.apply_action(action)
    except IllegalActionError as e:
        raise IllegalActionError(text, actor, e.legal, f"step {step}", code=e.code) from e
    return event


def _no_seat(state: RoundState, actor: str) -> str:
    """'there is no seat p9, the seats are p1, p2; ' when `actor` names a seat the table lacks."""
    if actor == "banker" or int(actor[1:]) - 1 in range(len(state.seats)):
        return ""
    seats = ", ".join(f"p{i + 1}" for i in range(len(state.seats)))
    return f"there is no seat {actor}, the seats are {seats}; "


def hand_number(state: RoundState, seat: int) -> int:
    """Which of the seat's hands (1, 2, …) the current decision is for."""
    if state.phase is Phase.SHOOT and state.kitty is not None:
        hand = shoot.offered_hand(state.kitty)
        return next(i for i, h in enumerate(state.seats[seat].hands) if h is hand) + 1
    return state.hand_cursor + 1


def parse_step(text: str, step: int) -> tuple[str, Action]:
    """Split 'p1 buy 150' into the actor and the action."""
    if not isinstance(text, str) or len(text.split()) < 2:
        raise ScriptError(f"step {step}: expected '<p1|p2|…|banker> <action>', got {short(text)}")
    actor, rest = text.split(None, 1)
    actor = actor.lower()
    if actor != "banker" and not (actor[0] == "p" and actor[1:].isdigit()):
        raise ScriptError(f"step {step}: unknown actor {short(actor)}; expected p1, p2, … "
                          "or banker")
    try:
        return actor, parse_action(rest)
    except ValueError as e:
        raise ScriptError(f"step {step}: {e}") from e


def _parse(script: dict[str, Any], base_dir: Path | None) -> tuple[
        Ruleset, list[int], list[str], list[int]]:
    missing = [k for k in ("ruleset", "stakes", "shoe", "actions") if k not in script]
    if missing:
        raise ScriptError(f"the script lacks {', '.join(missing)}")
    unknown = sorted(set(script) - {"ruleset", "stakes", "shoe", "actions", "description",
                                    "kitty", "bank"})
    if unknown:
        raise ScriptError(f"unknown script keys: {', '.join(unknown)}")
    ruleset = script_ruleset(script["ruleset"], base_dir)
    stakes, shoe, actions = script["stakes"], script["shoe"], script["actions"]
    for key, value in (("stakes", stakes), ("shoe", shoe), ("actions", actions)):
        if not isinstance(value, list):
            raise ScriptError(f"{key}: expected a list, got {json.dumps(value)}")
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in stakes):
        raise ScriptError(f"stakes: expected whole amounts in minor units, got {stakes}")
    return ruleset, [parse_card(c) for c in shoe], actions, stakes


def script_ruleset(ref: Any, base_dir: Path | None) -> Ruleset:
    """The ruleset a script names: a bundled id, or a ruleset file beside the script.

    The rule is the one for `extends` (see `ruleset.loading.references`): a path is relative
    to `base_dir` (the script's folder; the current folder when None), ends in
    .yaml/.yml and stays inside that folder.

    Raises:
        ScriptError: the reference is refused (never quoting the file it names).
        RulesetError: the file is a ruleset with problems.
    """
    from pontoon_rules.ruleset.loading.loader import load_reference

    found = load_reference(ref, base_dir if base_dir is not None else Path.cwd())
    if isinstance(found, str):
        raise ScriptError(f"ruleset: {found}")
    return found


def _bank(script: dict[str, Any], rules: Rules) -> int | None:
    bank = script.get("bank")
    if bank is None:
        return None
    if rules.bank_amount is None:
        raise ScriptError("bank: under this ruleset the banker covers any stake "
                          "(table.bank.amount is null)")
    if not isinstance(bank, int) or isinstance(bank, bool) or bank < 1:
        raise ScriptError(f"bank: expected a whole amount of at least 1, got {json.dumps(bank)}")
    return bank


def _kitty(script: dict[str, Any]) -> int | None:
    kitty = script.get("kitty")
    if kitty is not None and (not isinstance(kitty, int) or isinstance(kitty, bool) or kitty < 0):
        raise ScriptError(f"kitty: expected a whole amount of at least 0, got {json.dumps(kitty)}")
    return kitty
