"""What an up-card model's solve reads (`upcards.UpCardModel`), noted where the rules it
was given record their reads (`reads.Recorded`, as `costs.solve_variants` records the
ruleset's own solve).

The model derives one set of rules per group of the banker's up ranks from the whole
ruleset (`upcards.groups`), and each group's solve reads its own rules. Noting the whole
ruleset as read would make every variant differ; instead the record holds the groups'
up ranks (`grouping`) and each entry every group's solve read, of that group's rules
(`reads.Through`): a variant whose groups are the same ranks and whose group rules give
equal values for all of them makes the same solves (each group's is a function of what
it reads), and shares the figure. A figure resting on a rule no group's solve read is
refused (`check_reads`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pontoon_rules.analysis.reads import Recorded, Through, unwrapped
from pontoon_rules.errors import AnalysisError

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules


def grouping(rules: Rules) -> tuple[frozenset[int], ...] | str:
    """The up ranks of each group of `rules`, in order (or why there are none: a
    variant the groups refuse is then never alike)."""
    from pontoon_rules.analysis.upcards import groups

    try:
        return tuple(g.ranks for g in groups(rules))
    except AnalysisError as e:
        return f"refused: {e}"


@dataclass(frozen=True)
class GroupRules:
    """The rules of group `index` of a ruleset's up-card groups (a `Through`'s derivation;
    a string where there is no such group)."""

    index: int

    def __call__(self, rules: Rules) -> Rules | str:
        from pontoon_rules.analysis.upcards import groups

        try:
            found = groups(rules)
        except AnalysisError as e:
            return f"refused: {e}"
        return found[self.index].rules if self.index < len(found) else "no such group"


def note_reads(rules: Any, parts: list[Any]) -> None:
    """Note in `rules`' record (where it keeps one) the grouping, and what each group's
    model (`parts`, in the groups' order) read of its group's rules."""
    if not isinstance(rules, Recorded):
        return
    rules.read[Through(grouping)] = grouping(unwrapped(rules))
    for i, model in enumerate(parts):
        rules.read.update((Through(GroupRules(i), what), value)
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
