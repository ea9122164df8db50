"""Start the workbench: bind the port, run uvicorn, open the browser, clean up on exit."""

from __future__ import annotations

import asyncio
import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

from pontoon_rules.errors import PontoonError
from pontoon_rules.workbench.app import WILDCARD, create_app
from pontoon_rules.workbench.jobs import JobManager
from pontoon_rules.workbench.service import Workbench
from pontoon_rules.workbench.starts import Starts


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


def serve(file: Path | None, host: str = "127.0.0.1", port: int = 8765, browser: bool = True,
          workers: int = 1, start: str = "pagat-british",
          say: Callable[[str], None] = print) -> None:
    """Serve the workbench until interrupted (Ctrl+C), then stop the workers and remove the
    temporary folder.

    Raises:
        RulesetError: `file` is not a valid ruleset.
        ServerError: the address cannot be served.
    """
    import uvicorn

    sock = bind(host, port)
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in WILDCARD else shown}:{port}/"
    starts = Starts(file, start)
    workbench = Workbench(starts, JobManager(workers, prefix="q"),
                          JobManager(1, nice=10, prefix="c"))
    exposed = exposure(host, port)
    try:
        app = create_app(workbench, host, exposed)
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off",
                                               timeout_graceful_shutdown=2))
        say(f"workbench: {url} (Ctrl+C stops it)")
        if exposed:
            say(f"workbench: warning: reachable at {exposed}")
        if browser:
            threading.Timer(0.5, webbrowser.open, args=(url,)).start()
        asyncio.run(server.serve(sockets=[sock]))
    finally:
        sock.close()
        workbench.close()
