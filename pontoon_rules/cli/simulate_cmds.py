"""CLI command `simulate`: a thin layer over the simulator (`sim.runs.simulate`)."""

from __future__ import annotations

import json
import sys
from contextlib import ExitStack
from typing import Any

import click

from pontoon_rules.cli.agreed import agree_option
from pontoon_rules.cli.analysis_cmds import _agreed_note, _analysis, _banker_option, _rules
from pontoon_rules.cli.checks import MAX_WORKERS, SEED, WORKERS, scheduler_address
from pontoon_rules.cli.output import echo


class SimulationPath(click.Choice):  # type: ignore[type-arg]
    """`--path`: compiled or engine; a retired name is refused with the one to use."""

    def __init__(self) -> None:
        from pontoon_rules.sim.runs.result import PATHS

        super().__init__(list(PATHS))

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from pontoon_rules.analysis.dealer import AnalysisError
        from pontoon_rules.sim.runs.result import RETIRED_PATHS, check_path

        if value in RETIRED_PATHS:
            try:
                check_path(value)
            except AnalysisError as e:
                self.fail(str(e), param, ctx)
        return super().convert(value, param, ctx)


class _Phases:
    """What `simulate` is doing, for the sign of life on stderr: the set-up (said even
    under the terminal's progress bar, which only counts the run's rounds), then the run."""

    def __init__(self, setup: str, run: str, bar: bool) -> None:
        self.texts = {"set-up": setup, "run": run}
        self.now = "set-up"
        self.bar = bar
        self.during = ExitStack()

    def label(self) -> str:
        return self.texts[self.now]

    def enter(self, name: str) -> None:
        from pontoon_rules.cli.progress import still_running

        self.now = name
        self.during.close()
        if self.bar and name == "set-up":
            self.during.enter_context(still_running(self.texts[name]))

    def __enter__(self) -> _Phases:
        return self

    def __exit__(self, *_: object) -> None:
        self.during.close()


def _path_help() -> str:
    """`--path`'s help, the compiled path's refusals from the registry
    (`ruleset.resolving.features`)."""
    from pontoon_rules.ruleset.resolving.features import unhandled_names

    refused = "; ".join(unhandled_names("simulator"))
    return ("compiled: the compiled simulator (in C), every ruleset but one that plays a "
            f"rule it does not handle yet ({refused}) or whose money could pass its 64-bit "
            "integers, which it refuses naming the rule or the field; "
            "engine: the reference engine (slow, independent of the kernels), every "
            "ruleset: the analysis's best play where the analysis handles the rules, else "
            "as far as it decides, a simple stand-17 for the rest, said in its method line. "
            "Default: the compiled simulator where it plays the ruleset, else the engine, "
            "the method line naming the fields that sent it there.")


@click.command("simulate")
@click.argument("ruleset")
@click.option("--rounds", type=click.IntRange(1), default=None,
              show_default="1,000,000; 200,000 where the compiled simulator refuses a rule "
                           "and no path is asked for, so the engine plays the run")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--workers", type=WORKERS, default=None,
              show_default="every core this process may use, at most one a chunk of rounds",
              help="Local worker processes (the same figures with any number).")
@click.option("--dealing", type=click.Choice(["infinite", "shoe"]), default=None,
              help="shoe: the ruleset's own shoe, shuffled afresh every round (the default, "
                   "the deck `edge` analyses by default; with replacement where pack.decks "
                   "is infinite); infinite: cards dealt with replacement.")
@click.option("--engine", "engine_only", is_flag=True,
              help="Play through the reference engine (same as --path engine): it plays "
                   "every rule. Without --engine, --compiled or --path, the compiled "
                   "simulator plays a ruleset where it plays every rule, else the engine.")
@click.option("--compiled", "compiled_only", is_flag=True,
              help="Play on the compiled simulator (same as --path compiled), refusing by "
                   "name a rule it does not handle rather than playing through the engine.")
