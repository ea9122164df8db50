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


def _no_plugin_loader() -> None:
    """With plugins off (above), spare pydantic's plugin loader its import of
    `importlib.metadata` (with `email`, `zipfile`, `csv`: 10 to 14 ms of every command's
    start) by standing in for it: its `get_plugins` answers no plugins while the setting
    says off, as the real one does; anything else asked of it, or the setting turned on
    later, loads the real module in its place."""
    import types

    name = "pydantic.plugin._loader"
    if name in sys.modules:
        return

    def real() -> types.ModuleType:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
        return importlib.import_module(name)

    def get_plugins() -> object:
        if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in ("__all__", "1", "true"):
            return ()
        return real().get_plugins()

    def other(attr: str) -> object:
        if attr.startswith("__"):  # the import system's questions (`__path__`: a package?)
            raise AttributeError(attr)
        return getattr(real(), attr)

    stand_in = types.ModuleType(name)
    stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
    stand_in.__getattr__ = other  # type: ignore[method-assign]
    sys.modules[name] = stand_in


_no_plugin_loader()

import click  # noqa: E402

COMMANDS = {
    "list": ("ruleset_cmds", "list_cmd"),
    "validate": ("ruleset_cmds", "validate_cmd"),
    "migrate": ("ruleset_cmds", "migrate_cmd"),
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
    """Entry point: run the CLI, mapping the project's errors to messages and exit codes.

    It ends the process (`leave`: a SystemExit cannot catch it); to run a command inside a
    process that goes on, call `errors.run_with_errors(cli, args)`, which returns the code.
    """
    from pontoon_rules.analysis.composition import ahead

    pause_collector(sys.argv[1:])
    ahead.start(sys.argv[1:])  # its solve on the other core while this one imports
    from pontoon_rules.cli.errors import run_with_errors

    leave(run_with_errors(cli))


def pause_collector(argv: list[str]) -> bool:
    """For a command of one solve (`edge`, `strategy`: `ahead.COMMANDS`), Python's cyclic
    garbage collector paused for the whole process; whether it was.

    Such a command's start imports pydantic, numpy and the ruleset's models: tens of
    thousands of objects that live as long as the process, which the collector scans
    again at every threshold (about a tenth of the command's CPU time), to find no
    garbage. Its solve pauses the collector anyway (`analysis.nogc`), and the little
    cyclic garbage that loading a ruleset leaves is freed with the process. Every other
    command (a simulation, a site's build, a server) keeps the collector."""
    from pontoon_rules.analysis.composition.ahead import COMMANDS as ONE_SOLVE

    if not argv or argv[0] not in ONE_SOLVE:
        return False
    import gc

    gc.disable()
    return True


def leave(code: int) -> NoReturn:
    """End the process with `code` once its work is done, without the interpreter's
    teardown where nothing else runs.

    Python's own exit frees every object and module one by one: about 60 ms after an
    `edge` (a tenth of the command), for memory the system takes back at once anyway.
    Where no thread but daemons is left and the standard streams flush, the exit
    handlers (`atexit`: logging, multiprocessing, temporary folders, coverage) run as
    they would, and the process ends there. Otherwise (a thread still running, a stream
    that cannot flush, such as a closed pipe) the ordinary exit, with its messages.
    """
    import atexit

    if _alone() and _flushed():
        atexit._run_exitfuncs()
        if _alone() and _flushed():
            os._exit(code)
    sys.exit(code)


def _alone() -> bool:
    """Whether every other thread is a daemon (one the interpreter would not wait for:
    a sign of life, a solve started ahead whose values were not needed)."""
    import threading

    return all(t.daemon for t in threading.enumerate() if t is not threading.main_thread())


def _flushed() -> bool:
    """Whether standard output and standard error took everything written to them."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None and not stream.closed:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True
