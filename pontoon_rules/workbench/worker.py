"""The analysis worker: a separate process that runs the library's analyses step by step.

Each job is a list of steps; each step calls a function the CLI calls (`edge_value`:
`analysis.edge.edge_of`, the figure alone, first; `edge`: `analysis.edge.house_edge`;
`strategy`: `chart.strategy_chart`, on the round the edge step solved where it ran just
before (`SOLVED`: one solve for both); `bands`: the edge of each band of stakes
(`present.bands.band_edges`, a solve each: after the strategy card); `examples`:
`compare.compare_rulesets`; `realistic`:
`realistic.realistic_variations`, as `costs --realistic` (its variants shared with a
helper process in this one's process group, `SHARE_REALISTIC`); `costs`:
`costs.rule_costs`, one field at a time, or the stored table where it is current) and
sends its result back as plain data. Between steps (and
between the fields of the cost table, the variants of the realistic variations: between
their validations, before and after the base's solve, between their solves) the
worker looks for a newer message: a cancellation ends the job at once.

The process keeps what it worked out for the next jobs: each house edge by the rules
it was computed from (`EDGE_MEMO`: the base's edge, a change undone, a realistic
variation tried are answered at once), the analysis's own graphs and banker outlooks
(`analysis.composition`; its helper builds ahead the graphs its share of the next realistic
variations reads where the last table was kept, not solved: `helper.graphs_ahead`), and the
realistic variations in the cache folder (`cache.cached_json`, one entry per ruleset id).
A step that runs on after its cancellation is ended by the parent, which kills the process
and starts another.

The process runs under an address-space limit (`RLIMIT_AS`, set by `main`): an
analysis that needs more memory fails with `MemoryError`, reported in words
(`memory_words`), and the process goes on to the next job.

Messages to the worker: ("job", id, Job), ("cancel", id), ("stop",). From it:
("started", id), ("progress", id, step, done, total), ("partial", id, step, data so
far), ("result", id, step, data),
("failed", id, step, words), ("done", id), ("cancelled", id), and ("retired", "") when it
ends after an exhaustive cost table (a job sent to it since goes to its successor).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.workbench.helper import close_helper, graphs_ahead, helper

EDGE, BASE_EDGE, STRATEGY, EXAMPLES, COSTS = "edge", "base_edge", "strategy", "examples", "costs"
REALISTIC, EDGE_VALUE, BANDS = "realistic", "edge_value", "bands"
STEP_WORDS = {EDGE: "the house edge", EDGE_VALUE: "the house edge", BANDS: "the house edge",
              BASE_EDGE: "the base's house edge",
              STRATEGY: "the strategy card", EXAMPLES: "the worked examples",
              REALISTIC: "the changes a table would make",
              COSTS: "what each other change costs"}
EDGE_MEMO: dict[str, dict[str, Any]] = {}
"""Each house edge this process computed, by the rules it was computed from (`_rules_key`):
the whole result (`edge`), or the value alone (`edge_value`: no `method`)."""
EDGE_MEMO_SIZE = 256
SOLVED: dict[str, Any] = {}
"""The round model this process solved last (`analysis.edge.edge_model`), by its rules'
key: the edge step solves it, the strategy step draws its chart from it (one solve)."""


@dataclass(frozen=True)
class Job:
    """What to analyse: the draft's ruleset, its base, and the steps wanted, in order."""

    ruleset: Ruleset
    base: Ruleset | None
    steps: tuple[str, ...]
    others: tuple[Ruleset, ...] = field(default=())
    """For a comparison: the rulesets set beside `ruleset` (examples against each)."""


class Cancelled(Exception):
    """The job was cancelled (a newer change arrived)."""


class Outbox:
    """The worker's side of the pipe: sends events, and sees a cancellation between steps."""

    def __init__(self, conn: Connection, job_id: str) -> None:
        self.conn, self.job_id = conn, job_id
        self.pending: list[Any] = []

    def send(self, *message: Any) -> None:
        self.conn.send((message[0], self.job_id, *message[1:]))

    def check(self) -> None:
        """Raise `Cancelled` when the parent cancelled this job (other messages are kept)."""
        while self.conn.poll():
            message = self.conn.recv()
            if message[0] == "cancel" and message[1] == self.job_id:
                raise Cancelled
            if message[0] == "stop":
                self.pending.append(message)
                raise Cancelled
            if message[0] != "cancel":
                self.pending.append(message)


