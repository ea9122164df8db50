"""Where the time of a warm `pontoon-rules edge ID` goes, and what the command line's
start settings (`pontoon_rules.cli`) save, each measured in the same run.

    python benchmarks/command_start.py [--ruleset ID] [--times N] [--costs ID]

1. The whole command (best of N by wall): wall, user and system CPU, minor page faults;
   with its solve started ahead on the inputs the warm-up run kept
   (`analysis.composition.ahead`), and without (`PONTOON_RULES_AHEAD=0`, as the first
   run of a new or edited ruleset).
2. Its parts, in a fresh process each time, CPU seconds (best of N): the interpreter,
   the imports (and of them the libraries' own: click, numpy, pydantic's models and
   fields, PyYAML: what no change of ours can cut), reading and validating the ruleset,
   the hand-state tables (`analysis.composition.compiled.state_tables`), the C solve
   (`Kernels.solve`) and the rest of `house_edge`.
3. What each start and end setting saves, beside the same command without it:
   numpy's OpenBLAS on one thread (against one thread per core), pydantic's plugin search
   (the search alone), the stand-in for pydantic's plugin loader (the real loader's
   import), the end without the interpreter's teardown (`cli.leave`, against the same
   command ended by `sys.exit`; both without the solve ahead).
4. `--costs ID`: every variant of ID's cost table solved in this process one after
   another (CPU): the C solves, the hand-state tables, the rest.

Figures are of this machine under whatever load it has (printed beside them).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

PLUGINS_CHILD = r"""
import json, time
import pydantic
from pydantic.plugin._loader import get_plugins
start = time.process_time()
get_plugins()
print(json.dumps({"cpu": time.process_time() - start}))
"""

LOADER_CHILD = r"""
import json, time
import pydantic
start = time.process_time()
import pydantic.plugin._loader
print(json.dumps({"cpu": time.process_time() - start}))
"""

COMMAND = [sys.executable, "-c", "import sys; from pontoon_rules.cli import main; "
           "sys.argv[0] = 'pontoon-rules'; main()"]
TEARDOWN = [sys.executable, "-c", "import sys; from pontoon_rules.cli import cli; "
            "from pontoon_rules.cli.errors import run_with_errors; "
            "sys.exit(run_with_errors(cli, sys.argv[1:]))"]
"""The command ended by `sys.exit`: the interpreter's teardown, no `cli.leave`."""
NOT_AHEAD = dict(os.environ, PONTOON_RULES_AHEAD="0")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def whole(argv: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    """Wall, user, system and minor faults of one whole process."""
    before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600,
                          check=False)
    wall, after = time.perf_counter() - wall, resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {argv}\n{done.stderr[-2000:]}")
    return {"wall": wall, "user": after.ru_utime - before.ru_utime,
            "sys": after.ru_stime - before.ru_stime,
            "faults": after.ru_minflt - before.ru_minflt, "out": done.stdout}


def child(code: str, *args: str, env: dict[str, str] | None = None) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, env=env, timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def child_script(*args: str) -> dict[str, float]:
    """This script in a fresh process with `args`: the JSON it prints."""
    done = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                          timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def best_of(runs: list[dict[str, float]], key: str) -> dict[str, float]:
    return min(runs, key=lambda r: r[key])


def command_figures(ruleset: str, times: int) -> None:
    argv = [*COMMAND, "edge", ruleset]
    whole(argv)  # the caches, warm
    print(f"1. `pontoon-rules edge {ruleset}`, warm, best of {times} by wall:")
    for label, env in (("its solve started ahead", None), ("no solve ahead", NOT_AHEAD)):
        run = best_of([whole(argv, env) for _ in range(times)], "wall")
        print(f"   {label:<24} {run['wall']:.3f} s wall, {run['user']:.3f} s user, "
              f"{run['sys']:.3f} s system, {run['faults']:.0f} minor page faults  [{load()}]")
    parts = [child_script("--parts-child", ruleset) for _ in range(times)]
    print(f"2. its parts, CPU s, the best of {times} fresh processes for each part:  [{load()}]")
    for key in ("interpreter", "imports", "libraries", "ruleset", "tables", "solve", "rest"):
        name = "  of which click, numpy, pydantic, yaml" if key == "libraries" else key
        print(f"   {name:<12} {min(p[key] for p in parts):.3f} s")


