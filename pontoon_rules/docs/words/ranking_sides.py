"""Which side may hold each named hand of a ruleset's ranking, and how the ranking's hands
meet: the facts the settlement's sentences and the sheet's payout key read about the
ranking itself, not about one hand's words (`docs.words.hands`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST, WIN


def one_side_only(ruleset: Ruleset) -> dict[str, tuple[list[str], list[str]]]:
    """For each side ('banker', 'player') that cannot hold some ranked named hand the other
    side can: the ranked named hands it never holds, and those it does (its same cards rank
    as the next name they fit)."""
    ranked = list(ruleset.hands.ranked())
    out = {}
    for side, mine, other in (("banker", "banker_can_hold", "player_can_hold"),
                              ("player", "player_can_hold", "banker_can_hold")):
        never = [h for h, d in ranked if getattr(d, other) and not getattr(d, mine)]
        if never:
            out[side] = (never, [h for h, d in ranked if getattr(d, mine)])
    return out


def names_only(ruleset: Ruleset, outright: list[str]) -> bool:
    """Whether the order of named hands only names cards that fit several (each a player's
    wins whatever, `outright`; the banker's only the top one): Spanish 21's read as worth."""
    named, banker = ([h for h, d in ruleset.hands.ranked() if getattr(d, f"{side}_can_hold")]
                     for side in ("player", "banker"))
    return bool(outright) and sorted(outright) == sorted(named) and banker == named[:1]


def overlapping(ruleset: Ruleset) -> bool:
    """Whether one hand can fit two named hands of the ranking (their numbers of cards
    meet): the engine counts it as the first, the highest."""
    ranges = [d.cards_range for _h, d in ruleset.hands.ranked()]
    return any(max(a[0], b[0]) <= min(a[1] or 99, b[1] or 99)
               for i, a in enumerate(ranges) for b in ranges[i + 1:])


def wins_whatever(table: Mapping[tuple[str, str], Any], hand_id: str) -> bool:
    """Whether a player's `hand_id` wins against every hand of the banker's but a bust, in
    the outcome table `table` (`docs.words.reach.decided_table`)."""
    cells = [c for (p, b), c in table.items() if p == hand_id and b != BUST]
    return bool(cells) and all(c.result is WIN for c in cells)
