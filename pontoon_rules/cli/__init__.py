"""The `pontoon-rules` command line: a thin layer over the library.

Exit codes: 0 success; 1 a check failed (e.g. a conformance run); 2 invalid input
(a ruleset, a script, a card, an option); 3 a script that does not play out (an
illegal action, or actions that end before the round does).

Each command's module is imported only when that command runs (`COMMANDS`), so a
command pays for the libraries it uses and no other (`edge` never loads the docs,
the workbench's server or the conformance kit); `--help` imports them all.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import NoReturn

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
"""numpy's OpenBLAS would start a thread per core at import, which then spin after each
product; the analysis's products are of a few hundred numbers, where one thread is the
fastest, and `costs` and `simulate` spread their work over processes themselves. Set
before numpy is imported (a user's own setting wins)."""
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
"""pydantic looks for plugins (observability hooks) by reading the metadata of every
installed distribution when the first model is built: about 4 ms of every command's
start, for plugins the command line has no use for. A user's own setting wins."""

import click  # noqa: E402

COMMANDS = {
    "list": ("ruleset_cmds", "list_cmd"),
    "validate": ("ruleset_cmds", "validate_cmd"),
    "show": ("ruleset_cmds", "show_cmd"),
    "schema": ("ruleset_cmds", "schema_cmd"),
    "summary": ("ruleset_cmds", "summary_cmd"),
    "play": ("play_cmds", "play_cmd"),
    "session": ("session_cmds", "session_cmd"),
    "conformance": ("conformance_cmds", "conformance_cmd"),
    "diff": ("compare_cmds", "diff_cmd"),
    "examples": ("compare_cmds", "examples_cmd"),
    "sheet": ("docs_cmds", "sheet_cmd"),
    "docs": ("docs_cmds", "docs_cmd"),
    "edge": ("analysis_cmds", "edge_cmd"),
    "strategy": ("analysis_cmds", "strategy_cmd"),
    "costs": ("analysis_cmds", "costs_cmd"),
    "simulate": ("simulate_cmds", "simulate_cmd"),
    "workbench": ("workbench_cmds", "workbench_cmd"),
}
"""Each command's name -> (module in `pontoon_rules.cli`, the click command in it)."""


class LazyGroup(click.Group):
    """A group whose commands are imported when first asked for (`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(super().list_commands(ctx)))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands or cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        module, name = COMMANDS[cmd_name]
        command: click.Command = getattr(
            importlib.import_module(f"pontoon_rules.cli.{module}"), name)
        self.add_command(command, cmd_name)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pontoon-rules")
def cli() -> None:
    """Rulesets, engine and analysis for Pontoon and its relatives."""


def main() -> None:
    """Entry point: run the CLI, mapping the project's errors to messages and exit codes."""
    from pontoon_rules.cli.errors import run_with_errors

    leave(run_with_errors(cli))


def leave(code: int) -> NoReturn:
    """End the process with `code` once its work is done, without the interpreter's
    teardown where nothing else runs.

    Python's own exit frees every object and module one by one: about 60 ms after an
    `edge` (a tenth of the command), for memory the system takes back at once anyway.
    Where this thread is the only one left and the standard streams flush, the exit
    handlers (`atexit`: logging, multiprocessing, temporary folders, coverage) run as
    they would, and the process ends there. Otherwise (a thread still running, a stream
    that cannot flush, such as a closed pipe) the ordinary exit, with its messages.
    """
    import atexit
    import threading

    if threading.active_count() == 1 and _flushed():
        atexit._run_exitfuncs()
        if threading.active_count() == 1 and _flushed():
            os._exit(code)
    sys.exit(code)


def _flushed() -> bool:
    """Whether standard output and standard error took everything written to them."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None and not stream.closed:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True
