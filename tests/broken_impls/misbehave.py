"""A harness that misbehaves on purpose on the vectors whose slug matches a glob.

    python misbehave.py crash|hang|garbage|wrong-seq GLOB

Every other vector gets the reference engine's honest answer.
"""

from __future__ import annotations

import json
import os
import sys
import time
from fnmatch import fnmatchcase

import _common  # noqa: F401

from pontoon_rules.conformance.running.harness import answer, metadata
from pontoon_rules.conformance.vectors.reference import trace_vector


def misbehave(mode: str, seq: int) -> None:
    if mode == "crash":
        sys.stderr.write("Traceback: simulated crash in the harness\n")
        sys.stderr.flush()
        os._exit(70)
    if mode == "hang":
        time.sleep(3600)
    if mode == "garbage":
        print("hello, this is not JSON", flush=True)
    if mode == "wrong-seq":
        print(json.dumps({"seq": seq + 1000, "skipped": True, "message": "oops"}), flush=True)


def main() -> None:
    mode, glob = sys.argv[1], sys.argv[2]
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply = metadata()
        elif request["cmd"] == "stop":
            return
        else:
            vector = request["vector"]
            if fnmatchcase(vector["slug"], glob):
                misbehave(mode, request["seq"])
                continue
            reply = {"seq": request["seq"], **answer(trace_vector, vector)}
        print(json.dumps(reply), flush=True)


main()
