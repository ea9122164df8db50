"""`session --summary` and `simulate`: streamed, summarised, JSON; Ctrl-C keeps the result."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from in_process import command_line

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """`session ARGS` in this process (`in_process`): what it prints and its exit code
    need no process of their own; Ctrl-C's are tested on a real one (`interrupted`)."""
    return command_line("session", *args, cwd=ROOT)


def test_summary_json_has_people_banker_and_kitty() -> None:
    out = run("shoot-pontoon", "--players", "4", "--deals", "30000", "--seed", "3",
              "--summary", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["deals"] == 30000 and not data["stopped_early"]
    assert [p["person"] for p in data["people"]] == ["A", "B", "C", "D", "E"]
    assert abs(sum(p["bank_share"] for p in data["people"]) - 1) < 1e-9
    assert sum(p["total"] for p in data["people"]) == 0  # money is conserved
    low, high = data["banker"]["ci999"]
    assert low <= data["banker"]["per_deal"] <= high
    assert data["kitty"]["put_up"] >= 1 and "deals" not in data["people"][0]
    again = run("shoot-pontoon", "--players", "4", "--deals", "30000", "--seed", "3",
                "--summary", "--json")
    assert again.stdout == out.stdout


def test_summary_text_and_house_table() -> None:
    out = run("belarus-ponton", "--players", "3", "--deals", "20000", "--summary",
              "--policy", "best")
    assert out.returncode == 0, out.stderr
    assert "20,000 deals" in out.stdout and "house" in out.stdout
    assert "The banker per deal" in out.stdout


def test_bad_policy_is_a_clear_error() -> None:
    out = run("pagat-british", "--summary", "--policy", "stand-99")
    assert out.returncode == 2 and "unknown player policy" in out.stderr
    assert "Traceback" not in out.stderr


RUNNING_CPU = {"simulate": 3.0, "session": 1.0}
"""CPU seconds each command has used when it gets its SIGINT: past its start and set-up
(`simulate pagat-british`: about 1.3 s, then its pool's workers start; a session: 0.3 s,
0.6 s with no byte code kept), so rounds are under way however loaded the machine is;
each past a session's 3 s before, which cost its test 2 s more of dealing."""


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time a process has used (Linux `/proc`; None elsewhere)."""
    import os

    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The process's children (Linux `/proc`; none where it cannot be read)."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return []
    kids: list[int] = []
    for task in tasks:
        try:
            kids += [int(k) for k in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return kids


def _tree_cpu_seconds(pid: int) -> float | None:
    """The CPU time a process and its live descendants have used: a run that plays on a
    pool of workers (`simulate`'s default) spends it in them, not in the parent."""
    used = _cpu_seconds(pid)
    if used is None:
        return None
    return used + sum(_tree_cpu_seconds(kid) or 0.0 for kid in _children(pid))


def _wait_until_running(proc: subprocess.Popen[str], running_cpu: float) -> None:
    """Return once the process and its workers have used `running_cpu` seconds of CPU (or
    it has ended, or a minute has passed); where `/proc` is missing, after 8 s."""
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        used = _tree_cpu_seconds(proc.pid)
        if used is None:
            time.sleep(8)
            return
        if used >= running_cpu:
            return
        time.sleep(0.1)


def interrupted(*args: str) -> tuple[dict[str, Any], str]:
    """Run the command, send it a SIGINT once it is running (`_wait_until_running`); its
    JSON and stderr (it must exit 0)."""
    proc = subprocess.Popen([sys.executable, "-m", "pontoon_rules", *args, "--json"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_until_running(proc, RUNNING_CPU[args[0]])
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        proc.kill()  # never left running a huge run when something failed
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr
    return json.loads(stdout), stderr


def test_ctrl_c_prints_the_result_so_far() -> None:
    data, stderr = interrupted("session", "pagat-british", "--deals", "2000000000", "--summary")
    assert data["stopped_early"] and 0 < data["deals"] < 2_000_000_000
    assert "stopping after the deals under way" in stderr


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pontoon_rules", "simulate", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def simulate_here(*args: str) -> subprocess.CompletedProcess[str]:
    """`simulate ARGS` in this process (`in_process`): a refusal, or a run of one chunk."""
    return command_line("simulate", *args, cwd=ROOT)


def test_simulate_paths_and_json() -> None:
    """In this process (one chunk of rounds: no pool of workers); `simulate`'s real
    processes are the tests below (its set-up line, an unreachable scheduler, Ctrl-C)."""
    out = simulate_here("belarus-ponton", "--rounds", "200000", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["path"] == "compiled" and data["rounds"] == 200000
    low, high = data["ci999_percent"]
    assert low < data["house_edge_percent"] < high
    assert 0 < data["setup_seconds"] < data["seconds"] and data["run_rounds_per_second"] > 0
    assert data["kernel"] in ("general-c", "general-c-rules")
    engine = simulate_here("belarus-ponton", "--rounds", "300", "--path", "engine", "--json")
    assert json.loads(engine.stdout)["path"] == "engine"
    assert json.loads(engine.stdout)["kernel"] is None
    fast = simulate_here("blackjack-reference", "--rounds", "1000", "--json")
    assert json.loads(fast.stdout)["kernel"] == "fast-c"


def test_simulate_says_its_set_up_time_and_the_runs_own_rate() -> None:
    out = simulate("pagat-british", "--rounds", "2000000")  # a run long enough to time
    assert out.returncode == 0, out.stderr
    line = next(s for s in out.stdout.splitlines() if "set-up" in s)
    setup, run, rate, kernel = re.fullmatch(
        r"  set-up ([0-9.]+) s \(tables, kernel\), run ([0-9.]+) s: ([0-9,]+) rounds/s, "
        r"on the general kernel in (C compiled for these rules)",
        line).groups()  # type: ignore[union-attr]
    # a run of a million rounds or more plays on the C kernel compiled for its rules
    assert kernel == "C compiled for these rules"
    assert float(run) > 0 and float(setup) > 0
    assert int(rate.replace(",", "")) == pytest.approx(2_000_000 / float(run), rel=0.05)


def test_simulate_unreachable_scheduler_is_an_error_not_a_traceback() -> None:
    out = simulate("casino-ochko", "--rounds", "1000", "--scheduler", "tcp://127.0.0.1:9")
    assert out.returncode != 0 and "cannot reach the Dask scheduler" in out.stderr
    assert "Traceback" not in out.stderr


def test_simulate_refuses_the_retired_fast_path_naming_compiled() -> None:
    out = simulate_here("casino-ochko", "--rounds", "1000", "--path", "fast")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "'fast'" in out.stderr and "retired" in out.stderr and "'compiled'" in out.stderr
    assert "[compiled|engine]" in simulate_here("--help").stdout


def test_ctrl_c_prints_the_simulation_so_far() -> None:
    data, stderr = interrupted("simulate", "pagat-british", "--rounds", "10000000000")
    assert data["stopped_early"] and 0 < data["rounds"] < 10_000_000_000
    assert "stopping after the rounds under way" in stderr
