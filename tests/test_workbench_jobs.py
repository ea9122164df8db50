"""The workbench's analyses after a change, without a browser: the edge first (its own
worker, the other figures waiting for it), a newer change cancelling the older one's work
in every worker, polls that wait for the figures, the realistic variations leading the
panel (the exhaustive table one click away), and each worker's memory of edges."""

from __future__ import annotations

import html
import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.workbench import jobs, worker
from pontoon_rules.workbench.helper import PipeHelper
from pontoon_rules.workbench.jobs import CANCELLED, DONE, QUEUED, RUNNING, JobManager, Record
from pontoon_rules.workbench.worker import EDGE, REALISTIC, Cancelled, Job

BASE = "pagat-british"


@pytest.fixture()
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The workbench over its real workers, its cache folder a new one (inherited by the
    worker processes, which start after this)."""
    from starlette.testclient import TestClient

    from pontoon_rules.workbench.app import create_app
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path / "cache"))
    workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"),
                          JobManager(1, prefix="e"))
    with TestClient(create_app(workbench), base_url="http://127.0.0.1:8765",
                    raise_server_exceptions=False) as test_client:
        test_client.workbench = workbench  # type: ignore[attr-defined]
        yield test_client
    workbench.close()


def _draft(tab: str, seq: int, **values: Any) -> dict[str, Any]:
    return {"tab": tab, "seq": seq, "start": f"bundled:{BASE}", "lang": "en", "name": "Ours",
            "fields": {}, "set": values}


def _until(client: Any, job: str, tab: str, done: Any, seconds: float = 120) -> dict[str, Any]:
    """Poll as the page does (waiting on the server) until `done(answer)`."""
    end, version, found = time.monotonic() + seconds, "", {}
    while time.monotonic() < end:
        found = client.get(f"/api/job/{job}?tab={tab}&lang=en&since={version}&wait=5").json()
        version = str(found["version"])
        if done(found):
            return found
        assert not found["final"], f"the job ended first: {found['status']}"
    raise AssertionError(f"never got there: {found}")


def test_a_newer_change_cancels_the_older_ones_work_in_every_worker(client: Any) -> None:
    older = client.post("/api/state", json=_draft("c", 1, **{
        "player.stick_minimum": 16})).json()["job"].split("+")
    newer = client.post("/api/state", json=_draft("c", 2, **{
        "player.stick_minimum": 14})).json()["job"]
    managers = (client.workbench.edges, client.workbench.jobs, client.workbench.costs)
    assert [m.current("c") for m in managers] == newer.split("+")
    end = time.monotonic() + 60
    while time.monotonic() < end and not all(
            m.get(part)["status"] in (CANCELLED, DONE)
            for m, part in zip(managers, older, strict=True)):
        time.sleep(0.1)
    # the realistic variations of the older rules take far longer than this: stopped
    statuses = [m.get(part)["status"] for m, part in zip(managers, older, strict=True)]
    assert statuses[1:] == [CANCELLED, CANCELLED]
    found = _until(client, newer, "c",
                   lambda a: 'id="wb-edge" data-done="yes"' in a.get("html", ""))
    assert found["edge"] == "0.4153%"  # stick on 14, as `pontoon-rules edge` prints it
    assert 'id="wb-edge-change"' in found["html"]  # beside the base's edge


def test_a_page_that_goes_stops_its_work_at_once_unless_another_tab_shows_it(
        client: Any) -> None:
    managers = (client.workbench.edges, client.workbench.jobs, client.workbench.costs)
    draft = _draft("gone", 1, **{"player.stick_minimum": 15})
    parts = client.post("/api/state", json=draft).json()["job"].split("+")
    assert client.post("/api/state", json={**draft, "tab": "open"}).json()["job"] == "+".join(
        parts)  # the same rules in another tab: the same jobs
    for refused in ({"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"}):
        answer = client.post("/api/release", json={"tab": "gone", "seq": 2}, headers=refused)
        assert answer.status_code == 403  # another site cannot stop a page's work
    assert [m.current("gone") for m in managers] == parts
    origin = {"origin": "http://127.0.0.1:8765", "content-type": "text/plain;charset=UTF-8"}
    sent = json.dumps({"tab": "gone", "seq": 2})  # as `navigator.sendBeacon` sends it
    assert client.post("/api/release", content=sent, headers=origin).status_code == 204
    assert [m.current("gone") for m in managers] == [None, None, None]
    for m, p in zip(managers[1:], parts[1:], strict=True):  # the other tab shows them
        assert m.get(p)["status"] in (QUEUED, RUNNING), "stopped though another tab shows it"
    late = client.post("/api/state", json=draft).json()  # a change sent before it went
    assert late["stale"] and late["job"] is None
    assert client.post("/api/release", content=json.dumps({"tab": "open"}),
                       headers=origin).status_code == 204
    end = time.monotonic() + 5  # the realistic variations take far longer: stopped
    while time.monotonic() < end and managers[2].get(parts[2])["status"] != CANCELLED:
        time.sleep(0.05)
    assert [m.get(p)["status"] for m, p in zip(managers, parts, strict=True)][1:] == [
        CANCELLED, CANCELLED]
    assert client.post("/api/release", json={"tab": "never-seen"}).status_code == 204
    assert client.post("/api/release", json={"seq": 3}).status_code == 400
    again = client.post("/api/state", json={**draft, "seq": 3}).json()["job"]
    assert [m.current("gone") for m in managers] == again.split("+")  # back: followed anew


def test_a_poll_waits_on_the_server_until_its_job_moves_on(client: Any) -> None:
    job = client.post("/api/state", json=_draft("w", 1, **{
        "player.stick_minimum": 13})).json()["job"]
    first = client.get(f"/api/job/{job}?tab=w&lang=en").json()
    moved = client.get(f"/api/job/{job}?tab=w&lang=en&since={first['version']}&wait=10").json()
    assert "unchanged" not in moved and moved["version"] != first["version"]
    assert client.get(f"/api/job/{job}?tab=w&lang=en&wait=x").status_code == 400


def test_the_realistic_variations_lead_the_panel_and_every_rule_is_one_click_away(
        client: Any) -> None:
    from pontoon_rules.analysis.present.realistic import realistic_variations
    from pontoon_rules.cache import cached_json

    body = _draft("r", 1, **{"player.stick_minimum": 17})
    ruleset = client.workbench.draft(body).ruleset
    # the table the worker reads back (a family of one game: quick to make here)
    table = realistic_variations(ruleset, family=[load_bundled("pagat-stick-16")],
                                 published=[])
    assert table.rows
    cached_json(*worker.realistic_entry(ruleset), lambda: table.to_json())
    job = client.post("/api/state", json=body).json()["job"]
    found = _until(client, job, "r", lambda a: 'id="wb-realistic" data-done="yes"'
                   in a.get("html", ""))
    section = found["html"].split('id="wb-realistic"', 1)[1].split("</section>", 1)[0]
    assert "What else could we change?" in section and "Every rule's cost" in section
    sets = [json.loads(html.unescape(s)) for s in re.findall(r"data-set='([^']*)'", section)]
    assert {"player.stick_minimum": 16} in sets
    assert "→" in section and "as in British Pontoon, stick on 16" in section  # in words
    assert 'id="wb-costs"' not in found["html"]
    tried = client.post("/api/state", json={**body, "seq": 2, "set": {
        "player.stick_minimum": 16}}).json()
    assert tried["changed"] == ["player.stick_minimum"]
    every = client.post("/api/state", json={**body, "seq": 3, "every_rule": True}).json()
    assert every["job"].split("+")[-1] != job.split("+")[-1]
    shown = client.get(f"/api/job/{every['job']}?tab=r&lang=en").json()["html"]
    assert 'id="wb-costs"' in shown and 'id="wb-every-rule"' not in shown


def test_the_realistic_step_stops_between_variants_when_cancelled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.analysis.present import realistic

    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))
    monkeypatch.setattr(realistic, "_MEMO", {})  # not an earlier test's table in this process
    monkeypatch.setattr(realistic, "stored_realistic", lambda r: None)  # as changed rules
    base = load_bundled(BASE)

    class Outbox:
        sent: list[tuple[Any, ...]] = []

        def send(self, *message: Any) -> None:
            self.sent.append(message)

        def check(self) -> None:
            if len(self.sent) >= 2:
                raise Cancelled

    outbox = Outbox()
    try:
        with pytest.raises(Cancelled):
            worker.realistic_step(Job(base, None, (REALISTIC,)), {},
                                  outbox)  # type: ignore[arg-type]
    finally:
        worker.close_helper()  # the helper the step started in this process
    assert [m[0] for m in outbox.sent] == ["progress", "progress"]
    # the first before the base's solve (the helper at work already: `sharing.shared`'s
    # `known`), the second after it, counting the variants that read alike and what the
    # helper answered: stopped there, before this process's first variant
    assert outbox.sent[0][1:3] == (REALISTIC, 0) and outbox.sent[-1][1] == REALISTIC
    assert 0 < outbox.sent[-1][2] < outbox.sent[-1][3]
    assert not list(tmp_path.glob("realistic-*.json"))  # nothing half-made is kept


def test_the_realistic_step_stops_between_validations_and_around_the_base_solve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before its first variant is solved the step validates every variant and solves the
    base (about 2 CPU s for spanish-21): a cancellation there ends it between two
    validations, and right after the base's solve, not at the first variant's solve."""
    from pontoon_rules.analysis.present import costs, realistic

    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))
    monkeypatch.setattr(realistic, "_MEMO", {})
    monkeypatch.setattr(realistic, "stored_realistic", lambda r: None)  # as changed rules
    monkeypatch.setattr(worker, "SHARE_REALISTIC", False)  # no helper: this process alone
    validated: list[str] = []
    solved: list[str] = []
    real_variant_of, real_edge_of = realistic.variant_of, costs.edge_of

    def variant_of(data: Any, path: str, new: Any) -> Any:
        validated.append(path)
        return real_variant_of(data, path, new)

    def edge_of(*args: Any, **kwargs: Any) -> float:
        solved.append("base")
        return real_edge_of(*args, **kwargs)

    monkeypatch.setattr(realistic, "variant_of", variant_of)
    monkeypatch.setattr(costs, "edge_of", edge_of)

    class Outbox:
        def __init__(self, stop: Any) -> None:
            self.stop = stop
            self.sent: list[tuple[Any, ...]] = []

        def send(self, *message: Any) -> None:
            self.sent.append(message)

        def check(self) -> None:
            if self.stop():
                raise Cancelled

    def run(outbox: Outbox) -> None:
        with pytest.raises(Cancelled):
            worker.realistic_step(Job(load_bundled(BASE), None, (REALISTIC,)), {},
                                  outbox)  # type: ignore[arg-type]

    run(Outbox(lambda: len(validated) >= 3))  # a cancel arrives during the third validation
    assert len(validated) == 3 and solved == []
    validated.clear()
    after_base = Outbox(lambda: bool(solved))  # a cancel arrives during the base's solve
    run(after_base)
    assert len(validated) > 10 and solved == ["base"]
    assert after_base.sent == []  # not one variant's progress: stopped before any solve
    assert not list(tmp_path.glob("realistic-*.json"))


