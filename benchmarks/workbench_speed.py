"""The workbench's speed after a change, for every bundled ruleset: through the server's own
application in this process (Starlette's test client, the real worker processes), as the
page asks.

For each ruleset the page is opened (its base's edge, strategy card and examples computed,
as a page load does), then one change is sent as a "try" button sends it: the first
realistic variation the family gives the ruleset (`realistic.one_field_changes`, the first
that is a valid ruleset).
Printed per ruleset: the change, the time the server took to answer the change
(`/api/state`), the time until the new house edge is known to the page, until its
strategy card is (drawn from the round the whole edge result solved), and the time
until the realistic variations of the changed rules are (the page's "What else could we
change?"), with their number of rows; and the CPU seconds the edge's worker process
spent from the change to its edge, and both that worker and the other figures' from the
change to the strategy card, and the realistic variations' worker and its helper process
from the change to their table, together and apart (worker/helper: the larger is what
an idle machine waits for once the other figures are out) (`/proc`, steadier than the
times on a machine others load: a time waits for the CPU others take, a CPU second does
not), and the server's full collections of its cyclic garbage from the change to the
realistic variations ("gc ms": how many, and the longest in milliseconds). Where a worker
process was replaced during the run (its job cancelled and killed after the grace period,
or ended), the CPU figures that count it read "—" and the line names it ("replaced:
realistic").
Polls wait on the server (`wait=`) as the page's do, so a time is when the figure was
known, not when a poll happened by.

    python benchmarks/workbench_speed.py                 # every bundled ruleset
    python benchmarks/workbench_speed.py --quick         # pagat-british, blackjack-reference
    python benchmarks/workbench_speed.py vingt-un xi-dach
    python benchmarks/workbench_speed.py --warm-cache    # keep the cache folder's tables
    python benchmarks/workbench_speed.py --field player.stick_minimum   # that rule's change
    python benchmarks/workbench_speed.py --repeat 5 spanish-21   # five rounds, and medians

`--repeat N`: N rounds, each with a new server (new worker processes) and a new empty cache
folder, so that no round reads what another computed; after the rounds, each ruleset's
median of every figure with its least and greatest (this machine's speed varies from
minute to minute: one round's figure can be a fifth off the next round's).

Issue 51's targets on a 2-core machine: the new edge within 0.3 s of a change, the
realistic variations within 5 s. By default the cache folder is a new empty one, so the
realistic variations are computed, not read back (`--warm-cache` reads the user's).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import warnings
from typing import Any

QUICK = ("pagat-british", "blackjack-reference")
WORKERS = ("edge", "other figures", "realistic")
"""The three managers' workers, as a line says which were replaced during its run."""
POLL_WAIT = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help="bundled ids (default: all)")
    parser.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)}")
    parser.add_argument("--limit", type=float, default=180.0,
                        help="seconds to wait for one ruleset's figures (default 180)")
    parser.add_argument("--field", default="",
                        help="change this field (its first realistic value) where the "
                             "ruleset has one, else the first realistic change")
    parser.add_argument("--warm-cache", action="store_true",
                        help="use the cache folder as it is (realistic tables read back)")
    parser.add_argument("--figures-nice", type=int, default=None,
                        help="the other figures' workers' nice (default: the server's, "
                             "`server.FIGURES_NICE`; 4 was the realistic table's before)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds, each on a new server and cache folder, then medians")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat: at least 1 round, not {args.repeat}")
    warnings.filterwarnings("ignore", message=".*httpx.*")
    _count_pauses()
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    ids = list(args.rulesets or (QUICK if args.quick else bundled_ids()))
    print(f"{'ruleset':<26} {'change':<44} {'answer s':>8} {'edge s':>7} "
          f"{'strategy s':>10} {'realistic s':>11} {'rows':>5} {'edge cpu':>8} "
          f"{'card cpu':>8} {'real. cpu':>9} {'worker/helper':>13} {'gc ms':>9}", flush=True)
    print(f"# {_tree()}; {_nices(args.figures_nice)}; load average {_load()}", flush=True)
    rounds: dict[str, list[dict[str, float]]] = {ruleset_id: [] for ruleset_id in ids}
    for done in range(args.repeat):
        if done:
            print(f"# round {done + 1}; load average {_load()}", flush=True)
        if not args.warm_cache:
            os.environ["PONTOON_RULES_CACHE"] = tempfile.mkdtemp(prefix="workbench-speed-")
        with _server(args.figures_nice) as client:
            for ruleset_id in ids:
                line, figures = _measured(client, ruleset_id, args.limit, args.field)
                print(line, flush=True)
                if figures:
                    rounds[ruleset_id].append(figures)
    print(f"# load average at the end {_load()}", flush=True)
    if args.repeat > 1:
        _medians(rounds)


SPREAD = ("answer", "edge", "strategy", "realistic", "edge_cpu", "card_cpu", "real_cpu")
"""The figures `--repeat` gives the median of, with their least and greatest."""


