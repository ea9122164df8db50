"""Issue 25 items 2-5 and 7: writing your own vectors (`id`, `check`), harness
declarations, a first run that explains itself, readable failures, `smoke`."""

from __future__ import annotations

import json
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_conformance_runner import BROKEN, PYTHON, REFERENCE, ROOT, cli, vectors

from pontoon_rules.conformance.running.judge import judge
from pontoon_rules.conformance.running.runner import RunOptions, run_vectors
from pontoon_rules.conformance.vectors.export import MANIFEST, export

UNRULY = f"{PYTHON} {BROKEN / 'unruly.py'}"


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("suite")
    export(["blackjack-reference"], folder)
    return folder


def copy(suite: Path, tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(suite, tmp_path / "s")
    return tmp_path / "s" / "blackjack-reference"


def edit(path: Path, change: Any) -> dict[str, Any]:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))
    return data


# -- writing your own vectors -------------------------------------------------------------


def test_id_prints_and_fixes_a_hand_written_vector(suite: Path, tmp_path: Path) -> None:
    folder = copy(suite, tmp_path)
    path = folder / "ties-push.json"
    old = json.loads(path.read_text())["id"]
    same = cli("id", str(path))
    assert same.returncode == 0 and f"{old} (matches)" in same.stdout
    edit(path, lambda v: v["final"]["banker"].update(total=99))
    check = cli("check", str(folder.parent))
    assert check.returncode == 1
    assert "the id does not match the content: final changed since the export" in check.stderr
    wrong = cli("id", str(path))
    assert wrong.returncode == 1 and "--fix writes it" in wrong.stdout
    fixed = cli("id", "--fix", str(path))
    assert fixed.returncode == 0, fixed.stderr
    data = json.loads(path.read_text())
    assert data["id"] != old and data["reimplements"] == old
    assert f"wrote id {data['id']} (reimplements {old})" in fixed.stdout
    assert '"added": {"ties-push.json"' in fixed.stdout
    manifest = json.loads((folder / MANIFEST).read_text())
    assert "ties-push.json" in manifest["added"] and "ties-push.json" not in manifest["files"]
    after = cli("check", str(folder.parent))
    assert "ties-push.json: the reference engine differs: final" in after.stderr
    assert "id does not match" not in after.stderr and "not listed" not in after.stderr
    again = export(["blackjack-reference"], folder.parent)
    assert str(path) in again.kept and json.loads(path.read_text())["id"] == data["id"]


def test_id_gives_a_new_vector_without_an_id_its_id(suite: Path, tmp_path: Path) -> None:
    source = json.loads((suite / "blackjack-reference" / "ties-push.json").read_text())
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({**source, "id": "", "slug": "blackjack-reference/mine"}))
    done = cli("id", "--fix", str(mine))
    assert done.returncode == 0, done.stderr
    data = json.loads(mine.read_text())
    assert data["id"] == source["id"] and "reimplements" not in data
    assert cli("check", "--partial", str(mine)).returncode == 0
    junk = tmp_path / "junk.json"
    junk.write_text("[]")
    assert cli("id", str(junk)).returncode == 2


def test_check_partial_says_one_line_per_real_problem(suite: Path, tmp_path: Path) -> None:
    folder = copy(suite, tmp_path)
    edit(folder / "ties-push.json", lambda v: v["steps"].__setitem__(
        1, {"do": {"actor": "p1", "action": "stick", "colour": "red"}}))
    done = cli("check", "--partial", str(folder))
    lines = [line for line in done.stderr.splitlines() if "ties-push.json" in line]
    assert lines == [f"{folder / 'ties-push.json'}: steps[1].do.colour: Extra inputs are "
                     "not permitted"]
    assert "1 problem" in done.stdout and "1 problems" not in done.stdout + done.stderr


# -- harness declarations ----------------------------------------------------------------


