"""The C kernels built with the package (`native.kernels.prebuild`, what the wheel's build
hook and an editable install run) are what a process loads: with no compiler, nothing
built or written at run time; yet only where nobody else could have written them, and
only for the current source (a build of an edited source is never taken for it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pontoon_rules import native
from pontoon_rules.native import kernels

CC = native.compiler()
needs_cc = pytest.mark.skipif(CC is None, reason="no C compiler")


@pytest.fixture(scope="module")
def package_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kernels built as a wheel builds them (portable flags), once for the module."""
    assert CC is not None
    folder = tmp_path_factory.mktemp("package") / kernels.PREBUILT
    kernels.prebuild(folder, CC, portable=True)
    return folder


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty build folder of the user's own as the only one; nothing loaded or said."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setattr(native, "build_dirs", lambda: [cache])
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(native, "_SAID", set())
    return cache


@needs_cc
def test_prebuild_names_records_and_keeps_each_kernel(package_build: Path) -> None:
    """One library and its recorded digest per kernel, named by its current source; a
    second run keeps them (nothing compiled again) and removes an older build."""
    names = sorted(p.name for p in package_build.iterdir())
    expected = sorted(f for name in kernels.SOURCES
                      for f in (kernels.prebuilt_file(name),
                                kernels.prebuilt_file(name) + kernels.RECORD))
    assert names == expected
    for name in kernels.SOURCES:
        assert (package_build / kernels.prebuilt_file(name)).stat().st_mode & 0o777 == 0o755
    old = package_build / "sim-0123456789abcdef.so"
    old.write_bytes(b"an older build")
    Path(f"{old}.sha256").write_text("0" * 64 + "\n", encoding="ascii")
    mine = package_build / "sim-my-notes.so"
    mine.write_bytes(b"a user's file")
    times = {p.name: p.stat().st_mtime_ns for p in package_build.iterdir()}
    assert CC is not None
    kernels.prebuild(package_build, CC, portable=True)
    after = {p.name: p.stat().st_mtime_ns for p in package_build.iterdir()}
    assert after == {k: v for k, v in times.items() if not k.startswith("sim-0123")}
    mine.unlink()
    damaged = package_build / kernels.prebuilt_file("sim")  # -O1: the quickest to build
    whole = damaged.read_bytes()
    damaged.write_bytes(whole[:100])  # a build cut short is built again
    kernels.prebuild(package_build, CC, portable=True)
    assert damaged.read_bytes() == whole


def test_the_portable_flags_leave_out_only_the_machine() -> None:
    for name in kernels.SOURCES:
        assert kernels.portable_flags(name) == tuple(
            f for f in kernels.flags(name) if f != "-march=native")
        assert "-ffp-contract=off" in kernels.portable_flags(name)


