"""The runner: every vector through an implementation's harness, each ending in one status.

Statuses: pass; fail (the first differing path, expected vs got); error (the
harness said it errored); crash (the process died: the tail of its stderr);
timeout (no reply in time: killed, restarted, the run goes on); protocol (bad
JSON, a wrong `seq`, a reply that is not a trace, a reply over the size cap);
skipped.

A harness that cannot be started, or whose `start` reply is missing or wrong
(output before it included), is one harness-level problem (`RunResult.harness`),
not a status per vector; the vectors it would have run are counted as not run.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from pontoon_rules.conformance.build import strip
from pontoon_rules.conformance.judge import expected_steps, judge, shape_problem
from pontoon_rules.conformance.processes import MAX_REPLY_MB, clip
from pontoon_rules.conformance.protocol import (
    HarnessProcess,
    over_cap,
    parse_reply,
    run_line,
    run_one_shot,
    start_line,
    start_problem,
)

STATUSES = ("pass", "fail", "error", "crash", "timeout", "protocol", "skipped")
START_TIMEOUT = 20.0
"""Seconds a harness may take to answer `start` (interpreters load slowly)."""
MAX_RESTARTS = 10
"""Restarts of a persistent harness before the runner gives up on it."""


@dataclass
class Item:
    """One vector prepared for running: its request body and its expectations."""

    vector: dict[str, Any]
    stripped: bytes
    expected: list[dict[str, Any]]

    @classmethod
    def of(cls, vector: dict[str, Any]) -> Item:
        """Prepare `vector` (strip it once, keep the expected steps)."""
        body = json.dumps(strip(vector), separators=(",", ":"), ensure_ascii=False)
        return cls(vector, body.encode("utf-8"), expected_steps(vector))


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

    def to_json(self) -> dict[str, Any]:
        """The outcome as a JSON report entry (empty fields left out)."""
        out = {"id": self.id, "slug": self.slug, "level": self.level, "status": self.status}
        if self.reimplements:
            out["reimplements"] = self.reimplements
        if self.path is not None:
            out.update(path=self.path, expected=self.expected, got=self.got)
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
    """Vectors never sent because the harness failed (see `harness`)."""


def select(vectors: list[dict[str, Any]], run: list[str], skip: list[str]) -> list[dict[str, Any]]:
    """The vectors whose slug or id matches a `run` glob (all if none) and no `skip` glob."""
    def matches(v: dict[str, Any], globs: list[str]) -> bool:
        return any(fnmatchcase(v["slug"], g) or v["id"] == g for g in globs)

    return [v for v in vectors if (not run or matches(v, run)) and not matches(v, skip)]


def outcome(item: Item, status: str, message: str = "", **mismatch: Any) -> Outcome:
    """An outcome for `item`."""
    v = item.vector
    return Outcome(v["id"], v["slug"], v["level"], status, message=message,
                   reimplements=v.get("reimplements"), **mismatch)


def classify(item: Item, reply: dict[str, Any], strict: bool = False) -> Outcome:
    """Judge a harness reply (without its seq) for `item`."""
    if strict:
        from pontoon_rules.conformance.replies import reply_violation

        violation = reply_violation(reply, len(item.expected))
        if violation:
            return outcome(item, "protocol", f"invalid reply (--strict): {violation}")
    if reply.get("skipped") is True:
        return outcome(item, "skipped", clip(str(reply.get("message", ""))))
    if reply.get("errored") is True:
        return outcome(item, "error", clip(json.dumps(reply.get("context"), ensure_ascii=False)))
    if "trace" not in reply:
        return outcome(item, "protocol", "the reply has none of trace, skipped, errored")
    trace = reply["trace"]
    problem = shape_problem(trace, len(item.expected))
    if problem:
        return outcome(item, "protocol", f"invalid trace: {problem}")
    found = judge(item.expected, item.vector["final"], trace)
    if found is None:
        return outcome(item, "pass")
    return outcome(item, "fail", clip(str(found)), path=found.path,
                   expected=found.expected, got=_clipped(found.got))


def _clipped(value: Any) -> Any:
    """`value`, or a clipped text of it when its JSON is long."""
    text = json.dumps(value, ensure_ascii=False)
    return value if len(text) <= 2000 else clip(text)


def run_vectors(vectors: list[dict[str, Any]], options: RunOptions,
                progress: Callable[[Outcome], None] | None = None) -> RunResult:
    """Run every vector through the implementation; outcomes in the vectors' order."""
    items = [Item.of(v) for v in vectors]
    jobs = max(1, min(options.jobs, len(items) or 1))
    shards = [items[i::jobs] for i in range(jobs)]
    results: list[list[Outcome]] = [[] for _ in shards]
    meta: dict[str, Any] = {}
    harness: list[dict[str, str]] = []
    stop = threading.Event()
    lock = threading.Lock()

    def report(k: int, result: Outcome) -> None:
        with lock:
            results[k].append(result)
            if progress:
                progress(result)
            if options.fail_fast and result.status not in ("pass", "skipped"):
                stop.set()

    def work(k: int) -> None:
        if options.one_shot:
            _one_shot(shards[k], options, lambda r: report(k, r), stop, meta)
            return
        problem = _persistent(shards[k], options, lambda r: report(k, r), stop, meta)
        if problem is not None:
            with lock:
                if problem not in harness:
                    harness.append(problem)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    order = {item.vector["id"]: i for i, item in enumerate(items)}
    outcomes = sorted((o for shard in results for o in shard), key=lambda o: order[o.id])
    not_run = len(items) - len(outcomes) if harness else 0
    return RunResult(outcomes, meta, harness, not_run)


