"""The conformance kit: vectors any Pontoon implementation can run, and a runner that judges it.

    model      the vector format (pydantic), canonical JSON, ids, the JSON Schema
    examples   worked examples of every rule, as data
    build      a round script (+ probes) -> a vector, expectations from the engine
    generate   the worked examples, comparison records and seeded coverage rounds
    export     the suite as files (reproducible), and loading it back
    check      a suite's own checks (schema, ids, hashes, cards, money, reference)
    reference  the engine playing a stripped vector; `harness` puts it behind the protocol
    protocol   JSON lines to a harness process; `runner` judges each vector; `report`
    fuzz       differential fuzzing with shrinking
    suitefiles reading a suite from disk defensively; validate: the schema, one line a problem
    probes     vectors that probe where implementations break; vectorid: `conformance id`
    smoke      one round per listed ruleset: protocol problems apart from rule differences

This module stays import-light so that harnesses start fast.
"""

from __future__ import annotations

from pontoon_rules.errors import PontoonError


class ConformanceError(PontoonError):
    """A conformance run, check or fuzz found an implementation (or a suite) wanting."""


class InvalidVectorsError(ConformanceError, ValueError):
    """Vectors that cannot be played as they are (invalid input: exit status 2)."""

    exit_status = 2


__all__ = ["ConformanceError", "InvalidVectorsError"]
