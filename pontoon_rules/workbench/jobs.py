"""Analysis jobs in worker processes: one current job per browser tab, the last change wins.

`JobManager.submit(tab, key, job)` makes the job the tab's current one. The tab's
previous job is cancelled unless another tab still shows it (a queued job is dropped,
a running one told to stop between steps, and its process killed and replaced when it
does not stop within `grace` seconds). Jobs are keyed by what they analyse (the
overlay text and the steps): a tab asking for a job that is running or finished for
another tab shares it, so two tabs on the same rules see the same figures, and a
finished job is kept (up to `KEEP`) for a tab that comes back to the same rules.

Bounded for one person's use: at most `max_queued` jobs wait at once (a new job
beyond is refused with `BusyError`, the server's 429; a tab's own waiting job,
which its new one replaces, does not count, and a waiting job no page asked about
for `quiet` seconds gives way to the new one), a tab has one current job, at most
`MAX_TABS` tabs are followed, and a tab that has not asked about its job for `idle`
seconds (a client that never polls; a page closed says so: `release`) is dropped and its
job cancelled. A manager may wait on another (`gate`): its jobs start only while the
gate is open, and its running workers are paused (SIGSTOP, then SIGCONT, to each worker's
process group: its helper too) while it is shut: the workbench's other figures wait for
the house edge, so the edge has the machine to itself, and for the realistic variations
while they take both cores (`shares`). Each worker process runs under an
address-space limit (`memory` bytes, `DEFAULT_MEMORY`): an analysis that needs more ends in
words, not by taking the machine's memory.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import multiprocessing
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Any

from pontoon_rules.workbench import worker
from pontoon_rules.workbench.helper import safe_path
from pontoon_rules.workbench.news import moved
from pontoon_rules.workbench.render import WordedError, said
from pontoon_rules.workbench.worker import Job, memory_words

QUEUED, RUNNING, CANCELLING, DONE, CANCELLED, FAILED = (
    "queued", "running", "cancelling", "done", "cancelled", "failed")
FINISHED = (DONE, CANCELLED, FAILED)
KEEP = 64  # finished jobs kept for tabs that return to the same rules
MAX_QUEUED = 16  # jobs waiting for a worker at once (beyond: `BusyError`)
MAX_TABS = 64  # tabs followed at once (beyond: the one that asked longest ago is dropped)
TAB_IDLE = 120.0
"""Seconds after which a tab that has not asked about its job is dropped (a page polls
every second or so while its job runs, once a minute at worst in a hidden tab)."""
QUIET = 10.0
"""Seconds after which a waiting job that no page asked about gives its place in a full
queue to a new one (a page asks several times a second while its job waits)."""
DEFAULT_MEMORY = 2 << 30  # the address space each worker process may use (bytes): 2 GiB


class BusyError(WordedError):
    """The workbench has as many analyses waiting as it takes (the server's 429)."""


@dataclass
class Record:
    """A job as the page sees it: status, each step's progress, results and failures."""

    id: str
    key: str
    steps: tuple[str, ...]
    status: str = QUEUED
    step: str | None = None
    progress: dict[str, tuple[int, int]] = field(default_factory=dict)
    results: dict[str, Any] = field(default_factory=dict)
    partial: dict[str, Any] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)
    tabs: set[str] = field(default_factory=set)
    version: int = 0
    cancel_asked: float | None = None
    why: str = ""
    """Why the job was stopped, when not because its rules changed (a catalog message)."""
    why_fill: dict[str, Any] = field(default_factory=dict)  # what fills `why`'s places

    def moved(self) -> None:
        """It moved on: a new version, news for the polls that wait (`news`)."""
        self.version += 1
        moved()

    def snapshot(self) -> dict[str, Any]:
        """A copy of the record's state, safe to read outside the manager's lock."""
        return {"id": self.id, "status": self.status, "step": self.step,
                "steps": list(self.steps), "progress": dict(self.progress),
                "results": dict(self.results), "partial": dict(self.partial),
                "failures": dict(self.failures), "version": self.version,
                "why": self.why % self.why_fill if self.why_fill else self.why,
                "why_said": (self.why, dict(self.why_fill))}


class _Worker:
    """One worker process, its end of the pipe, and the job it is running."""

    def __init__(self, context: Any, nice: int, memory: int | None) -> None:
        self.conn, child = context.Pipe(duplex=True)
        self.process: BaseProcess = context.Process(
            target=worker.main, args=(child, nice, memory), daemon=True, name="workbench-analysis")
        with safe_path():  # not the user's current folder first on its path
            self.process.start()
        child.close()
        self.job: str | None = None
        self.sent: Job | None = None  # the job last sent to it
        self.killed = False
        self.retired = False  # it said it ends (`worker.main`): no job is sent to it