def _medians(rounds: dict[str, list[dict[str, float]]]) -> None:
    """Each ruleset's median of each figure over the rounds, with its least and greatest."""
    import statistics

    print(f"# medians over the rounds (least-greatest): {', '.join(SPREAD)}")
    for ruleset_id, found in rounds.items():
        if not found:  # refused, or no change to try: said in each round
            continue
        parts = []
        for key in SPREAD:
            values = [f[key] for f in found if key in f]
            parts.append(f"{key} {statistics.median(values):.2f} ({min(values):.2f}-"
                         f"{max(values):.2f})" if values else f"{key} —")
        print(f"{ruleset_id:<26} {len(found)} rounds: {'; '.join(parts)}", flush=True)


def _tree() -> str:
    """Which package is measured: its folder (another tree's, with PYTHONPATH)."""
    import pontoon_rules

    return f"package {os.path.dirname(pontoon_rules.__file__)}"


def _nices(figures: int | None) -> str:
    """The workers' nice values measured (a tree without the constants: 4 and 4)."""
    table, default = _nice_defaults()
    return f"nice: other figures {default if figures is None else figures}, realistic {table}"


def _nice_defaults() -> tuple[int, int]:
    """The server's nice values of the realistic table's and the other figures' workers
    (`server.TABLE_NICE`, `server.FIGURES_NICE`; 4 and 4 in a tree from before them)."""
    from pontoon_rules.workbench import server

    return getattr(server, "TABLE_NICE", 4), getattr(server, "FIGURES_NICE", 4)


