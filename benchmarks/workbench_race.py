"""Issue 51's "every change is applied in order, however fast it comes": bursts of changes
fired at the workbench page in real Chromium, and how many bursts the page fails to finish.

One `pontoon-rules workbench pagat-british --no-realistic` (as the browser tests serve it),
one tab. Each burst sets the stick-on rule (`player.stick_minimum`) to 2 to 5 values in turn,
each a `change` event, the gaps between them drawn from 0 to 50 ms (seeded); then the page
must end ready, its rules showing the burst's last value, and its analysis panel the house
edge of those rules with its change from the base's (`#wb-edge-change` inside the current
job's panel) within `--limit` seconds. A burst that does not is a failure: its number, the
values, the gaps and the page's state are printed. The changes the page sent (`/api/state`)
are checked too: numbered in order, each carrying the value the burst set at that moment,
and the edge drawn for a value always the same.

    python benchmarks/workbench_race.py                  # 40 bursts, seed 51
    python benchmarks/workbench_race.py --bursts 100 --seed 7 --limit 60
    python benchmarks/workbench_race.py --named --grace 0 --realistic --typed

`--named` gives each burst's rules a name of their own, so that its changes are new jobs
(run, cancelled, their workers killed and replaced) rather than finished ones shared;
`--grace` sets the server's grace before a cancelled job's worker is killed; `--realistic`
serves the realistic variations too; `--typed` types each value as the browser test does.

Prints one line per failure and a last line `failed K of N bursts`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

STICK = ".wb-field[data-path='player.stick_minimum'] input[data-role=value]"
FIRE = """async ([selector, values, gaps]) => {
  for (let i = 0; i < values.length; i++) {
    if (i) await new Promise((done) => setTimeout(done, gaps[i - 1]));
    const input = document.querySelector(selector);  // the rules are drawn again meanwhile
    input.value = String(values[i]);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
}"""
"""Set each value in turn, a change event each, `gaps` milliseconds apart (as fast as a
script can: Playwright's own clicks take longer than the gaps)."""

GRACE = """import pontoon_rules.workbench.jobs as jobs
defaults = list(jobs.JobManager.__init__.__defaults__)
defaults[1] = %r  # JobManager(workers, grace, ...): every manager the server makes
jobs.JobManager.__init__.__defaults__ = tuple(defaults)"""


def burst(rng: random.Random, last: int | None) -> tuple[list[int], list[int]]:
    """2 to 5 stick-on values (each unlike the one before) and the gaps between them."""
    values: list[int] = []
    while len(values) < rng.randint(2, 5):
        value = rng.randint(12, 19)
        if value != (values[-1] if values else last):
            values.append(value)
    return values, [rng.randint(0, 50) for _ in values[1:]]


def settled(tab: Any, value: int, base: int, limit: float) -> str | None:
    """The edge shown once the page has drawn `value`'s rules and their edge (with its change
    from the base's, unless `value` is the base's own), else None."""
    sentence = f"details[data-rule='your-turn/stick'] .wb-sentence:has-text('{value}')"
    try:
        tab.wait_for_selector("#wb[data-state='ready'] " + sentence, timeout=limit * 1000)
        job = tab.get_attribute("#wb-analysis", "data-job")
        edge = f"#wb-analysis .wb-job[data-job='{job}'] > #wb-edge[data-done='yes']"
        tab.wait_for_selector(edge + " #wb-edge-value", timeout=limit * 1000)
        if value != base and not tab.locator(edge + " #wb-edge-change").count():
            return None
    except Exception:  # noqa: BLE001 - a timeout is the failure counted
        return None
    shown: str | None = tab.locator("#wb-edge-value").text_content()
    return shown


def sent_in_order(sent: list[dict[str, Any]], values: list[int]) -> bool:
    """Whether the page numbered its requests in order and the values went in order (a
    change event may send a value once; a value never comes back after a later one)."""
    numbers = [body["seq"] for body in sent]
    got = [int(body["fields"]["player.stick_minimum"]["v"]) for body in sent]
    deduplicated = [v for i, v in enumerate(got) if i == 0 or got[i - 1] != v]
    return numbers == sorted(set(numbers)) and deduplicated == values


def fire(tab: Any, values: list[int], gaps: list[int], typed: bool) -> None:
    """One burst: the values set by script, `gaps` ms apart, or typed by Playwright."""
    if not typed:
        tab.evaluate(FIRE, [STICK, values, gaps])
        return
    for value in values:
        tab.locator(STICK).fill(str(value))
        tab.locator(STICK).press("Enter")


def failure(tab: Any, sent: list[dict[str, Any]], values: list[int], base: int,
            edges: dict[int, str], limit: float) -> str:
    """What went wrong with the burst just fired, or "" when nothing did."""
    shown = settled(tab, values[-1], base, limit)
    ordered = sent_in_order(sent, values)
    consistent = shown is not None and edges.setdefault(values[-1], shown) == shown
    if shown is not None and ordered and consistent:
        return ""
    state = tab.evaluate("() => [document.getElementById('wb').dataset.state,"
                         " document.getElementById('wb-analysis').dataset.job,"
                         " document.getElementById('wb-status').textContent]")
    return (f"shown {shown}, in order {ordered}, same edge as before {consistent}; "
            f"page (state, job, status line) {state}")


def run(args: argparse.Namespace, address: str) -> int:
    """Fire the bursts at one tab on `address`; the number that failed."""
    from playwright.sync_api import sync_playwright
    from test_docs import CHROMIUM_FLAGS, _chromium

    rng, failed, edges = random.Random(args.seed), 0, {}
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=_chromium(), headless=True,
                                     args=CHROMIUM_FLAGS[1:])
        tab = chromium.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        sent: list[dict[str, Any]] = []
        tab.on("request", lambda r: sent.append(json.loads(r.post_data or "{}"))
               if r.url.split("?")[0].endswith("/api/state") else None)
        tab.goto(address)
        tab.wait_for_selector("#wb-edge-value[data-edge]", timeout=240_000)
        tab.click("details[data-rule='your-turn/stick'] > summary")
        base = last = int(tab.locator(STICK).input_value())
        for number in range(1, args.bursts + 1):
            values, gaps = burst(rng, last)
            if args.named:  # new jobs, not the finished ones of the same rules
                tab.fill("#wb-name", f"Burst {number}")
            sent.clear()
            fire(tab, values, gaps, args.typed)
            wrong = failure(tab, sent, values, base, edges, args.limit)
            if wrong:
                failed += 1
                print(f"burst {number}: values {values} gaps {gaps} ms: {wrong}", flush=True)
            last = values[-1]
        chromium.close()
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bursts", type=int, default=40)
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--limit", type=float, default=90.0,
                        help="seconds a burst's last edge may take (default 90)")
    parser.add_argument("--realistic", action="store_true",
                        help="a server that works out the realistic variations (the default "
                             "product; the browser tests' shared server leaves them out)")
    parser.add_argument("--typed", action="store_true",
                        help="each value typed and Enter pressed by Playwright, as the browser "
                             "test does (slower than the gaps: they are left out)")
    parser.add_argument("--grace", type=float, default=None,
                        help="the server's grace before a cancelled job's worker is killed "
                             "(default: the product's, `JobManager`'s; 0: at once)")
    parser.add_argument("--named", action="store_true",
                        help="each burst's rules named anew (jobs are kept by their rules' "
                             "text: without, after a few bursts every value's jobs are "
                             "finished ones, shared at once, and nothing runs to be cancelled)")
    args = parser.parse_args()
    from workbench_server import serve

    served = serve("pagat-british", *(() if args.realistic else ("--no-realistic",)),
                   prelude=GRACE % args.grace if args.grace is not None else "")
    failed = run(args, next(served))
    served.close()
    print(f"failed {failed} of {args.bursts} bursts (seed {args.seed}, limit {args.limit:g} s)")


if __name__ == "__main__":
    main()
