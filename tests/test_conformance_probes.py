"""Issue 25: vectors that probe where implementations break, and the broken implementations
(tests/broken_impls/) each caught by the exported suite of the ruleset it claims."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_conformance_runner import BROKEN, PYTHON, ROOT

from pontoon_rules.conformance.running.report import passed
from pontoon_rules.conformance.running.runner import Outcome, RunOptions, run_vectors
from pontoon_rules.conformance.vectors.export import export, load_suite
from pontoon_rules.conformance.vectors.probes import UNKNOWN_WORDS
from pontoon_rules.engine.round.actions import KINDS, PROBED_KINDS
from pontoon_rules.engine.round.legal import action_words
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled

TWELVE = ROOT / "tests" / "rulesets" / "one-pack-twelve.yaml"
CLAIMED = ["pagat-british", "casino-ochko", "blackjack-reference", str(TWELVE)]


@cache
def exported() -> dict[str, list[dict[str, Any]]]:
    """The suites of the rulesets the broken harnesses claim, exported once: by ruleset id."""
    folder = Path(tempfile.mkdtemp(prefix="pontoon-probes-"))
    atexit.register(shutil.rmtree, folder, True)
    export(CLAIMED, folder)
    out: dict[str, list[dict[str, Any]]] = {}
    for _, data in load_suite(folder):
        out.setdefault(data["ruleset"]["id"], []).append(data)
    return out


def named(ruleset: str, name: str) -> dict[str, Any]:
    return next(v for v in exported()[ruleset] if v["slug"] == f"{ruleset}/{name}")


def after_terminal(vector: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps after the checkpoint that names the round over."""
    steps = vector["steps"]
    at = next(i for i, s in enumerate(steps) if s.get("expect", {}).get("actor") == "terminal")
    return steps[at + 1:]


# -- the probing vectors -----------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["pagat-british", "casino-ochko", "blackjack-reference"])
def test_after_the_end_every_word_by_every_actor_is_refused(ruleset: str) -> None:
    vector = named(ruleset, "after-the-end")
    after = after_terminal(vector)
    assert after and all("reject" in s for s in after)
    assert {s["reject"]["code"] for s in after} == {"round_over"}
    words = {s["reject"]["action"] for s in after}
    # every probed word, every word the ruleset offers (`open`, `raise` only where offered)
    # and one unknown word; a word the ruleset never offers is not probed (the bundled
    # vectors' ids stay as they were)
    offered = set(action_words(compile_rules(load_bundled(ruleset))))
    assert words == set(PROBED_KINDS) | offered | {UNKNOWN_WORDS[0]}
    assert {s["reject"]["actor"] for s in after} == {"p1", "banker"}
    assert vector["level"] == "must"


def test_out_of_turn_probes_every_seat_at_a_full_table() -> None:
    for ruleset in ("pagat-british", "casino-ochko"):
        vector = named(ruleset, "out-of-turn")
        seats = load_bundled(ruleset).table.max_players
        assert len(vector["stakes"]) == seats
        wrong = {s["reject"]["actor"] for s in vector["steps"]
                 if "reject" in s and s["reject"]["code"] == "wrong_actor"}
        assert wrong == {f"p{i}" for i in range(1, seats + 1)} | {"banker"}
        over = {s["reject"]["actor"] for s in after_terminal(vector)}
        assert over == {f"p{i}" for i in range(1, seats + 1)} | {"banker"}


def test_unknown_words_and_malformed_amounts_have_their_codes() -> None:
    words = named("casino-ochko", "unknown-words")
    probed = {s["reject"]["action"]: s["reject"]["code"] for s in words["steps"] if "reject" in s}
    assert probed == {w: "unknown_action" for w in UNKNOWN_WORDS if w not in KINDS}
    amounts = named("pagat-british", "malformed-amounts")
    codes = {(type(s["reject"].get("amount")).__name__, s["reject"]["code"])
             for s in amounts["steps"] if "reject" in s and s["reject"]["action"] == "buy"}
    assert {("str", "malformed_amount"), ("float", "malformed_amount"),
            ("bool", "malformed_amount"), ("list", "malformed_amount"),
            ("NoneType", "malformed_amount"), ("int", "bad_amount")} <= codes


