#!/usr/bin/env python3
"""A conformance harness for minijack, a callback-driven engine (minijack.py, beside it).

    pontoon-rules conformance export examples/harness-callback/callback-blackjack.yaml -o v/
    pontoon-rules conformance run --impl "python examples/harness-callback/harness.py" v/

minijack runs the whole round itself and calls back for every card and decision; the
protocol asks step by step. The adapter inverts control: the engine plays on a thread
of its own, and every callback becomes a message on a queue (`Bridge`): `decide`
blocks the engine until the protocol's next `do` step hands it a move; `refused`
tells the adapter the engine said no; `finished` carries the result. The adapter
never judges a move itself: every word, actor and amount goes to the engine (a `do`
through `decide`, a `reject` through `MiniJack.check`, which changes nothing), and
the engine's own errors are mapped to the protocol's refusal codes (`CODES`).

It needs only the standard library (not pontoon-rules): the protocol loop is the last
few functions of this file.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from minijack import MiniJack, Move, MoveError  # noqa: E402

RULESET = "callback-blackjack"
WORDS = {"twist": "hit", "stick": "stand", "insure": "insurance"}
"""Protocol words -> minijack's; every other word is passed on as it is."""
OURS = {"hit": "twist", "stand": "stick"}
CODES = {"round-finished": "round_over", "not-your-turn": "wrong_actor",
         "no-such-move": "illegal_action", "not-allowed": "illegal_action",
         "bad-amount": "bad_amount", "no-bet-here": "bad_amount"}
"""minijack's refusals -> the protocol's codes (the basic codes: a finer one is not needed)."""
WAIT = 10.0
"""Seconds to wait for the engine's next callback."""


class TraceError(Exception):
    """The round cannot be played from this vector (answered as `errored`)."""


class Abandoned(Exception):
    """Raised in the engine's thread when the vector ends before the round does."""


class Bridge:
    """minijack's `Player`: each callback becomes an event; `decide` waits for a move."""

    def __init__(self) -> None:
        self.events: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self.moves: queue.Queue[Move | None] = queue.Queue()

    def decide(self, seat: int, view: dict[str, Any]) -> Move:
        self.events.put(("decide", seat, view))
        move = self.moves.get()
        if move is None:
            raise Abandoned
        return move

    def refused(self, move: Move, error: MoveError) -> None:
        self.events.put(("refused", error.reason))

    def finished(self, result: dict[str, Any]) -> None:
        self.events.put(("finished", result))


