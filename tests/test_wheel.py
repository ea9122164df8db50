"""Issue 47's acceptance: the wheel `pip wheel .` builds carries its C kernels, and in a
fresh virtual environment with no C compiler on the PATH, `edge`, `simulate`, `session
--summary` and `costs` of a bundled ruleset run on them with the source tree's figures,
writing nothing inside site-packages (`wheel_env`: the wheel installed alone, the
dependencies this interpreter's). The source tree's figures are this process's
(`in_process.command_line`); the installed commands run as real processes."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from in_process import command_line
from wheel_env import (
    COMMANDS,
    COMPILERS,
    ROOT,
    Venv,
    build_wheel,
    figures,
    snapshot,
)

from pontoon_rules.native import kernels


def test_the_wheel_installs_and_runs_without_a_compiler(tmp_path: Path) -> None:
    """One test (a fixture shared by several would be built once per test worker): the
    wheel built, installed alone in a fresh environment, and every command of `COMMANDS`
    run there; each step's claim asserted in turn."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler to build the wheel with")
    wheel = build_wheel(ROOT, tmp_path / "dist")
    # a platform wheel with every kernel of the one list, each with its recorded digest
    assert "-py3-none-" in wheel.name and not wheel.name.endswith("-any.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in kernels.SOURCES:
        library = f"pontoon_rules/native/{kernels.PREBUILT}/{kernels.prebuilt_file(name)}"
        assert library in names and library + kernels.RECORD in names
    # and their sources, every header with them (where a library is not trusted, it is
    # built again from them: the analysis's stages, `analysis_*.h`, included)
    sources = {f"pontoon_rules/native/{p.name}" for p in kernels.HERE.glob("*.[ch]")}
    assert len(sources) > len(kernels.SOURCES) and sources <= names
    venv = Venv.create(tmp_path / "venv", wheel, full=False)
    path = venv.environment(tmp_path / "home")["PATH"]
    assert [c for c in COMPILERS if shutil.which(c, path=path)] == []
    before = snapshot(venv.site_packages)
    for command, args in COMMANDS.items():
        # on the wheel's kernels (nothing compiled, refused or fallen back to), with the
        # figures the source tree prints
        done = venv.run(args, tmp_path / "home")
        assert done.returncode == 0, (command, done.stderr)
        for said in ("compiling", "not loading", "not built here", "Traceback"):
            assert said not in done.stderr, (command, done.stderr)
        reference = command_line(*args)  # the source tree's figures, in this process
        assert reference.returncode == 0, (command, reference.stderr)
        assert figures(done.stdout) == figures(reference.stdout), command
    after = snapshot(venv.site_packages)
    written = sorted({p for p in set(before) | set(after) if before.get(p) != after.get(p)})
    assert written == [], "written inside site-packages at run time"
