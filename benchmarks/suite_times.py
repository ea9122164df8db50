"""Where the test suite's time goes: CPU seconds per test file, from one run's report.

Give it the JUnit XML of a run (`pytest --junitxml=run.xml`): each test carries its CPU
seconds, set-up to teardown, with the child processes it waited for (`cpu_s`, recorded by
`tests/conftest.py`), so the figures hold on a loaded machine. Or give it the text a run
printed with `--durations=N` (`-vv` for every test): wall seconds of the N slowest tests'
phases, which match CPU only on an idle machine, and only for those tests.

Not counted either way: the background process that makes the shared vectors and site
(`tests/prebuild.py`, started by the controller, not by a test) and the set-up before the
first test; a test that waits for that process shows the wait in wall time, not in CPU.
`--timeline` also shows, after the table, those from a report of a run since the
conftest records them: each worker's start and collection (CPU and wall before its first
test), the wall its tests took against their CPU, its idle time and the run's tail after
its last test; the kernel build's and the pre-builds' CPU, and the whole machine's busy and
idle core-seconds from the kernel build to the end (`/proc/stat`: idle is a core nothing
ran on, the room another test process could have used) (the controller's report
properties); and the tests whose wall time most exceeds their CPU (waiting: on a lock, a
server, a shared core).

Usage: `python benchmarks/suite_times.py run.xml [--top 30] [--timeline]`
"""

from __future__ import annotations

import argparse
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

DURATION = re.compile(r"^\s*([0-9.]+)s\s+(setup|call|teardown)\s+(\S+?)(::\S.*)?$")
"""One line of `--durations`: seconds, phase, the test's node id."""


def from_junit(text: str) -> tuple[dict[str, float], str]:
    """Seconds per test (node id) from a JUnit XML report: `cpu_s` where recorded, else
    the report's wall `time`; and which of the two."""
    seconds: dict[str, float] = {}
    kinds = set()
    for case in ET.fromstring(text).iter("testcase"):
        module = case.get("classname", "").split(".")
        path = "/".join(part for part in module if not part[:1].isupper()) + ".py"
        cpu = [p.get("value") for p in case.iter("property") if p.get("name") == "cpu_s"]
        kinds.add("CPU" if cpu else "wall")
        seconds[f"{path}::{case.get('name')}"] = float(cpu[0] if cpu else case.get("time", 0))
    return seconds, " and ".join(sorted(kinds)) or "no"


def from_durations(text: str) -> dict[str, float]:
    """Wall seconds per test from the lines `--durations` printed (its phases added)."""
    seconds: dict[str, float] = defaultdict(float)
    for line in text.splitlines():
        found = DURATION.match(line)
        if found:
            seconds[found[3] + (found[4] or "")] += float(found[1])
    return dict(seconds)


def per_file(seconds: dict[str, float]) -> dict[str, tuple[float, int]]:
    """Seconds and tests per file."""
    files: dict[str, list[float]] = defaultdict(list)
    for test, value in seconds.items():
        files[test.split("::")[0]].append(value)
    return {name: (sum(values), len(values)) for name, values in files.items()}


def report(seconds: dict[str, float], kind: str, top: int) -> str:
    """The table: every file by seconds, then the slowest tests."""
    total = sum(seconds.values())
    lines = [f"{len(seconds)} tests, {total:.1f} s of {kind} time in all", "",
             f"{'s':>9} {'share':>6} {'tests':>6}  file"]
    for name, (value, count) in sorted(per_file(seconds).items(), key=lambda kv: -kv[1][0]):
        lines.append(f"{value:9.1f} {value / total if total else 0:6.1%} {count:6d}  {name}")
    lines += ["", f"the {top} slowest tests:"]
    for test, value in sorted(seconds.items(), key=lambda kv: -kv[1])[:top]:
        lines.append(f"{value:9.2f}  {test}")
    return "\n".join(lines)


def timeline(text: str, top: int) -> str:
    """Where a run's wall time went, per process, from a JUnit XML report (see above)."""
    from datetime import datetime

    root = ET.fromstring(text)
    suite = root if root.tag == "testsuite" else root.find("testsuite")
    if suite is None:
        return "no test suite in the report"
    begun = datetime.fromisoformat(suite.get("timestamp", "")).timestamp()
    ended = begun + float(suite.get("time", 0))
    lines = [f"the run: {ended - begun:.1f} s wall"]
    lines += [f"  {p.get('name')}: {p.get('value')}" for p in suite.iter("property")
              if p.get("name", "").startswith(("kernel_build", "prebuild", "machine"))]
    workers: dict[str, list[tuple[float, float, float, float]]] = defaultdict(list)
    gaps = []
    for case in suite.iter("testcase"):
        got = {p.get("name"): p.get("value") for p in case.iter("property")}
        if "started" not in got:
            continue
        wall, cpu = float(case.get("time", 0)), float(got["cpu_s"] or 0)
        workers[got["worker"] or "?"].append(
            (float(got["started"] or 0), wall, cpu, float(got["cpu_before"] or 0)))
        gaps.append((wall - cpu, wall, cpu, f"{case.get('classname')}::{case.get('name')}"))
    if not workers:
        return "\n".join([*lines, "no test carries a start time (a report from before them)"])
    lines.append(f"{'process':>8} {'before 1st':>10} {'CPU then':>9} {'tests wall':>10} "
                 f"{'tests CPU':>9} {'idle':>7} {'tail':>7}  (s)")
    for name, cases in sorted(workers.items()):
        cases.sort()
        first, last = cases[0], max(cases, key=lambda c: c[0] + c[1])
        busy = sum(c[1] for c in cases)
        idle = last[0] + last[1] - first[0] - busy
        lines.append(f"{name:>8} {first[0] - begun:10.1f} {first[3]:9.1f} {busy:10.1f} "
                     f"{sum(c[2] for c in cases):9.1f} {idle:7.1f} "
                     f"{ended - last[0] - last[1]:7.1f}")
    lines += ["", f"the {top} tests whose wall most exceeds their CPU (wall, CPU):"]
    for gap, wall, cpu, test in sorted(gaps, reverse=True)[:top]:
        lines.append(f"{gap:9.1f}  ({wall:.1f}, {cpu:.1f})  {test}")
    return "\n".join(lines)


def printed(text: str, top: int, with_timeline: bool = False) -> str:
    """What the command prints for a report's `text`: the per-file table, and after it
    the timeline where asked (`--timeline`: both, not the timeline alone)."""
    if text.lstrip().startswith("<"):
        seconds, kind = from_junit(text)
    else:
        seconds, kind = from_durations(text), "wall (--durations)"
    parts = [report(seconds, kind, top)]
    if with_timeline:
        parts.append(timeline(text, top))
    return "\n\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", type=Path,
                        help="a --junitxml report, or a run's output with --durations")
    parser.add_argument("--top", type=int, default=30, help="slowest tests listed")
    parser.add_argument("--timeline", action="store_true",
                        help="after the table, where the run's wall time went (a --junitxml "
                        "report)")
    args = parser.parse_args()
    text = args.report.read_text(encoding="utf-8", errors="replace")
    print(printed(text, args.top, args.timeline))


if __name__ == "__main__":
    main()
