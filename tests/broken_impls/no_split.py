"""Broken on purpose: splitting is never offered."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.engine.round import legal

legal.can_split = lambda hand, hands_held, rules: False
harness.main()
