"""Hostile inputs and careless commands (issue 12): one group per item, exact behaviour.

Items 3, 5, 8, 9, 11, 12, 13 and 14: references confined to the naming file's folder,
atomic writes and full disks, size limits, progress, options refused rather than
clamped, every problem at once, messages that help, and interactive play. Commands run
in-process through `run_with_errors` (the code path of the real entry point).
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.cli.interactive import menu, read_choice
from pontoon_rules.cli.progress import still_running
from pontoon_rules.engine.round.actions import Action, LegalAction
from pontoon_rules.errors import OutputError, RulesetError, ScriptError
from pontoon_rules.files import write_atomic
from pontoon_rules.ruleset.loading.loader import load_path, load_ruleset
from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES, find_ruleset_file
from pontoon_rules.ruleset.loading.registry import bundled_ids

ROOT = Path(__file__).resolve().parents[1]
SECRET = "SECRET-CONTENT-7f3a"
BASE = (ROOT / "tests" / "malformed" / "_base.yaml").read_text(encoding="utf-8")
ROUND = {"ruleset": "pagat-british", "stakes": [100],
         "shoe": ["2S", "TD", "3S", "8D", "4H", "6H"],
         "actions": ["p1 buy 175", "p1 buy 150", "p1 stick", "banker stick"]}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process: exit code, stdout, stderr."""
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def only_problem(load: object, *args: object) -> str:
    with pytest.raises(RulesetError) as caught:
        load(*args)  # type: ignore[operator]
    (problem,) = caught.value.problems
    assert SECRET not in str(problem)
    return str(problem)


def house(extends: str) -> str:
    return f"id: house\nname: House\nextends: {extends}\n"


# --- item 3: extends and a script's ruleset, confined and checked ------------------------


