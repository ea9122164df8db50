"""The classic view of a ruleset's hands, as `engine.round.rules.Rules` carries it for the
analysis and the simulator: which classic hand each named hand is (`ruleset.resolving.classic`),
what each pays and collects, and the outcome table keyed by `HandClass` (neutral values
where the hands are not the classic four)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pontoon_rules.ruleset.format.common import HandClass, TieRule
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.classic import ClassicHands, NotClassic, classic_hands
from pontoon_rules.ruleset.resolving.outcomes import (
    BANKER_CLASSES,
    PLAYER_CLASSES,
    OutcomeTable,
    collect,
    outcome_table,
    payout,
    tie_rule,
)


def classic_fields(r: Ruleset) -> dict[str, Any]:
    """The classic view the analysis and the simulator read (neutral when not classic)."""
    view = classic_hands(r)
    if isinstance(view, NotClassic):
        return {**_NEUTRAL, "classic": view, "payouts": _by_class(r, None, payout),
                "collects": _by_class(r, None, collect)}
    has = view.has
    trick = has(HandClass.FIVE_CARD_TRICK)
    pontoon_id = view.ids.get(HandClass.PONTOON, "")
    return {
        "classic": view,
        "rank_of_class": {c: i for i, c in enumerate(view.ranking)},
        "banker_pontoon": view.pontoon_banker, "trick_enabled": trick,
        "trick_cards": view.trick_cards, "banker_trick": trick and view.trick_banker,
        "trick_always_wins": view.trick_always_wins, "trick_by_total": view.trick_by_total,
        "twenty_one": has(HandClass.TWENTY_ONE), "three_of_a_kind": has(HandClass.THREE_OF_A_KIND),
        "three_auto_win": view.three_auto_win,
        "ties_push": r.settlement.ties is TieRule.PUSH,
        "pontoon_ties_push": tie_rule(r, pontoon_id) is TieRule.PUSH,
        "payouts": _by_class(r, view, payout), "collects": _by_class(r, view, collect),
        "split_ace_ten_pontoon": view.pontoon_on_split, "pontoon_may_draw": view.pontoon_may_draw,
        "outcomes": _classic_table(r, view),
    }


def _classic_table(r: Ruleset, view: ClassicHands) -> OutcomeTable:
    """The outcome table by classic hand, for every pair (as the first schema resolved
    it): a classic hand the ruleset does not define stands where a total does."""
    table = outcome_table(r, every_hand=True)

    def hand_id(cls: HandClass) -> str:
        if cls in (HandClass.TOTAL, HandClass.BUST):
            return cls.value
        return view.ids.get(cls, HandClass.TOTAL.value)

    return {(p, b): table[(hand_id(p), hand_id(b))]
            for p in PLAYER_CLASSES for b in BANKER_CLASSES}


_NEUTRAL: dict[str, Any] = {
    "rank_of_class": {HandClass.TOTAL: 0}, "banker_pontoon": False, "trick_enabled": False,
    "trick_cards": 5, "banker_trick": False, "trick_always_wins": False,
    "trick_by_total": False, "twenty_one": False, "three_of_a_kind": False,
    "three_auto_win": False, "ties_push": False, "pontoon_ties_push": False,
    "split_ace_ten_pontoon": False, "pontoon_may_draw": False, "outcomes": {},
}


def _by_class(r: Ruleset, view: ClassicHands | None,
              odds: Callable[[Ruleset, str], Fraction]) -> dict[HandClass, Fraction]:
    """What each classic hand pays (or collects): its definition's odds, else a total's."""
    ids = view.ids if view is not None else {}
    return {c: odds(r, ids.get(c, HandClass.TOTAL.value)) for c in HandClass
            if c is not HandClass.BUST}
