"""News of the analyses: a count that grows each time a job's record moves on (a worker
started it, a step's progress or result came, it ended), and a wait for the count to grow,
so that a page's poll that waits for news (`Workbench.job`, `wait=`) answers the moment a
figure is known rather than at its next look.
"""

from __future__ import annotations

import threading

_MOVED = threading.Condition()
_COUNT = [0]


def moved() -> None:
    """A record moved on: the polls that wait look again."""
    with _MOVED:
        _COUNT[0] += 1
        _MOVED.notify_all()


def news() -> int:
    """The count so far: read before a look, so that news after the look is not missed."""
    return _COUNT[0]


def wait_news(seen: int, timeout: float) -> None:
    """Wait until there is news after count `seen`, or `timeout` seconds pass."""
    with _MOVED:
        _MOVED.wait_for(lambda: _COUNT[0] != seen, max(0.0, timeout))
