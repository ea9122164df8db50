"""Broken on purpose: a tie (same class and total) is paid to the player."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.engine.round import results, settle
from pontoon_rules.engine.round.hand import classify, total

original = settle.settle_hand


def settle_hand(hand, banker, rules, bank_cls=None):  # type: ignore[no-untyped-def]
    cls, bank = classify(hand, rules), classify(banker, rules, banker=True)
    if cls == bank and cls != "bust" and total(hand, rules.ace_bonus) == total(
            banker, rules.ace_bonus):
        return settle.player_wins(hand, cls, rules)
    return original(hand, banker, rules, bank_cls)


results.settle_hand = settle_hand
harness.main()
