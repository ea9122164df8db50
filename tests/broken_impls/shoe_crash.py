"""Broken on purpose (as RLCard is with many players on one deck): the harness crashes
when the pack runs out in the middle of a deal."""

from __future__ import annotations

import sys

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.engine.round.state import RoundState


def _refill(self):  # type: ignore[no-untyped-def]
    sys.stderr.write("ValueError: a cannot be empty unless no samples are taken\n")
    sys.stderr.flush()
    raise SystemExit(1)


RoundState._refill = _refill
harness.main()