def test_a_gated_manager_starts_its_jobs_only_when_the_gate_opens() -> None:
    ruleset = load_bundled(BASE)
    manager = JobManager(1)
    gate = [False]
    manager.gate = lambda: gate[0]
    try:
        manager.hold()  # the gate shut: its workers paused (the edge has the machine)
        assert _states(manager, lambda s: s == {"T"}) == {"T"}
        job = manager.submit("t", "k", Job(ruleset, None, (EDGE,)))
        time.sleep(0.8)  # three turns of the manager's watch
        assert manager.get(job)["status"] == QUEUED and not manager.idle()
        gate[0] = True
        manager.hold()
        assert "T" not in _states(manager, lambda s: "T" not in s)
        end = time.monotonic() + 120
        while time.monotonic() < end and manager.get(job)["status"] != DONE:
            time.sleep(0.1)
        assert manager.get(job)["results"][EDGE]["house_edge_percent"] == pytest.approx(
            0.6646, abs=1e-4)
        assert manager.idle()
    finally:
        manager.close()


def test_the_other_figures_wait_while_the_realistic_table_takes_both_cores() -> None:
    """While the realistic variations' worker and its helper both solve (two or more of
    its variants to end), the other figures' gate is shut (their worker paused: it took a
    share of two cores from the table, p51c); it opens for the last variant, before the
    first progress (the variants' validation, on one core) and once the job ends."""
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"),
                          JobManager(1, prefix="e"))
    costs = workbench.costs
    try:
        record = Record("c0", "k", (REALISTIC,), status=RUNNING)
        with costs._lock:
            costs._jobs[record.id] = record
        assert workbench.jobs.gate is not None and workbench.jobs.gate()
        for done, shares in ((0, True), (8, True), (9, False), (10, False), (3, True)):
            costs._apply(None, ("progress", record.id, REALISTIC, done, 10))  # type: ignore[arg-type]
            assert costs.shares(REALISTIC) is shares
            assert workbench.jobs.gate() is not shares
        record.status = DONE
        assert not costs.shares(REALISTIC) and workbench.jobs.gate()
    finally:
        workbench.close()


