"""The runner against harnesses that threaten it (issue 12, item 7), and reports (issue 16, 5)."""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
import time
from pathlib import Path

import pytest
from test_conformance import suite_dir
from test_conformance_runner import BROKEN, PYTHON, REFERENCE, ROOT, vectors
from test_conformance_runner import in_a_process as cli  # hostile harnesses: a process

from pontoon_rules.conformance.running.processes import CONTEXT_CHARS
from pontoon_rules.conformance.running.runner import RunOptions, run_vectors

UNRULY = f"{PYTHON} {BROKEN / 'unruly.py'}"
MEMORY_CAP_MB = 250
"""The documented bound on the runner's whole process with a 16 MB reply cap (docs: conformance)."""
RUNNER_EXTRA_MB = 48
"""What the run itself may add to the process's peak: the 16 MB cap, a 64 KB read, slack."""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc (Linux)")
def test_a_child_in_a_new_session_does_not_outlive_the_run(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    chosen = vectors("casino-ochko/ties-*")
    result = run_vectors(chosen, RunOptions(f"{UNRULY} fork-child {pidfile}", cwd=str(ROOT)))
    assert [o.status for o in result.outcomes] == ["pass"]
    child = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child), f"the harness's child {child} is still running"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc (Linux)")
def test_endless_output_is_cut_at_the_cap_and_memory_stays_bounded(tmp_path: Path) -> None:
    script = tmp_path / "measure.py"
    script.write_text(textwrap.dedent(f"""
        import json

        def high_water_mb():  # VmHWM: unlike ru_maxrss, not inherited from the forking parent
            for line in open("/proc/self/status"):
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024

        from pontoon_rules.conformance.vectors.export import resolve
        from pontoon_rules.conformance.vectors.generate import example_vectors
        from pontoon_rules.conformance.running.runner import RunOptions, run_vectors
        chosen = example_vectors(resolve(["casino-ochko"])[0][0])[:1]
        before = high_water_mb()
        result = run_vectors(chosen, RunOptions({UNRULY + ' endless'!r}, timeout=60,
                                                cwd={str(ROOT)!r}))
        peak = high_water_mb()
        print(json.dumps({{"before_mb": before, "peak_mb": peak,
                          "outcomes": [o.to_json() for o in result.outcomes],
                          "harness": result.harness}}))
    """))
    done = subprocess.run([PYTHON, str(script)], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(done.stdout.splitlines()[-1])
    statuses = {o["status"] for o in data["outcomes"]} | {h["status"] for h in data["harness"]}
    messages = [o.get("message", "") for o in data["outcomes"]] + [
        h["message"] for h in data["harness"]]
    assert statuses == {"protocol"}, data
    assert any("reply over 16 MB" in m for m in messages), data
    assert all(len(m) < 2 * CONTEXT_CHARS for m in messages), data
    assert data["peak_mb"] < MEMORY_CAP_MB, data
    assert data["peak_mb"] - data["before_mb"] < RUNNER_EXTRA_MB, data


def test_a_huge_reply_is_one_short_protocol_error(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    done = cli("run", str(suite_dir()), "--impl", f"{UNRULY} huge", "--max-reply", "8", "--run",
               "casino-ochko/ties-*", "--json", str(report), "--timeout", "30")
    assert done.returncode == 1
    entry = json.loads(report.read_text())["results"][0]
    assert entry["status"] == "protocol" and "reply over 8 MB" in entry["message"]
    assert len(done.stdout) + len(done.stderr) < 10_000


def test_one_shot_endless_output_is_capped() -> None:
    command = (f"{PYTHON} -c \"import sys\nwhile True: sys.stdout.write('z' * 65536)\"")
    outcomes = run_vectors(vectors("casino-ochko/ties-*"), RunOptions(
        command, one_shot=True, timeout=30, max_bytes=1 << 20)).outcomes
    assert [o.status for o in outcomes] == ["protocol"]
    assert "reply over 1 MB" in outcomes[0].message


def test_output_before_the_start_reply_is_one_harness_problem() -> None:
    chosen = vectors("casino-ochko/*")
    result = run_vectors(chosen, RunOptions(f"{UNRULY} chatty-start", cwd=str(ROOT)))
    assert {o.status for o in result.outcomes} == {"not-run"}
    assert result.not_run == len(chosen) == len(result.outcomes)
    (problem,) = result.harness
    assert problem["status"] == "protocol"
    assert "harness starting up" in problem["message"] and "stdout is for protocol" in \
        problem["message"]


def test_final_null_reads_round_not_over() -> None:
    (outcome,) = run_vectors(vectors("casino-ochko/ties-*"),
                             RunOptions(f"{UNRULY} not-over", cwd=str(ROOT))).outcomes
    assert outcome.status == "fail" and outcome.path == "final"
    assert "the round is not over" in outcome.message and "<missing>" not in outcome.message


def test_strict_validates_every_reply_against_the_schema() -> None:
    chosen = vectors("casino-ochko/ties-*")
    loose = run_vectors(chosen, RunOptions(f"{UNRULY} extra-field", cwd=str(ROOT))).outcomes
    assert [o.status for o in loose] == ["pass"]
    strict = run_vectors(chosen, RunOptions(f"{UNRULY} extra-field", cwd=str(ROOT),
                                            strict=True)).outcomes
    assert [o.status for o in strict] == ["protocol"]
    assert "--strict" in strict[0].message and "colour" in strict[0].message
    honest = run_vectors(vectors("casino-ochko/*", "belarus-ponton/*"),
                         RunOptions(REFERENCE, cwd=str(ROOT), strict=True)).outcomes
    assert {o.status for o in honest} == {"pass"}


def test_json_report_creates_its_folder(tmp_path: Path) -> None:
    report = tmp_path / "deep" / "er" / "report.json"
    done = cli("run", str(suite_dir()), "--impl", REFERENCE, "--run", "casino-ochko/ties-*",
               "--json", str(report))
    assert done.returncode == 0, done.stderr
    assert json.loads(report.read_text())["counts"] == {"pass": 1}
    assert not [p for p in report.parent.iterdir() if p.name != "report.json"]


def test_ids_and_long_ruleset_ids_are_never_cut(tmp_path: Path) -> None:
    long_id = "a-house-ruleset-with-a-really-remarkably-long-identifier-for-tables"
    house = tmp_path / "house.yaml"
    house.write_text(f"id: {long_id}\nname: Long\nkind: house\nextends: casino-ochko\n")
    out = tmp_path / "v"
    assert cli("export", str(house), "-o", str(out)).returncode == 0
    env = {**os.environ, "COLUMNS": "60"}
    done = subprocess.run([PYTHON, "-m", "pontoon_rules", "conformance", "run", str(out),
                           "--impl", f"{PYTHON} {BROKEN / 'ties_to_player.py'}"],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 1
    failing = [line for line in done.stdout.splitlines() if line.startswith("fail ")]
    assert failing
    for line in failing:
        assert long_id in line and "…" not in line
        vid = line.split("(", 1)[1].split(",", 1)[0]
        assert len(vid) == 36
    folded = "".join(ch for ch in done.stdout if ch not in "│ \n")
    assert long_id in folded


def test_schema_replies_describes_every_message() -> None:
    done = cli("schema", "--replies")
    schema = json.loads(done.stdout)
    assert {"start-reply", "trace-reply", "skipped-reply", "errored-reply", "run-request",
            "Observation", "Answer"} <= set(schema["$defs"])
    from pontoon_rules.engine.round.actions import KINDS

    assert {"stick", "twist", "buy", "split", "double", "insure", "even-money", "decline",
            "shoot"} <= set(schema["x-action-words"])
    assert schema["x-action-words"] == list(KINDS), "words are added, never renamed"
    assert schema["x-codes"][:3] == ["illegal_action", "wrong_actor", "bad_amount"]
    assert schema["x-code-refines"] == {"round_over": "wrong_actor",
                                        "unknown_action": "illegal_action",
                                        "malformed_amount": "bad_amount"}
    assert "terminal" in schema["x-actors"]["trace"]
