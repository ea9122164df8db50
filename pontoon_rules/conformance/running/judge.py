"""Judge a trace against a vector: every differing step (the first is the headline),
expected vs got.

Only the fields a vector gives are compared; `legal` lists compare as sets (without
the action words a harness declared as its `extensions`, unless the vector expects
them); a trace step answers an `expect` with what it saw and a `do`/`reject` with the
refusal `code` (null when the action was accepted). A finer code (`round_over`) is
answered by itself or by the basic code it refines (`wrong_actor`), and where the order of
the checks is free by any code that holds (`model.accepted_codes`); a probe of a
declared extension word may also be accepted. Cards an `expect` lists in `face_down`
(the actor cannot see them) may be answered with null.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.conformance.vectors.model import REFINES, accepted_codes

MISSING = "<missing>"
NOT_OVER = "<round not over>"
"""What a trace's `final: null` reads as: the implementation did not finish the round."""
HIDDEN = "face_down"
"""The `expect` key listing the cards the actor cannot see."""
SHOWN_DIFFERENCES = 12
"""How many differences of a `final` a message lists."""
VALUE_CHARS = 120
"""The most characters of one value a message shows."""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Where a trace first differs from a vector, and every other difference: the first
    of each later differing step, then those of `final`."""

    path: str
    expected: Any
    got: Any
    others: tuple[Mismatch, ...] = field(default=())

    def __str__(self) -> str:
        first = f"{self.path}: expected {show(self.expected)}, got {show(self.got)}"
        if not self.others:
            return first
        lines = [f"{m.path}: expected {show(m.expected)}, got {show(m.got)}"
                 for m in self.others[:SHOWN_DIFFERENCES - 1]]
        more = len(self.others) + 1 - SHOWN_DIFFERENCES
        if more > 0:
            lines.append(f"… and {more} more differences")
        return f"{first}\n  and: " + "\n  and: ".join(lines)


def show(value: Any) -> str:
    """A value for a message: JSON, cut to `VALUE_CHARS` characters."""
    if value == NOT_OVER:
        return "null: the round is not over"
    if value == MISSING:
        return MISSING
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= VALUE_CHARS else f"{text[:VALUE_CHARS - 1]}…"


@dataclass(frozen=True)
class Leniency:
    """What the harness declared that widens what counts as a match."""

    extensions: frozenset[str] = frozenset()
    """Action words it offers beyond the vocabulary."""


STRICT = Leniency()


def expected_steps(vector: dict[str, Any]) -> list[dict[str, Any]]:
    """What each trace step should hold: the `expect` fields, or the refusal code."""
    out = []
    for step in vector["steps"]:
        if "expect" in step:
            out.append(step["expect"])
        elif "do" in step:
            out.append({"code": None})
        else:
            reject = step["reject"]
            out.append({"code": reject["code"], "action": reject.get("action"),
                        "accepted": tuple(sorted(accepted_codes(reject)))})
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


def judge(expected: list[dict[str, Any]], final: dict[str, Any], trace: dict[str, Any],
          leniency: Leniency = STRICT) -> Mismatch | None:
    """The differences between the expected steps/final and `trace`, or None: the first
    (the headline) with every other in `others` (each differing step, then `final`)."""
    every = list(every_difference(expected, final, trace, leniency))
    if not every:
        return None
    return Mismatch(every[0].path, every[0].expected, every[0].got, tuple(every[1:]))


def every_difference(expected: list[dict[str, Any]], final: dict[str, Any],
                     trace: dict[str, Any], leniency: Leniency = STRICT
                     ) -> Iterator[Mismatch]:
    """The first difference of each differing step (the first missing step ends the
    steps), then the differences of `final` (or that the round is not over)."""
    yield from step_differences(expected, trace["steps"], leniency)
    if "final" in trace and trace["final"] is None:
        yield Mismatch("final", final, NOT_OVER)
        return
    got_final = trace.get("final")
    if final != got_final:
        yield from differences(final, got_final, "final")


def step_differences(expected: list[dict[str, Any]], got_steps: list[Any],
                     leniency: Leniency = STRICT) -> Iterator[Mismatch]:
    """The first difference of each differing step; the first missing step ends them."""
    for i, want in enumerate(expected):
        if i >= len(got_steps):
            yield Mismatch(f"steps[{i}]", _shown_step(want), MISSING)
            return
        got = got_steps[i]
        if want == got:  # the common case, at C speed
            continue
        found = _step(want, got, f"steps[{i}]", leniency)
        if found:
            yield found


def _shown_step(want: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in want.items() if k not in ("action", HIDDEN)}


def _step(want: dict[str, Any], got: dict[str, Any], path: str, leniency: Leniency
          ) -> Mismatch | None:
    if "code" in want:
        return _code(want, got, path, leniency)
    hidden = want.get(HIDDEN) or {}
    for key, value in want.items():
        if key == HIDDEN:
            continue
        sub = f"{path}.{key}"
        if key not in got:
            return Mismatch(sub, value, MISSING)
        if key == "legal":
            found = _compare_legal(value, got[key], sub, leniency)
        elif key == "hands":
            found = _compare_hands(value, got[key], sub, hidden)
        else:
            found = compare(value, got[key], sub)
        if found:
            return found
    return None


def _code(want: dict[str, Any], got: dict[str, Any], path: str, leniency: Leniency
          ) -> Mismatch | None:
    code, answer = want["code"], got.get("code", MISSING)
    accepted = want.get("accepted") or (code, REFINES.get(code))
    if answer == code or answer is not None and answer in accepted:
        return None
    if answer is None and want.get("action") in leniency.extensions:
        return None
    return Mismatch(f"{path}.code", code, answer)


def _compare_hands(want: Any, got: Any, path: str, hidden: dict[str, Any]) -> Mismatch | None:
    """Hands, where a card the actor cannot see may be answered with null."""
    if not hidden or not isinstance(want, dict) or not isinstance(got, dict):
        return compare(want, got, path)
    masked = dict(got)
    for owner, where in hidden.items():
        if owner not in got or owner not in want:
            continue
        if owner == "banker":
            masked[owner] = _fill(got[owner], want[owner], where)
        elif isinstance(got[owner], list) and isinstance(want[owner], list) \
                and isinstance(where, list):
            masked[owner] = [_fill(hand, mine, indices) for hand, mine, indices in
                             zip(got[owner], want[owner], where, strict=False)] \
                + got[owner][min(len(want[owner]), len(where)):]
    return compare(want, masked, path)


def _fill(got: Any, want: Any, indices: Any) -> Any:
    """`got` with each null at a hidden index replaced by the expected card."""
    if not isinstance(got, list) or not isinstance(want, list) or not isinstance(indices, list):
        return got
    out = list(got)
    for i in indices:
        if isinstance(i, int) and 0 <= i < min(len(out), len(want)) and out[i] is None:
            out[i] = want[i]
    return out


def compare(want: Any, got: Any, path: str) -> Mismatch | None:
    """Compare `got` with `want`, looking only at the keys `want` gives."""
    return next(differences(want, got, path), None)


def differences(want: Any, got: Any, path: str) -> Iterator[Mismatch]:
    """Every difference of `got` from `want` (only the keys `want` gives), leaf by leaf."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            yield Mismatch(path, want, got if got is not None else MISSING)
            return
        for key, value in want.items():
            sub = f"{path}.{key}"
            if key not in got:
                yield Mismatch(sub, value, MISSING)
            else:
                yield from differences(value, got[key], sub)
        return
    if isinstance(want, list):
        if not isinstance(got, list):
            yield Mismatch(path, want, got)
            return
        if len(got) != len(want) and not all(isinstance(w, dict) for w in want):
            yield Mismatch(path, want, got)
            return
        for i, (w, g) in enumerate(zip(want, got, strict=False)):
            yield from differences(w, g, f"{path}[{i}]")
        for i in range(len(got), len(want)):
            yield Mismatch(f"{path}[{i}]", want[i], MISSING)
        for i in range(len(want), len(got)):
            yield Mismatch(f"{path}[{i}]", "<nothing>", got[i])
        return
    if want != got or type(want) is not type(got) and not _same_number(want, got):
        yield Mismatch(path, want, got)


def _same_number(a: Any, b: Any) -> bool:
    return (isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool)
            and not isinstance(b, bool) and a == b)


def _compare_legal(want: Any, got: Any, path: str, leniency: Leniency) -> Mismatch | None:
    if not isinstance(got, list) or not all(isinstance(o, dict) for o in got):
        return Mismatch(path, want, got)
    if leniency.extensions:
        wanted = {o.get("action") for o in want}
        got = [o for o in got if o.get("action") not in leniency.extensions
               or o.get("action") in wanted]
    if legal_key(want) != legal_key(got):
        return Mismatch(path, sorted_legal(want), sorted_legal(got))
    return None


def legal_key(options: list[dict[str, Any]]) -> frozenset[tuple[Any, Any, Any]]:
    """A legal-action list as a set of (action, min, max)."""
    return frozenset((_hashable(o.get("action")), _hashable(o.get("min")),
                      _hashable(o.get("max"))) for o in options)


def _hashable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, type(None))) else repr(value)


def sorted_legal(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal actions in a stable order, for messages."""
    return sorted(options, key=lambda o: (str(o.get("action")), str(o.get("min") or 0)))
