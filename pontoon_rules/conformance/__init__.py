"""The conformance kit: vectors any Pontoon implementation can run, and a runner that judges it.

Its stages, lowest first (each opens with its own paragraph and one line per module):

- `conformance.vectors`: the vector format (pydantic, canonical JSON, ids, the JSON
  Schema), vectors built by the reference engine and generated per ruleset (worked
  examples, probes, a pack that runs out, dealt and targeted vectors), export and check;
- `conformance.running`: the harness protocol and its processes, the reference harness,
  judging each vector into one status, dealing mode, reports, smoke, new-harness;
- `conformance.fuzzing`: differential fuzzing with shrinking.

This module holds the kit's errors and stays import-light so that harnesses start fast.
"""

from __future__ import annotations

from pontoon_rules.errors import PontoonError


class ConformanceError(PontoonError):
    """A conformance run, check or fuzz found an implementation (or a suite) wanting."""


class InvalidVectorsError(ConformanceError, ValueError):
    """Vectors that cannot be played as they are (invalid input: exit status 2)."""

    exit_status = 2


__all__ = ["ConformanceError", "InvalidVectorsError"]
