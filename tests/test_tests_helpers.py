"""conftest.py imports no private name (`_x`) from a test module: what several test files
share lives in a helper module (`workbench_server`, `in_process`, ...), so that a test
module's private helper can change without breaking the whole run's fixtures."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def test_conftest_imports_nothing_private_from_a_test_module() -> None:
    tree = ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8"))
    private = [f"{node.module}.{alias.name}" for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("test_")
               for alias in node.names if alias.name.startswith("_")]
    assert private == []
    assert any(isinstance(node, ast.ImportFrom) and node.module == "workbench_server"
               for node in ast.walk(tree)), "the shared server starts from the helper"


def test_a_kept_process_s_cpu_counts_while_it_runs_and_not_again_when_it_ends() -> None:
    """`cpu_clock.now` holds a kept server's work as it is done (`os.times` alone held it
    only once the server was waited for, at the run's end, on its last test's figure),
    and the server's end adds nearly nothing more."""
    import subprocess
    import sys
    import time

    import cpu_clock

    burn = ("import time\nend = time.process_time() + 0.5\n"
            "while time.process_time() < end: pass\nprint('burnt', flush=True)\ntime.sleep(60)")
    process = subprocess.Popen([sys.executable, "-c", burn], stdout=subprocess.PIPE,
                               start_new_session=True)
    before = cpu_clock.now()
    cpu_clock.keep(process.pid)
    try:
        assert process.stdout is not None and process.stdout.readline() == b"burnt\n"
        time.sleep(0.05)
        burnt = cpu_clock.now() - before
        assert burnt >= 0.45, burnt
    finally:
        process.kill()
        process.wait()
        cpu_clock.drop(process.pid)
    assert abs(cpu_clock.now() - before - burnt) < 0.1


def test_the_controller_writes_the_rewritten_byte_code_each_worker_reads(
        pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch) -> None:
    """`conftest._rewrite_test_modules` leaves, for every test module, the cache file that
    pytest's own import reads instead of rewriting the module again (a module's removed
    file comes back, valid for its source)."""
    import sys

    import conftest
    from _pytest.assertion import rewrite

    if pytestconfig.getoption("assertmode") != "rewrite":
        pytest.skip("asserts are not rewritten in this run (--assert)")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    modules = sorted(TESTS.glob("test_*.py"))
    cached = [rewrite.get_cache_dir(m) / (m.name[:-3] + rewrite.PYC_TAIL) for m in modules]
    cached[0].unlink(missing_ok=True)
    conftest._rewrite_test_modules(pytestconfig)
    assert [m.name for m, pyc in zip(modules, cached, strict=True)
            if rewrite._read_pyc(m, pyc) is None] == []
