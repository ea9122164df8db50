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
from pontoon_rules.ruleset.model import Ruleset

SHOWN_ELSEWHERE = ("hands.ranking", "settlement.player_payouts", "settlement.banker_collects")
"""Fields a sheet shows in the ranking and payout tables instead of the rule list."""


def _brief(chapters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rule list of a sheet: rules that are part of the game (`relevance.applies`; a
    switched-off group shows only its switch), less what the tables show."""
    for chapter in chapters:
        for section in chapter["sections"]:
            section["rows"] = [r for r in section["rows"]
                               if not r["path"].startswith(SHOWN_ELSEWHERE) and r["applies"]]
        chapter["sections"] = [s for s in chapter["sections"] if s["rows"]]
    return chapters


def sheet_view(ruleset: Ruleset, gettext: Gettext, examples: int = 2) -> dict[str, Any]:
    """Everything a rule sheet shows for `ruleset`, in the language of `gettext`."""
    view = ruleset_view(ruleset, gettext)
    view["chapters"] = _brief(view["chapters"])
    view["ranking"] = ranking_view(ruleset, gettext)
    view["payouts"] = payout_view(ruleset, gettext)
    view["insurance"] = ruleset.player.insurance.pays if ruleset.player.insurance.allowed else ""
    view["rounds"] = [round_view(r["script"], r["result"], gettext)
                      for r in sample_rounds(ruleset)[:examples]]
    return view
