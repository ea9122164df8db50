"""A real `pontoon-rules workbench` for the browser tests: `serve` starts one on a free port
and yields its address, then stops it (SIGINT, then its whole process group if it hangs).
The run's shared server (`conftest.served`) and a module's own (the hostile ruleset's)
both start here; a helper module, so that conftest imports nothing private of a test."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import cpu_clock

ROOT = Path(__file__).resolve().parent.parent


def serve(*args: str, prelude: str = "") -> Iterator[str]:
    """`pontoon-rules workbench ARGS --no-browser --port 0` running; yields its address
    (`prelude`: Python run first in the server's process, e.g. a benchmark's setting)."""
    command = [sys.executable, "-c", prelude + "\nfrom pontoon_rules.cli import main; main()",
               "workbench", *args, "--no-browser", "--port", "0"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               start_new_session=True)
    cpu_clock.keep(process.pid)  # each test's `cpu_s` carries the work it asked of it
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        assert found, f"the workbench did not start: {line}{process.stderr.read()}"
        yield found.group(1)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        cpu_clock.drop(process.pid)