def test_a_gated_managers_realistic_helper_is_paused_with_its_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))  # computed, not read back
    manager = JobManager(1)
    gate = [True]
    manager.gate = lambda: gate[0]
    try:
        job = manager.submit("t", "k", Job(load_bundled(BASE), None, (REALISTIC,)))
        end = time.monotonic() + 60  # the helper starts at the step's first variant
        while time.monotonic() < end and not _children(manager.worker_pids()[0]):
            time.sleep(0.05)
        assert worker.SHARE_REALISTIC and _children(manager.worker_pids()[0])
        gate[0] = False
        manager.hold()  # the edge has the machine: the worker and its helper stop
        assert _states(manager, lambda s: s == {"T"}, helpers=True) == {"T"}
        assert manager.get(job)["status"] != DONE
        gate[0] = True
        manager.hold()
        assert "T" not in _states(manager, lambda s: "T" not in s, helpers=True)
        helpers = _children(manager.worker_pids()[0])
    finally:
        manager.close()
    end = time.monotonic() + 10
    while time.monotonic() < end and any(Path(f"/proc/{h}").exists() for h in helpers):
        time.sleep(0.1)
    assert not any(Path(f"/proc/{h}").exists() for h in helpers)  # ended with its worker


def test_a_cancel_asked_while_the_workers_are_paused_gets_its_grace_once_they_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker paused while the edge is worked out cannot stop: the grace before its
    cancelled job's process is killed starts when it runs again. It used to count the
    pause, so a change to spanish-21 or australian-pontoon (whose edge holds the others
    for seconds) had the realistic variations' worker killed and replaced: a process
    started again, what its solves kept lost (the benchmark's CPU columns read "—")."""
    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))  # computed, not read back
    manager = JobManager(1, grace=4.0)
    gate = [True]
    manager.gate = lambda: gate[0]
    try:
        ruleset = load_bundled(BASE)  # changed rules: no stored edges, its variants solved
        changed = ruleset.model_copy(update={"player": ruleset.player.model_copy(
            update={"stick_minimum": 16})})
        job = manager.submit("t", "k", Job(changed, None, (REALISTIC,)))
        end = time.monotonic() + 60
        while time.monotonic() < end and REALISTIC not in manager.get(job)["progress"]:
            time.sleep(0.02)  # solving its variants: it checks for a cancel after each
        pid = manager.worker_pids()[0]
        gate[0] = False
        manager.hold()  # the edge has the machine
        manager.release("t")  # a newer change: cancelled while paused
        time.sleep(4.5)  # past the grace, paused
        gate[0] = True
        manager.hold()
        time.sleep(2.0)  # running again, within its grace: not killed (was: at once)
        assert manager.worker_pids()[0] == pid
        end = time.monotonic() + 60
        while time.monotonic() < end and manager.get(job)["status"] != CANCELLED:
            time.sleep(0.05)
        assert manager.get(job)["status"] == CANCELLED
    finally:
        manager.close()