def settings_figures(ruleset: str, times: int) -> None:
    argv = [*COMMAND, "edge", ruleset]
    print(f"3. what the command line's start and end settings save (best of {times} each):")
    cores = str(os.cpu_count() or 1)
    threads = {"1 (the command line's)": None, f"{cores} (one per core)": cores}
    for label, value in threads.items():
        env = dict(os.environ)
        env.pop("OPENBLAS_NUM_THREADS", None)
        if value is not None:
            env["OPENBLAS_NUM_THREADS"] = value
        run = best_of([whole(argv, env) for _ in range(times)], "user")
        print(f"   OpenBLAS threads {label:<22} {run['user'] + run['sys']:.3f} s CPU "
              f"({run['wall']:.3f} s wall)  [{load()}]")
    for value, label in (("", "on"), ("__all__", "off (the command line's)")):
        env = dict(os.environ, PYDANTIC_DISABLE_PLUGINS=value)
        runs = [child(PLUGINS_CHILD, env=env) for _ in range(times)]
        fastest = min(r["cpu"] for r in runs)
        print(f"   pydantic's plugin search {label:<26} {fastest * 1000:.1f} ms")
    loader = min(child(LOADER_CHILD)["cpu"] for _ in range(times))
    print(f"   pydantic's plugin loader, the real one's import (the command line's stand-in "
          f"spares it) {loader * 1000:.1f} ms")
    ended = {}
    for label, command in (("sys.exit", TEARDOWN), ("cli.leave", COMMAND)):
        ended[label] = best_of([whole([*command, "edge", ruleset], NOT_AHEAD)
                                for _ in range(times)], "wall")["wall"]
    print(f"   the end: by sys.exit {ended['sys.exit']:.3f} s wall, by cli.leave (the command "
          f"line's) {ended['cli.leave']:.3f} s: {ended['sys.exit'] - ended['cli.leave']:.3f} s "
          f"saved  [{load()}]")


def timed_parts() -> dict[str, float]:
    """CPU seconds spent from now on in the hand-state tables (`compiled.state_tables`)
    and the C solve (`Kernels.solve`), kept up to date in the dict returned."""
    import pontoon_rules.analysis.composition.compiled as compiled
    import pontoon_rules.analysis.composition.native as native

    spent = {"tables": 0.0, "solve": 0.0}

    def timed(owner: object, name: str, key: str) -> None:
        inner = getattr(owner, name)

        def wrapper(*a: object, **k: object) -> object:
            start = time.process_time()
            try:
                return inner(*a, **k)
            finally:
                spent[key] += time.process_time() - start

        setattr(owner, name, wrapper)

    timed(compiled, "state_tables", "tables")
    timed(native.Kernels, "solve", "solve")
    return spent


def parts_child(ruleset: str) -> None:
    """Run in a fresh process (`--parts-child`): `edge ID`'s parts as JSON on stdout. The
    interpreter's part includes this script's own standard-library imports."""
    t0 = time.process_time()
    import click  # noqa: F401
    t_click = time.process_time()
    import pontoon_rules.cli  # noqa: F401  its settings before numpy, as in the command
    t_cli = time.process_time()
    import numpy  # noqa: F401
    import yaml  # noqa: F401
    from pydantic import BaseModel, Field, StrictInt, field_validator  # noqa: F401
    t_libraries = time.process_time()
    from pontoon_rules.analysis.edge import house_edge
    from pontoon_rules.cli.analysis_cmds import _rules

    spent = timed_parts()
    t1 = time.process_time()
    rules = _rules(ruleset, ())
    t2 = time.process_time()
    house_edge(rules, None, None)
    t3 = time.process_time()
    print(json.dumps({"interpreter": t0, "imports": t1 - t0,
                      "libraries": t_click - t0 + t_libraries - t_cli, "ruleset": t2 - t1,
                      "tables": spent["tables"], "solve": spent["solve"],
                      "rest": t3 - t2 - spent["tables"] - spent["solve"]}))


def costs_figures(ruleset: str) -> None:
    import pontoon_rules.analysis.present.costs as costs
    from pontoon_rules.ruleset.loading.registry import load_bundled

    spent = timed_parts()
    counted: dict[str, float] = {}

    def serial(variants: list, deck: object, policy: object, workers: int,
               progress: object = None, helper: object = None, known: Any = None) -> list:
        given = {} if known is None else known(variants)  # the base's solve: not counted
        for key in spent:
            spent[key] = 0.0
        start = time.process_time()
        out = [given[at] if at in given else costs._solve((v, deck, policy))
               for at, v in enumerate(variants)]
        counted.update(n=len(variants) - len(given), cpu=time.process_time() - start, **spent)
        return out

    costs._solve_all = serial  # type: ignore[assignment]
    costs.rule_costs(load_bundled(ruleset))
    print(f"4. `costs {ruleset}`'s {counted['n']:.0f} variants solved one after another: "
          f"{counted['cpu']:.1f} s CPU: the C solves {counted['solve']:.1f} s, the hand-state "
          f"tables {counted['tables']:.1f} s, the rest "
          f"{counted['cpu'] - counted['solve'] - counted['tables']:.1f} s  [{load()}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="blackjack-reference")
    parser.add_argument("--times", type=int, default=5)
    parser.add_argument("--costs", default=None, metavar="ID")
    parser.add_argument("--parts-child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.parts_child:
        parts_child(args.parts_child)
        return
    from speed_targets import compiled_byte_code

    compiled_byte_code()  # as an install has it, whatever PYTHONDONTWRITEBYTECODE says
    print(f"command start, {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}, "
          f"{load()}")
    command_figures(args.ruleset, args.times)
    settings_figures(args.ruleset, args.times)
    if args.costs:
        costs_figures(args.costs)


if __name__ == "__main__":
    main()
