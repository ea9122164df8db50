"""The runner: every vector through an implementation's harness, each ending in one status.

Every vector ends in exactly one status: pass; fail (the first differing path,
expected vs got); error (the harness said it errored); crash (the process died:
the tail of its stderr); timeout (no reply in time: killed, restarted, the run
goes on); protocol (bad JSON, a wrong `seq`, a reply that is not a trace or whose
types break the published schema, a reply over the size cap); skipped; not-run
(the harness failed as a whole before the vector was sent); internal (the runner
itself failed on it: a bug here, never the implementation's fault, and the run
fails).

A harness that cannot be started, or whose `start` reply is missing or wrong
(output before it included), is one harness-level problem (`RunResult.harness`),
and every vector it would have run ends `not-run`.

Everything ends: a request is written within `--timeout` (a harness that stops
reading times out like one that stops answering), and every harness's whole tree is
killed on every way out: the end of its work, a timeout, an error, Ctrl+C or SIGTERM
(`processes`: on Linux a subreaper, `reaper`, as each harness's parent).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from fnmatch import fnmatchcase
from typing import Any

from pontoon_rules.conformance.running.judging import (
    STATUSES,
    Item,
    Outcome,
    RunOptions,
    RunResult,
    classify,
    internal,
    outcome,
)
from pontoon_rules.conformance.running.persistent import (
    MAX_RESTARTS,
    PIPELINE_BYTES,
    START_TIMEOUT,
    PersistentRunner,
    Session,
    persistent,
)
from pontoon_rules.conformance.running.processes import allow_starts, kill_all
from pontoon_rules.conformance.running.protocol import run_one_shot
from pontoon_rules.signals import terminated_cleanly

__all__ = ["MAX_RESTARTS", "PIPELINE_BYTES", "START_TIMEOUT", "STATUSES", "Item", "Outcome",
           "PersistentRunner", "RunOptions", "RunResult", "Session", "classify", "internal",
           "outcome", "run_vectors", "select"]


def select(vectors: list[dict[str, Any]], run: list[str], skip: list[str]) -> list[dict[str, Any]]:
    """The vectors whose slug or id matches a `run` glob (all if none) and no `skip` glob."""
    def matches(v: dict[str, Any], globs: list[str]) -> bool:
        return any(fnmatchcase(v["slug"], g) or v["id"] == g for g in globs)

    return [v for v in vectors if (not run or matches(v, run)) and not matches(v, skip)]


def run_vectors(vectors: list[dict[str, Any]], options: RunOptions,
                progress: Callable[[Outcome], None] | None = None) -> RunResult:
    """Run every vector through the implementation; one outcome per vector, in order.

    A vector never sent ends `not-run` (the harness failed, or `fail_fast` stopped the
    run); one the runner failed on ends `internal`.
    """
    items = [Item.of(v) for v in vectors]
    jobs = max(1, min(options.jobs, len(items) or 1))
    shards = [items[i::jobs] for i in range(jobs)]
    results: dict[str, Outcome] = {}
    meta: dict[str, Any] = {}
    harness: list[dict[str, str]] = []
    crashed: list[BaseException] = []
    stop = threading.Event()
    lock = threading.Lock()

    def report(result: Outcome) -> None:
        with lock:
            if result.id in results:
                return
            results[result.id] = result
            if progress:
                progress(result)
            if options.fail_fast and result.status not in ("pass", "skipped"):
                stop.set()

    def work(k: int) -> None:
        try:
            problem = _work(shards[k], options, report, stop, meta)
        except Exception as e:  # noqa: BLE001 - reported as `internal`, the run fails
            with lock:
                crashed.append(e)
            return
        if problem is not None:
            with lock:
                if problem not in harness:
                    harness.append(problem)

    threads = [threading.Thread(target=work, args=(k,), daemon=True) for k in range(jobs)]
    allow_starts()
    with terminated_cleanly():
        try:
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        except BaseException:
            stop.set()
            kill_all()
            raise
    outcomes = [results.get(item.vector["id"]) or _unreported(item, harness, crashed, stop)
                for item in items]
    not_run = sum(o.status == "not-run" for o in outcomes) if harness else 0
    return RunResult(outcomes, meta, harness, not_run)



def _work(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
          stop: threading.Event, meta: dict[str, Any]) -> dict[str, str] | None:
    if options.one_shot:
        _one_shot(items, options, report, stop, meta)
        return None
    return persistent(items, options, report, stop, meta)


def _unreported(item: Item, harness: list[dict[str, str]], crashed: list[BaseException],
                stop: threading.Event) -> Outcome:
    """The outcome of a vector nobody reported: why it was not run."""
    if crashed:
        return internal(item, crashed[0])
    if harness:
        return outcome(item, "not-run", f"not run: the harness failed ({harness[0]['status']})")
    if stop.is_set():
        return outcome(item, "not-run", "not run: the run stopped at the first problem (-x)")
    return outcome(item, "internal", "the runner lost this vector (a bug in pontoon-rules, "
                                     "please report it)")


def _one_shot(items: list[Item], options: RunOptions, report: Callable[[Outcome], None],
              stop: threading.Event, meta: dict[str, Any]) -> None:
    for item in items:
        if stop.is_set():
            return
        done = run_one_shot(options.command, item.stripped, options.timeout, options.cwd,
                            options.max_bytes)
        if done.kind == "reply":
            report(classify(item, done.data, options.strict) if isinstance(done.data, dict)
                   else outcome(item, "protocol", "the reply is not a JSON object"))
        else:
            report(outcome(item, done.kind, done.message))