class Round:
    """One vector: minijack on its own thread, driven by the protocol's steps."""

    def __init__(self, vector: dict[str, Any]) -> None:
        self.shoe = iter(vector["shoe"])
        self.stakes = vector["stakes"]
        self.bridge = Bridge()
        try:
            self.engine = MiniJack(self.stakes, self.draw)
        except ValueError as e:
            raise TraceError(str(e)) from e
        threading.Thread(target=self._run, daemon=True).start()
        self.now = self.next_event()

    def draw(self) -> str:
        card = next(self.shoe, None)
        if card is None:
            raise TraceError("the stacked shoe ran out")
        return card

    def _run(self) -> None:
        try:
            self.engine.play(self.bridge)
        except Abandoned:
            pass
        except Exception as e:  # noqa: BLE001 - reported as `errored`
            self.bridge.events.put(("error", f"{type(e).__name__}: {e}"))

    def next_event(self) -> tuple[Any, ...]:
        try:
            event = self.bridge.events.get(timeout=WAIT)
        except queue.Empty:
            raise TraceError(f"minijack made no callback within {WAIT} s") from None
        if event[0] == "error":
            raise TraceError(event[1])
        return event

    def move(self, step: dict[str, Any]) -> Move:
        actor, word = step.get("actor"), step.get("action")
        seat = int(actor[1:]) - 1 if isinstance(actor, str) and actor[1:].isdigit() \
            and actor.startswith("p") else actor
        return Move(seat, WORDS.get(word, word) if isinstance(word, str) else word,
                    step.get("amount"))

    def do(self, step: dict[str, Any]) -> str | None:
        """Hand the move to the engine (through `decide`); its answer is the code."""
        if self.now[0] != "decide":
            return self.reject(step)  # the round is over: nothing waits for a move
        self.bridge.moves.put(self.move(step))
        event = self.next_event()
        if event[0] == "refused":
            self.now = self.next_event()  # minijack asks again
            return CODES[event[1]]
        self.now = event
        return None

    def reject(self, step: dict[str, Any]) -> str | None:
        """Ask the engine whether it would refuse the move, changing nothing."""
        try:
            self.engine.check(self.move(step))
        except MoveError as e:
            return CODES[e.reason]
        return None

    def expect(self) -> dict[str, Any]:
        if self.now[0] == "decide":
            _, seat, view = self.now
            actor, legal = f"p{seat + 1}", [{"action": OURS[m]} for m in view["moves"]]
            hands, dealer = view["hands"], view["dealer"]
        else:
            result = self.now[1]
            actor, legal = "terminal", []
            hands = [s["cards"] for s in result["seats"]]
            dealer = result["dealer"]["cards"]
        shown: dict[str, Any] = {f"p{i + 1}": [list(h)] for i, h in enumerate(hands)}
        shown["banker"] = list(dealer)
        return {"actor": actor, "legal": legal, "hands": shown}

    def final(self) -> dict[str, Any] | None:
        if self.now[0] != "finished":
            self.bridge.moves.put(None)  # end the engine's thread
            return None
        result = self.now[1]
        seats = [{"seat": f"p{i + 1}", "net": s["won"],
                  "hands": [{"cards": s["cards"], "total": s["total"], "class": _class(s),
                             "stakes": [s["stake"]], "net": s["won"]}]}
                 for i, s in enumerate(result["seats"])]
        dealer = result["dealer"]
        banker = {"cards": dealer["cards"], "total": dealer["total"], "class": _class(dealer),
                  "net": -sum(s["won"] for s in result["seats"])}
        return {"seats": seats, "banker": banker, "ended_early": result["peeked"]}


def _class(hand: dict[str, Any]) -> str:
    if hand["total"] > 21:
        return "bust"
    return "pontoon" if hand["blackjack"] else "total"


def play(vector: dict[str, Any]) -> dict[str, Any]:
    """The trace of one stripped vector: every step handed to minijack as it comes."""
    game = Round(vector)
    steps: list[dict[str, Any]] = []
    for step in vector["steps"]:
        if "expect" in step:
            steps.append(game.expect())
        elif "do" in step:
            steps.append({"code": game.do(step["do"])})
        else:
            steps.append({"code": game.reject(step["reject"])})
    return {"steps": steps, "final": game.final()}


def metadata() -> dict[str, Any]:
    """The start reply."""
    return {"name": "minijack", "version": "1.0", "protocol": 1, "language": "python",
            "rulesets": [RULESET]}


# -- the protocol: JSON lines on stdin/stdout, the standard library only ---------------------


def answer(vector: dict[str, Any]) -> dict[str, Any]:
    """The reply to one vector: its trace, skipped, or `errored` with the reason."""
    if vector["ruleset"].get("id") != RULESET:
        return {"skipped": True, "message": f"this harness plays {RULESET} only"}
    try:
        return {"trace": play(vector)}
    except TraceError as e:
        return {"errored": True, "context": {"message": str(e)}}


def serve() -> None:
    """Answer requests line by line until `stop` or the end of input."""
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "start":
            reply = metadata()
        elif request.get("cmd") == "run":
            reply = {"seq": request["seq"], **answer(request["vector"])}
        else:
            return
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


def one_shot() -> None:
    """`--one-shot`: one stripped vector on stdin, the reply on stdout."""
    sys.stdout.write(json.dumps(answer(json.loads(sys.stdin.read()))) + "\n")


if __name__ == "__main__":
    one_shot() if "--one-shot" in sys.argv[1:] else serve()
