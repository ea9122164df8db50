"""Judge a trace against a vector: the first differing path, expected vs got.

Only the fields a vector gives are compared; `legal` lists compare as sets;
a trace step answers an `expect` with what it saw and a `do`/`reject` with the
refusal `code` (null when the action was accepted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MISSING = "<missing>"
NOT_OVER = "<round not over>"
"""What a trace's `final: null` reads as: the implementation did not finish the round."""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Where a trace first differs from a vector."""

    path: str
    expected: Any
    got: Any

    def __str__(self) -> str:
        return f"{self.path}: expected {_show(self.expected)}, got {_show(self.got)}"


def _show(value: Any) -> str:
    import json

    if value == NOT_OVER:
        return "null: the round is not over"
    return value if value == MISSING else json.dumps(value, ensure_ascii=False)


def expected_steps(vector: dict[str, Any]) -> list[dict[str, Any]]:
    """What each trace step should hold: the `expect` fields, or the refusal code."""
    out = []
    for step in vector["steps"]:
        if "expect" in step:
            out.append(step["expect"])
        elif "do" in step:
            out.append({"code": None})
        else:
            out.append({"code": step["reject"]["code"]})
    return out


def shape_problem(trace: Any, steps: int) -> str | None:
    """Why `trace` is not a trace at all (a protocol error), or None."""
    if not isinstance(trace, dict):
        return "the trace is not a JSON object"
    if not isinstance(trace.get("steps"), list):
        return "the trace lacks a 'steps' list"
    if len(trace["steps"]) > steps:
        return f"the trace has {len(trace['steps'])} steps for a vector of {steps}"
    if not all(isinstance(s, dict) for s in trace["steps"]):
        return "a trace step is not a JSON object"
    final = trace.get("final")
    if final is not None and not isinstance(final, dict):
        return "the trace's 'final' is not an object"
    return None


def judge(expected: list[dict[str, Any]], final: dict[str, Any], trace: dict[str, Any]
          ) -> Mismatch | None:
    """The first difference between the expected steps/final and `trace`, or None."""
    got_steps = trace["steps"]
    for i, want in enumerate(expected):
        if i >= len(got_steps):
            return Mismatch(f"steps[{i}]", want, MISSING)
        got = got_steps[i]
        if want == got:  # the common case, at C speed
            continue
        found = compare(want, got, f"steps[{i}]")
        if found:
            return found
    if "final" in trace and trace["final"] is None:
        return Mismatch("final", final, NOT_OVER)
    got_final = trace.get("final")
    return None if final == got_final else compare(final, got_final, "final")


def compare(want: Any, got: Any, path: str) -> Mismatch | None:
    """Compare `got` with `want`, looking only at the keys `want` gives."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return Mismatch(path, want, got if got is not None else MISSING)
        for key, value in want.items():
            sub = f"{path}.{key}"
            if key not in got:
                return Mismatch(sub, value, MISSING)
            found = _compare_legal(value, got[key], sub) if key == "legal" else compare(
                value, got[key], sub)
            if found:
                return found
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return Mismatch(path, want, got)
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            found = compare(w, g, f"{path}[{i}]")
            if found:
                return found
        return None
    if want != got or type(want) is not type(got) and not _same_number(want, got):
        return Mismatch(path, want, got)
    return None


def _same_number(a: Any, b: Any) -> bool:
    return (isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool)
            and not isinstance(b, bool) and a == b)


def _compare_legal(want: Any, got: Any, path: str) -> Mismatch | None:
    if not isinstance(got, list) or not all(isinstance(o, dict) for o in got):
        return Mismatch(path, want, got)
    if legal_key(want) != legal_key(got):
        return Mismatch(path, sorted_legal(want), sorted_legal(got))
    return None


def legal_key(options: list[dict[str, Any]]) -> frozenset[tuple[Any, Any, Any]]:
    """A legal-action list as a set of (action, min, max)."""
    return frozenset((o.get("action"), o.get("min"), o.get("max")) for o in options)


def sorted_legal(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal actions in a stable order, for messages."""
    return sorted(options, key=lambda o: (str(o.get("action")), o.get("min") or 0))
