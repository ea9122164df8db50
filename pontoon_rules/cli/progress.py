"""A sign of life on stderr for commands that may run for a while.

`still_running(label)` wraps a call: if it is still running after a second, a line
on stderr says what runs and for how long (rewritten in place on a terminal, once
every few seconds otherwise), and it is cleared on a terminal when the call ends.
Standard output is never touched, so `--json` output stays clean.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from pontoon_rules.processes import fork_safe
from pontoon_rules.text import terminal_safe

SHOW_AFTER = 1.0
"""Seconds a call runs before the first progress line."""
EVERY_LINE = 5.0
"""Seconds between progress lines when stderr is not a terminal."""


@contextmanager
def still_running(label: str | Callable[[], str], stream: TextIO | None = None,
                  after: float | None = None) -> Iterator[None]:
    """Report on `stream` (stderr) that `label` is running, from `after` (`SHOW_AFTER`) s on.

    `label` may be a function, called for each line (a count of what is done so far).
    """
    out = stream or sys.stderr
    after = SHOW_AFTER if after is None else after
    tty = out.isatty()
    stop = threading.Event()
    shown = threading.Event()
    start = time.monotonic()

    writing = threading.Lock()

    def tick() -> None:
        if stop.wait(after):
            return
        while True:
            seconds = time.monotonic() - start
            text = terminal_safe(label() if callable(label) else label)  # may name a file
            line = f"{text}: running for {seconds:.0f} s"
            with writing:  # never caught mid-write by a fork (`processes.fork_safe`)
                out.write(f"\r\033[K{line}…" if tty else f"{line}\n")
                out.flush()
            shown.set()
            if stop.wait(1.0 if tty else EVERY_LINE):
                return

    thread = threading.Thread(target=tick, name="still-running", daemon=True)
    thread.start()
    try:
        with fork_safe(writing, thread.ident):  # a simulation may fork its workers meanwhile
            yield
    finally:
        stop.set()
        thread.join()
        if tty and shown.is_set():
            out.write("\r\033[K")
            out.flush()
