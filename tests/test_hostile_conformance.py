"""Issue 26, the conformance kit's parts: a run that cannot report every vector fails
(item 3); vector files read defensively (item 7); the conformance items of item 10.

Every attack is a command that must end in one clear message and a nonzero exit
status (or, for a broken harness, a failing run), never a traceback or a hang.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest
from in_process import command_line
from test_conformance_runner import PYTHON, REFERENCE, ROOT

from pontoon_rules.conformance.running.report import passed
from pontoon_rules.conformance.running.runner import RunOptions, run_vectors
from pontoon_rules.conformance.vectors.export import MANIFEST, export

TIMEOUT = 120


def in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules conformance ARGS` in a process of its own, killed (and the test
    failed) if it hangs: for the attacks whose danger is a hang."""
    return subprocess.run([PYTHON, "-m", "pontoon_rules", "conformance", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=TIMEOUT)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules conformance ARGS` inside this process (`in_process.command_line`)."""
    return command_line("conformance", *args)


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]


def harness(tmp_path: Path, body: str, name: str = "h.py") -> str:
    """A harness script: the reference engine's answers passed through `change(reply)`."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(ROOT)!r})
        from pontoon_rules.conformance.running.harness import answer, metadata
        from pontoon_rules.conformance.vectors.reference import trace_vector
        {textwrap.indent(textwrap.dedent(body), "        ").strip()}
        for line in sys.stdin:
            request = json.loads(line)
            if request["cmd"] == "stop":
                break
            if request["cmd"] == "start":
                print(json.dumps(start(metadata())), flush=True)
                continue
            reply = change({{"seq": request["seq"], **answer(trace_vector, request["vector"])}})
            print(reply if isinstance(reply, str) else json.dumps(reply), flush=True)
    """))
    return f"{PYTHON} {path}"


def small_suite(folder: Path) -> Path:
    export(["blackjack-reference"], folder)
    return folder / "blackjack-reference"


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return small_suite(tmp_path_factory.mktemp("suite"))


def picked(suite: Path, *globs: str) -> list[dict[str, Any]]:
    """The small suite's vectors whose slug matches one of `globs` (the bundled suite's
    own vectors for blackjack-reference, without waiting for every bundled ruleset's)."""
    from pontoon_rules.conformance.vectors.suitefiles import load_suite

    return [data for _, data in load_suite(suite)
            if any(fnmatchcase(data["slug"], g) for g in globs)]


def copy_suite(suite: Path, tmp_path: Path) -> Path:
    import shutil

    target = tmp_path / "s" / "blackjack-reference"
    shutil.copytree(suite, target)
    return target


# -- item 3: every vector ends in exactly one class --------------------------------------


def test_a_reply_whose_types_break_the_schema_is_a_protocol_error_without_strict(
        suite: Path, tmp_path: Path) -> None:
    command = harness(tmp_path, """
        def start(meta): return meta
        def change(reply):
            for step in reply.get("trace", {}).get("steps", []):
                for option in step.get("legal", []):
                    if "min" in option:
                        option["min"] = str(option["min"])
            return reply
    """)
    chosen = picked(suite, "blackjack-reference/peek-with-insurance")
    outcomes = run_vectors(chosen, RunOptions(command, cwd=str(ROOT))).outcomes
    assert [o.status for o in outcomes] == ["protocol"]
    assert "types break the protocol schema" in outcomes[0].message and "min" in \
        outcomes[0].message


def test_a_deeply_nested_reply_is_one_protocol_error(suite: Path, tmp_path: Path) -> None:
    command = harness(tmp_path, """
        def start(meta): return meta
        def change(reply):
            reply["trace"]["steps"][0]["hands"]["p1"] = "DEEP"
            return json.dumps(reply).replace('"DEEP"', "[" * 5000 + "]" * 5000)
    """)
    chosen = picked(suite, "blackjack-reference/ties-push", "blackjack-reference/double-*")
    result = run_vectors(chosen, RunOptions(command, cwd=str(ROOT)))
    assert [o.status for o in result.outcomes] == ["protocol", "protocol"]
    assert "nested" in result.outcomes[0].message


def test_an_internal_error_is_its_own_class_and_fails_the_run(
        suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.conformance.running.judging as runner

    calls = {"n": 0}
    real = runner.judge

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise TypeError("'<' not supported between instances of 'str' and 'int'")
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "judge", broken)
    chosen = picked(suite, "blackjack-reference/*")[:6]
    result = run_vectors(chosen, RunOptions(REFERENCE, cwd=str(ROOT)))
    statuses = [o.status for o in result.outcomes]
    assert len(statuses) == len(chosen)
    assert statuses.count("internal") == 1 and statuses.count("pass") == len(chosen) - 1
    assert "a bug in pontoon-rules" in next(o for o in result.outcomes
                                            if o.status == "internal").message
    assert not passed(result.outcomes)


def test_a_worker_that_dies_leaves_every_vector_classified(
        suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.conformance.running.persistent as runner

    def dies(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the worker thread died")

    monkeypatch.setattr(runner, "_receive_one", dies)
    chosen = picked(suite, "blackjack-reference/*")[:5]
    result = run_vectors(chosen, RunOptions(REFERENCE, cwd=str(ROOT)))
    assert [o.status for o in result.outcomes] == ["internal"] * len(chosen)
    assert not passed(result.outcomes)


def test_a_harness_that_fails_to_start_leaves_every_vector_not_run(suite: Path) -> None:
    chosen = picked(suite, "blackjack-reference/*")[:4]
    result = run_vectors(chosen, RunOptions("/no/such/harness", cwd=str(ROOT)))
    assert [o.status for o in result.outcomes] == ["not-run"] * 4 and result.not_run == 4


# -- item 7: vector files ----------------------------------------------------------------


def test_a_named_pipe_among_the_vectors_never_hangs(suite: Path, tmp_path: Path) -> None:
    folder = copy_suite(suite, tmp_path)
    os.mkfifo(folder / "pipe.json")
    for args in (["check", "--partial", str(folder.parent)], ["check", str(folder.parent)],
                 ["run", str(folder.parent), "--impl", REFERENCE]):
        done = in_a_process(*args)
        no_traceback(done)
        assert done.returncode in (1, 2), args
        assert "pipe.json: not read: a named pipe, not a regular file" in done.stderr, args


def test_folders_odd_bytes_and_empty_objects_are_one_clear_problem(suite: Path,
                                                                   tmp_path: Path) -> None:
    folder = copy_suite(suite, tmp_path)
    (folder / "folder.json").mkdir()
    (folder / "latin1.json").write_bytes(b'{"description": "caf\xe9"}')
    (folder / "empty.json").write_text("{}")
    (folder / "list.json").write_text("[1, 2]")
    done = cli("check", "--partial", str(folder))
    no_traceback(done)
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    for name, message in [("folder.json", "not read: a folder, not a regular file"),
                          ("latin1.json", "not UTF-8 text"),
                          ("empty.json", "not a vector: none of the fields a vector has"),
                          ("list.json", "not a vector: a JSON array")]:
        mine = [line for line in lines if f"{name}:" in line]
        assert len(mine) == 1 and message in mine[0], (name, mine)


def test_a_huge_or_deeply_nested_vector_file_is_refused_unread(suite: Path,
                                                               tmp_path: Path) -> None:
    folder = copy_suite(suite, tmp_path)
    with (folder / "huge.json").open("w") as out:
        out.write('{"description": "')
        out.write("x" * (3 << 20))
        out.write('"}')
    (folder / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    done = cli("check", "--partial", str(folder))
    no_traceback(done)
    assert "huge.json: not read: " in done.stderr and "MiB" in done.stderr
    assert "deep.json: not read: JSON nested more than 64 levels deep" in done.stderr


def test_a_link_out_of_the_suite_is_not_read(suite: Path, tmp_path: Path) -> None:
    folder = copy_suite(suite, tmp_path)
    secret = tmp_path / "credentials.json"
    secret.write_text('{"token": "ghp_SECRET"}')
    (folder / "linked.json").symlink_to(secret)
    done = cli("check", "--partial", str(folder))
    assert "linked.json: not read: a link that leads out of the suite's folder" in done.stderr
    assert "ghp_SECRET" not in done.stdout + done.stderr


def test_a_manifest_that_lists_a_folder_or_odd_bytes(suite: Path, tmp_path: Path) -> None:
    folder = copy_suite(suite, tmp_path)
    (folder / "odd.json").write_bytes(b"\xff\xfe")
    (folder / "dir.json").mkdir()
    manifest = json.loads((folder / MANIFEST).read_text())
    manifest["files"]["odd.json"] = "0" * 64
    manifest["files"]["dir.json"] = "0" * 64
    manifest["files"]["../../etc/passwd.json"] = "0" * 64
    (folder / MANIFEST).write_text(json.dumps(manifest))
    done = cli("check", str(folder.parent))
    no_traceback(done)
    assert done.returncode == 1
    assert "odd.json: not UTF-8 text" in done.stderr
    assert "dir.json: not read: a folder" in done.stderr
    assert "passwd" not in done.stderr


def test_run_never_plays_a_vector_check_refuses(suite: Path, tmp_path: Path) -> None:
    folder = copy_suite(suite, tmp_path)
    path = folder / "ties-push.json"
    data = json.loads(path.read_text())
    data["steps"][1] = {"do": {"actor": "p1", "action": "stick", "amount": "lots"}}
    path.write_text(json.dumps(data))
    done = cli("run", str(folder), "--impl", REFERENCE)
    no_traceback(done)
    assert done.returncode == 2
    assert "nothing was run" in done.stderr and "ties-push.json" in done.stderr
    assert "steps[1].do.amount" in done.stderr
    assert "pass" not in done.stdout


# -- item 10 -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "-1", "0", "inf", "1e400", "soon"])
def test_a_timeout_that_is_no_number_of_seconds_is_refused(value: str) -> None:
    for command in (["run", "--impl", REFERENCE, "--run", "casino-ochko/ties-*"],
                    ["fuzz", "casino-ochko", "--impl", REFERENCE, "--rounds", "3"],
                    ["smoke", "--impl", REFERENCE]):
        done = cli(*command, "--timeout", value)
        no_traceback(done)
        assert done.returncode == 2, (command, value, done.stderr)
        assert "--timeout" in done.stderr


def test_a_file_with_a_bundled_id_never_replaces_the_bundled_vectors(tmp_path: Path) -> None:
    out = tmp_path / "v"
    first = cli("export", "blackjack-reference", "-o", str(out))
    assert first.returncode == 0 and "exporting blackjack-reference (1/1)…" in first.stderr
    before = {p.name: p.read_bytes() for p in (out / "blackjack-reference").iterdir()}
    mine = tmp_path / "mine.yaml"
    mine.write_text("id: blackjack-reference\nname: Mine\nkind: house\n"
                    "extends: blackjack-reference\nsettlement:\n  ties: banker-wins\n")
    done = cli("export", str(mine), "-o", str(out))
    no_traceback(done)
    assert done.returncode == 2
    assert "is the id of a bundled ruleset, but these rules differ" in done.stderr
    after = {p.name: p.read_bytes() for p in (out / "blackjack-reference").iterdir()}
    assert after == before


def test_re_export_never_deletes_or_overwrites_a_vector_someone_edited(tmp_path: Path) -> None:
    out = tmp_path / "v"
    assert cli("export", "blackjack-reference", "-o", str(out)).returncode == 0
    folder = out / "blackjack-reference"
    manifest = json.loads((folder / MANIFEST).read_text())
    edited = folder / "ties-push.json"
    edited.write_text(edited.read_text().replace('"Equal totals push."', '"Mine now."'))
    stale = folder / "stale-one.json"
    stale.write_text('{"mine": true}')
    manifest["files"]["stale-one.json"] = "0" * 64
    (folder / MANIFEST).write_text(json.dumps(manifest))
    done = cli("export", "blackjack-reference", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "Mine now." in edited.read_text()
    assert stale.read_text() == '{"mine": true}'
    assert "kept 2 vector files someone changed or added" in done.stderr


def test_an_export_killed_midway_is_finished_by_the_next(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.files as files

    house = tmp_path / "house.yaml"
    rules = "id: ochko-house\nname: House\nkind: house\nextends: casino-ochko\n"
    house.write_text(rules + "player:\n  stick_minimum: 12\n")
    out = tmp_path / "v"
    export([str(house)], out)
    folder = out / "ochko-house"
    house.write_text(rules + "player:\n  stick_minimum: 13\n")
    real = files._replace
    calls = {"n": 0}

    def dies(target: Path, payload: bytes) -> None:
        calls["n"] += 1
        if calls["n"] == 8:
            raise KeyboardInterrupt
        real(target, payload)

    monkeypatch.setattr(files, "_replace", dies)
    with pytest.raises(KeyboardInterrupt):
        export([str(house)], out)
    monkeypatch.undo()
    assert not (folder / MANIFEST).exists() and (folder / "_manifest.partial.json").exists()
    report = export([str(house)], out)
    assert report.kept == [], "what the killed export wrote is still the export's own"
    assert report.foreign == []
    assert (folder / MANIFEST).exists() and not (folder / "_manifest.partial.json").exists()
    assert cli("check", str(out)).returncode == 0


@pytest.mark.parametrize("where", ["afile/sub", "x" * 300])
def test_new_harness_into_a_file_or_an_over_long_name_is_one_error(tmp_path: Path,
                                                                  where: str) -> None:
    (tmp_path / "afile").write_text("a file, not a folder")
    done = cli("new-harness", "--lang", "python", "-o", str(tmp_path / where))
    no_traceback(done)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "cannot make the folder" in done.stderr
    assert (tmp_path / "afile").read_text() == "a file, not a folder"


def test_harness_text_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    command = harness(tmp_path, """
        def start(meta):
            return {**meta, "name": "evil\\x1b]8;;http://x\\x07name\\u202e"}
        def change(reply):
            sys.stderr.write("\\x1b[2J\\x1b[Hcleared\\n")
            return {"seq": reply["seq"], "errored": True,
                    "context": {"message": "\\x1b[31mred\\u202e"}}
    """)
    done = cli("run", "--impl", command, "--run", "blackjack-reference/ties-*")
    assert "\x1b" not in done.stdout + done.stderr
    assert "\u202e" not in done.stdout + done.stderr
    assert "\\x1b" in done.stdout and "\\u202e" in done.stdout


def test_json_nan_amounts_and_booleans_are_no_amounts() -> None:
    from pontoon_rules.conformance.vectors.export import resolve
    from pontoon_rules.conformance.vectors.reference import refusal
    from pontoon_rules.engine.round.state import RoundState

    ((rules, _),) = resolve(["pagat-british"])
    state = RoundState(rules, [100])
    for card in (0, 40, 4, 44):
        state.apply_action(card)
    for amount in (True, "150", 150.0, float("nan"), [150], None):
        assert refusal(state, {"actor": "p1", "action": "buy", "amount": amount}) == \
            "malformed_amount", amount
    assert refusal(state, {"actor": "p1", "action": "buy", "amount": 150}) is None
