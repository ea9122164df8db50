"""Sample rounds found by the engine: seeded deals played by the automatic policies.

A rule sheet shows one or two of them as worked examples. They are found by
playing seeded rounds under the ruleset itself (no ruleset is special-cased) and
kept as round scripts, so every example shown can be replayed with
`pontoon-rules play --script`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from pontoon_rules.engine.cards import parse_cards
from pontoon_rules.engine.policies import automatic
from pontoon_rules.engine.record import record_round
from pontoon_rules.engine.results import RoundResult
from pontoon_rules.engine.rules import compile_rules
from pontoon_rules.engine.script import play
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.model import Ruleset

STAKE = 100
"""The stake an example round uses when the ruleset's limits allow it."""
SEARCH_LIMIT = 400

Wanted = Callable[[RoundResult], bool]


class ExampleError(PontoonError):
    """The engine could not play an example round under a ruleset (named in the message)."""


def _player_wins_special(result: RoundResult) -> bool:
    hand = result.seats[0].hands[0]
    return hand.net > 0 and hand.hand_class != "total"


def _player_buys_and_loses(result: RoundResult) -> bool:
    hand = result.seats[0].hands[0]
    return hand.net < 0 and len(hand.cards) >= 3


WANTED: tuple[Wanted, ...] = (_player_wins_special, _player_buys_and_loses)


def example_stake(ruleset: Ruleset, wanted: int = STAKE) -> int:
    """`wanted`, moved inside the ruleset's stake limits (min_stake, max_stake)."""
    low, high = ruleset.stakes.limits()
    stake = max(wanted, low)
    if high is not None:
        stake = min(stake, high)
    return stake


def _seeded_round(ruleset: Ruleset, rng: random.Random) -> dict[str, Any]:
    return record_round(compile_rules(ruleset), [example_stake(ruleset)], rng, automatic)


def replay(ruleset: Ruleset, script: dict[str, Any]) -> dict[str, Any]:
    """Replay `script` under `ruleset`: the contract's JSON (seats, banker, transcript)."""
    run = play(compile_rules(ruleset), list(script["stakes"]), parse_cards(script["shoe"]),
               list(script["actions"]))
    return run.to_json()


_FOUND: dict[str, tuple[str, ...]] = {}


def _sample_scripts(ruleset: Ruleset) -> tuple[str, ...]:
    key = ruleset.model_dump_json()
    if key not in _FOUND:
        try:
            _FOUND[key] = _search(ruleset)
        except PontoonError as e:
            raise ExampleError(f"ruleset {ruleset.id!r}: cannot play an example round: "
                               f"{e}") from e
    return _FOUND[key]


def _search(ruleset: Ruleset) -> tuple[str, ...]:
    rng = random.Random(f"sheet:{ruleset.id}")
    found: dict[int, dict[str, Any]] = {}
    for _ in range(SEARCH_LIMIT):
        script = _seeded_round(ruleset, rng)
        result = play(compile_rules(ruleset), script["stakes"], parse_cards(script["shoe"]),
                      script["actions"]).result
        for i, wanted in enumerate(WANTED):
            if i not in found and wanted(result):
                found[i] = script
        if len(found) == len(WANTED):
            break
    return tuple(json.dumps(found[i]) for i in sorted(found))


def sample_rounds(ruleset: Ruleset) -> list[dict[str, Any]]:
    """One or two illustrative rounds under `ruleset`: each a script and its replayed result."""
    rounds = []
    for text in _sample_scripts(ruleset):
        script = json.loads(text)
        rounds.append({"script": script, "result": replay(ruleset, script)})
    return rounds
