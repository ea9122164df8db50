"""Who beats whom: the ranking, the named hands and the exceptions, as one table.

`outcome_table(ruleset)` resolves, for every hand a player can hold and every hand
the banker can hold (each a hand id of `hands.definitions`, `total` or `bust`),
whether the player wins, loses, pushes or compares totals, and what is paid either
way. The engine, the analysis, the simulator and the rule sheets read this table;
nothing else decides who beats whom.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pontoon_rules.ruleset.format.common import (
    AgainstTotal,
    CompareRule,
    HandClass,
    OutcomeResult,
    TieRule,
    content_json,
    odds_fraction,
)
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset

WIN, LOSE, PUSH, BY_TOTAL = (
    OutcomeResult.WIN, OutcomeResult.LOSE, OutcomeResult.PUSH, OutcomeResult.BY_TOTAL)
TOTAL, BUST = HandClass.TOTAL.value, HandClass.BUST.value
PLAYER_CLASSES: tuple[HandClass, ...] = tuple(HandClass)
"""The classic hand ids a player's hand can be (where the ruleset defines them)."""
BANKER_CLASSES: tuple[HandClass, ...] = tuple(c for c in HandClass
                                              if c is not HandClass.THREE_OF_A_KIND)
"""The classic hand ids a banker's hand can be (where the ruleset defines them)."""


@dataclass(frozen=True)
class OutcomeCell:
    """How one player hand fares against one banker hand.

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
    lower_wins: bool = False
    """Where the result is `by-total`: the lower total wins (two hands whose definition
    compares by `lower-total`), else the higher."""


OutcomeTable = dict[tuple[str, str], OutcomeCell]


def player_hands(ruleset: Ruleset) -> list[str]:
    """The ids a player's finished hand can be: named hands in ranking order, total, bust."""
    named = [i for i, d in ruleset.hands.ranked() if d.player_can_hold]
    return [*named, TOTAL, BUST]


def banker_hands(ruleset: Ruleset) -> list[str]:
    """The ids the banker's finished hand can be: named hands, total, bust."""
    named = [i for i, d in ruleset.hands.ranked() if d.banker_can_hold]
    return [*named, TOTAL, BUST]


def wins_whatever(table: OutcomeTable, hand_id: str, bankers: Iterable[str]) -> bool:
    """Whether a player's `hand_id` wins against every hand of `bankers` (its row of the
    outcome table all wins, by a named hand's `wins_outright`, the ranking or
    `settlement.outcomes`; a pair missing from `table` is no win): it has already won, so
    it may not surrender. The engine decides by it (`engine.round.giving_up.wins_outright`,
    on its compiled table) and `classic.suits_problem` compares a suited hand with its
    cover by it, so the two read one rule."""
    for banker in bankers:
        cell = table.get((hand_id, banker))
        if cell is None or cell.result is not WIN:
            return False
    return True


TABLES_LIMIT = 1_000
"""Tables `outcome_table` keeps before it starts afresh (a test that changes every field
of a ruleset one at a time makes a few hundred)."""

_TABLES: dict[tuple[str, str, bool], OutcomeTable] = {}


def outcome_table(ruleset: Ruleset, every_hand: bool = False) -> OutcomeTable:
    """Every (player hand, banker hand) pair resolved under `ruleset` (the engine keeps it
    in its compiled rules). With `every_hand`, each named hand on both sides, whoever may
    hold it (the classic view's complete table, `engine.round.rules`).

    Worked out once per content of the two sections it reads, `hands` and `settlement`
    (the features, the sheet's sentences and the compiled rules ask again and again); a
    new dict each call. A ruleset read through a wrapper that notes what is read
    (`docs.words.reading`) is worked out anew, so that every field it reads is noted."""
    if not isinstance(ruleset, Ruleset):
        return _resolved(ruleset, every_hand)
    key = (content_json(ruleset.hands), content_json(ruleset.settlement), every_hand)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= TABLES_LIMIT:
            _TABLES.clear()
        found = _TABLES[key] = _resolved(ruleset, every_hand)
    return dict(found)


