"""The CPU seconds a test costs, with the work of the long-lived processes it drives.

`os.times()` holds a process's child only once the child has ended and been waited for.
A server kept for many tests (`conftest.served`: the workbench, its analysis workers)
is waited for once, at the end of the run, so its whole life's CPU, tens of seconds,
landed on the `cpu_s` of whichever test ran last (a one-second schema test showed 49 s).
`keep` names such a process; `now` adds the CPU its process tree has spent so far, so
each test carries the server's work it asked for, and the server's end moves the figure
by only what its shutdown costs (the live tree's CPU becomes the reaped child's).
"""

from __future__ import annotations

import os
from pathlib import Path

KEPT: set[int] = set()
"""The process ids of the live processes that serve many tests (`keep`, `drop`)."""
_TICKS = os.sysconf("SC_CLK_TCK")


def keep(pid: int) -> None:
    """Count `pid`'s process tree in `now` until `drop`."""
    KEPT.add(pid)


def drop(pid: int) -> None:
    """Stop counting `pid` (call once it has been waited for: `os.times` holds it now)."""
    KEPT.discard(pid)


def now() -> float:
    """This process's CPU seconds, its waited-for children's, and the kept trees' so far."""
    times = os.times()
    own = times.user + times.system + times.children_user + times.children_system
    return own + sum(_tree_cpu(pid) for pid in KEPT)


def _tree_cpu(pid: int) -> float:
    """CPU seconds of `pid` and its live descendants, with the children each waited for
    (Linux `/proc`; nothing where it cannot be read, so never more than was spent)."""
    total, stack = 0.0, [pid]
    while stack:
        current = stack.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(ticks) for ticks in fields[11:15]) / _TICKS  # utime..cstime
            for task in os.listdir(f"/proc/{current}/task"):
                children = Path(f"/proc/{current}/task/{task}/children").read_text()
                stack += [int(child) for child in children.split()]
        except (OSError, ValueError, IndexError):
            continue  # it ended meanwhile: its CPU is in its parent's (or ours) now
    return total
