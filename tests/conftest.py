"""Test-run set-up: the C kernels built once before parallel workers start.

With `pytest -n N` (pytest-xdist; `make test` uses every core) each worker is a fresh
process. On a fresh clone no C library is built yet, and every worker would compile the
same ones side by side at its start: the controller process builds them first
(`python -m pontoon_rules.native`: nothing to do where they are built), so the workers
load them. Then it starts making what many tests share (the bundled rulesets' vectors, the
docs site) in the background (`prebuild.py`, `once`), so that no worker waits idle for
them later.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent


_CONFIG: list[pytest.Config] = []


def shared_folder(name: str) -> Path:
    """A folder every process of this test run sees: in the run's base temporary folder
    (a parallel run's workers each have their own folder inside it)."""
    config = _CONFIG[0]
    base = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    if hasattr(config, "workerinput"):
        base = base.parent
    folder = base / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def once(folder: Path, make: Callable[[Path], object]) -> Path:
    """`folder / "out"`, made by `make` once across the run's processes: the first to ask
    makes it under a lock (a failed `make` leaves no mark, so the next to ask makes it
    again and sees the error), the others wait and read it."""
    import fcntl
    import shutil

    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "made").exists():
            shutil.rmtree(folder / "out", ignore_errors=True)
            (folder / "out").mkdir()
            make(folder / "out")
            (folder / "made").write_text("ok", encoding="utf-8")
    return folder / "out"


COLLECTOR_THRESHOLDS = (20_000, 20, 20)
"""The cyclic garbage collector's thresholds in the test processes (Python's: 700, 10, 10).
A test process holds a large heap (every test module, the rulesets loaded, the compiled
templates and catalogs, the memos of words and rounds) that the collector scanned again
at every threshold: ~7 % of a process's CPU in the collections themselves and ~15 % of it
in all (`tests/test_changed_mark.py`, `test_docs_languages.py`, `test_compare_decisions.py`
and `test_sim_differential.py` in one process: 62.7 -> 53.1 s). Objects are freed by their
reference counts as before; only cycles wait longer, for fewer and larger collections.
The package's own solves pause the collector (`analysis.nogc`), which this leaves alone."""


def quiet_collector() -> None:
    """The test process's collector at `COLLECTOR_THRESHOLDS` (`pytest_configure`, and the
    background pre-builds: `prebuild.py`)."""
    import gc

    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection left alive (the test modules, their parameters, the rulesets they
    load) is kept out of every later collection (`gc.freeze`: it lives as long as the
    process, and the collector scanned it again at each full collection)."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)  # after the tmp_path plugin's, for the base folder
def pytest_configure(config: pytest.Config) -> None:
    _CONFIG[:] = [config]
    quiet_collector()
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return  # an xdist worker, or a run without workers: kernels compile when first used
    if config.option.collectonly:
        return
    _rewrite_test_modules(config)
    built = subprocess.run([sys.executable, "-m", "pontoon_rules.native"], check=False,
                           stdout=subprocess.DEVNULL)
    if built.returncode != 0:
        raise pytest.UsageError("building the C kernels failed (see above)")
    _CHILD_CPU[:] = [_children_cpu()]
    _MACHINE[:] = _machine_times() or ()
    _start_prebuilds(config)


