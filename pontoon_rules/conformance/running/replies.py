"""The harness protocol's messages as models: published JSON Schemas and `--strict` checks.

`conformance schema --replies` prints `reply_schemas()`; `conformance run --strict`
validates every reply with `reply_violation` (and the start reply with
`start_violation`), reporting the first violation as a protocol error, as Bowtie's
`-V` does. The models are the single source: the schema and the check cannot drift.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pontoon_rules.conformance.vectors.model import (
    ACTOR_PATTERN,
    CHECKPOINT_ACTOR,
    CODES,
    REFINES,
    Code,
    Final,
    LegalOption,
)
from pontoon_rules.engine.round.actions import KINDS

REPLIES_ID = "https://pontoon-rules.example/conformance/replies.schema.json"
ACTORS = ("p1", "p2", "…", "banker", "terminal")
"""Who a checkpoint can name: a seat, the banker, or `terminal` once the round is over."""
TRACE_ACTOR = CHECKPOINT_ACTOR


class Message(BaseModel):
    """Base of the protocol messages: unknown fields are violations."""

    model_config = ConfigDict(extra="forbid")


class StartRequest(Message):
    """runner → harness, first: the protocol version."""

    cmd: Literal["start"]
    version: int = Field(description="The protocol version (1).")


class RunRequest(Message):
    """runner → harness: one vector, stripped of its expectations, codes and final."""

    cmd: Literal["run"]
    seq: int = Field(description="Echo it in the reply; replies come in request order.")
    vector: dict[str, Any] = Field(description="id, slug, ruleset, stakes, shoe, steps; in a "
                                   "dealing round also deal: 'own' (and an empty shoe).")


class StopRequest(Message):
    """runner → harness, last: exit (the runner kills the harness's process group after)."""

    cmd: Literal["stop"]


class StartReply(Message):
    """harness → runner: who the implementation is and which rulesets it plays."""

    name: str = Field(description="The implementation's name.")
    version: str | None = Field(default=None, description="Its version.")
    protocol: int | None = Field(default=None, description="The protocol version it speaks.")
    language: str | None = Field(default=None, description="Its language, for reports.")
    homepage: str | None = Field(default=None, description="Where to find it.")
    rulesets: list[str] = Field(description="Ruleset ids it plays; '*' plays embedded ones.")
    extensions: list[str] | None = Field(
        default=None,
        description="Action words the implementation offers beyond the ruleset (e.g. "
        "'surrender'): `legal` is then compared without them, a probe of one may be "
        "accepted, and `--strict` reports any other word the vocabulary lacks.")
    deals: bool | None = Field(
        default=None,
        description="Whether it deals from its own shuffled pack when a vector says "
        "\"deal\": \"own\" (its shoe is then empty), reporting each card in the trace's "
        "`dealt` (`conformance deal`).")


class Observation(Message):
    """A trace step answering an `expect`: what the implementation shows at that point."""

    actor: str = Field(pattern=TRACE_ACTOR, description="Whose turn it is, or 'terminal'.")
    legal: list[LegalOption] = Field(description="Every legal action (a set).")
    hands: dict[str, Any] = Field(
        description="Seat -> list of hands (cards), 'banker' -> cards, as dealt so far; null "
        "for a card the implementation does not show (one the actor cannot see).")
    face_down: dict[str, Any] | None = Field(
        default=None, description="Optional: the positions of the cards the actor cannot "
        "see, as a vector's `expect.face_down` gives them (not compared).")


class Answer(Message):
    """A trace step answering a `do` or `reject`: the refusal code, null when accepted."""

    code: Code | None = Field(description="null (accepted) or why it was refused.")


class Trace(Message):
    """What happened: one step per vector step, then the settlement (null: round not over)."""

    steps: list[Observation | Answer]
    final: Final | None = Field(description="The settlement; null while the round is not over.")
    dealt: list[str] | None = Field(
        default=None, description="Only in a dealing round (the vector's `deal` is 'own'): "
        "every card the implementation dealt from its own shuffled pack, in order ('AS').")


class TraceReply(Message):
    """A played vector."""

    seq: int | None = Field(default=None, description="The request's seq (persistent mode).")
    trace: Trace


class SkippedReply(Message):
    """The implementation does not play this vector (a rule it lacks)."""

    seq: int | None = None
    skipped: Literal[True]
    message: str | None = Field(default=None, description="Why.")


class ErroredReply(Message):
    """The implementation failed on this vector (its own error, not a wrong answer)."""

    seq: int | None = None
    errored: Literal[True]
    context: Any = Field(default=None, description="Anything that helps: message, traceback.")


MESSAGES: dict[str, type[BaseModel]] = {
    "start-request": StartRequest, "run-request": RunRequest, "stop-request": StopRequest,
    "start-reply": StartReply, "trace-reply": TraceReply, "skipped-reply": SkippedReply,
    "errored-reply": ErroredReply,
}


def reply_schemas() -> dict[str, Any]:
    """One JSON Schema document with every protocol message under `$defs`."""
    defs: dict[str, Any] = {}
    for name, model in MESSAGES.items():
        schema = model.model_json_schema(by_alias=True, ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        defs[name] = schema
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": REPLIES_ID,
        "title": "pontoon-rules conformance protocol",
        "description": "Every message of the harness protocol (JSON lines). A harness answers "
                       "start with start-reply and each run with one of trace-reply, "
                       "skipped-reply, errored-reply.",
        "oneOf": [{"$ref": "#/$defs/trace-reply"}, {"$ref": "#/$defs/skipped-reply"},
                  {"$ref": "#/$defs/errored-reply"}],
        "$defs": defs, "x-action-words": list(KINDS), "x-codes": list(CODES),
        "x-code-refines": dict(REFINES),
        "x-actors": {"pattern": ACTOR_PATTERN, "trace": TRACE_ACTOR},
    }


def replies_text() -> str:
    """The reply schemas as stable, pretty JSON."""
    return json.dumps(reply_schemas(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def _problems(error: ValidationError, strict: bool) -> list[str]:
    """The errors of a validation, one line each; unknown fields only when `strict`."""
    out = []
    for err in error.errors():
        if err["type"] == "extra_forbidden" and not strict:
            continue
        where = ".".join(str(p) for p in err["loc"]) or "<root>"
        out.append(f"{where}: {err['msg']}")
    return out


def _check(model: type[BaseModel], data: Any, strict: bool, prefix: str = "") -> str | None:
    try:
        model.model_validate(data, strict=True)
    except ValidationError as e:
        found = _problems(e, strict)
        return f"{prefix}{found[0]}" if found else None
    return None


def start_violation(data: Any, strict: bool = True) -> str | None:
    """The first way `data` breaks the start-reply schema, or None (unknown fields count
    only when `strict`)."""
    return _check(StartReply, data, strict)


class _Envelope(Message):
    """A trace reply with its steps left for `reply_violation` to check one by one."""

    seq: int | None = None
    trace: _Steps


class _Steps(Message):
    steps: list[dict[str, Any]]
    final: Final | None
    dealt: list[str] | None = None


_Envelope.model_rebuild()


def reply_violation(reply: dict[str, Any], kinds: list[str] | int, strict: bool = True,
                    extensions: frozenset[str] = frozenset()) -> str | None:
    """The first way a run reply breaks its schema, or None.

    `kinds` gives each vector step's kind (`expect`, `do`, `reject`; a count means "not
    known"): an `expect` is answered by an observation, the others by a code. Types are
    always checked (a number given as text is a violation); unknown fields and action
    words neither the vocabulary nor the harness's `extensions` have count only when
    `strict`.
    """
    if "skipped" in reply:
        return _check(SkippedReply, reply, strict)
    if "errored" in reply:
        return _check(ErroredReply, reply, strict)
    found = _check(_Envelope, reply, strict)
    if found or "trace" not in reply:
        return found
    steps = reply["trace"]["steps"]
    count = kinds if isinstance(kinds, int) else len(kinds)
    if len(steps) > count:
        return f"trace.steps: {len(steps)} steps for a vector of {count}"
    for i, step in enumerate(steps):
        kind = kinds[i] if not isinstance(kinds, int) else ("expect" if "actor" in step
                                                            else "do")
        model = Observation if kind == "expect" else Answer
        found = _check(model, step, strict, f"trace.steps.{i}.")
        if found:
            return found
        if strict and kind == "expect":
            found = undeclared_word(step["legal"], extensions)
            if found:
                return f"trace.steps.{i}.legal: {found}"
    return None


def undeclared_word(legal: list[dict[str, Any]], extensions: frozenset[str]) -> str | None:
    """Why a legal-action list names a word neither the vocabulary nor `extensions` has."""
    for option in legal:
        word = option["action"]
        if word not in KINDS and word not in extensions:
            return (f"the action word {word!r} is not in the vocabulary "
                    f"({', '.join(KINDS)}); declare it in the start reply's extensions")
    return None
