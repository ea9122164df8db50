"""The history of the ruleset format: its versions, the fields that moved, and where they went.

A ruleset file says the format it is written in with `schema_version`. The versions:

1. the first schema (the project's skeleton, 2026-11-29, to the stop that defined the
   hands by their cards, 2026-12-01): the classic four hands as fixed sections
   (`hands.pontoon`, `hands.five_card_trick`, ...) with their payouts in
   `settlement.player_payouts` and `settlement.banker_collects`. Fields added meanwhile
   (faces, surrender, side bets, the bank, ...) all had defaults: no file broke.
2. hands defined by their cards (`hands.definitions`), each with what it pays and
   collects: the fields of `MOVES` moved there. Every field added since has a default.

A file without `schema_version` was written before the field existed: it is read as
version 1 where it holds a field of `MOVED`, else as the current version.
The loader reports each old field as an unknown field with where its rule lives now
(`MOVED`); `ruleset.loading.migrate` rewrites a file from this table, so that what moved
where is written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SCHEMA_VERSION = 2
"""The format of the ruleset files written now (a file's `schema_version`)."""

FIRST_VERSION = 1
"""The version of a file written before the format had versions and holding old fields."""


@dataclass(frozen=True)
class Move:
    """One field of an older format: where its value goes now."""

    old: str
    """Its dotted path in the older format."""
    new: str | None
    """Its dotted path now; None where no field holds it now (an old `enabled`: whether
    the hand is in play, now whether `hands.ranking` names it)."""
    values: tuple[tuple[Any, Any], ...] = ()
    """Old value -> new value, where the new field spells it otherwise."""
    version: int = 2
    """The version that moved it (a file older than this one holds it)."""

    def value(self, old: Any) -> Any:
        """The new field's value for the old value `old`."""
        return dict(self.values).get(old, old)


@dataclass(frozen=True)
class OldHand:
    """A classic hand of version 1: its section, the id it has now, and its conditions."""

    section: str
    """Its section in version 1: `hands.<section>`."""
    id: str
    """Its id now (in `hands.ranking` then and now, in `hands.definitions` now)."""
    conditions: tuple[tuple[str, Any], ...]
    """The new fields of its definition that version 1 implied (which cards make it, who
    may hold it, how two compare): written where the definition is new."""


OLD_HANDS: tuple[OldHand, ...] = (
    OldHand("pontoon", "pontoon", (("min_cards", 2), ("max_cards", 2), ("min_total", 21),
                                   ("natural", True))),
    OldHand("five_card_trick", "five-card-trick", (("min_cards", 5),
                                                   ("stick_any_total", True))),
    OldHand("twenty_one", "twenty-one", (("min_cards", 3), ("min_total", 21))),
    OldHand("three_of_a_kind", "three-of-a-kind", (
        ("min_cards", 3), ("max_cards", 3), ("same_rank", True), ("banker_can_hold", False),
        ("compare", "by-total"))),
)
"""Version 1's four hands (its engine: a pontoon is an ace and a ten-point card, two
cards; a trick `cards` cards or more of 21 or less, stuck at any total; a 21 three cards
or more; three of a kind three cards of one rank, a player's only, compared by total)."""

_DEFS = "hands.definitions"


def _hand_moves(hand: OldHand, fields: tuple[tuple[str, str], ...]) -> tuple[Move, ...]:
    return tuple(Move(f"hands.{hand.section}.{old}", f"{_DEFS}.{hand.id}.{new}")
                 for old, new in fields)


def _payouts(section: str, attribute: str, total: str) -> tuple[Move, ...]:
    moves = [Move(f"settlement.{section}.{hand.section}", f"{_DEFS}.{hand.id}.{attribute}")
             for hand in OLD_HANDS
             if not (section == "banker_collects" and hand.section == "three_of_a_kind")]
    return (*moves, Move(f"settlement.{section}.total", total))


_PONTOON, _TRICK, _TWENTY_ONE, _THREE = OLD_HANDS

MOVES: tuple[Move, ...] = (
    Move("player.pontoon_may_draw", f"{_DEFS}.pontoon.may_draw_on"),
    Move("player.split.ace_ten_is_pontoon", f"{_DEFS}.pontoon.on_split_hand"),
    *_hand_moves(_PONTOON, (("banker_can_hold", "banker_can_hold"),)),
    Move("hands.five_card_trick.enabled", None),
    *_hand_moves(_TRICK, (("cards", "min_cards"), ("banker_can_hold", "banker_can_hold"),
                          ("always_wins", "wins_outright"))),
    Move("hands.five_card_trick.ranked_by_total", f"{_DEFS}.five-card-trick.compare",
         values=((True, "by-total"), (False, "equal"))),
    Move("hands.twenty_one.enabled", None),
    Move("hands.three_of_a_kind.enabled", None),
    *_hand_moves(_THREE, (("automatic_win", "wins_outright"),)),
    Move("settlement.pontoon_ties", f"{_DEFS}.pontoon.ties"),
    *_payouts("player_payouts", "pays", "settlement.pays"),
    *_payouts("banker_collects", "collects", "settlement.collects"),
)
"""Every field of an older format, each with where its value goes now."""

_HANDS = "hands are now defined by their cards"
MOVED: dict[str, str] = {
    "hands.pontoon": f"{_HANDS}: write the pontoon under hands.definitions.pontoon",
    "hands.five_card_trick": (f"{_HANDS}: write the trick under "
                              "hands.definitions.five-card-trick (min_cards: 5)"),
    "hands.twenty_one": (f"{_HANDS}: write it under hands.definitions.twenty-one "
                         "(min_cards: 3, min_total: 21)"),
    "hands.three_of_a_kind": (f"{_HANDS}: write it under hands.definitions.three-of-a-kind "
                              "(min_cards: 3, max_cards: 3, same_rank: true)"),
    "settlement.player_payouts": ("what a hand pays is now its own `pays` "
                                  "(hands.definitions.ID.pays; an ordinary total: "
                                  "settlement.pays)"),
    "settlement.banker_collects": ("what the banker's hand collects is now its own "
                                   "`collects` (hands.definitions.ID.collects; an ordinary "
                                   "total: settlement.collects)"),
    "settlement.pontoon_ties": "now hands.definitions.pontoon.ties",
    "player.pontoon_may_draw": "now hands.definitions.pontoon.may_draw_on",
    "player.split.ace_ten_is_pontoon": "now hands.definitions.pontoon.on_split_hand",
}
"""Old dotted path → where the rule is written now: what the loader says of an old field
(each key is a field of `MOVES`, or the section that holds some)."""


def old_blocks(data: Any) -> list[str]:
    """The keys of `MOVED` that the file's data `data` holds, in `MOVED`'s order."""
    return [path for path in MOVED if _holds(data, path)]


def is_old_path(path: str) -> bool:
    """Whether the dotted path `path` names a field of an older format (or its section)."""
    return path in _OLD_PATHS or any(path == p or path.startswith(p + ".") for p in MOVED)


_OLD_PATHS = frozenset(move.old for move in MOVES)


def file_version(data: Any) -> int:
    """The format a file's data is written in: its `schema_version`, else the version its
    fields fit (1 where it holds an old field, or provenance for one; else the current)."""
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool):
        return version
    provenance = data.get("provenance") if isinstance(data, dict) else None
    old_provenance = isinstance(provenance, dict) and any(
        is_old_path(str(key)) for key in provenance)
    return FIRST_VERSION if old_blocks(data) or old_provenance else SCHEMA_VERSION


def _holds(data: Any, path: str) -> bool:
    node = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True
