"""Hostile trial, second round (issue 26), item 5: no silent overflow in the compiled
simulator. A run whose money could pass its 64-bit integers is refused before it
starts; at the largest stake it accepts, it agrees with the engine (Python integers)
to the unit.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.kernels.compiled import full_shoe
from pontoon_rules.sim.kernels.money import (
    FLOAT_EXACT,
    INT64_MAX,
    MoneyOverflowError,
    Run,
    largest_stake,
    round_swing,
)
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundOutcome, RoundRunner


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def unlimited(ruleset_id: str) -> Rules:
    """A bundled ruleset without a maximum stake or a bank that is an amount (so any stake
    is the ruleset's own; the simulator refuses stakes beyond such a bank, as the engine)."""
    from pontoon_rules.ruleset.format.model import Ruleset

    data = load_bundled(ruleset_id).model_dump(mode="python")
    data["stakes"]["max_stake"] = None
    if data["table"]["bank"]["amount"] is not None:
        data["table"]["bank"].update(amount=None, va_bank=False, passes_when_broken=False,
                                     cap="whole-deal", entry=None)
    return compile_rules(Ruleset.model_validate(data))


def engine_round(rules: Rules, policy, cards: list[int], stakes: list[int],  # type: ignore[no-untyped-def]
                 kitty: int) -> RoundOutcome:
    state = RoundState(rules, stakes, kitty=kitty or None)
    deal = iter(cards)
    while not state.is_terminal():
        state.apply_action(next(deal) if state.is_chance_node() else policy(state))
    result = state.result()
    return RoundOutcome([s.net for s in result.seats], result.banker_net, result.kitty_change)


@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
def test_at_the_largest_accepted_stake_engine_and_simulator_agree(ruleset: str) -> None:
    rules = unlimited(ruleset)
    seats = min(rules.max_players, 3)
    kitty = 50 if rules.shoot else 0
    top = largest_stake(rules, Run(1, seats, kitty=kitty))
    assert top > 10**12  # generous: far beyond any real stake
    strat = strategy(rules, "best")
    runner = RoundRunner(rules, strat, seats)
    policy = engine_policy(rules, strat)
    rng = random.Random(zlib.crc32(ruleset.encode()))
    shoe = [int(c) for c in full_shoe(rules)]
    for _ in range(300):
        rng.shuffle(shoe)
        stakes = [top - rng.randrange(3) for _ in range(rng.randint(1, seats))]
        want = engine_round(rules, policy, shoe, stakes, kitty)
        got = runner.play_shoe(shoe, stakes, kitty)
        assert got == want, (stakes, shoe[:12])
        assert got.banker + got.kitty_change + sum(got.seats) == 0
    with pytest.raises(MoneyOverflowError, match="is too large for the compiled simulator"):
        runner.play_shoe(shoe, [top + 1] * seats, kitty)


def test_the_bound_covers_every_round_at_any_stake() -> None:
    """The bound is an upper bound: no simulated round moves more than it says."""
    for ruleset in bundled_handled("simulator"):
        rules = compile_rules(load_bundled(ruleset))
        seats = min(rules.max_players, 4)
        runner = RoundRunner(rules, strategy(rules, "best"), seats)
        rng = random.Random(7)
        shoe = [int(c) for c in full_shoe(rules)]
        stake = rules.min_stake
        bound = round_swing(rules, stake, seats, 50 if rules.shoot else 0)
        for _ in range(300):
            rng.shuffle(shoe)
            got = runner.play_shoe(shoe, [stake] * seats, 50 if rules.shoot else 0)
            assert max(map(abs, [*got.seats, got.banker, got.kitty_change])) <= bound


def test_the_largest_stake_is_the_last_that_fits() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    for rounds, limit in ((1, INT64_MAX), (10**8, FLOAT_EXACT)):
        top = largest_stake(rules, Run(1, 5, rounds, 50, 10), limit)
        assert Run(top, 5, rounds, 50, 10).fits(rules, limit)
        assert not Run(top + 1, 5, rounds, 50, 10).fits(rules, limit)


@pytest.mark.parametrize("stake", ["100000000000000000", str(2**63 - 1), str(2**63),
                                   str(10**30)])
def test_a_session_at_a_stake_past_the_integers_is_one_line(
        capsys: pytest.CaptureFixture[str], stake: str) -> None:
    code, out, err = run(capsys, "session", "pagat-british", "--deals", "2000", "--summary",
                         "--stake", stake, "--seed", "3")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"error: pagat-british: a stake of {int(stake):,} is too large for "
                          "the compiled simulator: ")
    assert "the largest stake it takes here is " in err