def _one_shot(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
              stop: threading.Event, meta: dict[str, Any]) -> None:
    for item in items:
        if stop.is_set():
            return
        done = run_one_shot(options.command, item.stripped, options.timeout, options.cwd,
                            options.max_bytes)
        if done.kind == "reply":
            report(classify(item, done.data, options.strict))
        else:
            report(outcome(item, done.kind, done.message))


class _Session:
    """A persistent harness with its supported rulesets, restarted as needed."""

    def __init__(self, options: RunOptions, meta: dict[str, Any]) -> None:
        self.options = options
        self.meta = meta
        self.restarts = -1
        self.proc: HarnessProcess | None = None
        self.rulesets: set[str] = set()

    def start(self) -> dict[str, str] | None:
        """(Re)start the harness; the harness-level problem ({status, message}), or None."""
        if self.proc is not None:
            self.proc.kill()
            self.proc = None
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            return {"status": "crash",
                    "message": f"gave up after {MAX_RESTARTS} restarts of the harness"}
        try:
            self.proc = HarnessProcess(self.options.command, self.options.cwd,
                                       self.options.max_bytes)
        except OSError as e:
            return {"status": "crash", "message": f"cannot start {self.options.command!r}: {e}"}
        self.proc.send(start_line())
        reply = self.proc.receive(max(START_TIMEOUT, self.options.timeout))
        problem = self._start_problem(reply)
        if problem is not None:
            return problem
        data = parse_reply(reply.text)
        assert isinstance(data, dict)
        self.meta.update(data)
        self.rulesets = set(data["rulesets"])
        return None

    def _start_problem(self, reply: Any) -> dict[str, str] | None:
        assert self.proc is not None
        if reply.kind == "overflow":
            return {"status": "protocol", "message": f"start: {over_cap(self.options.max_bytes)}"}
        if reply.kind != "line":
            status = "timeout" if reply.kind == "timeout" else "crash"
            tail = clip(self.proc.stderr_tail())
            return {"status": status, "message": f"no reply to start ({reply.kind}); "
                                                 f"stderr: {tail}"}
        data = parse_reply(reply.text)
        problem = data if isinstance(data, str) else start_problem(data)
        if self.options.strict and not problem:
            from pontoon_rules.conformance.replies import start_violation

            problem = start_violation(data)
        if problem:
            shown = clip(reply.text[:400].decode("utf-8", "replace"), 200)
            what = problem.split(":", 1)[0] if problem.startswith("not ") else problem
            return {"status": "protocol",
                    "message": f"bad start reply ({what}): the first line on stdout was "
                               f"{shown!r}; stdout is for protocol lines only (log to stderr)"}
        return None

    def supports(self, item: Item) -> bool:
        """Whether the harness said it plays the vector's ruleset."""
        return "*" in self.rulesets or item.vector["ruleset"]["id"] in self.rulesets


