"""Whether an ordinary total can reach the total a named hand holds, and whether a doubled
hand can be a named hand at all (`doubled_can_hold`: no "not after doubling" where it
never can).

Where an ordinary total cannot, a named hand compared by total (`against_total:
by-total`) always wins or always loses against an ordinary total, as the ranking says,
and the sheet says no exception for that pair (issue 49: Sette e mezzo's «Eccezioni alla
graduatoria» restated the ranking: its sette e mezzo semplice, always 7½, «against» an
ordinary total, never 7½).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from pontoon_rules.engine.round.actions import DOUBLE
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.example_hands import example_cards, held_at
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.legal import can_double, hand_legal
from pontoon_rules.engine.round.rules import NO_LIMIT, compile_rules
from pontoon_rules.ruleset.format.common import Rank
from pontoon_rules.ruleset.format.hands import HandDefinition, condition_fields
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import (
    BY_TOTAL,
    LOSE,
    TOTAL,
    WIN,
    OutcomeCell,
)

Pair = tuple[str, str]


_COUNT_AND_TOTAL = ("min_cards", "max_cards", "min_total", "max_total")
_HOLDERS = ("player_can_hold", "banker_can_hold")


@cache
def _unconditioned(model: type[HandDefinition]) -> dict[str, Any]:
    """Each condition of `model` (`hands.condition_fields`) but its count of cards, its total
    and its holder, at its default, which every hand meets (a default made by a factory is
    no value here: a definition is then never plain)."""
    return {f: model.model_fields[f].default for f in condition_fields(model)
            if f not in (*_COUNT_AND_TOTAL, *_HOLDERS)}


def _plain(d: HandDefinition, banker: bool) -> bool:
    """A named hand of one side with no condition but its count of cards and its total."""
    held = d.banker_can_hold if banker else d.player_can_hold
    return held and all(getattr(d, f) == default
                        for f, default in _unconditioned(type(d)).items())


def _single_values(ruleset: Ruleset) -> set[Fraction]:
    """Every value one card may count (a wild card's too)."""
    pack = ruleset.pack
    values = {pack.value_of(r) for r in pack.ranks if r is not Rank.ACE}
    if Rank.ACE in pack.ranks:
        values |= set(pack.every_ace_value())
    return values | set(pack.wild_values()) if pack.wild_cards else values


def ordinary_reaches(ruleset: Ruleset, total: Fraction, banker: bool) -> bool:
    """Whether a hand of no name on one side (`banker`) may total `total`: False only where
    every count of cards that may make it is a plain named hand's of that side (`_plain`,
    ranked: a hand out of the ranking is no hand), one card counting only where one card's
    value is `total`."""
    named = ruleset.hands.definitions
    covering = [(d.min_cards, d.max_cards) for h, d in named.items()
                if h in ruleset.hands.ranking and _plain(d, banker)
                and (d.min_total or 0) <= total <= (d.max_total or ruleset.pack.bust_above)]

    def covered(n: int) -> bool:
        return any(low <= n and (high is None or n <= high) for low, high in covering)

    if total in _single_values(ruleset) and not covered(1):
        return True
    open_from = min((low for low, high in covering if high is None), default=None)
    return open_from is None or not all(covered(n) for n in range(2, open_from))


def decided(ruleset: Ruleset, pair: Pair, cell: OutcomeCell) -> OutcomeCell:
    """`cell`, where it compares by total but the totals can never tie or cross, as the
    result they always give: a named hand that always totals the bust limit against an
    ordinary total that never does (a player's sette e mezzo semplice: a win)."""
    if cell.result is not BY_TOTAL or cell.lower_wins:
        return cell
    top = ruleset.pack.bust_above

    def at_top(hand_id: str) -> bool:
        d = ruleset.hands.definitions.get(hand_id)
        return d is not None and d.min_total == top

    p, b = pair
    if at_top(p) and b == TOTAL and not ordinary_reaches(ruleset, top, banker=True):
        return replace(cell, result=WIN)
    if at_top(b) and p == TOTAL and not ordinary_reaches(ruleset, top, banker=False):
        return replace(cell, result=LOSE)
    return cell


def decided_table(ruleset: Ruleset, table: dict[Pair, OutcomeCell]) -> dict[Pair, OutcomeCell]:
    """Every cell of `table` as `decided`."""
    return {pair: decided(ruleset, pair, cell) for pair, cell in table.items()}


def doubled_can_hold(ruleset: Ruleset, d: HandDefinition) -> bool:
    """Whether a hand that doubled can ever be the named hand `d`: not where the cards a
    doubled hand may hold (`player.double`: doubled on so many cards, then so many drawn)
    miss `d`'s count, nor where none of `d`'s own ranks' first cards make a total the
    double allows (Australian 7-7-7: 7+7 is 14, no double on 9 to 11). "Not after
    doubling" on such a hand restricts nothing, and a reader looks for the case."""
    double = ruleset.player.double
    if not double.allowed:
        return False
    count = (len(d.ranks) if d.ranks is not None else d.min_cards,
             len(d.ranks) if d.ranks is not None else d.max_cards)
    if double.draws_after is not None and double.max_cards is not None:
        most = double.max_cards + double.times_per_hand * double.draws_after
        if count[0] > most or (count[1] is not None
                               and count[1] < double.min_cards + double.draws_after):
            return False
    if d.ranks is None or double.totals is None:
        return True
    last = min(double.max_cards or NO_LIMIT, len(d.ranks) - 1)  # doubled before d's last card
    return any(total in double.totals for k in range(double.min_cards, last + 1)
               for total in _first_totals(ruleset, d.ranks, k))


def undoubled_natural(ruleset: Ruleset) -> str | None:
    """A natural whose cards the double's own count and totals take (`engine.round.legal.
    can_double`: an ace and a king count 11 with every ace 1) but which the engine never
    lets double, since it may draw no card (`legal.hand_legal`, `may_draw_on: false`): the
    sheet's "only on a total of 9, 10, 11, every ace counted 1" then says "not on a
    pontoon" (r49zl read it as letting a pontoon double). None where there is none, or
    where the words already leave it out ("on any total under 21": blackjack's)."""
    double = ruleset.player.double
    if not double.allowed or (double.totals is None and not ruleset.player.draw_on_21):
        return None
    rules = compile_rules(ruleset)
    for hand_id, d in ruleset.hands.ranked():
        codes = example_cards(ruleset, hand_id, rules) if d.natural and d.player_can_hold else None
        if codes is None:
            continue
        up, stake = held_at(d, rules)
        hand = Hand(stake)
        for code in codes:
            hand.put(parse_card(code), rules)
        if can_double(hand, rules) and all(
                a.kind != DOUBLE for a in hand_legal(hand, 1, rules, up)):
            return hand_id
    return None


def _first_totals(ruleset: Ruleset, ranks: tuple[Rank, ...], k: int) -> set[Fraction]:
    """Every total `k` of `ranks` (in any order) can make, an ace at each of its values."""
    pack = ruleset.pack
    aces = set(pack.every_ace_value())
    totals: set[Fraction] = set()
    for chosen in combinations(ranks, k):
        sums = {Fraction(0)}
        for rank in chosen:
            values = aces if rank is Rank.ACE else {pack.value_of(rank)}
            sums = {s + v for s in sums for v in values}
        totals |= sums
    return totals


def bonus(r: Ruleset, d: HandDefinition) -> bool:
    """Whether the sheet says that a split hand may make `d` (`hands.BONUS_ON_SPLIT`): a
    hand paying other odds than a plain win or winning whatever the banker holds, not a
    natural, in a game where another hand of the ranking may not be made on a split hand
    (Sydney's pontoon): a reader then asks of the 6-7-8, 7-7-7 and five-card 21 too, and of
    Belarusian three of a kind (r49ze), which the engine pays on a split hand."""
    return (not d.natural and (d.pays != r.settlement.pays or d.wins_outright)
            and any(not o.on_split_hand for _i, o in r.hands.ranked()))


def split_can_make(r: Ruleset, d: HandDefinition) -> bool:
    """Whether a split hand may be `d`: its ranks (if set) hold one that may be split (the
    split hand keeps one card of the pair: a pair of sixes split may make a 6-7-8)."""
    s = r.player.split
    return s.allowed and d.on_split_hand and (d.ranks is None or any(
        k in s.ranks for k in set(d.ranks)))


def over_limit_hands(ruleset: Ruleset) -> list[str]:
    """The named hands a player may hold whose cards always count more than the bust limit,
    best first (Feuer's two aces of 11 make 22): the engine names them before it calls a
    hand bust (`engine.round.hand.classify`), so the sheet says so where it says what a bust
    is (issue 49: „Überkauft: mehr als 21 Augen" read against Feuer's 22)."""
    limit = ruleset.pack.bust_above
    return [h for h, d in ruleset.hands.ranked()
            if d.player_can_hold and d.ranks is not None
            and (d.max_total is None or d.max_total > limit)
            and min(_first_totals(ruleset, d.ranks, len(d.ranks))) > limit]
