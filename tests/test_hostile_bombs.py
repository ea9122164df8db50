"""Hostile trial, second round (issue 26), items 6 and 7: bombs under the size limits,
deep and odd inputs. Each ends in one short message and exit 2, without expanding
anything; the ones that used to hang run in a subprocess with a timeout.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors

ROOT = Path(__file__).resolve().parents[1]
ROUND = {"ruleset": "pagat-british", "stakes": [100],
         "shoe": ["2S", "TD", "3S", "8D", "4H", "6H"],
         "actions": ["p1 buy 175", "p1 buy 150", "p1 stick", "banker stick"]}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def in_a_process(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The CLI in a subprocess that is killed (and the test failed) if it hangs."""
    return subprocess.run([sys.executable, "-m", "pontoon_rules", *args], capture_output=True,
                          text=True, check=False, cwd=ROOT, timeout=timeout)


def laughs(levels: int = 9, value: str = "100") -> str:
    """A billion laughs: each level lists nine aliases of the one below (9**levels items)."""
    lines = [f"a0: &a0 [{', '.join([value] * 9)}]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


# --- item 6: alias bombs -------------------------------------------------------------------


@pytest.mark.parametrize(("command", "field"), [
    ("play", "stakes"), ("play", "shoe"), ("play", "actions"), ("session", "people"),
    ("session", "deals"),
])
def test_a_small_yaml_script_bomb_is_refused_without_expanding(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, field: str) -> None:
    script = tmp_path / "bomb.yaml"
    script.write_text(f"ruleset: pagat-british\npeople: 2\n{laughs()}{field}: [*a9]\n")
    assert script.stat().st_size < 700
    code, out, err = run(capsys, command, "--script", str(script))
    assert (code, out) == (2, "")
    assert re.fullmatch(f"error: {re.escape(str(script))}:[0-9]+:[0-9]+: not valid YAML: more "
                        "than 1000 YAML aliases; a script needs no more than a few\n", err)


def test_a_yaml_script_within_the_limits_still_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.yaml"
    script.write_text("ruleset: pagat-british\nstakes: [100]\n"
                      "shoe: [&two 2S, TD, 3S, 8D, 4H, 6H]\n"
                      "actions: [p1 buy 175, p1 buy 150, p1 stick, banker stick]\n")
    code, out, _err = run(capsys, "play", "--script", str(script), "--json")
    assert code == 0 and json.loads(out)["seats"][0]["hands"][0]["staked"] == 425


@pytest.fixture
def sources_bomb(tmp_path: Path) -> Path:
    """983 KB: 38,000 sources aliasing one source with a 500 KB title (19 GB expanded)."""
    lines = ["id: bomb", "name: Bomb", "extends: pagat-british", "sources:",
             f"  s: &s {{title: {'x' * 500_000}, language: en}}"]
    lines += [f"  s{i}: *s" for i in range(38_000)]
    path = tmp_path / "rules" / "bomb.yaml"
    path.parent.mkdir()
    path.write_text("\n".join(lines) + "\n")
    assert path.stat().st_size < 1024 * 1024
    return path


@pytest.mark.parametrize("args", [
    ["validate", "{file}"], ["show", "{file}", "--format", "json"],
    ["sheet", "{file}", "-o", "{tmp}/bomb.pdf"], ["docs", "build", "-d", "{tmp}/site",
                                                   "--rulesets", "{folder}"],
])
def test_a_ruleset_alias_bomb_is_refused_by_every_command(
        capsys: pytest.CaptureFixture[str], sources_bomb: Path, args: list[str]) -> None:
    tmp = sources_bomb.parent.parent
    code, out, err = run(capsys, *[a.format(file=sources_bomb, tmp=tmp,
                                           folder=sources_bomb.parent) for a in args])
    assert code == 2 and out == ""
    assert err.endswith("bomb.yaml:5:17: the document expands to over 2,097,152 characters "
                        "of text (aliases followed)\n1 problem found\n")
    assert len(err) < 300 and sorted(p.name for p in tmp.iterdir()) == ["rules"]


def test_a_ruleset_with_many_aliases_is_refused(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text("id: laughs\nname: L\nextends: pagat-british\n" + laughs(5, "x"))
    code, _out, err = run(capsys, "validate", str(path))
    assert code == 2 and "more than 1000 YAML aliases; a ruleset needs no more than a few" in err


# --- item 7: deep extends chains, deep nesting ---------------------------------------------


def chain(folder: Path, length: int) -> Path:
    """r0.yaml extends r1.yaml ... extends r{length-1}.yaml, which extends pagat-british."""
    for i in range(length):
        base = f"r{i + 1}.yaml" if i < length - 1 else "pagat-british"
        (folder / f"r{i}.yaml").write_text(f"id: r{i}\nname: R{i}\nextends: {base}\n")
    return folder / "r0.yaml"


@pytest.mark.parametrize("length", [17, 950, 979, 2000])
def test_a_deep_extends_chain_is_one_problem_at_the_first_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], length: int) -> None:
    first = chain(tmp_path, length)
    code, _out, err = run(capsys, "validate", str(first))
    assert code == 2
    assert err == (f"{first}:3:10: extends: the chain of bases is more than 16 files deep "
                   "(r0 -> r1 -> r2 -> ... -> r16); a ruleset may stand on at most 16 others\n"
                   "1 problem found\n")


