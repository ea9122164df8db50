#!/usr/bin/env python3
"""A conformance harness for Gymnasium's Blackjack-v1 (pip package `gymnasium`), both modes.

    pontoon-rules conformance export examples/harness-gymnasium/gymnasium-blackjack-sab.yaml \\
        examples/harness-gymnasium/gymnasium-blackjack-natural.yaml -o v/
    pontoon-rules conformance run --impl "python examples/harness-gymnasium/harness.py" v/

The ruleset id chooses the mode: `gymnasium-blackjack-sab` plays
`BlackjackEnv(sab=True)`, `gymnasium-blackjack-natural` plays
`BlackjackEnv(natural=True)`. The environment draws its cards with the module's
`draw_card(np_random)` (values 1-10, an infinite deck); the adapter replaces that
function by one that takes the next card of the vector's stacked shoe, so the
environment deals exactly the vector's cards, in its own order. `twist`/`stick`
become actions 1/0. Cards, totals and classes are reported from the environment's
own hands (`env.player`, `env.dealer`, `sum_hand`, `is_bust`, `is_natural`), with each
value shown as the shoe card it came from. Money is the reward times the stake,
rounded down to whole minor units (a 3:2 win on an odd stake), as the rulesets say.

It needs only `gymnasium` and the standard library (not pontoon-rules): the protocol
loop is the last few functions of this file.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from gymnasium.envs.toy_text import blackjack

MODES = {"gymnasium-blackjack-sab": {"sab": True},
         "gymnasium-blackjack-natural": {"natural": True}}
HIT, STICK = 1, 0
WORDS = {"twist": HIT, "hit": HIT, "stick": STICK, "stand": STICK}
VALUES = {**{str(n): n for n in range(2, 10)}, "A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


class Round:
    """One Blackjack-v1 episode whose cards come from a stacked shoe."""

    def __init__(self, vector: dict[str, Any]) -> None:
        mode = MODES.get(vector["ruleset"]["id"])
        if mode is None or len(vector["stakes"]) != 1:
            raise TraceError(f"this harness plays {', '.join(MODES)} with one seat")
        self.stake = vector["stakes"][0]
        self.shoe = list(vector["shoe"])
        self.dealt: list[str] = []
        blackjack.draw_card = self.draw_card
        self.env = blackjack.BlackjackEnv(**mode)
        self.env.reset(seed=0)
        self.reward: float | None = None

    def draw_card(self, np_random: Any) -> int:
        if not self.shoe:
            raise TraceError("the stacked shoe ran out")
        card = self.shoe.pop(0)
        self.dealt.append(card)
        return VALUES[card[0]]

    def codes(self, hand: list[int], owner: str) -> list[str]:
        """The shoe cards behind the environment's hand values (checked value by value)."""
        picked = _split(self.dealt, self.env, owner)
        if [VALUES[c[0]] for c in picked] != hand:
            raise TraceError(f"the environment's {owner} hand {hand} is not the shoe's {picked}")
        return picked

    def actor(self) -> str:
        return "terminal" if self.reward is not None else "p1"

    def observe(self) -> dict[str, Any]:
        legal = [] if self.reward is not None else [{"action": "stick"}, {"action": "twist"}]
        return {"actor": self.actor(), "legal": legal,
                "hands": {"p1": [self.codes(self.env.player, "player")],
                          "banker": self.codes(self.env.dealer, "dealer")}}

    def refusal(self, move: dict[str, Any]) -> str | None:
        if self.reward is not None or move.get("actor") != "p1":
            return "wrong_actor"
        if move.get("action") not in WORDS:
            return "illegal_action"
        return "bad_amount" if move.get("amount") is not None else None

    def apply(self, word: str) -> None:
        _, reward, terminated, _, _ = self.env.step(WORDS[word])
        if terminated:
            self.reward = float(reward)

    def final(self) -> dict[str, Any] | None:
        if self.reward is None:
            return None
        net = math.floor(self.reward * self.stake)
        player = self.codes(self.env.player, "player")
        dealer = self.codes(self.env.dealer, "dealer")
        hand = {"cards": player, "total": blackjack.sum_hand(self.env.player),
                "class": _class(self.env.player), "stakes": [self.stake], "net": net}
        return {"seats": [{"seat": "p1", "hands": [hand], "net": net}],
                "banker": {"cards": dealer, "total": blackjack.sum_hand(self.env.dealer),
                           "class": _class(self.env.dealer), "net": -net},
                "ended_early": False}


def _class(hand: list[int]) -> str:
    if blackjack.is_bust(hand):
        return "bust"
    return "pontoon" if blackjack.is_natural(hand) else "total"


def _split(dealt: list[str], env: Any, owner: str) -> list[str]:
    """The dealer's cards are dealt first (2), then the player's (2), then the player's
    hits, then the dealer's draws (the environment's own order)."""
    player_count = len(env.player)
    dealer = dealt[:2] + dealt[4 + player_count - 2:]
    player = dealt[2:4] + dealt[4:4 + player_count - 2]
    return player if owner == "player" else dealer


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
            game.apply(move["action"])
    return {"steps": steps, "final": game.final()}


def metadata() -> dict[str, Any]:
    """The start reply."""
    from importlib.metadata import version

    return {"name": "Gymnasium Blackjack-v1", "version": version("gymnasium"), "protocol": 1,
            "language": "python", "homepage": "https://gymnasium.farama.org/environments/toy_text/blackjack/",
            "rulesets": list(MODES)}


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
