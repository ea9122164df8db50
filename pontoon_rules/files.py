"""Writing output files safely: atomically, never half-written, one clear error on failure.

Every file the tool writes goes through :func:`write_atomic`: the bytes go to a temporary
file in the destination folder, are flushed to disk, and the temporary file is renamed
over the destination. A reader (or a crash) sees either the old file or the new one,
never a truncated mix. A file written over keeps its permissions (a 0600 file stays
0600); a new one is 0644. A full disk or a missing folder becomes one :class:`OutputError`.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from pontoon_rules.errors import OutputError

__all__ = ["NotRegularFileError", "OutputError", "read_regular", "write_atomic"]


def _describe(path: Path, error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return f"{path}: the disk is full; nothing was written (the old file, if any, is intact)"
    if error.errno == errno.ENOENT:
        return f"{path}: the folder {path.parent} does not exist"
    reason = error.strerror or str(error)
    return f"{path}: cannot write: {reason}"


def write_atomic(path: str | Path, data: bytes | str, *, make_parents: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, then rename).

    Args:
        path: the destination file.
        data: bytes, or text (written as UTF-8).
        make_parents: create missing parent folders (otherwise a missing folder is an error).

    Returns:
        The destination path.

    Raises:
        OutputError: the file could not be written; the destination is left as it was.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        if make_parents:
            target.parent.mkdir(parents=True, exist_ok=True)
        _replace(target, payload)
    except OSError as error:
        raise OutputError(_describe(target, error)) from error
    return target


def _replace(target: Path, payload: bytes) -> None:
    import tempfile  # here: a command that only reads files never imports it (2 ms)

    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced (0644 for a new file)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        return 0o644


class NotRegularFileError(OSError):
    """A path that names a FIFO, a device, a socket or a folder where a file is read."""


def read_regular(path: str | Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of the regular file `path` (more than `limit`: too large).

    Opened without blocking and checked on the open handle, so a named pipe, a device or
    a folder (even one put there after a check) is refused at once, never waited on.

    Raises:
        NotRegularFileError: `path` is not a regular file.
        OSError: it cannot be opened or read.
    """
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        kind = _kind(os.fstat(handle).st_mode)
        if kind is not None:
            raise NotRegularFileError(errno.EINVAL, f"{kind}, not a regular file", str(path))
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    import stat

    if stat.S_ISREG(mode):
        return None
    return ("a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a special file")
