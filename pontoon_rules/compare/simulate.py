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
    shoe, actions, dealt = candidate.shoe, [], 0
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                if dealt >= len(shoe):
                    return None
                state.apply_action(shoe[dealt])
                dealt += 1
            else:
                action = decide(state, candidate.policy)
                actions.append(f"{state.actor_name()} {action}")
                state.apply_action(action)
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

    def rules_of(self, ruleset: Ruleset) -> tuple[Rules, str]:
        """`ruleset` compiled and its behaviour key, each worked out once per ruleset."""
        found = self.compiled.get(id(ruleset))
        if found is None or found[0] is not ruleset:
            found = self.compiled[id(ruleset)] = (ruleset, compile_rules(ruleset),
                                                  behaviour_key(ruleset))
        return found[1], found[2]

    def outcome(self, rules: Rules, key: str, candidate: Candidate) -> Outcome | None:
        """The outcome of `candidate` under `rules` (whose behaviour key is `key`)."""
        known = self.table.setdefault(key, {})
        if candidate not in known:
            known[candidate] = simulate(rules, candidate)
        return known[candidate]