def test_a_job_is_never_sent_to_a_worker_killed_for_the_job_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 51's lost change: a worker killed for its cancelled job (past the grace; here
    no grace) may end that job on its own while the kill is on its way. The job the page
    now follows was sent to it as it went, and cancelled by its end, so the panel of the
    last of two quick changes never showed its edge. It waits for the new process."""
    import signal

    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))  # computed, not read back
    manager = JobManager(1, grace=0.0)
    real, kills = worker.signal_group, []

    def late(pid: int | None, sig: int) -> None:  # the kill lands once the job has ended
        def land() -> None:
            end = time.monotonic() + 120
            while time.monotonic() < end and manager.get(first)["status"] != DONE:
                time.sleep(0.02)
            time.sleep(0.05)  # what the manager does next, before the process goes
            real(pid, sig)
        kills.append(threading.Thread(target=land) if sig == signal.SIGKILL else None)
        if kills[-1] is None:
            real(pid, sig)
        else:
            kills[-1].start()

    monkeypatch.setattr(jobs.worker, "signal_group", late)
    ruleset = load_bundled(BASE)
    try:
        first = manager.submit("t", "older", Job(ruleset, None, (EDGE,)))
        pid = manager.worker_pids()[0]
        stick = ruleset.model_copy(update={"player": ruleset.player.model_copy(
            update={"stick_minimum": 16})})  # not its memo: a solve of its own
        last = manager.submit("t", "newer", Job(stick, None, (EDGE,)))  # kills the first's
        assert [k is not None for k in kills] == [True]
        kills[0].join()
        end = time.monotonic() + 120
        while time.monotonic() < end and manager.get(last)["status"] not in jobs.FINISHED:
            time.sleep(0.05)
        assert manager.get(first)["status"] == DONE  # it ended before the kill landed
        assert manager.get(last)["status"] == DONE  # was: cancelled by the killed process
        assert manager.get(last)["results"][EDGE]["house_edge_percent"] == pytest.approx(
            1.6453, abs=1e-4)  # stick on 16, as the browser test's `edge` prints it
        assert manager.worker_pids()[0] != pid  # on the process that took its place
    finally:
        manager.close()


def test_resuming_restarts_the_grace_of_every_cancelled_job_and_of_no_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`hold`, as the gate opens: every job whose cancel was asked (at any time, the
    monotonic clock's 0.0 too) gets its grace anew; a job never cancelled keeps none. The
    old `cancel_asked and time.monotonic()` kept a 0.0 (falsy) as it was."""
    manager = object.__new__(JobManager)  # no worker: `hold` reads the records only
    manager.__dict__.update(_lock=threading.RLock(), _closed=False, _held=True, _workers=[],
                            _jobs={}, gate=lambda: True)
    for name, asked in (("never", None), ("at-zero", 0.0), ("earlier", 5.0)):
        manager._jobs[name] = Record(name, name, ())
        manager._jobs[name].cancel_asked = asked
    monkeypatch.setattr(jobs.time, "monotonic", lambda: 100.0)
    manager.hold()
    assert not manager._held
    assert {n: r.cancel_asked for n, r in manager._jobs.items()} == {
        "never": None, "at-zero": 100.0, "earlier": 100.0}