@click.option("--path", "path", type=SimulationPath(), default=None, help=_path_help())
@click.option("--scheduler", default=None, callback=scheduler_address,
              help="Address of a Dask distributed scheduler (compiled path), e.g. "
                   "tcp://10.0.0.5:8786; the result is the same as on one core.")
@_banker_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@agree_option
def simulate_cmd(ruleset: str, rounds: int | None, seed: int, workers: int | None,
                 dealing: str | None, engine_only: bool, compiled_only: bool,
                 path: str | None, scheduler: str | None,
                 policy: str | None, as_json: bool, agreements: tuple[str, ...]) -> None:
    """Simulate RULESET with the best strategy: house edge and its 99.9% interval.

    On the compiled simulator where it plays every rule of RULESET, else through the
    engine (saying which fields sent it there), unless --engine, --compiled or --path asks
    for a path."""
    from pontoon_rules.native import cores
    from pontoon_rules.sim.runs.result import KERNEL_WORDS
    from pontoon_rules.sim.runs.simulate import default_rounds, simulate
    from pontoon_rules.sim.runs.stopping import first_interrupt_stops

    chosen = _asked_path(engine_only, compiled_only, path)
    rules = _rules(ruleset, agreements)
    # a chunk a worker at most (a short run stays in-process); never past --workers' own cap
    workers = workers or min(cores(), MAX_WORKERS)
    count = rounds or default_rounds(rules, chosen)  # None to `simulate`: its note says so
    bar = not as_json and sys.stdout.isatty()  # the simulator's own bar, on the terminal
    phase = _Phases(f"setting up the simulator for {ruleset} (its kernel compiles on a "
                    "machine's first run where it is not built, in seconds; later runs "
                    "load it)",
                    f"simulating {count:,} rounds of {ruleset}", bar)
    with phase, first_interrupt_stops(what="rounds") as stop:  # a Ctrl-C: the result so far
        result = _analysis(lambda: simulate(rules, rounds, seed, workers, dealing,  # type: ignore[arg-type]
                                            policy, progress=bar, path=chosen,
                                            scheduler=scheduler, on_phase=phase.enter,
                                            stop=stop),
                           phase.label, quiet=bar)
    if as_json:
        echo(json.dumps(result.to_json(), indent=2))
        return
    low, high = result.interval
    echo(f"{result.ruleset}: simulated house edge {result.house_edge:.4f}% "
               f"(99.9% interval {low:.4f}% to {high:.4f}%)")
    stopped = " (stopped early: the result so far)" if result.stopped_early else ""
    echo(f"  {result.basis}")
    echo(f"  {result.rounds:,} rounds{stopped}, seed {result.seed}, {result.workers} worker(s), "
               f"{result.dealing} dealing, {result.path} path")
    rate = f"{result.run_rate:,.0f} rounds/s" if result.run_rate else "too short to time"
    kernel = f", on {KERNEL_WORDS[result.kernel]}" if result.kernel in KERNEL_WORDS else ""
    echo(f"  set-up {result.setup_seconds:.2f} s (tables, kernel), run {result.run_seconds:.2f} s:"
         f" {rate}{kernel}")
    for note in result.notes:
        echo(f"  note: {note}")
    for line in _agreed_note(ruleset, agreements):
        echo(line)


def _asked_path(engine_only: bool, compiled_only: bool, path: str | None) -> str | None:
    """The path `--engine`, `--compiled` or `--path` asks for (None: none; `simulate` then
    chooses, `sim.runs.simulate.chosen_path`).

    Raises:
        click.UsageError: two of them ask for different paths.
    """
    asked = {p for p, on in (("engine", engine_only), ("compiled", compiled_only),
                             (path, path is not None)) if on}
    if len(asked) > 1:
        raise click.UsageError("--engine, --compiled and --path ask for different paths: "
                               "give one")
    return next(iter(asked), None)
