"""The `diff` and `examples` commands: exit codes, formats and JSON shape."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from in_process import command_line

from pontoon_rules.compare.impact import NOT_AVAILABLE, edge_function, impact_line
from pontoon_rules.ruleset.loading.registry import load_bundled

ROOT = Path(__file__).resolve().parent.parent


def in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m pontoon_rules ARGS` in a process of its own (the JSON records' test: a
    script's view of the command)."""
    env = {**os.environ, "COLUMNS": "240"}
    return subprocess.run([sys.executable, "-m", "pontoon_rules", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, env=env)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line inside this process (`in_process.command_line`), as wide and from
    the same folder as `in_a_process`."""
    return command_line(*args, env={"COLUMNS": "240"}, cwd=ROOT)


def test_diff_json_records() -> None:
    out = in_a_process("diff", "pagat-british", "pagat-stick-16", "shoot-pontoon", "--format",
                       "json")
    assert out.returncode == 0, out.stderr
    records = json.loads(out.stdout)
    assert [r["path"] for r in records] == ["player.stick_minimum", "shoot.enabled",
                                            "shoot.dry_kitty_sale"]
    assert set(records[0]) >= {"path", "topic", "description", "values"}
    assert set(records[0]["values"]) == {"pagat-british", "pagat-stick-16", "shoot-pontoon"}
    assert set(records[0]["values"]["pagat-stick-16"]) == {
        "value", "text", "status", "source", "quote", "note", "open"}


def test_diff_text_and_markdown() -> None:
    text = cli("diff", "casino-ochko", "blackjack-reference")
    assert text.returncode == 0, text.stderr
    assert "Settlement" in text.stdout and "Who wins when hands are equal" in text.stdout
    md = cli("diff", "casino-ochko", "blackjack-reference", "--format", "md", "--all")
    assert md.returncode == 0 and "## The pack" in md.stdout and "(same)" in md.stdout


def test_diff_needs_two_known_rulesets() -> None:
    assert cli("diff", "pagat-british").returncode == 2
    out = cli("diff", "pagat-british", "no-such-ruleset")
    assert out.returncode == 2 and "no-such-ruleset" in out.stderr
    assert "Traceback" not in out.stderr


def test_examples_json_for_one_field() -> None:
    out = cli("examples", "casino-ochko", "blackjack-reference", "--json",
              "--field", "settlement.ties")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["rulesets"] == ["casino-ochko", "blackjack-reference"]
    (example,) = data["examples"]
    assert example["field"] == "settlement.ties" and example["impact"] is None
    assert example["script"]["actions"] == ["p1 stick"]


def test_examples_text_lists_examples_and_reasons() -> None:
    out = cli("examples", "pagat-british", "shoot-pontoon")
    assert out.returncode == 0, out.stderr
    assert "shoot.enabled" in out.stdout and "kitty" in out.stdout


def test_examples_rejects_an_unknown_field() -> None:
    out = cli("examples", "pagat-british", "casino-ochko", "--field", "player.stik")
    assert out.returncode == 2 and "player.stik" in out.stderr


def test_examples_script_replays_with_play_command(tmp_path: Path) -> None:
    out = cli("examples", "pagat-british", "pagat-stick-16", "--json")
    (example,) = json.loads(out.stdout)["examples"]
    for rid, script in example["scripts"].items():
        path = tmp_path / f"{rid}.json"
        path.write_text(json.dumps(script))
        played = cli("play", "--script", str(path), "--json")
        assert played.returncode == 0, played.stderr
        result = json.loads(played.stdout)
        assert result["seats"] == example["played"][rid]["result"]["seats"]


def test_impact_line_from_the_analysis_hook() -> None:
    line = impact_line(load_bundled("casino-ochko"), load_bundled("blackjack-reference"),
                       "settlement.ties")
    if edge_function() is None:
        assert line == NOT_AVAILABLE
    else:
        assert line.startswith("edge: ") and "points" in line, line
