"""Solves shared between this process and a helper process (`costs.solve_variants`' `helper`).

This process takes the jobs from the first, the helper from the last, one at a time each,
until they meet: the same figures as one process (each job is its own solve). The helper
is handed its next job by a thread of this process as soon as it answers the last
(`_Feed`), not when this process's own solve ends: one long solve here (a split rule's
recursion in Python, seconds) left it idle for as long, most of belarus-ponton's changed
table's wait (`benchmarks/results/workbench_speed.txt`, w51y). The helper begins before this
process does (`known`: the base's solve here, which tells which jobs need none): it was idle
for that second, and ended a second and a half before this process (p51c). The jobs marked
the helper's (`theirs`: the variants that build a hand-state graph of their own) are its
first: the graphs they read are then kept in the helper alone, which builds them ahead
while the page is read (`warming`), and each process's solves reuse what its last solve
kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future
from typing import Any

Progress = Callable[[int, int], None]


def shared(jobs: list[Any], helper: Executor, solve: Callable[[Any], Any],
           progress: Progress | None = None,
           known: Callable[[], dict[int, Any]] | None = None,
           theirs: list[bool] | None = None) -> list[Any]:
    """`solve(job)` of each job, in order, here and on `helper`. `progress(done, total)`
    before each solve here (and before `known`) and as the helper's answers come in (an
    exception it raises stops the work, a solve the helper was given left to end on its
    own); a helper that breaks leaves its share to this process; an exception a solve
    raised there is raised here. `known()` runs here first, while the helper already
    solves: the jobs it answers (by index) are solved no further, and what it gives them
    is theirs (a solve the helper made of one meanwhile is dropped). `theirs`: the jobs
    the helper takes first (`helper_first`), where it keeps what they read; the answers are
    in the jobs' order whatever it is."""
    if theirs is not None:
        order = helper_first(theirs)
        out = shared([jobs[at] for at in order], helper, solve, progress,
                     None if known is None else _moved(known, order))
        back = [None] * len(jobs)
        for place, job in enumerate(order):
            back[job] = out[place]
        return back
    feed = _Feed(jobs, helper, solve)
    feed.thread.start()
    told = -1
    try:
        if known is not None:  # told first: the helper solves already
            if progress is not None:
                progress(0, len(jobs))
                told = 0
            feed.settle(known())
        while True:
            done = feed.done()
            if progress is not None and done != told:
                progress(done, len(jobs))
                told = done
            at = feed.claim_here()
            if at is not None:
                feed.put(at, solve(jobs[at]))
            elif not feed.wait():
                break
    finally:
        feed.stop()
    return feed.out


def helper_first(theirs: list[bool]) -> list[int]:
    """The jobs' indices in the order `shared` is given them: the jobs not marked `theirs`
    first (this process takes them from the first place), then those marked (the helper
    takes them from the last place: all of them before any of the others, unless this
    process, done with its own, meets it there). Each run keeps the jobs' own order, so
    that neighbours (two values of one rule) are solved one after the other by one
    process, where the kernel reuses the last solve's nodes (`KEPT`,
    `native/analysis_kept.h`). The marked jobs are the costlier (a graph of their own and
    its nodes enumerated afresh): the helper, which begins first, takes them, with the
    graphs it built ahead (`warming`), and this process the base's solve (`known`) and the
    variants that read the base's graph, which that solve built here. Splitting each kind
    between both ends (the costliest first at both, before) had each process build about
    half of the graphs at every change (`benchmarks/results/workbench_speed.txt`)."""
    return ([at for at, mark in enumerate(theirs) if not mark]
            + [at for at, mark in enumerate(theirs) if mark])


def _moved(known: Callable[[], dict[int, Any]], order: list[int]
           ) -> Callable[[], dict[int, Any]]:
    """`known` answering by the place of each job in `order`."""
    place = {at: n for n, at in enumerate(order)}
    return lambda: {place[at]: found for at, found in known().items()}


class _Feed:
    """The jobs between this process and the helper, and the thread handing the helper its
    share (from the last, while at least two are left: the last is this process's)."""

    def __init__(self, jobs: list[Any], helper: Executor, solve: Callable[[Any], Any]) -> None:
        self.jobs, self.helper, self.solve = jobs, helper, solve
        self.out: list[Any] = [None] * len(jobs)
        self.low, self.high, self.count = 0, len(jobs) - 1, 0
        self.redo: list[int] = []
        """Jobs a helper that broke was given: this process solves them."""
        self.given: set[int] = set()
        """Jobs answered without a solve (`settle`)."""
        self.answered: set[int] = set()
        self.error: BaseException | None = None
        self.stopped = False
        self.current: Future[Any] | None = None
        self.moved = threading.Condition()
        self.thread = threading.Thread(target=self._hand_over, daemon=True,
                                       name="realistic-helper-feed")

    def claim_here(self) -> int | None:
        """The next job for this process (a broken helper's first, else the lowest left;
        None: none left), or the helper's failure raised."""
        with self.moved:
            if self.error is not None:
                raise self.error
            while self.redo:
                at = self.redo.pop()
                if at not in self.given:
                    return at
            while self.low <= self.high:
                self.low += 1
                if self.low - 1 not in self.given:
                    return self.low - 1
            return None

    def settle(self, given: dict[int, Any]) -> None:
        """The jobs answered without a solve, with their answers (the helper's own answer
        to one of them, come or to come, is dropped)."""
        with self.moved:
            for at, found in given.items():
                self.out[at] = found
                if at not in self.answered:
                    self.count += 1
                self.answered.add(at)
            self.given.update(given)
            self.moved.notify_all()

    def put(self, at: int, found: Any) -> None:
        with self.moved:
            if at in self.given:
                return  # answered without a solve (`settle`): that answer stands
            self.answered.add(at)
            self.out[at] = found
            self.count += 1
            self.moved.notify_all()

    def done(self) -> int:
        with self.moved:
            return self.count

    def wait(self) -> bool:
        """Wait a little for the helper (False: every job is solved)."""
        with self.moved:
            if self.count == len(self.jobs):
                return False
            if self.error is None and not self.redo:
                self.moved.wait(timeout=0.05)
            return True

    def stop(self) -> None:
        """No job handed over from now on; the one the helper waits to begin is withdrawn."""
        with self.moved:
            self.stopped = True
            current = self.current
        if current is not None:
            current.cancel()

    def _claim_there(self) -> int | None:
        with self.moved:
            while not self.stopped and self.low < self.high:
                self.high -= 1
                if self.high + 1 not in self.given:
                    return self.high + 1
            return None

    def _hand_over(self) -> None:
        """The helper's jobs, one after another, each as the last is answered."""
        while (at := self._claim_there()) is not None:
            future = self.helper.submit(self.solve, self.jobs[at])
            with self.moved:
                self.current = future
                if self.stopped:
                    future.cancel()
            try:
                found = future.result()
            except BrokenExecutor:
                with self.moved:
                    self.redo.append(at)
                    self.moved.notify_all()
                return
            except CancelledError:
                return
            except BaseException as error:  # noqa: BLE001 - raised in the caller's thread
                with self.moved:
                    self.error = error
                    self.moved.notify_all()
                return
            self.put(at, found)
