"""The installed size of the package and its dependencies, and the time of a fresh `pip
install` of its wheel, beside the previous release's (issue 47, item 4), measured in the
same run.

Each release's wheel is built the same way (`pip wheel`, no dependencies; the previous
release's tree exported from git, `--previous`, default `af53239`). Every dependency of
both wheels is fetched once, untimed, into a wheelhouse (`pip download`, from pip's
configured indexes: the network, or a local mirror). Each wheel is then installed into a
fresh virtual environment (`python -m venv`, then `pip install --no-index --find-links
WHEELHOUSE WHEEL`: its dependencies resolved and installed from the wheelhouse, byte code
compiled as pip does by default), timed as a whole process, `--repeat` times, alternating
the releases, after one install left untimed (the first install of a run reads every
dependency's wheel from a cold disk: twice the time of the next). So the time is the
install's own (resolving, unpacking, compiling byte code), not a download's, which
depends on the network; an install that asked an index for every dependency each time
ran past 20 minutes on a loaded machine without one. The size is every file the install
added to site-packages, and by distribution (each one's `RECORD`).

Usage: python benchmarks/install_size.py [--previous COMMIT] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from wheel_env import ROOT, Venv, build_wheel, export_commit, size_of  # noqa: E402

PREVIOUS = "af53239"
"""The previous release: the last commit before the kernels were built with the package."""
SHOWN = 6
"""How many of the largest distributions are named."""


def by_distribution(site: Path) -> dict[str, int]:
    """Each distribution installed in `site` and the bytes of the files its RECORD lists."""
    out: dict[str, int] = {}
    for record in site.glob("*.dist-info/RECORD"):
        name = record.parent.name.split("-")[0]
        total = 0
        for line in record.read_text(encoding="utf-8").splitlines():
            path = site / line.split(",")[0]
            if path.is_file():
                total += path.stat().st_size
        out[name] = total
    return out


def wheelhouse(wheels: list[Path], folder: Path) -> Path:
    """Every dependency of `wheels` (and the wheels) as wheels in `folder` (`pip download`,
    from pip's configured indexes), for installs that ask no index."""
    for wheel in wheels:  # one at a time: both are versions of one distribution
        done = subprocess.run([sys.executable, "-m", "pip", "download", "-q",
                               "--only-binary=:all:", "-d", str(folder), str(wheel)],
                              capture_output=True, text=True, timeout=1200, check=False)
        if done.returncode != 0:
            raise SystemExit(f"pip download failed for {wheel.name}:\n{done.stderr[-2000:]}")
    return folder


def install(wheel: Path, folder: Path, house: Path) -> tuple[float, dict[str, int], int]:
    """A fresh environment at `folder` with `wheel` installed from the wheelhouse `house`:
    the seconds the install took (the environment made beforehand), its distributions'
    sizes, all bytes added."""
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(folder)], check=True, capture_output=True)
    fresh = Venv(folder)
    empty = size_of(fresh.site_packages)
    before = set(by_distribution(fresh.site_packages))
    start = time.perf_counter()
    fresh.pip("install", "-q", "--no-index", "--find-links", str(house), str(wheel))
    seconds = time.perf_counter() - start
    sizes = {k: v for k, v in by_distribution(fresh.site_packages).items() if k not in before}
    return seconds, sizes, size_of(fresh.site_packages) - empty


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def mib(size: int) -> str:
    return f"{size / 2**20:7.1f} MiB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--previous", default=PREVIOUS)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pontoon-install-") as temp:
        work = Path(temp)
        wheels = {"this tree": build_wheel(ROOT, work / "dist-now"),
                  f"previous ({args.previous})": build_wheel(
                      export_commit(args.previous, work / "previous"), work / "dist-prev")}
        house = wheelhouse(list(wheels.values()), work / "wheelhouse")
        install(next(iter(wheels.values())), work / "venv-warm-up", house)  # untimed
        times: dict[str, list[float]] = {label: [] for label in wheels}
        sizes: dict[str, tuple[dict[str, int], int]] = {}
        for i in range(args.repeat):
            for label, wheel in (wheels.items() if i % 2 == 0 else reversed(wheels.items())):
                seconds, dists, added = install(wheel, work / f"venv-{len(times[label])}-"
                                                f"{label.split()[0]}", house)
                times[label].append(seconds)
                sizes[label] = (dists, added)
        print(f"installs from a wheelhouse of {len(list(house.glob('*.whl')))} wheels, "
              f"no index asked  [{load()}]")
        for label, wheel in wheels.items():
            dists, added = sizes[label]
            own = dists.get("pontoon_rules", 0)
            largest = sorted(dists.items(), key=lambda kv: -kv[1])[:SHOWN]
            print(f"{label}: {wheel.name}, wheel {mib(wheel.stat().st_size)}")
            print(f"  fresh pip install: median {statistics.median(times[label]):.1f} s "
                  f"of {len(times[label])} ({', '.join(f'{t:.1f}' for t in times[label])})")
            print(f"  installed: {mib(added)} in all ({len(dists)} distributions); the "
                  f"package {mib(own).strip()}, its dependencies {mib(added - own).strip()}")
            print("  largest: " + ", ".join(f"{k} {mib(v).strip()}" for k, v in largest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
