"""The reference simulation: rounds played through the real engine (`RoundState`).

Slow (the engine in Python) but independent of the compiled kernels: the
analysis's decisions are engine policies (`analysis.infinite.policy.ModelPolicy`,
best play in an infinite deck, for rounds dealt with replacement;
`analysis.composition.policy.CompositionPolicy`, the exact finite-shoe method, for
rounds dealt from the ruleset's own shoe), so a run checks the exact figures and the
compiled simulator against the rules as the engine plays them.

The engine plays every rule, so this path never refuses a ruleset (`engine_play`):
where the analysis does not handle a rule (`ruleset.resolving.features`), the seat plays the
analysis's decisions as far as they go, a decision the rules do not allow then made by
the simple `FALLBACK` policy, and where no best play can be made at all (no model, or a
rule the analysis cannot value: `best_undecided`), `FALLBACK` alone, as the compiled
sessions play;
the run's notes say which play it was and that its figure is that play's, not best
play's. A run is cut
into chunks of `CHUNK` rounds, chunk `i` seeded by `chunk_seed(seed, i)` and
folded in chunk order (`sim.runs.simulate.simulate_engine` over `sim.distribution.distribute`), so
any number of workers gives the same figures to the last bit.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pontoon_rules.analysis.infinite.policy import ModelPolicy
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState, full_counts
from pontoon_rules.sim.runs.result import Dealing, SimulationResult, summarise

STAKE = 100
"""Each round's stake, in minor units (results are per unit of stake)."""
CHUNK = 20_000
"""Rounds per chunk."""


FALLBACK = "stand-17"
"""The simple player policy (`engine.round.policies`) the engine path plays where the analysis
cannot decide (a rule it does not handle): draw below 17, never split, double or insure."""


@dataclass(frozen=True)
class EnginePlay:
    """What seat 0 plays on the engine path: the policy, the banker by choice's named
    policy, and the play in words (for the run's notes)."""

    act: Callable[[RoundState], Action]
    banker_policy: str
    words: str


def engine_play(rules: Rules, policy: str | None, dealing: Dealing) -> EnginePlay:
    """Best play for rounds dealt as `dealing` says: the exact method's own on the
    ruleset's shoe, the infinite deck's with replacement. Never refuses a ruleset: where
    the analysis does not handle one of its rules, the analysis's decisions guarded by
    `FALLBACK`, or `FALLBACK` alone where no model can be made (see the module docstring).

    Raises:
        AnalysisError: an unknown banker policy.
    """
    from pontoon_rules.analysis.dealer import banker_policy
    from pontoon_rules.errors import PontoonError
    from pontoon_rules.ruleset.resolving.features import refused_names

    banker = banker_policy(rules, policy if rules.banker_by_choice else None)
    unread = refused_names(rules.ruleset, "edge")
    simple = EnginePlay(_Simple(FALLBACK, banker), banker.name, fallback_words(rules, unread))
    if counts_otherwise(rules):
        return simple  # the analysis's hands count whole points to 21: no decision of it fits
    undecided = best_undecided(rules)
    if undecided:  # no best play of it: stand-17 throughout, as the compiled sessions play
        return EnginePlay(simple.act, banker.name, fallback_words(rules, undecided))
    try:
        act, words = _best_play(rules, policy, dealing)
    except PontoonError:
        if not unread:
            raise
        return simple
    if not unread:
        return EnginePlay(act, banker.name, words)
    return EnginePlay(_Guarded(act, _Simple(FALLBACK, banker)), banker.name,
                      f"{words}, as far as the analysis decides: it does not value "
                      f"{', '.join(unread)} (a decision the rules then refuse, or one it "
                      f"cannot make, is {FALLBACK}'s), so the figure is this play's, not "
                      "best play's")


def best_undecided(rules: Rules) -> list[str]:
    """The rules of `rules` for which no best play can be made, by name: the registry's
    rules that the compiled sessions play and the compiled simulator does not, for want
    of best play alone (the analysis cannot value them: a banker's hand by suits). Where
    there are any, `--policy best` plays `FALLBACK` throughout, on the engine's path
    (`engine_play`, `table_play`) and the compiled sessions
    (`sim.sessions.summary.session_play`) alike, saying so in the same words
    (`fallback_words`)."""
    from pontoon_rules.ruleset.resolving.features import unhandled

    return [f.name for f in unhandled(rules.ruleset, "simulator")
            if "sessions" in f.handled_by]


def fallback_words(rules: Rules, unread: list[str]) -> str:
    """`FALLBACK` in words, played where the analysis cannot decide for the rules `unread`
    (their names): the engine path's, and the compiled session's
    (`sim.sessions.summary.session_play`)."""
    return (f"{FALLBACK} (draw below {_fallback_target(rules)}; no split, double or "
            f"insurance): the analysis cannot decide for {', '.join(unread)}, so the figure "
            "is this simple play's, not best play's")


