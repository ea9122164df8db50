"""What an up-card model's solve reads (`upcards.UpCardModel`), noted where the rules it
was given record their reads (`reads.Recorded`, as `costs.solve_variants` records the
ruleset's own solve).

The model derives one set of rules per group of the banker's up ranks from the whole
ruleset (`upcards.groups`), and each group's solve reads its own rules. Noting the whole
ruleset as read would make every variant differ; instead the record holds the groups'
up ranks (`Grouping`) and each entry every group's solve read, of that group's rules
(`reads.Through`): a variant whose groups are the same ranks and whose group rules give
equal values for all of them makes the same solves (each group's is a function of what
it reads), and shares the figure. A figure resting on a rule no group's solve read is
refused (`check_reads`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pontoon_rules.analysis.reads import Recorded, Through, unwrapped
from pontoon_rules.errors import AnalysisError

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules


Groups = Callable[["Rules"], tuple[Any, ...]]
"""`upcards.groups`: a ruleset's up-card groups (each with `ranks` and `rules`), given by
the caller so that this module stays below `upcards`."""


@dataclass(frozen=True)
class Grouping:
    """The up ranks of each group of some rules, in order (a `Through`'s derivation; why
    there are none where the groups refuse the rules: such a variant is never alike)."""

    groups: Groups

    def __call__(self, rules: Rules) -> tuple[frozenset[int], ...] | str:
        try:
            return tuple(g.ranks for g in self.groups(rules))
        except AnalysisError as e:
            return f"refused: {e}"


@dataclass(frozen=True)
class GroupRules:
    """The rules of group `index` of some rules' up-card groups (a `Through`'s derivation;
    a string where there is no such group)."""

    groups: Groups
    index: int

    def __call__(self, rules: Rules) -> Rules | str:
        try:
            found = self.groups(rules)
        except AnalysisError as e:
            return f"refused: {e}"
        return found[self.index].rules if self.index < len(found) else "no such group"


def note_reads(rules: Any, groups: Groups, parts: list[Any]) -> None:
    """Note in `rules`' record (where it keeps one) the grouping `groups` makes, and what
    each group's model (`parts`, in the groups' order) read of its group's rules."""
    if not isinstance(rules, Recorded):
        return
    rules.read[Through(Grouping(groups))] = Grouping(groups)(unwrapped(rules))
    for i, model in enumerate(parts):
        rules.read.update((Through(GroupRules(groups, i), what), value)
                          for what, value in model.read.items())


def check_reads(parts: list[Any], consumer: str) -> None:
    """Refuse the figure where a rule was read by no group's solve (`analysis.assumed`): a
    rule read in one group's deals counts (insurance only where an ace shows)."""
    from pontoon_rules.analysis.assumed import ended_at_the_peek, require_read

    ended_at_the_peek(parts)  # only where every group's deals end at the peek
    read: dict[Any, Any] = {}
    for model in parts:
        read.update(model.read)
    require_read(read, parts[0].rules, consumer)
