"""Folders and files that are the user's own: the only ones a cache is kept in.

A cache folder (results, compiled kernels) is read and written only where it is owned by
the user running the tool (or by root, who can change anything of theirs anyway) and
nobody else may write in it: anyone who could write there could plant an entry, or a
library whose code runs in the user's process. A folder the tool makes is made 0700. A
folder that is someone else's, or open to the group or to others, is left alone: said
once on stderr, and a private folder used instead (`private_folder`).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

OPEN_TO_OTHERS = stat.S_IWGRP | stat.S_IWOTH
"""Mode bits that let someone else write."""
_SAID: set[str] = set()
_PRIVATE: list[Path] = []


def trusted_owner(uid: int) -> bool:
    """Whether a file owned by `uid` may be trusted: the user's own, or root's."""
    return uid in (os.geteuid(), 0)


def problem(st: os.stat_result, folder: bool) -> str | None:
    """Why a file (or, with `folder`, a folder) of status `st` is not the user's own, in
    words; None where it is."""
    if folder and not stat.S_ISDIR(st.st_mode):
        return "not a folder"
    if not folder and not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if not trusted_owner(st.st_uid):
        return f"owned by uid {st.st_uid}, not by uid {os.geteuid()}"
    if st.st_mode & OPEN_TO_OTHERS:
        return f"writable by group or others, mode {stat.S_IMODE(st.st_mode):o}"
    return None


def folder_problem(path: Path) -> str | None:
    """Why the folder `path` is not the user's own; None where it is or does not exist."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        return e.strerror or str(e)
    return problem(st, folder=True)


def make_folder(path: Path) -> bool:
    """Make `path` (and missing parents) where it is missing, itself 0700; whether it
    exists now."""
    try:
        path.mkdir(parents=True, mode=0o700)
    except FileExistsError:
        return path.is_dir()
    except OSError:
        return False
    try:
        os.chmod(path, 0o700)  # whatever the umask
    except OSError:
        pass
    return True


def own_folder(path: Path, make: bool = True) -> Path | None:
    """`path` where it is a folder of the user's own (made 0700 first where missing and
    `make`); None where it is missing (and cannot be made), or someone else's or open to
    others (`refuse`d: said once)."""
    if make and not make_folder(path):
        return None
    if not path.is_dir():
        return None
    why = folder_problem(path)
    if why is not None:
        refuse(path, why)
        return None
    return path


def refuse(path: Path, why: str) -> None:
    """Say once on stderr that the cache folder `path` is not used, and why."""
    key = str(path)
    if key not in _SAID:
        _SAID.add(key)
        print(f"pontoon-rules: not using the cache folder {path} ({why}); a private one "
              "instead", file=sys.stderr, flush=True)


def usable_folder(path: Path) -> Path:
    """The folder to keep a cache in where `path` is asked for: `path` itself where it is
    the user's own (made 0700 where missing), or where it cannot be made (nothing is
    kept then); else (someone else's, open to others) a private folder, said once."""
    if not make_folder(path):
        return path
    if own_folder(path, make=False) is not None:
        return path
    return private_folder()


def private_folder() -> Path:
    """A folder of the user's own in the temporary folder (`pontoon-rules-<uid>`, made
    0700), or where that one is taken by someone else, a new one for this process."""
    if _PRIVATE:
        return _PRIVATE[0]
    import tempfile  # only where the user's own folder is refused (2 ms of every start)

    shared = Path(tempfile.gettempdir()) / f"pontoon-rules-{os.geteuid()}"
    if make_folder(shared) and not shared.is_symlink() and folder_problem(shared) is None:
        _PRIVATE.append(shared)
    else:
        _PRIVATE.append(Path(tempfile.mkdtemp(prefix="pontoon-rules-")))
    return _PRIVATE[0]
