"""Issue 16: a fuzzer that cannot pass by accident, stable ids, baselines, targeted vectors
for ruleset files, side by side, the harness skeleton; issue 12 item 5: safe exports."""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_conformance import suite_dir
from test_conformance_runner import BROKEN, PYTHON, REFERENCE, ROOT, cli

from pontoon_rules.conformance.fuzzing.fuzz import FuzzOptions, fuzz
from pontoon_rules.conformance.running.report import against_baseline
from pontoon_rules.conformance.running.runner import Outcome, RunOptions
from pontoon_rules.conformance.vectors.check import check_suite
from pontoon_rules.conformance.vectors.export import MANIFEST, export, load_suite, sha256_text
from pontoon_rules.errors import OutputError

TIES = f"{PYTHON} {BROKEN / 'ties_to_player.py'}"
HOUSE = """id: ochko-house
name: {name}
kind: house
extends: casino-ochko
summary: {summary}
player:
  stick_minimum: {stick}
"""
OPEN_TIES = """id: ochko-open-ties
name: Ochko, ties an open reading
kind: house
extends: casino-ochko
provenance:
  settlement.ties:
    source: ochko-ru
    quote: "В случае ничьей выигрывает дилер."
    status: our-reading
    open: true
"""


def house(tmp_path: Path, name: str = "House", summary: str = "Ours.", stick: int = 12,
          file: str = "house.yaml") -> Path:
    path = tmp_path / file
    path.write_text(HOUSE.format(name=name, summary=summary, stick=stick))
    return path


def exported(folder: Path) -> dict[str, dict[str, Any]]:
    return {data["slug"]: data for _, data in load_suite(folder)}


# -- the fuzzer ------------------------------------------------------------------------------


def test_fuzz_against_a_harness_that_lists_no_ruleset_fails(tmp_path: Path) -> None:
    (tmp_path / "skel").mkdir()
    assert cli("new-harness", "--lang", "python", "-o", str(tmp_path / "skel"),
               "--ruleset", "pagat-british").returncode == 0
    harness = f"{PYTHON} {tmp_path / 'skel' / 'harness.py'}"
    unlisted = cli("fuzz", "casino-ochko", "--impl", harness, "--rounds", "30")
    assert unlisted.returncode == 1
    assert "nothing was sent" in unlisted.stdout + unlisted.stderr
    assert "does not list the ruleset 'casino-ochko'" in unlisted.stdout + unlisted.stderr
    skipped = cli("fuzz", "pagat-british", "--impl", harness, "--rounds", "30")
    assert skipped.returncode == 1
    assert "skipped all 30 rounds" in skipped.stdout + skipped.stderr


