#!/usr/bin/env python3
"""A conformance harness for OpenSpiel's blackjack (pip package `open-spiel`, module pyspiel).

    pontoon-rules conformance export examples/harness-openspiel/openspiel-blackjack.yaml -o v/
    pontoon-rules conformance run --impl "python examples/harness-openspiel/harness.py" v/
    pontoon-rules conformance fuzz examples/harness-openspiel/openspiel-blackjack.yaml \\
        --impl "python examples/harness-openspiel/harness.py" --rounds 2000

The adapter only translates: the vector's stacked shoe becomes OpenSpiel's chance
actions (card = suit * 13 + rank, suits C D H S), `twist`/`stick` become Hit/Stand,
and what it reports (whose turn, legal actions, cards, settlement) is read back from
the pyspiel state. Money comes from `state.returns()` times the stake. Totals and
classes are computed from the cards (OpenSpiel does not expose them): the best
total, a bust hand's hard total, class `bust` or `total` (a natural is just 21 here).

It needs only `pyspiel` and the standard library (not pontoon-rules): the protocol
loop is the last few functions of this file.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import pyspiel

RULESET = "openspiel-blackjack"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
HIT, STAND = 0, 1
WORDS = {"twist": HIT, "hit": HIT, "stick": STAND, "stand": STAND}
GAME = pyspiel.load_game("blackjack")


def to_action(code: str) -> int:
    """Our card code ('AS') as OpenSpiel's chance action (suit * 13 + rank)."""
    return SUITS.index(code[1]) * 13 + RANKS.index(code[0])


def from_spiel(text: str) -> str:
    """OpenSpiel's card text ('CA') as our card code ('AC')."""
    return text[1] + text[0]


def cards(state: pyspiel.State) -> tuple[list[str], list[str]]:
    """The player's and the dealer's cards, read from the state's text."""
    text = str(state)
    player = re.search(r"Player 0: Cards: ?(.*)", text)
    dealer = re.search(r"Dealer: Cards: ?(.*)", text)
    found = [[from_spiel(c) for c in (m.group(1).split() if m else [])]
             for m in (player, dealer)]
    return found[0], found[1]


def total(hand: list[str]) -> int:
    """The best total (an ace counts 11 when that does not bust), else the hard total."""
    hard = sum(min(RANKS.index(c[0]) + 1, 10) for c in hand)
    return hard + 10 if any(c[0] == "A" for c in hand) and hard + 10 <= 21 else hard


def hand_class(hand: list[str]) -> str:
    return "bust" if total(hand) > 21 else "total"


class Round:
    """One OpenSpiel blackjack round driven by a stacked shoe."""

    def __init__(self, vector: dict[str, Any]) -> None:
        if vector["ruleset"]["id"] != RULESET or len(vector["stakes"]) != 1:
            raise TraceError(f"this harness plays {RULESET} with one seat")
        self.stake = vector["stakes"][0]
        self.shoe = [to_action(c) for c in vector["shoe"]]
        self.state = GAME.new_initial_state()
        self.deal()

    def deal(self) -> None:
        while self.state.is_chance_node():
            if not self.shoe:
                raise TraceError("the stacked shoe ran out")
            self.state.apply_action(self.shoe.pop(0))

    def actor(self) -> str:
        return "terminal" if self.state.is_terminal() else "p1"

    def observe(self) -> dict[str, Any]:
        legal = [] if self.state.is_terminal() else self.state.legal_actions()
        words = {HIT: "twist", STAND: "stick"}
        player, dealer = cards(self.state)
        return {"actor": self.actor(), "legal": [{"action": words[a]} for a in legal],
                "hands": {"p1": [player], "banker": dealer}}

    def refusal(self, move: dict[str, Any]) -> str | None:
        if self.state.is_terminal() or move.get("actor") != "p1":
            return "wrong_actor"
        action = WORDS.get(move.get("action", ""))
        if action is None or action not in self.state.legal_actions():
            return "illegal_action"
        return "bad_amount" if move.get("amount") is not None else None

    def final(self) -> dict[str, Any] | None:
        if not self.state.is_terminal():
            return None
        player, dealer = cards(self.state)
        net = round(self.state.returns()[0] * self.stake)
        hand = {"cards": player, "total": total(player), "class": hand_class(player),
                "stakes": [self.stake], "net": net}
        return {"seats": [{"seat": "p1", "hands": [hand], "net": net}],
                "banker": {"cards": dealer, "total": total(dealer), "class": hand_class(dealer),
                           "net": -net},
                "ended_early": False}


def play(vector: dict[str, Any]) -> dict[str, Any]:
    """A stripped vector in, its trace out."""
    game = Round(vector)
    steps: list[dict[str, Any]] = []
    for step in vector["steps"]:
        if "expect" in step:
            steps.append(game.observe())
            continue
        move = step.get("do") or step["reject"]
        code = game.refusal(move)
        steps.append({"code": code})
        if code is None and "do" in step:
            game.state.apply_action(WORDS[move["action"]])
            game.deal()
    return {"steps": steps, "final": game.final()}


def metadata() -> dict[str, Any]:
    """The start reply."""
    from importlib.metadata import version

    return {"name": "OpenSpiel blackjack", "version": version("open-spiel"), "protocol": 1,
            "language": "python (pyspiel)",
            "homepage": "https://github.com/google-deepmind/open_spiel",
            "rulesets": [RULESET]}


# -- the protocol: JSON lines on stdin/stdout, the standard library only ---------------------


class TraceError(Exception):
    """The round cannot be played from this vector (answered as `errored`)."""


def answer(play_vector: Any, vector: dict[str, Any]) -> dict[str, Any]:
    """The reply to one vector: its trace, or `errored` with the reason."""
    try:
        return {"trace": play_vector(vector)}
    except TraceError as e:
        return {"errored": True, "context": {"message": str(e)}}


def serve(play_vector: Any, meta: dict[str, Any]) -> None:
    """Answer `start`, `run` and `stop` requests, one JSON object a line, in order."""
    for line in sys.stdin:
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "stop":
            return
        if cmd == "start":
            reply = meta
        else:
            reply = {"seq": request.get("seq"), **answer(play_vector, request["vector"])}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def one_shot(play_vector: Any) -> None:
    """`--one-shot`: the vector is the whole of stdin, the reply the whole of stdout."""
    sys.stdout.write(json.dumps(answer(play_vector, json.loads(sys.stdin.read()))) + "\n")


if __name__ == "__main__":
    if "--one-shot" in sys.argv[1:]:
        one_shot(play)
    else:
        serve(play, metadata())