def test_a_chain_of_sixteen_bases_is_read(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    first = chain(tmp_path, 16)  # r1..r15 and the bundled base
    code, out, _err = run(capsys, "validate", str(first))
    assert (code, out) == (0, f"{first}: ok (r0)\n")


@pytest.mark.parametrize("depth", [65, 900, 5000])
def test_deep_yaml_nesting_in_a_ruleset_is_one_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], depth: int) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("id: deep\nname: D\nextends: pagat-british\nnote: " + "[" * depth
                    + "]" * depth + "\n")
    code, _out, err = run(capsys, "validate", str(path))
    assert code == 2 and err.count("\n") == 2
    assert "nested more than 64 levels deep" in err or "YAML nesting too deep" in err


@pytest.mark.parametrize("depth", [33, 999, 100_000])
@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_deep_nesting_in_a_script_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], depth: int, fmt: str) -> None:
    script = tmp_path / f"deep.{fmt}"
    nested = "[" * depth + "]" * depth
    script.write_text(json.dumps(ROUND)[:-1] + f', "x": {nested}}}' if fmt == "json" else
                      f"ruleset: pagat-british\nx: {nested}\n")
    code, _out, err = run(capsys, "play", "--script", str(script))
    assert code == 2 and err.count("\n") == 1
    assert ("nested more than 32 levels deep" in err or "nesting too deep" in err
            or "exceeded maximum nesting depth" in err), err


# --- item 10: a key given twice -------------------------------------------------------------


def test_a_key_given_twice_in_a_json_script_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.json"
    text = json.dumps(ROUND)
    script.write_text(text[:-1] + ', "actions": ["p1 stick", "banker stick"]}')
    code, _out, err = run(capsys, "play", "--script", str(script))
    assert (code, err) == (2, f"error: {script}: not valid JSON: the key 'actions' is given "
                              "twice in one object (only one may be)\n")


def test_a_key_given_twice_in_a_yaml_script_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "session.yaml"
    script.write_text("ruleset: pagat-british\npeople: 3\ndeals: 2\npeople: 5\n")
    code, _out, err = run(capsys, "session", "--script", str(script))
    assert (code, err) == (2, f"error: {script}:4:1: not valid YAML: people: duplicate key "
                              "'people' (first at line 2)\n")


# --- item 7: only regular files are read ---------------------------------------------------


@pytest.mark.parametrize("command", ["play", "session"])
def test_a_named_pipe_script_is_refused_not_waited_on(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "round.json"
    os.mkfifo(fifo)
    done = in_a_process(command, "--script", str(fifo), timeout=60)
    assert (done.returncode, done.stderr) == (
        2, f"error: {fifo}: cannot read the script: a named pipe, not a regular file\n")


@pytest.mark.parametrize(("path", "what"), [("/dev/zero", "a device"), ("/", "a folder")])
def test_a_device_or_a_folder_script_is_refused(
        capsys: pytest.CaptureFixture[str], path: str, what: str) -> None:
    code, _out, err = run(capsys, "play", "--script", path)
    assert (code, err) == (2, f"error: {path}: cannot read the script: {what}, not a "
                              "regular file\n")


def test_a_named_pipe_base_is_refused_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "base.yaml")
    (tmp_path / "house.yaml").write_text("id: h\nname: H\nextends: base.yaml\n")
    done = in_a_process("validate", str(tmp_path / "house.yaml"), timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 2


def test_reading_a_pipe_put_in_place_after_the_check_does_not_block(tmp_path: Path) -> None:
    from pontoon_rules.files import NotRegularFileError, read_regular

    os.mkfifo(tmp_path / "late.yaml")
    with pytest.raises(NotRegularFileError, match="a named pipe, not a regular file"):
        read_regular(tmp_path / "late.yaml", 100)
