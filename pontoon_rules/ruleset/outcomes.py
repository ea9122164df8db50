"""Who beats whom: the ranking, the special rules and the exceptions, as one table.

`outcome_table(ruleset)` resolves, for every player class and every banker class
(bust included), whether the player wins, loses, pushes or compares totals, and what
is paid either way. The engine, the analysis, the simulator and the rule sheets read
this table; nothing else decides who beats whom.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pontoon_rules.ruleset.common import HandClass, OutcomeResult, TieRule, odds_fraction
from pontoon_rules.ruleset.model import Ruleset

WIN, LOSE, PUSH, BY_TOTAL = (
    OutcomeResult.WIN, OutcomeResult.LOSE, OutcomeResult.PUSH, OutcomeResult.BY_TOTAL)
PLAYER_CLASSES: tuple[HandClass, ...] = tuple(HandClass)
BANKER_CLASSES: tuple[HandClass, ...] = tuple(c for c in HandClass
                                              if c is not HandClass.THREE_OF_A_KIND)


@dataclass(frozen=True)
class OutcomeCell:
    """How one player class fares against one banker class.

    `pays` is what a winning player hand receives and `collects` what a losing one
    hands the banker, both as multiples of the hand's stake; `tie_push` says whether
    equal totals push (else the banker wins) where the result is `by-total`.
    """

    result: OutcomeResult
    pays: Fraction
    collects: Fraction
    tie_push: bool
    exception: bool = False
    """Whether `settlement.outcomes` set this cell (else the ranking did)."""


OutcomeTable = dict[tuple[HandClass, HandClass], OutcomeCell]


def outcome_table(ruleset: Ruleset) -> OutcomeTable:
    """Every (player class, banker class) pair resolved under `ruleset` (cheap; the engine
    keeps it in its compiled rules)."""
    table = {(p, b): _default(ruleset, p, b) for p in PLAYER_CLASSES for b in BANKER_CLASSES}
    for rule in ruleset.settlement.outcomes:
        table[(rule.player, rule.banker)] = _exception(ruleset, rule.player, rule.banker,
                                                       rule.result, rule.pays)
    return table


def payout(ruleset: Ruleset, cls: HandClass) -> Fraction:
    """What a winning player hand of class `cls` is paid (× stake)."""
    paid = ruleset.settlement.player_payouts.model_dump()
    key = cls.value.replace("-", "_")
    return odds_fraction(paid[key]) if key in paid else Fraction(1)


def collect(ruleset: Ruleset, cls: HandClass) -> Fraction:
    """What the banker holding class `cls` takes from a losing hand (× stake)."""
    taken = ruleset.settlement.banker_collects.model_dump()
    key = cls.value.replace("-", "_")
    return odds_fraction(taken.get(key, taken["total"]))


def _tie_push(ruleset: Ruleset, player: HandClass) -> bool:
    rule = (ruleset.settlement.pontoon_ties if player is HandClass.PONTOON
            else ruleset.settlement.ties)
    return rule is TieRule.PUSH


def _cell(ruleset: Ruleset, player: HandClass, banker: HandClass,
          result: OutcomeResult, pays: Fraction | None = None) -> OutcomeCell:
    bust = player is HandClass.BUST
    return OutcomeCell(result, pays if pays is not None else payout(ruleset, player),
                       Fraction(1) if bust else collect(ruleset, banker),
                       _tie_push(ruleset, player))


def _exception(ruleset: Ruleset, player: HandClass, banker: HandClass,
               result: OutcomeResult, odds: str | None) -> OutcomeCell:
    cell = _cell(ruleset, player, banker, result)
    fraction = odds_fraction(odds) if odds is not None else None
    if fraction is not None and result is WIN:
        cell = OutcomeCell(result, fraction, cell.collects, cell.tie_push)
    elif fraction is not None and result is LOSE:
        cell = OutcomeCell(result, cell.pays, fraction, cell.tie_push)
    return OutcomeCell(cell.result, cell.pays, cell.collects, cell.tie_push, exception=True)


def _default(ruleset: Ruleset, player: HandClass, banker: HandClass) -> OutcomeCell:
    st, hands = ruleset.settlement, ruleset.hands
    if player is HandClass.BUST:
        if banker is HandClass.BUST and not st.player_bust_loses_at_once:
            return _cell(ruleset, player, banker, PUSH if _tie_push(ruleset, player) else LOSE)
        return _cell(ruleset, player, banker, LOSE)
    if player is HandClass.THREE_OF_A_KIND and hands.three_of_a_kind.automatic_win:
        return _cell(ruleset, player, banker, WIN)
    if player is HandClass.FIVE_CARD_TRICK and hands.five_card_trick.always_wins:
        return _cell(ruleset, player, banker, WIN)
    if banker is HandClass.BUST:
        by_class = st.banker_bust_pays_by_class
        return _cell(ruleset, player, banker, WIN,
                     None if by_class else payout(ruleset, HandClass.TOTAL))
    return _compare(ruleset, player, banker)


def _compare(ruleset: Ruleset, player: HandClass, banker: HandClass) -> OutcomeCell:
    order = {c: i for i, c in enumerate(ruleset.hands.ranking)}
    default = order[HandClass.TOTAL]
    mine, theirs = order.get(player, default), order.get(banker, default)
    if mine != theirs:
        return _cell(ruleset, player, banker, WIN if mine < theirs else LOSE)
    if _compares_by_total(ruleset, player):
        return _cell(ruleset, player, banker, BY_TOTAL)
    return _cell(ruleset, player, banker, PUSH if _tie_push(ruleset, player) else LOSE)


def _compares_by_total(ruleset: Ruleset, cls: HandClass) -> bool:
    if cls is HandClass.FIVE_CARD_TRICK:
        return ruleset.hands.five_card_trick.ranked_by_total
    return cls in (HandClass.TOTAL, HandClass.THREE_OF_A_KIND)
