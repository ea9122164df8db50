"""A harness that misbehaves in ways that threaten the runner itself.

    python unruly.py MODE [ARG]

    fork-child PIDFILE   start a child in a new session (it sleeps), write its pid, then
                         answer honestly (the runner must still end the child)
    endless              after `start`, print output without a newline, forever
    huge                 answer every run with one 40 MB line
    chatty-start         print a log line on stdout before the start reply
    not-over             answer with a trace whose `final` is null
    extra-field          answer with an extra field in every checkpoint (breaks --strict)
"""

from __future__ import annotations

import json
import subprocess
import sys

import _common  # noqa: F401

from pontoon_rules.conformance.running.harness import answer, metadata
from pontoon_rules.conformance.vectors.reference import trace_vector


def reply_for(mode: str, request: dict) -> dict:
    body = answer(trace_vector, request["vector"])
    if mode == "not-over" and "trace" in body:
        body["trace"]["final"] = None
    if mode == "extra-field" and "trace" in body:
        for step in body["trace"]["steps"]:
            if "actor" in step:
                step["colour"] = "red"
    return {"seq": request["seq"], **body}


def main() -> None:
    mode = sys.argv[1]
    if mode == "fork-child":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                                 start_new_session=True)
        with open(sys.argv[2], "w") as out:
            out.write(str(child.pid))
    if mode == "chatty-start":
        print("harness starting up, loading tables…", flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            print(json.dumps(metadata()), flush=True)
            if mode == "endless":
                chunk = "x" * 65536
                while True:
                    sys.stdout.write(chunk)
            continue
        if request["cmd"] == "stop":
            return
        if mode == "huge":
            print(json.dumps({"seq": request["seq"], "skipped": True,
                              "message": "y" * (40 << 20)}), flush=True)
            continue
        print(json.dumps(reply_for(mode, request)), flush=True)


main()
