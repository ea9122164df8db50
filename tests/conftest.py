"""Test-run set-up: numba's kernels compiled once before parallel workers start.

With `pytest -n N` (pytest-xdist; `make test` uses every core) each worker is a fresh
process. The kernels are cached on disk (`cache=True`), but on a fresh clone the cache is
empty, and every worker would compile the same kernels side by side at the start. The
controller process compiles them first, in two processes at once (the simulator's, the
analysis's: `warm_kernels.py`), so the workers load them from the cache. Then it starts
building the docs tests' site in the background (`prebuild_site.py`), so that no worker
waits idle for it later.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.hookimpl(trylast=True)  # after the tmp_path plugin's, for the base folder
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
    _start_site_build(config)


_BACKGROUND: list[subprocess.Popen[bytes]] = []


def _start_site_build(config: pytest.Config) -> None:
    """Start building the docs tests' shared site (`test_docs.shared_site`) beside the
    first tests, when the run includes them; its output goes to a log beside it."""
    asked = {Path(str(arg).split("::")[0]).resolve() for arg in config.args}
    if not asked & {HERE, HERE / "test_docs.py"} or config.option.keyword:
        return  # the run has no docs tests, or may have deselected them
    from test_docs import SHARED_SITE

    folder = config._tmp_path_factory.getbasetemp() / SHARED_SITE  # type: ignore[attr-defined]
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "prebuild.log").open("wb") as log:
        _BACKGROUND.append(subprocess.Popen(
            [sys.executable, str(HERE / "prebuild_site.py"), str(folder)],
            stdout=log, stderr=subprocess.STDOUT))


def pytest_unconfigure(config: pytest.Config) -> None:
    for process in _BACKGROUND:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
