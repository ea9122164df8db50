"""A long run stopped by Ctrl-C at its next boundary, with the result so far.

A Ctrl-C raised as `KeyboardInterrupt` wherever the main thread happens to be can be
lost: raised inside a finaliser (an object freed in `__del__`), it is printed as
"Exception ignored" and the run goes on, for ever if it was long. So while
`first_interrupt_stops` is active the first Ctrl-C only records a request
(`Stop.requested`), which the run reads between its chunks, and says on stderr that the
run stops after the chunk under way; a second Ctrl-C raises `KeyboardInterrupt` at once,
as Python does by default.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class Stop:
    """Whether the user has asked the run to stop (read between chunks)."""

    requested: bool = False


NOTICE = ("stopping after the {what} under way, with the result so far "
          "(Ctrl-C again to quit at once)")
"""What the first Ctrl-C says on stderr (`what`: deals, rounds)."""


@contextmanager
def first_interrupt_stops(notice: Callable[[str], None] | None = None,
                          what: str = "deals") -> Iterator[Stop]:
    """While the block runs, the first SIGINT sets the yielded `Stop` and calls `notice`
    with `NOTICE` for `what` (default: a line on stderr); the second raises
    `KeyboardInterrupt`.

    Outside the main thread (where no handler can be set) the stop is never requested
    and Ctrl-C keeps Python's behaviour.
    """
    stop = Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    say = notice or _say

    def handler(_signum: int, _frame: object) -> None:
        if stop.requested:
            raise KeyboardInterrupt
        stop.requested = True
        say(NOTICE.format(what=what))

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _say(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed: the stop still happens
        pass
