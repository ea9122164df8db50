"""The command line: exit codes, messages, and the script contract."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import command_line

ROOT = Path(__file__).resolve().parent.parent


def in_a_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m pontoon_rules ARGS` in a process of its own: the real start, exit code
    and streams (kept for one test of each contract; the others run `cli`)."""
    env = {**os.environ, "COLUMNS": "400"}
    return subprocess.run([sys.executable, "-m", "pontoon_rules", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command line inside this process (`in_process.command_line`), as wide as
    `in_a_process` makes it."""
    return command_line(*args, stdin=stdin, env={"COLUMNS": "400"})


def test_list_shows_every_bundled_ruleset() -> None:
    out = in_a_process("list")
    assert out.returncode == 0
    for rid in ("pagat-british", "shoot-pontoon", "casino-ochko", "belarus-ponton",
                "blackjack-reference", "pagat-aces-only-split", "pagat-stick-16"):
        assert rid in out.stdout


def test_validate_bundled_is_clean() -> None:
    files = sorted(str(p) for p in (ROOT / "rulesets").glob("*.yaml"))
    out = cli("validate", *files)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(": ok") == len(files)


def test_validate_takes_a_bundled_id_as_every_command_does() -> None:
    """`validate australian-pontoon` said "unknown ruleset …: not a bundled id … (did you
    mean 'australian-pontoon'?)": it read every name as a file."""
    out = cli("validate", "australian-pontoon")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "australian-pontoon: ok (australian-pontoon)"


def test_validate_reports_every_error_with_lines(tmp_path: Path) -> None:
    bad = tmp_path / "house.yaml"
    bad.write_text("id: house\nname: House\nextends: pagat-british\nplayer:\n"
                   "  stik_minimum: 16\n  max_cards: many\npack:\n  decks: 0\n")
    out = cli("validate", str(bad))
    assert out.returncode == 2
    lines = out.stderr.splitlines()
    assert any(":5:3: player.stik_minimum: unknown field" in x and "stick_minimum" in x
               for x in lines), out.stderr
    assert any(":6:14: player.max_cards:" in x for x in lines), out.stderr
    assert any(":8:10: pack.decks:" in x for x in lines), out.stderr
    assert "Traceback" not in out.stderr


def test_show_prints_provenance() -> None:
    out = cli("show", "casino-ochko", "--fields")
    assert out.returncode == 0
    assert "В случае ничьей выигрывает дилер" in out.stdout
    assert "Who wins when hands are equal" in out.stdout
    assert "our-reading" in out.stdout and "(open)" in out.stdout


def test_show_says_not_in_this_game_and_where_the_banker_looks() -> None:
    ochko = cli("show", "casino-ochko", "--fields").stdout
    insurance = [line for line in ochko.splitlines() if "insurance pays on a banker" in line]
    assert insurance and "not in this game" in insurance[0] and "(open)" not in insurance[0]
    pagat = cli("show", "pagat-british", "--fields").stdout
    assert "the banker too, looks at their cards" in pagat
    assert "What lies face up" in pagat


def test_show_credits_an_unprovenanced_house_rule_to_its_file(tmp_path: Path) -> None:
    house = tmp_path / "kitchen.yaml"
    house.write_text("extends: pagat-british\nid: kitchen\nname: Kitchen\n"
                     "player:\n  stick_minimum: 16\n")
    out = cli("show", str(house), "--fields")
    assert out.returncode == 0, out.stderr
    (line,) = [x for x in out.stdout.splitlines() if "Lowest total a player may stick" in x]
    assert "house rule, kitchen.yaml" in line and "pagat-hy" not in line


def test_show_unknown_ruleset_exits_2() -> None:
    out = in_a_process("show", "no-such-ruleset")
    assert out.returncode == 2
    assert "no-such-ruleset" in out.stderr and "Traceback" not in out.stderr


def test_schema_file_is_current() -> None:
    out = cli("schema")
    assert out.returncode == 0
    committed = (ROOT / "rulesets" / "ruleset.schema.json").read_text(encoding="utf-8")
    assert out.stdout == committed, "run: pontoon-rules schema -o rulesets/ruleset.schema.json"
    schema = json.loads(committed)
    assert "stick_minimum" in json.dumps(schema)


def script(**overrides: object) -> str:
    base: dict[str, object] = {
        "ruleset": "pagat-british", "stakes": [100],
        "shoe": ["2S", "TD", "3S", "8D", "4H", "6H"],
        "actions": ["p1 buy 175", "p1 buy 150", "p1 stick", "banker stick"],
    }
    base.update(overrides)
    return json.dumps(base)


def test_play_script_json_contract() -> None:
    out = in_a_process("play", "--script", "-", "--json", stdin=script())
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["ruleset"] == "pagat-british"
    hand = data["seats"][0]["hands"][0]
    assert hand == {"cards": ["2S", "3S", "4H", "6H"], "total": 15, "class": "total",
                    "staked": 425, "stakes": [100, 175, 150], "net": -425}
    assert data["seats"][0]["net"] == -425
    assert data["banker"] == {"cards": ["TD", "8D"], "total": 18, "class": "total", "net": 425}
    decisions = [e for e in data["transcript"] if e["event"] == "decision"]
    assert decisions[0]["legal"] == ["twist", "buy 100..200"]


def test_play_script_text_output() -> None:
    out = cli("play", "--script", "-", stdin=script())
    assert out.returncode == 0
    assert "Settlement" in out.stdout and "-425" in out.stdout


@pytest.mark.parametrize(
    ("overrides", "code", "message"),
    [
        ({"actions": ["p1 buy 300"]}, 3, "buy 100..200"),
        ({"actions": ["p2 twist"]}, 3, "p1's turn"),
        ({"actions": ["p1 buy 175"]}, 3, "it is p1's turn"),
        ({"shoe": ["2S", "TD", "ZZ"]}, 2, "unknown card 'ZZ'"),
        ({"ruleset": "nope"}, 2, "nope"),
        ({"shoe": ["2S", "TD"]}, 2, "ran out"),
        ({"shoe": ["2S", "2S", "3S", "8D"]}, 2, "more copies than the packs contain"),
        ({"actions": ["p1 fly"]}, 2, "unknown action 'fly'"),
    ],
)
def test_play_script_errors(overrides: dict[str, object], code: int, message: str) -> None:
    out = cli("play", "--script", "-", stdin=script(**overrides))
    assert out.returncode == code, out.stderr
    assert message in out.stderr
    assert "Traceback" not in out.stderr


def test_play_script_bad_json() -> None:
    out = in_a_process("play", "--script", "-", stdin="{not json")
    assert out.returncode == 2
    assert out.stderr == "error: <stdin>:1:2: not valid JSON: Expecting property name " \
        "enclosed in double quotes\n"


LEAVE = """
import atexit, sys, threading, time
from pontoon_rules.cli import leave
atexit.register(lambda: print("handler ran", flush=False))
print("x" * 100000)
if sys.argv[1] == "thread":
    threading.Thread(target=lambda: (time.sleep(0.3), print("thread done"))).start()
leave(int(sys.argv[2]))
"""


@pytest.mark.parametrize("mode", ["alone", "thread"])
def test_leave_keeps_every_exit_duty(mode: str) -> None:
    """The command line's end without the interpreter's teardown still flushes a large
    buffered output, runs the exit handlers and returns the code; with another thread
    running, it takes the ordinary exit, which waits for that thread."""
    out = subprocess.run([sys.executable, "-c", LEAVE, mode, "3"], capture_output=True,
                         text=True, timeout=60, check=False)
    assert out.returncode == 3, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "x" * 100000
    assert "handler ran" in lines
    assert ("thread done" in lines) == (mode == "thread")


def test_leave_with_a_closed_pipe_is_quiet() -> None:
    """`list | head -c 1`: the reader goes away before or after the command's last write
    (click's exit 1 or the end's flush): always 0, and nothing on stderr."""
    shell = (f"for i in 1 2 3 4 5 6; do '{sys.executable}' -m pontoon_rules list "
             "| head -c 1 >/dev/null; echo \"${PIPESTATUS[0]}\"; done")
    out = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=300,
                         check=False, cwd=ROOT)
    assert out.stdout.split() == ["0"] * 6
    assert out.stderr == ""


