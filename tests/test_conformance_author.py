"""Issue 50, item 3: the harness author's path.

`smoke` on a harness's own ruleset file, a worked harness for a callback-driven engine
(whose own bugs reach the kit, where a pre-checking adapter hides them), fuzz groups
keyed by the kind of difference (seat names stripped) with progress on stderr, a report
that says where an implementation stopped, and `id --fix` in a folder without a manifest.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_conformance_runner import BROKEN, PYTHON, REFERENCE, ROOT, cli

from pontoon_rules.conformance.fuzzing.fuzz import FuzzOptions, fuzz, group_key, legacy_key
from pontoon_rules.conformance.running.judge import Mismatch
from pontoon_rules.conformance.running.judging import Outcome
from pontoon_rules.conformance.running.kinds import mismatch_kind
from pontoon_rules.conformance.running.runner import RunOptions, run_vectors
from pontoon_rules.conformance.running.smoke import smoke_round
from pontoon_rules.conformance.running.stopped import stopped_note
from pontoon_rules.conformance.vectors.export import MANIFEST, resolve
from pontoon_rules.conformance.vectors.reference import trace

EXAMPLE = ROOT / "examples" / "harness-callback"
RULESET = EXAMPLE / "callback-blackjack.yaml"
CALLBACK = f"{PYTHON} {EXAMPLE / 'harness.py'}"


@pytest.fixture(scope="module")
def callback_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("callback") / "vectors"
    done = cli("export", str(RULESET), "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out


# -- smoke on a ruleset file -------------------------------------------------------------


def test_smoke_plays_the_ruleset_file_a_correct_harness_lists() -> None:
    bare = cli("smoke", "--impl", CALLBACK)
    assert bare.returncode == 1
    assert "protocol problem:" not in bare.stdout and "0 protocol problems" in bare.stdout
    assert "callback-blackjack: not a bundled ruleset: name its file" in bare.stdout
    assert "give the file of the ruleset it lists" in bare.stderr
    named = cli("smoke", str(RULESET), "--impl", CALLBACK)
    assert named.returncode == 0, named.stdout + named.stderr
    assert "callback-blackjack: protocol ok, rules ok" in named.stdout
    assert "0 protocol problems, 0 rule differences" in named.stdout


# -- the worked harness for a callback-driven engine --------------------------------------


def test_the_callback_engine_s_harness_passes_the_suite_and_fuzzing(callback_suite: Path,
                                                                    tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    done = cli("run", str(callback_suite), "--impl", CALLBACK, "--strict", "--json", str(report))
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(report.read_text())["results"]
    assert len(results) >= 20 and {r["status"] for r in results} == {"pass"}
    assert {"out-of-turn", "unknown-words", "malformed-amounts", "after-the-end"} <= {
        r["slug"].split("/", 1)[1] for r in results}
    fuzzed = cli("fuzz", str(RULESET), "--impl", CALLBACK, "--rounds", "300", "--keep-going")
    assert fuzzed.returncode == 0, fuzzed.stdout + fuzzed.stderr
    assert "300 rounds, no divergence (300 sent)" in fuzzed.stdout


def _buggy_minijack(tmp_path: Path, pre_check: bool) -> str:
    """minijack with a bug of its own (it takes moves after the end), behind the example's
    adapter, or behind one that pre-checks the end of the round itself."""
    script = tmp_path / f"buggy{'-pre-check' if pre_check else ''}.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(EXAMPLE)!r})\n"
        "import harness, minijack\n"
        "plain = minijack.MiniJack.check\n"
        "def check(self, move):\n"
        "    if self.over:\n"
        "        return None  # the bug: a finished round takes any move\n"
        "    return plain(self, move)\n"
        "minijack.MiniJack.check = check\n"
        + ("reject = harness.Round.reject\n"
           "def pre_checked(self, step):\n"
           "    if self.now[0] == 'finished':\n"
           "        return 'round_over'  # the adapter judges: the bug never shows\n"
           "    return reject(self, step)\n"
           "harness.Round.reject = pre_checked\n" if pre_check else "")
        + "harness.serve()\n")
    return f"{PYTHON} {script}"


def test_the_engine_s_own_bug_reaches_the_kit_unless_the_adapter_pre_checks(
        callback_suite: Path, tmp_path: Path) -> None:
    honest = cli("run", str(callback_suite), "--impl", _buggy_minijack(tmp_path, False),
                 "--run", "*/after-the-end*")
    assert honest.returncode == 1
    assert "steps[" in honest.stdout and "expected \"round_over\", got null" in honest.stdout
    hidden = cli("run", str(callback_suite), "--impl", _buggy_minijack(tmp_path, True),
                 "--run", "*/after-the-end*")
    assert hidden.returncode == 0, hidden.stdout


# -- fuzz groups by the kind of difference ------------------------------------------------


def _fail(path: str, expected: Any, got: Any, *others: Mismatch, final: Any = None
          ) -> Outcome:
    found = Mismatch(path, expected, got, others)
    return Outcome("id", "r/x", "must", "fail", path, expected, got, "message",
                   kind=mismatch_kind(found, final))


def test_a_difference_s_kind_leaves_seat_names_and_indices_out() -> None:
    two, three = ["TS", "7H"], ["TS", "7H", "2C"]
    seats = [_fail(f"steps[{i}].hands.p{seat}[0]", two, three) for i, seat in
             ((3, 1), (5, 2), (8, 3), (11, 4))]
    assert len({group_key(o) for o in seats}) == 1
    assert group_key(seats[0]) == "fail steps[*].hands.p*[*]: more"
    assert len({legacy_key(o) for o in seats}) == 4  # what the fuzzer grouped by before
    unknown = _fail("steps[2].code", "unknown_action", None)
    wrong = _fail("steps[2].code", "wrong_actor", None)
    assert group_key(unknown) == "fail steps[*].code: unknown_action→accepted"
    assert group_key(unknown) != group_key(wrong)
    legal = _fail("steps[0].legal", [{"action": "stick"}, {"action": "double"}],
                  [{"action": "stick"}, {"action": "split"}])
    assert group_key(legal) == "fail steps[*].legal: lacks double and offers split"
    actor = _fail("steps[4].actor", "p2", "banker")
    assert group_key(actor) == "fail steps[*].actor: seat→banker"
    crashes = [Outcome("id", "r/x", "must", "crash", message=f"the harness exited (status 1); "
                       f"stderr: Traceback …\n  File \"h.py\", line {n}\nKeyError: 'p{n}'")
               for n in (3, 7)]
    assert {group_key(o) for o in crashes} == {"crash KeyError: '…'"}
    errors = [Outcome("id", "r/x", "must", "error", message=json.dumps({"message": text}))
              for text in ("the shoe ran out after 12 cards", "the shoe ran out after 9 cards",
                           "four seats are too many")]
    assert [group_key(o) for o in errors] == ["error the shoe ran out after N cards"] * 2 + [
        "error four seats are too many"]


def test_three_bugs_at_one_path_are_three_kinds_of_difference() -> None:
    ((rules, embed),) = resolve(["casino-ochko"])
    options = RunOptions(f"{PYTHON} {BROKEN / 'three_bugs.py'}", cwd=str(ROOT), timeout=10)
    told: list[str] = []
    result = fuzz(rules, embed, options, 128, 0,
                  FuzzOptions(keep_going=True, shrink_budget=0, progress=told.append))
    keys = [g.key for g in result.groups]
    for kind in ("(pontoon): less", "(five-card-trick): less", "(total): more"):
        assert any(k == f"fail final.seats[*].hands[*].net {kind}" for k in keys), keys
    assert {legacy_key(g.first) for g in result.groups} == {
        "fail final.seats[*].hands[*].net"}  # before: all of them one group
    assert any(t.startswith("round 32 of 128, ") for t in told)
    assert told[-1].startswith("round 128 of 128, ")
    assert any(t.endswith(": shrinking an example of kind 1 of difference") for t in told)
    known = fuzz(rules, embed, options, 128, 0, FuzzOptions(
        keep_going=True, shrink_budget=0, baseline={"fail final.seats[*].hands[*].net"}))
    assert known.passed and all(g.known for g in known.groups)


def test_a_long_fuzz_says_how_far_it_is_on_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.cli import cli as main
    from pontoon_rules.cli import progress

    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    done = CliRunner().invoke(main, [
        "conformance", "fuzz", "blackjack-reference", "--impl", REFERENCE, "--rounds", "40"])
    assert done.exit_code == 0, done.output
    assert "fuzz blackjack-reference: " in done.stderr and "running for" in done.stderr
    assert "running for" not in done.stdout


# -- where the implementation stopped -----------------------------------------------------


def test_the_report_says_where_an_implementation_stopped() -> None:
    ((rules, _),) = resolve(["casino-ochko"])
    vector = smoke_round(rules, False)
    (got,) = run_vectors([vector], RunOptions(f"{PYTHON} {BROKEN / 'never_ends.py'}",
                                              cwd=str(ROOT), timeout=10)).outcomes
    assert got.status == "fail" and got.path == "final"
    assert "got null: the round is not over\n  where it stopped: it answered all 8 of 8 " \
           "steps, the last steps[7] (reject p1 'stick': refused: round_over)" in got.message
    assert "at its last checkpoint, steps[5], it said the round was over, yet gave no final" \
        in got.message
    assert "by the rules, after steps[4]: the seats' play, 1 more card from the shoe, then " \
           "the settlement" in got.message
    steps = vector["steps"][:4]  # up to the checkpoint after the twist
    played = trace(rules, vector["stakes"], vector["shoe"], steps)
    assert played["final"] is None
    note = stopped_note({**vector, "steps": steps}, played)
    assert note == ("where it stopped: it answered all 4 of 4 steps, the last steps[3] (a "
                    "checkpoint: it said p1's turn); at its last checkpoint, steps[3], it was "
                    "p1's turn in the seats' play (legal: twist, double)")


# -- id --fix without a manifest ----------------------------------------------------------


def test_id_fix_writes_a_manifest_in_a_folder_without_one(callback_suite: Path,
                                                          tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    source = callback_suite / "callback-blackjack"
    shutil.copy(source / "after-the-end.json", folder / "kept.json")
    data = json.loads((source / "random-0000.json").read_text())
    (folder / "blank.json").write_text(json.dumps({**data, "id": ""}))
    done = cli("id", "--fix", str(folder / "blank.json"), str(folder / "kept.json"))
    assert done.returncode == 0, done.stdout + done.stderr
    manifest = json.loads((folder / MANIFEST).read_text())
    assert set(manifest["added"]) == {"blank.json", "kept.json"}
    assert manifest["files"] == {} and manifest["ruleset"] == "callback-blackjack"
    check = cli("check", str(folder))
    assert check.returncode == 0, check.stdout + check.stderr
    again = cli("id", "--fix", str(folder / "kept.json"))
    assert again.returncode == 0 and MANIFEST not in again.stdout
