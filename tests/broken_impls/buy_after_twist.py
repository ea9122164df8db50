"""Broken on purpose: a hand that has twisted may still buy."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.engine.round import legal

original = legal.buy_range


def buy_range(hand, rules, cap=None):  # type: ignore[no-untyped-def]
    twisted, hand.twisted = hand.twisted, False
    try:
        return original(hand, rules, cap)
    finally:
        hand.twisted = twisted


legal.buy_range = buy_range
harness.main()
