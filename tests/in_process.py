"""The command line run inside the test process, answered as a finished process would be.

A test of what a command prints and the code it exits with needs no process of its own:
`command_line` runs the CLI as `main` does (`errors.run_with_errors`: the same messages and
exit codes), its streams caught by click's `CliRunner`, and saves an interpreter's start
and imports (about half a CPU second each, on a suite that starts hundreds). What only a
real process shows (its start, signals, `leave`'s end, a hang bounded by a timeout, the
bytes written to a pipe) stays tested in one: each file keeps such a test per contract.
"""

from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path


def command_line(*args: str, stdin: str | None = None, env: dict[str, str] | None = None,
                 cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules ARGS` in this process: its exit code, stdout and stderr (`env`: the
    variables set while it runs, as `CliRunner` sets them; `cwd`: the folder it runs in,
    the test process's own again after)."""
    from click.testing import CliRunner

    from pontoon_rules.cli import cli
    from pontoon_rules.cli.errors import run_with_errors

    with contextlib.chdir(cwd or Path.cwd()), \
            CliRunner(env=env).isolation(input=stdin) as (out, err, _both):
        code = run_with_errors(cli, list(args))
    return subprocess.CompletedProcess(["pontoon-rules", *args], code,
                                       out.getvalue().decode(), err.getvalue().decode())
