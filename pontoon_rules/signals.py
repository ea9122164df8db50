"""Process signals the long runs share: SIGTERM turned into an ordinary exit (143) for the
length of a block, so the block's cleanup runs (a simulation's pool terminated, every
conformance harness's tree killed) instead of the process dying with its children left."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def terminated_cleanly(at_once: bool = False) -> Iterator[None]:
    """While the block runs, SIGTERM raises `SystemExit(143)` in the main thread (a no-op
    elsewhere: only the main thread may set a handler); the previous handler comes back
    after it. `at_once`: the process ends with 143 there and then, no cleanup (a local
    pool's workers die with it by their own parent-death signal: terminating the pool
    could wait for ever on its task handler, blocked mid-message on a full pipe)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: object) -> None:
        if at_once:
            _kill_children()  # before this process's pipes close under a worker mid-write
            for stream in (sys.stdout, sys.stderr):  # what was printed is not lost
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(143)
        raise SystemExit(143)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _kill_children() -> None:
    """SIGKILL this process's `multiprocessing` children, if it has any: a pool worker that
    finishes a task as its parent exits would write into a closed pipe and print
    BrokenPipeError's traceback before the parent-death signal reaches it."""
    processes = sys.modules.get("multiprocessing")
    if processes is None:
        return
    with contextlib.suppress(Exception):
        for child in processes.active_children():
            with contextlib.suppress(Exception):
                child.kill()
