"""The house-rule workbench without a browser: controls from the schema, drafts through the
loader, the guards of the web layer, uploads, and analysis jobs (the last change wins)."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from pydantic import Field, StrictBool, create_model

from pontoon_rules.cli import cli
from pontoon_rules.errors import Problem
from pontoon_rules.ruleset.format.fields import leaf_paths, plain
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.play import PlayerOptions
from pontoon_rules.ruleset.format.renamed import SCHEMA_VERSION
from pontoon_rules.ruleset.loading.loader import load_path
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.workbench import controls as wc
from pontoon_rules.workbench.draft import (
    HOUSE_SOURCE,
    bundled_start,
    changes_from,
    evaluate,
    file_start,
    overlay_text,
    ruleset_id,
)
from pontoon_rules.workbench.jobs import CANCELLED, DONE, JobManager
from pontoon_rules.workbench.view import locate, rules_view
from pontoon_rules.workbench.worker import COSTS, EDGE, Job

BASE = "pagat-british"


# -- controls come from the schema ----------------------------------------------------------


def test_every_field_of_the_schema_gets_a_control() -> None:
    found = wc.controls()
    assert list(found) == leaf_paths()
    assert {c.kind for c in found.values()} <= set(wc.KINDS)


def test_controls_follow_types_bounds_and_choices() -> None:
    found = wc.controls()
    stick = found["player.stick_minimum"]
    assert (stick.kind, stick.minimum, stick.maximum) == (wc.INTEGER, 2, 21)
    assert [s.value for s in stick.specials] == [None] and stick.specials[0].label == "none"
    assert "null" not in stick.label
    assert found["settlement.ties"].kind == wc.MENU
    assert [c.value for c in found["settlement.ties"].choices] == ["banker-wins", "push"]
    odds = found["settlement.pays"]
    assert odds.kind == wc.TEXT and "3:2" in odds.examples and odds.pattern
    assert [s.value for s in found["pack.decks"].specials] == ["infinite"]
    # an ace's values are one value or two: written as a short list ([11], [1, 11])
    assert found["pack.ranks"].kind == wc.LIST and found["pack.ace_values"].kind == wc.DATA
    assert found["settlement.outcomes"].kind == wc.DATA
    assert found["between_deals.penetration"].exclusive_minimum


class Surrender(StrEnum):
    EARLY = "early"
    LATE = "late"


def _schema_with_a_new_field() -> dict[str, Any]:
    """The Ruleset's schema with fields nobody wrote page code for (as others add them)."""
    surrender = create_model("SurrenderRule", allowed=(StrictBool, Field(
        description="Whether a player may give up half the stake.")), when=(Surrender, Field(
            description="When surrender is offered.")), refund=(str, Field(
                pattern=r"^[0-9]{1,3}:[1-9][0-9]{0,2}$", examples=["1:2"],
                description="What a surrender gets back.")))
    player = create_model("PlayerWithSurrender", __base__=PlayerOptions,
                          surrender=(surrender, Field(description="Surrender.")))
    extended = create_model("RulesetWithSurrender", __base__=Ruleset,
                            player=(player, Field(description="Your options.")))
    return extended.model_json_schema()


def test_a_newly_added_field_gets_a_control_without_page_code(monkeypatch: Any) -> None:
    schema = _schema_with_a_new_field()
    found = wc.controls(schema)
    assert found["player.surrender.allowed"].kind == wc.SWITCH
    assert [c.value for c in found["player.surrender.when"].choices] == ["early", "late"]
    assert found["player.surrender.refund"].examples == ("1:2",)
    import pontoon_rules.workbench.view as view

    monkeypatch.setattr(view, "controls", lambda words=None: wc.controls(schema, words))
    start = bundled_start(load_bundled(BASE))
    drawn = rules_view(start, {}, evaluate(start, {}, "", Path("/nonexistent")), {}, "en")
    fields = [f for c in drawn["chapters"] for r in c["rules"] for f in r["fields"]]
    paths = [f["path"] for f in fields]
    assert {"player.surrender.allowed", "player.surrender.when"} <= set(paths)
    assert set(paths) == set(found)
    from pontoon_rules.workbench.render import render

    html = render("rules.html.j2", "en", view=drawn)
    assert re.search(r'data-path="player\.surrender\.when"[^>]*>.*?<select name='
                     r'"player\.surrender\.when".*?<option value="late"', html, re.S)


