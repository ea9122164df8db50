"""Sizes of the slow cross-checks: meaningful but small in `make test`, full in
`make test-long` (`PONTOON_TEST_LONG=1`). Each caller says what its small size can detect."""

from __future__ import annotations

import os

LONG = os.environ.get("PONTOON_TEST_LONG") == "1"
"""Whether this run uses the full sizes."""


def size(short: int, full: int) -> int:
    """`full` in a long run, else `short`."""
    return full if LONG else short