def table_play(rules: Rules, player: str, banker_policy: str | None) -> EnginePlay:
    """Every seat's decisions in the engine's sessions, and a banker by choice's: `player`
    a simple named policy (`engine.round.policies.PLAYER_POLICIES`) or `best`, the analysis's
    best play of the infinite deck as the compiled session tables play it (each seat as
    if alone; `engine_play`, so no ruleset is refused: a decision the rules do not allow
    is `FALLBACK`'s); a banker by choice plays `banker_policy` where one is named (after
    opening players where `banker.opens` allows), else the ruleset's automatic rule.

    Raises:
        ScriptError: an unknown player policy.
        AnalysisError: an unknown banker policy.
    """
    from pontoon_rules.analysis.dealer import banker_policy as named_banker
    from pontoon_rules.engine.round.policies import PLAYER_POLICIES, banker_stand_on
    from pontoon_rules.errors import ScriptError
    from pontoon_rules.sim.kernels.strategy import BEST

    if player != BEST and player not in PLAYER_POLICIES:
        raise ScriptError(f"unknown policy {player!r}: expected one of "
                          f"{', '.join(PLAYER_POLICIES)}, {BEST}")
    chosen = banker_policy if rules.banker_by_choice else None
    banker = named_banker(rules, chosen)
    seat: Callable[[RoundState], Action]
    if player == BEST and best_undecided(rules):  # as the compiled sessions play
        seat, words = PLAYER_POLICIES[FALLBACK], fallback_words(rules, best_undecided(rules))
    elif player == BEST:
        best = engine_play(rules, chosen, "infinite")
        seat, words = _Guarded(best.act, _Simple(FALLBACK, banker)), best.words
    else:
        seat, words = PLAYER_POLICIES[player], player
    bank = banker_stand_on if chosen is None else _NamedBanker(banker)
    return EnginePlay(_Table(seat, bank), banker.name, words)


class _NamedBanker:
    """A banker by choice by a named banker policy, opening players first where the rules
    allow (as the ruleset's automatic banker does)."""

    def __init__(self, banker: Any) -> None:
        self.banker = banker

    def __call__(self, state: RoundState) -> Action:
        from pontoon_rules.analysis.engine_view import banker_action
        from pontoon_rules.engine.round.opening import open_choice

        if state.rules.opens is not None and (choice := open_choice(state)) is not None:
            return choice
        return banker_action(state, self.banker)


class _Table:
    """A table's decisions: the banker's by `banker`, every seat's by `seat`."""

    def __init__(self, seat: Callable[[RoundState], Action],
                 banker: Callable[[RoundState], Action]) -> None:
        self.seat, self.banker = seat, banker

    def __call__(self, state: RoundState) -> Action:
        from pontoon_rules.engine.round.phase import BANKER

        return self.banker(state) if state.current_player() == BANKER else self.seat(state)


def counts_otherwise(rules: Rules) -> bool:
    """Whether hands count otherwise than the analysis counts them (whole points, bust
    above 21, no wild card): fractional values, another bust limit or a wild card."""
    return rules.unit != 1 or rules.bust_limit != 21 or bool(rules.wild)


def _fallback_target(rules: Rules) -> str:
    """The total `FALLBACK` stands on, in points: 17, or as far below another bust limit,
    or the player's stick minimum where that is higher (`engine.round.policies.stand_on`)."""
    from pontoon_rules.engine.round.policies import target_under
    from pontoon_rules.ruleset.format.points import points_text

    target = target_under(int(FALLBACK.split("-")[1]), rules)
    return points_text(rules.shown(max(target, rules.stick_minimum)))


def _best_play(rules: Rules, policy: str | None,
               dealing: Dealing) -> tuple[Callable[[RoundState], Action], str]:
    from pontoon_rules.analysis.upcards import conditional, upcard_policy

    finite = dealing == "shoe" and rules.decks is not None
    if conditional(rules):
        return (upcard_policy(rules, policy, finite),
                "best play of the ruleset's own shoe (the exact edge's composition-dependent "
                "play)" if finite else "best play of the infinite deck")
    if finite:
        from pontoon_rules.analysis.composition.model import CompositionModel
        from pontoon_rules.analysis.composition.policy import CompositionPolicy

        return (CompositionPolicy(CompositionModel(rules, policy)),
                "best play of the ruleset's own shoe (the exact edge's composition-dependent "
                "play)")
    return (ModelPolicy(RoundModel(rules, "infinite", policy)),
            "best play of the infinite deck")


class _Simple:
    """A named simple player policy, a banker by choice by its named banker policy."""

    def __init__(self, name: str, banker: Any) -> None:
        from pontoon_rules.engine.round.policies import PLAYER_POLICIES

        self.player, self.banker = PLAYER_POLICIES[name], banker

    def __call__(self, state: RoundState) -> Action:
        from pontoon_rules.analysis.engine_view import banker_action
        from pontoon_rules.engine.round.phase import BANKER

        if state.current_player() == BANKER:
            return banker_action(state, self.banker)
        return self.player(state)


