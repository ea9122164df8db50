"""The reference harness: the project's engine behind the protocol.

    python -m pontoon_rules.conformance.running.harness            # persistent (JSON lines)
    python -m pontoon_rules.conformance.running.harness --one-shot # one vector on stdin

Other harnesses can reuse `serve(play)` with their own `play(vector) -> trace`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any

from pontoon_rules.conformance.running.protocol import PROTOCOL_VERSION
from pontoon_rules.conformance.vectors.reference import TraceError, trace_vector

Play = Callable[[dict[str, Any]], dict[str, Any]]
"""A stripped vector in, a trace out (raising TraceError when it cannot be played)."""
NAME = "pontoon-rules reference"


def metadata() -> dict[str, Any]:
    """The `start` reply: name, version, protocol, the bundled rulesets ('*': embedded too),
    and that it deals from its own pack in a dealing round (`deals`)."""
    from importlib.metadata import PackageNotFoundError, version

    from pontoon_rules.ruleset.loading.registry import bundled_ids

    try:
        own = version("pontoon-rules")
    except PackageNotFoundError:
        own = "0"
    return {"name": NAME, "version": own, "protocol": PROTOCOL_VERSION,
            "language": "python", "rulesets": [*bundled_ids(), "*"], "deals": True}


def answer(play: Play, vector: dict[str, Any]) -> dict[str, Any]:
    """The reply body for one vector: a trace, or errored with the reason."""
    try:
        return {"trace": play(vector)}
    except TraceError as e:
        return {"errored": True, "context": {"message": str(e)}}


def serve(play: Play = trace_vector, meta: dict[str, Any] | None = None,
          stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
    """Answer requests line by line until `stop` or the end of input."""
    read, out = stdin or sys.stdin, stdout or sys.stdout
    for line in read:
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "start":
            reply = meta or metadata()
        elif cmd == "run":
            reply = {"seq": request["seq"], **answer(play, request["vector"])}
        elif cmd == "stop":
            return
        else:
            reply = {"errored": True, "context": {"message": f"unknown cmd {cmd!r}"}}
        out.write(json.dumps(reply, separators=(",", ":"), ensure_ascii=False) + "\n")
        out.flush()


def one_shot(play: Play = trace_vector) -> None:
    """Read one stripped vector from stdin, write the reply to stdout."""
    vector = json.loads(sys.stdin.read())
    sys.stdout.write(json.dumps(answer(play, vector), ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None, play: Play = trace_vector) -> None:
    """Run persistent, or `--one-shot`."""
    args = sys.argv[1:] if argv is None else argv
    if "--one-shot" in args:
        one_shot(play)
    else:
        serve(play)


if __name__ == "__main__":
    main()
