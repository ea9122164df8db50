"""Seeded chunks of work on one process, local worker processes, or a Dask cluster.

A run is cut into chunks whose sizes depend only on the run (never on the
workers); chunk `i` is seeded by `numpy.random.SeedSequence(seed).spawn(n)[i]`,
and the chunks' results are folded in chunk order. So the same seed gives the
same figures, to the last bit, on one core, `--workers K` local processes, or
any number of machines behind `--scheduler ADDRESS` (a `dask.distributed`
scheduler: start one with `dask scheduler` and workers with `dask worker
ADDRESS` on each machine, all with this package installed).

A task is `(kind, payload, size, seed words)`: kind `rounds` (the compiled
simulator), `session` (a compiled session table) or `engine` (the reference
engine, `sim.runs.engine`; one seed word, its own chunk seeds). Workers rebuild the
compiled ruleset and strategy from the payload once per process (`_prepared`),
and keep one round runner (`_runner`) or engine simulator (`_engine`) per
payload. Local workers are forked after the parent has prepared every payload, so
they start with the strategy built and the kernels loaded, and are sent each task with
its payload's key (`_FORKED`) in its place; where this process runs another Python
thread, forking is not safe (`pontoon_rules.processes`), and workers started from a fork
server are given the payloads by key once, at their start, and build what they need.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from functools import lru_cache
from typing import Any

import numpy as np

from pontoon_rules.processes import forking, inherits, worker_context
from pontoon_rules.signals import terminated_cleanly
from pontoon_rules.sim.distribution.cluster import ClusterError, connect

Task = tuple[str, str, int, tuple[int, ...]]


__all__ = ["ClusterError", "Task", "chunk_seeds", "chunk_sizes", "run_task", "run_tasks"]


def chunk_seeds(seed: int, n: int) -> list[tuple[int, ...]]:
    """The seed words of each of `n` chunks of a run seeded `seed`."""
    children = np.random.SeedSequence(seed).spawn(n)
    return [tuple(int(x) for x in child.generate_state(2, np.uint64)) for child in children]


def chunk_sizes(total: int, size: int) -> list[int]:
    """`total` cut into chunks of `size` (the last one shorter)."""
    return [min(size, total - first) for first in range(0, total, size)]


@lru_cache(maxsize=8)
def _prepared(payload: str) -> Any:
    """(rules, strategy, options) from a task's JSON payload, once per process."""
    import json

    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.format.model import Ruleset
    from pontoon_rules.sim.kernels.strategy import strategy

    data = json.loads(payload)
    rules = compile_rules(Ruleset.model_validate(data["ruleset"]))
    return rules, strategy(rules, data["player"], data["banker"],
                           data.get("dealing", "infinite")), data


@lru_cache(maxsize=8)
def _runner(payload: str) -> Any:
    """The round runner of a payload, once per process (its workspace is reused)."""
    from pontoon_rules.sim.runs.rounds import RoundRunner

    rules, strat, _ = _prepared(payload)
    return RoundRunner(rules, strat)


@lru_cache(maxsize=8)
def _engine(payload: str) -> Any:
    """The engine simulator of an engine run's payload, once per process."""
    import json

    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.format.model import Ruleset
    from pontoon_rules.sim.runs.engine import EngineSimulator

    data = json.loads(payload)
    rules = compile_rules(Ruleset.model_validate(data["ruleset"]))
    return EngineSimulator(rules, data["banker"], data["dealing"])


def run_task(task: Task) -> Any:
    """Run one chunk (in any process)."""
    kind, payload, size, words = task
    if kind == "engine":
        return _engine(payload).run(size, words[0])
    rules, strat, data = _prepared(payload)
    seed = np.array(words, dtype=np.uint64)
    if kind == "rounds":
        return _runner(payload).run(size, seed, data["dealing"])
    from pontoon_rules.sim.sessions.tables import SessionTable, TablePolicy

    table = SessionTable(rules, strat, data["players"], seed, TablePolicy(**data["table"]))
    table.play(size)
    return table.tally


def run_tasks(tasks: Sequence[Task], workers: int = 1, scheduler: str | None = None,
              local: Callable[[Task], Any] = run_task,
              cluster_size: list[int] | None = None) -> Iterator[Any]:
    """The tasks' results in task order (one process, a local pool, or a cluster).

    At most one worker per task is started; a SIGTERM to this process stops the workers
    with it (and, on a cluster, cancels what is left) and exits with 143. On a cluster,
    the number of workers its scheduler has when the run starts is appended to
    `cluster_size` (what a result reports as its workers: `--workers` is not used there).
    """
    if scheduler is not None:
        yield from _dask(tasks, scheduler, cluster_size)
    elif workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield local(task)
    else:
        keys = {payload: str(next(_KEYS)) for payload in dict.fromkeys(t[1] for t in tasks)}
        for kind, payload in {(t[0], t[1]) for t in tasks}:
            # built here: forked workers inherit it; where they come from a fork server,
            # this still fails a bad payload here, by its own error, and leaves a kernel
            # compiled for the rules in the cache before any worker looks for it
            _prepare(kind, payload)
        _FORKED.update({key: payload for payload, key in keys.items()})
        context = worker_context()
        # workers not forked from here are given the payloads once, at their start
        given = () if inherits(context) else ({key: p for p, key in keys.items()},)
        try:
            # before the workers exist: no moment without it; at once, as the workers die
            # with this process (`_worker_start`) and the pool's own ending can hang
            with terminated_cleanly(at_once=sys.platform.startswith("linux")):
                with forking() if inherits(context) else nullcontext():
                    pool = context.Pool(min(workers, len(tasks)), initializer=_worker_start,
                                        initargs=given)
                with pool:
                    yield from pool.imap(_run_forked, [(kind, keys[payload], size, words)
                                                       for kind, payload, size, words in tasks])
        finally:
            for key in keys.values():
                _FORKED.pop(key, None)


_KEYS = itertools.count()
_FORKED: dict[str, str] = {}
"""The local pool's payloads by key, set before its workers are forked (they inherit them):
a task goes down the pool's pipe as its key, a few bytes, not its payload (some 100 KB:
larger than a pipe holds, it left the pool's task handler blocked mid-message when a
Ctrl-C terminated the pool, and the parent waiting on it for ever)."""


def _run_forked(task: Task) -> Any:
    """`run_task` of a task of the local pool, its payload by key (`_FORKED`)."""
    kind, key, size, words = task
    return run_task((kind, _FORKED[key], size, words))


def _worker_start(payloads: dict[str, str] | None = None) -> None:
    """In each local worker: leave Ctrl-C to the parent, and die with it. A worker not
    forked from the parent is given the payloads by key (`_FORKED`); it builds what a
    payload needs at its first task (`_prepared`, `_runner`, `_engine` keep it)."""
    import signal

    _FORKED.update(payloads or {})

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG: a parent killed takes its workers
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass



def _prepare(kind: str, payload: str) -> None:
    """Build what the tasks of `kind` and `payload` need, in this process."""
    if kind == "engine":
        _engine(payload)
        return
    _prepared(payload)
    if kind == "rounds":
        _runner(payload)


def _dask(tasks: Sequence[Task], scheduler: str,
          cluster_size: list[int] | None) -> Iterator[Any]:
    client = connect(scheduler)
    if cluster_size is not None:
        cluster_size.append(len(client.scheduler_info().get("workers", {})))
    with terminated_cleanly():
        try:
            futures = client.map(run_task, list(tasks), pure=False)
            for future in futures:
                yield future.result()
        finally:
            client.close()
