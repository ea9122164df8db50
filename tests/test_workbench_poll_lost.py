"""A poll the page gives up on (the server unreachable through every retry, or a job it no
longer knows: a 400 at once) is said in the panel in the page's language, with a button that
asks again; the rules and what was typed stay as they are (issue 51's leftover: the panel
showed nothing new for ever)."""

from __future__ import annotations

import json
from typing import Any

from test_workbench_browser import _field, _ready, browser, chromium  # noqa: F401 - fixtures

LOST_RU = "Расчёты перестали приходить: мастерская не ответила."
RETRY_RU = "Попробовать ещё раз"


def test_a_poll_refused_is_said_in_russian_and_try_again_brings_the_figures(
        served: str, browser: Any) -> None:  # noqa: F811 - the fixtures imported above
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    refusing, refused, sent = [True], [], []

    def job(route: Any) -> None:
        if refusing[0]:
            refused.append(route.request.url)
            route.fulfill(status=400, content_type="application/json",
                          body='{"error": "no such job"}')
        else:
            route.continue_()

    tab.route("**/api/job/**", job)
    tab.on("request", lambda r: sent.append(json.loads(r.post_data or "{}"))
           if "/api/state" in r.url else None)
    tab.goto(f"{served}?lang=ru")
    notice = tab.wait_for_selector("#wb-analysis .wb-lost[role=alert]", timeout=60_000)
    assert refused and LOST_RU in (notice.text_content() or "")
    assert tab.locator("#wb-analysis .wb-job").count() == 0  # nothing drawn: said so
    stick = _field(tab, "player.stick_minimum").locator("input[data-role=value]")
    first_value = stick.input_value()
    stick.evaluate("box => { box.value = '19'; }")  # typed, not yet a change
    refusing[0] = False  # the server knows its jobs again
    tab.get_by_role("button", name=RETRY_RU).click()
    _ready(tab)
    tab.wait_for_selector("#wb-analysis .wb-job", timeout=60_000)
    assert tab.locator(".wb-lost").count() == 0
    assert stick.input_value() == "19"  # what was typed is still there
    again = sent[-1]["fields"]
    assert again == sent[0]["fields"]  # the same rules asked again, the typed value not sent
    assert again["player.stick_minimum"]["v"] == first_value
    assert errors == []
    tab.close()


def test_a_network_that_comes_back_resumes_the_same_job(
        served: str, browser: Any) -> None:  # noqa: F811 - the fixtures imported above
    """Seven network failures in a row (the first try and six more, ~21 s) give up; the
    button asks about the same job again, sending nothing."""
    tab = browser.new_page()
    down, polls, sent = [True], [], []

    def job(route: Any) -> None:
        polls.append(route.request.url)
        if down[0]:
            route.abort()
        else:
            route.continue_()

    tab.route("**/api/job/**", job)
    tab.on("request", lambda r: sent.append(r.url) if "/api/state" in r.url else None)
    tab.goto(served)
    tab.wait_for_selector("#wb-analysis .wb-lost", timeout=60_000)
    assert len(polls) == 7 and len({url.split("?")[0] for url in polls}) == 1
    down[0] = False
    states = len(sent)
    tab.locator("#wb-analysis .wb-lost button").click()
    tab.wait_for_selector("#wb-analysis .wb-job", timeout=60_000)
    assert tab.locator(".wb-lost").count() == 0 and len(sent) == states
    assert polls[-1].split("?")[0] == polls[0].split("?")[0]  # the same job, asked again
    tab.close()
