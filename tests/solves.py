"""The realistic table's solves counted: a test that a stored edge is read, not solved."""

from __future__ import annotations

from typing import Any

import pytest

import pontoon_rules.analysis.present.realistic as realistic


def count_solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets, for each `solve_variants` the realistic table calls, how many
    variants it was given (the real one still solves them)."""
    calls: list[int] = []
    real = realistic.solve_variants

    def counting(base: Any, variants: list[Any], *args: Any, **kwargs: Any) -> Any:
        calls.append(len(variants))
        return real(base, variants, *args, **kwargs)

    monkeypatch.setattr(realistic, "solve_variants", counting)
    return calls