def test_parse_reads_what_the_page_sends_and_leaves_the_rest_to_the_loader() -> None:
    found = wc.controls()
    assert wc.parse(found["player.stick_minimum"], {"v": " 16 ", "s": ""}) == (16, None)
    assert wc.parse(found["player.stick_minimum"], {"v": "16", "s": "0"}) == (None, None)
    assert wc.parse(found["player.stick_minimum"], {"v": "sixteen", "s": ""}) == ("sixteen", None)
    assert wc.parse(found["pack.decks"], {"v": "", "s": "0"}) == ("infinite", None)
    assert wc.parse(found["deal.banker_pontoon_at_once"], {"v": "false"}) == (False, None)
    assert wc.parse(found["pack.ranks"], {"v": ["A", "K"]}) == (["A", "K"], None)
    assert wc.parse(found["pack.ace_values"], {"v": "[1, 11]"}) == ([1, 11], None)
    assert wc.parse(found["pack.ace_values"], {"v": "[11]"}) == ([11], None)
    value, problem = wc.parse(found["settlement.outcomes"], {"v": "[unclosed"})
    assert value is None and problem and "YAML" in problem
    assert wc.parse(found["settlement.outcomes"], {"v": "- {player: total}"})[0] == [
        {"player": "total"}]
    bomb = "a: &a [x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b]\n"
    assert "aliases" in (wc.parse(found["settlement.outcomes"], {"v": bomb})[1] or "")
    too_many = wc.parse(found["pack.ranks"], {"v": ["A"] * 1000})
    assert too_many[0] is None and "too many" in (too_many[1] or "")


# -- drafts are overlay files, loaded by the loader ---------------------------------------------


def test_overlay_holds_only_the_changes_and_loads_as_validate_loads_it(tmp_path: Path) -> None:
    start = bundled_start(load_bundled(BASE))
    changes = changes_from(start, {"player.stick_minimum": 16, "settlement.ties": "banker-wins"})
    assert changes == {"player.stick_minimum": 16}
    assert changes_from(start, {"settlement.outcomes": [], "pack.ranks": [
        r.value for r in load_bundled(BASE).pack.ranks]}) == {}
    text = overlay_text(start, changes, "Our <b>table</b>")
    data = yaml.safe_load(text)
    assert data["extends"] == BASE and data["player"] == {"stick_minimum": 16}
    assert set(data) == {"id", "schema_version", "name", "kind", "extends", "player", "sources",
                         "provenance"}
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["provenance"]["player.stick_minimum"]["source"] == HOUSE_SOURCE
    assert "15" in data["provenance"]["player.stick_minimum"]["note"]
    path = tmp_path / "ours.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_path(path)
    assert loaded.player.stick_minimum == 16 and loaded.name == "Our <b>table</b>"
    assert loaded.sources[HOUSE_SOURCE].title == "House rule, this file"
    assert evaluate(start, changes, "Our <b>table</b>", tmp_path).ruleset == loaded


def test_no_change_is_a_bare_overlay_and_ids_never_repeat_the_base() -> None:
    start = bundled_start(load_bundled(BASE))
    assert "provenance" not in yaml.safe_load(overlay_text(start, {}, "x"))
    assert ruleset_id("Pagat British", load_bundled(BASE)) == "pagat-british-house"
    assert ruleset_id("<script>", load_bundled(BASE)) == "script"
    assert ruleset_id("!!!", load_bundled(BASE)) == "house-rules"


