"""Issue 46, item 4 "Everything ends", with its tracebacks: every command on every valid
ruleset ends in bounded time, or refuses in one line naming the field.

The cut for the first banker on a pack of one rank or with more people than cards;
shoes for worked examples and vectors on a four-card pack; seeds and worker counts
bounded at the command line; a harness that stops reading, or leaves a child behind
with `setsid` and an empty environment, or is interrupted; a `dealt_only` hand no
deal can give; `--agree` of a huge number. Small packs are overlays in `tmp_path`.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_hostile_conformance import small_suite

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.compare.candidates import candidates, make_shoe
from pontoon_rules.conformance.running.runner import RunOptions, run_vectors
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.banking import MAX_RECUTS, FirstBankerDraw, choose_first_banker
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format.agreed import MAX_AGREED, parse_agreement
from pontoon_rules.ruleset.loading.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "broken_impls"
PYTHON = sys.executable
TIMEOUT = 120


def pack(tmp_path: Path, ranks: str, suits: str = "[S, H, D, C]", name: str = "small") -> Path:
    """An overlay of pagat-british (highest cut for the bank) with a small pack."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nname: Small\nextends: pagat-british\npack:\n  decks: 1\n"
                    f"  ranks: {ranks}\n  suits: {suits}\nplayer:\n  split:\n"
                    f"    ranks: {ranks}\n", encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The CLI in-process: exit code, stdout, stderr (never a traceback)."""
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def command(*args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """The CLI in a process of its own, bounded in time (a hang fails the test)."""
    done = subprocess.run([PYTHON, "-m", "pontoon_rules", *args], cwd=ROOT, timeout=timeout,
                          capture_output=True, text=True)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]
    return done


# -- the cut for the first banker ends ----------------------------------------------------


def test_a_cut_in_a_pack_of_one_rank_ends_with_the_first_listed(tmp_path: Path) -> None:
    rules = compile_rules(load_ruleset(pack(tmp_path, '["7"]')))
    draw = _bounded(lambda: choose_first_banker(rules, list("ABCD"), random.Random(1)), 30)
    assert isinstance(draw, FirstBankerDraw)
    assert draw.banker == "A" and draw.by == "highest-cut" and draw.by_seat_order
    assert len(draw.cards) == 4 and draw.to_json()["by_seat_order"] is True


def test_a_session_on_a_pack_of_one_rank_ends(tmp_path: Path) -> None:
    done = command("session", str(pack(tmp_path, '["7"]')), "--deals", "2", "--players", "3",
                   "--json", timeout=90)
    assert done.returncode == 0 and '"by_seat_order": true' in done.stdout


def test_ties_recut_a_bounded_number_of_times(tmp_path: Path) -> None:
    rules = compile_rules(load_ruleset(pack(tmp_path, '["7", "8"]')))
    for seed in range(50):
        draw = choose_first_banker(rules, list("ABCDEFGH"), random.Random(seed))
        assert len(draw.cards) <= 8 * (MAX_RECUTS + 1) and draw.banker in "ABCDEFGH"
        assert not draw.by_seat_order  # two ranks part the tied within the re-cuts


def test_more_people_than_cards_cut_from_more_packs(tmp_path: Path) -> None:
    rules = compile_rules(load_ruleset(pack(tmp_path, '["7", "8"]', "[S, H]")))
    draw = choose_first_banker(rules, list("ABCDEFGH"), random.Random(3))
    assert [person for person, _ in draw.cards[:8]] == list("ABCDEFGH")
    assert {card for _, card in draw.cards} <= {"7S", "7H", "8S", "8H"}
    assert draw.banker in "ABCDEFGH"


def test_a_session_with_more_people_than_cards_is_no_traceback(tmp_path: Path) -> None:
    done = command("session", str(pack(tmp_path, '["7"]')), "--deals", "1", "--players", "6",
                   "--json", timeout=90)
    assert done.returncode == 0 and '"by_seat_order": true' in done.stdout


# -- shoes on a pack too small to fill a round ------------------------------------------


def test_a_candidate_shoe_never_reaches_past_a_small_pool() -> None:
    pool = (20, 21, 22, 23)  # the four sevens
    assert make_shoe(pool, {5: 5}, random.Random(0)) is None
    shoe = make_shoe(pool, {0: 5}, random.Random(0))
    assert shoe is not None and sorted(shoe) == list(pool) and shoe[0] >> 2 == 5


def test_candidates_on_a_four_card_pack(tmp_path: Path) -> None:
    small = load_ruleset(pack(tmp_path, '["7"]'))
    found = candidates((load_ruleset(ROOT / "rulesets" / "pagat-british.yaml"), small))
    assert all(len(c.shoe) <= 4 for c in found)


def test_examples_on_a_four_card_pack(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "examples", "pagat-british", str(pack(tmp_path, '["7"]')))
    assert code == 0 and "pagat-british against small" in out


def test_conformance_export_of_a_four_card_pack(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "conformance", "export", str(pack(tmp_path, '["7"]')),
                       "-o", str(tmp_path / "out"))
    assert code == 0 and "small:" in err
    assert any((tmp_path / "out" / "small").glob("*.json"))


@pytest.mark.parametrize("args", [["simulate", "--rounds", "100", "--dealing", "shoe"],
                                  ["session", "--deals", "3", "--players", "2", "--summary"]])
def test_a_pack_that_cannot_fill_a_round_names_the_pack(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, _, err = run(capsys, args[0], str(pack(tmp_path, '["7"]')), *args[1:])
    (line,) = [x for x in err.splitlines() if x.startswith("error:")]
    assert code != 0 and "ran out" in line and "pack holds 1 × 4 cards" in line
    assert "pack.decks" in line


# -- seeds and worker counts bounded at the command line ---------------------------------


@pytest.mark.parametrize(("args", "option", "bound"), [
    (["simulate", "pagat-british", "--rounds", "10", "--seed", "-1"], "--seed",
     "0<=x<=18446744073709551615"),
    (["simulate", "pagat-british", "--rounds", "10", "--seed", str(2**64)], "--seed",
     "0<=x<=18446744073709551615"),
    (["session", "pagat-british", "--summary", "--seed", "-5"], "--seed",
     "0<=x<=18446744073709551615"),
    (["play", "pagat-british", "--seed", "-1"], "--seed", "0<=x<=18446744073709551615"),
    (["conformance", "fuzz", "casino-ochko", "--impl", "x", "--seed", "-1"], "--seed",
     "0<=x<=18446744073709551615"),
    (["simulate", "pagat-british", "--workers", "100000"], "--workers", "1<=x<=256"),
    (["session", "pagat-british", "--summary", "--workers", "100000"], "--workers",
     "1<=x<=256"),
])
def test_seeds_and_workers_are_bounded(capsys: pytest.CaptureFixture[str], args: list[str],
                                       option: str, bound: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and f"Invalid value for '{option}'" in err and bound in err


# -- a harness that stops reading, leaves a child, or is interrupted ---------------------


def _vector(notes: int = 0) -> dict[str, object]:
    return {"id": f"v{notes}", "slug": "hostile/one", "level": "must",
            "ruleset": {"id": "x", "notes": "x" * notes}, "stakes": [1], "shoe": [],
            "steps": [{"expect": {}}]}


def _bounded(target: object, seconds: float = 60) -> object:
    """`target()` on a thread, failing the test if it has not returned in `seconds`."""
    out: list[object] = []
    worker = threading.Thread(target=lambda: out.append(target()),  # type: ignore[operator]
                              daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still running after {seconds} s"
    return out[0]


def _gone(pid: int, seconds: float = 10) -> bool:
    """Whether `pid` is gone (or a zombie) within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state == "Z":
            return True
        time.sleep(0.05)
    return False


