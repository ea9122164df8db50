"""Money between players: a hand held by one seat that moves money for the other seats.

Vingt-un's natural collects "double stakes from all the players": a named hand with
`paid_by_players` odds is paid by each other seat, those odds on the payer's own stake,
whatever the banker holds; seats holding the same hand pay each other nothing ("the
younger hand or hands so having the same are excused from paying"). These payments sum to
zero, so the banker's net is unchanged.

Spanish 21's Envy Bonus is the other direction: a named hand with `prize_to_others` makes
the banker pay each other seat with a stake that fixed amount ("All other betting players
receive a $50 Envy Bonus"), once for each seat holding it; the banker's net (minus the
seats' nets) carries it, so money is still conserved.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from pontoon_rules.engine.round.hand import classify, read_up
from pontoon_rules.engine.round.settle import money
from pontoon_rules.ruleset.format.common import odds_fraction

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.engine.round.state import RoundState


@cache
def paid_by_players(rules: Rules) -> dict[str, Fraction]:
    """The named hands every other player pays, by id, with the odds on the payer's stake
    (empty for most games)."""
    return {hand_id: odds_fraction(d.paid_by_players)
            for hand_id, d in rules.ruleset.hands.ranked()
            if d.paid_by_players is not None and d.player_can_hold}


@cache
def prizes_to_others(rules: Rules) -> dict[str, int]:
    """The named hands that make the banker pay every other player, by id, with the amount
    (empty for most games)."""
    return {hand_id: d.prize_to_others for hand_id, d in rules.ruleset.hands.ranked()
            if d.prize_to_others is not None and d.player_can_hold}


def between_nets(state: RoundState) -> list[int]:
    """Each seat's net of the money other seats' hands moved in a finished round: paid by
    or to the other players, or paid by the banker as a prize to the others (all zero where
    no hand does either)."""
    r = state.rules
    odds, prizes = paid_by_players(r), prizes_to_others(r)
    nets = [0] * len(state.seats)
    if (not odds and not prizes) or state.calling_off == "called":
        return nets
    up = read_up(state.banker, r)
    held = [{classify(hand, r, up=up) for hand in seat.hands} for seat in state.seats]
    stakes = [seat.hands[0].stakes[0] if seat.hands[0].stakes else 0 for seat in state.seats]
    for holder, ids in enumerate(held):
        for hand_id in ids & prizes.keys():
            for other, stake in enumerate(stakes):
                if other != holder and stake:
                    nets[other] += prizes[hand_id]
    for holder, ids in enumerate(held):
        for hand_id in ids & odds.keys():
            for payer, payer_ids in enumerate(held):
                if payer == holder or hand_id in payer_ids:
                    continue
                amount = money(stakes[payer], odds[hand_id], r)
                nets[payer] -= amount
                nets[holder] += amount
    return nets