def _resolved(ruleset: Ruleset, every_hand: bool) -> OutcomeTable:
    named = [i for i, _d in ruleset.hands.ranked()]
    players = [*named, TOTAL, BUST] if every_hand else player_hands(ruleset)
    bankers = [*named, TOTAL, BUST] if every_hand else banker_hands(ruleset)
    table = {(p, b): _default(ruleset, p, b) for p in players for b in bankers}
    for rule in ruleset.settlement.outcomes:
        table[(rule.player, rule.banker)] = _exception(ruleset, rule.player, rule.banker,
                                                       rule.result, rule.pays)
    return table


def definition(ruleset: Ruleset, hand_id: str) -> HandDefinition | None:
    """The named hand `hand_id`, or None for `total` and `bust`."""
    return ruleset.hands.definitions.get(hand_id)


def payout(ruleset: Ruleset, hand_id: str) -> Fraction:
    """What a winning player hand `hand_id` is paid (× stake)."""
    found = definition(ruleset, hand_id)
    if found is not None:
        return odds_fraction(found.pays)
    return odds_fraction(ruleset.settlement.pays) if hand_id == TOTAL else Fraction(1)


def collect(ruleset: Ruleset, hand_id: str) -> Fraction:
    """What the banker holding `hand_id` takes from a losing hand (× stake)."""
    found = definition(ruleset, hand_id)
    return odds_fraction(found.collects if found is not None else ruleset.settlement.collects)


def tie_rule(ruleset: Ruleset, hand_id: str) -> TieRule:
    """Who wins two equal hands `hand_id`: the named hand's own rule, else settlement.ties."""
    found = definition(ruleset, hand_id)
    if found is not None and found.ties is not None:
        return found.ties
    return ruleset.settlement.ties


def _tie_push(ruleset: Ruleset, player: str) -> bool:
    return tie_rule(ruleset, player) is TieRule.PUSH


def _cell(ruleset: Ruleset, player: str, banker: str,
          result: OutcomeResult, pays: Fraction | None = None) -> OutcomeCell:
    bust = player == BUST
    return OutcomeCell(result, pays if pays is not None else payout(ruleset, player),
                       Fraction(1) if bust else collect(ruleset, banker),
                       _tie_push(ruleset, player))


def _exception(ruleset: Ruleset, player: str, banker: str,
               result: OutcomeResult, odds: str | None) -> OutcomeCell:
    cell = _cell(ruleset, player, banker, result)
    fraction = odds_fraction(odds) if odds is not None else None
    if fraction is not None and result is WIN:
        cell = OutcomeCell(result, fraction, cell.collects, cell.tie_push)
    elif fraction is not None and result is LOSE:
        cell = OutcomeCell(result, cell.pays, fraction, cell.tie_push)
    return OutcomeCell(cell.result, cell.pays, cell.collects, cell.tie_push, exception=True)


def _default(ruleset: Ruleset, player: str, banker: str) -> OutcomeCell:
    st = ruleset.settlement
    if player == BUST:
        if banker == BUST and not st.player_bust_loses_at_once:
            return _cell(ruleset, player, banker, PUSH if _tie_push(ruleset, player) else LOSE)
        return _cell(ruleset, player, banker, LOSE)
    found = definition(ruleset, player)
    if found is not None and found.wins_outright:
        return _cell(ruleset, player, banker, WIN)
    if banker == BUST:
        by_class = st.banker_bust_pays_by_class
        return _cell(ruleset, player, banker, WIN,
                     None if by_class else payout(ruleset, TOTAL))
    return _compare(ruleset, player, banker)


def _compare(ruleset: Ruleset, player: str, banker: str) -> OutcomeCell:
    order = {c: i for i, c in enumerate(ruleset.hands.ranking)}
    mine, theirs = order[player], order[banker]
    if by_total_against_total(ruleset, player, banker):
        return _cell(ruleset, player, banker, BY_TOTAL)
    if mine != theirs:
        return _cell(ruleset, player, banker, WIN if mine < theirs else LOSE)
    if compares_by_total(ruleset, player):
        cell = _cell(ruleset, player, banker, BY_TOTAL)
        if lower_total_wins(ruleset, player):
            cell = OutcomeCell(cell.result, cell.pays, cell.collects, cell.tie_push,
                               lower_wins=True)
        return cell
    return _cell(ruleset, player, banker, PUSH if _tie_push(ruleset, player) else LOSE)