def test_every_table_size_and_the_limits() -> None:
    for ruleset in ("pagat-british", "casino-ochko"):
        seats = load_bundled(ruleset).table.max_players
        sizes = {len(v["stakes"]) for v in exported()[ruleset]
                 if v["slug"].split("/")[1].startswith("table-")}
        assert sizes == set(range(1, seats + 1))
    largest = named("casino-ochko", "limit-largest-stake")
    assert set(largest["stakes"]) == {10**12} and len(largest["stakes"]) == 7
    splits = named("pagat-british", "limit-most-splits")
    assert f"split-hands:{load_bundled('pagat-british').player.split.max_hands}" \
        in splits["features"]
    most = named("blackjack-reference", "limit-most-cards-player")
    assert len(most["final"]["seats"][0]["hands"][0]["cards"]) >= 8


def test_a_full_table_on_one_pack_runs_out_and_deals_on() -> None:
    vector = named("one-pack-twelve", "pack-runs-out")
    assert len(vector["stakes"]) == 12 and len(vector["shoe"]) > 52
    assert {"pack-ran-out"} <= set(vector["features"]) and vector["level"] == "must"
    first = vector["shoe"][:52]
    assert len(set(first)) == 52, "the first pack deals every card once"
    fresh = named("one-pack-twelve", "pack-runs-out-fresh-pack")
    assert "pack-fresh" in fresh["features"]
    assert set(fresh["shoe"][52:]) & set(fresh["shoe"][:52]), "a fresh pack repeats cards"
    assert named("pagat-british", "pack-runs-out")["level"] == "may", \
        "pagat's splits (needed to run a pack out at seven seats) are open readings"
    assert not [v for v in exported()["casino-ochko"] if "pack-ran-out" in v["features"]]


# -- the broken implementations ----------------------------------------------------------


def run(script: str, ruleset: str) -> list[Outcome]:
    return run_vectors(exported()[ruleset], RunOptions(f"{PYTHON} {BROKEN / script}",
                                                       cwd=str(ROOT))).outcomes


def failing(outcomes: list[Outcome]) -> dict[str, Outcome]:
    return {o.slug.split("/", 1)[1]: o for o in outcomes if o.status != "pass"}


def test_a_harness_that_accepts_actions_after_the_end_is_caught() -> None:
    outcomes = run("after_end.py", "pagat-british")
    bad = failing(outcomes)
    assert {"after-the-end", "after-the-end-at-once", "out-of-turn"} <= set(bad)
    assert all(o.path.endswith(".code") and (o.expected, o.got) == ("round_over", None)
               for o in bad.values()), "only the probes after the end tell"
    assert bad["after-the-end"].level == "must" and not passed(outcomes)


def test_a_harness_that_crashes_when_the_pack_runs_out_is_caught() -> None:
    for ruleset in ("pagat-british", "one-pack-twelve"):
        outcomes = run("shoe_crash.py", ruleset)
        bad = failing(outcomes)
        assert set(bad) == {v["slug"].split("/", 1)[1] for v in exported()[ruleset]
                            if "pack-ran-out" in v["features"]}, bad
        assert {o.status for o in bad.values()} == {"crash"}
        assert "ValueError" in next(iter(bad.values())).message
        assert not passed(outcomes), "a crash fails the run even on a `may` vector"


def test_a_harness_that_takes_unknown_words_as_a_twist_is_caught() -> None:
    outcomes = run("unknown_twist.py", "casino-ochko")
    bad = failing(outcomes)
    assert "unknown-words" in bad and bad["unknown-words"].level == "must"
    assert all(o.path.endswith(".code") and (o.expected, o.got) == ("unknown_action", None)
               for o in bad.values()), "only the probes with unknown words tell"
    assert not passed(outcomes)


def test_a_harness_that_deals_a_card_twice_is_caught() -> None:
    outcomes = run("deal_twice.py", "one-pack-twelve")
    bad = failing(outcomes)
    assert set(bad) == {"pack-runs-out", "pack-runs-out-fresh-pack"}
    assert {o.status for o in bad.values()} == {"fail"}
    assert not passed(outcomes)


def test_the_reference_passes_every_probe() -> None:
    for ruleset in ("pagat-british", "one-pack-twelve"):
        outcomes = run_vectors(exported()[ruleset], RunOptions(
            f"{PYTHON} -m pontoon_rules.conformance.running.harness", cwd=str(ROOT))).outcomes
        assert {o.status for o in outcomes} == {"pass"}