def _children(pid: int | None) -> list[int]:
    """The processes whose parent is `pid`."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _states(manager: JobManager, until: Any, helpers: bool = False) -> set[str]:
    """The state letters of the manager's processes (with `helpers`, their children too; T:
    stopped), once `until` holds of them (a signal is delivered a moment after it is sent) or
    after two seconds."""
    end = time.monotonic() + 2
    while True:
        pids = [p for w in manager.worker_pids() for p in [w, *(
            _children(w) if helpers else [])]]
        found = {Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                 for pid in pids}
        if until(found) or time.monotonic() > end:
            return found
        time.sleep(0.05)


def test_a_worker_computes_each_rules_edge_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.analysis import edge

    ruleset = load_bundled(BASE)
    first = worker._edge(ruleset)
    monkeypatch.setattr(edge, "house_edge", lambda *a, **k: pytest.fail("computed again"))
    renamed = ruleset.model_copy(update={"id": "ours", "name": "Ours"})
    again = worker._edge(renamed)  # the same rules under another name: the same figure
    assert again["ruleset"] == "ours"
    assert {**again, "ruleset": BASE} == first
    stick = ruleset.model_copy(update={"player": ruleset.player.model_copy(
        update={"stick_minimum": 16})})
    with pytest.raises(pytest.fail.Exception):
        worker._edge(stick)  # other rules: computed


def test_an_edge_with_its_bands_compiles_the_rules_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The edge and its bands of stakes are worked out from one compile of the rules (the
    bands' solves stood in for: what is counted is the compiles)."""
    from pontoon_rules.analysis.present import bands
    from pontoon_rules.engine.round import rules as compiled

    real, made = compiled.compile_rules, []
    monkeypatch.setattr(compiled, "compile_rules", lambda r: made.append(real(r)) or made[-1])
    monkeypatch.setattr(bands, "stake_bands", lambda rules: [(500, None)])
    monkeypatch.setattr(bands, "band_edges", lambda rules, *a: [{"rules": rules}])
    monkeypatch.setattr(worker, "EDGE_MEMO", {})
    found = worker._edge(load_bundled(BASE))
    assert len(made) == 1
    assert found["stake_bands"][0]["rules"] is made[0]


def test_the_panel_speaks_the_language_chosen() -> None:
    from pontoon_rules.workbench.render import render
    from pontoon_rules.workbench.results import analysis_view
    from pontoon_rules.workbench.view import words

    edge = {"house_edge_percent": 1.6453, "house_edge_per_staked_percent": 1.5,
            "deck_description": "", "method": "", "banker_policy": "", "notes": []}
    snapshot = {"id": "e1+q1+c1", "status": "running", "step": REALISTIC,
                "steps": [EDGE, "base_edge", "examples", "strategy", REALISTIC],
                "progress": {REALISTIC: (3, 50)}, "partial": {}, "failures": {},
                "results": {EDGE: edge, "base_edge": {**edge, "house_edge_percent": 0.6646}},
                "version": 3, "why": ""}
    said = {lang: re.sub(r"<[^>]+>", " ", render("analysis.html.j2", lang,
                                                  a=analysis_view(snapshot, words(lang))))
            for lang in ("en", "ru")}
    assert "House edge" in said["en"] and "the changes a table would make" in said["en"]
    assert "Преимущество казино" in said["ru"] and "+0.9807 пункта" in said["ru"]
    assert "Вычисляется: изменения, какие делают за столом" in said["ru"]  # the step counted
    english = {"House", "edge", "Working", "change", "banker", "rules", "Every", "Hands"}
    command = "pontoon-rules edge"  # the command's own name, as typed
    assert not english & set(re.findall(r"[A-Za-z]+", said["ru"].replace(command, "")))


