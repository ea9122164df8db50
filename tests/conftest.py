"""Test-run set-up: numba's kernels compiled once before parallel workers start.

With `pytest -n N` (pytest-xdist; `make test` uses every core) each worker is a fresh
process. The kernels are cached on disk (`cache=True`), but on a fresh clone the cache is
empty, and every worker would compile the same kernels side by side at the start. The
controller process compiles them first, in two processes at once (the simulator's, the
analysis's: `warm_kernels.py`), so the workers load them from the cache.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return  # an xdist worker, or a run without workers: kernels compile when first used
    if config.option.collectonly:
        return
    parts = [subprocess.Popen([sys.executable, str(HERE / "warm_kernels.py"), part])
             for part in ("sim", "analysis")]
    for part in parts:
        if part.wait() != 0:
            raise pytest.UsageError("compiling the numba kernels failed (see above)")
