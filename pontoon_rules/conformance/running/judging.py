"""One vector's outcome: what is run (`Item`), how it ended (`Outcome`), and judging a
harness's reply into exactly one status (`classify`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.conformance.running.judge import (
    NOT_OVER,
    Leniency,
    Mismatch,
    expected_steps,
    judge,
    shape_problem,
)
from pontoon_rules.conformance.running.processes import MAX_REPLY_MB, clip
from pontoon_rules.conformance.vectors.build import strip

STATUSES = ("pass", "fail", "error", "crash", "timeout", "protocol", "skipped", "not-run",
            "internal")
"""Every status a vector can end in (each vector ends in exactly one)."""
MAX_DIFFERENCES = 200
"""The most differences after the first a report entry lists."""
MESSAGE_CHARS = 3000
"""The most characters of a failure's message (its first lines, one per difference)."""

@dataclass
class Item:
    """One vector prepared for running: its request body and its expectations."""

    vector: dict[str, Any]
    stripped: bytes
    expected: list[dict[str, Any]]
    kinds: list[str]
    """Each step's kind: expect, do or reject."""

    @classmethod
    def of(cls, vector: dict[str, Any]) -> Item:
        """Prepare `vector` (strip it once, keep the expected steps)."""
        body = json.dumps(strip(vector), separators=(",", ":"), ensure_ascii=False)
        kinds = [next(iter(step)) for step in vector["steps"]]
        return cls(vector, body.encode("utf-8"), expected_steps(vector), kinds)


@dataclass(frozen=True)
class Outcome:
    """How one vector ended."""

    id: str
    slug: str
    level: str
    status: str
    path: str | None = None
    expected: Any = None
    got: Any = None
    message: str = ""
    reimplements: str | None = None
    differences: tuple[dict[str, Any], ...] = ()
    """Every difference after the first ({path, expected, got}): each differing step, then
    those of `final` (the first is `path`)."""
    kind: str = ""
    """A failure's kind of difference, without the instance (`kinds.mismatch_kind`)."""

    def to_json(self) -> dict[str, Any]:
        """The outcome as a JSON report entry (empty fields left out)."""
        out: dict[str, Any] = {"id": self.id, "slug": self.slug, "level": self.level,
                               "status": self.status}
        if self.reimplements:
            out["reimplements"] = self.reimplements
        if self.path is not None:
            out.update(path=self.path, expected=self.expected, got=self.got)
        if self.differences:
            out["differences"] = list(self.differences)
        if self.message:
            out["message"] = self.message
        return out


@dataclass
class RunOptions:
    """How to run: the command, mode, limits."""

    command: str
    one_shot: bool = False
    timeout: float = 2.0
    jobs: int = 1
    window: int = 8
    fail_fast: bool = False
    cwd: str | None = None
    max_bytes: int = MAX_REPLY_MB << 20
    """The cap on one reply (bytes)."""
    strict: bool = False
    """Validate every reply against the published reply schemas."""


@dataclass
class RunResult:
    """Every outcome, and what the implementation said about itself."""

    outcomes: list[Outcome]
    implementation: dict[str, Any] = field(default_factory=dict)
    harness: list[dict[str, str]] = field(default_factory=list)
    """Harness-level problems ({status, message}): it could not start or answer `start`."""
    not_run: int = 0
    """Vectors never sent because the harness failed (see `harness`); each also has a
    `not-run` outcome."""


def outcome(item: Item, status: str, message: str = "", **mismatch: Any) -> Outcome:
    """An outcome for `item`."""
    v = item.vector
    return Outcome(v["id"], v["slug"], v["level"], status, message=message,
                   reimplements=v.get("reimplements"), **mismatch)


def classify(item: Item, reply: dict[str, Any], strict: bool = False,
             leniency: Leniency | None = None) -> Outcome:
    """Judge a harness reply (without its seq) for `item`.

    A reply whose types break the published schema is a protocol error (unknown
    fields and undeclared action words only with `strict`); a bug in the runner is
    `internal`, never the implementation's.
    """
    try:
        return _classify(item, reply, strict, leniency or Leniency())
    except Exception as e:  # noqa: BLE001 - one vector's bug must not end the run
        return internal(item, e)


def internal(item: Item, error: BaseException) -> Outcome:
    """The outcome of a vector the runner itself failed on."""
    import traceback

    where = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    at = f" at {where[0].filename.rsplit('/', 1)[-1]}:{where[0].lineno}" if where else ""
    return outcome(item, "internal", f"the runner failed on this vector ({type(error).__name__}"
                   f"{at}: {clip(str(error), 300)}): a bug in pontoon-rules, please report it")


def _classify(item: Item, reply: dict[str, Any], strict: bool, leniency: Leniency) -> Outcome:
    from pontoon_rules.conformance.running.replies import reply_violation

    problem = shape_problem(reply["trace"], len(item.expected)) if "trace" in reply and not (
        reply.get("skipped") is True or reply.get("errored") is True) else None
    if problem:
        return outcome(item, "protocol", f"invalid trace: {problem}")
    violation = reply_violation(reply, item.kinds, strict, leniency.extensions)
    if violation:
        how = "--strict" if strict else "the reply's types break the protocol schema"
        return outcome(item, "protocol", f"invalid reply ({how}): {clip(violation, 500)}")
    if reply.get("skipped") is True:
        return outcome(item, "skipped", clip(str(reply.get("message", ""))))
    if reply.get("errored") is True:
        return outcome(item, "error", clip(json.dumps(reply.get("context"), ensure_ascii=False)))
    if "trace" not in reply:
        return outcome(item, "protocol", "the reply has none of trace, skipped, errored")
    if item.vector.get("deal") is not None:
        from pontoon_rules.conformance.running.dealing import judge_dealt

        return judge_dealt(item, reply["trace"], leniency)
    found = judge(item.expected, item.vector["final"], reply["trace"], leniency)
    return outcome(item, "pass") if found is None else failure(item, found, reply["trace"])


def failure(item: Item, found: Mismatch, trace: dict[str, Any] | None = None) -> Outcome:
    """The `fail` outcome of `item` for its differences (the first is the headline), its
    kind of difference, and where the implementation stopped when the round is not over."""
    from pontoon_rules.conformance.running.kinds import mismatch_kind

    message = clip(str(found), MESSAGE_CHARS)
    if trace is not None and found.got == NOT_OVER:
        from pontoon_rules.conformance.running.stopped import stopped_note

        message += "\n  " + clip(stopped_note(item.vector, trace))
    others = tuple({"path": m.path, "expected": _clipped(m.expected), "got": _clipped(m.got)}
                   for m in found.others[:MAX_DIFFERENCES])
    return outcome(item, "fail", message, path=found.path, expected=found.expected,
                   got=_clipped(found.got), differences=others,
                   kind=mismatch_kind(found, item.vector.get("final")))


def _clipped(value: Any) -> Any:
    """`value`, or a clipped text of it when its JSON is long."""
    text = json.dumps(value, ensure_ascii=False)
    return value if len(text) <= 2000 else clip(text)


