"""A built library is loaded only where it is the user's own and what its build wrote.

Each build records the SHA-256 of the library it wrote beside it (`<file>.sha256`, moved
into place before the library is). A library is loaded only from a folder of the user's
own (`pontoon_rules.owned`: owned by the user, or root, and writable by nobody else),
where it and its record are the user's own too and its bytes hash to the record. The
folder is opened once and checked on that handle; the library and its record are opened
in it without following a link, checked on their handles, and the library hashed from
its handle; the dynamic loader is then given that very file (`/proc/self/fd/N`), so no
other file can take its place between the check and the load. (Where there is no
`/proc`, the checked path is loaded: only its owner could have changed it meanwhile.) A
library loaded must export every entry point its callers use (`kernels.SYMBOLS`).

Whatever is wrong (no record, another owner, a mode open to others, a link, a truncated,
empty or changed file, a missing entry point) is an `Untrusted`, in words: the caller
builds the library again rather than load it.
"""

from __future__ import annotations

import ctypes
import hashlib
import hmac
import os
import re
from pathlib import Path

from pontoon_rules.native.kernels import RECORD, SYMBOLS
from pontoon_rules.owned import problem

LIBRARY_LIMIT = 256 << 20
"""The most bytes of a library read to check it (ours are well under a megabyte)."""
_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)
_NAMES: set[str] = set()


class Untrusted(Exception):
    """A library that is not loaded, and why (in words: "it is empty")."""


def record(folder: Path, file: str, data: bytes) -> None:
    """Record the digest of `data`, the library about to be `folder/file`, beside it
    (atomically: a temporary `.NAME-XXXXXXXX.sha256`, then renamed).

    Raises:
        OSError: it could not be written.
    """
    import tempfile  # a build's alone: a load never writes

    name = file.split("-", 1)[0]
    handle, temp = tempfile.mkstemp(prefix=f".{name}-", suffix=RECORD, dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="ascii") as f:
            f.write(hashlib.sha256(data).hexdigest() + "\n")
        os.chmod(temp, 0o644)
        os.replace(temp, folder / (file + RECORD))
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def check(path: Path) -> None:
    """Nothing where the library `path` may be loaded (see the module's text).

    Raises:
        Untrusted: it may not.
    """
    os.close(_opened(path))


def load(path: Path, name: str) -> ctypes.CDLL:
    """The library `path` (of `name`, one of `SYMBOLS`) loaded, once checked.

    Raises:
        Untrusted: it may not be loaded, cannot be, or lacks an entry point.
    """
    handle = _opened(path)
    try:
        try:
            lib = ctypes.CDLL(_loader_name(handle) or str(path))
        except OSError as e:
            raise Untrusted(f"cannot be loaded ({e})") from e
    finally:
        os.close(handle)
    missing = [symbol for symbol in SYMBOLS.get(name, ()) if not hasattr(lib, symbol)]
    if missing:
        raise Untrusted(f"lacks {', '.join(missing)}")
    return lib


def _opened(path: Path) -> int:
    """An open handle on the library `path`, checked (folder, record, file, digest)."""
    try:
        folder = os.open(path.parent, _FLAGS | getattr(os, "O_DIRECTORY", 0))
    except OSError as e:
        raise Untrusted(f"is in a folder that cannot be opened ({e.strerror})") from e
    try:
        why = problem(os.fstat(folder), folder=True)
        if why:
            raise Untrusted(f"is in a folder {why}")
        recorded = _recorded(folder, path.name + RECORD)
        handle = _open_in(folder, path.name, "it")
    finally:
        os.close(folder)
    try:
        if not hmac.compare_digest(_digest(handle), recorded):
            raise Untrusted("is not what its build wrote (its SHA-256 is not the recorded "
                            "one: truncated or changed)")
    except BaseException:
        os.close(handle)
        raise
    return handle


def _open_in(folder: int, file: str, what: str) -> int:
    """`file` in the open `folder`, opened without following a link and checked to be a
    regular file of the user's own (`what` names it in the reason)."""
    try:
        handle = os.open(file, _FLAGS | getattr(os, "O_NOFOLLOW", 0), dir_fd=folder)
    except FileNotFoundError as e:
        raise Untrusted(f"has no {what}" if what != "it" else "is missing") from e
    except OSError as e:
        raise Untrusted(f"cannot be opened: {what} is a link or unreadable "
                        f"({e.strerror})") from e
    why = problem(os.fstat(handle), folder=False)
    if why:
        os.close(handle)
        raise Untrusted(f"is not the user's own ({what} is {why})")
    return handle


def _recorded(folder: int, file: str) -> str:
    """The digest recorded for a library (`file`, its record, in `folder`)."""
    handle = _open_in(folder, file, "digest recorded at its build")
    try:
        text = os.read(handle, 256).decode("ascii", "replace").strip()
    finally:
        os.close(handle)
    if not re.fullmatch(r"[0-9a-f]{64}", text):
        raise Untrusted("has a malformed recorded digest")
    return text


def _digest(handle: int) -> str:
    """The SHA-256 of the open file `handle`, read from its start."""
    size = os.fstat(handle).st_size
    if size == 0:
        raise Untrusted("is empty")
    if size > LIBRARY_LIMIT:
        raise Untrusted(f"is larger than {LIBRARY_LIMIT} bytes")
    digest = hashlib.sha256()
    offset = 0
    while offset < size:
        chunk = os.pread(handle, min(1 << 20, size - offset), offset)
        if not chunk:
            break
        digest.update(chunk)
        offset += len(chunk)
    return digest.hexdigest()


def _loader_name(handle: int) -> str | None:
    """A name under which the dynamic loader opens the file `handle` itself
    (`/proc/self/fd/N`), never one given it before (it would answer with the library it
    loaded then); None where there is no `/proc`."""
    name = f"/proc/self/fd/{handle}"
    if not os.path.exists(name):
        return None
    while name in _NAMES:
        name = name.replace("/fd/", "/fd//", 1)
    _NAMES.add(name)
    return name