def by_total_against_total(ruleset: Ruleset, player: str, banker: str) -> bool:
    """Whether a named hand meets an ordinary total (either side) and is compared with it
    by points (its `against_total`), not by the ranking."""
    if (player == TOTAL) == (banker == TOTAL):
        return False
    found = definition(ruleset, banker if player == TOTAL else player)
    return found is not None and found.against_total is AgainstTotal.BY_TOTAL


def compares_by_total(ruleset: Ruleset, hand_id: str) -> bool:
    """Whether two hands `hand_id` compare by their totals (an ordinary total always does)."""
    found = definition(ruleset, hand_id)
    return found is None or found.compare is not CompareRule.EQUAL


def lower_total_wins(ruleset: Ruleset, hand_id: str) -> bool:
    """Whether of two hands `hand_id` the lower total wins (`compare: lower-total`)."""
    found = definition(ruleset, hand_id)
    return found is not None and found.compare is CompareRule.LOWER_TOTAL


def payout_terms(ruleset: Ruleset) -> list[tuple[str, Fraction]]:
    """Every multiple of a stake one round may settle, each with the field that says it:
    what each hand pays and collects (by the outcome table, each named hand on both sides),
    a surrender, a hidden bust and the shoot; the insurance and the side bets as the part
    of the stake they are staked at and what that part is paid (`_part_terms`: the engine
    stakes them at that part rounded down). A stake at which each is whole settles without
    rounding (`settlement.odd_amounts`); `stake_unit` is the least such stake. `term_words`
    says one in words."""
    r = ruleset
    terms: list[tuple[str, Fraction]] = []
    for (p, b), cell in outcome_table(r, every_hand=True).items():
        where = f"settlement.outcomes ({p} against {b})" if cell.exception else None
        terms.append((where or (f"hands.definitions.{p}.pays" if definition(r, p)
                                else "settlement.pays"), cell.pays))
        terms.append((where or (f"hands.definitions.{b}.collects" if definition(r, b)
                                else "settlement.collects"), cell.collects))
    return terms + _other_terms(r)


def _other_terms(r: Ruleset) -> list[tuple[str, Fraction]]:
    """The terms of `payout_terms` that are not the outcome table's."""
    terms = [("shoot.pays", odds_fraction(r.shoot.pays))]
    if r.player.surrender.allowed:
        terms.append(("player.surrender.returns", Fraction(*r.player.surrender.returns)))
    if r.settlement.hidden_bust_pays is not None:
        terms.append(("settlement.hidden_bust_pays", odds_fraction(r.settlement.hidden_bust_pays)))
    if r.player.insurance.allowed:
        terms += _part_terms("player.insurance", r.player.insurance.max_fraction,
                             [("player.insurance.pays", r.player.insurance.pays)])
    side = r.side_bets
    bets = [(f"side_bets.{name}.{odds}", getattr(bet, odds))
            for name, bet in (("pair", side.pair), ("match_dealer", side.match_dealer))
            if bet.allowed for odds in ("pays", "suited_pays") if getattr(bet, odds) is not None]
    if bets:
        terms += _part_terms("side_bets", r.side_bets.max_fraction, bets)
    return terms


def stake_unit(r: Ruleset) -> int:
    """What every amount staked must be a multiple of for every payout to be whole: the
    least common multiple of the denominators of `payout_terms` (`settlement.odd_amounts:
    exact` refuses other stakes; the simulations play at such a stake, `whole_stake`).
    The outcome table's multiples read without naming their fields (the features ask on
    every check)."""
    cells = outcome_table(r, every_hand=True).values()
    fractions = {c.pays for c in cells} | {c.collects for c in cells}
    fractions.update(f for _where, f in _other_terms(r))
    return math.lcm(*(f.denominator for f in fractions))