COLLECTOR = """
import atexit, gc, sys
atexit.register(lambda: print("collector on:", gc.isenabled()))
from pontoon_rules.cli import main
sys.argv = ["pontoon-rules", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize(("args", "paused"), [(["edge", "pagat-british"], True),
                                              (["list"], False)])
def test_a_one_solve_command_runs_with_the_collector_paused(args: list[str],
                                                            paused: bool) -> None:
    """`edge` (one solve) pauses Python's cyclic garbage collector for its whole process
    (`cli.pause_collector`) and still prints its figures; another command keeps it."""
    out = subprocess.run([sys.executable, "-c", COLLECTOR, *args], capture_output=True,
                         text=True, timeout=120, check=False, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == f"collector on: {not paused}"
    if paused:
        assert "house edge" in out.stdout


BUILD_ONLY = ("subprocess", "tempfile", "shutil", "importlib.resources")
"""What only a build, a write or a refused cache folder needs (`native`, `files`, `owned`)."""
OUTPUT_OR_ERROR_ONLY = ("json", "difflib")
"""What only `--json`, a cache entry (`cache.cached_json`) or a wrong name's 'did you
mean' needs (`cli.analysis_cmds`, `cache`, `ruleset.loading.diagnostics`, `references`)."""
IMPORTED = f"""
import atexit, sys
atexit.register(lambda: print("imported:", [m for m in {BUILD_ONLY + OUTPUT_OR_ERROR_ONLY!r}
                                            if m in sys.modules]))
from pontoon_rules.cli import main
sys.argv = ["pontoon-rules", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("ahead", ["0", "1"])
def test_edge_imports_nothing_only_a_build_needs(ahead: str, tmp_path: Path) -> None:
    """`edge` on built kernels, with its solve started ahead and without, imports none of
    `BUILD_ONLY` (about 10 ms of its start) where it writes nothing: the kernels load and
    the ruleset is read without them; nor, in either run, `OUTPUT_OR_ERROR_ONLY` (2 to 3
    ms: `edge` without `--json`, on a ruleset that loads). The solve started ahead keeps
    its inputs for the next run (the first run: a write, `files.write_atomic`'s temporary
    file, its one use of `tempfile`, which imports `shutil`); the second finds them and
    writes nothing."""
    env = dict(os.environ, PONTOON_RULES_AHEAD=ahead, PONTOON_RULES_CACHE=str(tmp_path))
    kept = {"0": [], "1": ["tempfile", "shutil"]}[ahead]
    for run, imported in (("first", kept), ("second", [])):
        out = subprocess.run([sys.executable, "-c", IMPORTED, "edge", "pagat-british"],
                             capture_output=True, text=True, timeout=120, env=env,
                             check=False, cwd=ROOT)
        assert out.returncode == 0, out.stderr
        assert "house edge" in out.stdout
        assert sorted(ast.literal_eval(out.stdout.splitlines()[-1].removeprefix("imported: "))) == \
            sorted(imported), (run, out.stdout)
        written = sorted(p.name for p in (tmp_path / "prepared").glob("*.bin"))
        assert len(written) == (ahead == "1"), (run, written)  # kept once, then found


UNUSED_BY_EDGE = """
import atexit, sys
def said():
    tokenize = sys.modules.get("tokenize")
    compiled = tokenize is not None and tokenize._compile.cache_info().currsize > 0
    print("multiprocessing:", "multiprocessing" in sys.modules, "tokenizer:", compiled)
