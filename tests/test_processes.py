"""Worker processes are forked only where no other Python thread could hold a lock at the
fork (`pontoon_rules.processes`): a simulation worker forked from a threaded process once
slept on a futex for 1,109 s. The figures are the same however the workers start."""

from __future__ import annotations

import _thread
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.processes import inherits, only_python_thread, worker_context
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.distribution import distribute

CHOICE = """
import _thread, sys, threading
from pontoon_rules.processes import worker_context
print(worker_context().get_start_method())
if sys.argv[1] == "thread":  # started as pytest-xdist starts its own: unknown to `threading`
    held = threading.Event()
    _thread.start_new_thread(held.wait, ())
    import time; time.sleep(0.2)
    print(worker_context().get_start_method())
"""


@pytest.mark.parametrize(("how", "methods"), [("alone", ["fork"]),
                                              ("thread", ["fork", "forkserver"])])
def test_a_process_forks_its_workers_only_while_it_runs_no_other_python_thread(
        how: str, methods: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", CHOICE, how], capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.split() == methods


@pytest.fixture
def a_second_thread() -> Iterator[None]:
    """A Python thread started with `_thread` (so `threading` does not know it), alive
    until the test ends."""
    release = threading.Event()
    _thread.start_new_thread(release.wait, ())
    try:
        for _ in range(100):
            if not only_python_thread():
                break
            release.wait(0.01)
        yield
    finally:
        release.set()


def test_a_threaded_process_starts_its_workers_from_a_fork_server(a_second_thread: None,
                                                                   ) -> None:
    context = worker_context()
    assert context.get_start_method() == "forkserver" and not inherits(context)


def test_workers_from_a_fork_server_give_the_same_figures(
        a_second_thread: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers are not forked from here, so they are given the payloads at their start
    and build the strategy themselves: the chunks' results are equal to the bit."""
    from multiprocessing.context import BaseContext

    from pontoon_rules.sim.runs.simulate import payload

    contexts: list[str] = []
    real = BaseContext.Pool

    def pool(self: BaseContext, *args: object, **kwargs: object) -> object:
        contexts.append(self.get_start_method())
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(BaseContext, "Pool", pool)
    rules = compile_rules(load_bundled("pagat-british"))
    data = payload(rules, None, "infinite")
    tasks = [("rounds", data, 300, words) for words in distribute.chunk_seeds(2, 3)]
    alone = list(distribute.run_tasks(tasks, workers=1))
    pooled = list(distribute.run_tasks(tasks, workers=2))
    assert contexts == ["forkserver"]
    assert repr(pooled) == repr(alone)


def test_the_progress_ticker_lets_a_simulation_fork_its_workers() -> None:
    """The CLI's progress line runs on a thread of its own; it never writes while workers
    are forked (`fork_safe`), so `simulate` keeps forking (its workers inherit the solved
    strategy) instead of starting a fork server."""
    from pontoon_rules.cli.progress import still_running
    from pontoon_rules.processes import forking

    lines: list[str] = []

    class Stream:
        def isatty(self) -> bool:
            return True  # a line a second

        def write(self, text: str) -> None:
            lines.append(text)

        def flush(self) -> None:
            pass

    script = ("from pontoon_rules.cli.progress import still_running\n"
              "from pontoon_rules.processes import worker_context\n"
              "import io, time\n"
              "with still_running('x', stream=io.StringIO(), after=0.0):\n"
              "    time.sleep(0.1)\n"
              "    print(worker_context().get_start_method())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["fork"]
    with still_running("x", stream=Stream(), after=0.0):  # type: ignore[arg-type]
        threading.Event().wait(0.2)
        with forking():  # the ticker is held off its stream meanwhile
            before = len(lines)
            threading.Event().wait(1.5)  # past its next line's second
            assert len(lines) == before
        threading.Event().wait(0.3)
        assert len(lines) > before  # written as soon as the fork is over
