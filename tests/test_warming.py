"""Hand-state graphs built ahead (`analysis.present.warming`): the graphs a ruleset's
realistic variations read, built while nothing waits, are the ones their solves then find
kept, with the edges of a fresh process; the workbench's helper builds them after a table
it did not solve."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import Future
from multiprocessing import Pipe
from pathlib import Path
from typing import Any

import pytest
from test_reads import counted_builds

from pontoon_rules.analysis.composition import compiled
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.present.costs import variant_of
from pontoon_rules.analysis.present.warming import warm_graphs
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

FRESH = """
import sys
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.present.costs import variant_of
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
data = load_bundled(sys.argv[1]).model_dump(mode="json", exclude_unset=True)
print(repr(edge_of(compile_rules(variant_of(data, sys.argv[2], int(sys.argv[3]))))))
"""


def _builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets one item for each graph built from now on (none kept before)."""
    monkeypatch.setattr(compiled, "GRAPHS", [])
    return counted_builds(monkeypatch)


def _variants(ruleset_id: str) -> tuple[Ruleset, list[Ruleset | str]]:
    ruleset = load_bundled(ruleset_id)
    data = ruleset.model_dump(mode="json", exclude_unset=True)
    return ruleset, [variant_of(data, "player.stick_minimum", 16),  # a graph of its own
                     variant_of(data, "pack.decks", 3),  # the base's graph
                     "not analysed: a note, passed over"]


def test_the_graphs_built_ahead_are_those_the_solves_read_with_a_fresh_processs_edges(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """spanish-21 (a model for each group of up cards): the variant reading a graph of
    its own has it built ahead, the one reading the base's nothing; its solve then builds
    no graph, and its edge is a fresh process's to the bit."""
    fresh = subprocess.Popen([sys.executable, "-c", FRESH, "spanish-21",
                              "player.stick_minimum", "16"], stdout=subprocess.PIPE, text=True)
    builds = _builds(monkeypatch)
    ruleset, variants = _variants("spanish-21")
    assert warm_graphs(ruleset, variants) == 1
    made = len(builds)
    assert made == 1  # one for both groups of up cards (the super bonus's 7s, the rest)
    stick = variants[0]
    assert isinstance(stick, Ruleset)
    edge = edge_of(compile_rules(stick))
    assert len(builds) == made  # found kept
    assert repr(edge) == fresh.communicate(timeout=120)[0].strip()
    assert warm_graphs(ruleset, variants) == 1 and len(builds) == made  # kept: none again


def test_warming_stops_when_asked_and_needs_a_finite_shoe(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`stop()` is asked before each variant (a call waiting on the helper's socket ends
    the work); a ruleset analysed at an infinite deck reads no graph of hand states."""
    builds = _builds(monkeypatch)
    ruleset, variants = _variants("pagat-british")
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    assert warm_graphs(ruleset, variants, stop) == 0 and asked == [1] and not builds
    assert warm_graphs(ruleset, variants) == 1 and builds
    infinite = ruleset.model_copy(update={"pack": ruleset.pack.model_copy(
        update={"decks": None})})
    assert compile_rules(infinite).decks is None
    assert warm_graphs(infinite, variants) == 0


class _Helper:
    """A helper that runs each call at once, here, and notes it (`worker.helper`'s)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]:
        self.calls.append(fn.__name__)
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future


def test_the_workers_helper_builds_the_graphs_after_a_table_it_did_not_solve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept table (a bundled ruleset's stored one, or the cache folder's) solves nothing:
    the helper is then asked to build the graphs ahead (`helper.graphs_ahead`); a table the step
    solved with it built them already (its variants that read a graph of their own are
    the helper's), and none is asked."""
    from pontoon_rules.analysis.present import realistic
    from pontoon_rules.workbench import worker
    from pontoon_rules.workbench.worker import REALISTIC, Job

    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))
    monkeypatch.setattr(realistic, "_MEMO", {})
    helper = _Helper()
    monkeypatch.setattr(worker, "helper", lambda: helper)
    builds = _builds(monkeypatch)

    class Outbox:
        def send(self, *message: Any) -> None:
            pass

        def check(self) -> None:
            pass

    base = load_bundled("ochko-home")
    outbox: Any = Outbox()
    stored = worker.realistic_step(Job(base, None, (REALISTIC,)), {}, outbox)
    assert helper.calls == ["graphs_ahead"] and builds  # built ahead, in the helper
    changed = variant_of(base.model_dump(mode="json", exclude_unset=True), "pack.decks", 2)
    assert isinstance(changed, Ruleset)
    helper.calls.clear()
    solved = worker.realistic_step(Job(changed, None, (REALISTIC,)), {}, outbox)
    assert helper.calls and "graphs_ahead" not in helper.calls  # variants solved there: no warming
    assert solved["base_house_edge_percent"] != stored["base_house_edge_percent"]


def test_the_helpers_warming_ends_as_soon_as_a_call_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In the helper, `graphs_ahead` asks its socket whether a call waits before each variant:
    the table's first variant waits one graph's build at most."""
    from pontoon_rules.workbench import helper

    builds = _builds(monkeypatch)
    ours, theirs = Pipe()
    monkeypatch.setattr(helper, "_INBOX", [ours])
    theirs.send(("a call",))
    assert helper.graphs_ahead(load_bundled("vingt-un")) == 0 and not builds
    assert ours.recv() == ("a call",)  # left for the helper's loop
    assert helper.graphs_ahead(load_bundled("vingt-un")) > 0 and builds