COSTS_NICE = 6
"""How much lower the exhaustive cost table runs than the worker's other steps (it takes
minutes; the realistic variations lead the panel)."""
_LOWERED = [False]
"""Whether this process lowered its priority for the exhaustive cost table."""
_LIMIT: list[int | None] = [None]
"""The address-space limit this process runs under (set by `main`)."""


def main(conn: Connection, nice: int = 0, memory: int | None = None) -> None:
    """The worker process: run jobs until told to stop (or the pipe closes).

    Args:
        nice: how much lower than the server this process runs (the figures that take
            seconds give way to the page and to the house edge); the exhaustive cost
            table runs `COSTS_NICE` lower still, and the process then ends (another takes
            its place at `nice`: a process's priority is never raised again).
        memory: the address space (bytes) the process may use; None: no limit.
    """
    import os

    with contextlib.suppress(OSError):  # a group of its own, its helper's: `signal_group`
        os.setpgid(0, 0)
    if nice:
        os.nice(nice)
    if memory:
        limit_memory(memory)
    try:
        _serve(conn)
    finally:
        close_helper()


def _serve(conn: Connection) -> None:
    """Run the jobs the pipe brings until told to stop (or it closes, or this process
    lowered its priority for an exhaustive cost table)."""
    pending: list[Any] = []
    while True:
        try:
            message = pending.pop(0) if pending else conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "stop":
            return
        if message[0] != "job":
            continue
        outbox = Outbox(conn, message[1])
        run_job(message[2], outbox)
        pending.extend(outbox.pending)
        if _LOWERED[0]:  # its priority stays lowered: the manager starts another
            conn.send(("retired", ""))
            return


SHARE_REALISTIC = True
"""Whether the realistic variations are shared with a helper process (`workbench.helper`):
it is in its worker's process group, so the managers' gate pauses both while the edge is
worked out (`signal_group`); the table is the same either way
(`tests/test_workbench_jobs.py`)."""


def signal_group(pid: int | None, sig: int) -> None:
    """Send `sig` to a worker and its helper: to the process group the worker leads (`main`),
    else, before the worker made it, to the worker alone; nothing where it has ended."""
    import os

    if pid is None:
        return
    try:
        os.killpg(pid, sig)
    except OSError:
        with contextlib.suppress(OSError):
            os.kill(pid, sig)


def limit_memory(memory: int) -> None:
    """Limit this process's address space to `memory` bytes (never above its hard limit)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    memory = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
    resource.setrlimit(resource.RLIMIT_AS, (memory, hard))
    _LIMIT[0] = memory


def memory_words(limit: int | None) -> str:
    """What running out of the process's memory limit means, in words."""
    if not limit:
        return "it ran out of memory"
    size = f"{limit / (1 << 30):.3g} GiB" if limit >= 1 << 30 else f"{limit >> 20} MiB"
    return (f"this analysis needs more than {size} of memory, the limit of each analysis "
            "process (start the workbench with --memory to change it)")


def run_job(job: Job, outbox: Outbox) -> None:
    """Run every step of `job`, sending each result as it is known."""
    outbox.send("started")
    try:
        found: dict[str, Any] = {}
        for step in job.steps:
            outbox.check()
            try:
                found[step] = STEPS[step](job, found, outbox)
            except Cancelled:
                raise
            except Exception as error:  # noqa: BLE001 - every failure is reported in words
                outbox.send("failed", step, failure_words(error))
                continue
            outbox.send("result", step, found[step])
        outbox.send("done")
    except Cancelled:
        outbox.send("cancelled")


def failure_words(error: BaseException) -> str:
    """An error in words for the page: the project's own message, else what broke."""
    from pontoon_rules.errors import PontoonError

    if isinstance(error, MemoryError):
        return memory_words(_LIMIT[0])
    text = str(error).strip()
    if isinstance(error, (PontoonError, ValueError)) and text:
        return text
    return f"the analysis stopped on an unexpected {type(error).__name__}" + (
        f": {text}" if text else "")


def _rules_key(ruleset: Ruleset) -> str:
    """What an edge is computed from: the rule sections (not the name, id or provenance)."""
    import json

    from pontoon_rules.ruleset.format.model import SECTIONS

    return json.dumps(ruleset.model_dump(mode="json", include=set(SECTIONS)), sort_keys=True)