def _rewrite_test_modules(config: pytest.Config) -> None:
    """Write each test module's assert-rewritten byte code (pytest's own cache file) once,
    before the workers start: on a fresh clone every worker rewrote all ~190 modules while
    collecting, ~4 s of CPU each; now each reads what the controller wrote. Uses pytest's
    private rewriting functions; where they change, nothing is written (each worker
    rewrites as before), and a module already cached is left as it is."""
    if sys.dont_write_bytecode or config.getoption("assertmode", None) != "rewrite":
        return
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
        for module in sorted(HERE.glob("test_*.py")):
            cache = rewrite.get_cache_dir(module)
            pyc = cache / (module.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(module, pyc) is None and rewrite.try_makedirs(cache):
                source_hash, code = rewrite._rewrite_test(module, config)
                rewrite._write_pyc(state, code, source_hash, pyc)
    except (AttributeError, ImportError, KeyError, TypeError, ValueError, SyntaxError):
        return  # a module that does not parse: its worker says so when collecting


_BACKGROUND: list[subprocess.Popen[bytes]] = []
_PREBUILT = {"suite": ("test_conformance", "BUNDLED_SUITE"), "site": ("test_docs", "SHARED_SITE")}
"""What the run makes in the background: the bundled rulesets' vectors (which many
conformance tests read), then the docs tests' site (whose vectors archive reads the
same search); each in the shared folder its test module names."""


def _whole_suite(config: pytest.Config) -> bool:
    """Whether the run is the whole suite (no file, keyword or mark chosen)."""
    asked = {Path(str(arg).split("::")[0]).resolve() for arg in config.args}
    return asked == {HERE} and not config.option.keyword and not config.option.markexpr


def _start_prebuilds(config: pytest.Config) -> None:
    """Start making the shared folders (`prebuild.py`) beside the first tests, one after
    the other in one background process, when the run is the whole suite; the output goes
    to a log in each folder."""
    import importlib

    if not _whole_suite(config):
        return  # a part of the suite: its tests make what they need when they need it
    steps = []
    for what, (module, name) in _PREBUILT.items():
        folder = shared_folder(getattr(importlib.import_module(module), name))
        words = [sys.executable, str(HERE / "prebuild.py"), what, str(folder)]
        steps.append(" ".join(map(shlex.quote, words))
                     + f" > {shlex.quote(str(folder / 'prebuild.log'))} 2>&1")
    _BACKGROUND.append(subprocess.Popen(["/bin/sh", "-c", "; ".join(steps)],
                                        start_new_session=True))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a parallel run of the whole suite, the modules that read a shared folder run
    last (those of the vectors, then those of the site, the order they are made in; each
    module's tests stay together and in order): the workers run every other test while
    the background process makes them, instead of both waiting for it while a core
    stays idle. Every worker collects the same order."""
    if hasattr(config, "workerinput") and _whole_suite(config):
        items.sort(key=_reads_shared)  # stable


def _reads_shared(item: pytest.Item) -> int:
    """0: reads no shared folder; 1: the exported vectors (`suite_dir`); 2: the site."""
    module = getattr(item, "module", None)
    if hasattr(module, "build_test_site"):
        return 2
    return 1 if hasattr(module, "suite_dir") else 0


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    import time

    item.stash[_CPU_AT_START] = _cpu_now()
    item.stash[_WALL_AT_START] = time.time()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> None:
    """Each test's CPU seconds (set-up to teardown, with the child processes it waited for
    and the work of a shared server while it ran: `cpu_clock`)
    as its `cpu_s` property in a `--junitxml` report (`benchmarks/suite_times.py`); and,
    for the run's time line (`suite_times.py --timeline`), the process that ran it, when
    it started (epoch seconds) and the CPU that process had spent before it (`cpu_before`:
    on a worker's first test, its start and collection)."""
    start = item.stash.get(_CPU_AT_START, None)
    if call.when == "teardown" and start is not None:
        item.user_properties += [
            ("cpu_s", f"{_cpu_now() - start:.3f}"),
            ("worker", os.environ.get("PYTEST_XDIST_WORKER", "main")),
            ("started", f"{item.stash[_WALL_AT_START]:.3f}"), ("cpu_before", f"{start:.3f}")]


_CPU_AT_START = pytest.StashKey[float]()
_WALL_AT_START = pytest.StashKey[float]()


def _cpu_now() -> float:
    """This process's CPU seconds, those of its children already waited for, and those a
    server kept for many tests has spent so far (`cpu_clock`)."""
    import cpu_clock

    return cpu_clock.now()


@pytest.fixture(scope="session")
def served() -> Iterator[str]:
    """The address of `pontoon-rules workbench pagat-british --no-realistic`, one server for
    every browser test of the run's process (`test_workbench_browser`,
    `test_workbench_words51`): their tabs share its finished jobs and cached figures as one
    person's tabs do, instead of each module's own server working the same drafts out again.
    Without the realistic variations: each draft's took ~7 s of CPU (worker and helper) that
    no test using this server looks at (the browser and words51 files: ~84 -> ~63 s); the
    tests that do look at them (`test_workbench_browser.served_realistic`) have a server
    that works them out."""
    from workbench_server import serve

    yield from serve("pagat-british", "--no-realistic")


@pytest.hookimpl(tryfirst=True)  # before the junitxml plugin writes the report
def pytest_sessionfinish(session: pytest.Session) -> None:
    """In the controller of a parallel run, the CPU that no test's `cpu_s` holds, as
    properties of a `--junitxml` report: the kernel build's, and the background
    pre-builds' (with each step's own line from its log) once they have ended."""
    from _pytest.junitxml import xml_key

    xml = session.config.stash.get(xml_key, None)
    if xml is None or not _CHILD_CPU:
        return
    xml.add_global_property("kernel_build_cpu_s", f"{_CHILD_CPU[0]:.3f}")
    if _MACHINE and _machine_times() is not None:
        busy, idle = (now - then for now, then in zip(_machine_times(), _MACHINE, strict=True))
        xml.add_global_property("machine_busy_core_s", f"{busy:.1f}")
        xml.add_global_property("machine_idle_core_s", f"{idle:.1f}")
    if _BACKGROUND and all(p.poll() is not None for p in _BACKGROUND):
        xml.add_global_property("prebuild_cpu_s", f"{_children_cpu() - _CHILD_CPU[0]:.3f}")
        for what, (module, name) in _PREBUILT.items():
            log = shared_folder(getattr(sys.modules[module], name)) / "prebuild.log"
            lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
            xml.add_global_property(f"prebuild_{what}", lines[-1] if lines else "no log")


_CHILD_CPU: list[float] = []
"""The controller's waited-for children's CPU seconds once the kernels are built."""
_MACHINE: list[float] = []
"""The machine's busy and idle core-seconds (`_machine_times`) when the kernels were built."""


def _machine_times() -> tuple[float, float] | None:
    """Every core's busy and idle seconds since the machine started (Linux's /proc/stat:
    idle and waiting for input or output count as idle), or None where there is none: what
    the whole run, tests and pre-builds and all, left of the machine."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(word) for word in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    idle = ticks[3] + ticks[4]
    return (sum(ticks) - idle) / tick, idle / tick


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def pytest_unconfigure(config: pytest.Config) -> None:
    import signal

    for process in _BACKGROUND:
        if process.poll() is None:  # the run ended first (a failure with -x, Ctrl-C)
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