def test_a_house_file_opens_with_its_own_changes_and_provenance(tmp_path: Path) -> None:
    path = tmp_path / "kitchen.yaml"
    path.write_text("""id: kitchen
name: Kitchen table
extends: pagat-british
sources:
  us: {title: Our notebook, language: en}
player:
  stick_minimum: 16
provenance:
  player.stick_minimum: {source: us, quote: sixteen or more, status: stated}
""", encoding="utf-8")
    start = file_start(path, "file", "kitchen.yaml")
    assert start.base.id == BASE and start.changes == {"player.stick_minimum": 16}
    data = yaml.safe_load(overlay_text(start, start.changes, start.default_name))
    assert data["provenance"]["player.stick_minimum"]["quote"] == "sixteen or more"
    assert data["sources"] == {"us": {"title": "Our notebook", "language": "en"}}
    again = yaml.safe_load(overlay_text(start, {"player.stick_minimum": 17}, "k"))
    assert again["provenance"]["player.stick_minimum"]["source"] == HOUSE_SOURCE


def test_problems_point_at_the_controls_they_are_about(tmp_path: Path) -> None:
    start = bundled_start(load_bundled(BASE))
    changes = {"player.stick_minimum": 30, "player.max_cards": 4,
               "pack.ranks": ["A", "7", "8", "9", "T", "J", "Q", "K"],
               "stakes.first_buy_min": 5}
    found = evaluate(start, changes, "x", tmp_path)
    assert found.ruleset is None and len(found.problems) >= 3
    paths = set(wc.controls())
    placed = {p.message: locate(p, paths, list(changes)) for p in found.problems}
    assert placed["expected a number <= 21, got 30"] == ["player.stick_minimum"]
    ranks = next(m for m in placed if m.endswith("are not in pack.ranks"))
    assert "player.split.ranks" in placed[ranks]
    buy = next(m for m in placed if "first_buy_max" in m)
    assert "stakes.first_buy_max" in placed[buy]
    assert locate(Problem("f", 1, 1, "", "something general"), paths, []) == []


# -- the web layer ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from pontoon_rules.workbench.app import create_app
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"))
    with TestClient(create_app(workbench), base_url="http://127.0.0.1:8765",
                    raise_server_exceptions=False) as test_client:
        test_client.workbench = workbench  # type: ignore[attr-defined]
        yield test_client
    workbench.close()


@pytest.fixture(autouse=True)
def _tabs_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test's tabs closed after it, as a page that goes says so (`/api/release`): a
    draft's analysis left running went on beside the module's next tests (its realistic
    variations take a worker ~20 s) until another change to its tab or the module's end."""
    yield
    if "client" in request.fixturenames:
        workbench = request.getfixturevalue("client").workbench
        for tab in TABS:
            for manager in (workbench.edges, workbench.jobs, workbench.costs):
                manager.release(tab)


TABS = ("t", "late")
"""The tabs this module's drafts name (`_draft`'s and the late answers')."""


def _draft(**fields: Any) -> dict[str, Any]:
    return {"tab": "t", "seq": 1, "start": f"bundled:{BASE}", "lang": "en", "name": "Ours",
            "fields": {p: {"v": str(v), "s": ""} for p, v in fields.items()}}


def test_every_response_forbids_inline_script(client: Any) -> None:
    for response in (client.get("/"), client.get("/static/workbench.js"),
                     client.get("/static/nothing.js"), client.post("/api/state", content=b"{")):
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert response.headers["x-content-type-options"] == "nosniff"
    page = client.get("/").text
    assert "<script>" not in page and not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert not re.search(r"\son[a-z]+=", page) and "http://" not in page.split("<body", 1)[1]


def test_other_hosts_and_other_sites_are_refused(client: Any) -> None:
    assert client.get("/", headers={"host": "evil.example:8765"}).status_code == 421
    assert client.get("/", headers={"host": "localhost:8765"}).status_code == 200
    refused = client.post("/api/state", json=_draft(), headers={"origin": "http://evil.example"})
    assert refused.status_code == 403
    cross = client.post("/api/state", json=_draft(), headers={"sec-fetch-site": "cross-site"})
    assert cross.status_code == 403


