"""Harness processes that cannot outlive the runner, and output read with a cap.

Each harness starts in its own session (so its own process group) with a marker in
its environment, `PONTOON_HARNESS_TOKEN=<uuid>`, that its children inherit. On Linux
its parent is the reaper (`reaper.py`: a child subreaper that ends every descendant,
even one started with `setsid` and an empty environment, and ends them too when the
runner dies). Ending a harness stops the reaper, then kills the process group and
every process whose environment carries the token (elsewhere these two are all it
has). Every harness of the process is registered: `kill_all` ends them on Ctrl+C,
SIGTERM or a failure of the runner itself.

Output is read in chunks with a cap: at most `max_bytes` of stdout are buffered
(the runner's memory stays under a few times the cap), and of stderr only the last
`STDERR_TAIL` bytes are kept, whatever the harness writes.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

TOKEN_VARIABLE = "PONTOON_HARNESS_TOKEN"
STDERR_TAIL = 2000
"""How many bytes of stderr a report keeps (the last ones)."""
MAX_REPLY_MB = 16
"""The default cap on one reply, in MB (`--max-reply`)."""
CONTEXT_CHARS = 2000
"""The most characters of a harness's own text (context, reply, stderr) a report echoes."""


def clip(text: str, limit: int = CONTEXT_CHARS) -> str:
    """`text`, cut to `limit` characters with a note of how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters not shown)"


class StderrTail:
    """Drains a pipe in a thread, keeping only its last `STDERR_TAIL` bytes."""

    def __init__(self, stream: object) -> None:
        self.tail = bytearray()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._drain, args=(stream,), daemon=True)
        self.thread.start()

    def _drain(self, stream: object) -> None:
        fd = stream.fileno()  # type: ignore[attr-defined]
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.tail += chunk
                del self.tail[:-STDERR_TAIL]

    def text(self, wait: float = 0.0) -> str:
        """The tail so far (waiting up to `wait` seconds for the pipe to close)."""
        if wait:
            self.thread.join(wait)
        with self.lock:
            return bytes(self.tail).decode("utf-8", "replace")


REAPER = Path(__file__).with_name("reaper.py")
"""The harness's parent on Linux: a subreaper that ends its whole tree (`reaper`)."""
REAPER_START = 10.0
"""Seconds the reaper may take to say it started the harness."""


def reaping() -> bool:
    """Whether harnesses run under the reaper (Linux: prctl and /proc)."""
    return sys.platform.startswith("linux") and Path("/proc/self/stat").exists()


def spawn(argv: Sequence[str], cwd: str | None, stdin: int | None = subprocess.PIPE
          ) -> tuple[subprocess.Popen[bytes], str]:
    """Start `argv` in a new session, stdout and stderr piped; the process and its token.

    On Linux the process is the reaper (`reaper.py`) with `argv` its only child, so
    that ending it ends everything `argv` started, however it detached.

    Raises:
        OSError: the command cannot be started.
    """
    if _stopping.is_set():
        raise OSError("the run is stopping")
    token = uuid.uuid4().hex
    env = {**os.environ, TOKEN_VARIABLE: token}
    if not reaping():
        proc = subprocess.Popen(list(argv), stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, cwd=cwd, bufsize=0, env=env,
                                start_new_session=True)
        return _register(proc, token), token
    said, told = os.pipe()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-I", "-S", str(REAPER), str(os.getpid()), str(told), "--",
             *argv], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
            bufsize=0, env=env, start_new_session=True, pass_fds=(told,))
    finally:
        os.close(told)
    _register(proc, token)
    try:
        line = _read_line(said, REAPER_START)
    finally:
        os.close(said)
    if line != "ok":
        kill_tree(proc, token)
        raise OSError(line or "the harness's reaper did not start")
    return proc, token


def _read_line(fd: int, timeout: float) -> str:
    """What the reaper wrote on its start pipe before closing it (at most `timeout` s)."""
    deadline = time.monotonic() + timeout
    out = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while len(out) < 8192:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                break
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            out += chunk
    return out.decode("utf-8", "replace").strip()


# -- every harness of this process, ended on every way out ----------------------------
_live: dict[int, tuple[subprocess.Popen[bytes], str]] = {}
_live_lock = threading.Lock()
_stopping = threading.Event()


def _register(proc: subprocess.Popen[bytes], token: str) -> subprocess.Popen[bytes]:
    with _live_lock:
        _live[proc.pid] = (proc, token)
    return proc


def kill_all() -> None:
    """End every harness this process started and refuse new ones until `allow_starts`
    (a run interrupted by Ctrl+C or SIGTERM, or failing in the runner itself)."""
    _stopping.set()
    with _live_lock:
        running = list(_live.values())
    for proc, token in running:
        kill_tree(proc, token)


def allow_starts() -> None:
    """Let harnesses start again (a new run)."""
    _stopping.clear()


def kill_tree(proc: subprocess.Popen[bytes], token: str) -> None:
    """Kill `proc`, its process group and every process that carries its token; where
    `proc` is the reaper, first ask it to end the harness's whole tree."""
    _end_reaper(proc)
    for _ in range(3):
        found = _marked(token)
        _kill_group(proc.pid)
        for pid in found:
            _kill(pid)
        if not found:
            break
    try:
        proc.kill()
    except OSError:
        pass
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        pass
    with _live_lock:
        _live.pop(proc.pid, None)


def _end_reaper(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the reaper, which kills every descendant before it exits (a second)."""
    if not reaping() or proc.poll() is not None:
        return
    try:
        proc.send_signal(signal.SIGTERM)
        proc.wait(REAPER_GRACE)
    except (OSError, subprocess.TimeoutExpired):
        pass


REAPER_GRACE = 2.0
"""Seconds the reaper has to end the tree before it is killed with the group."""


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _marked(token: str) -> list[int]:
    """The processes (other than this one) whose environment holds the token (Linux only)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    needle = f"{TOKEN_VARIABLE}={token}".encode()
    out = []
    own = os.getpid()
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == own:
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if needle in environ:
            out.append(int(entry.name))
    return out


def alive_with_token(token: str) -> list[int]:
    """Processes still carrying `token` (for tests and diagnostics), zombies left out."""
    out = []
    for pid in _marked(token):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != "Z":
            out.append(pid)
    return out
