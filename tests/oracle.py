"""The differential oracle (issue 45, item 2): a ruleset's figures from every consumer,
held to the engine. Shared by `tests/test_oracle.py` and `benchmarks/oracle_coverage.py`.

On a tiny pack (a few ranks, one deck, a few cards a hand) every figure is exact:

- exact-shoe: `CompositionModel(exact=True)`, a Fraction, against the engine's own
  `RoundState` driven through every card sequence of the shoe with that model's play
  (`analysis_reference.policy_value`): equal, to the last digit;
- exact-infinite: `RoundModel(exact=True)` against the engine enumerated the same way on
  an infinite deck with that model's play: equal;
- engine: the engine through `sim.engine.EngineSimulator` (the `simulate --engine` path),
  the seeded rounds' mean within its 99.9% interval of the exact-infinite figure;
- compiled-sim: the compiled simulator (`sim.simulate`, infinite deck, best play), its
  mean within its 99.9% interval of the exact-infinite figure.

On a real shoe, where the exact figure is a float, the compiled simulator dealing a fresh
shoe each round (`dealing="shoe"`) with the shoe's own best play must hold the exact-shoe
figure in its 99.9% interval (`judge_shoe`).

A consumer that refuses (any `PontoonError`, naming a field) is "refuses"; anything else is
"agrees" or "DISAGREES". Seeds are fixed, so a run is the same every time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pontoon_rules.engine.rules import Rules, compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.loader import load_ruleset
from pontoon_rules.ruleset.model import Ruleset

TINY = Path(__file__).parent / "rulesets"
TINY_BASES = ("tiny-pagat", "tiny-blackjack", "tiny-ochko", "tiny-surrender", "tiny-rescue",
              "tiny-must-stand", "tiny-siebzehn", "tiny-split-blackjack")
"""Tiny packs of the bundled games' kinds (their rules, on a few ranks): each base's
fields are changed one by one (`unread_fields.variants`)."""
CONSUMERS = ("exact-shoe", "exact-infinite", "engine", "compiled-sim")
AGREES, REFUSES, DISAGREES = "agrees", "refuses", "ACCEPTED AND DISAGREES"
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


def judge(ruleset: Ruleset, rounds: int, seed: int = 45) -> list[Verdict]:
    """Every consumer's verdict on `ruleset` (a tiny pack: exact figures are cheap)."""
    try:
        rules = compile_rules(ruleset)
    except PontoonError as e:
        return [Verdict(c, REFUSES, str(e)) for c in CONSUMERS]
    infinite = _exact_infinite(rules)
    out = [_exact_shoe(rules), infinite[0]]
    target = infinite[1]
    out.append(_simulated("engine", rules, target, max(rounds // 100, 500), seed))
    out.append(_simulated("compiled-sim", rules, target, rounds, seed))
    return out


def _exact_shoe(rules: Rules) -> Verdict:
    from analysis_reference import policy_value

    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.composition.policy import CompositionPolicy
    from pontoon_rules.analysis.side_bets import taken_value
    from pontoon_rules.ruleset.features import require_handled

    try:
        require_handled(rules.ruleset, "edge")
        model = CompositionModel(rules, exact=True)
        value = model.value_of_round() + taken_value(rules, "finite")[0]
    except PontoonError as e:
        return Verdict("exact-shoe", REFUSES, str(e))
    played = policy_value(rules, CompositionPolicy(model), finite=True)
    if _same(value, played):
        return Verdict("exact-shoe", AGREES)
    return Verdict("exact-shoe", DISAGREES, f"exact {float(value):.6f}, the engine playing "
                                            f"its play {float(played):.6f}")


def _exact_infinite(rules: Rules) -> tuple[Verdict, float | None]:
    from analysis_reference import policy_value

    from pontoon_rules.analysis.infinite.policy import ModelPolicy
    from pontoon_rules.analysis.infinite.round import RoundModel
    from pontoon_rules.analysis.side_bets import taken_value
    from pontoon_rules.ruleset.features import require_handled

    try:
        require_handled(rules.ruleset, "edge")
        model = RoundModel(rules, "infinite", exact=True)
        value = model.value() + taken_value(rules, "infinite")[0]
    except PontoonError as e:
        return Verdict("exact-infinite", REFUSES, str(e)), None
    played = policy_value(rules, ModelPolicy(model))
    if _same(value, played):
        return Verdict("exact-infinite", AGREES), float(value)
    return Verdict("exact-infinite", DISAGREES,
                   f"exact {float(value):.6f}, the engine playing its play "
                   f"{float(played):.6f}"), float(value)


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
    from pontoon_rules.sim.simulate import simulate

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
    play (`sim.simulate.play_note`: else its play is not the exact figure's)."""
    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.sim.simulate import play_note, simulate

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


def field_verdicts(base: Ruleset, rounds: int,
                   limit: int | None = None) -> dict[str, dict[str, Any]]:
    """Each field of `base` changed alone (every alternative value; the first `limit`
    changes that reach a compiled rule): per field, per consumer, the verdicts seen."""
    from itertools import islice

    from unread_fields import variants

    out: dict[str, dict[str, Any]] = {}
    changes = (v for v in variants(base) if v.ruleset is not None and v.changed)
    for variant in islice(changes, limit):
        for v in judge(variant.ruleset, rounds):
            out.setdefault(variant.path, {}).setdefault(v.consumer, []).append(
                (variant.new, v))
    return out