class PersistentRunner:
    """Vectors through one persistent harness, a few requests ahead, restarting on trouble.

    `failure` is the harness-level problem that stopped it (vectors left unreported).
    """

    def __init__(self, options: RunOptions, meta: dict[str, Any]) -> None:
        self.options = options
        self.session = _Session(options, meta)
        self.failure = self.session.start()
        self.seq = 0

    def run(self, items: list[Item], report: Callable[[Outcome], None],
            stop: threading.Event | None = None) -> None:
        """Run `items`, reporting each outcome in order."""
        stop = stop or threading.Event()
        queue: deque[Item] = deque(items)
        inflight: deque[tuple[int, Item]] = deque()
        while (queue or inflight) and self.failure is None:
            self._fill(queue, inflight, report, stop)
            if not inflight:
                if stop.is_set():
                    break
                continue
            self.failure = _receive_one(self.session, inflight, queue, report, self.options)

    def _fill(self, queue: deque[Item], inflight: deque[tuple[int, Item]],
              report: Callable[[Outcome], None], stop: threading.Event) -> None:
        while queue and len(inflight) < self.options.window and not stop.is_set():
            item = queue.popleft()
            if not self.session.supports(item):
                report(outcome(item, "skipped", "the harness does not list this ruleset"))
                continue
            self.seq += 1
            inflight.append((self.seq, item))
            assert self.session.proc is not None
            if not self.session.proc.send(run_line(self.seq, item.stripped)):
                return

    def close(self) -> None:
        """Stop the harness."""
        if self.session.proc is not None:
            self.session.proc.stop()
            self.session.proc = None


def _persistent(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
                stop: threading.Event, meta: dict[str, Any]) -> dict[str, str] | None:
    runner = PersistentRunner(options, meta)
    try:
        runner.run(items, report, stop)
    finally:
        runner.close()
    return runner.failure


def _receive_one(session: _Session, inflight: deque[tuple[int, Item]], queue: deque[Item],
                 report: Callable[[Outcome], None], options: RunOptions
                 ) -> dict[str, str] | None:
    """Read the reply to the oldest request; on trouble, restart and requeue the rest."""
    assert session.proc is not None
    seq, item = inflight[0]
    timeout = options.timeout
    reply = session.proc.receive(timeout)
    problem: tuple[str, str] | None = None
    if reply.kind == "overflow":
        problem = ("protocol", over_cap(options.max_bytes))
    elif reply.kind == "timeout":
        problem = ("timeout", f"no reply within {timeout} s (killed, restarted); increase "
                              "--timeout if this is not an infinite loop")
    elif reply.kind == "eof":
        session.proc.proc.wait()
        code = session.proc.proc.returncode
        problem = ("crash", f"the harness exited (status {code}); stderr: "
                            f"{clip(session.proc.stderr_tail())}")
    else:
        data = parse_reply(reply.text)
        if isinstance(data, str):
            problem = ("protocol", data)
        elif data.get("seq") != seq:
            problem = ("protocol", f"wrong seq: expected {seq}, got {data.get('seq')!r}")
        else:
            inflight.popleft()
            report(classify(item, data, options.strict))
            return None
    inflight.popleft()
    report(outcome(item, *problem))
    queue.extendleft(reversed([it for _, it in inflight]))
    inflight.clear()
    return session.start()
