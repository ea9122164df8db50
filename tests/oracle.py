"""The differential oracle (issue 45, item 2): a ruleset's figures from every consumer,
held to the engine. Shared by `tests/test_oracle.py` and `benchmarks/oracle_coverage.py`.

On a tiny pack (a few ranks, one deck, a few cards a hand) every figure is exact:

- exact-shoe: `CompositionModel(exact=True)`, a Fraction, against the engine's own
  `RoundState` driven through every card sequence of the shoe with that model's play
  (`analysis_reference.policy_value`): equal, to the last digit;
- exact-infinite: `RoundModel(exact=True)` against the engine enumerated the same way on
  an infinite deck with that model's play: equal;
- engine: the engine through `sim.runs.engine.EngineSimulator` (the `simulate --engine` path),
  the seeded rounds' mean within its 99.9% interval of the exact-infinite figure;
- compiled-sim: the compiled simulator (`sim.runs.simulate`, infinite deck, best play), its
  mean within its 99.9% interval of the exact-infinite figure.

On a real shoe, where the exact figure is a float, the compiled simulator dealing a fresh
shoe each round (`dealing="shoe"`) with the shoe's own best play must hold the exact-shoe
figure in its 99.9% interval (`judge_shoe`).

A consumer that refuses (any `PontoonError`, naming a field) is "refuses"; anything else is
"agrees" or "DISAGREES". Seeds are fixed, so a run is the same every time.

Which fields are changed, to which values, and which no round reads: `oracle_fields`.
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset

TINY = Path(__file__).parent / "rulesets"
TINY_BASES = ("tiny-pagat", "tiny-blackjack", "tiny-ochko", "tiny-surrender", "tiny-rescue",
              "tiny-must-stand", "tiny-siebzehn", "tiny-split-blackjack")
"""Tiny packs of the bundled games' kinds (their rules, on a few ranks): each base's
fields are changed one by one (`unread_fields.variants`)."""
COVERAGE_BASES = (*(b if b != "tiny-siebzehn" else "tiny-siebzehn-short" for b in TINY_BASES),
                  "tiny-bank", "tiny-side-bets", "tiny-ban-luck", "tiny-business")
"""The coverage table's bases: `TINY_BASES` (Siebzehn und Vier with four cards a hand:
tiny-siebzehn's enumeration took half a minute a change), tiny-bank (a bank that is an amount, which
every consumer but the engine refuses by name) for the `table.bank` fields,
tiny-side-bets for the side bets' fields, tiny-ban-luck for the banker's opening of hands
and calling off, and tiny-business for giving up buy bets (both refused by name by every
consumer but the engine)."""
CONSUMERS = ("exact-shoe", "exact-infinite", "engine", "compiled-sim")
AGREES, REFUSES, DISAGREES = "agrees", "refuses", "ACCEPTED AND DISAGREES"
TOO_SLOW = "too slow"
"""A check that did not finish within the cap `judge` was given (said, never hidden)."""
NOT_COMPARED = "not compared"
"""A simulation that plays another strategy than the exact figure's (no claim either way)."""
Z_999 = 3.2905

@dataclass(frozen=True)
class Verdict:
    """What one consumer did with one ruleset: agrees, refuses or disagrees, and why."""

    consumer: str
    verdict: str
    detail: str = ""


def tiny(name: str) -> Ruleset:
    """A tiny test ruleset by name."""
    return load_ruleset(TINY / f"{name}.yaml")


class _TooSlow(Exception):
    pass


@contextmanager
def _capped(seconds: float | None) -> Iterator[None]:
    """Raise `_TooSlow` in the block after `seconds` of this process's CPU time (None: no
    cap; CPU, not wall time, so a loaded machine gives the same verdicts). The engine's
    enumeration is Python, so the signal lands within it; a C kernel finishes its call
    first."""
    if not seconds:
        yield
        return

    def alarm(*_: object) -> None:
        raise _TooSlow

    old = signal.signal(signal.SIGVTALRM, alarm)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old)


