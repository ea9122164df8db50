"""The speed targets of issue 21 (items 3 and 4), each with its reference measured in the
same run, on this machine, under whatever load it has (printed with every figure).

    python benchmarks/speed_targets.py [--farmer PATH] [--only NAME ...] [--quick]

Parts (`--only`): `edge` (blackjack-reference's `edge` command, cold and warm, against
Eric Farmer's `strategy` as a whole program), `rulesets` (every bundled ruleset's
`edge` command warm, target 2 s), `costs` (every bundled ruleset's `costs` command,
target 30 s), `kernels` (the simulator's general kernel, marginal rounds/s per core on
every bundled ruleset, target 5 M, in C compiled for the ruleset, beside the general C
library; the fast kernel's hands/s on blackjack-reference, target 12 M), `compile`
(`simulate`'s cold start, the C library's compile included, target 30 s, with the message
it prints), `simulate`
(the command's own set-up time and run rate), `site` (`docs build`, cold and warm, target
30 s).

Commands are whole processes (`pontoon-rules ...` through this interpreter), timed by
wall clock, best of several; CPU seconds of the process beside, and a verdict by each:
on a machine loaded past its cores the wall time counts other people's work. Farmer's calculator is
built as its author would: `g++ -O3 -march=native -I. -Ipdf -o strategy strategy.cpp
blackjack.cpp pdf/blackjack_pdf.cpp indices.cpp` in the `src/` folder of
github.com/possibly-wrong/blackjack; it is looked for at `--farmer`, `$FARMER_STRATEGY`
or /tmp/farmer/strategy, and skipped with a message when absent. Its output ends in a
prompt it repeats forever at the end of its input, so it is read through `head -c`.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

FARMER_INPUT = "6\nn\ny\ny\nn\ny\ny\nn\ny\nn\n1.5\n{out}\n0 0\n"
"""blackjack-reference in the prompts of Farmer's `strategy` (6D S17 DOA DAS SPL3 NRSA
CDZ- no surrender 3:2), `{out}` its output file."""
QUICK = False
CLI = [sys.executable, "-c", "import sys; from pontoon_rules.cli import main; "
       "sys.argv[0] = 'pontoon-rules'; main()"]
"""The `pontoon-rules` command through this interpreter (whatever venv runs this)."""
COLD_CLI = [sys.executable, "-c", "import os, sys; from pathlib import Path; "
            "from pontoon_rules import native; "
            "native.build_dirs = lambda: [Path(os.environ['PONTOON_RULES_CACHE'])]; "
            "from pontoon_rules.cli import main; sys.argv[0] = 'pontoon-rules'; main()"]
"""The same with the C library looked for and built only in `$PONTOON_RULES_CACHE`, so
that a cold run does not find the one `make` built."""


def load() -> str:
    """The machine's load averages (`uptime`'s), to print beside a figure."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def compiled_byte_code(other: Path | None = None) -> None:
    """The package's byte code written first, as `pip install` writes it: where
    `PYTHONDONTWRITEBYTECODE` is set (a CI's or a sandbox's shell), a warm command would
    otherwise compile every module of the package from source at each start (about 60 ms
    of `edge`'s CPU). `other`: another tree of the package, compiled too."""
    import compileall

    import pontoon_rules

    compileall.compile_dir(str(Path(pontoon_rules.__file__).parent), quiet=1)
    if other is not None:
        compileall.compile_dir(str(other / "pontoon_rules"), quiet=1)


def verdict(value: float, target: float, at_most: bool = True) -> str:
    met = value <= target if at_most else value >= target
    return "MET" if met else "NOT MET"


def verdicts(wall: float, cpu: float, target: float) -> str:
    """The verdict by wall time and by CPU time: on a machine loaded past its cores the
    wall time counts other people's work; the CPU time is what a quiet core would need."""
    return f"wall {verdict(wall, target)}, CPU {verdict(cpu, target)}"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_timed(argv: Sequence[str] | str, env: dict[str, str] | None = None,
              stdin: str | None = None, shell: bool = False) -> tuple[float, float, str, str]:
    """(wall s, CPU s, stdout, stderr) of one whole process."""
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env,
                          shell=shell, timeout=900, check=False)
    wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {argv}\n{done.stderr[-2000:]}")
    return wall, cpu, done.stdout, done.stderr


