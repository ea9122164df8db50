"""How the long runs start their worker processes: forked where that is safe, else
from a fork server.

A fork copies only the thread that calls it. Where another Python thread runs in the
parent (pytest-xdist's I/O thread, a web server's threads, a program that embeds this
package), it may hold a lock at that moment (a buffered file's, the logging module's),
and a child that takes the same lock waits for ever: a CI run saw a simulation worker
asleep on a futex for 1,109 s. So a process whose only Python thread is the caller, or whose other
Python threads have said when they may be caught (`fork_safe`: the CLI's progress ticker),
forks (its workers inherit what it has built: the kernels loaded, a strategy solved); any
other uses a fork server, a fresh single-threaded process that forks the workers and
has imported only `PRELOAD`: such workers build what they need themselves.
Threads with no Python in them (a BLAS library's) are not counted: their libraries
make themselves safe across a fork.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # `multiprocessing` is imported where workers start: the CLI's progress
    # ticker imports this module for `fork_safe`, and `edge` starts no worker
    from multiprocessing.context import BaseContext

__all__ = ["PRELOAD", "fork_safe", "forking", "inherits", "only_python_thread",
           "worker_context"]

PRELOAD = ["pontoon_rules.sim.distribution.distribute", "pontoon_rules.analysis.present.costs"]
"""What the fork server imports once, before it forks any worker (never `__main__`,
the default: a program's unguarded main module would run again there)."""

_SAFE: dict[int, threading.Lock] = {}
"""Threads that may run beside a fork, by ident: each holds its lock whenever it does what
a fork could catch half done (the CLI's progress ticker, while it writes to stderr)."""


@contextmanager
def fork_safe(lock: threading.Lock, ident: int | None) -> Iterator[None]:
    """While the block runs, the thread `ident` does not stop this process from forking its
    workers: it holds `lock` whenever it takes any other lock a child could need (a
    stream's), and `forking` holds `lock` while the workers are forked."""
    assert ident is not None, "a thread is marked fork-safe once it has started"
    _SAFE[ident] = lock
    try:
        yield
    finally:
        _SAFE.pop(ident, None)


@contextmanager
def forking() -> Iterator[None]:
    """Hold every fork-safe thread's lock while the block forks workers."""
    locks = [_SAFE[ident] for ident in sorted(_SAFE)]
    for lock in locks:
        lock.acquire()
    try:
        yield
    finally:
        for lock in reversed(locks):
            lock.release()


def only_python_thread() -> bool:
    """Whether every other thread running Python in this process is fork-safe (`fork_safe`).
    `sys._current_frames` sees every such thread, also those started with `_thread`
    (pytest-xdist's), which `threading.active_count` does not."""
    others = set(sys._current_frames()) - {threading.get_ident()} - set(_SAFE)
    return not others


def worker_context() -> BaseContext:
    """The context to start workers from now: `fork` where it is safe (fork them inside
    `forking`), else `forkserver` (else `spawn`, where a platform has no fork server)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and only_python_thread():
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        from multiprocessing import forkserver

        forkserver.set_forkserver_preload(PRELOAD)
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def inherits(context: BaseContext) -> bool:
    """Whether workers started from `context` inherit what this process has built."""
    return context.get_start_method() == "fork"
