"""`conformance new-harness`: a runnable harness skeleton in Python or Node.

The skeleton speaks the whole protocol (start, run, stop; persistent and
`--one-shot`), lists the rulesets it was given, and answers every vector with
`skipped` until its `play` function is filled in. It needs nothing but the
language's standard library.
"""

from __future__ import annotations

import json
from pathlib import Path

from pontoon_rules.files import write_atomic

PYTHON = '''#!/usr/bin/env python3
"""A pontoon-rules conformance harness (skeleton written by `conformance new-harness`).

Run it:  pontoon-rules conformance run --impl "python harness.py" vectors/
Protocol: pontoon-rules conformance schema --replies, and the "Conformance" page.
Fill in `play`; until then every vector is answered with "skipped".
(With pontoon-rules installed you can instead call
`pontoon_rules.conformance.harness.serve(play)`.)
"""

import json
import sys

RULESETS = __RULESETS__


class NotSupported(Exception):
    """Raise this from `play` for a vector your implementation cannot play."""


def play(vector):
    """Play a stripped vector; return {"steps": [...], "final": {...} or None}.

    vector: id, slug, ruleset {id, sha256, embedded?}, stakes (p1 first), shoe (every card
    in dealing order, e.g. "AS", "TD"), steps: {"expect": {}} | {"do": {actor, action,
    amount?}} | {"reject": {actor, action, amount?}}.
    Answer each step in order: an expect with {"actor", "legal", "hands"}; a do/reject
    with {"code": null} when your implementation accepts the action, else
    {"code": "illegal_action" | "wrong_actor" | "bad_amount"} (a reject never changes
    the round). Then "final": every hand's cards, total, class, stakes, net, and the
    banker's (null when the round is not over).
    """
    raise NotSupported("play() is not written yet")


def answer(vector):
    try:
        return {"trace": play(vector)}
    except NotSupported as e:
        return {"skipped": True, "message": str(e)}
    except Exception as e:  # noqa: BLE001 - report, never crash the harness
        return {"errored": True, "context": {"message": repr(e)}}


def main():
    if "--one-shot" in sys.argv[1:]:
        print(json.dumps(answer(json.loads(sys.stdin.read()))))
        return
    for line in sys.stdin:
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "stop":
            return
        if cmd == "start":
            reply = {"name": "my-implementation", "version": "0.0.1", "protocol": 1,
                     "language": "python", "rulesets": RULESETS}
        else:
            reply = {"seq": request.get("seq"), **answer(request.get("vector") or {})}
        sys.stdout.write(json.dumps(reply) + "\\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
'''

NODE = '''#!/usr/bin/env node
// A pontoon-rules conformance harness (skeleton written by `conformance new-harness`).
// Run it:  pontoon-rules conformance run --impl "node harness.js" vectors/
// Protocol: pontoon-rules conformance schema --replies, and the "Conformance" page.
// Fill in play(); until then every vector is answered with "skipped".
"use strict";
const readline = require("readline");

const RULESETS = __RULESETS__;

class NotSupported extends Error {}

// Play a stripped vector; return {steps: [...], final: {...} or null}.
// Answer each step in order: an expect with {actor, legal, hands}; a do/reject with
// {code: null} when accepted, else {code: "illegal_action"|"wrong_actor"|"bad_amount"}.
function play(vector) {
  throw new NotSupported("play() is not written yet");
}

function answer(vector) {
  try {
    return { trace: play(vector) };
  } catch (e) {
    if (e instanceof NotSupported) return { skipped: true, message: e.message };
    return { errored: true, context: { message: String(e) } };
  }
}

if (process.argv.includes("--one-shot")) {
  let input = "";
  process.stdin.on("data", (chunk) => { input += chunk; });
  process.stdin.on("end", () => {
    process.stdout.write(JSON.stringify(answer(JSON.parse(input))) + "\\n");
  });
} else {
  const lines = readline.createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const request = JSON.parse(line);
    if (request.cmd === "stop") { lines.close(); return; }
    let reply;
    if (request.cmd === "start") {
      reply = { name: "my-implementation", version: "0.0.1", protocol: 1, language: "node",
                rulesets: RULESETS };
    } else {
      reply = { seq: request.seq, ...answer(request.vector || {}) };
    }
    process.stdout.write(JSON.stringify(reply) + "\\n");
  });
}
'''

README = '''# A conformance harness

Written by `pontoon-rules conformance new-harness`. Fill in `play` in `{file}`, then:

```sh
pontoon-rules conformance export -o vectors/            # or: export my-rules.yaml
pontoon-rules conformance run --impl "{runner} {file}" vectors/
pontoon-rules conformance fuzz casino-ochko --impl "{runner} {file}" --rounds 2000
```

Every message and field is described on the "Conformance" page of the documentation
and, as JSON Schemas, by `pontoon-rules conformance schema --replies`.
'''


def write_skeleton(lang: str, folder: Path, rulesets: list[str]) -> list[Path]:
    """Write the skeleton for `lang` into `folder`; the files written (the harness first).

    Raises:
        OutputError: a file cannot be written, or would replace an existing one.
    """
    from pontoon_rules.errors import OutputError

    name, template, runner = (("harness.py", PYTHON, "python") if lang == "python"
                              else ("harness.js", NODE, "node"))
    files = {name: template.replace("__RULESETS__", json.dumps(rulesets)),
             "README.md": README.format(file=name, runner=runner)}
    folder.mkdir(parents=True, exist_ok=True)
    taken = [folder / f for f in files if (folder / f).exists()]
    if taken:
        raise OutputError(f"{taken[0]} already exists; nothing was written (choose another -o)")
    out = []
    for filename, text in files.items():
        path = write_atomic(folder / filename, text)
        path.chmod(0o755 if filename == name else 0o644)
        out.append(path)
    return out
