"""Rulesets in words: values as a card player reads them, grouped by topic.

Each field's row carries the provenance entry that proves it (its own, else the
nearest section's), and a field that cannot matter in the game (see
`relevance.applies`) reads "not in this game" instead of a value.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pontoon_rules.ruleset.format.fields import (
    describe,
    has_path,
    leaf_paths,
    plain,
    provenance_for,
    ruleset_paths,
    value_at,
)
from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset
from pontoon_rules.ruleset.format.points import points_text
from pontoon_rules.ruleset.resolving.money import money_words, value_in_money
from pontoon_rules.ruleset.resolving.relevance import NOT_IN_THIS_GAME, applies

NOT_DEFINED = "no such hand"
"""The text of a named hand's field where the ruleset does not define that hand (in the
catalogs through `docs.words.values.WORDS`: a page prints it translated)."""

TOPICS: dict[str, str] = {
    "pack": "The pack",
    "table": "The table",
    "deal": "The deal",
    "faces": "What lies face up",
    "stakes": "Stakes and buying",
    "player": "Your turn",
    "banker": "The banker's turn",
    "hands": "Special hands and ranking",
    "settlement": "Settlement",
    "between_deals": "Between deals",
    "shoot": "Shoot Pontoon",
    "side_bets": "Side bets",
}
assert set(TOPICS) == set(SECTIONS)

_EMPTY_MEANS = {
    "stick_minimum": "none", "max_stake": "no limit", "max_cards": "no limit",
    "max_hands": "no limit", "draws_after": "no limit", "totals": "any total",
}
_CHOICE_WORDS = {"settlement.odd_amounts": {
    "round-down": "rounded down", "round-up": "rounded up",
    "round-half-up": "rounded to the nearest unit (a half up)",
    "round-half-even": "rounded to the nearest unit (a half to the even unit)",
    "exact": "exact (stakes must be multiples of the payouts' denominators)"}}
"""Choices read in words rather than as their keyword."""
_FRACTIONS = ("max_fraction", "surrender.returns")
"""Fields holding a fraction of the stake (num, den)."""


def format_value(path: str, value: Any) -> str:
    """A field value in words: yes/no, 'no limit', '1, 2', '3:2', 7½, outcome exceptions."""
    if isinstance(value, Fraction):
        return points_text(value)
    if isinstance(value, dict) and any(isinstance(v, Fraction) and v.denominator != 1
                                       for v in value.values()):
        return ", ".join(f"{plain(k)} {points_text(v)}" for k, v in value.items())
    value = plain(value)
    if isinstance(value, dict) and value.get("agreed") is True:
        default = format_value(path, value.get("default"))
        return f"agreed at the table (default: {default})"
    if path == "settlement.outcomes":
        return "; ".join(outcome_words(rule) for rule in value) if value else "none"
    if value is None:
        return _EMPTY_MEANS.get(path.rsplit(".", 1)[-1], "none")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if path.endswith(_FRACTIONS):
            return f"{value[0]}/{value[1]} of the stake"
        return ", ".join(str(v) for v in value)
    if isinstance(value, str) and value in _CHOICE_WORDS.get(path, {}):
        return _CHOICE_WORDS[path][value]
    if isinstance(value, float):
        return f"{value:.0%}" if path.endswith("penetration") else str(value)
    return str(value)


def ruleset_value_text(ruleset: Ruleset, path: str, value: Any) -> str:
    """`format_value`, with an amount in the ruleset's money where it names one
    (`stakes.money`: 500000 cents reads '$5,000') and that money itself in words."""
    if path == "stakes.money":
        return money_words(ruleset.stakes.money)
    found = value_in_money(path, plain(value), ruleset.stakes.money)
    return found if found is not None else format_value(path, value)


_RESULT_WORDS = {"win": "wins", "lose": "loses", "push": "pushes",
                 "by-total": "the higher total wins"}


def outcome_words(rule: dict[str, Any]) -> str:
    """One exception of `settlement.outcomes` in words.

    {player: twenty-one, banker: pontoon, result: push} -> "a player's twenty-one
    against the banker's pontoon: pushes"; a payout reads "wins 3:2" / "loses 2:1".
    """
    banker = "a banker who busts" if rule["banker"] == "bust" else f"the banker's {rule['banker']}"
    result = _RESULT_WORDS.get(rule["result"], rule["result"])
    pays = f" {rule['pays']}" if rule.get("pays") else ""
    return f"a player's {rule['player']} against {banker}: {result}{pays}"


def label(path: str) -> str:
    """A short label for a field path: 'player.split.max_hands' -> 'split: max hands'."""
    parts = path.split(".")[1:] or path.split(".")
    if parts[0] == "definitions" and len(parts) > 1:
        parts = parts[1:]
    words = [p.replace("_", " ") for p in parts]
    return ": ".join(words)


def paths_by_topic(*rulesets: Ruleset) -> dict[str, list[str]]:
    """Every field path, grouped by its top-level section: the schema's leaf paths, or with
    rulesets given, their paths with each named hand's fields (`fields.ruleset_paths`)."""
    grouped: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for path in ruleset_paths(*rulesets) if rulesets else leaf_paths():
        grouped[path.split(".", 1)[0]].append(path)
    return grouped


def field_row(ruleset: Ruleset, path: str) -> dict[str, Any]:
    """One field of `ruleset` as a row: path, description, value and provenance.

    `applies` is False for a field that cannot matter in the game; its `text` is then
    "not in this game" and it is never `open` (its value is kept in `value`).
    """
    prov = provenance_for(ruleset, path)
    present = has_path(ruleset, path)
    in_game = present and applies(ruleset, path)
    value = value_at(ruleset, path) if present else None
    return {
        "path": path,
        "description": describe(path),
        "value": plain(value),
        "text": (ruleset_value_text(ruleset, path, value) if in_game
                 else NOT_IN_THIS_GAME if present else NOT_DEFINED),
        "applies": in_game,
        "source": prov.source if prov else "",
        "quote": prov.quote if prov else "",
        "status": prov.status.value if prov else "",
        "note": prov.note if prov else "",
        "note_translations": dict(prov.translations) if prov else {},
        "open": bool(prov and prov.open and in_game),
    }


def differing_paths(rulesets: list[Ruleset]) -> list[str]:
    """The field paths (`fields.ruleset_paths`) whose value is not the same in all of
    `rulesets` (a named hand only some define differs as a whole)."""
    return [p for p in ruleset_paths(*rulesets)
            if len({repr(_value(r, p)) for r in rulesets}) > 1]


def _value(ruleset: Ruleset, path: str) -> Any:
    return plain(value_at(ruleset, path)) if has_path(ruleset, path) else NOT_DEFINED


def open_questions(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The fields whose provenance marks them as a reading of a silent/ambiguous source."""
    return [row for p in ruleset_paths(ruleset) if (row := field_row(ruleset, p))["open"]]