def test_hosts_allowed_follow_the_host_option() -> None:
    import socket

    from pontoon_rules.workbench.app import allowed_hosts, host_name

    wildcard = allowed_hosts("0.0.0.0")  # this machine's names, never any name at all
    assert {"127.0.0.1", "localhost", "::1", socket.gethostname().lower()} <= wildcard
    assert "evil.example" not in wildcard
    assert allowed_hosts("192.0.2.7") == {"127.0.0.1", "localhost", "::1", "192.0.2.7"}
    assert "pontoon.lan" in allowed_hosts("192.0.2.7", ("Pontoon.lan:8765",))
    assert host_name("[::1]:8765") == "::1" and host_name("Example.org:1") == "example.org"
    from pontoon_rules.workbench.server import exposure

    assert exposure("127.0.0.1", 1) == ""
    assert "anyone who can reach it" in exposure("0.0.0.0", 8765)


def test_requests_larger_than_the_loader_reads_are_refused(client: Any) -> None:
    from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES

    big = b"{" + b" " * (2 * MAX_RULESET_BYTES + 10) + b"}"
    assert client.post("/api/state", content=big).status_code == 413

    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * (MAX_RULESET_BYTES // 16)

    assert client.post("/api/state", content=chunks()).status_code == 413


def test_mistakes_come_back_in_words_never_a_traceback(client: Any) -> None:
    for response in (client.post("/api/state", content=b"not json"),
                     client.post("/api/state", content=b"[" * 200_000 + b"]" * 200_000),
                     client.post("/api/state", json={"start": "/etc/passwd"}),
                     client.post("/api/state", json={"start": "bundled:../../etc/passwd"}),
                     client.get("/api/job/j999999"),
                     client.post("/api/download/yaml", json=_draft(**{
                         "player.stick_minimum": 40}))):
        assert 400 <= response.status_code < 500, response.text
        words = response.json()["error"]
        assert words and "Traceback" not in response.text and "File \"" not in response.text


def test_state_validates_with_the_loaders_messages_at_the_control(client: Any) -> None:
    answer = client.post("/api/state", json=_draft(**{"player.stick_minimum": "sixteen"})).json()
    assert answer["valid"] is False and answer["job"] is None
    field = re.search(r'data-path="player\.stick_minimum".*?</div>\s*(<p class="wb-problem".*?)'
                      r'</div>', answer["rules_html"], re.S)
    assert field and "expected an integer" in field.group(1)
    good = client.post("/api/state", json=_draft(**{"player.stick_minimum": 16})).json()
    assert good["valid"] and good["changed"] == ["player.stick_minimum"] and good["job"]
    assert "was: 15" in good["rules_html"]
    stick = re.search(r'data-rule="your-turn/stick".*?<span class="wb-sentence">([^<]*)<',
                      good["rules_html"], re.S)
    assert stick and re.search(r"\b16\b", stick.group(1))


def test_download_is_the_validated_file_and_validate_accepts_it(client: Any,
                                                               tmp_path: Path) -> None:
    draft = _draft(**{"player.stick_minimum": 16})
    response = client.post("/api/download/yaml", json=draft)
    assert response.status_code == 200 and "ours.yaml" in response.headers["content-disposition"]
    assert response.text == client.post("/api/state", json=draft).json()["overlay"]
    path = tmp_path / "ours.yaml"
    path.write_bytes(response.content)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0 and "ok (ours)" in result.output


def test_uploads_stay_in_the_temporary_folder_under_safe_names(client: Any,
                                                              tmp_path: Path) -> None:
    workbench = client.workbench
    text = (Path(__file__).parent / "rulesets" / "tiny-pagat.yaml").read_bytes()
    response = client.post("/upload", files=[("files", ("../../evil name.yaml", text))],
                           follow_redirects=False)
    assert response.status_code == 303
    key = response.headers["location"].split("start=", 1)[1].replace("%3A", ":")
    start = workbench.starts.get(key)
    assert start is not None and start.folder is not None
    assert start.folder.parent == workbench.starts.folder
    assert [p.name for p in start.folder.iterdir()] == ["evil-name.yaml"]
    outside = client.post("/upload", files=[("files", ("o.yaml", b"id: o\nname: o\n"
                                                        b"extends: ../../x.yaml\n"))])
    assert outside.status_code == 422 and "Traceback" not in outside.text
    assert "refused" in outside.text or "outside" in outside.text or "relative" in outside.text
    assert client.post("/upload", files=[("files", ("a.txt", b"x"))]).status_code == 422
    from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES

    large = client.post("/upload", files=[("files", ("l.yaml", b"#" * (MAX_RULESET_BYTES + 1)))])
    assert large.status_code == 422 and "limited to" in large.text


# -- analysis jobs: a worker process, the last change wins -----------------------------------


def _wait(manager: JobManager, job_id: str, until: Any, seconds: float = 120) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = manager.get(job_id)
        assert found is not None
        if until(found):
            return found
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} never got there: {manager.get(job_id)}")


