"""Issue 51: a change's whole edge and strategy card from one solve; the workbench's words
in the page's language where they came from elsewhere (the guards' refusals, PyYAML's
reader problems); a draft that crosses a language switch where the browser keeps nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from test_workbench_browser import browser, chromium  # noqa: F401 - the browser tests' fixtures
from test_workbench_jobs import _Collected

from pontoon_rules.workbench.jobs import JobManager

BASE = "bundled:pagat-british"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from pontoon_rules.workbench.app import create_app
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"))
    with TestClient(create_app(workbench), base_url="http://127.0.0.1:8765",
                    raise_server_exceptions=False) as test_client:
        yield test_client
    workbench.close()


def _draft(fields: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"tab": "words51", "start": BASE, "lang": "ru", "name": "",
            "fields": fields or {}, "set": {}}


def test_the_guards_refuse_in_the_page_language(client: Any) -> None:
    from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES

    host = client.get("/?lang=ru", headers={"host": "evil.example:8765"})
    assert host.status_code == 421
    assert host.text.startswith("Мастерская отвечает только по адресу")
    assert "--allow-host" in host.text
    english = client.get("/", headers={"host": "evil.example:8765"})
    assert english.text.startswith("This workbench answers only at the address")
    cross = client.post("/api/state?lang=ru", json=_draft(),
                        headers={"sec-fetch-site": "cross-site"})
    assert (cross.status_code, cross.text) == (
        403, "Отказано: этот запрос пришёл с другого сайта.\n")
    origin = client.post("/api/state?lang=ru", json=_draft(),
                         headers={"origin": "http://evil.example"})
    assert origin.status_code == 403 and "его источник" in origin.text
    big = b"{" + b" " * (2 * MAX_RULESET_BYTES + 10) + b"}"
    large = client.post("/api/state?lang=ru", content=big)
    assert large.status_code == 413 and large.text.startswith("Отказано: запрос больше ")
    assert "КиБ" in large.text

    def chunks() -> Iterator[bytes]:  # no length said: refused as it arrives
        for _ in range(40):
            yield b" " * (MAX_RULESET_BYTES // 16)

    streamed = client.post("/api/state?lang=ru", content=chunks())
    assert streamed.status_code == 413 and "КиБ" in streamed.text


SLIPS = {"a: b: c": "mapping values are not allowed here",
         "a: [1, 2": None, "a:\n\tb: 1": None, "- a\nb: 1": None, "{a: 1": None,
         'a: "\\q"': None, "x\x00": None, "a: 1\n---\nb: 2": None}
"""YAML slips a person makes (one with PyYAML's own words for it)."""


@pytest.mark.parametrize("raw", list(SLIPS))
def test_pyyaml_problems_are_said_in_russian_keeping_line_and_column(raw: str) -> None:
    from test_workbench_language import english_words

    from pontoon_rules.workbench.controls import _yaml_value

    value, problem = _yaml_value(raw, "ru")
    assert value is None and problem is not None
    assert problem.startswith("не удаётся прочитать это как YAML")
    assert english_words(problem, ("YAML",)) == [], problem  # no English word of PyYAML's
    try:
        yaml.safe_load(raw)
    except yaml.MarkedYAMLError as error:
        assert error.problem_mark is not None
        assert (f"(строка {error.problem_mark.line + 1}, столбец "
                f"{error.problem_mark.column + 1})") in problem
    except yaml.YAMLError:
        pass  # a reader error: no line and column
    if SLIPS[raw]:
        assert SLIPS[raw] not in problem
        assert "ключ: значение" in problem


def test_a_character_yaml_does_not_allow_is_placed_by_line_and_column() -> None:
    """PyYAML's reader gives no mark for it, only a position in the text: the page says
    its line and column as for any other slip (a Windows line break counted once)."""
    from pontoon_rules.workbench.controls import _yaml_value

    for raw in ("a: 1\nb: x\x00", "a: 1\r\nb: x\x07"):
        assert _yaml_value(raw, "en")[1] == (
            "cannot read this as YAML (line 2, column 5): this text has characters YAML does "
            "not allow (control characters)")
    assert "(строка 1, столбец 2)" in (_yaml_value("x\x00", "ru")[1] or "")


def test_a_problem_pyyaml_words_that_the_table_lacks_is_its_english_quoted() -> None:
    from pontoon_rules.workbench.yamlwords import problem_words

    said = problem_words("found undefined tag handle '!x!'", "ru")
    assert said == "PyYAML сообщает (по-английски): «found undefined tag handle '!x!'»"
    assert problem_words("found undefined tag handle '!x!'", "en") == (
        "PyYAML says “found undefined tag handle '!x!'”")


def test_every_pyyaml_phrase_of_the_table_is_translated_and_real() -> None:
    """Each entry is a problem as PyYAML's source words it, and the Russian
    catalog translates every one (the patterns' places kept)."""
    import inspect
    import re

    from pontoon_rules.workbench.render import in_words
    from pontoon_rules.workbench.yamlwords import PATTERNS, PROBLEMS

    source = "".join(inspect.getsource(m) for m in (yaml.scanner, yaml.parser, yaml.reader,
                                                           yaml.composer))
    for problem, message in PROBLEMS.items():
        assert f'"{problem}"' in source, problem
        assert in_words("ru", message) != message, message
    for pattern, message in PATTERNS:
        places = dict.fromkeys(pattern.groupindex, "'x'")
        assert in_words("ru", message, **places) != message % places, message
        assert re.findall(r"%\(\w+\)s", message) == [f"%({p})s" for p in pattern.groupindex]


def test_a_yaml_slip_in_a_box_is_said_in_russian_on_the_russian_page(client: Any) -> None:
    from pontoon_rules.workbench.view import HANDS

    answer = client.post("/api/state?lang=ru", json=_draft(
        {HANDS: {"v": "- id: five-card-trick\n  cards: [1, 2\n", "s": ""}})).json()
    assert answer["valid"] is False and answer["job"] is None
    assert "не удаётся прочитать это как YAML (строка 3, столбец 1)" in answer["rules_html"]
    assert "в списке в «[ ]» нужны запятые" in answer["rules_html"]
    assert "expected" not in answer["rules_html"]


BLOCKED_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("storage is blocked", "SecurityError"); },
});
"""
"""An init script: the page's storage throws, as in a browser that keeps nothing."""


