"""A persistent harness: started (and restarted) as needed, requests sent a few ahead
while they fit in a pipe's buffer, replies read in order with a timeout."""

from __future__ import annotations

import subprocess
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from pontoon_rules.conformance.running.judge import Leniency
from pontoon_rules.conformance.running.judging import Item, Outcome, RunOptions, classify, outcome
from pontoon_rules.conformance.running.processes import clip
from pontoon_rules.conformance.running.protocol import (
    HarnessProcess,
    over_cap,
    parse_reply,
    run_line,
    start_line,
    start_problem,
)

START_TIMEOUT = 20.0
"""Seconds a harness may take to answer `start` (interpreters load slowly)."""
PIPELINE_BYTES = 32 << 10
"""The most bytes of requests sent ahead of the replies (a pipe holds 64 KiB)."""
MAX_RESTARTS = 10
"""Restarts of a persistent harness before the runner gives up on it."""


class Session:
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
        wait = max(START_TIMEOUT, self.options.timeout)
        self.proc.send(start_line(), wait)
        reply = self.proc.receive(wait)
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
            from pontoon_rules.conformance.running.replies import start_violation

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
        self.session = Session(options, meta)
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
            if not self.session.proc.send(run_line(self.seq, item.stripped),
                                          self.options.timeout):
                return

    def close(self) -> None:
        """Stop the harness."""
        if self.session.proc is not None:
            self.session.proc.stop()
            self.session.proc = None


def persistent(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
                stop: threading.Event, meta: dict[str, Any]) -> dict[str, str] | None:
    runner = PersistentRunner(options, meta)
    try:
        runner.run(items, report, stop)
    finally:
        runner.close()
    return runner.failure


def _exit_status(proc: HarnessProcess, timeout: float) -> int | None:
    """The exit status of a harness that closed its stdout (killed if it has not exited
    within `timeout` seconds)."""
    try:
        return proc.proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.proc.returncode


def _receive_one(session: Session, inflight: deque[tuple[int, Item]], queue: deque[Item],
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
    elif reply.kind == "timeout" and reply.text == b"write":
        problem = ("timeout", f"the harness stopped reading: a request could not be "
                              f"written within {timeout} s (killed, restarted)")
    elif reply.kind == "timeout":
        problem = ("timeout", f"no reply within {timeout} s (killed, restarted); increase "
                              "--timeout if this is not an infinite loop")
    elif reply.kind == "eof":
        code = _exit_status(session.proc, timeout)
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
