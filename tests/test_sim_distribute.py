"""Seeded chunks: the same figures on one process, local workers, or a Dask cluster."""

from __future__ import annotations

import pytest

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.distribution.distribute import chunk_seeds
from pontoon_rules.sim.runs.simulate import simulate
from pontoon_rules.sim.sessions import summary as sm
from pontoon_rules.sim.sessions.summary import SessionRequest, play_summary


def test_chunk_seeds_are_distinct_and_stable() -> None:
    seeds = chunk_seeds(7, 5)
    assert len(set(seeds)) == 5 and seeds == chunk_seeds(7, 5)
    assert seeds[:3] != chunk_seeds(8, 3)


def test_rounds_are_equal_with_any_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.sim.runs.simulate as ss

    monkeypatch.setattr(ss, "CHUNK", 50_000)
    rules = compile_rules(load_bundled("pagat-british"))
    one = simulate(rules, 200_000, seed=4)
    two = simulate(rules, 200_000, seed=4, workers=2)
    assert one.rounds == two.rounds == 200_000
    assert (one.mean, one.half_width) == (two.mean, two.half_width)
    assert simulate(rules, 200_000, seed=5).mean != one.mean


def test_session_summary_equal_with_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sm, "SEGMENT", 4_000)
    rules = compile_rules(load_bundled("shoot-pontoon"))
    req = SessionRequest(rules, 4, 12_500, seed=3)
    one, stopped = play_summary(req)
    two, _ = play_summary(req, workers=2)
    assert not stopped and one.deals == two.deals == 12_500
    assert (one.person == two.person).all() and (one.table == two.table).all()


def test_local_dask_cluster_gives_the_single_process_result(
        monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    import pontoon_rules.sim.runs.simulate as ss

    monkeypatch.setattr(ss, "CHUNK", 40_000)
    monkeypatch.setattr(sm, "SEGMENT", 3_000)
    rules = compile_rules(load_bundled("pagat-british"))
    req = SessionRequest(rules, 5, 9_000, seed=11)
    alone = simulate(rules, 120_000, seed=6)
    blackjack = compile_rules(load_bundled("blackjack-reference"))  # the one-seat fast kernel
    fast_alone = simulate(blackjack, 120_000, seed=6, dealing="shoe")
    session_alone, _ = play_summary(req)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        # --workers is this machine's; the result reports the cluster's two
        remote = simulate(rules, 120_000, seed=6, workers=5,
                          scheduler=cluster.scheduler_address)
        fast_remote = simulate(blackjack, 120_000, seed=6, dealing="shoe",
                               scheduler=cluster.scheduler_address)
        session_remote, _ = play_summary(req, scheduler=cluster.scheduler_address)
    assert (remote.mean, remote.half_width) == (alone.mean, alone.half_width)
    assert (remote.workers, fast_remote.workers, alone.workers) == (2, 2, 1)
    assert (fast_remote.mean, fast_remote.half_width) == (fast_alone.mean, fast_alone.half_width)
    assert (session_remote.person == session_alone.person).all()


def test_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    from pontoon_rules.sim.distribution.distribute import ClusterError

    rules = compile_rules(load_bundled("casino-ochko"))
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        simulate(rules, 1000, scheduler="tcp://127.0.0.1:9")


def test_engine_path_is_equal_with_any_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine path's chunks go through the same workers, folded in chunk order."""
    import pontoon_rules.sim.runs.engine as se

    monkeypatch.setattr(se, "CHUNK", 150)
    rules = compile_rules(load_bundled("casino-ochko"))
    one = simulate(rules, 600, seed=4, path="engine")
    two = simulate(rules, 600, seed=4, path="engine", workers=2)
    assert one.rounds == two.rounds == 600 and one.path == "engine"
    assert (one.mean, one.half_width) == (two.mean, two.half_width)
    assert simulate(rules, 600, seed=5, path="engine").mean != one.mean


def test_simulate_refuses_an_unknown_or_retired_path() -> None:
    from pontoon_rules.analysis.dealer import AnalysisError

    rules = compile_rules(load_bundled("casino-ochko"))
    with pytest.raises(AnalysisError, match="'fast' .* retired: use 'compiled'"):
        simulate(rules, 100, path="fast")
    with pytest.raises(AnalysisError, match="expected compiled or engine"):
        simulate(rules, 100, path="numpy")


@pytest.mark.parametrize(("ruleset", "dealing"), [("blackjack-reference", "shoe"),
                                                   ("pagat-british", "infinite")])
def test_the_set_up_is_timed_apart_and_changes_no_figure(ruleset: str, dealing: str) -> None:
    """`simulate` builds the tables and loads the kernel (one thrown-away round) before
    the clock of the run starts; the figures are those of the run without that step."""
    from pontoon_rules.sim.distribution import distribute
    from pontoon_rules.sim.runs.simulate import simulate_compiled

    rules = compile_rules(load_bundled(ruleset))
    distribute._prepared.cache_clear()
    distribute._runner.cache_clear()
    sums, _ = simulate_compiled(rules, 30_000, seed=9, dealing=dealing)
    distribute._prepared.cache_clear()
    distribute._runner.cache_clear()
    phases: list[str] = []
    result = simulate(rules, 30_000, seed=9, dealing=dealing,  # type: ignore[arg-type]
                      on_phase=phases.append)
    assert phases == ["set-up", "run"]
    assert result.rounds == 30_000 and result.mean == sums[0] / sums[3]
    assert 0 < result.setup_seconds < result.seconds
    assert result.run_seconds == pytest.approx(result.seconds - result.setup_seconds)
    data = result.to_json()
    assert data["run_rounds_per_second"] == pytest.approx(30_000 / data["run_seconds"])
    assert data["rounds_per_second"] < data["run_rounds_per_second"]


def test_the_local_pool_is_sent_small_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A task's payload (the ruleset and its strategy, some 100 KB) stays in the parent,
    which the workers are forked from: down the pool's pipe goes its key, so that no
    message is larger than a pipe holds (one was: a Ctrl-C that terminated the pool could
    leave its task handler blocked mid-message, and the parent hung); the figures are
    those of one process."""
    import multiprocessing.pool
    import pickle

    import pontoon_rules.sim.runs.simulate as ss
    from pontoon_rules.sim.distribution import distribute

    sent: list[int] = []
    imap = multiprocessing.pool.Pool.imap

    def recording(self, func, iterable, chunksize=1):  # type: ignore[no-untyped-def]
        tasks = list(iterable)
        sent.extend(len(pickle.dumps((func, task))) for task in tasks)
        return imap(self, func, tasks, chunksize)

    monkeypatch.setattr(multiprocessing.pool.Pool, "imap", recording)
    monkeypatch.setattr(ss, "CHUNK", 20_000)
    rules = compile_rules(load_bundled("pagat-british"))
    two = simulate(rules, 60_000, seed=4, workers=2)
    assert len(sent) == 3 and max(sent) < 4096, sent
    one = simulate(rules, 60_000, seed=4)
    assert (two.mean, two.half_width) == (one.mean, one.half_width)
    assert not distribute._FORKED  # the parent keeps no payload after the run
