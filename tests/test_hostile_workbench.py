"""The workbench under a hostile client (issue 46 item 2): DNS rebinding on a wildcard bind,
origins on another port, floods of analyses, half-sent requests, a worker's memory,
requests that used to print tracebacks, and uploads that shared one name.

The web layer runs under Starlette's TestClient with `raise_server_exceptions=True`: an
exception that escapes the application is what uvicorn prints as a traceback, so a
test that passes through it proves nothing reached the terminal but a line. The read
deadline runs against a real uvicorn on 127.0.0.1 (a random port, a one-second
deadline).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.workbench.draft import bundled_start, evaluate
from pontoon_rules.workbench.jobs import CANCELLED, CANCELLING, BusyError, JobManager
from pontoon_rules.workbench.worker import COSTS, EDGE, Job

BASE = "pagat-british"


def _client(workbench: Any, host: str = "127.0.0.1", allow: tuple[str, ...] = (),
            base_url: str = "http://127.0.0.1:8765") -> Any:
    from starlette.testclient import TestClient

    from pontoon_rules.workbench.app import create_app

    return TestClient(create_app(workbench, host, "", allow), base_url=base_url,
                      raise_server_exceptions=True)


@pytest.fixture(scope="module")
def workbench() -> Iterator[Any]:
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    found = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"))
    yield found
    found.close()


def _draft(tab: str = "t", **fields: Any) -> dict[str, Any]:
    return {"tab": tab, "seq": 1, "start": f"bundled:{BASE}", "lang": "en", "name": "Ours",
            "fields": {p: {"v": str(v), "s": ""} for p, v in fields.items()}}


def _changed(**changes: Any) -> Any:
    ruleset = evaluate(bundled_start(load_bundled(BASE)), changes, "x",
                       Path("/nonexistent")).ruleset
    assert ruleset is not None
    return ruleset


# -- DNS rebinding and other origins ------------------------------------------------------------


@pytest.mark.parametrize("wildcard", ["0.0.0.0", "::"])
def test_a_wildcard_bind_answers_only_to_this_machines_names(workbench: Any,
                                                            wildcard: str) -> None:
    client = _client(workbench, wildcard, ("pontoon.lan",),
                     base_url="http://192.0.2.9:8765")
    for host in ("evil.example:8765", "evil.example", "127.0.0.1.evil.example:8765", ""):
        refused = client.get("/favicon.ico", headers={"host": host})
        assert refused.status_code == 421, host
        assert "--allow-host" in refused.text
    for host in ("127.0.0.1:8765", "localhost:8765", "[::1]:8765", "pontoon.lan:8765",
                 "192.0.2.9:8765",  # the address the request arrived at
                 f"{socket.gethostname()}:8765"):
        assert client.get("/favicon.ico", headers={"host": host}).status_code == 204, host
    mapped = _client(workbench, wildcard, base_url="http://[::ffff:192.0.2.9]:8765")
    assert mapped.get("/favicon.ico", headers={"host": "192.0.2.9:8765"}).status_code == 204


def test_an_origin_is_compared_with_the_host_including_its_port(workbench: Any) -> None:
    client = _client(workbench)
    for origin in ("http://127.0.0.1:9999", "http://127.0.0.1", "https://127.0.0.1:8765",
                   "http://localhost:8765", "null", "http://evil.example:8765"):
        for route in ("/api/state", "/api/release"):  # a closed page's beacon too
            refused = client.post(route, content=b"{", headers={"origin": origin})
            assert refused.status_code == 403, (route, origin)
    for route in ("/api/state", "/api/release"):
        same = client.post(route, content=b"{", headers={"origin": "http://127.0.0.1:8765"})
        assert same.status_code == 400 and "JSON" in same.json()["error"]


# -- floods ---------------------------------------------------------------------------------


def test_waiting_analyses_are_bounded_and_silent_pages_dropped() -> None:
    job = Job(_changed(**{"player.stick_minimum": 16}), None, (COSTS,))  # a minute each
    manager = JobManager(1, max_queued=3, idle=3.0, quiet=60, grace=0.0)
    try:
        ids = [manager.submit(f"tab{i}", f"k{i}", job) for i in range(4)]  # 1 runs, 3 wait
        with pytest.raises(BusyError, match=r"3 analyses are waiting already \(at most 3\)"):
            manager.submit("flood", "k-flood", job)
        assert manager.waiting() == 3
        replaced = manager.submit("tab3", "k3-changed", job)  # its own waiting job goes
        assert manager.get(ids[3])["status"] == CANCELLED and manager.waiting() == 3
        end = time.monotonic() + 20
        silent = ("tab0", "tab2", "tab3")
        while time.monotonic() < end and any(manager.current(t) for t in silent):
            manager.touch("tab1")  # the one page still asking about its analysis
            time.sleep(0.1)
        assert not any(manager.current(t) for t in silent)
        assert manager.current("tab1") == ids[1] and manager.waiting() <= 1
        assert manager.get(ids[1])["status"] in ("queued", "running")
        for dropped in (manager.get(ids[0]), manager.get(ids[2]), manager.get(replaced)):
            assert dropped["status"] in (CANCELLING, CANCELLED), dropped  # killed: grace 0
            assert "no page asked about it for 3 seconds" in dropped["why"]
        manager.submit("late", "k-late", job)  # room again
    finally:
        manager.close()


def test_a_waiting_job_nobody_asks_about_gives_way_in_a_full_queue() -> None:
    job = Job(_changed(**{"player.stick_minimum": 16}), None, (COSTS,))
    manager = JobManager(1, max_queued=2, quiet=0.5, grace=0.0)
    try:
        for i in range(3):  # one runs, two wait
            manager.submit(f"tab{i}", f"k{i}", job)
        end = time.monotonic() + 0.8
        while time.monotonic() < end:
            manager.touch("tab2")
            time.sleep(0.1)
        waited = manager.current("tab1")
        new = manager.submit("new", "k-new", job)  # tab1's page stopped asking: it goes
        assert manager.current("tab1") is None and manager.current("new") == new
        assert "newer pages needed its place" in manager.get(waited)["why"]
        manager.touch("tab2")
        with pytest.raises(BusyError):  # the others asked since: nobody gives way
            manager.submit("newer", "k-newer", job)
    finally:
        manager.close()


def test_the_tabs_followed_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.workbench import jobs

    monkeypatch.setattr(jobs, "MAX_TABS", 3)
    job = Job(_changed(**{"player.stick_minimum": 16}), None, (COSTS,))
    manager = JobManager(1, grace=0.0)
    try:
        first = manager.submit("a", "k-a", job)
        for tab in ("b", "c", "a", "d"):  # a asked again since: b is the longest silent
            manager.submit(tab, f"k-{tab}", job)
        assert [manager.current(t) is not None for t in "abcd"] == [True, False, True, True]
        assert manager.current("a") == first and manager.get(first)["status"] == "running"
        assert manager.waiting() == 2  # c's and d's: b's went with b
    finally:
        manager.close()


def test_a_flood_of_tabs_gets_429_in_words_and_the_page_says_it() -> None:
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    busy = Workbench(Starts(), JobManager(1, prefix="q"),
                     JobManager(1, prefix="c", max_queued=1, quiet=600, grace=0.0))
    busy.costs.gate = None  # tables start at once, not after the edge: one may wait, not two
    try:
        client = _client(busy)
        answers = [client.post("/api/state", json=_draft(f"flood{i}", **{
            "player.stick_minimum": 14 + i})) for i in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 429]
        words = answers[2].json()["error"]
        assert words.startswith("The workbench is busy:") and "try again" in words
        assert busy.jobs.current("flood2") is None  # no quick figures without the table
        assert busy.edges.current("flood2") is None
    finally:
        busy.close()


# -- half-sent requests ---------------------------------------------------------------------


@pytest.fixture()
def served(workbench: Any) -> Iterator[tuple[str, int]]:
    """The real server (uvicorn with the workbench's protocol): a one-second read
    deadline, four connections at most."""
    from pontoon_rules.workbench.app import create_app
    from pontoon_rules.workbench.server import bind, make_server

    sock = bind("127.0.0.1", 0)
    server = make_server(create_app(workbench), read_timeout=1.0, max_connections=4)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    end = time.monotonic() + 10
    while not server.started and time.monotonic() < end:
        time.sleep(0.05)
    try:
        yield "127.0.0.1", sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def _closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closes `conn` within `seconds` (reading whatever it sends)."""
    conn.settimeout(seconds)
    try:
        while conn.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_half_sent_request_is_not_held(served: tuple[str, int]) -> None:
    halves = [b"", b"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
              b"POST /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"a\""]
    conns = []
    for half in halves:
        conn = socket.create_connection(served, timeout=5)
        conn.sendall(half)
        conns.append(conn)
    try:
        started = time.monotonic()
        assert all(_closed_within(conn, 4) for conn in conns)
        assert time.monotonic() - started < 4
        with socket.create_connection(served, timeout=5) as whole:
            whole.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert whole.recv(4096).startswith(b"HTTP/1.1 204")
    finally:
        for conn in conns:
            conn.close()


def test_connections_beyond_the_cap_are_closed_at_once(served: tuple[str, int]) -> None:
    held = [socket.create_connection(served, timeout=5) for _ in range(4)]
    try:
        time.sleep(0.3)  # accepted by the server
        with socket.create_connection(served, timeout=5) as extra:
            assert _closed_within(extra, 0.7)  # well before the one-second deadline
    finally:
        for conn in held:
            conn.close()


# -- memory ---------------------------------------------------------------------------------


def test_an_analysis_too_large_for_the_workers_memory_says_so() -> None:
    manager = JobManager(1, memory=400 << 20)  # the analysis below needs ~750 MB of it
    try:
        pids = manager.worker_pids()
        job_id = manager.submit("t", "k", Job(_changed(**{"player.max_cards": None}), None,
                                              (EDGE,)))
        end = time.monotonic() + 120
        while time.monotonic() < end and manager.get(job_id)["status"] != "done":
            time.sleep(0.2)
        found = manager.get(job_id)
        assert found["status"] == "done" and EDGE not in found["results"]
        assert found["failures"][EDGE].startswith(
            "this analysis needs more than 400 MiB of memory, the limit of each analysis "
            "process (start the workbench with --memory")
        assert manager.worker_pids() == pids  # the process lives on for the next change
    finally:
        manager.close()


# -- never a traceback ----------------------------------------------------------------------


def test_bad_polls_and_deep_drafts_are_400_in_words(workbench: Any,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    client = _client(workbench)
    job_id = client.post("/api/state", json=_draft()).json()["job"]
    for since in ("²", "-1", "1e3", "١٢", "9" * 40):
        answer = client.get(f"/api/job/{job_id}", params={"tab": "t", "since": since})
        assert answer.status_code == 400 and "since=" in answer.json()["error"], since
    assert client.get(f"/api/job/{job_id}", params={"tab": "t", "since": "7"}).status_code == 200
    deep = "[" * 900 + "]" * 900
    body = '{"start": "bundled:' + BASE + '", "set": {"settlement.outcomes": ' + deep + "}}"
    nested = client.post("/api/state", content=body.encode())
    assert nested.status_code == 400 and "levels deep" in nested.json()["error"]
    as_yaml = client.post("/api/state", json={**_draft(), "fields": {
        "settlement.outcomes": {"v": deep, "s": ""}}})
    assert as_yaml.status_code == 200 and not as_yaml.json()["valid"]
    assert "nested too deeply" in as_yaml.json()["rules_html"]
    assert "Traceback" not in capsys.readouterr().err


def test_an_unexpected_error_is_one_line_never_a_traceback(
        workbench: Any, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("something inside broke")

    monkeypatch.setattr(workbench, "job", broken)
    answer = _client(workbench).get("/api/job/q1", params={"tab": "t"})
    assert answer.status_code == 500 and "RuntimeError" in answer.json()["error"]
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "workbench: GET /api/job/q1: RuntimeError: something inside broke"]


# -- uploads ----------------------------------------------------------------------------------


def test_two_uploads_with_one_name_are_refused_not_overwritten(workbench: Any) -> None:
    text = (Path(__file__).parent / "rulesets" / "tiny-pagat.yaml").read_bytes()
    client = _client(workbench)
    before = sorted(workbench.starts.folder.iterdir())
    for names in (("ours.yaml", "ours.yaml"), ("our rules.yaml", "our-rules.yaml"),
                  ("a/Ours.yaml", "b/ours.yaml")):
        answer = client.post("/upload", files=[("files", (names[0], text)),
                                               ("files", (names[1], b"id: other\n"))])
        assert answer.status_code == 422, names
        assert "two files are named" in answer.text and "rename one" in answer.text
    assert sorted(workbench.starts.folder.iterdir()) == before  # nothing written