def test_what_a_named_hand_pays_has_a_control_of_its_own(client: Any) -> None:
    import yaml

    first = client.post("/api/state", json=_draft("h", 1)).json()
    control = re.search(r'<label class="wb-payout">five-card trick pays <input type="text" '
                        r'value="([^"]*)" data-set-path="([^"]*)"', first["rules_html"])
    assert control and control.groups() == ("2:1", "hands.definitions.five-card-trick.pays")
    # as the page sends a change of it (or a realistic variation's "try" of it)
    answer = client.post("/api/state", json=_draft("h", 2, **{
        "hands.definitions.five-card-trick.pays": "3:1"})).json()
    assert answer["valid"] and answer["changed"] == ["hands.definitions"]
    hands = yaml.safe_load(answer["overlay"])["hands"]["definitions"]
    assert hands["five-card-trick"]["pays"] == "3:1" and hands["pontoon"]["pays"] == "2:1"
    assert 'value="3:1" data-set-path="hands.definitions.five-card-trick.pays"' in answer[
        "rules_html"]
    unknown = client.post("/api/state", json=_draft("h", 3, **{
        "hands.definitions.no-such-hand.pays": "3:1"})).json()
    assert unknown["valid"] and unknown["changed"] == []


class _Collected:
    """A worker's outbox that keeps what it sends (the job runs in this process)."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []

    def send(self, *message: Any) -> None:
        self.sent.append(message)

    def check(self) -> None:
        pass


ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
"""A word of three letters or more in the Latin alphabet (card codes are one or two)."""


def test_a_russian_panel_says_the_analysis_own_words_in_russian() -> None:
    """Edge, its method and notes, the strategy card (hands, legend, banker), the realistic
    variations' "from → to" and the cost table's rows: every word Russian, but for the
    command's name; the English panel of the same job still says them in English."""
    from pontoon_rules.analysis.present.costs import variant_of
    from pontoon_rules.analysis.present.realistic import table_from_json
    from pontoon_rules.docs.words.costview import realistic_view
    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.workbench.render import render
    from pontoon_rules.workbench.results import analysis_view
    from pontoon_rules.workbench.view import words

    base = load_ruleset(Path(__file__).parent / "rulesets" / "tiny-pagat.yaml")
    draft = variant_of(base.model_dump(mode="python"), "player.stick_minimum",
                       base.player.stick_minimum + 1)
    assert not isinstance(draft, str)
    steps = (EDGE, "base_edge", "strategy", REALISTIC, "costs")
    box = _Collected()
    try:
        worker.run_job(Job(draft, base, steps), box)  # type: ignore[arg-type]
    finally:
        worker.close_helper()  # the helper the realistic step started in this process
    results = {m[1]: m[2] for m in box.sent if m[0] == "result"}
    assert set(results) == set(steps), [m for m in box.sent if m[0] == "failed"]
    snapshot = {"id": "e1+q1+c1", "status": "done", "step": None, "steps": list(steps),
                "progress": {}, "partial": {}, "failures": {}, "results": results,
                "version": 9, "why": ""}
    said = {}
    for lang in ("en", "ru"):
        gettext = translations(lang).gettext
        table = table_from_json(draft, results[REALISTIC])
        rows = list(zip(table.rows, realistic_view(draft, table, gettext, lang), strict=True))
        view = analysis_view(snapshot, words(lang), True, rows,
                             gettext if lang == "ru" else None, draft if lang == "ru" else None)
        page = render("analysis.html.j2", lang, a=view)
        page = re.sub(r"<code>[^<]*</code>", " ", page)  # the command, as typed
        said[lang] = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert "жёсткие" in said["ru"] and "стоит на" in said["ru"] and "ставки ровные" in said["ru"]
    assert said["ru"].count("попробовать") > 10  # the rows: realistic and every rule's
    english = sorted(set(ENGLISH_WORD.findall(said["ru"])))
    assert english == [], english
    assert "hard" in said["en"] and "flat stakes" in said["en"] and "stands on" in said["en"]