def test_the_language_switch_keeps_the_draft_where_the_browser_keeps_nothing(
        browser: Any, served: str) -> None:  # noqa: F811 - the fixtures imported above
    from test_workbench_browser import _field, _ready, _stick_changed

    browser.add_init_script(BLOCKED_STORAGE)
    tab, errors, _stick = _stick_changed(served, browser, "16")
    assert tab.evaluate("() => { try { localStorage; return false; } catch (e) { "
                        "return true; } }")
    tab.select_option("#wb-lang", "ru")
    tab.wait_for_selector("h1:has-text('Мастерская домашних правил')")
    _ready(tab)
    stick = _field(tab, "player.stick_minimum").locator("input[data-role=value]")
    assert stick.input_value() == "16"  # carried by the address, not the storage
    assert "#" not in tab.url  # the draft taken out of the address once read
    tab.wait_for_selector("#wb-edge[data-done='yes'] #wb-edge-change")
    assert errors == []


def test_a_changes_whole_edge_and_strategy_card_solve_the_round_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The other figures' job works out the whole edge, then the strategy card from the
    round that solve left (`worker.SOLVED`), not a second solve; the figures are those of
    `edge` and `strategy` on their own."""
    from pontoon_rules.analysis.composition import compiled
    from pontoon_rules.analysis.edge import house_edge
    from pontoon_rules.analysis.present.chart import strategy_chart
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.loading.registry import load_bundled
    from pontoon_rules.workbench import service, worker

    assert worker.EDGE not in service.DRAFT_EDGE_STEPS  # the edge's own worker: the value
    for steps in (service.DRAFT_STEPS, service.BASE_STEPS):
        assert steps.index(worker.EDGE) < steps.index(worker.STRATEGY)
    monkeypatch.setattr(worker, "EDGE_MEMO", {})
    monkeypatch.setattr(worker, "SOLVED", {})
    solves: list[int] = []
    real = compiled.solve
    monkeypatch.setattr(compiled, "solve", lambda *a, **k: solves.append(1) or real(*a, **k))
    base = load_bundled("pagat-british")
    stick = base.model_copy(update={"id": "stick-16", "player": base.player.model_copy(
        update={"stick_minimum": 16})})
    outbox = _Collected()
    worker.run_job(worker.Job(stick, base, (worker.EDGE, worker.STRATEGY)), outbox)
    results = {m[1]: m[2] for m in outbox.sent if m[0] == "result"}
    assert set(results) == {worker.EDGE, worker.STRATEGY} and len(solves) == 1
    assert worker.SOLVED == {}  # the model given up once the card is drawn
    alone = house_edge(compile_rules(stick)).to_json()
    assert {**results[worker.EDGE], "seconds": 0} == {**alone, "seconds": 0}
    assert results[worker.STRATEGY] == strategy_chart(compile_rules(stick)).to_json()
    assert len(solves) == 3  # each alone solves it again


def test_the_strategy_card_is_sent_before_the_edge_of_each_band_of_stakes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where named hands hold by the stake, each band's edge is a solve of its own: the
    whole edge and the strategy card come from the first solve and are sent before them
    (`worker.BANDS`, last); the bands are those `edge` prints, and the panel draws the
    edge's details once, with them."""
    from pathlib import Path

    from pontoon_rules.analysis.composition import compiled
    from pontoon_rules.analysis.edge import house_edge
    from pontoon_rules.analysis.present.bands import with_bands
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.workbench import results as panel
    from pontoon_rules.workbench import service, worker

    for steps in (service.DRAFT_STEPS, service.BASE_STEPS):
        assert steps[-2:] == (worker.STRATEGY, worker.BANDS)
    monkeypatch.setattr(worker, "EDGE_MEMO", {})
    monkeypatch.setattr(worker, "SOLVED", {})
    outbox = _Collected()
    real = compiled.solve
    monkeypatch.setattr(compiled, "solve",
                        lambda *a, **k: outbox.sent.append(("solve",)) or real(*a, **k))
    tiny = load_ruleset(Path(__file__).parent / "rulesets" / "tiny-up-card.yaml")
    worker.run_job(worker.Job(tiny, None, service.BASE_STEPS), outbox)
    said = [m[1] if m[0] == "result" else m[0] for m in outbox.sent
            if m[0] in ("result", "solve")]
    card = said.index(worker.STRATEGY)
    assert said[card:].count("solve") >= 2 and said[-1] == worker.BANDS  # two more bands
    assert set(said[:card]) == {"solve", worker.EDGE}  # the first solve's groups only
    results = {m[1]: m[2] for m in outbox.sent if m[0] == "result"}
    assert results[worker.EDGE]["stake_bands"] is None
    whole = with_bands(house_edge(compile_rules(tiny)), compile_rules(tiny)).to_json()
    assert len(whole["stake_bands"]) == 2
    assert results[worker.BANDS] == {"stake_bands": whole["stake_bands"]}
    snapshot = {"results": results, "failures": {}, "steps": list(service.BASE_STEPS),
                "status": "running", "id": "j", "partial": {}, "step": worker.BANDS,
                "progress": {}}
    early = {**snapshot, "results": {k: v for k, v in results.items() if k != worker.BANDS}}
    assert not panel.analysis_view(early, str)["done"]["edge_how"]
    view = panel.analysis_view(snapshot, str)
    assert view["done"]["edge_how"] and "1000" in view["edge"]["bands"]


