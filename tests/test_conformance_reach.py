"""Issue 50, item 1 (reach): the pack runs out without splits, the implementation deals
from its own pack and the kit checks its cards, every differing step is reported; and the
broken implementations of each class (tests/broken_impls/) are caught, the reference never."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_conformance_runner import BROKEN, PYTHON, REFERENCE, ROOT

from pontoon_rules.conformance.fuzzing.fuzz import fuzz
from pontoon_rules.conformance.running.dealing import (
    ALPHA,
    DealResult,
    _distribution,
    chi2_sf,
    deal_rounds,
)
from pontoon_rules.conformance.running.judge import judge
from pontoon_rules.conformance.running.runner import Outcome, RunOptions, run_vectors
from pontoon_rules.conformance.vectors.export import resolve
from pontoon_rules.conformance.vectors.probes import out_of_turn
from pontoon_rules.conformance.vectors.shoe import shoe_vectors
from pontoon_rules.engine.round.cards import CODES
from pontoon_rules.engine.round.rules import Rules

NO_SPLIT = ROOT / "tests" / "rulesets" / "one-pack-twelve-no-split.yaml"


@cache
def resolved(ref: str) -> tuple[Rules, bool]:
    ((rules, embed),) = resolve([ref])
    return rules, embed


@cache
def pack_vectors() -> list[dict[str, Any]]:
    rules, embed = resolved(str(NO_SPLIT))
    return shoe_vectors(rules, embed, [])


def run(script: str, vectors: list[dict[str, Any]]) -> list[Outcome]:
    command = script if script == REFERENCE else f"{PYTHON} {BROKEN / script}"
    return run_vectors(vectors, RunOptions(command, cwd=str(ROOT))).outcomes


# -- the pack runs out without splits ----------------------------------------------------


def test_a_one_pack_twelve_seat_table_without_splits_runs_its_pack_out() -> None:
    rules, _ = resolved(str(NO_SPLIT))
    assert not rules.split_allowed and rules.decks == 1 and rules.max_players == 12
    (vector,) = [v for v in pack_vectors() if v["slug"].endswith("/pack-runs-out")]
    assert len(vector["stakes"]) == 12 and len(vector["shoe"]) > 52
    assert len(set(vector["shoe"][:52])) == 52, "the first pack deals every card once"
    assert "pack-ran-out" in vector["features"] and vector["level"] == "must"
    assert not any(s.get("do", {}).get("action") == "split" for s in vector["steps"])


def test_a_crash_when_the_pack_runs_out_without_splits_is_caught() -> None:
    vectors = pack_vectors()
    assert {o.status for o in run(REFERENCE, vectors)} == {"pass"}
    bad = [o for o in run("shoe_crash_no_split.py", vectors) if o.status != "pass"]
    assert [o.slug.split("/")[1] for o in bad] == ["pack-runs-out"]
    assert bad[0].status == "crash" and "IndexError" in bad[0].message


def test_fuzz_runs_one_pack_out_now_and_then() -> None:
    rules, embed = resolved(str(NO_SPLIT))
    broken = RunOptions(f"{PYTHON} {BROKEN / 'shoe_crash_no_split.py'}", window=1, cwd=str(ROOT))
    result = fuzz(rules, embed, broken, rounds=64, seed=1)
    assert not result.passed and [g.key.split()[0] for g in result.groups] == ["crash"]
    assert "IndexError" in result.groups[0].first.message
    clean = fuzz(rules, embed, RunOptions(REFERENCE, window=1), rounds=64, seed=1)
    assert clean.passed and not clean.groups


# -- every differing step ----------------------------------------------------------------


def test_every_differing_step_is_reported_the_first_as_the_headline() -> None:
    expected = [{"actor": "p1"}, {"code": "wrong_actor", "action": "stick"}, {"actor": "p1"},
                {"code": None, "action": "stick"}]
    final = {"banker": {"net": 0}}
    trace = {"steps": [{"actor": "p1"}, {"code": "illegal_action"}, {"actor": "p2"},
                       {"code": None}], "final": {"banker": {"net": 5}}}
    found = judge(expected, final, trace)
    assert found is not None and (found.path, found.expected, found.got) == (
        "steps[1].code", "wrong_actor", "illegal_action")
    assert [m.path for m in found.others] == ["steps[2].actor", "final.banker.net"]
    assert "steps[2].actor" in str(found) and "final.banker.net" in str(found)


def test_a_card_drawn_before_a_refusal_is_seen_behind_a_wrong_code() -> None:
    rules, embed = resolved("pagat-british")
    vectors = out_of_turn(rules, embed, [])
    (outcome,) = run("draws_before_refusing.py", vectors)
    assert outcome.status == "fail" and outcome.path.endswith(".code")
    assert (outcome.expected, outcome.got) == ("wrong_actor", "illegal_action")
    later = [d for d in outcome.differences if ".hands.p" in d["path"]]
    assert later, outcome.differences
    assert len(later[0]["got"]) == len(later[0]["expected"]) + 1, "one card drawn"
    assert "differences" in outcome.to_json() and ".hands.p" in outcome.message
    assert {o.status for o in run(REFERENCE, vectors)} == {"pass"}


# -- dealing from its own pack -----------------------------------------------------------


def test_the_reference_deals_from_its_own_pack_and_passes() -> None:
    rules, embed = resolved(str(NO_SPLIT))
    result = deal_rounds(rules, embed, RunOptions(REFERENCE), rounds=24)
    assert result.passed, result.to_json()
    assert {o.status for o in result.outcomes} == {"pass"} and len(result.outcomes) == 24
    assert result.p_value is not None and result.p_value >= ALPHA and result.df == 51


def test_a_deck_that_keeps_a_card_on_the_table_is_caught_only_by_dealing() -> None:
    rules, embed = resolved(str(NO_SPLIT))
    stacked = pack_vectors() + out_of_turn(rules, embed, [])
    assert {o.status for o in run("keeps_table_card.py", stacked)} == {"pass"}, \
        "a stacked shoe never lets it choose a card"
    options = RunOptions(f"{PYTHON} {BROKEN / 'keeps_table_card.py'}", cwd=str(ROOT))
    result = deal_rounds(rules, embed, options, rounds=12)
    assert not result.passed and result.problem is None
    bad = [o for o in result.outcomes if o.status == "fail"]
    assert bad and all(o.path.startswith("dealt[") for o in bad)
    assert any("still on the table" in o.got for o in bad)


def test_the_count_dealt_and_a_card_the_packs_lack_are_told(tmp_path: Path) -> None:
    from pontoon_rules.conformance.running.dealing import replay

    rules, _ = resolved("pagat-british")
    steps: list[dict[str, Any]] = [{"expect": {}}]
    short = replay(rules, [100], ["AS", "TD"], steps)
    assert not isinstance(short, tuple) and short.path == "dealt"
    extra = replay(rules, [100], ["2S", "TD", "3S", "9D", "4S"], steps)
    assert not isinstance(extra, tuple) and extra.path == "dealt" and "5 cards" in extra.got
    twice = replay(rules, [100], ["2S", "2S", "3S", "9D"], steps)
    assert not isinstance(twice, tuple) and twice.path == "dealt[1]"
    assert "still on the table" in twice.got


def test_a_card_on_the_table_dealt_after_the_pack_ran_out_is_told() -> None:
    from pontoon_rules.conformance.running.dealing import replay
    from pontoon_rules.conformance.vectors.build import strip

    rules, _ = resolved(str(NO_SPLIT))
    (vector,) = [v for v in pack_vectors() if v["slug"].endswith("/pack-runs-out")]
    steps = strip(vector)["steps"]
    played = replay(rules, vector["stakes"], vector["shoe"], steps)
    assert isinstance(played, tuple) and played[1] == vector["final"], "the shoe replays"
    banker = vector["final"]["banker"]["cards"][0]  # on the table from the deal to the end
    shoe = [*vector["shoe"][:52], banker, *vector["shoe"][53:]]
    wrong = replay(rules, vector["stakes"], shoe, steps)
    assert not isinstance(wrong, tuple) and wrong.path == "dealt[52]"
    assert "still on the table" in wrong.got


def test_a_harness_that_does_not_deal_is_told_and_the_skeleton_shows_how(tmp_path: Path) -> None:
    from pontoon_rules.conformance.running.skeleton import write_skeleton

    harness, _ = write_skeleton("python", tmp_path, ["*"])
    text = harness.read_text()
    assert '"deal"' in text and '"deals": DEALS' in text and '"dealt"' in text
    rules, embed = resolved("pagat-british")
    result = deal_rounds(rules, embed, RunOptions(f"{PYTHON} {harness}"), rounds=2)
    assert not result.passed and "deals" in (result.problem or "")


def test_the_distribution_test_rejects_a_biased_shuffle_at_its_false_alarm_rate() -> None:
    for x, df, tail in [(51, 51, 0.47366065328196916), (130, 51, 7.89214794932312e-09),
                        (3, 1, 0.08326451666355042), (200, 35, 5.190577769735949e-25)]:
        assert chi2_sf(x, df) == pytest.approx(tail, rel=1e-9)  # scipy.stats.chi2.sf
    rules, _ = resolved("pagat-british")
    even = DealResult()
    _distribution(rules, [list(CODES)] * 20, even)
    assert even.p_value == pytest.approx(1.0) and not even.distribution_failed
    no_aces = [c for c in CODES if not c.startswith("A")]
    biased = DealResult()
    _distribution(rules, [no_aces] * 100, biased)
    assert biased.distribution_failed and biased.df == 51
    few = DealResult()
    _distribution(rules, [list(CODES[:10])], few)
    assert few.p_value is None and "260" in (few.note or "")


def test_a_dealt_trace_is_in_the_published_protocol() -> None:
    from pontoon_rules.conformance.running.replies import reply_violation, start_violation

    reply = {"seq": 1, "trace": {"steps": [], "final": None, "dealt": ["AS", "TD"]}}
    assert reply_violation(reply, [], strict=True) is None
    assert start_violation({"name": "x", "rulesets": ["*"], "deals": True}) is None


def test_conformance_deal_on_the_command_line(tmp_path: Path) -> None:
    import json
    import subprocess

    tiny = str(ROOT / "tests" / "rulesets" / "tiny-pagat.yaml")

    def deal(script: str) -> subprocess.CompletedProcess[str]:
        impl = REFERENCE if script == REFERENCE else f"{PYTHON} {BROKEN / script}"
        return subprocess.run([PYTHON, "-m", "pontoon_rules", "conformance", "deal", tiny,
                               "--impl", impl, "--rounds", "30", "--json",
                               str(tmp_path / f"{len(script)}.json")],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)

    good = deal(REFERENCE)
    assert good.returncode == 0, good.stderr
    assert "0 not passed" in good.stdout and "consistent with the packs" in good.stdout
    report = json.loads((tmp_path / f"{len(REFERENCE)}.json").read_text())
    assert report["passed"] and report["distribution"]["alpha"] == ALPHA
    assert report["ran_out"] > 0, "a tiny pack runs out"
    bad = deal("keeps_table_card.py")
    assert bad.returncode == 1 and "still on the table" in bad.stdout
    assert "dealing is wrong" in bad.stderr and "Traceback" not in bad.stderr