def _edge(ruleset: Ruleset, bands: bool = True) -> dict[str, Any]:
    """`pontoon-rules edge --json` of `ruleset`, with the edge of each band of stakes where
    named hands hold by the stake (computed once per rules in this process; the model it
    solves kept for the strategy chart: `SOLVED`). Without `bands`, `stake_bands` is None
    where there are bands and they are not worked out yet: each band is a solve of its
    own, which the strategy card need not wait for (`bands_step` adds them after it)."""
    from pontoon_rules.analysis.edge import edge_model, house_edge
    from pontoon_rules.analysis.present.bands import band_edges, stake_bands
    from pontoon_rules.engine.round.rules import compile_rules

    key = _rules_key(ruleset)
    found = EDGE_MEMO.get(key)
    rules = None
    if found is None or "method" not in found:
        rules = compile_rules(ruleset)
        model = edge_model(rules)
        SOLVED.clear()
        SOLVED[key] = model
        found = house_edge(rules, model=model).to_json()
        if stake_bands(rules):  # bands to solve: None until they are
            found["stake_bands"] = None
        _remember(key, found)
    if bands and found["stake_bands"] is None:  # as `with_bands` adds them to `edge`'s
        found = {**found, "stake_bands": band_edges(rules or compile_rules(ruleset),
                                                    found["deck"], None,
                                                    found["house_edge_percent"])}
        _remember(key, found)
    return {**found, "ruleset": ruleset.id}


def _remember(key: str, found: dict[str, Any]) -> None:
    EDGE_MEMO.pop(key, None)
    if len(EDGE_MEMO) >= EDGE_MEMO_SIZE:
        del EDGE_MEMO[next(iter(EDGE_MEMO))]
    EDGE_MEMO[key] = found


def _value(ruleset: Ruleset) -> dict[str, Any]:
    """The house edge of `ruleset` alone (`analysis.edge.edge_of`, no statistics: the
    number `edge` prints for the same rules), or as this process computed it already."""
    key = _rules_key(ruleset)
    known = EDGE_MEMO.get(key)
    if known is None:
        from pontoon_rules.analysis.edge import edge_of
        from pontoon_rules.engine.round.rules import compile_rules
        from pontoon_rules.ruleset.resolving.features import require_handled

        require_handled(ruleset, "edge")  # a rule the analysis refuses: named, no figure
        known = {"house_edge_percent": edge_of(compile_rules(ruleset))}
        _remember(key, known)
    return {"house_edge_percent": known["house_edge_percent"]}


def edge_value_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any]:
    """The draft's house edge alone, first (`_value`); the whole result (`edge_step`)
    follows in the other figures' worker, which solves the round once for it and the
    strategy card."""
    return _value(job.ruleset)


def edge_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any]:
    """The draft's exact house edge, as `pontoon-rules edge --json` prints it, but for the
    edge of each band of stakes (`stake_bands` None: `bands_step`, after the strategy
    card)."""
    return _edge(job.ruleset, bands=False)


def bands_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any]:
    """The edge of each band of stakes of the draft (`stake_bands`, as `edge --json` gives
    it: empty where the named hands hold at every stake alike), which the panel puts into
    the edge step's result (`results.analysis_view`)."""
    return {"stake_bands": _edge(job.ruleset)["stake_bands"]}


def base_edge_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any] | None:
    """The base's house edge alone (its value: the page's load worked it out; None
    without a base)."""
    return _value(job.base) if job.base is not None else None


def strategy_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any]:
    """The strategy card, as `pontoon-rules strategy --format json` prints it."""
    from pontoon_rules.analysis.present.chart import strategy_chart
    from pontoon_rules.engine.round.rules import compile_rules

    model = SOLVED.pop(_rules_key(job.ruleset), None)  # the edge step's, solved: reused
    data: dict[str, Any] = strategy_chart(compile_rules(job.ruleset), model=model).to_json()
    return data


def examples_step(job: Job, found: dict[str, Any], outbox: Outbox) -> list[dict[str, Any]]:
    """The worked examples against the base (or against each other ruleset of a
    comparison), as `pontoon-rules examples --json` prints them."""
    from pontoon_rules.compare.search import compare_rulesets

    pairs = ([(job.ruleset, other) for other in job.others] if job.others
             else [(job.base, job.ruleset)] if job.base is not None else [])
    out = []
    for i, (first, second) in enumerate(pairs):
        outbox.send("progress", EXAMPLES, i, len(pairs))
        outbox.check()
        if first.id != second.id:
            out.append(compare_rulesets(first, second).to_json())
    return out


