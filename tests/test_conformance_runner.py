"""The runner against the reference harness, broken implementations and broken harnesses."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest
from in_process import command_line
from test_conformance import suite, suite_dir

from pontoon_rules.conformance.fuzzing.fuzz import fuzz
from pontoon_rules.conformance.running.report import passed
from pontoon_rules.conformance.running.runner import Outcome, RunOptions, run_vectors
from pontoon_rules.conformance.vectors.export import resolve

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "broken_impls"
PYTHON = sys.executable
REFERENCE = f"{PYTHON} -m pontoon_rules.conformance.running.harness"


def vectors(*globs: str) -> list[dict[str, Any]]:
    """The exported vectors whose slug matches one of `globs`."""
    return [v for v in suite() if any(fnmatchcase(v["slug"], g) for g in globs)]


def run(command: str, chosen: list[dict[str, Any]], **options: Any) -> list[Outcome]:
    return run_vectors(chosen, RunOptions(command, cwd=str(ROOT), **options)).outcomes


def test_the_reference_harness_passes_every_vector() -> None:
    outcomes = run(REFERENCE, list(suite()), timeout=10)
    assert {o.status for o in outcomes} == {"pass"}
    assert len(outcomes) == len(suite()) and passed(outcomes)


def test_one_shot_mode_and_parallel_jobs() -> None:
    chosen = vectors("casino-ochko/ties-*", "belarus-ponton/insurance-*")
    outcomes = run(f"{REFERENCE} --one-shot", chosen, one_shot=True, timeout=20, jobs=2)
    assert [o.status for o in outcomes] == ["pass"] * len(chosen) and len(chosen) == 3


BROKEN_CASES = [
    ("ties_to_player.py", ["casino-ochko/*", "pagat-british/*", "blackjack-reference/*"],
     ["casino-ochko/ties-go-to-the-dealer", "pagat-british/ties-go-to-the-banker"],
     lambda v: any(t.startswith("path:tie:") for t in v["features"])),
    ("trick_pays_evens.py", ["casino-ochko/*", "belarus-ponton/*"],
     ["casino-ochko/five-card-trick-pays-2-to-1", "casino-ochko/double-on-four-cards-makes-a-trick",
      "belarus-ponton/trick-beats-dealer-pontoon-3-to-2"],
     lambda v: "class:five-card-trick" in v["features"]),
    ("no_split.py", ["casino-ochko/*", "pagat-british/*"],
     ["casino-ochko/split-by-value-queen-king", "pagat-british/split-two-kings",
      "pagat-british/split-up-to-four-hands"],
     lambda v: "offered:split" in v["features"]),
    ("buy_after_twist.py", ["pagat-british/*", "belarus-ponton/*", "casino-ochko/*"],
     ["pagat-british/no-buy-after-twist", "belarus-ponton/no-buy-after-twist"],
     lambda v: "did:twist" in v["features"] and "offered:buy" in v["features"]),
]


@pytest.mark.parametrize(("script", "globs", "named", "explains"), BROKEN_CASES,
                         ids=[c[0] for c in BROKEN_CASES])
def test_broken_implementations_are_caught(script: str, globs: list[str], named: list[str],
                                           explains: Any) -> None:
    chosen = vectors(*globs)
    outcomes = run(f"{PYTHON} {BROKEN / script}", chosen)
    failing = {o.id for o in outcomes if o.status != "pass"}
    ids = {v["slug"]: v["id"] for v in chosen}
    assert {ids[slug] for slug in named} <= failing
    assert {o.status for o in outcomes} == {"pass", "fail"}
    assert all(explains(v) for v in chosen if v["id"] in failing)
    assert not passed(outcomes) or script == "trick_pays_evens.py"


TARGET = "casino-ochko/ties-go-to-the-dealer"


@pytest.mark.parametrize(("mode", "status", "message"), [
    ("crash", "crash", "simulated crash"),
    ("hang", "timeout", "no reply within"),
    ("garbage", "protocol", "not JSON"),
    ("wrong-seq", "protocol", "wrong seq"),
])
def test_broken_harnesses_are_classified_and_the_run_goes_on(mode: str, status: str,
                                                              message: str) -> None:
    chosen = vectors("casino-ochko/*")
    outcomes = run(f"{PYTHON} {BROKEN / 'misbehave.py'} {mode} {TARGET}", chosen, timeout=1)
    bad = [o for o in outcomes if o.status != "pass"]
    assert [(o.slug, o.status) for o in bad] == [(TARGET, status)]
    assert message in bad[0].message
    assert len(outcomes) == len(chosen)


def test_unknown_command_is_one_harness_problem_not_an_error_per_vector() -> None:
    chosen = vectors("casino-ochko/ties-*", "casino-ochko/dealer-*")
    result = run_vectors(chosen, RunOptions("/nonexistent/harness", cwd=str(ROOT)))
    assert [o.status for o in result.outcomes] == ["not-run"] * len(chosen)
    assert result.not_run == len(chosen) > 1
    assert [p["status"] for p in result.harness] == ["crash"]
    assert "cannot start" in result.harness[0]["message"]


def in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules conformance ARGS` in a process of its own, from the repository's
    folder, killed (and the test failed) if it hangs: for the exit codes as a script sees
    them, and for the hostile harnesses whose danger is a hang or a flood."""
    return subprocess.run([PYTHON, "-m", "pontoon_rules", "conformance", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules conformance ARGS` inside this process, from the repository's folder
    (`in_process.command_line`: the same output and exit code, no interpreter's start)."""
    return command_line("conformance", *args, cwd=ROOT)


def test_cli_run_exit_codes_json_report_and_baseline(tmp_path: Path) -> None:
    folder = str(suite_dir())
    good = in_a_process("run", folder, "--impl", REFERENCE, "--run", "blackjack-reference/*")
    assert good.returncode == 0, good.stderr
    report = tmp_path / "report.json"
    broken = f"{PYTHON} {BROKEN / 'ties_to_player.py'}"
    bad = in_a_process("run", folder, "--impl", broken, "--run", "blackjack-reference/*",
                       "--skip", "*/random-*", "--json", str(report))
    assert bad.returncode == 1
    assert "blackjack-reference/ties-push" in bad.stdout
    data = json.loads(report.read_text())
    chosen = [v for v in vectors("blackjack-reference/*") if "/random-" not in v["slug"]]
    ties = sum(any(t.startswith("path:tie:") for t in v["features"]) for v in chosen)
    assert data["counts"] == {"pass": len(chosen) - ties, "fail": ties} and ties >= 1
    again = in_a_process("run", folder, "--impl", broken, "--run", "blackjack-reference/*",
                         "--skip", "*/random-*", "--baseline", str(report))
    assert again.returncode == 0 and "0 new failures, 0 fixed" in again.stdout


def test_fuzz_finds_and_shrinks_a_divergence() -> None:
    ((rules, embed),) = resolve(["pagat-british"])
    options = RunOptions(f"{PYTHON} {BROKEN / 'buy_after_twist.py'}", window=1, cwd=str(ROOT))
    result = fuzz(rules, embed, options, rounds=200, seed=3)
    assert result.divergence is not None and result.shrunk is not None
    assert result.shrunk_outcome is not None and result.shrunk_outcome.status == "fail"
    size = len(result.shrunk["shoe"]) + len(result.shrunk["steps"])
    assert size <= len(result.original["shoe"]) + len(result.original["steps"])
    assert [s["do"]["action"] for s in result.shrunk["steps"] if "do" in s][0] == "twist"


def test_fuzz_reference_against_itself_finds_nothing() -> None:
    ((rules, embed),) = resolve(["belarus-ponton"])
    result = fuzz(rules, embed, RunOptions(REFERENCE, window=1), rounds=100, seed=1)
    assert result.divergence is None and result.rounds == 100


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_node_example_harness_passes_casino_ochko() -> None:
    script = ROOT / "examples" / "harness-node" / "harness.js"
    outcomes = run(f"node {script}", vectors("casino-ochko/*", "pagat-british/ties-*"))
    statuses = {o.slug: o.status for o in outcomes}
    assert statuses.pop("pagat-british/ties-go-to-the-banker") == "skipped"
    assert set(statuses.values()) == {"pass"}, [o for o in outcomes if o.status != "pass"]
