"""Money between players: a hand that every other player pays, not only the banker.

Vingt-un's natural collects "double stakes from all the players": a named hand with
`paid_by_players` odds is paid by each other seat, those odds on the payer's own stake,
whatever the banker holds; seats holding the same hand pay each other nothing ("the
younger hand or hands so having the same are excused from paying"). The payments sum to
zero, so the banker's net and the round's conservation of money are unchanged.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from pontoon_rules.engine.hand import classify
from pontoon_rules.engine.settle import money
from pontoon_rules.ruleset.common import odds_fraction

if TYPE_CHECKING:
    from pontoon_rules.engine.rules import Rules
    from pontoon_rules.engine.state import RoundState


@cache
def paid_by_players(rules: Rules) -> dict[str, Fraction]:
    """The named hands every other player pays, by id, with the odds on the payer's stake
    (empty for most games)."""
    return {hand_id: odds_fraction(d.paid_by_players)
            for hand_id, d in rules.ruleset.hands.ranked()
            if d.paid_by_players is not None and d.player_can_hold}


def between_nets(state: RoundState) -> list[int]:
    """Each seat's net of the payments between players in a finished round (all zero
    where no hand is paid by the players)."""
    r = state.rules
    odds = paid_by_players(r)
    nets = [0] * len(state.seats)
    if not odds:
        return nets
    held = [{classify(hand, r) for hand in seat.hands} for seat in state.seats]
    stakes = [seat.hands[0].stakes[0] if seat.hands[0].stakes else 0 for seat in state.seats]
    for holder, ids in enumerate(held):
        for hand_id in ids & odds.keys():
            for payer, payer_ids in enumerate(held):
                if payer == holder or hand_id in payer_ids:
                    continue
                amount = money(stakes[payer], odds[hand_id], r)
                nets[payer] -= amount
                nets[holder] += amount
    return nets