class _Guarded:
    """The analysis's decisions where the rules allow them, else the simple policy's (a
    ruleset with a rule the analysis does not handle: its decision may not be legal)."""

    def __init__(self, act: Callable[[RoundState], Action], simple: _Simple) -> None:
        self.act, self.simple = act, simple

    def __call__(self, state: RoundState) -> Action:
        try:
            action = self.act(state)
        except (LookupError, ValueError, ArithmeticError):  # a state the analysis never met
            return self.simple(state)
        if any(legal.allows(action) for legal in state.legal_actions()):
            return action
        return self.simple(state)


class EngineSimulator:
    """Plays rounds through the engine, seat 0 by `act` (`engine_play`'s unless another
    policy is given)."""

    def __init__(self, rules: Rules, policy: str | None, dealing: Dealing,
                 act: Callable[[RoundState], Action] | None = None) -> None:
        self.rules, self.dealing = rules, dealing
        self.play_of = engine_play(rules, policy, dealing) if act is None else None
        self.act = act or self.play_of.act  # type: ignore[union-attr]
        self.full = full_counts(rules)
        self.cards = [c for c, n in enumerate(self.full) if n]
        self.pack = [c for c, n in enumerate(self.full) for _ in range(n)]
        """The shoe in order, each round's shuffled copy made from it (`shuffled`)."""
        self.stake = engine_stake(rules)
        """The stake every round is played at (`engine_stake`)."""

    def play(self, rng: random.Random) -> float:
        """One round's net per unit stake."""
        state = self._new_state()
        shoe = self._shoe(rng)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(self.cards) if shoe is None else shoe.pop())
            else:
                state.apply_action(self.act(state))
        return state.returns()[0] / self.stake

    def _new_state(self) -> RoundState:
        if self.dealing == "infinite":
            return RoundState(self.rules, [self.stake],
                              counts=[10**9 if n else 0 for n in self.full])
        return RoundState(self.rules, [self.stake])

    def _shoe(self, rng: random.Random) -> list[int] | None:
        if self.dealing == "infinite":
            return None
        return shuffled(rng, self.pack)

    def run(self, rounds: int, seed: int) -> np.ndarray:
        """Play `rounds` rounds seeded by `seed`: [sum of nets, of their squares, 0, rounds]
        (the layout of the compiled simulator's sums)."""
        rng = random.Random(seed)
        total = squares = 0.0
        for _ in range(rounds):
            net = self.play(rng)
            total += net
            squares += net * net
        return np.array([total, squares, 0.0, float(rounds)])


def shuffled(rng: random.Random, cards: list[int]) -> list[int]:
    """A shuffled copy of `cards`: `rng.shuffle`'s Fisher-Yates, the same draws from `rng`
    (`getrandbits` of each bound's bit length, again while above it) and the same swaps, so
    a seed's figures are those of `random.shuffle` (`tests/test_sim_engine_shuffle.py`), in
    one loop without its two calls a card."""
    x = cards.copy()
    getrandbits = rng.getrandbits
    for i, n, k in _bounds(len(x)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


@functools.cache
def _bounds(size: int) -> tuple[tuple[int, int, int], ...]:
    """`shuffled`'s steps for `size` cards: (position, bound, the bound's bit length)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def engine_stake(rules: Rules) -> int:
    """The stake the engine path plays at: `STAKE` moved inside the ruleset's stake limits
    (`engine.sessions.session_auto.clamp_stake`: a ruleset whose least stake is beyond the
    compiled simulator's money is played here at that stake; results are per unit of
    stake), or where a named hand is held or paid at that stake otherwise than at the stake
    the analysis values it at (`analysis.upcards.valued_stake`: the least), that stake
    (where payouts may round to whole units, which the analysis does not do)."""
    from pontoon_rules.analysis.upcards import played_stake
    from pontoon_rules.engine.sessions.session_auto import clamp_stake

    return played_stake(rules, clamp_stake(rules, STAKE))


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk `index` of an engine run seeded with `seed`."""
    return (seed * 1_000_003 + index) % 2**63


def simulate_shoe(rules: Rules, rounds: int, seed: int,
                  policy: str | None = None) -> SimulationResult:
    """Play `rounds` rounds, each from a freshly shuffled shoe, by the exact finite-shoe
    method (`CompositionPolicy`): an independent check of the exact figure."""
    import time

    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.composition.policy import CompositionPolicy

    start = time.perf_counter()
    model = CompositionModel(rules, policy)
    sim = EngineSimulator(rules, policy, "shoe", CompositionPolicy(model))
    sums: Any = sim.run(rounds, seed)
    mean, half = summarise(rounds, float(sums[0]), float(sums[1]))
    return SimulationResult(rules.ruleset.id, rounds, seed, 1, "shoe", model.policy.name,
                            mean, half, time.perf_counter() - start, "engine",
                            ["composition-dependent play (the exact finite-shoe method)"])
