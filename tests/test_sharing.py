"""Solves shared between this process and a helper (`analysis.present.sharing`): every job
once, in order, the helper kept busy while this process is in a long solve."""

from __future__ import annotations

import threading
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from pontoon_rules.analysis.present.sharing import shared


def test_the_helper_takes_its_next_job_while_this_process_is_in_a_long_solve() -> None:
    """Job 0, this process's first, lasts until the helper has solved every other job but
    the last (this process's, if it did not take it first): the helper is handed each next
    job as it answers, not when this process's solve ends (before, it waited as long, one
    job given per solve here)."""
    jobs = list(range(8))
    others = threading.Event()
    where: dict[int, str] = {}
    lock = threading.Lock()

    def solve(job: int) -> int:
        with lock:
            where[job] = threading.current_thread().name
            if len(where) >= len(jobs) - 1 and 0 in where:
                others.set()
        if job == 0:
            assert others.wait(timeout=20), f"the helper stopped at {sorted(where)}"
        return job * job

    with ThreadPoolExecutor(1, thread_name_prefix="helper") as helper:
        out = shared(jobs, helper, solve)
    assert out == [job * job for job in jobs]
    there = sorted((j for j, name in where.items() if name.startswith("helper")), reverse=True)
    assert there[:6] == list(range(7, 1, -1)) and sorted(where) == jobs
    assert where[0] == threading.current_thread().name


def test_progress_counts_every_answer_and_its_exception_stops_the_work() -> None:
    """`progress(done, total)` before each solve here, each count once (the helper's
    answers may come first); an exception it raises ends the work there (the workbench's
    cancellation)."""
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))

    with ThreadPoolExecutor(1) as helper:
        assert shared(list(range(6)), helper, lambda job: -job, progress) == [
            0, -1, -2, -3, -4, -5]
    assert told and all(total == 6 and done <= 6 for done, total in told)
    assert [d for d, _t in told] == sorted({d for d, _t in told})  # each count once, rising

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        if done >= 2:
            raise Stop

    solved: list[int] = []
    with ThreadPoolExecutor(1) as helper, pytest.raises(Stop):
        shared(list(range(40)), helper, lambda job: solved.append(job), stop)
    assert len(solved) < 40


class _Broken(Executor):
    """A helper whose process ended: every call fails with `BrokenExecutor`."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(BrokenExecutor("the helper process ended"))
        return future


def test_a_broken_helper_leaves_its_share_here_and_a_failure_there_is_raised_here() -> None:
    """The job a broken helper was given is solved here, and every other; an exception a
    solve raised on the helper is raised to the caller."""
    assert shared(list(range(5)), _Broken(), lambda job: job + 1) == [1, 2, 3, 4, 5]

    def solve(job: int) -> int:
        if job == 4:
            raise ValueError("no edge for job 4")
        if job == 0:
            threading.Event().wait(0.5)  # the helper meets job 4 meanwhile
        return job

    with ThreadPoolExecutor(1) as helper, pytest.raises(ValueError, match="job 4"):
        shared(list(range(5)), helper, solve)


def test_the_helper_begins_while_known_runs_here_and_what_known_gives_stands() -> None:
    """`known()` (the base's solve) runs here while the helper already solves from the last
    job: the helper has answered one before `known` ends; the jobs `known` answers are
    solved no further, and its answer stands over one the helper made meanwhile."""
    jobs = list(range(6))
    leaving = threading.Event()
    where: dict[int, str] = {}

    def solve(job: int) -> int:
        where[job] = threading.current_thread().name
        if job == 4:  # the helper's second: once `known` has given its answers
            assert leaving.wait(timeout=20)
            threading.Event().wait(0.2)
        return job * 10

    def known() -> dict[int, int]:
        for _ in range(2000):  # the helper's first job, solved before `known` ends
            if 5 in where:
                break
            threading.Event().wait(0.01)
        assert 5 in where, "the helper waited for this process's own work"
        leaving.set()
        return {5: -1, 1: -2}

    with ThreadPoolExecutor(1, thread_name_prefix="helper") as helper:
        out = shared(jobs, helper, solve, known=known)
    assert out == [0, -2, 20, 30, 40, -1]
    assert where[5].startswith("helper") and 1 not in where
    assert sorted(where) == [0, 2, 3, 4, 5]


def test_the_helpers_jobs_are_its_first_and_the_answers_come_in_order() -> None:
    """The jobs marked `theirs` (the variants that read a graph of their own, which the
    helper builds ahead: `warming`) are the helper's first, from the last place, and the
    others this process's, each run in the jobs' own order (neighbours together for the
    kernel's reuse); `known` still answers by the jobs' own indices, and the answers come
    back in the jobs' order."""
    from pontoon_rules.analysis.present.sharing import helper_first

    theirs = [False, True, True, False, True, False, False]
    order = helper_first(theirs)
    assert order == [0, 3, 5, 6, 1, 2, 4]
    assert helper_first([False] * 3) == [0, 1, 2] and helper_first([True] * 2) == [0, 1]
    jobs = list(range(7))
    where: dict[int, str] = {}
    gate = threading.Event()

    def solve(job: int) -> int:
        name = threading.current_thread().name
        where[job] = name
        if not name.startswith("helper"):
            gate.wait(timeout=10)  # this process waits until the helper did its own
        elif job == 1:
            gate.set()
        return job * 3

    def known() -> dict[int, int]:
        return {6: -6, 3: -3}

    with ThreadPoolExecutor(1, thread_name_prefix="helper") as helper:
        out = shared(jobs, helper, solve, known=known, theirs=theirs)
    assert out == [0, 3, 6, -3, 12, 15, -6]
    assert all(where[at].startswith("helper") for at in (4, 2, 1))  # its own, first
    assert not where[0].startswith("helper")  # this process's first job, here