def test_a_second_change_while_an_analysis_runs_cancels_the_first() -> None:
    base = load_bundled(BASE)
    start = bundled_start(base)
    first = evaluate(start, {"player.stick_minimum": 16}, "a", Path("/nonexistent")).ruleset
    second = evaluate(start, {"player.stick_minimum": 14}, "b", Path("/nonexistent")).ruleset
    assert first is not None and second is not None
    manager = JobManager(1)
    try:
        one = manager.submit("tab", "one", Job(first, base, (EDGE, COSTS)))
        _wait(manager, one, lambda j: EDGE in j["results"] and j["progress"].get(COSTS))
        two = manager.submit("tab", "two", Job(second, base, (EDGE,)))
        cancelled = _wait(manager, one, lambda j: j["status"] == CANCELLED, 30)
        assert COSTS not in cancelled["results"]
        done = _wait(manager, two, lambda j: j["status"] == DONE)
        assert manager.current("tab") == two
        assert done["results"][EDGE]["house_edge_percent"] != \
            cancelled["results"][EDGE]["house_edge_percent"]
    finally:
        manager.close()


def test_tabs_share_a_job_and_a_stuck_worker_is_replaced() -> None:
    base = load_bundled(BASE)
    start = bundled_start(base)
    ruleset = evaluate(start, {"player.stick_minimum": 16}, "a", Path("/nonexistent")).ruleset
    assert ruleset is not None
    manager = JobManager(1, grace=0.0)
    try:
        first = manager.submit("tab-a", "same", Job(ruleset, base, (EDGE, COSTS)))
        assert manager.submit("tab-b", "same", Job(ruleset, base, (EDGE, COSTS))) == first
        _wait(manager, first, lambda j: j["status"] == "running")
        other = manager.submit("tab-a", "other", Job(base, None, (EDGE,)))
        time.sleep(0.5)
        assert manager.get(first)["status"] == "running"  # tab-b still shows it
        pids = manager.worker_pids()
        manager.release("tab-b")  # no tab shows it: cancelled, and killed at once (grace 0)
        _wait(manager, first, lambda j: j["status"] == CANCELLED, 30)
        finished = _wait(manager, other, lambda j: j["status"] == DONE)
        assert finished["results"][EDGE]["house_edge_percent"] == pytest.approx(0.6646, abs=1e-4)
        assert manager.worker_pids() != pids
    finally:
        manager.close()


def test_the_page_shows_the_figure_the_edge_command_prints(client: Any, tmp_path: Path) -> None:
    draft = _draft(**{"player.stick_minimum": 16})
    job_id = client.post("/api/state", json=draft).json()["job"]
    found: dict[str, Any] = {}
    end = time.monotonic() + 120
    while time.monotonic() < end and not (found.get("edge") and
                                          'class="wb-example"' in found.get("html", "")):
        found = client.get(f"/api/job/{job_id}?tab=t&lang=en").json()
        time.sleep(0.2)
    path = tmp_path / "ours.yaml"
    path.write_bytes(client.post("/api/download/yaml", json=draft).content)
    printed = CliRunner().invoke(cli, ["edge", str(path), "--json"])
    edge = json.loads(printed.output[printed.output.index("{"):])["house_edge_percent"]
    assert found["edge"] == f"{edge:.4f}%"
    assert 'id="wb-examples"' in found["html"]
    headings = re.findall(r"<h3>([^<]*)</h3>", found["html"])
    assert headings and not any("null" in h for h in headings)


