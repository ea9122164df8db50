"""Run a harness as the one child of a process that ends its whole tree (Linux).

`python -I -S reaper.py PARENT FD -- COMMAND…` (standard library only, so it starts in a
few milliseconds and never imports the package). It marks itself a child subreaper
(`prctl(PR_SET_CHILD_SUBREAPER)`): every process the harness starts, however it
detaches (a new session with `setsid`, an empty environment, a double fork), is its
descendant or, once orphaned, its own child, never init's. It asks to be sent SIGTERM
when the runner dies (`PR_SET_PDEATHSIG`, so even a runner killed with SIGKILL leaves
nothing behind). When the harness exits, or the reaper gets SIGTERM, SIGINT or SIGHUP,
it kills every descendant it can find under `/proc` until none is left, then exits with
the harness's status (or the signal that ended it).

On the file descriptor FD it writes one line, `ok` once the harness has started or why
it could not be, and closes it (`processes.spawn` turns the latter into `OSError`).
The reaper keeps none of the harness's pipes open: the runner sees the harness's end
of file and broken pipe exactly as without it. Limits: Linux only (elsewhere the
runner starts the harness directly: its process group and its environment token are
all it can reach); a process that leaves through a PID namespace or another
subreaper of its own is beyond it, and so is anything after the reaper itself is
killed with SIGKILL (the runner then kills the group and the token as before).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
ROUNDS = 50
"""Sweeps of /proc before giving up on a tree that keeps forking."""
STOPS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""The signals that end the tree at once."""


class Ended(Exception):
    """A signal asked the reaper to end the tree now."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, _frame: object) -> None:
    raise Ended(signum)


def descendants(root: int) -> list[int]:
    """Every live process below `root`, found by each one's parent in /proc."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields and fields[0] != b"Z":
            children.setdefault(int(fields[1]), []).append(int(name))
    out, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def end_tree() -> None:
    """Kill every descendant (and reap them) until none is left (no signal stops it
    halfway)."""
    for signum in STOPS:
        signal.signal(signum, signal.SIG_IGN)
    me = os.getpid()
    for _ in range(ROUNDS):
        found = descendants(me)
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        _reap()
        if not found:
            return


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _detach_pipes() -> None:
    """Point our own stdin, stdout and stderr at /dev/null (the harness keeps its own)."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _say(fd: int, line: str) -> None:
    """Write `line` to the runner's start pipe and close it."""
    try:
        os.write(fd, line.encode("utf-8", "replace")[:4000] + b"\n")
    except OSError:
        pass
    try:
        os.close(fd)
    except OSError:
        pass


def _wait_for(child: int) -> int:
    """Wait for `child`, reaping orphans as they die; its wait status."""
    while True:
        pid, status = os.wait()
        if pid == child:
            return status


def _prctl(option: int, value: int) -> None:
    """prctl(option, value), where the C library has it (else the harness still runs: its
    group and its token are what the runner reaches)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def main(argv: list[str]) -> int:
    parent, said, command = int(argv[0]), int(argv[1]), argv[3:]
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    for signum in STOPS:
        signal.signal(signum, _stop)
    try:
        if os.getppid() != parent:
            return 128 + signal.SIGTERM
        try:
            child = subprocess.Popen(command, pass_fds=())
        except OSError as e:
            _say(said, f"{type(e).__name__}: {e}")
            return 127
        _say(said, "ok")
        _detach_pipes()
        status = _wait_for(child.pid)
    except Ended as e:
        end_tree()
        return 128 + e.signum
    end_tree()
    if os.WIFSIGNALED(status):
        signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
        os.kill(os.getpid(), os.WTERMSIG(status))
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
