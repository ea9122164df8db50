"""The harness protocol: JSON lines on stdin/stdout, and the processes that speak it.

Persistent mode (one long-lived process):

    runner → {"cmd": "start", "version": 1}
    harness ← {"name": "...", "version": "...", "rulesets": ["casino-ochko", ...]}
    runner → {"cmd": "run", "seq": 7, "vector": <the vector stripped of expectations>}
    harness ← {"seq": 7, "trace": {"steps": [...], "final": {...}}}
            | {"seq": 7, "skipped": true, "message": "..."}
            | {"seq": 7, "errored": true, "context": {...}}
    runner → {"cmd": "stop"}

Replies come in the order of the requests; the runner may send a few requests
ahead. One-shot mode (one process per vector): the stripped vector is the whole of
stdin, the reply (without `seq`) the whole of stdout, and the exit status must be 0.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import tempfile
import time
from dataclasses import dataclass
from typing import IO, Any

PROTOCOL_VERSION = 1
STDERR_TAIL = 2000
"""How many characters of stderr a crash report keeps."""


@dataclass(frozen=True)
class Reply:
    """What came back for one request: a JSON line, or why nothing usable did.

    `kind` is `line` (with `text`), `timeout`, or `eof` (the process exited).
    """

    kind: str
    text: bytes = b""


class HarnessProcess:
    """A persistent harness: start it, send requests, read reply lines with a timeout."""

    def __init__(self, command: str, cwd: str | None = None) -> None:
        self.argv = shlex.split(command)
        self.cwd = cwd
        self.stderr: IO[bytes] = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, cwd=cwd, bufsize=0)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin = self.proc.stdin
        self.fd = self.proc.stdout.fileno()
        self.buffer = b""
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)

    def send(self, line: bytes) -> bool:
        """Write one request line; False when the process no longer reads."""
        try:
            self.stdin.write(line)
            return True
        except (BrokenPipeError, OSError):
            return False

    def receive(self, timeout: float) -> Reply:
        """The next line of stdout, waiting at most `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return Reply("timeout")
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return Reply("eof", self.buffer)
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return Reply("line", line)

    def stderr_tail(self) -> str:
        """The last characters the process wrote to stderr."""
        try:
            self.stderr.flush()
            size = self.stderr.seek(0, os.SEEK_END)
            self.stderr.seek(max(0, size - STDERR_TAIL))
            return self.stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def stop(self, grace: float = 1.0) -> None:
        """Ask the harness to stop, then make sure it has."""
        self.send(b'{"cmd":"stop"}\n')
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()
        self._close()

    def kill(self) -> None:
        """End the process at once."""
        try:
            self.proc.kill()
            self.proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self._close()

    def _close(self) -> None:
        self.selector.close()
        for stream in (self.stdin, self.proc.stdout, self.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def start_line() -> bytes:
    """The `start` request."""
    return b'{"cmd":"start","version":%d}\n' % PROTOCOL_VERSION


def run_line(seq: int, stripped: bytes) -> bytes:
    """A `run` request for a pre-serialized stripped vector."""
    return b'{"cmd":"run","seq":%d,"vector":%s}\n' % (seq, stripped)


def parse_reply(text: bytes) -> dict[str, Any] | str:
    """A reply line as a JSON object, or why it is not one."""
    try:
        data = json.loads(text)
    except ValueError:
        shown = text[:120].decode("utf-8", "replace")
        return f"not JSON: {shown!r}"
    if not isinstance(data, dict):
        return f"not a JSON object: {text[:120].decode('utf-8', 'replace')!r}"
    return data


def start_problem(meta: Any) -> str | None:
    """Why a `start` reply is not valid, or None."""
    if not isinstance(meta, dict):
        return "the start reply is not a JSON object"
    if not isinstance(meta.get("name"), str):
        return "the start reply lacks a 'name'"
    rulesets = meta.get("rulesets")
    if not isinstance(rulesets, list) or not all(isinstance(r, str) for r in rulesets):
        return "the start reply lacks a 'rulesets' list of ids"
    return None


@dataclass(frozen=True)
class OneShotResult:
    """One process run for one vector."""

    kind: str
    """`reply` (with data), `timeout`, `crash` (non-zero exit) or `protocol` (bad stdout)."""
    data: Any = None
    message: str = ""


def run_one_shot(command: str, stripped: bytes, timeout: float, cwd: str | None = None
                 ) -> OneShotResult:
    """Run `command` once with the stripped vector on stdin."""
    try:
        done = subprocess.run(shlex.split(command), input=stripped, capture_output=True,
                              timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return OneShotResult("timeout", message=f"no reply within {timeout} s (killed)")
    except OSError as e:
        return OneShotResult("crash", message=f"cannot run {command!r}: {e}")
    tail = done.stderr[-STDERR_TAIL:].decode("utf-8", "replace")
    if done.returncode != 0:
        return OneShotResult("crash", message=f"exit status {done.returncode}; stderr: {tail}")
    parsed = parse_reply(done.stdout.strip())
    if isinstance(parsed, str):
        return OneShotResult("protocol", message=parsed)
    return OneShotResult("reply", parsed)
