"""Where the test suite's time goes: CPU seconds per test file, from one run's report.

Give it the JUnit XML of a run (`pytest --junitxml=run.xml`): each test carries its CPU
seconds, set-up to teardown, with the child processes it waited for (`cpu_s`, recorded by
`tests/conftest.py`), so the figures hold on a loaded machine. Or give it the text a run
printed with `--durations=N` (`-vv` for every test): wall seconds of the N slowest tests'
phases, which match CPU only on an idle machine, and only for those tests.

Not counted either way: the background process that makes the shared vectors and site
(`tests/prebuild.py`, started by the controller, not by a test) and the set-up before the
first test; a test that waits for that process shows the wait in wall time, not in CPU.

Usage: `python benchmarks/suite_times.py run.xml [--top 30]`
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", type=Path,
                        help="a --junitxml report, or a run's output with --durations")
    parser.add_argument("--top", type=int, default=30, help="slowest tests listed")
    args = parser.parse_args()
    text = args.report.read_text(encoding="utf-8", errors="replace")
    if text.lstrip().startswith("<"):
        seconds, kind = from_junit(text)
    else:
        seconds, kind = from_durations(text), "wall (--durations)"
    print(report(seconds, kind, args.top))


if __name__ == "__main__":
    main()