def test_the_sheet_comes_in_every_catalog_language(client: Any, tmp_path: Path) -> None:
    import pypdf

    from pontoon_rules.docs.words.i18n import LANGUAGES

    for lang in LANGUAGES:
        response = client.post("/api/download/pdf", json={
            **_draft(**{"player.stick_minimum": 16}), "lang": lang})
        assert response.status_code == 200 and response.content.startswith(b"%PDF")
        path = tmp_path / f"sheet-{lang}.pdf"
        path.write_bytes(response.content)
        assert 1 <= len(pypdf.PdfReader(path).pages) <= 2, lang  # 2: every example kept


def test_the_command_refuses_a_bad_file_and_a_taken_port(tmp_path: Path, capsys: Any) -> None:
    from pontoon_rules.cli.errors import run_with_errors

    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nname: Bad\nextends: pagat-british\nplayer:\n  stick_minimum: 99\n",
                   encoding="utf-8")
    assert run_with_errors(cli, ["workbench", str(bad), "--no-browser"]) == 2
    assert "player.stick_minimum: expected a number <= 21, got 99" in capsys.readouterr().err
    from pontoon_rules.workbench.server import ServerError, bind

    taken = bind("127.0.0.1", 0)
    try:
        with pytest.raises(ServerError, match="in use"):
            bind("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()


def test_a_rule_the_analysis_does_not_handle_is_said_in_words(client: Any) -> None:
    draft = {**_draft(), "start": "bundled:blackjack-reference",
             "fields": {"player.surrender.allowed": {"v": "true", "s": ""},
                        "player.surrender.after_split": {"v": "true", "s": ""}}}
    answer = client.post("/api/state", json=draft).json()
    assert answer["valid"] and sorted(answer["changed"]) == [
        "player.surrender.after_split", "player.surrender.allowed"]
    found: dict[str, Any] = {}
    end = time.monotonic() + 120
    while time.monotonic() < end and not found.get("final"):
        found = client.get(f"/api/job/{answer['job']}?tab=t&lang=en").json()
        time.sleep(0.2)
    assert found["final"] and found["edge"] is None
    assert "Could not work out the house edge:" in found["html"]
    assert "surrender beyond the dealt hand" in found["html"]
    assert "Traceback" not in found["html"]


def test_renaming_a_draft_keeps_its_cost_table_running(client: Any) -> None:
    first = client.post("/api/state", json=_draft(**{"player.stick_minimum": 17})).json()
    renamed = client.post("/api/state", json={**_draft(**{"player.stick_minimum": 17}),
                                               "name": "Another name"}).json()
    assert first["job"].split("+")[-1] == renamed["job"].split("+")[-1]
    assert first["job"].split("+")[0] != renamed["job"].split("+")[0]


def test_without_realistic_a_draft_works_out_no_realistic_variations(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """`workbench --no-realistic`: a draft's cost job has no realistic step (every rule
    asked: the exhaustive table alone) and its panel no such section; the default has both."""
    from starlette.testclient import TestClient

    from pontoon_rules.cli.errors import run_with_errors
    from pontoon_rules.workbench import server
    from pontoon_rules.workbench.app import create_app
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts
    from pontoon_rules.workbench.worker import REALISTIC

    asked: list[Any] = []
    monkeypatch.setattr(server, "serve", lambda *a, **k: asked.append(k["realistic"]))
    for flags, realistic in (([], True), (["--no-realistic"], False)):
        assert run_with_errors(cli, ["workbench", "--no-browser", *flags]) == 0
        assert asked.pop() is realistic
    draft = _draft(**{"player.stick_minimum": 13})
    shown = client.post("/api/state", json=draft).json()["job"]
    assert 'id="wb-realistic"' in client.get(f"/api/job/{shown}?tab=t&lang=en").json()["html"]
    assert client.workbench.costs.get(shown.split("+")[-1])["steps"] == [REALISTIC]
    without = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"),
                        realistic=False)
    with TestClient(create_app(without), base_url="http://127.0.0.1:8765") as bare:
        for every_rule, steps in ((False, []), (True, [COSTS])):
            job = bare.post("/api/state", json={**draft, "every_rule": every_rule}).json()["job"]
            assert without.costs.get(job.split("+")[-1])["steps"] == steps
            answer = bare.get(f"/api/job/{job}?tab=t&lang=en").json()
            assert answer["html"] and 'id="wb-realistic"' not in answer["html"]
        for manager in (without.edges, without.jobs, without.costs):
            manager.release("t")
    without.close()


def test_a_try_button_sets_a_value_as_the_cost_table_gives_it(client: Any) -> None:
    answer = client.post("/api/state", json={**_draft(), "set": {
        "settlement.ties": "push", "no.such.field": 1}}).json()
    assert answer["valid"] and answer["changed"] == ["settlement.ties"]
    assert yaml.safe_load(answer["overlay"])["settlement"] == {"ties": "push"}


def test_a_yaml_slip_keeps_what_was_typed_and_its_download_is_refused(client: Any) -> None:
    typed = "- name: five-card trick\n  pays: [3, 1\n"  # an unclosed bracket
    draft = _draft(**{"hands.definitions": typed})
    answer = client.post("/api/state", json=draft).json()
    assert answer["valid"] is False and answer["job"] is None
    box = re.search(r'<textarea name="hands\.definitions"[^>]*>(.*?)</textarea>(.*?)</div>\s*'
                    r'(<p class="wb-problem".*?)</div>', answer["rules_html"], re.S)
    assert box, "the named-hands box is not drawn with its problem"
    assert html.unescape(box.group(1)) == typed  # the user's text, not the base's
    assert "cannot read this as YAML" in box.group(3)
    refused = client.post("/api/download/yaml", json=draft)
    assert refused.status_code == 400 and "content-disposition" not in refused.headers
    said = refused.json()
    assert "nothing was downloaded" in said["error"]
    assert any(p.startswith("hands.definitions: cannot read this as YAML")
               for p in said["problems"])
    assert client.post("/api/download/pdf", json=draft).status_code == 400


def test_a_changed_structure_is_said_in_words_beside_it_and_in_the_file(client: Any) -> None:
    from pontoon_rules.ruleset.loading.registry import load_bundled

    hands = plain(load_bundled(BASE).hands.definitions)
    hands["five-card-trick"]["name"] = "Five-card trick, ours"
    draft = _draft()
    draft["fields"]["hands.definitions"] = {"v": yaml.safe_dump(hands), "s": ""}
    answer = client.post("/api/state", json=draft).json()
    assert answer["valid"] and "hands.definitions" in answer["changed"]
    was = re.search(r'data-path="hands\.definitions".*?<span class="wb-was">([^<]*)<',
                    answer["rules_html"], re.S)
    assert was and html.unescape(was.group(1)) == "was: pontoon, five-card trick, twenty-one"
    note = yaml.safe_load(answer["overlay"])["provenance"]["hands.definitions"]["note"]
    assert note == f"A house rule: {BASE} has pontoon, five-card trick, twenty-one."
    assert "{'" not in answer["overlay"] and "'" not in note


def test_an_older_change_answered_late_never_replaces_the_newer_ones_analysis(
        client: Any) -> None:
    newer = {**_draft(**{"player.stick_minimum": 16}), "tab": "late", "seq": 5}
    older = {**_draft(**{"player.stick_minimum": 17}), "tab": "late", "seq": 4}
    bad = {**_draft(**{"player.stick_minimum": "x"}), "tab": "late", "seq": 3}
    first = client.post("/api/state", json=newer).json()
    managers = (client.workbench.edges, client.workbench.jobs, client.workbench.costs)
    for late in (older, bad):  # sent before, answered after (requests run in parallel)
        answer = client.post("/api/state", json=late).json()
        assert answer["stale"] is True and answer["job"] is None
        assert [m.current("late") for m in managers] == first["job"].split("+")
    again = client.post("/api/state", json={**newer, "seq": 6}).json()
    assert again["job"] == first["job"] and "stale" not in again