def bet_units(r: Ruleset) -> tuple[int, int]:
    """What an amount of insurance and of a side bet must each be a multiple of for what it
    is paid to be whole: the least common multiple of the denominators of that bet's own
    odds (1 where none is offered). `stake_unit` makes the largest such bet, its part of a
    stake, whole and paid whole; a smaller one (insurance "up to" its part, any side bet
    from 1) is whole only at this unit (insurance of 3 paid 3:2 is 4.5: under
    `settlement.odd_amounts: exact` the engine offers only multiples of it,
    `engine.round.state.amount_unit`). The largest bet is always one: a whole part
    paid whole is a multiple of each odds' denominator."""
    ins = r.player.insurance
    insurance = ([odds_fraction(ins.pays).denominator] if ins.allowed else [])
    side = r.side_bets
    sides = [odds_fraction(text).denominator
             for bet in (side.pair, side.match_dealer) if bet.allowed
             for text in (bet.pays, bet.suited_pays) if text is not None]
    return math.lcm(1, *insurance), math.lcm(1, *sides)


def held_at(d: HandDefinition, stake: int) -> bool:
    """Whether `d`'s stake band (`min_stake`, `max_stake`) holds at `stake`."""
    return ((d.min_stake is None or stake >= d.min_stake)
            and (d.max_stake is None or stake <= d.max_stake))


def plays_alike(r: Ruleset, stake: int, other: int) -> bool:
    """Whether every named hand held by the stake or paid a prize plays at `other` as at
    `stake`: each band of stakes holds at both or at neither, and no prize is paid at them
    (a prize is odds of the stake it is paid on)."""
    return not any(held_at(d, stake) != held_at(d, other)
                   or (d.prize is not None and held_at(d, stake))
                   for _i, d in r.hands.ranked() if d.conditional)


def whole_stake(r: Ruleset, stake: int, low: int, high: int | None) -> int | None:
    """A stake at which every payout is whole (a multiple of `stake_unit`) and every named
    hand plays as at the least stake `low` (`plays_alike`), where the limits `low` to
    `high` hold one: `stake` itself where it is such a stake (it may lie outside the
    limits: the compiled simulation's per-unit stake), else the nearest below or above it
    inside them, else the least inside them; None where the limits hold none (the analysis
    and the simulations cannot value one game: `family_features._rounded_where_valued`).
    The one rule `analysis.upcards.played_stake` plays by and the refusal checks."""
    unit = stake_unit(r)

    def whole(at: int) -> bool:
        return at > 0 and at % unit == 0 and plays_alike(r, low, at)

    near = (stake // unit * unit, -(-stake // unit) * unit, -(-low // unit) * unit)
    found = next((at for at in near if low <= at <= (high or at) and whole(at)), None)
    return None if found is None else stake if whole(stake) else found


def _part_terms(where: str, part: tuple[int, int],
                odds: list[tuple[str, str]]) -> list[tuple[str, Fraction]]:
    """A bet staked at `part` of the stake (`where.max_fraction`; insurance, a side bet)
    and paid each of `odds` (field, odds) on it: the part, and each payout, as multiples of
    the stake. A stake where the part is not whole puts down less (the engine rounds it
    down: none at all below one unit), which the analysis, valuing the part exactly, does
    not."""
    fraction = Fraction(*part)
    stake_words = f"{where}.max_fraction {fraction.numerator}/{fraction.denominator}"
    return [(stake_words, fraction)] + [
        (f"{field} {text} on {stake_words}", fraction * odds_fraction(text))
        for field, text in odds]


def term_words(where: str, multiple: Fraction) -> str:
    """One of `payout_terms` in words: a field's odds (`settlement.pays 6:5`), a part of the
    stake (`player.insurance.max_fraction 1/4 of the stake`) or what it is paid
    (`player.insurance.pays 3:2 on player.insurance.max_fraction 1/2 (3/4 of the
    stake)`)."""
    n, d = multiple.numerator, multiple.denominator
    if ".max_fraction " in where:
        return f"{where} ({n}/{d} of the stake)" if " on " in where else f"{where} of the stake"
    return f"{where} {n}:{d}"
