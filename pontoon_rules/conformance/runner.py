"""The runner: every vector through an implementation's harness, each ending in one status.

Every vector ends in exactly one status: pass; fail (the first differing path,
expected vs got); error (the harness said it errored); crash (the process died:
the tail of its stderr); timeout (no reply in time: killed, restarted, the run
goes on); protocol (bad JSON, a wrong `seq`, a reply that is not a trace or whose
types break the published schema, a reply over the size cap); skipped; not-run
(the harness failed as a whole before the vector was sent); internal (the runner
itself failed on it: a bug here, never the implementation's fault, and the run
fails).

A harness that cannot be started, or whose `start` reply is missing or wrong
(output before it included), is one harness-level problem (`RunResult.harness`),
and every vector it would have run ends `not-run`.
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
from pontoon_rules.conformance.judge import Leniency, expected_steps, judge, shape_problem
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

STATUSES = ("pass", "fail", "error", "crash", "timeout", "protocol", "skipped", "not-run",
            "internal")
"""Every status a vector can end in (each vector ends in exactly one)."""
START_TIMEOUT = 20.0
"""Seconds a harness may take to answer `start` (interpreters load slowly)."""
PIPELINE_BYTES = 32 << 10
"""The most bytes of requests sent ahead of the replies (a pipe holds 64 KiB)."""
MAX_RESTARTS = 10
"""Restarts of a persistent harness before the runner gives up on it."""


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
    """Vectors never sent because the harness failed (see `harness`); each also has a
    `not-run` outcome."""


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
    from pontoon_rules.conformance.replies import reply_violation

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
    found = judge(item.expected, item.vector["final"], reply["trace"], leniency)
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
    """Run every vector through the implementation; one outcome per vector, in order.

    A vector never sent ends `not-run` (the harness failed, or `fail_fast` stopped the
    run); one the runner failed on ends `internal`.
    """
    items = [Item.of(v) for v in vectors]
    jobs = max(1, min(options.jobs, len(items) or 1))
    shards = [items[i::jobs] for i in range(jobs)]
    results: dict[str, Outcome] = {}
    meta: dict[str, Any] = {}
    harness: list[dict[str, str]] = []
    crashed: list[BaseException] = []
    stop = threading.Event()
    lock = threading.Lock()

    def report(result: Outcome) -> None:
        with lock:
            if result.id in results:
                return
            results[result.id] = result
            if progress:
                progress(result)
            if options.fail_fast and result.status not in ("pass", "skipped"):
                stop.set()

    def work(k: int) -> None:
        try:
            problem = _work(shards[k], options, report, stop, meta)
        except Exception as e:  # noqa: BLE001 - reported as `internal`, the run fails
            with lock:
                crashed.append(e)
            return
        if problem is not None:
            with lock:
                if problem not in harness:
                    harness.append(problem)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcomes = [results.get(item.vector["id"]) or _unreported(item, harness, crashed, stop)
                for item in items]
    not_run = sum(o.status == "not-run" for o in outcomes) if harness else 0
    return RunResult(outcomes, meta, harness, not_run)


def _work(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
          stop: threading.Event, meta: dict[str, Any]) -> dict[str, str] | None:
    if options.one_shot:
        _one_shot(items, options, report, stop, meta)
        return None
    return _persistent(items, options, report, stop, meta)


def _unreported(item: Item, harness: list[dict[str, str]], crashed: list[BaseException],
                stop: threading.Event) -> Outcome:
    """The outcome of a vector nobody reported: why it was not run."""
    if crashed:
        return internal(item, crashed[0])
    if harness:
        return outcome(item, "not-run", f"not run: the harness failed ({harness[0]['status']})")
    if stop.is_set():
        return outcome(item, "not-run", "not run: the run stopped at the first problem (-x)")
    return outcome(item, "internal", "the runner lost this vector (a bug in pontoon-rules, "
                                     "please report it)")


def _one_shot(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
              stop: threading.Event, meta: dict[str, Any]) -> None:
    for item in items:
        if stop.is_set():
            return
        done = run_one_shot(options.command, item.stripped, options.timeout, options.cwd,
                            options.max_bytes)
        if done.kind == "reply":
            report(classify(item, done.data, options.strict) if isinstance(done.data, dict)
                   else outcome(item, "protocol", "the reply is not a JSON object"))
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
        if not problem:
            from pontoon_rules.conformance.replies import start_violation

            problem = start_violation(data, self.options.strict)
        if problem:
            shown = clip(reply.text[:400].decode("utf-8", "replace"), 200)
            what = problem.split(":", 1)[0] if problem.startswith("not ") else problem
            return {"status": "protocol",
                    "message": f"bad start reply ({what}): the first line on stdout was "
                               f"{shown!r}; stdout is for protocol lines only (log to stderr)"}
        return None

    def leniency(self) -> Leniency:
        """What the start reply declared: its extension words."""
        words = self.meta.get("extensions") or []
        return Leniency(frozenset(w for w in words if isinstance(w, str)))

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
        """Send requests ahead, while the ones in flight fit in a pipe's buffer: a harness
        blocked writing its replies (which nobody reads while we write) stops reading, so
        more than a pipe's worth of requests ahead would wait on each other for ever."""
        ahead = sum(len(item.stripped) for _, item in inflight)
        while queue and len(inflight) < self.options.window and not stop.is_set():
            if inflight and ahead + len(queue[0].stripped) > PIPELINE_BYTES:
                return
            item = queue.popleft()
            if not self.session.supports(item):
                report(outcome(item, "skipped", "the harness does not list this ruleset"))
                continue
            self.seq += 1
            inflight.append((self.seq, item))
            ahead += len(item.stripped)
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
            report(classify(item, data, options.strict, session.leniency()))
            return None
    inflight.popleft()
    report(outcome(item, *problem))
    queue.extendleft(reversed([it for _, it in inflight]))
    inflight.clear()
    return session.start()