def test_after_an_exhaustive_cost_table_a_fresh_worker_runs_the_next_job() -> None:
    """The table runs at a lower priority (`worker.COSTS_NICE`), which a process cannot
    raise again: its worker ends, and the job waiting meanwhile (sent to it as it ended)
    runs on its successor, at the manager's own priority."""
    import os

    from pontoon_rules.ruleset.loading.loader import load_ruleset

    tiny = load_ruleset(Path(__file__).parent / "rulesets" / "tiny-pagat.yaml")
    manager = JobManager(1, prefix="t")
    try:
        first = manager.worker_pids()[0]
        table = manager.submit("x", "table", Job(tiny, None, ("costs",)))
        edge = manager.submit("y", "edge", Job(tiny, None, (EDGE,)))
        end = time.monotonic() + 240
        while time.monotonic() < end and any(
                manager.get(j)["status"] != DONE for j in (table, edge)):  # type: ignore[index]
            time.sleep(0.1)
        done = [manager.get(j) for j in (table, edge)]
        assert [d["status"] for d in done] == [DONE, DONE], done  # type: ignore[index]
        assert done[0]["results"]["costs"]["changes"]  # type: ignore[index]
        assert done[1]["results"][EDGE]["house_edge_percent"] is not None  # type: ignore[index]
        now = manager.worker_pids()[0]
        assert now is not None and now != first
        assert os.getpriority(os.PRIO_PROCESS, now) == os.getpriority(os.PRIO_PROCESS, 0)
    finally:
        manager.close()


def test_the_value_first_is_the_number_edge_prints_and_a_refused_rule_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The figure the page draws first (`edge_value`, no statistics) is the one the whole
    result (and `pontoon-rules edge`) gives, to the last bit; a rule the analysis does not
    handle is refused by name, never a figure."""
    from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError

    monkeypatch.setattr(worker, "EDGE_MEMO", {})
    base = load_bundled(BASE)
    stick = base.model_copy(update={"player": base.player.model_copy(
        update={"stick_minimum": 16})})
    for ruleset in (base, stick, load_bundled("spanish-21")):
        first = worker.edge_value_step(Job(ruleset, None, ()), {}, None)  # type: ignore[arg-type]
        assert first["house_edge_percent"] == worker._edge(ruleset)["house_edge_percent"]
    with pytest.raises(UnsupportedFeatureError, match="raising the stake in play"):
        worker.edge_value_step(Job(load_bundled("siebzehn-und-vier"), None, ()), {},
                               None)  # type: ignore[arg-type]


def test_the_realistic_variations_shared_with_a_helper_process_are_the_same_table() -> None:
    from concurrent.futures import ProcessPoolExecutor

    from pontoon_rules.analysis.present.realistic import realistic_variations

    base = load_bundled(BASE)
    family = [load_bundled("pagat-stick-16"), load_bundled("vingt-un")]
    alone = realistic_variations(base, family=family, published=[])
    from pontoon_rules.processes import worker_context

    with ProcessPoolExecutor(1, mp_context=worker_context()) as helper:
        shared = realistic_variations(base, family=family, published=[], helper=helper)
    with PipeHelper() as pipe:  # the worker's own helper: a process and a pipe
        piped = realistic_variations(base, family=family, published=[], helper=pipe)
    assert len(alone.rows) >= 4
    assert shared.to_json() == alone.to_json() == piped.to_json()


def test_a_helper_that_ended_fails_its_calls_so_the_worker_solves_them_itself() -> None:
    from concurrent.futures import BrokenExecutor

    pipe = PipeHelper()
    try:
        assert pipe.submit(sum, [1, 2]).result(timeout=60) == 3
        failing = pipe.submit(int, "not a number")
        assert isinstance(failing.exception(timeout=60), ValueError)  # raised there, told here
        pipe.process.kill()
        pipe.process.wait(timeout=10)
        assert isinstance(pipe.submit(sum, [1]).exception(timeout=10), BrokenExecutor)
    finally:
        pipe.shutdown()


def test_the_helper_imports_nothing_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -c` puts the current folder first on its path: a `pontoon_rules.py` or a
    `yaml.py` in the user's folder would be run by the helper (`-P`: never)."""
    import yaml

    planted = "open('ran', 'w').write('planted')\n"
    (tmp_path / "pontoon_rules.py").write_text(planted + "raise SystemExit(3)\n")
    (tmp_path / "yaml.py").write_text(planted)
    monkeypatch.chdir(tmp_path)
    with PipeHelper() as pipe:
        found = pipe.submit(eval, "__import__('yaml').__file__").result(timeout=60)
    assert found == yaml.__file__
    assert not (tmp_path / "ran").exists()