def judge(ruleset: Ruleset, rounds: int, seed: int = 45, cap: float | None = None,
          only: tuple[str, ...] = CONSUMERS) -> list[Verdict]:
    """Every consumer's verdict on `ruleset` (a tiny pack: exact figures are cheap), in the
    order of `CONSUMERS`; with `only`, just those consumers' (a test that holds one
    consumer to the engine skips the others' work: the simulators still take the exact
    infinite-deck figure as their target, without its enumeration through the engine).
    With `cap`, a check that takes longer than `cap` seconds is "too slow" (the engine's
    enumeration of a method's play grows with the split hands)."""
    assert only and set(only) <= set(CONSUMERS), only
    try:
        rules = compile_rules(ruleset)
    except PontoonError as e:
        return [Verdict(c, REFUSES, str(e)) for c in CONSUMERS if c in only]
    out = []
    if "exact-shoe" in only:
        out.append(_exact_shoe(rules, cap))
    target = None
    if "exact-infinite" in only:
        verdict, target = _exact_infinite(rules, cap)
        out.append(verdict)
    elif {"engine", "compiled-sim"} & set(only):
        target = _infinite_value(rules)
    if "engine" in only:
        out.append(_simulated("engine", rules, target, max(rounds // 100, 500), seed))
    if "compiled-sim" in only:
        out.append(_simulated("compiled-sim", rules, target, rounds, seed))
    return out


def _played(consumer: str, cap: float | None, value: Any, play: Callable[[], Fraction],
            bound: Callable[[], tuple[Fraction, str]] | None = None) -> Verdict:
    """The exact `value` against the engine enumerating the method's play (`play`); where
    the method states that its figure is exact only in part, within the bound it states
    (`bound`: the bound and its words). A play the engine refuses (an action it does not
    offer there) is no play of the engine's game: it disagrees, saying which."""
    from pontoon_rules.errors import IllegalActionError

    try:
        with _capped(cap):
            played = play()
            if _same(value, played):
                return Verdict(consumer, AGREES)
            limit, words = bound() if bound is not None else (Fraction(-1), "")
    except _TooSlow:
        return Verdict(consumer, TOO_SLOW, f"exact {float(value):.6f}; the engine's "
                                           f"enumeration of its play took over {cap:g} s "
                                           "of CPU")
    except IllegalActionError as e:
        return Verdict(consumer, DISAGREES, f"figure {float(value):.9f}; the engine refuses "
                                            f"its play: {e}")
    off = abs(Fraction(value) - played)
    said = (f"figure {float(value):.9f}, the engine playing its play "
            f"{float(played):.9f}")
    if off <= limit:
        return Verdict(consumer, AGREES, f"{said}: within the bound the method states "
                                         f"({words}: {float(limit):.3g})")
    return Verdict(consumer, DISAGREES, said + (f", past its stated bound {float(limit):.3g}"
                                                if bound is not None else ""))


def _pack_bound(rules: Rules, model: Any, policy: Any) -> Callable[[], tuple[Fraction,
                                                                            str]] | None:
    """Where the shoe's method says its figure holds only while the pack lasts the round
    (`composition.model.round_may_run_out`): the bound on its distance from the engine,
    twice the chance the round runs the pack out (enumerated through the engine) times
    the greatest net a round settles at (either figure's value of those rounds lies
    within it)."""
    from analysis_reference import refill_chance

    from pontoon_rules.analysis.composition.model import round_may_run_out

    if round_may_run_out(model) is None:
        return None

    def bound() -> tuple[Fraction, str]:
        chance, extreme = refill_chance(rules, policy)
        return 2 * chance * extreme, (f"the pack runs out in {float(chance):.3g} of rounds,"
                                      f" nets up to {float(extreme):g} stakes")
    return bound


def _exact_shoe(rules: Rules, cap: float | None = None) -> Verdict:
    from analysis_reference import policy_value

    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.composition.policy import CompositionPolicy
    from pontoon_rules.analysis.side_bets import taken_value
    from pontoon_rules.analysis.upcards import UpCardModel, UpCardPolicy, conditional
    from pontoon_rules.ruleset.resolving.features import require_handled

    try:
        require_handled(rules.ruleset, "edge")
        model: Any = (UpCardModel(rules, exact=True) if conditional(rules)
                      else CompositionModel(rules, exact=True))
        value = model.value_of_round() + taken_value(rules, "finite")[0]
    except PontoonError as e:
        return Verdict("exact-shoe", REFUSES, str(e))
    if isinstance(model, UpCardModel):  # a model per group of up cards, as `edge` values it
        policy: Any = UpCardPolicy(rules, [CompositionPolicy(m) for m in model.parts])
        parts = model.parts
    else:
        policy, parts = CompositionPolicy(model), [model]
    bounds = [b for m in parts if (b := _pack_bound(rules, m, policy)) is not None]
    return _played("exact-shoe", cap, value,
                   lambda: policy_value(rules, policy, finite=True),
                   bounds[0] if bounds else None)


def _infinite_model(rules: Rules) -> tuple[Any, Any]:
    """The exact infinite-deck model and its figure (side bets taken included); raises the
    `PontoonError` of a method that refuses the rules."""
    from pontoon_rules.analysis.infinite.round import RoundModel
    from pontoon_rules.analysis.side_bets import taken_value
    from pontoon_rules.analysis.upcards import UpCardRound, conditional
    from pontoon_rules.ruleset.resolving.features import require_handled

    require_handled(rules.ruleset, "edge")
    model: Any = (UpCardRound(rules, "infinite", exact=True) if conditional(rules)
                  else RoundModel(rules, "infinite", exact=True))
    return model, model.value() + taken_value(rules, "infinite")[0]


def _infinite_value(rules: Rules) -> float | None:
    """The exact infinite-deck figure alone (None where the method refuses)."""
    try:
        return float(_infinite_model(rules)[1])
    except PontoonError:
        return None


def _exact_infinite(rules: Rules, cap: float | None = None) -> tuple[Verdict, float | None]:
    from analysis_reference import policy_value

    from pontoon_rules.analysis.infinite.policy import ModelPolicy
    from pontoon_rules.analysis.upcards import UpCardPolicy, UpCardRound

    try:
        model, value = _infinite_model(rules)
    except PontoonError as e:
        return Verdict("exact-infinite", REFUSES, str(e)), None
    policy = (UpCardPolicy(rules, [ModelPolicy(m) for m in model.parts])
              if isinstance(model, UpCardRound) else ModelPolicy(model))
    return _played("exact-infinite", cap, value,
                   lambda: policy_value(rules, policy)), float(value)


def _same(value: Any, played: Fraction) -> bool:
    """Equal as fractions where the method kept fractions; where a part of it works in
    floating point (the post-split values), equal to 1e-9."""
    if isinstance(value, Fraction):
        return value == played
    return abs(float(value) - float(played)) <= 1e-9


def _simulated(consumer: str, rules: Rules, target: float | None, rounds: int,
               seed: int) -> Verdict:
    """A simulator's mean against the exact infinite-deck figure, within its 99.9%
    interval (from the run's own standard error; a run with no spread must hit it)."""
    from pontoon_rules.sim.runs.simulate import simulate

    path = "engine" if consumer == "engine" else "compiled"
    try:
        result = simulate(rules, rounds, seed=seed, dealing="infinite", path=path)
    except PontoonError as e:
        return Verdict(consumer, REFUSES, str(e))
    if target is None:
        return Verdict(consumer, AGREES, "no exact figure to hold it to (the analysis "
                                         "refuses): held to the engine by "
                                         "test_sim_differential")
    mean, half = result.mean, result.half_width
    if abs(mean - target) <= half + 1e-12 and math.isfinite(mean):
        return Verdict(consumer, AGREES, f"{mean:.5f} ± {half:.5f} against {target:.5f}")
    return Verdict(consumer, DISAGREES,
                   f"simulated {mean:.5f} ± {half:.5f} (99.9%, {result.rounds} rounds), "
                   f"exact infinite deck {target:.5f}")


def judge_shoe(ruleset: Ruleset, rounds: int, seed: int = 45) -> Verdict:
    """The compiled simulator on the ruleset's own shoe (fresh each round) against the
    exact-shoe figure, where both accept it and the simulator plays the shoe's own best
    play (`sim.runs.simulate.play_note`: else its play is not the exact figure's)."""
    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.sim.runs.simulate import play_note, simulate

    rules = compile_rules(ruleset)
    try:
        exact = -edge_of(rules, "finite") / 100
        result = simulate(rules, rounds, seed=seed, dealing="shoe")
    except PontoonError as e:
        return Verdict("compiled-sim (shoe)", REFUSES, str(e))
    if "own shoe" not in play_note(rules, None, "shoe"):
        return Verdict("compiled-sim (shoe)", NOT_COMPARED, "plays the infinite deck's best "
                                                            "play: not the exact figure's")
    mean, half = result.mean, result.half_width
    if abs(mean - exact) <= half:
        return Verdict("compiled-sim (shoe)", AGREES, f"{mean:.5f} ± {half:.5f} vs {exact:.5f}")
    return Verdict("compiled-sim (shoe)", DISAGREES,
                   f"simulated {mean:.5f} ± {half:.5f} (99.9%, {result.rounds} rounds on the "
                   f"shoe), exact shoe {exact:.5f}")
