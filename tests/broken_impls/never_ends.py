"""Broken on purpose: it plays every step but never finishes the round (the banker's
play and the settlement are left out), so every trace's `final` is null."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference

original = reference.trace


def trace(rules, stakes, shoe, steps):  # type: ignore[no-untyped-def]
    return {**original(rules, stakes, shoe, steps), "final": None}


reference.trace = trace
harness.main()
