"""Cross-field checks of the totals a ruleset names against its bust limit.

`pack.bust_above` is the highest total a hand may have (21 in every game of the family
but Sette e mezzo's 7½). A standing, sticking or doubling total above it can never be
reached by a live hand, and a named hand's `max_total` left at its default 21 above a
lower limit would hold busted hands: each is a problem naming the field and the limit (a
`max_total` written above the limit is a hand that may be held over it, as two aces of 11
make 22).
Every total must also be a whole number of the pack's units (a half where a card is
worth a half), which `Points` already keeps exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pontoon_rules.ruleset.format.points import points_text

Check = Any
"""`(ruleset) -> str | None`."""


def _limit(r: Any) -> Fraction:
    return Fraction(r.pack.bust_above)


def _above(r: Any, where: str, value: Fraction | int | None) -> str | None:
    limit = _limit(r)
    if value is None or value <= limit:
        return None
    return (f"{where} ({points_text(value)}) is above pack.bust_above "
            f"({points_text(limit)}): no hand that is not bust reaches it")


def _check_player_totals(r: Any) -> str | None:
    p = r.player
    found = [_above(r, "player.stick_minimum", p.stick_minimum)]
    if p.double.totals is not None:
        found.append(_above(r, "player.double.totals", max(p.double.totals)))
    if p.surrender.allowed and p.surrender.totals is not None:
        found.append(_above(r, "player.surrender.totals", max(p.surrender.totals)))
    return "; ".join(f for f in found if f) or None


def _check_banker_totals(r: Any) -> str | None:
    b = r.banker
    found = [_above(r, "banker.stand_on", b.stand_on),
             _above(r, "banker.must_stand_at", b.must_stand_at),
             _above(r, "banker.calls_off_at", max(b.calls_off_at or [0]))]
    return "; ".join(f for f in found if f) or None


def _check_hand_totals(r: Any) -> str | None:
    """A named hand's highest total left at its default (21) above a lower bust limit
    would hold busted hands."""
    limit, bad = _limit(r), []
    for hand_id, d in r.hands.definitions.items():
        where = f"hands.definitions.{hand_id}"
        written = "max_total" in getattr(d, "model_fields_set", {"max_total"})
        if d.max_total is not None and d.max_total > limit and not written:
            bad.append(f"{where}.max_total is left at its default "
                       f"({points_text(d.max_total)}), above pack.bust_above "
                       f"({points_text(limit)}): write the bust limit, or a higher total (or "
                       "null) for a hand that may be held over it")
    return "; ".join(bad) or None


CHECKS: tuple[Check, ...] = (_check_player_totals, _check_banker_totals, _check_hand_totals)
"""The checks of the totals against the bust limit."""
