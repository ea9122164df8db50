"""Who takes the bank after a round: the one rule a session plays and a sheet tells.

`between_deals.rotation: pontoon-maker`: a seat that made a natural (a pontoon; not on
a split hand unless `rotation_from_split_hand`) takes the bank for the next deal; among
several the first in the order of play, or the last (`rotation_tie_break`). No seat
takes it at a house-dealer table, under `rotation: none`, or where the banker's natural
ended the deal at once (unless `rotation_when_banker_pontoon_at_once`). A session
(`engine.sessions.session`) passes the bank by it, and a replayed round
(`engine.scripts.script.play`) records it, so that a worked example says what the
session will do with the same rule.
"""

from __future__ import annotations

from pontoon_rules.engine.round.hand import is_natural
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.common import BankerRole, RotationRule, RotationTieBreak


def bank_taker(state: RoundState) -> int | None:
    """The index of the seat that takes the bank after the finished round `state`, or
    None when the bank stays (or passes by another rule: `engine.sessions.banking`)."""
    rules = state.rules
    ruleset = rules.ruleset
    between = ruleset.between_deals
    if ruleset.table.banker is BankerRole.HOUSE_DEALER or between.rotation is RotationRule.NONE:
        return None
    if state.ended_early and not between.rotation_when_banker_pontoon_at_once:
        return None
    makers = [i for i, seat in enumerate(state.seats)
              if any(is_natural(hand, rules) for hand in seat.hands
                     if between.rotation_from_split_hand or not hand.is_split)]
    if not makers:
        return None
    return makers[-1] if between.rotation_tie_break is RotationTieBreak.LAST_IN_PLAY \
        else makers[0]