def _load() -> str:
    """The machine's load average over 1, 5 and 15 minutes (others' work included)."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


class _server:
    """The workbench application over its real worker processes, with a test client (the
    other figures' workers at `figures_nice`; None: as the server starts them)."""

    def __init__(self, figures_nice: int | None = None) -> None:
        self.figures_nice = figures_nice

    def __enter__(self) -> Any:
        from starlette.testclient import TestClient

        from pontoon_rules.workbench.app import create_app
        from pontoon_rules.workbench.jobs import JobManager
        from pontoon_rules.workbench.service import Workbench
        from pontoon_rules.workbench.starts import Starts

        table, figures = _nice_defaults()
        figures = figures if self.figures_nice is None else self.figures_nice
        self.workbench = Workbench(Starts(), JobManager(1, nice=figures, prefix="q"),
                                   JobManager(1, nice=table, prefix="c"),
                                   JobManager(1, prefix="e"))
        self.client = TestClient(create_app(self.workbench), base_url="http://127.0.0.1:8765")
        client = self.client.__enter__()
        client.workbench = self.workbench
        return client

    def __exit__(self, *exc: Any) -> None:
        self.client.__exit__(*exc)
        self.workbench.close()


def _measured(client: Any, ruleset_id: str, limit: float,
              field: str) -> tuple[str, dict[str, float]]:
    """One ruleset's line, and its figures (`SPREAD`'s, those measured; none where it was
    refused or had no change)."""
    from pontoon_rules.ruleset.loading.registry import load_bundled
    from pontoon_rules.ruleset.resolving.features import refused_names

    ruleset = load_bundled(ruleset_id)
    refused = refused_names(ruleset, "edge")
    if refused:
        return f"{ruleset_id:<26} refused by the analysis: {', '.join(refused)}", {}
    change = _change(ruleset, field)
    if change is None:
        return f"{ruleset_id:<26} no realistic change to try", {}
    path, value = change
    tab = f"bench-{ruleset_id}"
    page = _draft(ruleset_id, tab, 1, {})
    _follow(client, client.post("/api/state", json=page).json()["job"], tab, limit,
            "strategy")  # the page read: its quick figures drawn (no worker replaced)
    workers = (client.workbench.edges.worker_pids(), client.workbench.jobs.worker_pids(),
               client.workbench.costs.worker_pids())
    before = [_cpu(pids) for pids in workers[:2]] + [_cpu(_with_children(workers[2]))]
    apart = _apart(workers[2])
    start = time.perf_counter()
    answer = client.post("/api/state", json=_draft(ruleset_id, tab, 2, {path: value})).json()
    answered = time.perf_counter() - start
    if not answer.get("job"):
        return (f"{ruleset_id:<26} the change was refused: {answer.get('problems')} problems",
                {})
    times = _follow(client, answer["job"], tab, limit, "realistic", start, workers)
    now = (client.workbench.edges.worker_pids(), client.workbench.jobs.worker_pids(),
           client.workbench.costs.worker_pids())
    replaced = [i for i in range(3) if now[i] != workers[i]]
    for key, read in (("edge_cpu", {0}), ("card_cpu", {0, 1}), ("real_cpu", {2}),
                      ("real_apart", {2})):
        if read & set(replaced):  # a worker it counts was replaced meanwhile: its
            times.pop(key, None)  # seconds are gone
    said = f"{path} → {value}"[:44]
    cpu_before = {"edge_cpu": before[0], "card_cpu": before[0] + before[1],
                  "real_cpu": before[2]}
    spent = {key: times[key] - then for key, then in cpu_before.items() if key in times}
    figures: dict[str, float] = {"answer": answered, **spent}
    figures.update((k, times[k]) for k in ("edge", "strategy", "realistic") if k in times)
    return (f"{ruleset_id:<26} {said:<44} {answered:>8.2f} {_s(times.get('edge')):>7} "
            f"{_s(times.get('strategy')):>10} {_s(times.get('realistic')):>11} "
            f"{times.get('rows', ''):>5} {_s(spent.get('edge_cpu')):>8} "
            f"{_s(spent.get('card_cpu')):>8} "
            f"{_s(spent.get('real_cpu')):>9} {_split(times, apart):>13} {_pauses(start):>9}"
            + (f"  replaced: {', '.join(WORKERS[i] for i in replaced)}" if replaced else ""),
            figures)


def _change(ruleset: Any, field: str) -> tuple[str, Any] | None:
    """The first realistic one-field change that makes a valid ruleset (of `field`, where
    there is one)."""
    from pontoon_rules.analysis.present.costs import variant_of
    from pontoon_rules.analysis.present.realistic import bundled_family, one_field_changes

    data = ruleset.model_dump(mode="python")
    valid = [(c.path, c.new) for _kind, c, _games in one_field_changes(ruleset, bundled_family())
             if not isinstance(variant_of(data, c.path, c.new), str)]
    return next((c for c in valid if c[0] == field), valid[0] if valid else None)


def _draft(ruleset_id: str, tab: str, seq: int, values: dict[str, Any]) -> dict[str, Any]:
    return {"tab": tab, "seq": seq, "start": f"bundled:{ruleset_id}", "lang": "en",
            "name": "", "fields": {}, "set": values}


def _follow(client: Any, job: str, tab: str, limit: float, until: str,
            start: float | None = None, workers: Any = ((), (), ())) -> dict[str, Any]:
    """Poll `job` as the page does until `until` ("edge", "strategy" or "realistic") is
    known (or the job ends, or `limit` seconds pass): when each was known, seconds after
    `start` (and the CPU seconds `workers`, the edge's, the other figures' and the
    realistic variations' processes (with the latter's helper), had spent then)."""
    start = time.perf_counter() if start is None else start
    found: dict[str, Any] = {}
    version = ""
    while time.perf_counter() - start < limit:
        data = client.get(f"/api/job/{job}?tab={tab}&lang=en&since={version}"
                          f"&wait={POLL_WAIT if version != '' else 0}").json()
        if "error" in data:
            break
        version = str(data["version"])
        now = time.perf_counter() - start
        html = data.get("html", "")
        if data.get("edge") and "edge" not in found:
            found["edge"], found["edge_cpu"] = now, _cpu(workers[0])
        if 'id="wb-strategy" data-done="yes"' in html and "strategy" not in found:
            found["strategy"], found["card_cpu"] = now, _cpu(workers[0]) + _cpu(workers[1])
        if 'id="wb-realistic" data-done="yes"' in html and "realistic" not in found:
            found["realistic"], found["real_cpu"] = now, _cpu(_with_children(workers[2]))
            found["real_apart"] = _apart(workers[2])
            section = html.split('id="wb-realistic"', 1)[1].split("</section>", 1)[0]
            found["rows"] = section.count('class="wb-try"')
        if (until in found and (until != "realistic" or "strategy" in found)
                or data.get("final")):
            break
    return found


def _cpu(pids: Any) -> float:
    """The CPU seconds (user and system) the processes `pids` have spent so far."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _with_children(pids: Any) -> list[int]:
    """`pids` and their child processes (a realistic variations' worker's helper)."""
    out = [p for p in pids if p is not None]
    for pid in list(out):
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as children:
                out.extend(int(c) for c in children.read().split())
        except (OSError, ValueError):
            continue
    return out


def _apart(pids: Any) -> tuple[float, float]:
    """The CPU seconds of the realistic variations' worker and of its helper, apart."""
    found = _with_children(pids)
    return _cpu(found[:1]), _cpu(found[1:])


PAUSES: list[tuple[float, float]] = []
"""The cyclic collector's full collections in this process (the server's): when each
ended (`time.perf_counter`) and how long it took."""


def _count_pauses() -> None:
    """Record each full collection of this process in `PAUSES`."""
    import gc

    began = [0.0]

    def seen(phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            PAUSES.append((time.perf_counter(), time.perf_counter() - began[0]))

    gc.callbacks.append(seen)


def _pauses(start: float) -> str:
    """'n/longest': the server's full collections since `start` (the change) and the
    longest in milliseconds (each pauses every request of the server)."""
    since = [took for ended, took in PAUSES if ended >= start]
    return f"{len(since)}/{max(since, default=0.0) * 1000:.0f}"


def _split(times: dict[str, Any], before: tuple[float, float]) -> str:
    """'worker/helper' CPU seconds from the change to the realistic table: the larger is
    what an idle machine waits for once the other figures are out (each on its core)."""
    if "real_apart" not in times:
        return "—"
    worker, helper = (now - then for now, then in zip(times["real_apart"], before,
                                                     strict=True))
    return f"{worker:.2f}/{helper:.2f}"


def _s(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds:.2f}"


if __name__ == "__main__":
    main()
