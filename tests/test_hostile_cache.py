"""Hostile trial, third round (issue 46), item 1: caches that are the user's own.

A compiled kernel is loaded only from a folder of the user's own, where it is the user's
own and what its build recorded (`native.trust`); a planted library's constructor never
runs, and a damaged one (truncated, empty, garbage, lacking an entry point) is built
again with one line said, never a crash, a traceback or a refusal for good. The
result cache keeps away from a folder someone else could write, and its pruning (like the
kernels') removes only the exact names the tool writes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from test_sim_native import assert_plays_the_engine

from pontoon_rules import cache, native
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.native import prune
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.kernels import native as snative
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.rounds import RoundRunner

try:
    from pontoon_rules import owned
except ImportError:  # before issue 46: let the tests below show what happens then
    owned = None  # type: ignore[assignment]

CC = native.compiler()
needs_cc = pytest.mark.skipif(CC is None, reason="no C compiler")
NOBODY = 65534
SIM_ENTRY_POINTS = ("pr_sim_rounds", "pr_sim_play_round", "pr_sim_constant")
K1, K2 = "0123456789abcdef0001", "0123456789abcdef0002"
GOOD: list[Path] = []
"""The package's own build of the sim kernel (found or built by the first test)."""


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A shared build folder and one of the user's own (0700), in that order, as the only
    build folders; nothing loaded or said yet; a private folder of the test's own."""
    if not GOOD and CC is not None:
        GOOD.append(native.find("sim") or native.build("sim", quiet=True))
    shared, mine, private = tmp_path / "shared", tmp_path / "mine", tmp_path / "private"
    shared.mkdir()
    mine.mkdir(mode=0o700)
    private.mkdir(mode=0o700)
    monkeypatch.setattr(native, "build_dirs", lambda: [shared, mine])
    monkeypatch.setattr(native, "prebuilt_dir", lambda: tmp_path / "no-package-build")
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(native, "_SAID", set())
    monkeypatch.setattr(snative, "_KERNEL", [])
    if owned is not None:
        monkeypatch.setattr(owned, "_SAID", set())
        monkeypatch.setattr(owned, "_PRIVATE", [private])
    return shared, mine


def plant(tmp_path: Path, out: Path, marker: Path | None = None,
          entry_points: tuple[str, ...] = SIM_ENTRY_POINTS, record: bool = True) -> Path:
    """A library at `out` exporting `entry_points` (each returning 0) whose constructor
    writes `marker` where given, with its true digest recorded beside it where `record`
    (so that only the owner, the mode or the entry points can keep it out)."""
    lines = ["#include <stdio.h>"]
    if marker is not None:
        lines.append("__attribute__((constructor)) static void planted(void) { "
                     f"FILE *f = fopen(\"{marker}\", \"w\"); if (f) {{ fputs(\"ran\", f); "
                     "fclose(f); } }")
    lines += [f"long long {name}(void) {{ return 0; }}" for name in entry_points]
    source = tmp_path / "planted.c"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert CC is not None
    subprocess.run([CC, "-shared", "-fPIC", "-o", str(out), str(source)], check=True,
                   capture_output=True)
    if record:
        digest = hashlib.sha256(out.read_bytes()).hexdigest()
        Path(f"{out}.sha256").write_text(digest + "\n", encoding="ascii")
    return out


def foreign(path: Path) -> None:
    """Give `path` to another user (root may; anyone else cannot, and the test skips)."""
    try:
        os.chown(path, NOBODY, NOBODY)
    except PermissionError:
        pytest.skip("only root can give a file to another user")


def seed_good(folder: Path) -> None:
    """A good build of the sim kernel in `folder` (a copy of the package's, with its
    digest), so that only a library that must be built again is."""
    good = GOOD[0]
    shutil.copy2(good, folder / good.name)
    if os.path.exists(f"{good}.sha256"):  # (a build recorded its digest)
        shutil.copy2(f"{good}.sha256", folder / f"{good.name}.sha256")


def damage(path: Path, data: bytes) -> None:
    """Put a damaged `data` at `path` as a new file: another process's damage, not a
    rewrite of pages this process may have mapped (a library it loaded, truncated in
    place, raises SIGBUS when touched later: the test run itself died at exit)."""
    temp = path.with_name(path.name + ".damaged")
    temp.write_bytes(data)
    os.replace(temp, path)


def sim_file() -> str:
    assert CC is not None
    return native.library_file("sim", CC)


def same_rounds(rules: Rules, runner: RoundRunner | None = None) -> None:
    """The C kernel in use plays the engine's rounds, to the last integer."""
    runner = runner or RoundRunner(rules, strategy(rules))
    assert runner.kernel_name("general") in ("general-c", "general-c-rules")
    assert_plays_the_engine(runner, 1, "after a rebuild")


