"""The reference implementation behind the protocol: the project's engine plays a stripped vector.

`trace(rules, stakes, shoe, steps)` deals from the stacked shoe until a decision
is due, then walks the steps: at an `expect` it reports the actor, the legal
actions and the hands so far; at a `do` it applies the action (reporting the
refusal code, or null); at a `reject` it only asks whether the action would be
refused and why, leaving the round unchanged. After the steps it deals to the
end and reports the settlement.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from pontoon_rules.engine.round.actions import KINDS, WITH_AMOUNT, Action
from pontoon_rules.engine.round.cards import CODES, parse_card
from pontoon_rules.engine.round.results import (
    given_up_json,
    money_between_json,
    side_bets_json,
    total_json,
)
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import PontoonError, ShoeError
from pontoon_rules.ruleset.format.model import Ruleset

CARD_INDEX = {code: card for card, code in enumerate(CODES)}


class TraceError(PontoonError):
    """The round could not be played from the vector (shoe ran out, steps ended early)."""


def ruleset_json(ruleset: Ruleset) -> dict[str, Any]:
    """The canonical resolved ruleset as JSON data (what the sha256 covers)."""
    return ruleset.model_dump(mode="json")


@cache
def bundled_rules(ruleset_id: str) -> tuple[Rules, str]:
    """The compiled bundled ruleset `ruleset_id` and its sha256."""
    from pontoon_rules.conformance.vectors.model import sha256_of
    from pontoon_rules.ruleset.loading.registry import load_bundled

    ruleset = load_bundled(ruleset_id)
    return compile_rules(ruleset), sha256_of(ruleset_json(ruleset))


@cache
def bundled_digest(ruleset_id: str) -> str | None:
    """The rules digest (`model.rules_digest`) of a bundled ruleset, None when unknown."""
    from pontoon_rules.conformance.vectors.model import rules_digest
    from pontoon_rules.ruleset.loading.registry import load_bundled

    try:
        return rules_digest(ruleset_json(load_bundled(ruleset_id)))
    except PontoonError:
        return None


def rules_for(ref: dict[str, Any]) -> Rules:
    """The rules a vector's `ruleset` reference names (embedded, or bundled with a matching hash).

    Raises:
        TraceError: unknown ruleset, or a hash that differs from the bundled one.
    """
    if ref.get("embedded") is not None:
        return _embedded_rules(_freeze(ref["embedded"]))
    try:
        rules, digest = bundled_rules(ref["id"])
    except PontoonError as e:
        raise TraceError(f"unknown ruleset {ref.get('id')!r}") from e
    if ref.get("sha256") not in (None, digest):
        raise TraceError(f"ruleset {ref['id']!r}: sha256 {ref['sha256']} differs from the "
                         f"bundled {digest} (the suite was made for another version)")
    return rules


def _freeze(data: dict[str, Any]) -> str:
    from pontoon_rules.conformance.vectors.model import canonical

    return canonical(data)


@cache
def _embedded_rules(text: str) -> Rules:
    import json

    return compile_rules(Ruleset.model_validate(json.loads(text)))


def to_action(move: dict[str, Any]) -> Action:
    """The engine action of a `do`/`reject` move."""
    return Action(move["action"], move.get("amount"))


def trace(rules: Rules, stakes: list[int], shoe: list[str], steps: list[dict[str, Any]]
          ) -> dict[str, Any]:
    """Play the stripped steps and report what happened (see the module docstring).

    `final` is null when the steps end before the round does (an action was refused).

    Raises:
        TraceError: the shoe ran out or holds impossible cards.
    """
    state = RoundState(rules, stakes)
    cards = [CARD_INDEX[c] if c in CARD_INDEX else parse_card(c) for c in shoe]
    dealt = [0]

    def deal() -> None:
        dealt[0] = _deal(state, cards, dealt[0])

    return play_steps(state, steps, deal)


def play_steps(state: RoundState, steps: list[dict[str, Any]],
               deal: Callable[[], None]) -> dict[str, Any]:
    """Deal (`deal` plays every chance node due), then play the stripped steps, dealing
    after each move taken: each `expect` observed, each move's refusal code (None where
    taken); `final` null when the steps end before the round does."""
    deal()
    out: list[dict[str, Any]] = []
    for step in steps:
        if "expect" in step:
            out.append(observe(state))
            continue
        move = step["do"] if "do" in step else step["reject"]
        code = refusal(state, move)
        out.append({"code": code})
        if code is None and "do" in step:
            state.apply_action(to_action(move))
            deal()
    return {"steps": out, "final": final_json(state) if state.is_terminal() else None}


def _deal(state: RoundState, cards: list[int], dealt: int) -> int:
    while state.is_chance_node():
        if dealt >= len(cards):
            raise TraceError(f"the stacked shoe ran out after {dealt} cards")
        try:
            state.apply_action(cards[dealt])
        except ShoeError as e:
            raise TraceError(str(e)) from e
        dealt += 1
    return dealt


def observe(state: RoundState) -> dict[str, Any]:
    """What an `expect` step reports: actor, legal actions, hands so far (every card), and
    which of those cards the actor cannot see (`face_down`, left out when none)."""
    hands: dict[str, Any] = {
        f"p{seat.index + 1}": [[CODES[c] for c in h.cards] for h in seat.hands]
        for seat in state.seats
    }
    hands["banker"] = [CODES[c] for c in state.banker.cards]
    out = {"actor": state.actor_name(), "legal": [a.to_json() for a in state.legal_actions()],
           "hands": hands}
    hidden = face_down(state)
    if hidden:
        out["face_down"] = hidden
    return out


def face_down(state: RoundState) -> dict[str, Any]:
    """The positions of the cards the current actor cannot see (`engine.round.faces`)."""
    if state.is_terminal():
        return {}
    seen = state.observation()
    out: dict[str, Any] = {}
    for seat in seen["seats"]:  # type: ignore[attr-defined]
        where = [[i for i, c in enumerate(h["cards"]) if c is None] for h in seat["hands"]]
        if any(where):
            out[seat["seat"]] = where
    banker = [i for i, c in enumerate(seen["banker"]["cards"]) if c is None]  # type: ignore[index]
    if banker:
        out["banker"] = banker
    return out


def refusal(state: RoundState, move: dict[str, Any]) -> str | None:
    """The code the engine would refuse `move` with now, or None when it is legal.

    In order: `round_over` (the round is over), `wrong_actor` (not this actor's turn),
    `unknown_action` (a word the vocabulary lacks), `malformed_amount` (an amount that
    is not a whole number, or none where the action takes one), `illegal_action` (not
    legal now), `bad_amount` (outside min..max, or given where none is taken).
    """
    if state.is_terminal():
        return "round_over"
    if move.get("actor") != state.actor_name():
        return "wrong_actor"
    kind = move.get("action")
    if not isinstance(kind, str) or kind not in KINDS:
        return "unknown_action"
    amount = move.get("amount")
    legal = state.legal_actions()
    takes = kind in WITH_AMOUNT
    if amount is not None and not _whole(amount) or amount is None and takes and any(
            o.kind == kind for o in legal):
        return "malformed_amount"
    action = Action(kind, amount)
    if state.allows(action):
        return None
    return "bad_amount" if any(o.kind == kind for o in legal) else "illegal_action"


def _whole(amount: Any) -> bool:
    return isinstance(amount, int) and not isinstance(amount, bool)


def final_json(state: RoundState) -> dict[str, Any]:
    """The settlement as a vector's `final` (cards, total, class, stakes, net per hand)."""
    result = state.result()
    seats = []
    for seat in result.seats:
        entry: dict[str, Any] = {"seat": seat.seat, "hands": [
            {"cards": h.cards, "total": total_json(h.total), "class": h.hand_class,
             "stakes": h.stakes, "net": h.net, **given_up_json(h)} for h in seat.hands]}
        if seat.insurance:
            entry["insurance"] = {"staked": seat.insurance, "net": seat.insurance_net}
        if seat.even_money:
            entry["even_money"] = True
        if seat.side_bets:
            entry["side_bets"] = side_bets_json(seat)
        entry.update(money_between_json(seat))
        entry["net"] = seat.net
        seats.append(entry)
    banker = {"cards": result.banker_cards, "total": total_json(result.banker_total),
              "class": result.banker_class, "net": result.banker_net}
    called = {"called_off": True} if result.called_off else {}
    return {"seats": seats, "banker": banker, "ended_early": result.ended_early, **called}


def trace_vector(vector: dict[str, Any]) -> dict[str, Any]:
    """Trace a (stripped or full) vector with the reference engine (a dealing round,
    `deal: own`, from the engine's own shuffled pack, reporting `dealt`).

    Raises:
        TraceError: see `trace`; also an unknown or changed ruleset, bad stakes or cards.
    """
    rules = rules_for(vector["ruleset"])
    try:
        if vector.get("deal") == "own":  # dealing mode: its own shuffled pack
            from pontoon_rules.conformance.running.dealing import own_trace

            return own_trace(rules, vector["stakes"], vector["steps"])
        return trace(rules, vector["stakes"], vector["shoe"], vector["steps"])
    except TraceError:
        raise
    except PontoonError as e:
        raise TraceError(str(e)) from e
