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
import threading
import time
from dataclasses import dataclass
from typing import Any

from pontoon_rules.conformance.running.processes import (
    MAX_REPLY_MB,
    STDERR_TAIL,
    StderrTail,
    clip,
    kill_tree,
    spawn,
)
from pontoon_rules.conformance.vectors.nesting import MAX_DEPTH, depth

PROTOCOL_VERSION = 1
STOP_GRACE = 1.0
"""Seconds a harness has to read `stop` and exit before its tree is killed."""
__all__ = ["STDERR_TAIL", "HarnessProcess", "Reply", "run_one_shot"]


@dataclass(frozen=True)
class Reply:
    """What came back for one request: a JSON line, or why nothing usable did.

    `kind` is `line` (with `text`), `timeout`, `eof` (the process exited) or
    `overflow` (the reply grew past the cap; nothing more was read).
    """

    kind: str
    text: bytes = b""


class HarnessProcess:
    """A persistent harness: start it, send requests, read reply lines with a timeout.

    The harness runs in its own session; `kill`/`stop` end its whole process tree.
    At most `max_bytes` of one reply are buffered.
    """

    def __init__(self, command: str, cwd: str | None = None,
                 max_bytes: int = MAX_REPLY_MB << 20) -> None:
        self.argv = shlex.split(command)
        self.cwd = cwd
        self.max_bytes = max_bytes
        self.proc, self.token = spawn(self.argv, cwd)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin = self.proc.stdin
        self.fd = self.proc.stdout.fileno()
        self.errors = StderrTail(self.proc.stderr)
        self.buffer = bytearray()
        self.late = False
        os.set_blocking(self.stdin.fileno(), False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)

    def send(self, line: bytes, timeout: float = STOP_GRACE) -> bool:
        """Write one request line within `timeout` seconds; False when the process no
        longer reads (it exited, or it stopped reading and the deadline passed: then it
        is killed, and the next `receive` answers `timeout`)."""
        written = write_within(self.stdin, line, timeout)
        if written == "late":
            self.late = True
            kill_tree(self.proc, self.token)
        return written == "ok"

    def receive(self, timeout: float) -> Reply:
        """The next line of stdout, waiting at most `timeout` seconds (`timeout` at once
        where a request could not be written in time)."""
        if self.late:
            return Reply("timeout", b"write")
        deadline = time.monotonic() + timeout
        end = self.buffer.find(b"\n")
        while end < 0:
            if len(self.buffer) > self.max_bytes:
                return Reply("overflow", bytes(self.buffer[:200]))
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return Reply("timeout")
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return Reply("eof", bytes(self.buffer[:200]))
            at = chunk.find(b"\n")
            if at >= 0:
                end = len(self.buffer) + at
            self.buffer += chunk
        if end > self.max_bytes:
            return Reply("overflow", bytes(self.buffer[:200]))
        line = bytes(self.buffer[:end])
        del self.buffer[:end + 1]
        return Reply("line", line)

    def stderr_tail(self) -> str:
        """The last characters the process wrote to stderr."""
        return self.errors.text(wait=0.2 if self.proc.poll() is not None else 0.0)

    def stop(self, grace: float = STOP_GRACE) -> None:
        """Ask the harness to stop, then make sure it (and every child) has."""
        self.send(b'{"cmd":"stop"}\n', grace)
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        """End the process tree at once."""
        kill_tree(self.proc, self.token)
        self._close()

    def _close(self) -> None:
        try:
            self.selector.close()
        except (OSError, ValueError):
            pass
        for stream in (self.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def write_within(stream: Any, data: bytes, timeout: float) -> str:
    """Write `data` to a non-blocking pipe within `timeout` seconds: `ok`, `closed` (the
    reader is gone) or `late` (it stopped reading and the deadline passed)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return "closed"
    deadline = time.monotonic() + timeout
    view = memoryview(data)
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_WRITE)
        while view:
            try:
                view = view[os.write(fd, view):]
                continue
            except BlockingIOError:
                pass
            except OSError:
                return "closed"
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return "late"
    return "ok"


def over_cap(max_bytes: int) -> str:
    """The message of a reply that grew past the cap."""
    return (f"reply over {max_bytes / (1 << 20):g} MB (nothing more was read; the harness "
            "was stopped): raise --max-reply if this is not runaway output")


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
    except RecursionError:
        return "not JSON the runner reads: nested too deeply"
    except ValueError:
        shown = text[:200].decode("utf-8", "replace")
        return f"not JSON: {shown!r}"
    if not isinstance(data, dict):
        return f"not a JSON object: {text[:120].decode('utf-8', 'replace')!r}"
    if depth(data) > MAX_DEPTH:
        return f"nested more than {MAX_DEPTH} levels deep (a trace needs about ten)"
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
    extensions = meta.get("extensions")
    if extensions is not None and (not isinstance(extensions, list)
                                   or not all(isinstance(w, str) for w in extensions)):
        return "the start reply's 'extensions' is not a list of action words"
    return None


@dataclass(frozen=True)
class OneShotResult:
    """One process run for one vector."""

    kind: str
    """`reply` (with data), `timeout`, `crash` (non-zero exit) or `protocol` (bad stdout)."""
    data: Any = None
    message: str = ""


def run_one_shot(command: str, stripped: bytes, timeout: float, cwd: str | None = None,
                 max_bytes: int = MAX_REPLY_MB << 20) -> OneShotResult:
    """Run `command` once with the stripped vector on stdin (its whole process tree
    is killed afterwards; at most `max_bytes` of stdout are read)."""
    try:
        proc, token = spawn(shlex.split(command), cwd)
    except OSError as e:
        return OneShotResult("crash", message=f"cannot run {command!r}: {e}")
    errors = StderrTail(proc.stderr)
    try:
        kind, out = _collect(proc, stripped, timeout, max_bytes)
    finally:
        kill_tree(proc, token)
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
    if kind == "timeout":
        return OneShotResult("timeout", message=f"no reply within {timeout} s (killed)")
    if kind == "overflow":
        return OneShotResult("protocol", message=over_cap(max_bytes))
    tail = clip(errors.text(wait=0.5))
    if proc.returncode != 0:
        return OneShotResult("crash", message=f"exit status {proc.returncode}; stderr: {tail}")
    parsed = parse_reply(out.strip())
    if isinstance(parsed, str):
        return OneShotResult("protocol", message=parsed)
    return OneShotResult("reply", parsed)


def _feed(stdin: Any, data: bytes, timeout: float) -> None:
    """Write the request and close stdin (in a thread: the harness may write first),
    giving up after `timeout` seconds (the reader then times out and kills the tree)."""
    try:
        os.set_blocking(stdin.fileno(), False)
        write_within(stdin, data, timeout)
        stdin.close()
    except (OSError, ValueError):
        pass


def _collect(proc: subprocess.Popen[bytes], stripped: bytes, timeout: float, max_bytes: int
             ) -> tuple[str, bytes]:
    """Feed stdin, read stdout to its end: ('done' | 'timeout' | 'overflow', stdout)."""
    assert proc.stdin is not None and proc.stdout is not None
    deadline = time.monotonic() + timeout
    threading.Thread(target=_feed, args=(proc.stdin, stripped, timeout), daemon=True).start()
    out = bytearray()
    fd = proc.stdout.fileno()
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return "timeout", b""
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            out += chunk
            if len(out) > max_bytes:
                return "overflow", b""
    try:
        proc.wait(max(0.05, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        return "timeout", b""
    return "done", bytes(out)
