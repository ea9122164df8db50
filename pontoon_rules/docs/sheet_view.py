"""The context of a printable rule sheet: the rules in brief, ranking, payouts, examples."""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.rounds import sample_rounds
from pontoon_rules.docs.values import Gettext
from pontoon_rules.docs.views import (
    payout_view,
    ranking_view,
    round_view,
    ruleset_view,
)
from pontoon_rules.ruleset.fields import value_at
from pontoon_rules.ruleset.model import Ruleset

GATES = ("allowed", "enabled")
"""A group whose gate field is false is shown on a sheet by that one row."""

SHOWN_ELSEWHERE = ("hands.ranking", "settlement.player_payouts", "settlement.banker_collects")
"""Fields a sheet shows in the ranking and payout tables instead of the rule list."""


def _gate_closed(ruleset: Ruleset, path: str) -> bool:
    """Whether `path` sits in a group switched off by a false gate (and is not the gate)."""
    group, _dot, name = path.rpartition(".")
    if name in GATES or not group:
        return False
    for gate in GATES:
        try:
            if value_at(ruleset, f"{group}.{gate}") is False:
                return True
        except AttributeError:
            continue
    return _gate_closed(ruleset, group) if "." in group else False


def _brief(ruleset: Ruleset, chapters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for chapter in chapters:
        for section in chapter["sections"]:
            section["rows"] = [r for r in section["rows"]
                               if not r["path"].startswith(SHOWN_ELSEWHERE)
                               and not _gate_closed(ruleset, r["path"])]
        chapter["sections"] = [s for s in chapter["sections"] if s["rows"]]
    return chapters


def sheet_view(ruleset: Ruleset, gettext: Gettext, examples: int = 2) -> dict[str, Any]:
    """Everything a rule sheet shows for `ruleset`, in the language of `gettext`."""
    view = ruleset_view(ruleset, gettext)
    view["chapters"] = _brief(ruleset, view["chapters"])
    view["ranking"] = ranking_view(ruleset, gettext)
    view["payouts"] = payout_view(ruleset, gettext)
    view["insurance"] = ruleset.player.insurance.pays if ruleset.player.insurance.allowed else ""
    view["rounds"] = [round_view(r["script"], r["result"], gettext)
                      for r in sample_rounds(ruleset)[:examples]]
    return view