PLANTS: dict[str, Callable[[Path, Path, Path], Path]] = {
    # where the library is planted, and how: each returns the planted file
    "folder open to others": lambda shared, mine, f: (shared.chmod(0o777), shared / f)[1],
    "folder open to the group": lambda shared, mine, f: (shared.chmod(0o770), shared / f)[1],
    "file open to others": lambda shared, mine, f: mine / f,
    "folder of another user": lambda shared, mine, f: shared / f,
    "file of another user": lambda shared, mine, f: mine / f,
    "digest of another user": lambda shared, mine, f: mine / f,
}


@needs_cc
@pytest.mark.parametrize("how", sorted(PLANTS))
def test_a_planted_library_is_never_loaded(how: str, folders: tuple[Path, Path],
                                           tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A library with the right name and a true digest, in a folder or of a mode or owner
    that lets someone else write it: its constructor never runs; the kernel is built in
    the user's own folder and plays the right rounds."""
    shared, mine = folders
    seed_good(mine)
    marker = tmp_path / "constructor-ran"
    path = plant(tmp_path, PLANTS[how](shared, mine, sim_file()), marker)
    if how == "file open to others":
        path.chmod(0o666)
    elif how == "folder of another user":
        shared.chmod(0o755)
        foreign(shared)
    elif how == "file of another user":
        foreign(path)
    elif how == "digest of another user":
        foreign(Path(f"{path}.sha256"))
    lib = native.library("sim")
    assert not marker.exists()
    assert lib is not None and hasattr(lib, "pr_sim_rounds")
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert str(path.parent) in err  # said: the folder not used, or the file not loaded
    assert (mine / sim_file()).is_file() and (mine / sim_file()).read_bytes() != b""
    if path.parent == shared:
        assert path.is_file()  # nothing written or removed in a folder not the user's own
    same_rounds(compile_rules(load_bundled("pagat-british")))


def damaged(kind: str, good: bytes) -> bytes:
    return {"truncated": good[:len(good) // 3], "empty": b"",
            "garbage": bytes(range(256)) * 64}[kind]


@needs_cc
@pytest.mark.parametrize("kind", ["truncated", "empty", "garbage"])
def test_a_damaged_library_is_built_again_with_one_line(
        kind: str, folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A truncated library would crash every run (SIGBUS), an empty one would refuse every
    run: either, or garbage, under its recorded digest, is built again in place, said in
    one line, and the rounds are the engine's."""
    _, mine = folders
    monkeypatch.setattr(native, "build_dirs", lambda: [mine])
    seed_good(mine)
    damage(mine / sim_file(), damaged(kind, GOOD[0].read_bytes()))
    assert native.library("sim") is not None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"not loading {mine / sim_file()}" in err, err
    assert "compiling the sim kernel again" in err
    assert (mine / sim_file()).read_bytes() == GOOD[0].read_bytes()
    same_rounds(compile_rules(load_bundled("pagat-british")))
    assert native.find("sim") == mine / sim_file()  # the next process loads it quietly


@needs_cc
def test_a_library_lacking_an_entry_point_is_built_again(
        folders: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A library of the user's own under its recorded digest but without an entry point
    the simulator calls (an AttributeError traceback before): built again, one line."""
    _, mine = folders
    monkeypatch.setattr(native, "build_dirs", lambda: [mine])
    plant(tmp_path, mine / sim_file(), entry_points=("pr_sim_rounds", "pr_sim_constant"))
    kernel = snative.kernel()
    assert kernel is not None
    err = capsys.readouterr().err
    assert "lacks pr_sim_play_round" in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if "sim kernel" in line]) == 1, err
    same_rounds(compile_rules(load_bundled("pagat-british")))


@needs_cc
def test_a_damaged_build_for_the_rules_is_built_again(
        folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same holds for the kernel compiled for one ruleset (`for_rules`): a truncated
    one found where a run only looks for one is built again, and plays the engine's rounds."""
    _, mine = folders
    monkeypatch.setattr(native, "build_dirs", lambda: [mine])
    rules = compile_rules(load_bundled("pagat-british"))
    runner = RoundRunner(rules, strategy(rules))
    assert CC is not None
    file = native.library_file("sim", CC, snative.prelude(runner.sim.params, runner.S))
    assert runner.for_rules(build=True)
    built = (mine / file).read_bytes()
    damage(mine / file, built[:len(built) // 2])
    monkeypatch.setattr(native, "_LOADED", {})
    capsys.readouterr()
    runner = RoundRunner(rules, strategy(rules))
    assert runner.for_rules(build=False)
    err = capsys.readouterr().err
    assert f"not loading {mine / file}" in err and "Traceback" not in err
    assert (mine / file).read_bytes() == built
    same_rounds(rules, runner)


def test_builds_are_pruned_by_their_exact_names_only(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Look-alikes of a build's name (a backup, other letters, another length) survive
    the pruning of old builds; an old build goes with its recorded digest."""
    monkeypatch.setattr(prune, "KEEP_FOR_RULES", 1)
    old_general, old_rules = "sim-0123456789abcdef.so", "sim-rules-0123456789abcdef.so"
    ours = [old_general, f"{old_general}.sha256", old_rules, f"{old_rules}.sha256"]
    theirs = ["sim-0123.so.bak", "sim-0123456789abcdef.so.bak", "sim-my-own-notes-1.so",
              "sim-0123456789ABCDEF.so", "sim-rules-notmine-notmine.so",
              "sim-rules-0123456789ABCDEF.so", "sim-0123456789abcdef.sha256"]
    for name in ours + theirs:
        (tmp_path / name).write_bytes(b"a user's file")
        os.utime(tmp_path / name, (1000, 1000))
    prune.forget_stale(tmp_path, "sim", "sim-fedcba9876543210.so")
    prune.keep_recent(tmp_path, "sim", "sim-rules-fedcba9876543210.so")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(theirs)


# -- the result cache -----------------------------------------------------------------------
def test_result_entries_are_pruned_by_their_exact_names_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's files named like entries (`NAME-…json`) survive a new entry's pruning."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv(cache.CACHE_ENV, str(folder))
    theirs = ["summary-notmine.json", "thing-foo.json", "thing-0123.json",
              "thing-0123456789ABCDEF0001.json", f"thing-{K1}.json.bak", "thing-mine.bin"]
    for name in theirs:
        (folder / name).write_text("a user's file", encoding="utf-8")
    assert cache.cached_json("thing", K1, lambda: 1) == 1
    assert cache.cached_json("thing", K2, lambda: 2) == 2
    assert cache.cached_json("summary", K1, lambda: 3) == 3
    left = sorted(p.name for p in folder.iterdir() if p.suffix != ".lock")
    assert left == sorted([*theirs, f"thing-{K2}.json", f"summary-{K1}.json"])


def test_the_sites_archive_is_pruned_by_its_exact_name_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's zip named like the vectors archive survives a new archive's pruning."""
    from pontoon_rules.docs.website import downloads

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv(cache.CACHE_ENV, str(folder))
    monkeypatch.setattr(downloads, "make_archive", lambda: b"new archive")
    monkeypatch.setattr(downloads, "bundled_hash", lambda: K2)
    theirs = ["conformance-vectors-mine.zip", "conformance-vectors-2024.zip",
              f"conformance-vectors-{K1}.zip.bak"]
    for name in [*theirs, f"conformance-vectors-{K1}.zip"]:
        (folder / name).write_bytes(b"a user's file")
    assert downloads.vectors_archive() == b"new archive"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [*theirs, f"conformance-vectors-{K2}.zip"])


@pytest.mark.parametrize("how", ["open to others", "open to the group", "another user's"])
def test_a_result_cache_someone_else_may_write_is_not_used(
        how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An entry planted in a cache folder someone else can write is never read back;
    nothing is written or removed there; a private folder is used, said once."""
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / f"thing-{K1}.json").write_text(json.dumps("planted"), encoding="utf-8")
    (shared / f"thing-{K2}.json").write_text(json.dumps("older"), encoding="utf-8")
    shared.chmod({"open to others": 0o777, "open to the group": 0o770}.get(how, 0o755))
    if how == "another user's":
        foreign(shared)
    private = tmp_path / "private"
    if owned is not None:
        monkeypatch.setattr(owned, "_SAID", set())
        monkeypatch.setattr(owned, "_PRIVATE", [private])
    monkeypatch.setenv(cache.CACHE_ENV, str(shared))
    for _ in range(2):
        assert cache.cached_json("thing", K1, lambda: "computed") == "computed"
    err = capsys.readouterr().err
    assert err.count(f"not using the cache folder {shared}") == 1 and err.count("\n") == 1
    assert sorted(p.name for p in shared.iterdir()) == [f"thing-{K1}.json",
                                                        f"thing-{K2}.json"]
    assert json.loads((private / f"thing-{K1}.json").read_text()) == "computed"


def test_a_cache_folder_is_made_for_the_user_alone(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "new" / "cache"))
    assert cache.cached_json("thing", K1, lambda: 1) == 1
    assert (tmp_path / "new" / "cache").stat().st_mode & 0o777 == 0o700


def test_a_build_folder_is_made_for_the_user_alone(folders: tuple[Path, Path],
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    made = tmp_path / "made" / "kernels"
    monkeypatch.setattr(native, "build_dirs", lambda: [made])
    assert native.find("sim") is None
    assert next(native._build_folders()) == made
    assert made.stat().st_mode & 0o777 == 0o700
