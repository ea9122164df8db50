"""Start the workbench: bind the port, run uvicorn, open the browser, clean up on exit.

uvicorn (its h11 protocol) bounds a request's headers (`MAX_HEADER_BYTES`) and the
idle time between requests (`KEEP_ALIVE` seconds), and answers 503 beyond
`MAX_CONCURRENT` connections or requests at once; it has no deadline for reading a
request. `GuardedH11Protocol` adds one: a client has `READ_TIMEOUT` seconds from
connecting (or from the previous response) to send a whole request, headers and body,
or its connection is closed; and a connection beyond `MAX_CONNECTIONS` open at once
is closed as soon as it is accepted. So a client that sends slowly, or half a request,
or nothing, holds a connection for `READ_TIMEOUT` seconds at most, and the server
never holds more than `MAX_CONNECTIONS` descriptors for them.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from pontoon_rules.errors import PontoonError
from pontoon_rules.workbench.app import create_app
from pontoon_rules.workbench.hosts import WILDCARD
from pontoon_rules.workbench.jobs import DEFAULT_MEMORY, JobManager
from pontoon_rules.workbench.service import Workbench
from pontoon_rules.workbench.starts import Starts

READ_TIMEOUT = 15.0
"""Seconds a client has to send a whole request (an upload of the largest size
included), counted from its connection or from the previous response."""
KEEP_ALIVE = 5
"""Seconds an idle connection is kept between requests."""
MAX_CONCURRENT = 64
"""Connections or requests at once beyond which a request is answered 503."""
MAX_CONNECTIONS = 256
"""Connections open at once beyond which a new one is closed at once."""
MAX_HEADER_BYTES = 16 * 1024
"""The most bytes of a request's line and headers."""


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for reading each request and a cap on
    open connections (see the module docstring)."""

    read_timeout = READ_TIMEOUT
    max_connections = MAX_CONNECTIONS
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:  # noqa: D102
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:  # noqa: D102
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:  # noqa: D102
        super().handle_events()
        if not self._reading():
            self._disarm()

    def on_response_complete(self) -> None:  # noqa: D102
        super().on_response_complete()
        if not self.transport.is_closing() and self._reading():
            self._arm()

    def _reading(self) -> bool:
        """Whether the server waits for the client's request (or the rest of it)."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.read_timeout, self._timed_out)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if not self.transport.is_closing() and self._reading():
            self.transport.close()


def make_server(app: Any, read_timeout: float = READ_TIMEOUT,
                max_connections: int = MAX_CONNECTIONS) -> Any:
    """A uvicorn server for `app` with the workbench's bounds (see the module docstring)."""
    import uvicorn

    protocol = type("WorkbenchProtocol", (GuardedH11Protocol,), {
        "read_timeout": read_timeout, "max_connections": max_connections})
    return uvicorn.Server(uvicorn.Config(
        app, http=protocol, log_level="warning", lifespan="off", timeout_graceful_shutdown=2,
        timeout_keep_alive=KEEP_ALIVE, limit_concurrency=MAX_CONCURRENT,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES))


class ServerError(PontoonError):
    """The workbench could not start (the port is taken, the address is not this machine's)."""


def exposure(host: str, port: int) -> str:
    """What serving on `host` exposes, in words ('' for the loopback address alone)."""
    if host in ("127.0.0.1", "localhost", "::1"):
        return ""
    where = "every network this computer is on" if host in WILDCARD else host
    return (f"http://{host}:{port}/ on {where}: anyone who can reach it can see and change "
            "drafts, upload ruleset files (kept in a temporary folder) and run analyses on "
            "this computer's processors. It never opens a file path sent to it, and has no "
            "password.")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0: any free port).

    Raises:
        ServerError: the port is in use, or the address is not one of this machine's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        reason = "the port is in use (pick another with --port)" if port and \
            error.errno in (98, 48) else (error.strerror or str(error))
        raise ServerError(f"cannot serve on {host}:{port}: {reason}") from error
    sock.listen(64)
    sock.set_inheritable(True)
    return sock



TABLE_NICE = 4
"""How much lower than the server the realistic variations' worker (and its helper) runs:
the page and the house edge first."""
FIGURES_NICE = 10
"""How much lower than the server the other figures' worker runs (the worked examples, the
strategy card, the edge of each band of stakes): lower than the realistic variations', as
on two cores it would take a core from their two processes while both run (issue 51:
spanish-21's table waited 3 CPU s of the card's); it runs on at full speed once the
table's are done, or alone (benchmarks/results/workbench_speed.txt: both times, before and
after)."""


def workbench_of(starts: Starts, workers: int = 1, memory: int | None = DEFAULT_MEMORY,
                 realistic: bool = True) -> Workbench:
    """The server's state over its three sets of workers: the house edge's at the server's
    priority, the realistic variations' `TABLE_NICE` lower and the other figures'
    (`workers` of them) `FIGURES_NICE` lower."""
    return Workbench(starts, JobManager(workers, nice=FIGURES_NICE, prefix="q", memory=memory),
                     JobManager(1, nice=TABLE_NICE, prefix="c", memory=memory),
                     JobManager(1, prefix="e", memory=memory), realistic)

def serve(file: Path | None, host: str = "127.0.0.1", port: int = 8765, browser: bool = True,
          workers: int = 1, start: str = "pagat-british",
          say: Callable[[str], None] = print, allow_hosts: tuple[str, ...] = (),
          memory: int | None = DEFAULT_MEMORY, realistic: bool = True) -> None:
    """Serve the workbench until interrupted (Ctrl+C), then stop the workers and remove the
    temporary folder.

    Args:
        allow_hosts: more names the server answers to (--allow-host).
        memory: the address space each analysis process may use (bytes).
        realistic: work out each draft's realistic variations (`Workbench`).

    Raises:
        RulesetError: `file` is not a valid ruleset.
        ServerError: the address cannot be served.
    """
    sock = bind(host, port)
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in WILDCARD else shown}:{port}/"
    starts = Starts(file, start)
    workbench = workbench_of(starts, workers, memory, realistic)
    exposed = exposure(host, port)
    try:
        app = create_app(workbench, host, exposed, allow_hosts)
        server = make_server(app)
        say(f"workbench: {url} (Ctrl+C stops it)")
        if exposed:
            say(f"workbench: warning: reachable at {exposed}")
        if browser:
            threading.Timer(0.5, webbrowser.open, args=(url,)).start()
        asyncio.run(server.serve(sockets=[sock]))
    finally:
        sock.close()
        workbench.close()
