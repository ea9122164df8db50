"""The command line run inside the test's own process: what `python -m pontoon_rules ARGS`
runs (`cli.errors.run_with_errors`: the same exit codes and messages), without an
interpreter's start a call (about a second of CPU each: pydantic, numpy, the models).
A test of the process itself (its exit status as a shell sees it, signals, start-up)
runs the real one."""

from __future__ import annotations

import io
import subprocess
from contextlib import redirect_stderr, redirect_stdout


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command's exit code, standard output and standard error, as a finished process
    gives them."""
    from pontoon_rules.cli import cli
    from pontoon_rules.cli.errors import run_with_errors

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run_with_errors(cli, list(args))
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())
