"""Giving a hand up: surrender (before or after the banker's check for a pontoon) and
the double-down rescue, with what each gives back.

A surrendered hand is settled at once for minus what it does not get back, unless
the ruleset makes a surrender void against a banker's pontoon: the hand then waits
for the banker's first two cards and settles as it stands if they are a pontoon.
A rescued hand is settled at once (a later banker's pontoon cannot take more).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from pontoon_rules.engine.round.actions import BUSINESS, Action, LegalAction
from pontoon_rules.engine.round.cards import RANK_CODES
from pontoon_rules.engine.round.named import BUST, NO_LIMIT, TOTAL
from pontoon_rules.ruleset.format.decisions import RescueReturns, SurrenderTiming
from pontoon_rules.ruleset.resolving.outcomes import wins_whatever

if TYPE_CHECKING:
    from pontoon_rules.engine.round.hand import Hand
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.ruleset.format.model import Ruleset


@dataclass(frozen=True, slots=True)
class SurrenderRules:
    """The engine's view of `player.surrender` (present only where surrender is allowed)."""

    early: bool
    """Offered before the banker's check for a pontoon (only where the banker checks)."""
    against: frozenset[int] | None
    """Rank indices of the banker's first visible card it is offered against; None: any."""
    returns: Fraction
    void_on_banker_pontoon: bool
    max_cards: int
    """The most cards a hand may hold to surrender (`NO_LIMIT`: any number)."""
    after_split: bool
    totals: frozenset[int] | None = None
    """The totals (in engine units) a hand may surrender on; None: any."""
    buy_bets: bool = False
    """Whether the latest buy bets alone may be given up (business)."""
    plays_on: bool = True
    """After giving up buy bets, the hand may draw again (else it stands)."""


def compile_surrender(r: Ruleset, unit: int = 1) -> SurrenderRules | None:
    """`player.surrender` flattened (totals in `unit`s a point), or None where surrender is
    not allowed."""
    s = r.player.surrender
    if not s.allowed:
        return None
    ranks = {x.value for x in s.against}
    against = (None if ranks >= set(RANK_CODES)
               else frozenset(RANK_CODES.index(x) for x in ranks))
    early = s.timing is SurrenderTiming.EARLY and r.deal.banker_pontoon_at_once
    totals = None if s.totals is None else frozenset(t * unit for t in s.totals)
    return SurrenderRules(early, against, Fraction(*s.returns), s.void_on_banker_pontoon,
                          NO_LIMIT if s.max_cards is None else s.max_cards, s.after_split,
                          totals, s.buy_bets.allowed,
                          s.buy_bets.plays_on or not s.buy_bets.allowed)


def rescue_last_only(r: Ruleset) -> bool:
    """Whether a rescue gives back only the last doubled part."""
    return r.player.double.rescue.returns is RescueReturns.LAST_DOUBLE


def may_surrender(hand: Hand, up_rank: int, rules: Rules) -> bool:
    """Whether `hand` may surrender now, the banker's first visible card being of rank
    index `up_rank` (-1 when the players see none)."""
    s = rules.surrender
    if s is None or len(hand.cards) > s.max_cards or hand.doubles:
        return False
    if hand.is_split and not s.after_split:
        return False
    if s.against is not None and up_rank not in s.against:
        return False
    from pontoon_rules.engine.round.hand import classify, points

    if s.totals is not None and points(hand, rules) not in s.totals:
        return False
    return not wins_outright(classify(hand, rules, up=up_rank), rules)


def buy_bets_range(hand: Hand, up_rank: int, rules: Rules) -> list[LegalAction]:
    """Business offered to `hand`: how many of its latest buy bets it may give up (from 1
    to all), on a surrender's conditions; empty where none may be."""
    s = rules.surrender
    buys = len(hand.stakes) - 1
    if s is None or not s.buy_bets or buys < 1 or hand.doubles or hand.bought < 1:
        return []
    return [LegalAction(BUSINESS, 1, buys)] if may_surrender(hand, up_rank, rules) else []


def give_up(hand: Hand, action: Action, rules: Rules) -> None:
    """A surrender, or (`business N`) the hand's latest N buy bets given up: what does not
    come back is lost at once (`Hand.given_up`); the hand plays on with the rest or stands,
    as `player.surrender.buy_bets.plays_on` says."""
    if action.kind != BUSINESS:
        surrender(hand, rules)
        return
    assert rules.surrender is not None
    given = sum(hand.stakes[-(action.amount or 0):])
    from pontoon_rules.engine.round.settle import money

    hand.given_up -= given - money(given, rules.surrender.returns, rules)
    del hand.stakes[-(action.amount or 0):]
    hand.done = not rules.surrender.plays_on


def wins_outright(hand_id: str, rules: Rules) -> bool:
    """Whether a hand `hand_id` has already won, whatever the banker holds (every cell of
    its row of the compiled outcome table a win, as a named hand that `wins_outright`:
    `ruleset.resolving.outcomes.wins_whatever`): nothing is left to give up, so it may not
    surrender."""
    return wins_whatever(rules.cells, hand_id, (*(h.id for h in rules.banker_hands), TOTAL, BUST))


def may_rescue(hand: Hand, rules: Rules) -> bool:
    """Whether a doubled `hand` may be rescued now (it has drawn its double's card)."""
    return rules.rescue and hand.doubles > 0 and hand.drawn_since_double > 0


def surrender(hand: Hand, rules: Rules) -> None:
    """Give `hand` up for the ruleset's part of its stake back."""
    hand.surrendered = True
    hand.done = True
    if rules.surrender is not None and not rules.surrender.void_on_banker_pontoon:
        hand.settled_net = -surrender_loss(hand, rules)


def surrender_loss(hand: Hand, rules: Rules) -> int:
    """What a surrendered hand loses: its stake less what comes back (rounded for the
    banker, as `settlement.odd_amounts` says for what is paid)."""
    from pontoon_rules.engine.round.settle import money

    assert rules.surrender is not None
    return hand.staked - money(hand.staked, rules.surrender.returns, rules)


def rescue(hand: Hand, rules: Rules) -> None:
    """Give a doubled `hand` up: the doubled part (or its last part) comes back."""
    hand.rescued = True
    hand.done = True
    kept = hand.stakes[-1] if rules.rescue_last_only else sum(hand.stakes[1:])
    hand.settled_net = -(hand.staked - kept)


def settle_void_surrenders(hands: list[Hand], banker_pontoon: bool, rules: Rules) -> None:
    """At the end of a round: a surrender stands unless the banker made a pontoon (then the
    hand is left to settle as it stands)."""
    for hand in hands:
        if hand.surrendered and hand.settled_net is None and not banker_pontoon:
            hand.settled_net = -surrender_loss(hand, rules)