class JobManager:
    """Runs analysis jobs on `workers` processes; see the module docstring."""

    def __init__(self, workers: int = 1, grace: float = 8.0, nice: int = 0,
                 prefix: str = "j", max_queued: int = MAX_QUEUED, idle: float = TAB_IDLE,
                 quiet: float = QUIET, memory: int | None = DEFAULT_MEMORY) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.RLock()
        self._jobs: OrderedDict[str, Record] = OrderedDict()
        self._by_key: dict[str, str] = {}
        self._tabs: dict[str, str] = {}
        self._seen: dict[str, float] = {}
        self._queue: list[tuple[str, Job]] = []
        self._ids = itertools.count(1)
        self._grace, self.nice, self._prefix = grace, nice, prefix
        self._max_queued, self._idle, self._memory = max(1, max_queued), idle, memory
        self._quiet = quiet
        self._closed = False
        self.gate: Callable[[], bool] | None = None
        """Jobs start and run only while it says True (asked every 0.25 s, and at `hold`)."""
        self.finished: Callable[[], None] | None = None
        """Called (outside the manager's lock) each time a job of this manager ends."""
        self._held = False
        self._workers = [self._start_worker() for _ in range(max(1, workers))]
        self._monitor = threading.Thread(target=self._watch, daemon=True,
                                         name="workbench-monitor")
        self._monitor.start()

    # -- the page's side ------------------------------------------------------------------
    def submit(self, tab: str, key: str, job: Job) -> str:
        """Make the job for `key` the tab's current one; returns its id.

        Raises:
            BusyError: the job is new and `max_queued` jobs are waiting already.
        """
        with self._lock:
            found = self._by_key.get(key)
            record = self._jobs.get(found) if found else None
            if record is None or record.status in (CANCELLED, CANCELLING, FAILED):
                self._make_room(tab)
                record = Record(f"{self._prefix}{next(self._ids)}", key, job.steps)
                self._jobs[record.id] = record
                self._by_key[key] = record.id
                self._queue.append((record.id, job))
            self._switch(tab, record)
            self._dispatch()
            self._forget_old()
            return record.id

    def release(self, tab: str, why: str = "", **fill: Any) -> None:
        """The tab shows no job any more: cancel its last one (`why`: a catalog message)."""
        with self._lock:
            self._seen.pop(tab, None)
            old = self._jobs.get(self._tabs.pop(tab, ""))
            if old is not None:
                old.tabs.discard(tab)
                if not old.tabs:
                    if old.status not in FINISHED:
                        old.why, old.why_fill = why, fill
                    self._cancel(old)
                    self._dispatch()

    def touch(self, tab: str) -> None:
        """The tab asked about its job: it is still open (see `idle`)."""
        with self._lock:
            if tab in self._tabs:
                self._seen[tab] = time.monotonic()

    def hold(self) -> None:
        """Pause the running workers while the gate is shut, continue them once it opens (a
        cancelled job's grace then starts anew: a paused worker could not stop)."""
        with self._lock:
            held = self.gate is not None and not self.gate() and not self._closed
            if held == self._held:
                return
            self._held = held
            if not held:  # a cancelled job's grace starts anew
                for record in [r for r in self._jobs.values() if r.cancel_asked is not None]:
                    record.cancel_asked = time.monotonic()
            for w in self._workers:
                if w.process.pid is not None and w.process.is_alive():
                    # with its helper (`worker.signal_group`); ended meanwhile: `_lost`
                    worker.signal_group(w.process.pid, signal.SIGSTOP if held else signal.SIGCONT)

    def dispatch(self) -> None:
        """Give waiting jobs to idle workers now (the gate may have opened)."""
        with self._lock:
            self._dispatch()

    def idle(self) -> bool:
        """Whether no job runs or waits (a gate for another manager: `gate`)."""
        with self._lock:
            return not self._queue and all(w.job is None for w in self._workers)

    def shares(self, step: str) -> bool:
        """Whether a running job is at `step` with at least two of its parts to end (its
        `progress`): its worker and its helper both solving, on both of two cores."""
        with self._lock:
            return any(r.status == RUNNING and r.step == step and r.progress[step][0]
                       <= r.progress[step][1] - 2 for r in self._jobs.values())

    def waiting(self) -> int:
        """How many jobs wait for a worker."""
        with self._lock:
            return len(self._queue)

    def get(self, job_id: str) -> dict[str, Any] | None:
        """The job's state, or None for an unknown (or long forgotten) id."""
        with self._lock:
            record = self._jobs.get(job_id)
            return record.snapshot() if record else None

    def current(self, tab: str) -> str | None:
        """The id of the tab's current job."""
        with self._lock:
            return self._tabs.get(tab)

    def close(self) -> None:
        """Stop every worker (told to stop, then killed if it does not)."""
        with self._lock:
            self._closed = True
            self.hold()  # continued, to hear "stop"
            workers = list(self._workers)
        for w in workers:
            with contextlib.suppress(OSError, ValueError):
                w.conn.send(("stop",))
        for w in workers:
            w.process.join(timeout=2)
            if w.process.is_alive():
                worker.signal_group(w.process.pid, signal.SIGKILL)
                w.process.join(timeout=2)
            # its reader thread sees the pipe close and closes this end (one closer only)

    # -- inside the lock -------------------------------------------------------------------
    def _make_room(self, tab: str) -> None:
        """Raise `BusyError` unless a new job may wait (the tab's own waiting job, which
        the new one replaces, does not count; a waiting job no page asked about for
        `quiet` seconds gives way); drop the longest-silent tab when `MAX_TABS` are
        followed."""
        own = self._jobs.get(self._tabs.get(tab, ""))
        replaced = own is not None and own.status == QUEUED and own.tabs == {tab}
        waiting = len(self._queue) - (1 if replaced else 0)
        if waiting >= self._max_queued:
            silent = self._silent_waiting(tab)
            if silent is None:
                raise BusyError("%(waiting)s analyses are waiting already (at most %(most)s); try "
                                "again when one has finished, or close pages you no longer "
                                "use", waiting=waiting, most=self._max_queued)
            self.release(silent, said("This analysis was stopped: newer pages needed its place "
                                      "in the queue. Change a rule (or reload) to start again."))
        if tab not in self._tabs and len(self._tabs) >= MAX_TABS:
            oldest = min(self._tabs, key=lambda t: self._seen.get(t, 0.0))
            self.release(oldest, said("This analysis was stopped: more pages opened since. "
                                      "Change a rule (or reload) to start again."))

    def _silent_waiting(self, asking: str) -> str | None:
        """The tab silent longest (over `quiet` seconds) whose job only waits, if any."""
        now = time.monotonic()
        silent = [(seen, t) for t, seen in self._seen.items()
                  if t != asking and now - seen > self._quiet
                  and getattr(self._jobs.get(self._tabs.get(t, "")), "status", "") == QUEUED]
        return min(silent)[1] if silent else None

    def _switch(self, tab: str, record: Record) -> None:
        old_id = self._tabs.get(tab)
        self._tabs[tab] = record.id
        self._seen[tab] = time.monotonic()
        record.tabs.add(tab)
        if old_id is None or old_id == record.id:
            return
        old = self._jobs.get(old_id)
        if old is not None:
            old.tabs.discard(tab)
            if not old.tabs:
                self._cancel(old)

    def _cancel(self, record: Record) -> None:
        if record.status == QUEUED:
            self._queue = [(i, j) for i, j in self._queue if i != record.id]
            self._finish(record, CANCELLED)
        elif record.status == RUNNING:
            record.status, record.cancel_asked = CANCELLING, time.monotonic()
            record.moved()
            w = self._worker_of(record.id)
            if w is not None and self._grace <= 0 and not w.killed:
                w.killed = True  # no grace: the worker is replaced at once, not asked
                worker.signal_group(w.process.pid, signal.SIGKILL)
            elif w is not None:
                with contextlib.suppress(OSError, ValueError):
                    w.conn.send(("cancel", record.id))

    def _finish(self, record: Record, status: str) -> None:
        record.status, record.step = status, None
        record.moved()
        if status != DONE and self._by_key.get(record.key) == record.id:
            del self._by_key[record.key]

    def _dispatch(self) -> None:
        if self.gate is not None and self._queue and not self.gate():
            return  # `_watch` tries again
        for w in self._workers:  # not to one killed: its end would cancel the job (`_lost`)
            if w.job is None and self._queue and not (self._closed or w.retired or w.killed):
                job_id, job = self._queue.pop(0)
                try:
                    w.conn.send(("job", job_id, job))
                except (OSError, ValueError):  # a dead worker: `_lost` replaces it
                    self._queue.insert(0, (job_id, job))
                    continue
                record = self._jobs[job_id]
                record.status = RUNNING
                record.moved()
                w.job, w.sent = job_id, job

    def _worker_of(self, job_id: str) -> _Worker | None:
        return next((w for w in self._workers if w.job == job_id), None)

    def _forget_old(self) -> None:
        finished = [i for i, r in self._jobs.items() if r.status in FINISHED and not r.tabs]
        for job_id in finished[: max(0, len(finished) - KEEP)]:
            record = self._jobs.pop(job_id)
            if self._by_key.get(record.key) == job_id:
                del self._by_key[record.key]

    # -- the workers' side -----------------------------------------------------------------
    def _start_worker(self) -> _Worker:
        w = _Worker(self._context, self.nice, self._memory)
        threading.Thread(target=self._read, args=(w,), daemon=True,
                         name="workbench-reader").start()
        return w

    def _read(self, w: _Worker) -> None:
        while True:
            try:
                message = w.conn.recv()
            except (EOFError, OSError):
                self._lost(w)
                return
            with self._lock:
                self._apply(w, message)
            if message[0] in ("done", "cancelled") and self.finished is not None:
                self.finished()

    def _apply(self, w: _Worker, message: tuple[Any, ...]) -> None:
        kind, job_id, *rest = message
        if kind == "retired":  # it ends: a job sent to it since waits for its successor
            record, w.retired = self._jobs.get(w.job or ""), True
            if record is not None and record.status == CANCELLING:
                self._finish(record, CANCELLED)
            elif record is not None and w.sent is not None:
                record.status = QUEUED
                self._queue.insert(0, (record.id, w.sent))
            w.job = None
            return
        record = self._jobs.get(job_id)
        if record is None:
            return
        record.moved()
        if kind == "progress":
            record.step = rest[0]
            record.progress[rest[0]] = (rest[1], rest[2])
        elif kind == "partial":
            record.partial[rest[0]] = rest[1]
        elif kind == "result":
            record.results[rest[0]] = rest[1]
            record.partial.pop(rest[0], None)
        elif kind == "failed":
            record.failures[rest[0]] = rest[1]
        elif kind in ("done", "cancelled"):
            self._finish(record, DONE if kind == "done" else CANCELLED)
            w.job = None
            self._dispatch()

    def _lost(self, w: _Worker) -> None:
        """A worker process ended: its job ends in words, another process takes its place."""
        with self._lock:
            _close(w.conn)
            record = self._jobs.get(w.job) if w.job else None
            if record is not None and record.status not in FINISHED:
                if w.killed or record.status == CANCELLING:
                    self._finish(record, CANCELLED)
                else:
                    record.failures[record.step or "edge"] = (
                        "the analysis process ended unexpectedly" + (
                            f" ({memory_words(self._memory)})" if self._memory
                            else " (out of memory?)"))
                    self._finish(record, FAILED)
            if self._closed or w not in self._workers:
                return
            self._workers[self._workers.index(w)] = self._start_worker()
            self._dispatch()

    def _watch(self) -> None:
        """Kill a worker whose cancelled job runs on past the grace period; drop the tabs
        that stopped asking about their jobs."""
        while not self._closed:
            time.sleep(0.25)
            with self._lock:
                self.hold()
                self._dispatch()
                now = time.monotonic()
                for tab in [t for t, seen in self._seen.items() if now - seen > self._idle]:
                    self.release(tab, said("This analysis was stopped: no page asked about it "
                                           "for %(seconds)s seconds. Change a rule (or reload) "
                                           "to start again."), seconds=f"{self._idle:g}")
                for w in self._workers:
                    record = self._jobs.get(w.job) if w.job else None
                    if (record is not None and record.status == CANCELLING and not w.killed
                            and record.cancel_asked is not None
                            and now - record.cancel_asked > self._grace
                            and not self._held):
                        w.killed = True
                        worker.signal_group(w.process.pid, signal.SIGKILL)

    def worker_pids(self) -> list[int | None]:
        """The process ids of the workers (for tests and the server's log)."""
        with self._lock:
            return [w.process.pid for w in self._workers]


def _close(conn: Any) -> None:
    """Close a pipe end that another thread may close at the same moment."""
    with contextlib.suppress(OSError):
        conn.close()


def job_key(text: str, steps: tuple[str, ...], extra: str = "") -> str:
    """The key of a job: what it analyses and which steps."""
    digest = hashlib.sha256("\0".join((text, *steps, extra)).encode("utf-8")).hexdigest()
    return digest[:32]


__all__ = ["CANCELLED", "CANCELLING", "DONE", "FAILED", "QUEUED", "RUNNING", "BusyError",
           "JobManager", "Record", "job_key"]