def best(argv: Sequence[str] | str, times: int, **kw: object) -> tuple[float, float, str, str]:
    """The fastest (by wall) of `times` runs."""
    runs = [run_timed(argv, **kw) for _ in range(times)]  # type: ignore[arg-type]
    return min(runs, key=lambda r: r[0])


# -- edge blackjack-reference against Farmer ------------------------------------------


def farmer_path(given: str | None) -> Path | None:
    for candidate in (given, os.environ.get("FARMER_STRATEGY"), "/tmp/farmer/strategy"):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def farmer(path: Path, times: int) -> tuple[float, float, str]:
    """(best wall s, its CPU s, the overall expected value it printed, percent)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "strategy.txt"
        command = f"'{path}' | head -c 100000 > /dev/null"
        wall, cpu, _, _ = best(command, times, shell=True,
                               stdin=FARMER_INPUT.format(out=out))
        found = re.search(r"Total\s*\|\s*(-?[0-9.]+)", out.read_text())
    return wall, cpu, found.group(1) if found else "?"


def cold_env(folder: str) -> dict[str, str]:
    """An environment in which nothing is cached: Python's bytecode and the C library in an
    empty `folder` (the library is built there, the first run's message says so)."""
    return dict(os.environ, PYTHONPYCACHEPREFIX=f"{folder}/pyc",
                PONTOON_RULES_CACHE=f"{folder}/native")


def edge_figures(farmer_at: Path | None) -> None:
    print("1. `pontoon-rules edge blackjack-reference`, whole command, against Farmer's "
          "`strategy`, whole program (6D S17 DAS SPL3 NRSA CDZ-), same run:")
    times = 3 if QUICK else 7
    if farmer_at is None:
        print("   Farmer's calculator not found (--farmer PATH, $FARMER_STRATEGY or "
              "/tmp/farmer/strategy): skipped; build it as this script's docstring says")
        farmer_wall = None
    else:
        farmer_wall, farmer_cpu, total = farmer(farmer_at, times)
        print(f"   Farmer's strategy: {farmer_wall:.3f} s wall, {farmer_cpu:.3f} s CPU (best of "
              f"{times}); "
              f"expected value {total}%  [{load()}]")
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu, out, err = run_timed([*COLD_CLI, "edge", "blackjack-reference"],
                                        env=cold_env(folder))
    said = " | ".join(line for line in err.splitlines() if "compiling" in line) or "none"
    print(f"   ours, cold (empty bytecode and C-library caches): {wall:.3f} s wall, "
          f"{cpu:.3f} s CPU; its message: {said}  [{load()}]")
    run_timed([*CLI, "edge", "blackjack-reference"])  # the caches, warm
    wall, cpu, out, _ = best([*CLI, "edge", "blackjack-reference"], times)
    found = re.search(r"house edge (-?[0-9.]+)%", out)
    print(f"   ours, warm: {wall:.3f} s wall, {cpu:.3f} s CPU (best of {times}); house edge "
          f"{found.group(1) if found else '?'}%; its solve started ahead on inputs the "
          f"warm-up run kept (`analysis.composition.ahead`)  [{load()}]")
    off = dict(os.environ, PONTOON_RULES_AHEAD="0")
    wall_off, cpu_off, _, _ = best([*CLI, "edge", "blackjack-reference"], times, env=off)
    print(f"   ours, warm, no solve ahead (PONTOON_RULES_AHEAD=0: as the first run of a new "
          f"or edited ruleset): {wall_off:.3f} s wall, {cpu_off:.3f} s CPU (best of {times})"
          f"  [{load()}]")
    wall_py, _, _, _ = best([sys.executable, "-c", "pass"], times)
    wall_cli, _, _, _ = best([*CLI, "--help"], times)
    print(f"   of which: the interpreter alone {wall_py:.3f} s, `pontoon-rules --help` "
          f"{wall_cli:.3f} s")
    if farmer_wall is not None:
        print(f"   -> target: at most Farmer's time: ours {wall:.3f} s / Farmer {farmer_wall:.3f} s"
              f" = {wall / farmer_wall:.2f}x by wall: {verdict(wall, farmer_wall)}; "
              f"{cpu:.3f} / {farmer_cpu:.3f} s = {cpu / farmer_cpu:.2f}x by CPU: "
              f"{verdict(cpu, farmer_cpu)}")
        print(f"      without the solve ahead: {wall_off / farmer_wall:.2f}x by wall: "
              f"{verdict(wall_off, farmer_wall)}")


# -- every bundled ruleset ------------------------------------------------------------


def bundled() -> list[str]:
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    return list(bundled_ids())


def ruleset_figures() -> None:
    times = 2 if QUICK else 3
    print(f"2. `pontoon-rules edge ID`, whole command, warm (best of {times}), target 2 s:")
    worst = worst_cpu = 0.0
    for ruleset in bundled():
        run_timed([*CLI, "edge", ruleset])
        wall, cpu, _, _ = best([*CLI, "edge", ruleset], times)
        worst, worst_cpu = max(worst, wall), max(worst_cpu, cpu)
        print(f"   {ruleset:<24} {wall:6.2f} s wall {cpu:6.2f} s CPU  {verdicts(wall, cpu, 2.0)}"
              f"  [{load()}]", flush=True)
    print(f"   -> slowest {worst:.2f} s wall, {worst_cpu:.2f} s CPU: "
          f"{verdicts(worst, worst_cpu, 2.0)}")


def costs_figures() -> None:
    print("3. `pontoon-rules costs ID`, whole command (every variant solved), target 30 s:")
    worst = worst_cpu = 0.0
    for ruleset in bundled():
        wall, cpu, out, _ = run_timed([*CLI, "costs", ruleset])
        rows = sum(1 for line in out.splitlines() if line.startswith("  ") and "->" in line)
        worst, worst_cpu = max(worst, wall), max(worst_cpu, cpu)
        print(f"   {ruleset:<24} {wall:6.1f} s wall {cpu:6.1f} s CPU, {rows} changes  "
              f"{verdicts(wall, cpu, 30.0)}  [{load()}]", flush=True)
    print(f"   -> slowest {worst:.1f} s wall, {worst_cpu:.1f} s CPU: "
          f"{verdicts(worst, worst_cpu, 30.0)}")


# -- the simulator --------------------------------------------------------------------

KERNEL_CHILD = """
import sys, time, numpy as np
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.runs.rounds import RoundRunner
from pontoon_rules.sim.kernels.strategy import strategy
ruleset, kernel, small, large = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = compile_rules(load_bundled(ruleset))
runner = RoundRunner(rules, strategy(rules))
seed = np.array([7], dtype=np.uint64)
start = time.process_time()
if kernel == "general-rules":  # as `simulate` runs a long run: compiled for the rules
    runner.for_rules()
    kernel = "general"
runner.run(10, seed, "shoe", kernel=kernel)
setup = time.process_time() - start
out = []
for n in (small, large):
    start = time.process_time()
    sums = runner.run(n, seed, "shoe", kernel=kernel)
    out.append((time.process_time() - start, sums[2]))
print(setup, out[0][0], out[0][1], out[1][0], out[1][1], runner.kernel_name(kernel))
"""


def samples() -> int:
    """How many fresh processes each kernel figure is the best of: this machine's speed
    moves by a third between runs a minute apart, the kernels' own by a few percent. At
    stop 41 two slow processes in a row still came (a ruleset at 4.8 M in one run, 7.4 M
    in the next): three in the quick run, five in the full one."""
    return 3 if QUICK else 5


Figures = tuple[float, float, float, str]
"""`marginal`'s (rounds/s, hands/s, first-call seconds, the kernel that played)."""


def best_marginal(ruleset: str, kernel: str, small: int, large: int) -> Figures:
    """`marginal`'s figures of the fastest of `samples()` fresh processes."""
    return max(processes(ruleset, kernel, small, large), key=lambda figures: figures[0])


def processes(ruleset: str, kernel: str, small: int, large: int) -> list[Figures]:
    """`marginal`'s figures of `samples()` fresh processes."""
    return [marginal(ruleset, kernel, small, large) for _ in range(samples())]


def spread(found: list[Figures]) -> str:
    """The slowest and fastest of `found`, in M rounds/s."""
    rates = sorted(f[0] for f in found)
    return f"{rates[0] / 1e6:.2f}-{rates[-1] / 1e6:.2f}"


def marginal(ruleset: str, kernel: str, small: int,
             large: int) -> tuple[float, float, float, str]:
    """(rounds/s, hands/s, first-call seconds, the kernel that played) of `kernel` (a
    `RoundRunner.run` choice): (large - small) rounds over the difference of their CPU
    times, in a fresh process with warm caches."""
    _, _, out, _ = run_timed([sys.executable, "-c", KERNEL_CHILD, ruleset, kernel, str(small),
                              str(large)])
    words = out.split()
    setup, t_small, h_small, t_large, h_large = (float(x) for x in words[:5])
    return ((large - small) / (t_large - t_small), (h_large - h_small) / (t_large - t_small),
            setup, words[5])


def warm_up(small: int) -> None:
    """One kernel process whose figure is thrown away: at stop 40 the first ruleset
    measured came out a third slow in three of four runs, and by hand the same kernel
    then held its usual figure (a machine effect, not the ruleset's)."""
    rate, _, _, _ = marginal(bundled()[0], "general", small // 5, small)
    print(f"   (a warm-up process first, its figure not counted: {rate / 1e6:.2f} M rounds/s "
          f"on {bundled()[0]})", flush=True)


def kernel_figures() -> None:
    small, large = (1_000_000, 6_000_000) if QUICK else (2_000_000, 22_000_000)
    print(f"4. the general simulator kernel as `simulate` runs a run of a million rounds or "
          f"more (C compiled for the ruleset: general-c-rules, where C is built), marginal "
          f"rounds/s per core ({large:,} minus {small:,} rounds from a fresh shoe each, CPU "
          f"time, set-up excluded, the best of {samples()} fresh processes), target 5 M; "
          "beside it the general C library (general-c, one process):")
    worst = float("inf")
    from pontoon_rules.ruleset.loading.registry import load_bundled
    from pontoon_rules.ruleset.resolving.features import refused_names

    warm_up(small)
    for ruleset in bundled():
        refused = refused_names(load_bundled(ruleset), "simulate")
        if refused:
            print(f"   {ruleset:<24} not simulated yet: the compiled simulator refuses "
                  f"{', '.join(refused)}", flush=True)
            continue
        found = processes(ruleset, "general-rules", small, large)
        rate, hands, _, used = max(found, key=lambda figures: figures[0])
        general, _, _, _ = marginal(ruleset, "general", small, large)
        worst = min(worst, rate)
        print(f"   {ruleset:<24} {rate / 1e6:6.2f} M rounds/s {hands / 1e6:6.2f} M hands/s "
              f"({used}; processes {spread(found)}); general-c {general / 1e6:5.2f} M "
              f"rounds/s  {verdict(rate, 5e6, at_most=False)}  [{load()}]", flush=True)
    print(f"   -> slowest {worst / 1e6:.2f} M rounds/s: {verdict(worst, 5e6, at_most=False)}")
    small, large = (2_000_000, 12_000_000) if QUICK else (5_000_000, 45_000_000)
    rate, hands, _, used = best_marginal("blackjack-reference", "fast", small, large)
    print(f"   the reference: the one-seat fast kernel on blackjack-reference as `simulate` runs "
          f"it (C where built), marginal ({large:,} minus {small:,} rounds, best of "
          f"{samples()}): "
          f"{hands / 1e6:.2f} M hands/s ({rate / 1e6:.2f} M rounds/s, {used}), target "
          f"12 M hands/s: "
          f"{verdict(hands, 12e6, at_most=False)}  [{load()}]", flush=True)


def compile_figures() -> None:
    print("5. the simulator's kernels from a cold start (empty bytecode and C-library "
          "caches), target 30 s, saying what it does:")
    for ruleset in ("pagat-british", "blackjack-reference"):
        cold_compile(ruleset)
    cold_compile("spanish-21", 1_000_000)


def cold_compile(ruleset: str, rounds: int = 1000) -> None:
    """`simulate --rounds ROUNDS` with nothing cached (`cold_env`): its set-up time (the
    compile; from a million rounds on, the C kernel compiled for the ruleset too) as it
    reports it, the kernel it says it used and what it said on stderr meanwhile; then the
    same from the caches."""
    import json

    with tempfile.TemporaryDirectory() as folder:
        env = cold_env(folder)
        argv = [*COLD_CLI, "simulate", ruleset, "--rounds", str(rounds), "--json"]
        wall, cpu, out, err = run_timed(argv, env=env)
        cold, kernel = json.loads(out)["setup_seconds"], json.loads(out)["kernel"]
        warm = json.loads(run_timed(argv, env=env)[2])["setup_seconds"]
    said = err.strip().splitlines()
    print(f"   cold start, `simulate {ruleset} --rounds {rounds:,}`"
          f" on {kernel}: set-up {cold:.1f} s (whole command {wall:.1f} s wall, {cpu:.1f} s "
          f"CPU; from the caches {warm:.2f} s), target 30 s: {verdicts(cold, cpu, 30.0)} "
          f"(CPU: the whole command's)  [{load()}]")
    print(f"     it says: {said[0] if said else '(nothing)'}"
          + (f" ... ({len(said)} lines)" if len(said) > 1 else ""), flush=True)


def simulate_figures() -> None:
    rounds = 1_000_000 if QUICK else 5_000_000
    print(f"6. `pontoon-rules simulate ID --rounds {rounds:,}` (warm), as it reports itself:")
    for ruleset in ("blackjack-reference", "pagat-british"):
        run_timed([*CLI, "simulate", ruleset, "--rounds", "1000"])
        wall, _, out, _ = run_timed([*CLI, "simulate", ruleset, "--rounds", str(rounds)])
        line = next((s.strip() for s in out.splitlines() if "rounds/s" in s), "?")
        print(f"   {ruleset:<22} {line}  (whole command {wall:.1f} s)  [{load()}]", flush=True)


def site_figures() -> None:
    print("7. `pontoon-rules docs build` (every page and sheet, strict), target 30 s warm:")
    with tempfile.TemporaryDirectory() as folder:
        for label in ("first", "warm"):
            site = Path(folder) / label
            wall, cpu, _, _ = run_timed([*CLI, "docs", "build", "-d", str(site)])
            pages = sum(1 for _ in site.rglob("*.html"))
            print(f"   {label}: {wall:.1f} s wall {cpu:.1f} s CPU, {pages} HTML files"
                  f"{'  ' + verdicts(wall, cpu, 30.0) if label == 'warm' else ''}  [{load()}]",
                  flush=True)


PARTS = {"edge": None, "rulesets": ruleset_figures, "costs": costs_figures,
         "kernels": kernel_figures, "compile": compile_figures, "simulate": simulate_figures,
         "site": site_figures}


def main() -> None:
    global QUICK
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--farmer", help="Farmer's `strategy` binary")
    parser.add_argument("--only", action="append", choices=list(PARTS),
                        help="only this part (repeatable)")
    parser.add_argument("--quick", action="store_true", help="fewer repeats, shorter runs")
    args = parser.parse_args()
    QUICK = args.quick
    compiled_byte_code()
    print(f"speed targets of issue 21, {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, "
          f"{os.uname().nodename}, {load()}; gcc: {shutil.which('gcc') or 'none'}")
    for name in args.only or list(PARTS):
        if name == "edge":
            edge_figures(farmer_path(args.farmer))
        else:
            PARTS[name]()  # type: ignore[misc]


if __name__ == "__main__":
    main()
