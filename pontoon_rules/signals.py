"""Process signals the long runs share: SIGTERM turned into an ordinary exit (143) for the
length of a block, so the block's cleanup runs (a simulation's pool terminated, every
conformance harness's tree killed) instead of the process dying with its children left."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def terminated_cleanly() -> Iterator[None]:
    """While the block runs, SIGTERM raises `SystemExit(143)` in the main thread (a no-op
    elsewhere: only the main thread may set a handler); the previous handler comes back
    after it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: object) -> None:
        raise SystemExit(143)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
