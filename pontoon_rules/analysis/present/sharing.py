"""Solves shared between this process and a helper process (`costs.solve_variants`' `helper`).

This process takes the jobs from the first, the helper from the last, one at a time each,
until they meet: the same figures as one process (each job is its own solve). The helper
is handed its next job by a thread of this process as soon as it answers the last
(`_Feed`), not when this process's own solve ends: one long solve here (a split rule's
recursion in Python, seconds) left it idle for as long, most of belarus-ponton's changed
table's wait (`benchmarks/results/workbench_speed.txt`, w51y).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future
from typing import Any

Progress = Callable[[int, int], None]


def shared(jobs: list[Any], helper: Executor, solve: Callable[[Any], Any],
           progress: Progress | None = None) -> list[Any]:
    """`solve(job)` of each job, in order, here and on `helper`. `progress(done, total)`
    before each solve here and as the helper's answers come in (an exception it raises
    stops the work, a solve the helper was given left to end on its own); a helper that
    breaks leaves its share to this process; an exception a solve raised there is raised
    here."""
    feed = _Feed(jobs, helper, solve)
    feed.thread.start()
    told = -1
    try:
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


class _Feed:
    """The jobs between this process and the helper, and the thread handing the helper its
    share (from the last, while at least two are left: the last is this process's)."""

    def __init__(self, jobs: list[Any], helper: Executor, solve: Callable[[Any], Any]) -> None:
        self.jobs, self.helper, self.solve = jobs, helper, solve
        self.out: list[Any] = [None] * len(jobs)
        self.low, self.high, self.count = 0, len(jobs) - 1, 0
        self.redo: list[int] = []
        """Jobs a helper that broke was given: this process solves them."""
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
            if self.redo:
                return self.redo.pop()
            if self.low <= self.high:
                self.low += 1
                return self.low - 1
            return None

    def put(self, at: int, found: Any) -> None:
        with self.moved:
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
            if self.stopped or self.low >= self.high:
                return None
            self.high -= 1
            return self.high + 1

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