def test_a_worker_imports_nothing_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `spawn` worker starts as `python -c`, the current folder first on its path: a
    `pickle.py` in the user's folder ran before multiprocessing's own (`helper.safe_path`)."""
    import os

    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.workbench.worker import EDGE_VALUE

    before = os.environ.get("PYTHONSAFEPATH")
    tiny = load_ruleset(Path(__file__).parent / "rulesets" / "tiny-pagat.yaml")
    (tmp_path / "pickle.py").write_text("open('ran', 'w').write('planted')\n")
    monkeypatch.chdir(tmp_path)
    manager = JobManager(1, prefix="p")
    try:
        job = manager.submit("t", "k", Job(tiny, None, (EDGE_VALUE,)))
        end = time.monotonic() + 120
        while time.monotonic() < end and manager.get(job)["status"] != DONE:  # type: ignore[index]
            time.sleep(0.1)
        assert manager.get(job)["status"] == DONE  # type: ignore[index]
    finally:
        manager.close()
    assert not (tmp_path / "ran").exists()
    assert os.environ.get("PYTHONSAFEPATH") == before  # set only while a worker starts


REFUSED = ("siebzehn-und-vier: stakes.raise_up_to: edge does not handle raising the stake in "
           "play yet")
"""What the worker says for each analysis of a draft from siebzehn-und-vier (its raise)."""


def _panel(results: dict[str, Any], failures: dict[str, str]) -> tuple[dict[str, Any], str]:
    """The view and the English panel of a draft's job still running its cost steps."""
    from pontoon_rules.workbench.render import render
    from pontoon_rules.workbench.results import analysis_view
    from pontoon_rules.workbench.view import words
    from pontoon_rules.workbench.worker import EDGE_VALUE

    snapshot = {"id": "e1+q1+c1", "status": "running", "step": REALISTIC,
                "steps": [EDGE_VALUE, "base_edge", EDGE, "examples", "strategy", REALISTIC],
                "progress": {}, "partial": {}, "results": results, "failures": failures,
                "version": 5, "why": ""}
    view = analysis_view(snapshot, words("en"))
    return view, render("analysis.html.j2", "en", a=view)


def test_a_part_whose_step_failed_is_final_and_says_nothing_is_coming() -> None:
    """The page draws a final part once: a part whose figures cannot come (its step
    refused the rules) must not say it is working them out while the rest of the job runs,
    and the edge's part waits for the whole result when only its value first failed."""
    from pontoon_rules.workbench.worker import EDGE_VALUE

    failed = (EDGE_VALUE, "base_edge", EDGE, "strategy")
    _view, page = _panel({"examples": []}, dict.fromkeys(failed, REFUSED))
    final = re.findall(r'<section [^>]*id="(wb-[a-z-]+)" data-done="yes">(.*?)</section>', page,
                       flags=re.S)
    assert {part for part, _words in final} == {"wb-edge", "wb-edge-how", "wb-examples",
                                                 "wb-strategy"}
    assert [part for part, words in final if "…" in words] == []  # nothing is coming there
    assert "Could not work out the house edge:" in page  # why, once
    view, _page = _panel({"base_edge": {"house_edge_percent": 0.6646}}, {EDGE_VALUE: REFUSED})
    assert view["done"]["edge"] is False  # the whole result may still bring the figure


def test_the_other_figures_run_below_the_realistic_variations_and_the_edge_above_both(
        ) -> None:
    """The server's workers (`server.workbench_of`): the edge's at the server's priority,
    the realistic variations' lower, the other figures' (the strategy card) lower still,
    so on two cores the card does not take a core from the table's two processes."""
    import os

    from pontoon_rules.workbench.server import FIGURES_NICE, TABLE_NICE, workbench_of
    from pontoon_rules.workbench.starts import Starts

    assert 0 < TABLE_NICE < FIGURES_NICE
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    workbench = workbench_of(Starts(), memory=None)
    try:
        wanted = {"edges": 0, "costs": TABLE_NICE, "jobs": FIGURES_NICE}
        found: dict[str, int] = {}
        end = time.monotonic() + 60
        while found != wanted and time.monotonic() < end:  # each lowers its own at its start
            for name in wanted:
                pid = getattr(workbench, name).worker_pids()[0]
                found[name] = os.getpriority(os.PRIO_PROCESS, pid) - ours if pid else -1
            time.sleep(0.05)
        assert found == wanted
    finally:
        workbench.close()
