"""Shared helpers for engine tests: play a stacked round in one line."""

from __future__ import annotations

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.scripts.script import ScriptRun, play
from pontoon_rules.ruleset.loading.loader import load_ruleset


def run(ruleset: str, stakes: list[int], shoe: str, actions: str = "") -> ScriptRun:
    """Play a round: `shoe` and `actions` as text, actions separated by commas."""
    rules = compile_rules(load_ruleset(ruleset))
    steps = [a.strip() for a in actions.split(",") if a.strip()]
    return play(rules, stakes, parse_cards(shoe.split()), steps)


def nets(result: ScriptRun) -> list[int]:
    """Each seat's net, then the banker's."""
    return [s.net for s in result.result.seats] + [result.result.banker_net]