def _pids(path: Path, seconds: float = 30) -> list[int]:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline, "the harness never started"
        time.sleep(0.05)
    return [int(p) for p in path.read_text().split()]


def test_a_harness_that_stops_reading_times_out() -> None:
    options = RunOptions(f"{PYTHON} {BROKEN / 'stops_reading.py'}", cwd=str(ROOT), timeout=1)
    result = _bounded(lambda: run_vectors([_vector(300_000)], options))
    (only,) = result.outcomes  # type: ignore[attr-defined]
    assert only.status == "timeout" and "stopped reading" in only.message


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the subreaper is Linux's")
def test_a_child_that_leaves_the_session_with_no_environment_ends_with_the_run(
        tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    options = RunOptions(f"{PYTHON} {BROKEN / 'leaves_child.py'} {pids}", cwd=str(ROOT),
                         timeout=5)
    result = _bounded(lambda: run_vectors([_vector(1), _vector(2)], options))
    assert [o.status for o in result.outcomes] == ["skipped", "skipped"]  # type: ignore[attr-defined]
    child, harness = _pids(pids)
    assert _gone(harness) and _gone(child)


def _interruptible() -> None:
    """In the runner's process: Ctrl-C at its default. A process started from one that
    ignores SIGINT (a test worker, a background job of a shell) inherits the ignoring, and
    the runner would then rightly run on: that is not what the test asks."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the subreaper is Linux's")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_run_leaves_no_harness(tmp_path: Path, signum: int) -> None:
    folder = small_suite(tmp_path / "suite")
    pids = tmp_path / "pids"
    harness = f"{PYTHON} {BROKEN / 'leaves_child.py'} {pids} --hang"
    runner = subprocess.Popen([PYTHON, "-m", "pontoon_rules", "conformance", "run",
                               str(folder), "--impl", harness, "--timeout", "600"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              preexec_fn=_interruptible)
    try:
        child, harness_pid = _pids(pids)
        time.sleep(0.5)
        runner.send_signal(signum)
        runner.communicate(timeout=30)  # read its stderr: a full pipe would hold it forever
    finally:
        runner.kill()
        runner.wait()
    assert runner.returncode != 0
    assert _gone(harness_pid) and _gone(child)


# -- hands no deal can give, agreements out of range --------------------------------------


def test_a_dealt_only_hand_of_more_cards_than_are_dealt_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "dealt.yaml"
    path.write_text("id: dealt\nname: Dealt\nextends: pagat-british\nhands:\n"
                    "  ranking: [three-dealt, pontoon, five-card-trick, twenty-one, total]\n"
                    "  definitions:\n    three-dealt:\n      min_cards: 3\n"
                    "      dealt_only: true\n      pays: '3:1'\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    (problem,) = caught.value.problems
    assert "hands.definitions.three-dealt.dealt_only: it needs 3 cards dealt, but at most " \
           "2 to a player and at most 2 to the banker" in str(problem)


def test_a_dealt_only_hand_a_deal_can_give_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "dealt.yaml"
    path.write_text("id: dealt\nname: Dealt\nextends: pagat-british\ndeal:\n"
                    "  player_cards: 3\n  banker_cards: 3\nhands:\n"
                    "  ranking: [three-dealt, pontoon, five-card-trick, twenty-one, total]\n"
                    "  definitions:\n    three-dealt:\n      min_cards: 3\n"
                    "      dealt_only: true\n      pays: '3:1'\n", encoding="utf-8")
    assert load_ruleset(path).hands.definitions["three-dealt"].dealt_only


@pytest.mark.parametrize("value", ["1" + "0" * 15, "9" * 26, "9" * 5000])
def test_a_huge_agreed_amount_is_out_of_range(value: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_agreement(f"stakes.max_stake={value}")
    message = str(caught.value)
    assert "out of range" in message and f"at most {MAX_AGREED}" in message
    assert len(message) < 200 and value[:16] in message


def test_a_huge_agreed_amount_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "session", "pagat-british", "--agree",
                       "stakes.min_stake=" + "9" * 30)
    assert code == 2 and "out of range: an agreed amount is at most 999999999999999" in err
    assert parse_agreement(f"stakes.min_stake={MAX_AGREED}") == ("stakes.min_stake", MAX_AGREED)