def costs_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any]:
    """The cost of changing each other field alone (the stored table where current)."""
    from pontoon_rules.analysis.present.costdata import stored_costs
    from pontoon_rules.analysis.present.costs import rule_costs, skip_reason
    from pontoon_rules.ruleset.format.fields import ruleset_paths

    stored = stored_costs(job.ruleset)
    if stored is not None:
        return stored.to_json()
    if not _LOWERED[0]:
        import os

        os.nice(COSTS_NICE)
        _LOWERED[0] = True
    base = found.get(EDGE, {}).get("house_edge_percent")
    paths = [p for p in ruleset_paths(job.ruleset) if skip_reason(p) is None]
    rows: list[dict[str, Any]] = []
    table: dict[str, Any] = {}
    for done, path in enumerate(paths):
        outbox.send("progress", COSTS, done, len(paths))
        outbox.check()
        table = rule_costs(job.ruleset, paths=[path], base=base).to_json()
        base = table["base_house_edge_percent"]
        rows.extend(table["changes"])
        if done % 8 == 7:
            outbox.send("partial", COSTS, {**table, "changes": list(rows)})
    return {**table, "changes": rows}


def realistic_step(job: Job, found: dict[str, Any], outbox: Outbox) -> dict[str, Any]:
    """The changes a table would make and the edge after each, as `pontoon-rules costs
    --realistic --json` prints them (kept in the cache folder: `realistic_entry`)."""
    from pontoon_rules.analysis.composition.native import threads
    from pontoon_rules.analysis.present.realistic import realistic_variations
    from pontoon_rules.cache import cached_json

    solving: list[int] = []

    def told(done: int, total: int) -> None:
        solving.append(done)
        outbox.send("progress", REALISTIC, done, total)
        outbox.check()

    shares = helper() if SHARE_REALISTIC else None  # started (and warmed) even for a kept table
    with threads(1) if shares is not None else contextlib.nullcontext():  # a core each
        data: dict[str, Any] = cached_json(*realistic_entry(job.ruleset), lambda: (
            realistic_variations(job.ruleset, progress=told, helper=shares,
                                 check=outbox.check).to_json()))
    if shares is not None and not solving:  # a table kept: the helper's graphs are unbuilt
        shares.submit(graphs_ahead, job.ruleset)  # its answer unread: the graphs it keeps count
    return {**data, "ruleset": job.ruleset.id}


def realistic_entry(ruleset: Ruleset) -> tuple[str, str]:
    """The cache entry (name, key) of a ruleset's realistic variations: one entry per
    ruleset id, keyed by its rules, the package's files and the family it is compared with."""
    import re

    from pontoon_rules.analysis.present.realistic import family_hash
    from pontoon_rules.cache import key_of, package_files_hash

    name = "realistic-" + re.sub(r"[^a-z0-9-]+", "-", ruleset.id.lower())[:64]
    return name, key_of(package_files_hash(), family_hash(), _rules_key(ruleset))


def comparison_edges_step(job: Job, found: dict[str, Any], outbox: Outbox) -> list[Any]:
    """Each compared ruleset's exact house edge (or why it has none), in order."""
    out: list[Any] = []
    rulesets = [job.ruleset, *job.others]
    for i, ruleset in enumerate(rulesets):
        outbox.send("progress", "edges", i, len(rulesets))
        outbox.check()
        try:
            out.append(_edge(ruleset))
        except Exception as error:  # noqa: BLE001 - each ruleset's failure in words
            out.append({"error": failure_words(error)})
    SOLVED.clear()  # no strategy card follows: the rounds are not kept
    return out


STEPS: dict[str, Callable[[Job, dict[str, Any], Outbox], Any]] = {
    EDGE: edge_step, EDGE_VALUE: edge_value_step, BASE_EDGE: base_edge_step, BANDS: bands_step,
    STRATEGY: strategy_step,
    EXAMPLES: examples_step, COSTS: costs_step, REALISTIC: realistic_step,
    "edges": comparison_edges_step,
}
