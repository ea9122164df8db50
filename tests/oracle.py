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
from pontoon_rules.ruleset.format.common import AMOUNT_MAX
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

_NO_ROUND = "no part of one round: "
NOT_APPLICABLE: dict[str, str] = {
    "table.min_players": _NO_ROUND + "how many must sit for a deal to start",
    "table.banker": _NO_ROUND + "who banks (a dealer or a player) changes who takes the "
                    "banker's net, not one seat's round against it",
    "table.first_banker": _NO_ROUND + "how the first banker is chosen, before any round",
    "table.direction": _NO_ROUND + "the order seats play in; one seat plays alone",
    "deal.banker_may_look_at_first_card": "a banker by rule or by the analysis's policy "
                                          "decides on its own cards, never on a look",
    "deal.stake_after_first_card": "the figure is per unit of stake, staked once: when "
                                   "the stake is placed changes no card",
    "between_deals.shuffle": _NO_ROUND + "how the pack is shuffled between deals; every "
                             "round here is dealt from a full shuffled pack",
    "between_deals.penetration": _NO_ROUND + "when the pack is reshuffled",
    "between_deals.shuffle_on_banker_pontoon": _NO_ROUND + "a shuffle after the round",
    "between_deals.shuffle_on_split_pontoon": _NO_ROUND + "a shuffle after the round",
    "between_deals.used_cards_to_bottom": _NO_ROUND + "where used cards go after the round",
    "between_deals.busted_cards_to_bottom_at_once": _NO_ROUND + "where a bust's cards go; "
                                                    "they are out of play either way",
    "between_deals.rotation": _NO_ROUND + "who banks next",
    "between_deals.rotation_tie_break": _NO_ROUND + "who banks next",
    "between_deals.rotation_from_split_hand": _NO_ROUND + "who banks next",
    "between_deals.rotation_when_banker_pontoon_at_once": _NO_ROUND + "who banks next",
    "between_deals.bank_sale": _NO_ROUND + "the bank's sale between deals",
    "table.bank.passes_when_broken": _NO_ROUND + "the bank passes after a round",
    "table.bank.passes_after_deals": _NO_ROUND + "the bank passes after N deals",
    "shoot.kitty_within_stake_limits": _NO_ROUND + "the kitty between deals (no kitty "
                                       "in one seat's round against the banker)",
    "shoot.top_up": _NO_ROUND + "the kitty topped up between deals",
    "shoot.dry_kitty": _NO_ROUND + "a kitty that runs dry, between deals",
    "shoot.dry_kitty_sale": _NO_ROUND + "a kitty that runs dry, between deals",
    "shoot.kitty_leaves_with_banker": _NO_ROUND + "the kitty when the bank passes",
    "hands.definitions.*.prize_to_others": "money to the other players when one holds it: "
                                           "one seat alone has none to be paid (edge's "
                                           "figure leaves it out and says so)",
    "hands.definitions.*.paid_by_players": "money from the other players: one seat alone "
                                           "has none to pay it (between players, in a "
                                           "session)",
}
"""Fields whose every change reaches no compiled rule of a round (`unread_fields.
changed_attributes` empty), with why one round's figure cannot depend on them (a named
hand's by `field_name`): "not applicable" in the coverage table (`tests/test_oracle.py`
plays the engine's rounds with each changed, card for card the same). The fields that
change only words are not here: `oracle_words.WORDS_ONLY` checks each (every figure the
same, its words changed)."""


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
    (`bound`: the bound and its words)."""
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


def field_verdicts(base: Ruleset, rounds: int, limit: int | None = None,
                   cap: float | None = None,
                   fields: tuple[str, ...] | None = None,
                   say: Callable[[str], None] | None = None) -> dict[str, dict[str, Any]]:
    """Each field of `base` changed alone (every alternative value; the first `limit`
    changes that reach a compiled rule; only the paths that start with one of `fields`
    where given): per field, per consumer, the verdicts seen (`say`: told each change
    before it is judged, for a long run's progress)."""
    from itertools import chain, islice

    from unread_fields import variants

    out: dict[str, dict[str, Any]] = {}
    changes = (v for v in chain(variants(base), extra_variants(base))
               if v.ruleset is not None and v.changed
               and (fields is None or v.path.startswith(fields)
                    or field_name(v.path).startswith(fields)))
    for variant in islice(changes, limit):
        if say is not None:
            say(f"{variant.path} = {variant.new!r}")
        for v in judge(variant.ruleset, rounds, cap=cap):
            out.setdefault(variant.path, {}).setdefault(v.consumer, []).append(
                (variant.new, v))
    return out


EXTRA_VALUES: dict[str, Callable[[Any], list[Any]]] = {
    "pack.ranks": lambda ranks: [ranks[:1] + ranks[2:]],
    "pack.suits": lambda suits: [suits[:2]],
    "pack.ace_values": lambda values: [values[:1]],
    "player.split.ranks": lambda ranks: [ranks[:1]],
    "player.double.totals": lambda totals: [[10, 11] if totals is None else None],
    "player.insurance.max_fraction": lambda _: [(1, 4)],
    "player.surrender.against": lambda ranks: [["A", "T"] if len(ranks) > 2 else ["A"]],
    "player.surrender.returns": lambda _: [(1, 4)],
    "settlement.odd_amounts": lambda _: ["round-up", "exact"],
    "settlement.outcomes": lambda rules: [] if rules else [
        [{"player": "bust", "banker": "bust", "result": "push"}],
        [{"player": "pontoon", "banker": "pontoon", "result": "win"}]],
    "pack.values": lambda values: [{"T": 9}] if not values else [{}],
    "hands.ranking": lambda ranking: [ranking[1:-1] + ranking[:1] + ranking[-1:]]
    if len(ranking) > 2 else [],
    "side_bets.max_fraction": lambda v: [(1, 4)] if tuple(v) == (1, 2) else [(1, 2)],
    "stakes.max_stake": lambda _: [1000],
    "stakes.min_stake": lambda _: [10**12],  # a large least stake, played at it
    "between_deals.penetration": lambda _: [0.5],
    "shoot.dry_kitty": lambda _: ["end-bank"],
    "table.bank.amount": lambda _: [100_000],
    "table.bank.va_bank": lambda v: [not v],
    "table.bank.passes_when_broken": lambda v: [not v],
    "table.bank.passes_after_deals": lambda _: [3],
    # issue 48's and 50's rules (each refused by name where a consumer does not play it)
    "banker.stick_minimum": lambda v: [16] if v is None else [None],
    "pack.ace_values_by_cards": lambda v: [{2: [10, 11], 3: [1, 10], 4: [1]}] if not v
    else [{}],
    "player.surrender.totals": lambda v: [[15, 16]] if v is None else [None],
    "player.surrender.buy_bets.allowed": lambda v: [not v],
    "stakes.max_buys": lambda v: [1] if v is None else [None],
    "stakes.raise_up_to": lambda v: [3] if v is None else [None],
    "settlement.hidden_bust_pays": lambda v: ["2:1"] if v is None else [None],
    "table.bank.cap": lambda _: ["as-it-stands"],
    "table.bank.entry": lambda v: [5] if v is None else [None],
    "pack.wild_cards": lambda v: [("TS",)] if not v else [()],
    "banker.calls_off_at": lambda v: [(15,)] if v is None else [None],
    "banker.opens.to_total": lambda v: [18] if v is None else [None],
}
"""Values the oracle tries for the fields `costs.alternatives` offers none for (sets of
ranks, fractions, amounts), by field: each a function of the base's value."""


HAND_EXTRA_VALUES: dict[str, Callable[[Any, Ruleset], list[Any]]] = {
    # a named hand held against some up cards, in a band of stakes, paid a prize (issue 48)
    "banker_up_ranks": lambda v, r: [r.pack.ranks[:1], r.pack.ranks[-1:]] if v is None
    else [None],
    "min_stake": lambda v, r: [2] if v is None else [None],
    "max_stake": lambda v, r: [1] if v is None else [None],
    "prize": lambda v, r: [3, AMOUNT_MAX] if v is None else [AMOUNT_MAX],  # past 64 bits
    "prize_to_others": lambda v, r: [2] if v is None else [None],
    "paid_by_players": lambda v, r: ["1:1"] if v is None else [None],
    "soft": lambda v, r: [True, False] if v is None else [None],
    "ranks": lambda v, r: [(r.pack.ranks[-1],) * 2] if v is None else [None],
}
"""Values the oracle tries for a named hand's fields that `costs.alternatives` offers none
for (null-able sets of ranks, amounts, odds), by field name: each a function of the
definition's value and the base; tried on every named hand of the base."""


def field_name(path: str) -> str:
    """A named hand's field by its schema name (`hands.definitions.*.pays`), else `path`."""
    parts = path.split(".")
    if path.startswith("hands.definitions.") and len(parts) == 4:
        return f"hands.definitions.*.{parts[3]}"
    return path


def _extra_paths(base: Ruleset) -> Iterator[tuple[str, Callable[[Any], list[Any]]]]:
    """`EXTRA_VALUES`, then `HAND_EXTRA_VALUES` on every named hand of `base`."""
    yield from EXTRA_VALUES.items()
    for hand_id in base.hands.ranking:
        if hand_id in base.hands.definitions:
            for name, values in HAND_EXTRA_VALUES.items():
                yield (f"hands.definitions.{hand_id}.{name}",
                       lambda v, values=values: values(v, base))  # type: ignore[misc]


def extra_variants(base: Ruleset) -> Iterator[Any]:
    """`unread_fields.variants` for `EXTRA_VALUES` and `HAND_EXTRA_VALUES`: each accepted
    by the schema, with the compiled attributes it reaches."""
    from pydantic import ValidationError
    from unread_fields import Variant, changed_attributes

    from pontoon_rules.ruleset.format.fields import value_at, with_value

    data = base.model_dump(mode="python")
    base_rules = compile_rules(base)
    for path, values in _extra_paths(base):
        try:
            old = value_at(base, path)
        except AttributeError:
            continue
        for new in values(old):
            try:
                made = Ruleset.model_validate(with_value(data, path, new))
                rules = compile_rules(made)
            except (ValidationError, PontoonError):
                continue
            yield Variant(path, old, new, made, changed_attributes(base_rules, rules))
