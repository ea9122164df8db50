"""What the exact analysis and the compiled simulator handle: the one place that decides.

The engine plays every ruleset the schema accepts. The exact analysis (`edge`,
`strategy`, `costs`, `examples --impact`) and the compiled simulator (`simulate`,
`session --summary`) model the classic game: the usual card values, four suits, the
classic four named hands (`ruleset.classic`) and what the table decides about them.
`unsupported(ruleset)` lists every feature beyond that, each by its field path;
`require_supported(ruleset, tool)` refuses such a ruleset with one problem per feature,
rather than let a tool give a silently wrong figure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pontoon_rules.errors import Problem, UnsupportedFeatureError
from pontoon_rules.ruleset.classic import not_classic
from pontoon_rules.ruleset.common import ALL_SUITS, Rank
from pontoon_rules.ruleset.model import Ruleset
from pontoon_rules.ruleset.play import USUAL_VALUES


@dataclass(frozen=True)
class Feature:
    """A feature of a ruleset a tool does not handle: where it is set, and what it is."""

    path: str
    what: str


def _values(r: Ruleset) -> list[Feature]:
    changed = {rank.value: v for rank, v in r.pack.values.items()
               if rank in r.pack.ranks and v != USUAL_VALUES[rank]}
    if not changed:
        return []
    words = ", ".join(f"{rank} {value}" for rank, value in changed.items())
    return [Feature("pack.values", f"card values other than the usual ({words})")]


def _aces(r: Ruleset) -> list[Feature]:
    if Rank.ACE not in r.pack.ranks or tuple(r.pack.ace_values) == (1, 11):
        return []
    shown = " or ".join(str(v) for v in r.pack.ace_values)
    return [Feature("pack.ace_values", f"an ace that counts {shown} (not 1 or 11)")]


def _suits(r: Ruleset) -> list[Feature]:
    if len(r.pack.suits) == len(ALL_SUITS):
        return []
    return [Feature("pack.suits", "a pack without all four suits")]


def _hands(r: Ruleset) -> list[Feature]:
    return [Feature(found.path, found.reason) for found in not_classic(r)]


CHECKS: tuple[Callable[[Ruleset], list[Feature]], ...] = (_values, _aces, _suits, _hands)
"""Every check, each `(ruleset) -> features`; a new feature of the schema that the
analysis does not model adds its check here."""


def unsupported(ruleset: Ruleset) -> list[Feature]:
    """The features of `ruleset` that the exact analysis and the compiled simulator do not
    handle (empty: both handle it)."""
    return [feature for check in CHECKS for feature in check(ruleset)]


def require_supported(ruleset: Ruleset, tool: str) -> None:
    """Refuse `ruleset` for `tool` ("the exact analysis", "the compiled simulator") when it
    has features the tool does not handle.

    Raises:
        UnsupportedFeatureError: one problem per feature, at its field path.
    """
    found = unsupported(ruleset)
    if found:
        raise UnsupportedFeatureError([
            Problem(ruleset.id, None, None, f.path, f"{tool} does not handle {f.what} yet")
            for f in found])