def test_a_long_session_is_checked_against_its_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "session", "pagat-british", "--deals", "100000000",
                          "--summary", "--stake", "1000000000000")
    assert code == 2 and "100,000,000 deals could move more than it counts exactly" in err


def test_the_same_seed_gives_the_same_edge_at_any_accepted_stake(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    per_stake = []
    for stake in ("10", "1000000000"):
        code, out, err = run(capsys, "session", "pagat-british", "--deals", "3000",
                             "--summary", "--json", "--stake", stake, "--seed", "5")
        assert code == 0, err
        data = json.loads(out)
        per_stake.append((round(data["seat"]["per_deal"] / int(stake), 9),
                          data["seat"]["ci999"][1] > data["seat"]["ci999"][0]))
    # nothing wraps: the result in stakes is close at both (rounding of odds differs)
    assert per_stake[1][1] and abs(per_stake[0][0] - per_stake[1][0]) < 0.05


def test_simulate_refuses_a_min_stake_past_the_integers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # an amount is bounded in the model (issue 46: `ruleset.format.common.AMOUNT_MAX`), so such a
    # stake is a problem of the file, with its line and field
    path = tmp_path / "huge.yaml"
    path.write_text("id: huge\nname: Huge\nextends: pagat-british\nstakes:\n"
                    "  min_stake: 100000000000000000000000\n  max_stake: null\n")
    code, out, err = run(capsys, "simulate", str(path), "--rounds", "1000")
    assert (code, out) == (2, "")
    assert err == (f"{path}:5:14: stakes.min_stake: expected a number <= 999999999999999, "
                   "got 100000000000000000000000\n1 problem found\n")


# --- item 9: cluster input and workers ------------------------------------------------------


@pytest.mark.parametrize(("address", "message"), [
    ("not a url", "'not a url': an address has no spaces; expected tcp://HOST:PORT"),
    ("tcp://", "'tcp://': expected tcp://HOST:PORT, with a host and nothing after the port"),
    ("foo://host:8786", "'foo://host:8786': unknown transport 'foo'; expected one of tcp://, "
     "tls://"),
    ("tcp://[::1", "'tcp://[::1': expected tcp://HOST:PORT, with a port from 1 to 65535 (an "
     "IPv6 host in brackets: tcp://[::1]:8786)"),
    ("", "'': an empty address; give tcp://HOST:PORT (or leave the option out to run here)"),
    ("tcp://127.0.0.1:99999", "'tcp://127.0.0.1:99999': expected tcp://HOST:PORT, with a port "
     "from 1 to 65535 (an IPv6 host in brackets: tcp://[::1]:8786)"),
    ("tcp://host", "'tcp://host': expected a port from 1 to 65535 after the host (a Dask "
     "scheduler listens on 8786)"),
    ("tcp://bad\x1bhost:1", "'tcp://bad\\x1bhost:1': not a host name or an IP address; "
     "expected tcp://HOST:PORT"),
])
@pytest.mark.parametrize("command", [["simulate", "pagat-british", "--rounds", "1000"],
                                     ["session", "pagat-british", "--summary", "--deals", "10"]])
def test_a_bad_scheduler_address_is_refused_before_anything_runs(
        capsys: pytest.CaptureFixture[str], address: str, message: str,
        command: list[str]) -> None:
    code, out, err = run(capsys, *command, "--scheduler", address)
    assert (code, out) == (2, "")
    assert err.endswith(f"Error: Invalid value for '--scheduler': {message}\n")


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A local server that is not a Dask scheduler: silent, garbage or HTTP-like."""
    import contextlib
    import socket
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    kind = request.param
    held: list[socket.socket] = []
    answering: list[threading.Thread] = []

    def answer(conn: socket.socket) -> None:
        """Answer only after a request, as HTTP does; a connection shut meanwhile ends it."""
        try:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")
        except OSError:
            return

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            held.append(conn)
            if kind == "garbage":
                with contextlib.suppress(OSError):  # the client gone already
                    conn.sendall(b"GARBAGE!" * 64)
            elif kind == "http":
                answering.append(threading.Thread(target=answer, args=(conn,), daemon=True))
                answering[-1].start()

    serving = threading.Thread(target=serve, daemon=True)
    serving.start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    # every thread woken and ended before a socket it uses is closed (a closed one made
    # a late recv or sendall raise 'Bad file descriptor' in the next test)
    with contextlib.suppress(OSError):
        listener.shutdown(socket.SHUT_RDWR)
    serving.join(10)
    for sock in held:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
    for thread in answering:
        thread.join(10)
    for sock in (listener, *held):
        sock.close()


@pytest.mark.parametrize(("server", "message"), [
    ("silent", "cannot reach the Dask scheduler at {a}: no reply within 1 s (is it a Dask "
     "scheduler?)"),
    ("http", "cannot reach the Dask scheduler at {a}: no reply within 1 s (is it a Dask "
     "scheduler?)"),
    ("garbage", "{a} is not a Dask scheduler: it replied with something that is not the Dask "
     "protocol"),
], indirect=["server"])
def test_a_server_that_is_not_a_scheduler_is_one_line_within_the_timeout(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, server: str,
        message: str) -> None:
    pytest.importorskip("distributed")
    from pontoon_rules.sim.distribution import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    code, out, err = run(capsys, "simulate", "pagat-british", "--rounds", "1000",
                         "--scheduler", server, "--json")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == "error: " + message.format(a=server)


def test_no_more_workers_than_chunks_are_started(monkeypatch: pytest.MonkeyPatch) -> None:
    from multiprocessing.context import BaseContext

    from pontoon_rules.sim.distribution import distribute
    from pontoon_rules.sim.runs.simulate import payload

    started: list[int] = []
    real = BaseContext.Pool

    def pool(self: BaseContext, processes: int, *args: object, **kwargs: object) -> object:
        started.append(processes)
        return real(self, processes, *args, **kwargs)  # type: ignore[arg-type]

    # every context's Pool (fork, or a fork server where threads run): `processes`
    monkeypatch.setattr(BaseContext, "Pool", pool)
    rules = compile_rules(load_bundled("pagat-british"))
    data = payload(rules, None, "infinite")
    tasks = [("rounds", data, 200, words) for words in distribute.chunk_seeds(1, 3)]
    results = list(distribute.run_tasks(tasks, workers=300))
    assert started == [3] and len(results) == 3


def workers(parent: Any) -> list[Any]:
    """The worker processes of `parent` (psutil): the processes under it running its own
    program, forked from it or from its fork server (`pontoon_rules.processes`), not a
    compiler it runs meanwhile to build a C kernel for the rules, nor multiprocessing's
    fork server and resource tracker themselves."""
    import psutil

    found = []
    for child in parent.children(recursive=True):
        try:
            line = " ".join(child.cmdline())
            helper = "resource_tracker" in line or (
                "forkserver" in line and child.ppid() == parent.pid)
            if child.exe() == parent.exe() and not helper:
                found.append(child)
        except psutil.Error:  # a child gone meanwhile is no worker
            continue
    return found


def test_sigterm_stops_the_workers_with_the_parent() -> None:
    import signal
    import subprocess
    import sys
    import time

    psutil = pytest.importorskip("psutil")
    parent = subprocess.Popen([sys.executable, "-m", "pontoon_rules", "simulate",
                               "pagat-british", "--rounds", "400000000", "--workers", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        children: list[object] = []
        while time.monotonic() < deadline and len(children) < 2:
            time.sleep(0.2)
            children = workers(psutil.Process(parent.pid))
        assert len(children) >= 2, "the workers never started"
        parent.send_signal(signal.SIGTERM)
        _out, err = parent.communicate(timeout=30)
        gone, alive = psutil.wait_procs(children, timeout=10)  # type: ignore[arg-type]
        assert alive == [] and parent.returncode == 143
        assert "Traceback" not in err and "BrokenPipe" not in err, err
    finally:
        if parent.poll() is None:
            parent.kill()