LEFT_OUT = "The draft in this page's address was left out"
"""What the page says beside the language menu of an address's draft it did not read."""


def _opened(context: Any, url: str, max_state: int | None = None) -> tuple[Any, list[str]]:
    """A new tab at `url` (with `max_state`: the page's `data-max-state` made that), its
    rules drawn; its page and console errors."""
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    if max_state is not None:
        def smaller(route: Any) -> None:
            page = route.fetch()
            route.fulfill(response=page, body=page.text().replace(
                'data-max-state="', f'data-max-state="{max_state}" data-was="'))
        tab.route(url.split("#")[0], smaller)
    tab.goto(url)
    tab.wait_for_selector("#wb[data-state='ready']", timeout=60_000)
    return tab, errors


def test_an_address_draft_never_replaces_the_kept_one_and_a_bad_one_is_said(
        browser: Any, served: str) -> None:  # noqa: F811 - the fixtures imported above
    """A link from elsewhere (`#draft=`) must not overwrite the draft this browser keeps;
    one damaged, not a draft, for other rules or longer than the page reads is left out,
    said beside the language menu, the kept draft shown as it was."""
    import json
    from urllib.parse import quote

    from test_workbench_browser import _field, _stick_changed

    tab, errors, _stick = _stick_changed(served, browser, "16")  # kept in this browser
    start = tab.get_attribute("#wb", "data-start")
    key = f"pontoon-rules-workbench:{start}"

    def carrying(value: str, start: str | None = start) -> str:
        return served + "#draft=" + quote(json.dumps({
            "start": start, "lang": "en", "name": "", "set": {},
            "fields": {"player.stick_minimum": {"v": value, "s": ""}}}))

    cases = [(carrying("17"), None, ""),  # a draft, not read: the kept one comes first
             (served + "#draft=%E0%A4%A", None, LEFT_OUT),  # not an address's text
             (served + "#draft=" + quote("[1, 2]"), None, LEFT_OUT),  # not a draft
             (carrying("17", "bundled:vingt-un"), None, LEFT_OUT),  # another start's
             (carrying("17"), 40, LEFT_OUT)]  # longer than the page reads (3 × 40)
    for url, max_state, said in cases:
        page, page_errors = _opened(browser, url, max_state)
        stick = _field(page, "player.stick_minimum").locator("input[data-role=value]")
        assert stick.input_value() == "16", url  # the kept draft, as it was
        assert (page.text_content("#wb-carried") or "").startswith(said), url
        assert "#" not in page.url
        kept = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(key)})"))
        assert kept["fields"]["player.stick_minimum"]["v"] == "16", url
        assert page_errors == [], url
        page.close()
    assert errors == []
