"""What a game lacks that its players might expect: the sheet's "Not in this game" line.

A feature is worth saying a game lacks only where a game of its family has it: a home
table of Очко, banking among its players with the 36-card pack, never heard of a casino's
insurance or doubling, so its sheet does not list them; a casino game's sheet lists what
other casino games with its pack offer. The family is the table's bank (`table.banker`)
and the ranks of the pack (`pack.ranks`); what a family offers is read from the bundled
games' own fields, so a new bundled game that doubles at a home table with the full
pack puts doubling on every such sheet that lacks it. No list of features per game is
written here.
"""

from __future__ import annotations

from functools import cache

from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.ruleset.format.fields import value_at
from pontoon_rules.ruleset.format.model import Ruleset

LACKING = ("stakes.buy", "player.double.allowed", "player.split.allowed",
           "player.surrender.allowed", "player.insurance.allowed")
"""The features of related games a game may lack, said in one line ("Not in this game: …")."""


def switched_off(ruleset: Ruleset) -> tuple[str, ...]:
    """The fields of `LACKING` that switch their feature off in `ruleset`."""
    return tuple(p for p in LACKING if value_at(ruleset, p) in (False, "none")
                 or getattr(value_at(ruleset, p), "value", None) == "none")


def _family(ruleset: Ruleset) -> tuple[BankerRole, tuple[str, ...]]:
    """Which games a player of `ruleset` knows: its kind of bank and its pack's ranks."""
    return ruleset.table.banker, tuple(str(r.value) for r in ruleset.pack.ranks)


@cache
def _offered(family: tuple[BankerRole, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    """For each feature of `LACKING`, the ids of the bundled games of `family` that
    have it."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    kin = [g for g in map(load_bundled, bundled_ids()) if _family(g) == family]
    return {p: frozenset(g.id for g in kin if p not in switched_off(g)) for p in LACKING}


def lacking(ruleset: Ruleset) -> tuple[str, ...]:
    """The features `ruleset` switches off that another bundled game of its family has
    (the fields of `LACKING`, in its order)."""
    offered = _offered(_family(ruleset))
    return tuple(p for p in switched_off(ruleset) if offered[p] - {ruleset.id})