atexit.register(said)
from pontoon_rules.cli import main
sys.argv = ["pontoon-rules", *sys.argv[1:]]
main()
"""


def test_edge_starts_no_worker_machinery_and_parses_no_signature_text(tmp_path: Path) -> None:
    """`edge` imports no `multiprocessing` (a few ms of its start: `processes` imports it
    where workers start, not for the progress ticker's `fork_safe`), and the ruleset's
    models are built without `inspect` parsing a builtin's signature from its text (its
    first use compiles the tokenizer's patterns: 2 ms; the ace values' serializer is a
    function of ours, not `list`)."""
    env = dict(os.environ, PONTOON_RULES_AHEAD="0", PONTOON_RULES_CACHE=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", UNUSED_BY_EDGE, "edge", "blackjack-reference"],
                         capture_output=True, text=True, timeout=120, env=env, check=False,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "house edge" in out.stdout
    assert out.stdout.splitlines()[-1] == "multiprocessing: False tokenizer: False"


STAND_IN = """
import sys
from pontoon_rules.cli.analysis_cmds import _rules
_rules("pagat-british", ())
import pydantic.plugin._loader as loader
print("metadata" if "importlib.metadata" in sys.modules else "none", list(loader.get_plugins()))
print(loader.PYDANTIC_ENTRY_POINT_GROUP, "importlib.metadata" in sys.modules)
"""


@pytest.mark.parametrize(("setting", "first"), [(None, "none []"), ("", "metadata []")])
def test_the_plugin_loaders_stand_in(setting: str | None, first: str) -> None:
    """With plugins off (the command line's default) a ruleset loads without
    `importlib.metadata`, and pydantic hears of no plugins; a user's own setting wins
    (the real loader, which reads the installed distributions); any other name asked of
    the stand-in loads the real module."""
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if setting is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = setting
    out = subprocess.run([sys.executable, "-c", STAND_IN], capture_output=True, text=True,
                         timeout=120, env=env, check=False, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [first, "pydantic True"]
