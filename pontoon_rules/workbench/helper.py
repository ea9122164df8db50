"""The worker's helper: a second process solving a share of the realistic variations
(`costs.solve_variants`' `helper`, `sharing.shared`).

It is a `python -P -c` process (the current folder is not put first on its path, so a
`yaml.py` or `pontoon_rules.py` there is never imported) and one socket (a `socketpair`: no
port, no file; only the two processes hold it): no `multiprocessing` process, which a
worker, a daemonic process, may not start; no `multiprocessing` queue, whose semaphores are
registered with the resource tracker, which warns of them at the server's exit when a
worker is killed (a cancellation that ran past its grace) before it could release them. It
is made at the first realistic variations and kept, so that its analysis caches stay warm;
after a table its worker did not solve (a stored one: nothing built), it builds the graphs
of hand states of its share of the next table ahead (`graphs_ahead`), while the page is read;
it has its worker's priority, memory limit and process group (`worker.signal_group`: paused
and killed with it), and ends when its worker does (the pipe closes, or its parent is gone).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future, InvalidStateError
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset

_HELPER: list[PipeHelper | None] = [None]
"""The helper of this process (`helper`)."""
_SAFE_PATH = threading.Lock()


@contextlib.contextmanager
def safe_path() -> Iterator[None]:
    """Python processes started meanwhile (a `spawn` worker: `python -c`) do not put the
    current folder first on their path (`PYTHONSAFEPATH`, as `-P`): a `pickle.py` in the
    user's folder would be imported before multiprocessing's own in each worker."""
    import os

    with _SAFE_PATH:
        before = os.environ.get("PYTHONSAFEPATH")
        os.environ["PYTHONSAFEPATH"] = "1"
        try:
            yield
        finally:
            if before is None:
                del os.environ["PYTHONSAFEPATH"]
            else:
                os.environ["PYTHONSAFEPATH"] = before


class PipeHelper(Executor):
    """An executor of one spawned process: `submit(fn, *args)` runs calls there one after
    another, in the order sent; a process that ends fails what it had with `BrokenExecutor`."""

    def __init__(self) -> None:
        import os
        import socket
        import subprocess
        import sys

        ours, theirs = socket.socketpair()
        self.conn = Connection(ours.detach())
        code = (f"from pontoon_rules.workbench.helper import main; "
                f"main({theirs.fileno()}, {os.getpid()})")
        path = os.pathsep.join(p for p in sys.path if p)  # what this process imports from
        # -P: `-c` would put the current folder (the user's) first on the path
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-c", code], pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
        theirs.close()
        self._lock = threading.Lock()
        self._waiting: dict[int, Future[Any]] = {}
        self._ids = itertools.count()
        self._broken = False
        threading.Thread(target=self._read, daemon=True, name="workbench-helper").start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._broken:
                future.set_exception(BrokenExecutor("the helper process ended"))
                return future
            call = next(self._ids)
            self._waiting[call] = future
            try:
                self.conn.send((call, fn, args, kwargs))
            except (OSError, ValueError):
                self._break()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Tell the process to stop (after the call it is running), and with `wait` wait
        for it (killed after five seconds)."""
        import contextlib
        import subprocess

        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        if wait:
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=2)
        with self._lock:
            self._break()
        with contextlib.suppress(OSError):
            self.conn.close()

    def _read(self) -> None:
        """The answers, each to its call's future (a cancelled one dropped)."""
        while True:
            try:
                call, ok, value = self.conn.recv()
            except (EOFError, OSError, TypeError, ValueError):
                with self._lock:
                    self._break()
                return
            with self._lock:
                future = self._waiting.pop(call, None)
            if future is None or not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(value) if ok else future.set_exception(value)
            except InvalidStateError:
                pass

    def _break(self) -> None:
        """Fail every call still waiting (the process ended or was shut down)."""
        self._broken = True
        waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if future.set_running_or_notify_cancel():
                future.set_exception(BrokenExecutor("the helper process ended"))


def helper() -> PipeHelper | None:
    """This process's helper, made at the first call and kept; None on a machine of one
    core."""
    import os

    if (os.cpu_count() or 1) < 2:
        return None
    if _HELPER[0] is None or _HELPER[0]._broken:
        _HELPER[0] = PipeHelper()
    return _HELPER[0]


def close_helper() -> None:
    """End the helper, if any (after the solve it may be doing)."""
    if _HELPER[0] is not None:
        _HELPER[0].shutdown(wait=True)
        _HELPER[0] = None


_INBOX: list[Connection | None] = [None]
"""In the helper: the socket its calls come on (`graphs_ahead` asks it whether one waits)."""


def main(fd: int, parent: int) -> None:
    """The helper process (`PipeHelper`): serve the calls its socket `fd` brings."""
    inbox = _INBOX[0] = Connection(fd)
    _serve(inbox, parent)


def graphs_ahead(ruleset: Ruleset) -> int:
    """A call for the helper while its worker has nothing for it (the page shows a
    table it did not solve, `worker.realistic_step`): the graphs of `ruleset`'s realistic
    variations that are the helper's to solve, built ahead
    (`analysis.present.warming.realistic_graphs`), until another call waits on its socket
    (the next table's first variant is then delayed by one graph's build at most, a tenth
    of a second). Returns how many were built or found kept."""
    from pontoon_rules.analysis.present.warming import realistic_graphs

    inbox = _INBOX[0]
    return realistic_graphs(ruleset, None if inbox is None else inbox.poll)


def _warm() -> None:
    """Import what a solve uses and load the C kernel before the first call: the worker
    starts this process at its first realistic step, before it has a variant to share, and
    the first variant it was sent began a few tenths of a CPU second late (p51c). A failure
    here is left to that call to report."""
    import contextlib

    with contextlib.suppress(Exception):
        from pontoon_rules.analysis.composition.native import kernels
        from pontoon_rules.analysis.present import costs  # noqa: F401 - imported for its solve

        kernels()


def _serve(conn: Connection, parent: int) -> None:
    """In the helper: one thread for the native solver; each call run in order, until told
    to stop, the pipe closes or `parent` ends (a worker killed after a cancellation leaves
    no helper behind)."""
    import os
    import time

    from pontoon_rules.analysis.composition.native import one_thread

    one_thread()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    _warm()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        call, fn, args, kwargs = message
        try:
            answer = (call, True, fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - sent back to the caller's future
            answer = (call, False, error)
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return
