"""`simulate`: one seat playing the best strategy, on the compiled simulator or the engine.

Two paths (`PATHS`). `compiled`: the compiled simulator (`sim.runs.rounds`: its general
kernel, and a one-seat fast kernel where the ruleset allows it, both in C, bit-identical),
which refuses by name a rule it does not handle (`ruleset.resolving.features`).
`engine`: the reference engine (`sim.runs.engine`), slow and independent of the kernels,
which plays every rule. With no path asked for (`path=None`, the command's default), the
compiled simulator where it plays every rule of the ruleset, else the engine, saying why
in the method line (`chosen_path`), for `ENGINE_ROUNDS` rounds unless told.
Either way a run is cut into seeded chunks folded in chunk order, so the same seed
gives the same figures, to the last bit, with any number of workers or machines (see
`sim.distribution.distribute`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import numpy as np

from pontoon_rules.analysis.dealer import banker_policy
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.sim.distribution.distribute import Task, chunk_seeds, chunk_sizes, run_tasks
from pontoon_rules.sim.runs import engine
from pontoon_rules.sim.runs.result import Dealing, SimulationResult, check_path, summarise
from pontoon_rules.sim.runs.stopping import Stop

CHUNK = 1_000_000
"""Rounds per chunk on the compiled path (each chunk is one kernel call and one seed)."""
FOR_RULES_ROUNDS = 1_000_000
"""A compiled run of at least this many rounds plays on the C kernel compiled for its
rules and strategy (`RoundRunner.for_rules`), building it first where missing (about a
second, once per machine, counted in the set-up); a shorter run uses that kernel only
where it is already built."""
COMPILED_NOTE = "compiled simulator: resplits follow the dealt pair's split choice"
ROUNDS = 1_000_000
"""The rounds a run plays unless told (`simulate --rounds`' default)."""
ENGINE_ROUNDS = 200_000
"""The rounds a run plays unless told where no path was asked for and the engine plays it
because the compiled simulator refuses a rule (`chosen_path`): the engine plays some
thousands of rounds a second (about 20,000 on a quiet core), so `ROUNDS` would take
minutes; a 99.9% interval of about ±1 point."""


def chosen_path(rules: Rules, path: str | None) -> tuple[str, list[tuple[str, str]]]:
    """The path a run plays on, and the rules that sent it to the engine as (field path,
    the rule's name): `path` where one is asked for (nothing sent it); else the compiled
    simulator where it plays every rule of the ruleset, else the engine, where the engine
    plays them all (the registry's `simulate --engine` refuses nothing), with each rule the
    compiled simulator refuses (`ruleset.resolving.features.refused_rules`) and, where a
    round's money could pass its 64-bit integers, the field that grows it
    (`sim.kernels.money.money_refused`: `simulate --compiled` refuses that too).

    Raises:
        AnalysisError: an unknown or retired path.
    """
    from pontoon_rules.ruleset.resolving.features import refused_rules
    from pontoon_rules.sim.kernels.money import money_refused
    from pontoon_rules.sim.runs.rounds import SIM_STAKE

    if path is not None:
        return check_path(path), []
    if refused_rules(rules.ruleset, "simulate --engine"):
        return "compiled", []
    refused = refused_rules(rules.ruleset, "simulate")
    if refused:
        return "engine", list(dict.fromkeys((field, name) for field, name, _ in refused))
    money = money_refused(rules, SIM_STAKE)  # the compiled path's one refusal beyond them
    return ("engine", [money]) if money is not None else ("compiled", [])


def default_rounds(rules: Rules, path: str | None) -> int:
    """The rounds a run plays unless told: `ENGINE_ROUNDS` where no path was asked for and
    the engine plays the run (`chosen_path`), else `ROUNDS`."""
    return rounds_for(chosen_path(rules, path)[1])


def rounds_for(sent: list[tuple[str, str]]) -> int:
    """`default_rounds` of a run that the rules `sent` (`chosen_path`) sent to the engine."""
    return ENGINE_ROUNDS if sent else ROUNDS


def own_dealing(rules: Rules) -> Dealing:
    """The dealing a simulation uses unless told otherwise: the ruleset's own shoe, a
    fresh one each round (with replacement where `pack.decks` is infinite), as `edge`'s
    default deck (`analysis.edge.default_deck`)."""
    return "infinite" if rules.decks is None else "shoe"


def simulate(rules: Rules, rounds: int | None, seed: int = 1, workers: int = 1,
             dealing: Dealing | None = None, policy: str | None = None,
             progress: bool = False, path: str | None = "compiled",
             scheduler: str | None = None,
             on_phase: Callable[[str], None] | None = None,
             stop: Stop | None = None) -> SimulationResult:
    """Simulate `rounds` rounds of one seat's best play under `rules`.

    The result times the set-up (`set_up`: strategy tables, the kernel compiled or
    loaded) apart from the run.

    Args:
        dealing: "shoe" (a fresh shuffle of the ruleset's shoe each round) or "infinite"
            (cards with replacement); None: the ruleset's own (`own_dealing`), the deck
            `edge` analyses by default.
        rounds: None: `default_rounds` (said in a note where it is `ENGINE_ROUNDS`).
        path: "compiled" (the compiled simulator) or "engine" (the reference engine); None:
            the compiled simulator where it plays every rule of the ruleset, else the engine,
            the method line naming the fields that sent it there (`chosen_path`).
        workers: local processes, at most one a chunk (the result says how many were
            used); `scheduler`: a Dask scheduler address instead.
        progress: show a progress bar on the terminal (during the run).
        on_phase: told "set-up", then "run", as each begins.
        stop: when requested, the run ends after the chunk under way (at least one is
            played), with the rounds played so far (`stopped_early`).

    Raises:
        AnalysisError: an unknown banker policy or path.
        UnsupportedFeatureError: on the "compiled" path asked for, the ruleset plays a rule
            the compiled simulator does not handle (the engine path refuses nothing:
            `sim.runs.engine.engine_play`).
        ClusterError: the scheduler cannot be reached.
    """
    from pontoon_rules.ruleset.resolving.features import require_handled

    path, sent = chosen_path(rules, path)
    told = rounds is not None
    rounds = rounds if rounds is not None else rounds_for(sent)
    dealing = dealing or own_dealing(rules)
    if path == "compiled":  # the engine plays every rule (`sim.runs.engine.engine_play`)
        require_handled(rules.ruleset, "simulate")
    name = banker_policy(rules, policy).name
    start = time.perf_counter()
    if on_phase:
        on_phase("set-up")
    kernel = set_up(rules, policy, dealing, path, scheduler, rounds)
    setup = time.perf_counter() - start
    if on_phase:
        on_phase("run")
    bar = _progress(progress, rounds)
    cluster: list[int] = []  # the cluster's workers, with a scheduler
    try:
        if path == "compiled":
            sums, name = simulate_compiled(rules, rounds, seed, workers, dealing, policy,
                                           scheduler, bar, stop=stop, cluster_size=cluster)
            notes = [COMPILED_NOTE]
            method = f"compiled simulator, {play_note(rules, policy, dealing)}"
        else:
            sums = simulate_engine(rules, rounds, seed, workers, dealing, policy, scheduler,
                                   bar, stop, cluster)
            notes = sent_notes(sent, None if told else rounds)
            method = (f"reference engine{sent_words(sent)}, "
                      f"{engine_play_words(rules, policy, dealing)}")
    finally:
        bar(-1)
    mean, half = summarise(int(sums[3]), float(sums[0]), float(sums[1]))
    used = cluster[0] if cluster else min(workers, chunk_count(path, rounds))
    return SimulationResult(rules.ruleset.id, int(sums[3]), seed, used, dealing, name,
                            mean, half, time.perf_counter() - start, path,
                            [*notes, *side_bet_notes(rules, dealing),
                             *upcard_notes(rules, path)],
                            setup,
                            int(sums[3]) < rounds, kernel, dealing_words(rules, dealing),
                            method, tuple(dict.fromkeys(field for field, _ in sent)))


def chunk_count(path: str, rounds: int) -> int:
    """The seeded chunks a run of `rounds` rounds on `path` is cut into (`CHUNK`, or
    `sim.runs.engine.CHUNK`): the most local workers it uses."""
    return len(chunk_sizes(rounds, CHUNK if path == "compiled" else engine.CHUNK))


def sent_words(sent: list[tuple[str, str]]) -> str:
    """Why a run with no path asked for plays on the engine, for its method line (nothing
    where it was asked for)."""
    if not sent:
        return ""
    fields = ", ".join(dict.fromkeys(field for field, _ in sent))
    return f", round by round (the compiled simulator does not play {fields})"


def sent_notes(sent: list[tuple[str, str]], rounds: int | None) -> list[str]:
    """The notes of a run that no path was asked for and the engine plays: the rules that
    sent it there and, where its rounds were not told (`rounds`), their count."""
    if not sent:
        return []
    rules = "; ".join(f"{field}: {name}" for field, name in sent)
    notes = [f"played through the engine, which plays every rule, as the compiled simulator "
             f"does not play {rules} (simulate --compiled refuses by name)"]
    if rounds is not None:
        notes.append(f"{rounds:,} rounds, the default where the engine plays the run (it "
                     "plays some thousands a second; --rounds to change it)")
    return notes


def upcard_notes(rules: Rules, path: str) -> list[str]:
    """Where a named hand depends on the stake or pays a fixed prize, the stake the rounds
    on `path` were played at (`analysis.upcards.played_stake` of the compiled path's
    `SIM_STAKE`, `sim.runs.engine.engine_stake`), and where one pays the other players,
    that one seat's figure leaves it out (`envy_note`, as `edge` says it); each hand a band
    of stakes leaves out at that stake named with its band, as `edge`'s note
    (`analysis.upcards.band_note`) names them."""
    from pontoon_rules.analysis.upcards import (
        conditional,
        envy_note,
        left_out_words,
        played_stake,
        valued_stake,
    )
    from pontoon_rules.ruleset.resolving.money import money_text
    from pontoon_rules.sim.runs.rounds import SIM_STAKE

    notes = []
    if any(d.min_stake is not None or d.max_stake is not None or d.prize is not None
           for _, d in conditional(rules)):
        stake = (played_stake(rules, SIM_STAKE) if path == "compiled"
                 else engine.engine_stake(rules))
        left = left_out_words(rules.ruleset, stake)  # as edge's note says them
        money = rules.ruleset.stakes.money
        notes.append(f"played at a stake of {money_text(stake, money)}: a named hand is held "
                     "by the stake or paid a fixed prize (edge values it at "
                     f"{money_text(valued_stake(rules) or 0, money)})"
                     + ("" if left is None else f"; {left}"))
    envy = envy_note(rules)
    return notes if envy is None else [*notes, envy]


def dealing_words(rules: Rules, dealing: Dealing) -> str:
    """The cards a run deals, in words, saying whether it is the ruleset's own shoe (the
    default, the deck `edge` analyses by default)."""
    default = " (the ruleset's own shoe, the default)" if dealing == own_dealing(rules) else ""
    if dealing == "infinite" or rules.decks is None:
        return "infinite deck, cards dealt with replacement" + default
    packs = f"{rules.decks} pack{'s' if rules.decks != 1 else ''}"
    return f"finite shoe of {packs}, shuffled afresh every round{default}"


def side_bet_notes(rules: Rules, dealing: Dealing) -> list[str]:
    """What best play did with each side bet the ruleset offers: the analysis's decision
    for the cards dealt (`sim.kernels.strategy.side_bets_taken`, `analysis.side_bets`), as `edge`
    of the same deck says it."""
    from pontoon_rules.analysis.edge import side_bet_note
    from pontoon_rules.analysis.side_bets import side_bet_values

    deck = "finite" if dealing == "shoe" and rules.decks is not None else "infinite"
    return [side_bet_note(b.kind, b.house_edge, b.taken)
            for b in side_bet_values(rules, deck)]  # type: ignore[arg-type]


def engine_play_words(rules: Rules, policy: str | None, dealing: Dealing) -> str:
    """What seat 0 played on the engine path (`sim.runs.engine.engine_play`), in words."""
    from pontoon_rules.sim.distribution.distribute import _engine

    return str(_engine(engine_payload(rules, policy, dealing)).play_of.words)


def play_note(rules: Rules, policy: str | None, dealing: str) -> str:
    """Which best play the compiled rounds played (`sim.kernels.strategy.strategy`)."""
    from pontoon_rules.sim.distribution.distribute import _prepared

    if _prepared(payload(rules, policy, dealing))[1].by_cards:
        return ("best play of the ruleset's own shoe: each hand decides by the cards it "
                "holds, as the exact edge's play does")
    return ("best play of the infinite deck: each hand decides by its total and what "
            "named hand it may become")


def set_up(rules: Rules, policy: str | None, dealing: str, path: str = "compiled",
           scheduler: str | None = None, rounds: int = 0) -> str | None:
    """Build in this process what a run of `rules` needs before its first round (kept for the run:
    `distribute` caches it, forked workers inherit it): the strategy tables and, on the
    compiled path, its kernel (the C library loaded, built once where missing; for a run of
    `FOR_RULES_ROUNDS` rounds or more the C kernel compiled for these rules) by one tiny
    round run whose figures are thrown away. With a `scheduler`, the cluster's workers set
    up their own copy during the run (on the general C kernel). Returns the kernel the
    rounds play on here (`RoundRunner.kernel_name`), None on the engine path or a cluster."""
    from pontoon_rules.sim.distribution.distribute import _prepare, _runner

    if path != "compiled":
        _prepare("engine", engine_payload(rules, policy, dealing))  # type: ignore[arg-type]
        return None
    data = payload(rules, policy, dealing)
    _prepare("rounds", data)
    if scheduler is not None:
        return None
    runner = _runner(data)
    runner.for_rules(build=rounds >= FOR_RULES_ROUNDS)
    runner.run(1, np.zeros(1, dtype=np.uint64), dealing)
    return str(runner.kernel_name())


def payload(rules: Rules, policy: str | None, dealing: str, player: str = "best") -> str:
    """The run as JSON for a worker."""
    return json.dumps({"ruleset": rules.ruleset.model_dump(mode="json"), "player": player,
                       "banker": policy if rules.banker_by_choice else None,
                       "dealing": dealing})


def simulate_compiled(rules: Rules, rounds: int, seed: int = 1, workers: int = 1,
                      dealing: str = "infinite", policy: str | None = None,
                      scheduler: str | None = None,
                      progress: Callable[[int], None] | None = None,
                      chunk: int | None = None,
                      stop: Stop | None = None,
                      cluster_size: list[int] | None = None) -> tuple[np.ndarray, str]:
    """Sums [net, net², hands, rounds] of `rounds` rounds and the banker policy
    (`chunk`: rounds per chunk, `CHUNK` when None, read at call time).

    Raises:
        AnalysisError: unknown banker policy.
        ClusterError: the scheduler cannot be reached.
    """
    from pontoon_rules.sim.distribution.distribute import _prepared

    data = payload(rules, policy, dealing)
    _, strat, _ = _prepared(data)
    sizes = chunk_sizes(rounds, chunk or CHUNK)
    tasks: list[Task] = [("rounds", data, n, w)
                         for n, w in zip(sizes, chunk_seeds(seed, len(sizes)), strict=True)]
    return _sums(tasks, workers, scheduler, progress, stop, cluster_size), strat.banker_policy


def engine_payload(rules: Rules, policy: str | None, dealing: Dealing) -> str:
    """An engine run as JSON for a worker (see `sim.distribution.distribute.run_task`)."""
    return json.dumps({"ruleset": rules.ruleset.model_dump(mode="json"), "banker": policy,
                       "dealing": dealing})


def simulate_engine(rules: Rules, rounds: int, seed: int, workers: int, dealing: Dealing,
                    policy: str | None, scheduler: str | None = None,
                    progress: Callable[[int], None] | None = None,
                    stop: Stop | None = None,
                    cluster_size: list[int] | None = None) -> np.ndarray:
    """The sums [net, net², 0, rounds] of `rounds` rounds through the engine."""
    data = engine_payload(rules, policy, dealing)
    sizes = chunk_sizes(rounds, engine.CHUNK)
    tasks: list[Task] = [("engine", data, n, (engine.chunk_seed(seed, i),))
                         for i, n in enumerate(sizes)]
    return _sums(tasks, workers, scheduler, progress, stop, cluster_size)


def _sums(tasks: list[Task], workers: int, scheduler: str | None,
          progress: Callable[[int], None] | None, stop: Stop | None,
          cluster_size: list[int] | None = None) -> np.ndarray:
    """The chunks' sums folded in chunk order, up to the chunk under way when `stop` is
    requested (at least one chunk)."""
    total = np.zeros(4)
    for part in run_tasks(tasks, workers, scheduler, cluster_size=cluster_size):
        total += part
        if progress:
            progress(int(part[3]))
        if stop is not None and stop.requested:
            break
    return total


def _progress(enabled: bool, total: int) -> Callable[[int], None]:
    """A progress bar's advance (a negative count stops it), or nothing."""
    if not enabled:
        return lambda _: None
    from rich.progress import Progress

    bar = Progress(transient=True)
    task = bar.add_task("simulating", total=total)
    bar.start()

    def advance(n: int) -> None:
        if n < 0:
            bar.stop()
        else:
            bar.advance(task, n)

    return advance
