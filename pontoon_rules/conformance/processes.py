"""Harness processes that cannot outlive the runner, and output read with a cap.

Each harness starts in its own session (so its own process group) with a marker in
its environment, `PONTOON_HARNESS_TOKEN=<uuid>`, that its children inherit. Ending
a harness kills its process group, then (on Linux) every process whose environment
carries its token: this also reaches a child that started a new session of its own
or was orphaned (Jenkins' process-tree killer uses the same idea).

Output is read in chunks with a cap: at most `max_bytes` of stdout are buffered
(the runner's memory stays under a few times the cap), and of stderr only the last
`STDERR_TAIL` bytes are kept, whatever the harness writes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
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


def spawn(argv: Sequence[str], cwd: str | None, stdin: int | None = subprocess.PIPE
          ) -> tuple[subprocess.Popen[bytes], str]:
    """Start `argv` in a new session, stdout and stderr piped; the process and its token.

    Raises:
        OSError: the command cannot be started.
    """
    token = uuid.uuid4().hex
    env = {**os.environ, TOKEN_VARIABLE: token}
    proc = subprocess.Popen(list(argv), stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd, bufsize=0, env=env,
                            start_new_session=True)
    return proc, token


def kill_tree(proc: subprocess.Popen[bytes], token: str) -> None:
    """Kill `proc`, its process group and every process that carries its token."""
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