@pytest.fixture
def secret_files(tmp_path: Path) -> Path:
    """A folder `rules/` for the ruleset under test, and secrets around it."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "secret.yaml").write_text(BASE.replace("Test base", SECRET))
    (tmp_path / "rules" / "notes.txt").write_text(f"{SECRET}: 1\n")
    (tmp_path / "rules" / "config.yaml").write_text(f"version: 3\nservices: [{SECRET}]\n")
    (tmp_path / "rules" / "listing.yaml").write_text(f"- {SECRET}\n- two\n")
    return tmp_path / "rules"


@pytest.mark.parametrize(("extends", "message"), [
    ("/etc/passwd", "extends: '/etc/passwd': an absolute path is refused; name a bundled id "
     "or a path relative to the folder of the file that names it"),
    ("../secret.yaml", "extends: '../secret.yaml' leads outside the folder of the file that "
     "names it; a ruleset named by a file must lie in the same folder or below it "
     "(or be a bundled id)"),
    ("notes.txt", "extends: 'notes.txt' is not a ruleset file (expected a bundled id or a "
     ".yaml/.yml file)"),
    ("config.yaml", "extends: 'config.yaml' is not a ruleset file (a ruleset is a YAML "
     "mapping with an id)"),
    ("listing.yaml", "extends: 'listing.yaml' is not a ruleset file (a ruleset is a YAML "
     "mapping with an id)"),
    ("missing.yaml", "extends: unknown ruleset 'missing.yaml': no such file in the folder "
     "of the file naming it"),
])
def test_an_extends_outside_the_rules_is_one_short_problem(
        secret_files: Path, extends: str, message: str) -> None:
    child = secret_files / "house.yaml"
    child.write_text(house(extends))
    assert only_problem(load_path, child) == f"{child}:3:10: {message}"


def test_a_link_out_of_the_folder_is_refused(secret_files: Path) -> None:
    (secret_files / "base.yaml").symlink_to(secret_files.parent / "secret.yaml")
    (secret_files / "house.yaml").write_text(house("base.yaml"))
    assert "leads outside the folder" in only_problem(load_path, secret_files / "house.yaml")


def test_extends_is_relative_to_the_file_not_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules" / "bases").mkdir(parents=True)
    (tmp_path / "rules" / "bases" / "base.yaml").write_text(BASE)
    (tmp_path / "rules" / "house.yaml").write_text(house("bases/base.yaml"))
    (tmp_path / "elsewhere" / "bases").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert load_ruleset(tmp_path / "rules" / "house.yaml").pack.decks == 1
    assert load_ruleset(tmp_path / "rules" / "house.yaml").extends == "bases/base.yaml"


def test_a_bundled_id_still_works_from_any_folder(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(house("pagat-british"))
    assert load_path(tmp_path / "house.yaml").extends == "pagat-british"


def write_script(folder: Path, ruleset: str, name: str = "round.json") -> Path:
    path = folder / name
    path.write_text(json.dumps({**ROUND, "ruleset": ruleset}))
    return path


def test_a_script_ruleset_is_found_beside_the_script(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    for folder, ruleset_id in (("scripts", "beside"), ("cwd", "in-cwd")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "house.yaml").write_text(
            f"id: {ruleset_id}\nname: X\nextends: pagat-british\n")
    script = write_script(tmp_path / "scripts", "house.yaml")
    monkeypatch.chdir(tmp_path / "cwd")
    code, out, _err = run(capsys, "play", "--script", str(script), "--json")
    assert code == 0 and json.loads(out)["ruleset"] == "beside"


@pytest.mark.parametrize(("ruleset", "message"), [
    ("/etc/passwd", "error: ruleset: '/etc/passwd': an absolute path is refused"),
    ("../secret.yaml", "error: ruleset: '../secret.yaml' leads outside the folder"),
    ("notes.txt", "error: ruleset: 'notes.txt' is not a ruleset file"),
    ("config.yaml", "error: ruleset: 'config.yaml' is not a ruleset file (a ruleset is a "
     "YAML mapping with an id)"),
])
@pytest.mark.parametrize("command", ["play", "session"])
def test_a_script_ruleset_outside_the_rules_is_refused_without_quoting_it(
        secret_files: Path, capsys: pytest.CaptureFixture[str], ruleset: str, message: str,
        command: str) -> None:
    if command == "play":
        script = write_script(secret_files, ruleset)
    else:
        script = secret_files / "session.json"
        script.write_text(json.dumps({"ruleset": ruleset, "people": 2, "deals": []}))
    code, _out, err = run(capsys, command, "--script", str(script))
    assert code == 2
    assert err.startswith(message) and err.count("\n") == 1
    assert SECRET not in err


# --- item 5: atomic writes, full disks ---------------------------------------------------


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError, match="the disk is full; nothing was written"):
        write_atomic(target, "new" * 1000)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_a_write_killed_before_the_rename_leaves_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_a_finished_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def enospc(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)


@pytest.mark.parametrize("args", [
    ["schema", "-o", "{out}"],
    ["show", "pagat-british", "-o", "{out}"],
    ["show", "pagat-british", "--format", "yaml", "-o", "{out}"],
    ["sheet", "pagat-british", "--format", "md", "-o", "{out}"],
])
def test_a_command_on_a_full_disk_is_one_error_and_keeps_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str]) -> None:
    target = tmp_path / "out.md"
    target.write_text("old")
    enospc(monkeypatch)
    code, _out, err = run(capsys, *[a.format(out=target) for a in args])
    assert code == 1
    assert err == (f"error: {target}: the disk is full; nothing was written "
                   "(the old file, if any, is intact)\n")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.md"]


def test_the_golden_writer_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.engine.scripts import golden

    monkeypatch.setattr(golden, "golden_rounds", lambda ruleset_id: [{"id": ruleset_id}])
    written = golden.write_golden(tmp_path / "golden")
    assert [p.name for p in written] == [f"{i}.json" for i in bundled_ids()]
    enospc(monkeypatch)
    monkeypatch.setattr(golden, "golden_rounds", lambda ruleset_id: [{"new": ruleset_id}])
    with pytest.raises(OutputError, match="the disk is full"):
        golden.write_golden(tmp_path / "golden")
    assert json.loads(written[0].read_text()) == [{"id": bundled_ids()[0]}]
    assert sorted(p.name for p in (tmp_path / "golden").iterdir()) == \
        sorted(p.name for p in written)


def test_the_catalog_writer_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from babel.messages.catalog import Catalog

    from pontoon_rules.docs.website import catalog

    target = tmp_path / "x.po"
    target.write_text("old")
    changed = Catalog()
    changed.add("A message the file lacks", "Новое")  # so the file must be written again
    enospc(monkeypatch)
    with pytest.raises(OutputError):
        catalog._write(changed, target)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.po"]


def test_any_other_full_disk_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pontoon_rules.ruleset.loading import registry

    def full() -> None:
        raise OSError(errno.ENOSPC, "No space left on device", "/somewhere/file")

    monkeypatch.setattr(registry, "bundled_ids", full)
    code, _out, err = run(capsys, "list")
    assert (code, err) == (1, "error: /somewhere/file: the disk is full\n")


def test_the_conformance_json_report_is_atomic(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.conformance.running.report import write_json
    from pontoon_rules.conformance.running.runner import RunResult

    target = tmp_path / "report.json"
    write_json(RunResult([], {"name": "first"}), target)
    enospc(monkeypatch)
    with pytest.raises(OutputError, match="the disk is full"):
        write_json(RunResult([], {"name": "second"}), target)
    assert json.loads(target.read_text())["implementation"] == {"name": "first"}
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs (root only; skipped where it cannot be mounted)."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    yield folder
    subprocess.run(["umount", str(folder)], check=False)


def test_a_real_full_disk_keeps_the_old_file(tiny_disk: Path) -> None:
    target = tiny_disk / "ruleset.schema.json"
    target.write_text("old " * 9_000)  # 36 KB: the new 41 KB schema cannot fit beside it
    out = subprocess.run([sys.executable, "-m", "pontoon_rules", "schema", "-o", str(target)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1, out.stderr
    assert out.stderr == (f"error: {target}: the disk is full; nothing was written "
                          "(the old file, if any, is intact)\n")
    assert target.read_text() == "old " * 9_000
    assert [p.name for p in tiny_disk.iterdir()] == ["ruleset.schema.json"]


# --- item 8: size limits ------------------------------------------------------------------


@pytest.mark.parametrize(("ref", "message"), [
    ("/dev/zero", "/dev/zero: not a regular file, not a ruleset file (a ruleset is a bundled "
     "id or a .yaml file)"),
    ("/", "/: a folder, not a ruleset file (a ruleset is a bundled id or a .yaml file)"),
])
def test_a_device_or_folder_is_refused_without_reading_it(ref: str, message: str) -> None:
    assert only_problem(load_ruleset, ref) == message


def test_a_huge_ruleset_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)
    started = time.perf_counter()
    assert only_problem(load_path, huge) == (
        f"{huge}: file too large: ruleset files are limited to 1 MiB, got 50.0 MiB")
    assert time.perf_counter() - started < 5  # generous: refused without parsing


def test_a_ruleset_at_the_limit_is_read(tmp_path: Path) -> None:
    text = BASE + "#" * (MAX_RULESET_BYTES - len(BASE.encode()) - 1) + "\n"
    path = tmp_path / "big.yaml"
    path.write_text(text)
    assert path.stat().st_size == MAX_RULESET_BYTES
    assert load_path(path).id == "test-base"
    path.write_text(text + "\n")
    assert "file too large" in only_problem(load_path, path)


def test_a_huge_base_is_refused_too(tmp_path: Path) -> None:
    with (tmp_path / "base.yaml").open("wb") as stream:
        stream.truncate(2 * 1024 * 1024)
    (tmp_path / "house.yaml").write_text(house("base.yaml"))
    assert only_problem(load_path, tmp_path / "house.yaml").endswith(
        "base.yaml: file too large: ruleset files are limited to 1 MiB, got 2.0 MiB")


def test_a_huge_script_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.json"
    with script.open("wb") as stream:
        stream.truncate(9 * 1024 * 1024)
    code, _out, err = run(capsys, "play", "--script", str(script))
    assert (code, err) == (2, f"error: {script}: file too large: script files are limited "
                              "to 8 MiB, got over 8 MiB\n")


# --- item 9: progress ----------------------------------------------------------------------


def test_a_long_call_says_it_is_running_and_a_short_one_says_nothing() -> None:
    stream = io.StringIO()
    with still_running("simulating", stream, after=0.05):
        time.sleep(0.3)
    assert re.fullmatch(r"simulating: running for 0 s\n", stream.getvalue())
    quiet = io.StringIO()
    with still_running("simulating", quiet, after=5):
        pass
    assert quiet.getvalue() == ""


def test_simulate_with_json_shows_progress_on_stderr_only(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import pontoon_rules.cli.progress as progress

    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    code, out, err = run(capsys, "simulate", "pagat-british", "--rounds", "3000", "--json")
    assert code == 0 and json.loads(out)["rounds"] == 3000
    # the set-up (loading or compiling the kernel) and the run each say they are running,
    # on stderr only: stdout is the JSON alone
    lines = [line.rsplit("\r", 1)[-1] for line in err.splitlines() if line.strip()]
    assert lines and all(line.startswith((
        "setting up the simulator for pagat-british", "simulating 3,000 rounds of pagat-british"))
        and ": running for " in line for line in lines), err


def test_docs_serve_prints_its_address_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import pontoon_rules.docs.website.site as site

    seen: list[str] = []
    monkeypatch.setattr(site, "serve_site", lambda _config, address: seen.append(address))
    code, _out, err = run(capsys, "docs", "serve", "-a", "127.0.0.1:8123")
    assert (code, seen) == (0, ["127.0.0.1:8123"])
    assert err.startswith("serving the site at http://127.0.0.1:8123/")


# --- item 11: options outside the ruleset's limits are refused -------------------------


@pytest.mark.parametrize(("args", "message"), [
    (["session", "pagat-british", "--stake", "0"],
     "Invalid value for --stake: 0: pagat-british takes stakes of at least 1"),
    (["session", "pagat-british", "--stake", "-10"],
     "Invalid value for --stake: -10: pagat-british takes stakes of at least 1"),
    (["session", "shoot-pontoon", "--kitty", "-5"],
     "Invalid value for '--kitty': -5 is not in the range x>=1."),
    (["session", "pagat-british", "--players", "13"],
     "Invalid value for --players: 13: pagat-british seats 1 to 7 players besides the banker"),
    (["session", "pagat-british", "--players", "12"],
     "Invalid value for --players: 12: pagat-british seats 1 to 7 players besides the banker"),
    (["session", "casino-ochko", "--players", "0"],
     "Invalid value for --players: 0: casino-ochko seats 1 to 7 players besides the banker"),
    (["play", "pagat-british", "--seats", "0"],
     "Invalid value for --seats: 0: pagat-british seats 1 to 7 players besides the banker"),
    (["play", "pagat-british", "--seats", "50"],
     "Invalid value for --seats: 50: pagat-british seats 1 to 7 players besides the banker"),
    (["play", "pagat-british", "--stake", "0"],
     "Invalid value for --stake: 0: pagat-british takes stakes of at least 1"),
])
def test_out_of_range_options_are_refused_not_clamped(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args, "--deals", "2") if args[0] == "session" else \
        run(capsys, *args)
    assert code == 2 and out == ""
    assert f"Error: {message}" in err


# --- item 12: every problem at once -------------------------------------------------------


def test_a_bad_provenance_status_hides_no_other_problem(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(BASE)
    path = tmp_path / "three.yaml"
    path.write_text(
        "extends: base.yaml\nid: three\nname: Three mistakes\n"
        "hands:\n  definitions:\n    five-card-trick:\n      min_cards: 6\n"
        "provenance:\n  player.stick_minimum:\n    source: nowhere\n    status: maybe\n"
        "  pack.nothing:\n    source: pagat\n    status: stated\n")
    with pytest.raises(RulesetError) as caught:
        load_path(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:6:5: hands.definitions.five-card-trick: it needs 6 cards, above "
        "player.max_cards (5) and banker.max_cards (5): no hand could hold it",
        f"{path}:10:13: provenance names unknown sources ['nowhere']",
        f"{path}:11:13: provenance['player.stick_minimum'].status: expected one of 'stated', "
        "'implied', 'our-reading', got 'maybe'",
        f"{path}:12:3: provenance for unknown fields ['pack.nothing']",
    ]


def test_a_check_reading_an_invalid_field_is_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(BASE)
    path = tmp_path / "two.yaml"
    path.write_text("extends: base.yaml\nid: two\nname: Two\nplayer:\n  max_cards: many\n"
                    "banker:\n  max_cards: 4\n"
                    "hands:\n  definitions:\n    five-card-trick:\n      min_cards: 6\n")
    with pytest.raises(RulesetError) as caught:
        load_path(path)
    assert [p.path for p in caught.value.problems] == ["player.max_cards"]


# --- item 13: messages that help ---------------------------------------------------------


def test_odds_written_as_a_number_name_the_format(tmp_path: Path) -> None:
    path = tmp_path / "odds.yaml"
    path.write_text("id: odds\nname: Odds\nextends: pagat-british\nhands:\n"
                    "  definitions:\n    five-card-trick:\n      pays: 3\n")
    assert only_problem(load_path, path) == (
        f"{path}:7:13: hands.definitions.five-card-trick.pays: expected odds as text "
        "'won:staked', like '3:1' or '3:2', got 3 (write '3:1' for 3 to 1)")


def test_a_malformed_json_script_is_one_message_with_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.json"
    script.write_text('{"ruleset": "pagat-british",\n "shoe": ["2S" "TD"]}')
    code, _out, err = run(capsys, "play", "--script", str(script))
    assert (code, err) == (2, f"error: {script}:2:16: not valid JSON: Expecting ',' delimiter\n")


def test_a_malformed_yaml_script_is_one_message_with_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.yaml"
    script.write_text("ruleset: pagat-british\nshoe: [2S, TD\n")
    code, _out, err = run(capsys, "play", "--script", str(script))
    assert code == 2 and err.startswith(f"error: {script}:3:1: not valid YAML: ")
    assert err.count("\n") == 1


def test_an_action_for_a_seat_that_does_not_exist_names_the_seats(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.json"
    script.write_text(json.dumps({**ROUND, "actions": ["p9 stick"]}))
    code, _out, err = run(capsys, "play", "--script", str(script))
    assert (code, err) == (3, "error: illegal action 'p9 stick' for p9 (step 1: there is no "
                              "seat p9, the seats are p1; it is p1's turn); legal: p1 twist, "
                              "p1 buy 100..200\n")


@pytest.mark.parametrize("args", [
    ["show", "pagat-britsh"], ["edge", "pagat-britsh"], ["diff", "pagat-britsh", "casino-ochko"],
    ["sheet", "pagat-britsh", "-o", "x.pdf"], ["session", "pagat-britsh"],
    ["play", "pagat-britsh"], ["simulate", "pagat-britsh"],
])
def test_every_command_suggests_the_id_and_lists_them(
        capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, _out, err = run(capsys, *args)
    assert code == 2
    assert "unknown ruleset 'pagat-britsh'" in err
    assert "did you mean 'pagat-british'? bundled: " + ", ".join(bundled_ids()) in err


# --- item 14: interactive play ------------------------------------------------------------


LEGAL = [LegalAction("stick"), LegalAction("twist"), LegalAction("buy", 100, 200)]


@pytest.mark.parametrize(("answer", "action"), [
    ("s", Action("stick")), ("S", Action("stick")), ("Stick", Action("stick")),
    ("stand", Action("stick")), ("t", Action("twist")), ("TWIST", Action("twist")),
    ("hit", Action("twist")), ("b 150", Action("buy", 150)), ("Buy 200", Action("buy", 200)),
])
def test_an_answer_is_a_letter_or_a_word_in_any_case(answer: str, action: Action) -> None:
    assert read_choice(answer, LEGAL) == action


@pytest.mark.parametrize(("answer", "message"), [
    ("x", "'x' is not one of: stick (s), twist (t), buy 100..200 (b)"),
    ("split", "'split' is not one of: stick (s), twist (t), buy 100..200 (b)"),
    ("b", "buy needs an amount from 100 to 200, e.g. 'b 100'"),
    ("b 500", "buy needs an amount from 100 to 200, e.g. 'b 100'"),
    ("s 5", "stick takes no amount"),
])
def test_an_answer_that_is_not_legal_is_explained(answer: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        read_choice(answer, LEGAL)
    assert str(caught.value) == message


def test_the_menu_lists_only_the_legal_actions() -> None:
    assert menu([LegalAction("twist"), LegalAction("double")]) == "twist (t), double (d)"


def test_interactive_play_prints_its_seed_and_replays_with_it() -> None:
    def play(*args: str) -> str:
        out = subprocess.run([sys.executable, "-m", "pontoon_rules", "play", "casino-ochko",
                              *args], input="S\nt\n" * 12, capture_output=True, text=True,
                             check=False, env={**os.environ, "COLUMNS": "200"})
        assert out.returncode == 0, out.stderr
        return out.stdout

    first = play()
    seed = re.search(r"seed (\d+) \(replay this round with --seed \1\)", first)
    assert seed is not None
    assert play("--seed", seed.group(1)) == first
    seeded = play("--seed", "7")
    assert re.search(r"your hand: .+ \((soft )?\d+\)   banker shows: ", seeded)
    assert "choose: stick (s), twist (t)" in seeded


def test_script_errors_are_project_errors() -> None:
    from pontoon_rules.engine.scripts.script import parse_script_text

    with pytest.raises(ScriptError, match=r"^x:1:6: not valid JSON: Expecting ',' delimiter$"):
        parse_script_text("[1, 2", "x")


def test_fuzz_save_on_a_full_disk_keeps_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    target = tmp_path / "shrunk.json"
    target.write_text("old")
    enospc(monkeypatch)
    broken = ROOT / "tests" / "broken_impls" / "buy_after_twist.py"
    monkeypatch.chdir(ROOT)
    code, _out, err = run(capsys, "conformance", "fuzz", "pagat-british", "--impl",
                          f"{sys.executable} {broken}", "--rounds", "200", "--seed", "3",
                          "--save", str(target))
    *progress, last = err.splitlines()  # a sign of life on a slow machine is no error
    assert (code, last) == (1, f"error: {target}: the disk is full; nothing was written "
                               "(the old file, if any, is intact)")
    assert all(line.endswith(" s") and "running for" in line for line in progress), progress
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["shrunk.json"]


# --- property: a reference never leads out of its folder -------------------------------

_PARTS = st.sampled_from(["..", ".", "sub", "deep", "base.yaml", "x.yml", "", "~", "/"])


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(_PARTS, min_size=1, max_size=6))
def test_a_reference_is_refused_or_stays_in_its_folder(
        tmp_path_factory: pytest.TempPathFactory, parts: list[str]) -> None:
    root = tmp_path_factory.getbasetemp() / "confined"
    folder = root / "rules"
    if not folder.exists():
        (folder / "sub" / "deep").mkdir(parents=True)
        for place in (root, folder, folder / "sub", folder / "sub" / "deep"):
            (place / "base.yaml").write_text(BASE)
            (place / "x.yml").write_text(BASE)
    found = find_ruleset_file("/".join(parts), folder)
    if isinstance(found, Path):
        assert found.resolve().is_relative_to(folder.resolve())
        assert found.suffix in (".yaml", ".yml") and found.is_file()
    else:
        assert SECRET not in found and "\n" not in found


# --- second round (issue 26), item 10 -------------------------------------------------------


def test_a_translation_into_a_language_no_sheet_has_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "xx.yaml"
    path.write_text("id: xx\nname: X\nextends: pagat-british\ntranslations:\n  xx:\n"
                    "    name: Y\n  ru:\n    name: Икс\n")
    code, _out, err = run(capsys, "validate", str(path))
    assert (code, err) == (2, f"{path}:4:1: translations: translations into 'xx' would never "
                              "be shown: the sheets and the site are written in en, de, hy, it, "
                              "pa, ru, ur, vi (the name and summary themselves are the en "
                              "ones)\n"
                              "1 problem found\n")


def test_an_overlay_never_shows_its_bases_translated_name(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("id: house\nname: Our house\nextends: pagat-british\n")
    house = load_path(tmp_path / "house.yaml")
    assert (house.name_in("ru"), house.summary_in("ru")) == ("Our house", "")
    base = load_ruleset("pagat-british")
    for variation in ("pagat-aces-only-split", "pagat-stick-16", "shoot-pontoon"):
        loaded = load_ruleset(variation)
        assert loaded.name_in("ru") not in (base.name_in("ru"), loaded.name), variation
        assert loaded.summary_in("ru") != base.summary_in("ru"), variation


def test_a_sheet_written_over_a_private_file_stays_private(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "sheet.md"
    target.write_text("old")
    target.chmod(0o600)
    code, _out, _err = run(capsys, "sheet", "pagat-british", "--format", "md", "-o",
                           str(target))
    assert code == 0 and target.read_text() != "old"
    assert target.stat().st_mode & 0o777 == 0o600
    fresh = tmp_path / "new.md"
    run(capsys, "sheet", "pagat-british", "--format", "md", "-o", str(fresh))
    assert fresh.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize(("answer", "message"), [
    ("b ١٥٠", "buy needs an amount from 100 to 200, e.g. 'b 100'"),
    ("b ²", "buy needs an amount from 100 to 200, e.g. 'b 100'"),
    ("b " + "1" * 5000, "buy needs an amount from 100 to 200, e.g. 'b 100'"),
    ("x" * 2_000_000, "'xxxxxxxxxxxxxxxxxxx…' is not one of: stick (s), twist (t), "
     "buy 100..200 (b)"),
])
def test_an_odd_answer_is_explained_without_python_words(answer: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        read_choice(answer, LEGAL)
    assert str(caught.value) == message


def test_interactive_play_never_echoes_python_or_a_huge_line() -> None:
    answers = "x" * 2_000_000 + "\nb " + "9" * 5000 + "\nb ١٥٠\ns\n" * 3 + "s\n" * 10
    out = subprocess.run([sys.executable, "-m", "pontoon_rules", "play", "pagat-british",
                          "--seed", "7"], input=answers, capture_output=True, text=True,
                         check=False, timeout=120)
    assert out.returncode == 0, out.stderr
    for leak in ("invalid literal", "int_max_str_digits", "Traceback"):
        assert leak not in out.stdout + out.stderr
    assert len(out.stdout) < 20_000


@pytest.mark.parametrize(("error", "message"), [
    (errno.ENAMETOOLONG, "the name is too long"),
    (errno.ENOTDIR, "a part of the path is a file, not a folder"),
    (errno.EISDIR, "a folder, not a file"),
])
def test_a_path_the_system_refuses_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: int,
        message: str) -> None:
    from pontoon_rules.ruleset.loading import registry

    def refused() -> None:
        raise OSError(error, os.strerror(error), "afile/sub")

    monkeypatch.setattr(registry, "bundled_ids", refused)
    code, _out, err = run(capsys, "list")
    assert (code, err) == (1, f"error: afile/sub: {message}\n")
