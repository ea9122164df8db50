"""The `session` command: automatic sessions, the JSON ledger, and session scripts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from in_process import command_line

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
ruleset: shoot-pontoon
people: [A, B, C]
seed: 3
pack: [TS, 9H, 9D, 9S, 8H, 8D, AS, 9C, 7D, KS, 6C, 7H]
deals:
  - kitty: 20
    stakes: [10, 10]
    actions: [p1 shoot 20, p1 stick, p2 stick, banker stick]
  - sell: {to: C, price: 15}
    kitty: 30
    stakes: [10, 10]
    actions: [p1 decline, p2 shoot 5, p2 stick, banker stick]
"""


def in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m pontoon_rules ARGS` in a process of its own (a seed's replay is tested
    across two processes, each with its own hash seed)."""
    return subprocess.run([sys.executable, "-m", "pontoon_rules", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line inside this process (`in_process.command_line`)."""
    return command_line(*args)


def test_automatic_session_summary() -> None:
    out = cli("session", "shoot-pontoon", "--players", "4", "--deals", "40", "--seed", "7")
    assert out.returncode == 0, out.stderr
    assert "40 deals" in out.stdout and "Bankers: A 1" in out.stdout
    assert "Balances" in out.stdout and "Kitty: deal 1: A put up 50" in out.stdout


def test_automatic_session_json_is_replayable_and_balanced() -> None:
    args = ("session", "pagat-british", "--deals", "30", "--seed", "5", "--json")
    first, second = in_a_process(*args), in_a_process(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout  # the seed replays the session
    data = json.loads(first.stdout)
    assert len(data["deals"]) == 30 and sum(data["balances"].values()) + data["kitty"] == 0
    assert {"deal", "payer", "payee", "amount", "reason"} == set(data["ledger"][0])


def test_session_script_replays_deals_sales_and_kitty(tmp_path: Path) -> None:
    path = tmp_path / "session.yaml"
    path.write_text(SCRIPT)
    out = cli("session", "--script", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    first, second = data["deals"]
    assert first["seats"] == {"p1": "B", "p2": "C"} and first["kitty"] == 0
    assert second["banker"] == "C" and second["seats"] == {"p1": "A", "p2": "B"}
    assert second["pontoons"] == ["A"] and second["next_banker"] == "A"  # p1's pontoon
    assert [p["reason"] for p in data["ledger"]][:4] == ["kitty", "stake", "shoot", "stake"]
    assert any(p["reason"] == "sale" and p["payer"] == "C" for p in data["ledger"])
    assert sum(data["balances"].values()) + data["kitty"] == 0
    assert second["transcript"][0] == {"event": "deal", "to": "p1", "card": "AS"}


def test_session_script_errors_exit_codes(tmp_path: Path) -> None:
    path = tmp_path / "dry.yaml"
    path.write_text(SCRIPT.replace("  - sell: {to: C, price: 15}\n    kitty: 30\n    stakes",
                                  "  - stakes"))
    out = cli("session", "--script", str(path))
    assert out.returncode == 2 and "kitty is empty" in out.stderr
    path.write_text(SCRIPT.replace("p1 shoot 20", "p1 shoot 21"))
    out = cli("session", "--script", str(path))
    assert out.returncode == 3 and "deal 1" in out.stderr and "shoot 1..20" in out.stderr
