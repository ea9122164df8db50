"""`benchmarks/suite_times.py`: the per-file table of a run's report, and with
`--timeline` the timeline after it (it printed the timeline alone)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent

REPORT = """<testsuites><testsuite name="pytest" timestamp="2026-12-06T08:00:00" time="10.0">
<properties><property name="prebuild_cpu_s" value="4.5"/></properties>
<testcase classname="tests.test_a" name="test_one" time="3.0"><properties>
<property name="cpu_s" value="2.0"/><property name="started" value="{start}"/>
<property name="worker" value="gw0"/><property name="cpu_before" value="0.5"/>
</properties></testcase>
<testcase classname="tests.test_b" name="test_two" time="1.0"><properties>
<property name="cpu_s" value="1.0"/><property name="started" value="{later}"/>
<property name="worker" value="gw0"/><property name="cpu_before" value="0.5"/>
</properties></testcase></testsuite></testsuites>"""


def _run(tmp_path: Path, *flags: str) -> str:
    from datetime import datetime

    begun = datetime.fromisoformat("2026-12-06T08:00:00").timestamp()
    report = tmp_path / "run.xml"
    report.write_text(REPORT.format(start=begun + 1, later=begun + 4), encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "suite_times.py"),
                           str(report), *flags], capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_timeline_comes_after_the_per_file_table(tmp_path: Path) -> None:
    table = _run(tmp_path)
    assert "2 tests, 3.0 s of CPU time in all" in table
    assert "tests/test_a.py" in table and "tests/test_b.py" in table
    assert "the run:" not in table
    both = _run(tmp_path, "--timeline")
    assert both.startswith(table.rstrip("\n"))  # the same table first
    timeline = both[len(table.rstrip("\n")):]
    assert "the run: 10.0 s wall" in timeline and "prebuild_cpu_s: 4.5" in timeline
    assert "     gw0" in timeline  # the worker's row
