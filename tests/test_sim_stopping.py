"""A stop asked for during a session: it ends after the chunk under way, with the deals
played so far, exactly as a shorter session of the same seed."""

from __future__ import annotations

import os
import signal

import pytest

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.runs.stopping import NOTICE, Stop, first_interrupt_stops
from pontoon_rules.sim.sessions import summary as sm
from pontoon_rules.sim.sessions.summary import SessionRequest, play_summary


def test_the_first_interrupt_asks_for_a_stop_and_the_second_quits() -> None:
    said: list[str] = []
    before = signal.getsignal(signal.SIGINT)
    with first_interrupt_stops(said.append) as stop:
        assert not stop.requested
        os.kill(os.getpid(), signal.SIGINT)
        assert stop.requested and said == [NOTICE.format(what="deals")]
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stop_ends_the_session_with_what_was_played(monkeypatch: pytest.MonkeyPatch,
                                                      workers: int) -> None:
    monkeypatch.setattr(sm, "SEGMENT", 6_000)
    monkeypatch.setattr(sm, "CHUNK", 2_000)
    rules = compile_rules(load_bundled("pagat-british"))
    stop = Stop()

    def progress(done: int) -> None:
        if done >= 4_000:
            stop.requested = True

    long = SessionRequest(rules, 3, 10_000_000, seed=5)
    tally, stopped = play_summary(long, workers, progress=progress, stop=stop)
    played = 4_000 if workers == 1 else 6_000  # one chunk here, a whole segment on workers
    assert stopped and tally.deals == played
    short, short_stopped = play_summary(SessionRequest(rules, 3, played, seed=5))
    assert not short_stopped
    assert (tally.person == short.person).all() and (tally.table == short.table).all()


def test_a_stop_asked_before_any_deal_still_plays_one_chunk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sm, "CHUNK", 1_000)
    rules = compile_rules(load_bundled("pagat-british"))
    tally, stopped = play_summary(SessionRequest(rules, 2, 10_000_000, seed=1),
                                  stop=Stop(requested=True))
    assert stopped and tally.deals == 1_000


def test_an_interrupt_before_any_deal_is_not_a_result(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = compile_rules(load_bundled("pagat-british"))

    def interrupted(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sm.SessionTable, "play", interrupted)
    with pytest.raises(KeyboardInterrupt):
        play_summary(SessionRequest(rules, 2, 5_000, seed=1))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stop_ends_a_simulation_with_the_rounds_played(monkeypatch: pytest.MonkeyPatch,
                                                         workers: int) -> None:
    import pontoon_rules.sim.runs.simulate as ss

    monkeypatch.setattr(ss, "CHUNK", 20_000)
    rules = compile_rules(load_bundled("blackjack-reference"))
    stop = Stop()

    def told(phase: str) -> None:
        if phase == "run":
            stop.requested = True  # asked for before the first chunk: one is played

    found = ss.simulate(rules, 10_000_000, seed=3, workers=workers, on_phase=told, stop=stop)
    alone = ss.simulate(rules, 20_000, seed=3)
    assert found.stopped_early and found.rounds == 20_000 and not alone.stopped_early
    assert (found.mean, found.half_width) == (alone.mean, alone.half_width)
    assert found.to_json()["stopped_early"] is True
