"""The kind of a difference: what the fuzzer groups rounds by.

A kind is the differing path with the instance left out (indices as `[*]`, seat names
as `p*`) and what differs there, in words that do not depend on the round: the
refusal code expected and answered (`unknown_action→accepted`), the action words a
`legal` set lacks or adds, whose turn (`seat→banker`), whether a number or a list of
cards came out more or less, a hand class (`pontoon→total`). A difference in `final`
is the set of every differing field so described, a hand's fields with the hand's
expected class (the seat's and the banker's nets, which add the hands' up, left out
where a hand's net differs), so that a tie paid to the player, a trick paid 1:1 and a
pontoon paid 1:1 are three kinds though each first differs at a hand's `net`. A crash,
a timeout, an error or a protocol problem is its status and the first line of its
message (the last line of a crash's standard error, an error's `message`), numbers,
quoted text and seat names left out.
"""

from __future__ import annotations

import re
from typing import Any

from pontoon_rules.conformance.running.judge import MISSING, NOT_OVER, Mismatch

INDEX = re.compile(r"\[\d+\]")
SEAT = re.compile(r"\bp\d+\b")
NUMBER = re.compile(r"\d+")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
HAND = re.compile(r"^final\.seats\[(\d+)\]\.hands\[(\d+)\]")
SEAT_NET = re.compile(r"final\.seats\[\d+\]\.net")
SUMS = ("final.banker.net",)
"""Fields that only add up the hands' nets (left out of a kind where a hand's net differs)."""
MOST_PARTS = 6
"""The most differing fields a kind lists (then `+N`)."""
WORD_CHARS = 24
"""The longest text value a kind shows as itself (class ids, codes, words)."""
MESSAGE_CHARS = 100


def path_kind(path: str) -> str:
    """`path` without the instance: indices as `[*]`, seat names as `p*`."""
    return SEAT.sub("p*", INDEX.sub("[*]", path))


def mismatch_kind(found: Mismatch, final: Any = None) -> str:
    """The kind of a failing trace's difference (see the module docstring); with the
    vector's expected `final`, a hand's field names the hand's class."""
    every = (found, *found.others)
    hand_nets = any(HAND.match(m.path) and m.path.endswith(".net") for m in every)
    parts: list[str] = []
    for m in every:
        if hand_nets and m.path in SUMS or hand_nets and SEAT_NET.fullmatch(m.path):
            continue  # the sums of the hands' nets: no kind of their own
        part = f"{path_kind(m.path)}{_class(m.path, final)}: {_detail(m.path, m.expected, m.got)}"
        if part not in parts:
            parts.append(part)
    shown = sorted(parts) if found.others else parts
    more = len(shown) - MOST_PARTS
    return "; ".join(shown[:MOST_PARTS]) + (f"; +{more}" if more > 0 else "")


def _class(path: str, final: Any) -> str:
    """` (class)`: the expected class of the hand a `final` path is in, or nothing."""
    found = HAND.match(path)
    if not found or not isinstance(final, dict):
        return ""
    try:
        cls = final["seats"][int(found[1])]["hands"][int(found[2])]["class"]
    except (KeyError, IndexError, TypeError):
        return ""
    return f" ({cls})" if isinstance(cls, str) else ""


def message_kind(status: str, message: str) -> str:
    """The kind of a crash, timeout, error or protocol problem, from its message."""
    text = message
    if status == "error":
        text = _context_message(message)
    if status == "crash" and "stderr:" in message:
        lines = [line for line in message.split("stderr:", 1)[1].splitlines() if line.strip()]
        text = lines[-1] if lines else message
    first = text.strip().splitlines()[0] if text.strip() else ""
    first = NUMBER.sub("N", SEAT.sub("p*", QUOTED.sub("'…'", first)))
    return first[:MESSAGE_CHARS]


def _context_message(message: str) -> str:
    """An `errored` reply's context (its JSON is the message): its `message`, if any."""
    import json

    try:
        context = json.loads(message)
    except ValueError:
        return message
    found = context.get("message") if isinstance(context, dict) else None
    return found if isinstance(found, str) else message


def _detail(path: str, want: Any, got: Any) -> str:
    if got == NOT_OVER:
        return "the round is not over"
    if got == MISSING:
        return "missing"
    leaf = path.rsplit(".", 1)[-1]
    if leaf == "code":
        return f"{_code(want)}→{_code(got)}"
    if leaf == "legal" and isinstance(want, list) and isinstance(got, list):
        return _legal(want, got)
    if leaf == "actor":
        return f"{_role(want)}→{_role(got)}"
    return _value(want, got)


def _code(code: Any) -> str:
    return "accepted" if code is None else _word(code)


def _role(actor: Any) -> str:
    return "seat" if isinstance(actor, str) and SEAT.fullmatch(actor) else _word(actor)


def _word(value: Any) -> str:
    if isinstance(value, str) and len(value) <= WORD_CHARS:
        return value
    return type(value).__name__ if not isinstance(value, str) else "text"


def _legal(want: list[Any], got: list[Any]) -> str:
    def words(options: list[Any]) -> set[str]:
        return {str(o.get("action")) for o in options if isinstance(o, dict)}

    lacks, adds = sorted(words(want) - words(got)), sorted(words(got) - words(want))
    out = []
    if lacks:
        out.append("lacks " + ", ".join(lacks))
    if adds:
        out.append("offers " + ", ".join(_word(w) for w in adds))
    return " and ".join(out) or "other amounts"


def _value(want: Any, got: Any) -> str:
    if isinstance(want, bool) or isinstance(got, bool):
        return f"{want}→{got}".lower() if isinstance(want, bool) and isinstance(got, bool) \
            else _types(want, got)
    if isinstance(want, (int, float)) and isinstance(got, (int, float)):
        return "more" if got > want else "less"
    if isinstance(want, list) and isinstance(got, list):
        if len(got) != len(want):
            return "more" if len(got) > len(want) else "fewer"
        return "other"
    if isinstance(want, str) and isinstance(got, str):
        return f"{_role(want)}→{_role(got)}"
    return _types(want, got)


def _types(want: Any, got: Any) -> str:
    return f"{_type(want)}→{_type(got)}"


def _type(value: Any) -> str:
    names = {bool: "boolean", int: "number", float: "number", str: "text", list: "list",
             dict: "object", type(None): "null"}
    return names.get(type(value), type(value).__name__)
