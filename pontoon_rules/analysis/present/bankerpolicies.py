"""A banker who draws by choice (pagat): the house edge against each named banker policy.

The player's best reply (composition-dependent in the ruleset's shoe, by
default) is computed against each fixed policy in `dealer.BANKER_POLICIES`.
The banker's best fixed policy is the one with the greatest house edge: what a
banker can guarantee by committing to one policy that the player knows and
answers at best. It is not a solution of the two-sided game (a banker who mixes
or reads the player's cards could do better); every output says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pontoon_rules.analysis.dealer import BANKER_POLICIES, AnalysisError, banker_policy
from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.edge import check_deck, deck_words, house_edge
from pontoon_rules.engine.round.rules import Rules

BEST_FIXED_NOTE = ("the banker's best fixed policy against the player's best reply: the "
                   "policy a banker who commits to one rule and is known does best with; "
                   "not a solution of the two-sided game")


@dataclass(frozen=True)
class PolicyTable:
    """The house edge (%) per named banker policy, and the banker's best fixed one."""

    ruleset: str
    deck: str
    edges: dict[str, float]
    descriptions: dict[str, str]

    @property
    def best_fixed(self) -> str:
        """The policy with the greatest house edge (the banker's best fixed policy)."""
        return max(self.edges, key=self.edges.__getitem__)

    def to_json(self) -> dict[str, Any]:
        """The table as plain JSON data."""
        return {"ruleset": self.ruleset, "deck": self.deck,
                "house_edge_percent_by_banker_policy": self.edges,
                "descriptions": self.descriptions, "banker_best_fixed_policy": self.best_fixed,
                "banker_best_fixed_policy_note": BEST_FIXED_NOTE}

    def lines(self) -> list[str]:
        """The table in words."""
        out = [f"{self.ruleset}: house edge by banker policy ({self.deck}), the player "
               "replying at best:"]
        out.extend(f"  {name:<18} {edge:+8.4f}%  {self.descriptions[name]}"
                   for name, edge in self.edges.items())
        out.append(f"  best for the banker: {self.best_fixed} "
                   f"({self.edges[self.best_fixed]:+.4f}%): {BEST_FIXED_NOTE}")
        return out


def banker_policy_table(rules: Rules, deck: Deck | None = None) -> PolicyTable:
    """The house edge against every named banker policy.

    Raises:
        AnalysisError: the ruleset's banker draws by a fixed rule.
    """
    if not rules.banker_by_choice:
        raise AnalysisError("the banker draws by a fixed rule (banker.mode: fixed-rule): "
                            "there are no banker policies to compare")
    deck = check_deck(rules, deck)
    edges = {name: house_edge(rules, deck, name, with_stats=False).house_edge
             for name in BANKER_POLICIES}
    descriptions = {name: banker_policy(rules, name).description for name in BANKER_POLICIES}
    return PolicyTable(rules.ruleset.id, deck_words(rules, deck), edges, descriptions)
