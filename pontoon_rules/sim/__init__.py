"""The compiled simulator (numba): rounds and whole sessions at scale (see ARCHITECTURE.md).

numba's on-disk cache is keyed on the file of each entry function only, so a change
to a kernel it calls would leave a stale compiled entry behind. On import, the cached
kernels are dropped whenever any module of this package has changed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def _drop_stale_cache() -> None:
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    cache = here / "__pycache__"
    stamp = cache / "kernels.sha256"
    try:
        if stamp.read_text(encoding="ascii") == digest.hexdigest():
            return
    except OSError:
        pass
    try:
        for old in cache.glob("*.nb[ic]"):
            old.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest(), encoding="ascii")
    except OSError:  # a read-only install: numba then caches elsewhere
        pass


_drop_stale_cache()
