"""The one place where errors become messages on stderr and exit codes."""

from __future__ import annotations

import errno
import io
import sys

import click

from pontoon_rules.cli.output import echo
from pontoon_rules.errors import (
    AnalysisError,
    IllegalActionError,
    PontoonError,
    RulesetError,
    ScriptError,
    ShoeError,
)
from pontoon_rules.text import terminal_safe

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INVALID = 2
EXIT_ILLEGAL = 3

_FILE_SYSTEM = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
                errno.EROFS: "the file system is read-only", errno.EFBIG: "the file is too large",
                errno.EACCES: "permission denied", errno.ENAMETOOLONG: "the name is too long",
                errno.ENOTDIR: "a part of the path is a file, not a folder",
                errno.EISDIR: "a folder, not a file", errno.ELOOP: "too many levels of links"}
"""File-system failures that are the machine's state, not a bug: reported in one line."""


def exit_code(error: PontoonError) -> int:
    """The exit code for a project error."""
    from pontoon_rules.engine.scripts.script import IncompleteScriptError
    from pontoon_rules.sim.kernels.money import MoneyOverflowError

    status = getattr(error, "exit_status", None)
    if isinstance(status, int):
        return status
    if isinstance(error, (IllegalActionError, IncompleteScriptError)):
        return EXIT_ILLEGAL
    if isinstance(error, (RulesetError, ScriptError, ShoeError, MoneyOverflowError,
                          AnalysisError)):
        return EXIT_INVALID
    return EXIT_FAILED


def say(message: object) -> None:
    """Print a message on stderr, its untrusted text (names, values, paths) made visible."""
    echo(message, err=True)


def report(error: PontoonError) -> int:
    """Print `error` to stderr and return its exit code."""
    if isinstance(error, RulesetError):
        for problem in error.problems:
            say(problem)
        count = len(error.problems)
        say(f"{count} problem{'s' if count != 1 else ''} found")
        for hint in error.hints:
            say(hint)
    else:
        say(f"error: {error}")
    return exit_code(error)


def _reader_gone() -> bool:
    """Whether standard output is a pipe whose reading end is closed (poll says POLLERR)."""
    import select

    if sys.__stdout__ is None:
        return False
    try:
        poller = select.poll()
        poller.register(sys.__stdout__.fileno(), select.POLLOUT)
        return any(event & select.POLLERR for _, event in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return False


def _show(error: click.ClickException) -> None:
    """Click's own message for `error` (usage, hint), with its quoted input made visible."""
    buffer = io.StringIO()
    error.show(file=buffer)
    click.echo(terminal_safe(buffer.getvalue(), multiline=True), err=True, nl=False)


def run_with_errors(command: click.Group, args: list[str] | None = None) -> int:
    """Run `command` (on `args`, default the process's); errors become messages and exit codes.

    Never a traceback for a user's mistake or the machine's state (a full disk).
    """
    try:
        result = command.main(args=args, standalone_mode=False)
    except PontoonError as e:
        return report(e)
    except click.exceptions.Abort:
        say("aborted")
        return EXIT_FAILED
    except click.ClickException as e:
        _show(e)
        return EXIT_INVALID if e.exit_code == 2 else e.exit_code
    except click.exceptions.Exit as e:
        return e.exit_code
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK
    except SystemExit as e:
        # click ends a command whose output's reader went away (`... | head -1`) with 1;
        # the command did its work, and the reader chose to stop: 0, as above.
        if e.code == EXIT_FAILED and _reader_gone():
            return EXIT_OK
        raise
    except OSError as e:
        if e.errno not in _FILE_SYSTEM:
            raise
        where = f"{e.filename}: " if e.filename else ""
        say(f"error: {where}{_FILE_SYSTEM[e.errno]}")
        return EXIT_FAILED
    # Without standalone mode click returns ctx.exit()'s code instead of exiting.
    return result if isinstance(result, int) and not isinstance(result, bool) else EXIT_OK