def test_a_may_difference_does_not_stop_a_fuzz_run(tmp_path: Path) -> None:
    path = tmp_path / "open.yaml"
    path.write_text(OPEN_TIES)
    done = cli("fuzz", str(path), "--impl", TIES, "--rounds", "150", "--seed", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "150 rounds" in done.stdout and "may fail final" in done.stdout
    # casino-ochko's extra seats are an open reading: a tie at one seat is the `must` case
    must = cli("fuzz", "casino-ochko", "--impl", TIES, "--rounds", "150", "--seed", "3")
    assert must.returncode == 1 and "must fail final" in must.stdout
    assert "150 rounds" not in must.stdout


def test_skip_keep_going_groups_and_baseline(tmp_path: Path) -> None:
    from pontoon_rules.conformance.vectors.export import resolve

    ((rules, embed),) = resolve(["pagat-british"])
    options = RunOptions(f"{PYTHON} {BROKEN / 'buy_after_twist.py'}", cwd=str(ROOT))
    result = fuzz(rules, embed, options, 120, 3, FuzzOptions(120, 3, keep_going=True,
                                                             shrink_budget=60))
    assert result.rounds == 120 and not result.passed and result.groups
    for group in result.groups:
        assert group.shrunk is not None and group.shrunk_outcome is not None
        assert len(group.shrunk["shoe"]) <= len(group.original["shoe"])
    assert len({g.key for g in result.groups}) == len(result.groups)
    skipped = fuzz(rules, embed, options, 120, 3, FuzzOptions(120, 3, skip=["did:twist"]))
    assert skipped.passed and skipped.skipped_by_us > 0 and skipped.sent > 0
    report = tmp_path / "out" / "fuzz.json"
    first = cli("fuzz", "pagat-british", "--impl", options.command, "--rounds", "120",
                "--seed", "3", "--keep-going", "--json", str(report))
    assert first.returncode == 1 and json.loads(report.read_text())["groups"]
    again = cli("fuzz", "pagat-british", "--impl", options.command, "--rounds", "120",
                "--seed", "3", "--keep-going", "--baseline", str(report))
    assert again.returncode == 0, again.stdout
    assert "known: in the baseline" in again.stdout


# -- ids and baselines -----------------------------------------------------------------------


def test_ids_do_not_depend_on_names_summaries_or_provenance(tmp_path: Path) -> None:
    export([str(house(tmp_path))], tmp_path / "a")
    export([str(house(tmp_path, "Renamed «house»", "Another summary.", file="b.yaml"))],
           tmp_path / "b")
    export([str(house(tmp_path, stick=13, file="c.yaml"))], tmp_path / "c")
    a, b, c = (exported(tmp_path / k) for k in "abc")
    assert {v["id"] for v in a.values()} == {v["id"] for v in b.values()}
    assert len(a) > 10
    assert {v["id"] for v in a.values()}.isdisjoint({v["id"] for v in c.values()})


def test_baselines_follow_reimplements() -> None:
    old = Outcome("old-id", "x/y", "must", "fail", message="was failing")
    new = Outcome("new-id", "x/y", "must", "fail", message="still failing",
                  reimplements="old-id")
    fresh, fixed = against_baseline([new], {"old-id": "fail"})
    assert fresh == [] and fixed == []
    fresh, _ = against_baseline([new], {"old-id": "pass"})
    assert fresh == [new]
    assert old.to_json().get("reimplements") is None


# -- exports ---------------------------------------------------------------------------------


def test_export_writes_a_manifest_last_and_check_finds_an_incomplete_one(tmp_path: Path) -> None:
    export(["blackjack-reference"], tmp_path)
    folder = tmp_path / "blackjack-reference"
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["count"] == len(manifest["files"]) > 5
    assert check_suite(tmp_path)[1] == []
    victim = sorted(manifest["files"])[0]
    (folder / victim).unlink()
    problems = check_suite(tmp_path)[1]
    assert any("incomplete export: 1 of" in p and victim in p for p in problems)
    (folder / MANIFEST).unlink()
    problems = check_suite(tmp_path)[1]
    assert any("incomplete export: no readable _manifest.json" in p for p in problems)
    assert check_suite(tmp_path, partial=True)[1] == []


def test_a_full_disk_midway_is_one_error_and_leaves_no_manifest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.files as files

    export(["blackjack-reference"], tmp_path)
    for path in (tmp_path / "blackjack-reference").glob("t*.json"):
        path.unlink()  # the export must write these again (unchanged files are not rewritten)
    before = {p.name: p.read_bytes() for p in (tmp_path / "blackjack-reference").iterdir()}
    real = files._replace
    calls = {"n": 0}

    def fill(target: Path, payload: bytes) -> None:
        calls["n"] += 1
        if calls["n"] > 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(target, b"changed " + payload if target.name != MANIFEST else payload)

    monkeypatch.setattr(files, "_replace", fill)
    with pytest.raises(OutputError, match="the disk is full"):
        export(["blackjack-reference"], tmp_path)
    monkeypatch.undo()
    folder = tmp_path / "blackjack-reference"
    assert not (folder / MANIFEST).exists()
    for name, data in before.items():
        if name != MANIFEST:
            now = (folder / name).read_bytes()
            assert now == data or now.startswith(b"changed "), name
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    assert any("incomplete export" in p for p in check_suite(tmp_path)[1])


def test_export_never_deletes_files_it_did_not_write(tmp_path: Path) -> None:
    folder = tmp_path / "blackjack-reference"
    folder.mkdir()
    (folder / "thesis.json").write_text('{"mine": true}')
    (folder / "notes.txt").write_text("keep me")
    export(["blackjack-reference"], tmp_path)
    manifest = json.loads((folder / MANIFEST).read_text())
    stale = folder / "stale-vector.json"
    shutil.copy(folder / sorted(manifest["files"])[0], stale)
    manifest["files"]["stale-vector.json"] = sha256_text(stale.read_text())
    (folder / MANIFEST).write_text(json.dumps(manifest))
    report = export(["blackjack-reference"], tmp_path)
    assert (folder / "thesis.json").read_text() == '{"mine": true}'
    assert (folder / "notes.txt").read_text() == "keep me"
    assert not stale.exists() and report.removed == [str(stale)]
    assert str(folder / "thesis.json") in report.foreign
    problems = check_suite(tmp_path)[1]
    assert any("thesis.json: not listed in _manifest.json" in p for p in problems)


def test_cli_export_onto_a_full_disk_is_one_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    import pontoon_rules.files as files
    from pontoon_rules.cli import cli as group
    from pontoon_rules.cli import progress
    from pontoon_rules.cli.errors import run_with_errors

    def full(target: Path, payload: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    suite = str(suite_dir())  # exported before the disk "fills"
    monkeypatch.setattr(files, "_replace", full)
    # A command slower than a second under load prints a sign of life first ("fuzz
    # pagat-british: starting the harness: running for 1 s"): none here, so stderr is
    # the error alone and one line means one line.
    monkeypatch.setattr(progress, "SHOW_AFTER", 3600.0)
    monkeypatch.setattr(sys, "argv", ["pontoon-rules", "conformance", "export",
                                      "blackjack-reference", "-o", str(tmp_path / "v")])
    assert run_with_errors(group) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the disk is full" in err and "Traceback" not in err
    monkeypatch.setattr(sys, "argv", ["pontoon-rules", "conformance", "run", suite,
                                      "--impl", REFERENCE, "--run", "casino-ochko/ties-*", "--json",
                                      str(tmp_path / "r" / "report.json")])
    assert run_with_errors(group) == 1
    err = capsys.readouterr().err
    assert "the disk is full" in err and "Traceback" not in err
    for argv in (["new-harness", "--lang", "python", "-o", str(tmp_path / "h")],
                 ["fuzz", "pagat-british", "--impl", REFERENCE, "--rounds", "5", "--json",
                  str(tmp_path / "f" / "fuzz.json")]):
        monkeypatch.setattr(sys, "argv", ["pontoon-rules", "conformance", *argv])
        assert run_with_errors(group) == 1, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the disk is full" in err, (argv, err)
    assert not list((tmp_path / "h").iterdir())


# -- targeted vectors for a ruleset file -----------------------------------------------------


def test_a_ruleset_file_gets_base_examples_applicable_examples_and_coverage(
        tmp_path: Path) -> None:
    path = house(tmp_path)
    report = export([str(path)], tmp_path / "v")
    vectors = exported(tmp_path / "v")
    slugs = set(vectors)
    assert any(s.startswith("ochko-house/vs-casino-ochko-player-stick-minimum") for s in slugs)
    assert any(s.startswith("ochko-house/example-casino-ochko-") for s in slugs)
    assert not [n for n in report.notes if "not covered" in n], report.notes
    assert check_suite(tmp_path / "v")[1] == []
    done = cli("run", str(tmp_path / "v"), "--impl", REFERENCE)
    assert done.returncode == 0, done.stdout


def test_a_ruleset_whose_pontoon_may_draw_gets_a_vector_where_it_draws(tmp_path: Path) -> None:
    path = tmp_path / "draw.yaml"
    path.write_text("id: ochko-draw\nname: Draw\nkind: house\nextends: casino-ochko\n"
                    "hands:\n  definitions:\n    pontoon:\n      may_draw_on: true\n")
    export([str(path)], tmp_path / "v")
    drew = [v for v in exported(tmp_path / "v").values() if "pontoon-drew" in v["features"]]
    assert drew
    hand = drew[0]["final"]["seats"][0]["hands"][0]
    assert len(hand["cards"]) > 2 and hand["class"] != "pontoon"


# -- side by side and the skeleton -----------------------------------------------------------


def test_side_by_side_shows_where_implementations_disagree(tmp_path: Path) -> None:
    report = tmp_path / "side.json"
    done = cli("run", str(suite_dir()), "--impl", REFERENCE, "--impl", TIES, "--run",
               "casino-ochko/*",
               "--json", str(report))
    assert done.returncode == 1
    data = json.loads(report.read_text())
    assert len(data["implementations"]) == 2
    slugs = {d["slug"] for d in data["side_by_side"]["disagree"]}
    assert "casino-ochko/ties-go-to-the-dealer" in slugs
    for entry in data["side_by_side"]["disagree"]:
        statuses = [o["status"] for o in entry["outcomes"]]
        assert statuses[0] == "pass" and statuses[1] == "fail"
    assert "where the implementations disagree" in done.stdout


@pytest.mark.parametrize("lang", ["python", "node"])
def test_new_harness_skeleton_passes_start_and_skips_every_vector(tmp_path: Path,
                                                                  lang: str) -> None:
    if lang == "node" and shutil.which("node") is None:
        pytest.skip("node is not installed")
    folder = tmp_path / "h"
    done = cli("new-harness", "--lang", lang, "-o", str(folder))
    assert done.returncode == 0, done.stderr
    program = folder / ("harness.py" if lang == "python" else "harness.js")
    command = f"{PYTHON if lang == 'python' else 'node'} {program}"
    report = tmp_path / "r.json"
    # the suite exported once per test process (`suite_dir`), not rebuilt by each run
    run = cli("run", str(suite_dir()), "--impl", command, "--run", "casino-ochko/*", "--json",
              str(report),
              "--strict")
    data = json.loads(report.read_text())
    assert set(data["counts"]) == {"skipped"} and data["counts"]["skipped"] > 5
    assert "harness" not in data
    assert run.returncode == 1
    one = cli("run", str(suite_dir()), "--impl", f"{command} --one-shot", "--one-shot", "--run",
              "casino-ochko/ties-*", "--json", str(report))
    assert json.loads(report.read_text())["counts"] == {"skipped": 1}, one.stdout
    again = cli("new-harness", "--lang", lang, "-o", str(folder))
    assert again.returncode == 1 and "already exists" in again.stderr


def test_the_protocol_reference_page_matches_the_code() -> None:
    from pontoon_rules.conformance.running.replies import StartReply, replies_text
    from pontoon_rules.conformance.running.runner import STATUSES
    from pontoon_rules.conformance.vectors.model import CODES, schema_text
    from pontoon_rules.engine.round.actions import KINDS
    from pontoon_rules.ruleset.format.common import HandClass

    site = ROOT / "site"
    page = (site / "conformance.md").read_text()
    assert (site / "schemas" / "conformance-replies.schema.json").read_text() == replies_text()
    assert (site / "schemas" / "conformance-vector.schema.json").read_text() == schema_text()
    reference = page.split("## Protocol reference", 1)[1]
    for word in [*KINDS, *CODES, *(c.value for c in HandClass), *StartReply.model_fields,
                 "terminal", "banker", "pontoon_rules.conformance.running.harness.serve(play)"]:
        assert f"`{word}" in reference or f"`{word}`" in page, word
    for status in STATUSES:
        assert f"| {status} |" in page
