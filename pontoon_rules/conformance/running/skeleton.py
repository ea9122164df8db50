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
`pontoon_rules.conformance.running.harness.serve(play)`.)
"""

import json
import sys

RULESETS = __RULESETS__
DEALS = False
"""True once `play` deals from its own pack when a vector says "deal": "own"."""


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

    Dealing mode (`conformance deal`): when vector.get("deal") == "own" the shoe is empty:
    shuffle your own pack(s) as the ruleset says, deal from them, and add to the trace
    "dealt": every card you dealt, in order (["AS", "TD", ...]); say "deals": True in the
    start reply (DEALS below) once you do.
    """
    if vector.get("deal") == "own":
        raise NotSupported("dealing from my own pack is not written yet")
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
                     "language": "python", "rulesets": RULESETS, "deals": DEALS}
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
// true once play() deals from its own pack when a vector says deal: "own".
const DEALS = false;

class NotSupported extends Error {}

// Play a stripped vector; return {steps: [...], final: {...} or null}.
// Answer each step in order: an expect with {actor, legal, hands}; a do/reject with
// {code: null} when accepted, else {code: "illegal_action"|"wrong_actor"|"bad_amount"}.
// Dealing mode (`conformance deal`): when vector.deal === "own" the shoe is empty: shuffle
// your own pack(s), deal from them, and add to the trace dealt: every card you dealt, in
// order (["AS", "TD", ...]); set DEALS to true once you do.
function play(vector) {
  if (vector.deal === "own") throw new NotSupported("dealing from my own pack is not written yet");
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
                rulesets: RULESETS, deals: DEALS };
    } else {
      reply = { seq: request.seq, ...answer(request.vector || {}) };
    }
    process.stdout.write(JSON.stringify(reply) + "\\n");
  });
}
'''

README = '''# A conformance harness for {made_for}

Written by `pontoon-rules conformance new-harness` for {made_for}. Fill in `play` in
`{file}`, then, from the folder you ran `new-harness` in:

```sh
{steps}
```

{interpreter}

Every message and field is described on the "Conformance" page of the documentation
and, as JSON Schemas, by `pontoon-rules conformance schema --replies`.
`pontoon-rules conformance smoke --impl "..."` checks that the harness speaks the
protocol before any rule is judged.
'''
PLACEHOLDER_RULESET = "RULESET"


def write_skeleton(lang: str, folder: Path, rulesets: list[str]) -> list[Path]:
    """Write the skeleton for `lang` into `folder`; the files written (the harness first).

    Raises:
        OutputError: a file cannot be written, would replace an existing one, or the
            folder cannot be made (a file in its way, a name too long).
    """
    from pontoon_rules.errors import OutputError

    name, template = ("harness.py", PYTHON) if lang == "python" else ("harness.js", NODE)
    listed = [r for r in rulesets if r != "*"]
    steps = next_steps(lang, folder / name, listed)
    files = {name: template.replace("__RULESETS__", json.dumps(rulesets)),
             "README.md": README.format(
                 file=name, made_for=", ".join(listed) or "any ruleset ('*')",
                 steps="\n".join(s for s in steps if not s.startswith("(")),
                 interpreter="\n".join(s.strip("()") for s in steps if s.startswith("(")))}
    _make(folder)
    taken = [folder / f for f in files if (folder / f).exists()]
    if taken:
        raise OutputError(f"{taken[0]} already exists; nothing was written (choose another -o)")
    out = []
    for filename, text in files.items():
        path = write_atomic(folder / filename, text)
        path.chmod(0o755 if filename == name else 0o644)
        out.append(path)
    return out


def _make(folder: Path) -> None:
    import errno

    from pontoon_rules.errors import OutputError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            why = "a name in the path is too long for the file system"
        elif e.errno in (errno.ENOTDIR, errno.EEXIST):
            why = "a file is in the way (a folder is needed there)"
        else:
            why = e.strerror or str(e)
        raise OutputError(f"{folder}: cannot make the folder: {why}") from e
    if not folder.is_dir():
        raise OutputError(f"{folder}: not a folder (a file is in the way)")


def next_steps(lang: str, harness: Path, rulesets: list[str]) -> list[str]:
    """The commands that export vectors and run the harness on them; a line in
    parentheses says what an interpreter or placeholder stands for."""
    import shlex
    import shutil
    import sys

    tool = "pontoon-rules" if shutil.which("pontoon-rules") else \
        f"{shlex.quote(sys.executable)} -m pontoon_rules"
    if lang == "python":
        interpreter = sys.executable
        why = (f"({interpreter} is the Python this environment runs; if your implementation "
               "lives in another environment, put that environment's python there)")
    else:
        found = shutil.which("node")
        interpreter = found or "NODE"
        why = (f"({interpreter} is the node found on PATH)" if found else
               "(NODE: node was not found on PATH; put the path of your node there)")
    impl = shlex.quote(f"{shlex.quote(interpreter)} {shlex.quote(str(harness))}")
    ruleset = " ".join(shlex.quote(r) for r in rulesets) or PLACEHOLDER_RULESET
    lines = [f"{tool} conformance export {ruleset} -o vectors",
             f"{tool} conformance smoke --impl {impl}",
             f"{tool} conformance run --impl {impl} vectors",
             f"{tool} conformance fuzz {shlex.quote(rulesets[0]) if rulesets else ruleset} "
             f"--impl {impl} --rounds 2000",
             f"{tool} conformance deal {shlex.quote(rulesets[0]) if rulesets else ruleset} "
             f"--impl {impl}",
             why]
    if not rulesets:
        lines.append(f"({PLACEHOLDER_RULESET}: the harness lists '*': a bundled ruleset id, "
                     "or your ruleset file)")
    return lines