@needs_cc
@pytest.mark.parametrize("name", sorted(kernels.SOURCES))
def test_the_packages_build_loads_without_a_compiler(
        name: str, package_build: Path, isolated: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No compiler on the PATH: the package's build is loaded, quietly, and nothing is
    written anywhere (its folder, the cache); `identity` names it (the early solve's key)."""
    monkeypatch.setattr(native, "prebuilt_dir", lambda: package_build)
    monkeypatch.setattr(native, "compiler", lambda: None)
    before = {p.name: p.stat().st_mtime_ns for p in package_build.iterdir()}
    lib = native.library(name)
    assert lib is not None
    assert capsys.readouterr().err == ""
    assert {p.name: p.stat().st_mtime_ns for p in package_build.iterdir()} == before
    assert list(isolated.iterdir()) == []
    assert native.identity(name) == kernels.prebuilt_file(name)


@needs_cc
def test_a_package_build_others_could_write_is_not_loaded(
        package_build: Path, isolated: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The package's build in a folder open to others (anyone could have put it there) is
    refused in one line and the kernel built in the user's cache instead."""
    shared = tmp_path / "shared" / kernels.PREBUILT
    shared.mkdir(parents=True)
    for path in package_build.iterdir():
        (shared / path.name).write_bytes(path.read_bytes())
    shared.chmod(0o777)
    monkeypatch.setattr(native, "prebuilt_dir", lambda: shared)
    assert native.library("sim") is not None  # -O1: the quickest kernel to compile anew
    err = capsys.readouterr().err
    assert f"not loading {shared / kernels.prebuilt_file('sim')}" in err
    assert "writable by group or others" in err and "compiling the sim kernel" in err
    assert CC is not None and (isolated / native.library_file("sim", CC)).is_file()


def test_a_library_is_named_by_its_headers_too(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited header the source includes names the library anew, both the package's
    build (`prebuilt_file`) and one at run time (`library_file`); another does not. Every
    header of the folder is some kernel's: the analysis's stages in a solve's order."""
    here = Path(native.__file__).parent
    for source in here.glob("*.[ch]"):
        (tmp_path / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(kernels, "HERE", tmp_path)
    stages = [f"analysis_{stage}.h" for stage in ("memory", "banker", "nodes", "outlooks",
                                                   "values", "split", "kept", "levels", "counts",
                                                   "steps")]
    assert [p.name for p in kernels.included(tmp_path / "analysis.c")] == stages
    assert [p.name for p in kernels.included(tmp_path / "sim.c")] == [
        "sim_hands.h", "sim_session.h", "sim.h", "sim_base.h"]
    assert [p.name for p in kernels.included(tmp_path / "fast.c")] == [
        "fast.h", "sim_base.h", "sim.h"]
    cases = [(header, {"analysis"}) for header in stages] + [
        ("sim_hands.h", {"sim"}), ("sim_session.h", {"sim"}), ("fast.h", {"fast"}),
        ("sim.h", {"sim", "fast"}), ("sim_base.h", {"sim", "fast"})]
    assert sorted(header for header, _ in cases) == sorted(p.name for p in here.glob("*.h"))
    for header, changed in cases:
        before = {name: (native.library_file(name, "cc"), kernels.prebuilt_file(name))
                  for name in native.SOURCES}
        with open(tmp_path / header, "a", encoding="utf-8") as edited:
            edited.write("/* edited */\n")
        after = {name: (native.library_file(name, "cc"), kernels.prebuilt_file(name))
                 for name in native.SOURCES}
        moved = {name: tuple(a != b for a, b in zip(after[name], before[name], strict=True))
                 for name in native.SOURCES}
        assert moved == {name: (name in changed,) * 2 for name in native.SOURCES}


@needs_cc
def test_a_package_build_of_another_source_is_not_taken(
        package_build: Path, isolated: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A source edited since the package's build (a source tree built, then changed): the
    build is not the current source's, so the kernel is compiled anew into the cache."""
    here = tmp_path / "source"
    here.mkdir()
    for source in kernels.HERE.glob("*.[ch]"):
        (here / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(native, "prebuilt_dir", lambda: package_build)
    monkeypatch.setattr(kernels, "HERE", here)
    with open(here / "sim_hands.h", "a", encoding="utf-8") as edited:
        edited.write("/* edited */\n")  # sim's alone (the sim kernel: -O1, quick to build)
    assert native.prebuilt("sim") is None and native.prebuilt("fast") is not None
    assert native.library("sim") is not None
    assert CC is not None and (isolated / native.library_file("sim", CC)).is_file()


def test_runtime_builds_never_go_into_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """The build folders are the user's cache alone, never the package's folder."""
    monkeypatch.delenv("PONTOON_RULES_CACHE", raising=False)
    package = Path(native.__file__).resolve().parent.parent
    for folder in native.build_dirs():
        assert not folder.resolve().is_relative_to(package)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    assert native.build_dirs() == [Path("/somewhere/cache/pontoon-rules")]
