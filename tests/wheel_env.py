"""A wheel of the package built, installed in a fresh virtual environment and run there
with no C compiler on the PATH (`test_wheel.py`; `benchmarks/install_size.py` times and
sizes the same install).

`build_wheel` runs `pip wheel` on a source tree (the working tree, or a commit exported
with `git archive`: `export_commit`); `Venv.create` makes a virtual environment without
the system's packages and installs the wheel, either fully (`pip install WHEEL`, its
dependencies from pip's configured indexes and cache) or, quicker, the wheel alone with
the running interpreter's packages behind it (a `.pth` line: the dependencies are found,
nothing of this package's). `Venv.run` runs the installed `pontoon-rules` with a PATH of
the environment's `bin` alone (no `cc`, `gcc` or `clang`), a home and cache of its own.

Run as a script, it prints the installed run's figures beside the source tree's: the
wheel alone, or with `--full` installed with its dependencies from pip's configured
indexes into an environment that holds nothing else (`python tests/wheel_env.py --full`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILERS = ("cc", "gcc", "clang", "c99", "tcc")
RULESET = "pagat-british"
COMMANDS = {
    "edge": ["edge", RULESET, "--json"],
    "simulate": ["simulate", RULESET, "--rounds", "20000", "--seed", "7", "--json"],
    "session": ["session", RULESET, "--summary", "--deals", "2000", "--seed", "3", "--json"],
    "costs": ["costs", RULESET, "--realistic", "--workers", "1", "--json"],
}
"""What the installed package is asked, by name (small sizes: seconds each; `costs`
`--realistic`, its fewest variants, on the ruleset's own shoe: the analysis kernel
solves each, and the other bundled rulesets the wheel carries are read)."""
TIMINGS = ("seconds", "setup_seconds", "run_seconds", "rounds_per_second",
           "run_rounds_per_second", "deals_per_second", "kernel")
"""Keys of a command's JSON that say how fast it ran or on which kernel, not a figure
(the source tree's kernel may be built for its machine, the wheel's not)."""


def build_wheel(source: Path, out: Path) -> Path:
    """`pip wheel` of the source tree `source` (no dependencies) into `out`; its path."""
    out.mkdir(parents=True, exist_ok=True)
    isolation = [] if importlib.util.find_spec("hatchling") is None else [
        "--no-build-isolation"]  # the dev extra's hatchling: no index needed
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation,
                    "-w", str(out), str(source)], check=True, capture_output=True, text=True)
    wheels = sorted(out.glob("pontoon_rules-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def export_commit(commit: str, out: Path) -> Path:
    """The tree of `commit` of this repository written into `out` (`git archive`)."""
    out.mkdir(parents=True, exist_ok=True)
    archive = out.with_suffix(".tar")
    with open(archive, "wb") as f:
        subprocess.run(["git", "-C", str(ROOT), "archive", commit], stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(out, filter="data")
    archive.unlink()
    return out


@dataclass
class Venv:
    """A fresh virtual environment with the package's wheel installed."""

    path: Path

    @property
    def bin(self) -> Path:
        return self.path / "bin"

    @property
    def site_packages(self) -> Path:
        found = sorted(self.path.glob("lib/python3*/site-packages"))
        assert len(found) == 1, found
        return found[0]

    @classmethod
    def create(cls, path: Path, wheel: Path, full: bool) -> Venv:
        """A virtual environment at `path` (no system packages) with `wheel` installed:
        with its dependencies where `full`, else alone, this interpreter's packages
        behind it."""
        base = getattr(sys, "_base_executable", sys.executable)
        subprocess.run([base, "-m", "venv", *([] if full else ["--without-pip"]), str(path)],
                       check=True, capture_output=True)
        venv = cls(path)
        if full:
            venv.pip("install", "-q", str(wheel))
        else:
            subprocess.run([sys.executable, "-m", "pip", "--python", str(venv.bin / "python"),
                            "install", "-q", "--no-deps", str(wheel)], check=True,
                           capture_output=True, text=True)
            purelib = sysconfig.get_paths()["purelib"]
            (venv.site_packages / "_dependencies.pth").write_text(purelib + "\n",
                                                                 encoding="utf-8")
        return venv

    def pip(self, *args: str) -> None:
        subprocess.run([str(self.bin / "python"), "-m", "pip", *args], check=True,
                       capture_output=True, text=True)

    def environment(self, home: Path) -> dict[str, str]:
        """A PATH of the environment's `bin` alone, and a home, cache and temporary folder
        in `home`."""
        for name in ("cache", "tmp"):
            (home / name).mkdir(parents=True, exist_ok=True)
        return {"PATH": str(self.bin), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
                "TMPDIR": str(home / "tmp"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

    def run(self, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
        """The installed `pontoon-rules ARGS`, with `environment(home)`."""
        return subprocess.run([str(self.bin / "pontoon-rules"), *args], capture_output=True,
                              text=True, env=self.environment(home), timeout=600, check=False)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder`, by its path in it: (size, modification time)."""
    out = {}
    for path in folder.rglob("*"):
        if path.is_file() or path.is_symlink():
            st = path.lstat()
            out[str(path.relative_to(folder))] = (st.st_size, st.st_mtime_ns)
    return out


def size_of(folder: Path) -> int:
    """The bytes of every file under `folder`."""
    return sum(size for size, _ in snapshot(folder).values())


def source_run(args: list[str]) -> subprocess.CompletedProcess[str]:
    """`python -m pontoon_rules ARGS` from the source tree (its own kernels)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pontoon_rules", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=600, check=False)


def figures(stdout: str) -> object:
    """A command's JSON without the keys that say how fast it ran (`TIMINGS`)."""
    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in TIMINGS}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(json.loads(stdout))


def main() -> int:
    """Build, install (the wheel alone, or `--full`: with its dependencies) and run; print
    each command's verdict."""
    full = "--full" in sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="pontoon-wheel-") as temp:
        work = Path(temp)
        venv = Venv.create(work / "venv", build_wheel(ROOT, work / "dist"), full=full)
        print("installed:", "with its dependencies" if full else "the wheel alone")
        print("compilers on PATH:", [c for c in COMPILERS
                                     if shutil.which(c, path=str(venv.bin))] or "none")
        before = snapshot(venv.site_packages)
        status = 0
        for name, args in COMMANDS.items():
            done, reference = venv.run(args, work / "home"), source_run(args)
            same = done.returncode == 0 and figures(done.stdout) == figures(reference.stdout)
            status |= not same
            print(f"{name:9} installed exit {done.returncode}, same figures as the source "
                  f"tree: {same}; stderr: {done.stderr.strip()[-300:]!r}")
        changed = sorted(set(snapshot(venv.site_packages).items()) ^ set(before.items()))
        print("written in site-packages:", changed or "nothing")
        return status or bool(changed)


if __name__ == "__main__":
    sys.exit(main())