def test_extensions_are_compared_modulo_and_strict_flags_undeclared_words(
        tmp_path: Path) -> None:
    script = tmp_path / "surrender.py"
    script.write_text(
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from pontoon_rules.conformance.running.harness import answer, metadata\n"
        "from pontoon_rules.conformance.vectors.reference import trace_vector\n"
        "declare = sys.argv[1] == 'declare'\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    if r['cmd'] == 'stop': break\n"
        "    if r['cmd'] == 'start':\n"
        "        m = metadata()\n"
        "        if declare: m['extensions'] = ['surrender', 'x-peek']\n"
        "        print(json.dumps(m), flush=True); continue\n"
        "    body = answer(trace_vector, r['vector'])\n"
        "    for s, v in zip(body['trace']['steps'], r['vector']['steps']):\n"
        "        if 'legal' in s and s['legal']:\n"
        "            s['legal'] += [{'action': 'surrender'}, {'action': 'x-peek'}]\n"
        "        if v.get('reject', {}).get('action') == 'surrender': s['code'] = None\n"
        "    print(json.dumps({'seq': r['seq'], **body}), flush=True)\n")
    chosen = vectors("blackjack-reference/*")
    declared = run_vectors(chosen, RunOptions(f"{PYTHON} {script} declare", cwd=str(ROOT)))
    assert {o.status for o in declared.outcomes} == {"pass"}
    strict = run_vectors(chosen, RunOptions(f"{PYTHON} {script} declare", cwd=str(ROOT),
                                            strict=True))
    assert {o.status for o in strict.outcomes} == {"pass"}
    hidden = run_vectors(chosen, RunOptions(f"{PYTHON} {script} no", cwd=str(ROOT)))
    assert "fail" in {o.status for o in hidden.outcomes}
    undeclared = run_vectors(chosen, RunOptions(f"{PYTHON} {script} no", cwd=str(ROOT),
                                                strict=True))
    flagged = [o for o in undeclared.outcomes if o.status == "protocol"]
    assert flagged and "'x-peek' is not in the vocabulary" in flagged[0].message
    assert "'surrender' is not" not in flagged[0].message, "a vocabulary word, not offered"


def test_a_finer_code_is_answered_by_the_basic_code_it_refines() -> None:
    want = [{"code": "round_over", "action": "stick"}, {"code": "unknown_action", "action": "x"}]
    final: dict[str, Any] = {"seats": [], "banker": {}}
    basic = {"steps": [{"code": "wrong_actor"}, {"code": "illegal_action"}], "final": final}
    assert judge(want, final, basic) is None
    wrong = {"steps": [{"code": "illegal_action"}, {"code": "illegal_action"}], "final": final}
    found = judge(want, final, wrong)
    assert found is not None and found.path == "steps[0].code"
    coarse = [{"code": "wrong_actor", "action": "stick"}]
    assert judge(coarse, final, {"steps": [{"code": "round_over"}], "final": final}) \
        is not None, "a finer code does not answer a coarser expectation"


# -- a first run that explains itself ----------------------------------------------------


