"""Play a candidate round under one ruleset: a stacked shoe, decisions from a policy."""

from __future__ import annotations

from dataclasses import dataclass, field

from pontoon_rules.compare.candidates import Candidate
from pontoon_rules.compare.flip import Flips
from pontoon_rules.compare.policy import decide
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset


@dataclass(frozen=True)
class Outcome:
    """How a candidate round ended under one ruleset."""

    nets: tuple[int, ...]
    """Each seat's net, then the banker's."""
    actions: tuple[str, ...]
    """The decisions taken, as script steps ('p1 twist')."""
    cards_used: int
    """How many cards of the shoe were dealt."""
    banker_cards: tuple[int, ...] = ()
    """The banker's cards at the end of the round."""


def simulate(rules: Rules, candidate: Candidate) -> Outcome | None:
    """Play `candidate` under `rules`; None when the shoe runs out or cannot be dealt."""
    try:
        state = RoundState(rules, list(candidate.stakes))
    except PontoonError:
        return None
    shoe, policy, actions, dealt = candidate.shoe, candidate.policy, [], 0
    apply, is_chance, is_terminal = state.apply_action, state.is_chance_node, state.is_terminal
    try:
        while not is_terminal():
            if is_chance():
                if dealt >= len(shoe):
                    return None
                apply(shoe[dealt])
                dealt += 1
            else:
                action = decide(state, policy)
                actions.append(f"{state.actor_name()} {action}")
                apply(action)
        seats = state.returns()
    except PontoonError:
        return None
    return Outcome((*seats, -sum(seats)), tuple(actions), dealt, tuple(state.banker.cards))


def behaviour_key(ruleset: Ruleset) -> str:
    """The ruleset's rules as canonical JSON: equal keys play every round the same."""
    return ruleset.model_dump_json(include=set(SECTIONS))


@dataclass
class OutcomeCache:
    """Outcomes of candidate rounds by ruleset behaviour, shared between pairs, and the
    attribution rulesets already validated (`flips`)."""

    table: dict[str, dict[Candidate, Outcome | None]] = field(default_factory=dict)
    flips: Flips = field(default_factory=Flips)
    compiled: dict[int, tuple[Ruleset, Rules, str]] = field(default_factory=dict)
    """id of an attribution ruleset -> it (kept, so that its id is no other's while kept),
    its compiled rules and behaviour key: `flips` gives the same ruleset to many fields."""
    canonical: dict[Candidate, Candidate] = field(default_factory=dict)
    """Each candidate met, by itself: `interned`."""

    def rules_of(self, ruleset: Ruleset) -> tuple[Rules, str]:
        """`ruleset` compiled and its behaviour key, each worked out once per ruleset."""
        found = self.compiled.get(id(ruleset))
        if found is None or found[0] is not ruleset:
            found = self.compiled[id(ruleset)] = (ruleset, compile_rules(ruleset),
                                                  behaviour_key(ruleset))
        return found[1], found[2]

    def outcome(self, rules: Rules, key: str, candidate: Candidate) -> Outcome | None:
        """The outcome of `candidate` under `rules` (whose behaviour key is `key`)."""
        known = self.table.get(key)
        if known is None:
            known = self.table[key] = {}
        found = known.get(candidate, _UNKNOWN)
        if found is _UNKNOWN:
            found = known[candidate] = simulate(rules, candidate)
        return found

    def interned(self, found: list[Candidate]) -> list[Candidate]:
        """`found` with each candidate met before (an equal one) as that same object: a
        look-up of it in `table` is then met by identity, not by comparing its fields
        (pairs that share a ruleset share most of their candidates)."""
        return [self.canonical.setdefault(candidate, candidate) for candidate in found]


_UNKNOWN = Outcome((), (), -1)
"""`OutcomeCache.outcome`'s mark of a candidate not played yet (None is an outcome)."""