def test_new_harness_prints_commands_that_work(tmp_path: Path) -> None:
    done = cli("new-harness", "--lang", "python", "-o", str(tmp_path / "h"),
               "--ruleset", "blackjack-reference")
    assert done.returncode == 0, done.stderr
    readme = (tmp_path / "h" / "README.md").read_text()
    assert readme.startswith("# A conformance harness for blackjack-reference")
    lines = [line.strip() for line in done.stdout.splitlines()]
    smoke = next(line for line in lines if " conformance smoke " in line)
    assert PYTHON in smoke, "the interpreter of this environment"
    assert "the Python this environment runs" in done.stdout
    ran = subprocess.run(shlex.split(smoke), cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert "0 protocol problems" in ran.stdout, ran.stdout + ran.stderr
    star = cli("new-harness", "--lang", "python", "-o", str(tmp_path / "any"))
    assert "RULESET: the harness lists '*'" in star.stdout
    assert "any ruleset ('*')" in (tmp_path / "any" / "README.md").read_text()


def test_run_without_a_folder_generates_only_what_the_harness_lists(tmp_path: Path) -> None:
    assert cli("new-harness", "--lang", "python", "-o", str(tmp_path / "h"),
               "--ruleset", "blackjack-reference").returncode == 0
    harness = f"{PYTHON} {tmp_path / 'h' / 'harness.py'}"
    done = cli("run", "--impl", harness)
    assert done.returncode == 1
    assert "was not generated: the harness does not list" in done.stderr
    assert "it lists: blackjack-reference" in done.stderr
    assert "pagat-british" in done.stderr and "casino-ochko" in done.stderr
    none = tmp_path / "none.py"
    none.write_text("import json, sys\nfor line in sys.stdin:\n"
                    "    r = json.loads(line)\n"
                    "    if r['cmd'] == 'start': print(json.dumps({'name': 'n', "
                    "'rulesets': ['my-own']}), flush=True)\n"
                    "    else: break\n")
    nothing = cli("run", "--impl", f"{PYTHON} {none}")
    assert nothing.returncode == 1
    assert "the harness lists no bundled ruleset (it lists: my-own)" in nothing.stderr


def test_run_takes_several_folders_and_says_what_was_skipped(tmp_path: Path) -> None:
    export(["blackjack-reference"], tmp_path / "a")
    export(["casino-ochko"], tmp_path / "b")
    node_like = f"{PYTHON} {tmp_path / 'h' / 'harness.py'}"
    assert cli("new-harness", "--lang", "python", "-o", str(tmp_path / "h"),
               "--ruleset", "casino-ochko").returncode == 0
    done = cli("run", str(tmp_path / "a"), str(tmp_path / "b"), "--impl", REFERENCE,
               "--json", str(tmp_path / "r.json"))
    assert done.returncode == 0, done.stderr
    rulesets = {r["slug"].split("/")[0] for r in json.loads(
        (tmp_path / "r.json").read_text())["results"]}
    assert rulesets == {"blackjack-reference", "casino-ochko"}
    skipped = cli("run", str(tmp_path / "a"), str(tmp_path / "b"), "--impl", node_like)
    assert "vectors skipped: the harness does not list blackjack-reference; it lists: " \
        "casino-ochko" in skipped.stderr


# -- readable failures -------------------------------------------------------------------


def test_final_differences_are_listed_field_by_field() -> None:
    chosen = vectors("casino-ochko/ties-go-to-the-dealer")
    (outcome,) = run_vectors(chosen, RunOptions(f"{PYTHON} {BROKEN / 'ties_to_player.py'}",
                                                cwd=str(ROOT))).outcomes
    lines = outcome.message.splitlines()
    assert lines[0].startswith("final.seats[0].hands[0].net: expected -100, got")
    assert any("final.banker.net" in line for line in lines[1:])
    assert all(len(line) < 200 for line in lines)


def test_fuzz_prints_every_step_of_the_shrunk_example() -> None:
    done = cli("fuzz", "pagat-british", "--impl", f"{PYTHON} {BROKEN / 'buy_after_twist.py'}",
               "--rounds", "120", "--seed", "3", "--shrink-budget", "60")
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == ("fuzz pagat-british (seed 3, --rounds 120): seats 1 "
                                          "to 7, stakes 1 to 1000000000000 (no maximum: drawn "
                                          "up to it)")
    assert "    steps[0] expect" in done.stdout
    examples: list[list[str]] = []  # one per kind of difference, each after its stakes
    for line in done.stdout.splitlines():
        if line.startswith("    stakes ["):
            examples.append([])
        elif line.startswith("    steps["):
            examples[-1].append(line.split()[0])
    assert len(examples) == done.stdout.count("  shrunk from ") >= 1
    for shown in examples:
        assert shown == [f"steps[{i}]" for i in range(len(shown))] and len(shown) >= 2


# -- smoke -------------------------------------------------------------------------------


def test_smoke_tells_a_broken_harness_from_a_wrong_implementation() -> None:
    good = cli("smoke", "--impl", REFERENCE)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "blackjack-reference: protocol ok, rules ok" in good.stdout
    assert "* (embedded blackjack-reference): protocol ok" in good.stdout
    wrong = cli("smoke", "--impl", f"{PYTHON} {BROKEN / 'ties_to_player.py'}")
    assert wrong.returncode == 0 and "0 protocol problems" in wrong.stdout
    broken = cli("smoke", "--impl", f"{UNRULY} extra-field")
    assert broken.returncode == 1 and "protocol problem:" in broken.stdout
    assert "colour" in broken.stdout
    chatty = cli("smoke", "--impl", f"{UNRULY} chatty-start")
    assert chatty.returncode == 1 and "stdout is for protocol lines" in chatty.stdout
