"""Which side may hold each named hand of a ruleset's ranking, and how the ranking's hands
meet: the facts the settlement's sentences and the sheet's payout key read about the
ranking itself, not about one hand's words (`docs.words.hands`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from typing import Any

from pontoon_rules.ruleset.format.common import AgainstTotal, OutcomeResult, Rank, SuitRule
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST, TOTAL, WIN, outcome_table


def one_side_only(ruleset: Ruleset) -> dict[str, tuple[list[str], list[str]]]:
    """For each side ('banker', 'player') that cannot hold some ranked named hand the other
    side can: the ranked named hands it never holds, and those it does (its same cards rank
    as the next name they fit)."""
    ranked = list(ruleset.hands.ranked())
    out = {}
    for side, mine, other in (("banker", "banker_can_hold", "player_can_hold"),
                              ("player", "player_can_hold", "banker_can_hold")):
        never = [h for h, d in ranked if getattr(d, other) and not getattr(d, mine)]
        if never:
            out[side] = (never, [h for h, d in ranked if getattr(d, mine)])
    return out


def next_name(ruleset: Ruleset, side: str, never: list[str]) -> bool:
    """Whether the cards of some hand in `never` (named hands `side` cannot hold) may fit a
    lower named hand `side` does hold: "the next name they fit" then names something;
    else the same cards just count their total."""
    ranked = list(ruleset.hands.ranked())
    for i, (hand_id, d) in enumerate(ranked):
        if hand_id in never and any(getattr(lower, f"{side}_can_hold")
                                    and _meet(ruleset, d, lower) for _h, lower in ranked[i + 1:]):
            return True
    return False


def names_only(ruleset: Ruleset, outright: list[str]) -> bool:
    """Whether the order of named hands only names cards that fit several (each a player's
    wins whatever, `outright`; the banker's only the top one): Spanish 21's read as worth."""
    named, banker = ([h for h, d in ruleset.hands.ranked() if getattr(d, f"{side}_can_hold")]
                     for side in ("player", "banker"))
    return bool(outright) and sorted(outright) == sorted(named) and banker == named[:1]


def overlapping(ruleset: Ruleset) -> bool:
    """Whether one hand can fit two named hands of the ranking (their numbers of cards
    meet, and their totals: Очко's two aces, 22, never fit its twenty-one): the engine
    counts it as the first, the highest."""
    defs = [d for _h, d in ruleset.hands.ranked()]
    return any(_meet(ruleset, a, b) for i, a in enumerate(defs) for b in defs[i + 1:])


def chain_order(ruleset: Ruleset, table: Mapping[tuple[str, str], Any],
                outright: list[str]) -> dict[str, int]:
    """The ranking's hands whose place in it decides something, each with its place: a
    player's hand of `outright` (wins whatever the banker holds) that the banker never holds
    in `table` and whose cards fit no other name meets no hand by the order (Belarusian
    three of a kind: "five-card trick beats three of a kind" never happens, r49ze), so the
    ranking's chain leaves it out."""
    held = {b for _p, b in table}
    ranked: dict[str, HandDefinition] = {}  # the ranked definitions, once asked
    met: dict[frozenset[str], bool] = {}  # `_meet` of two of them, once a pair
    kept = [h for h in ruleset.hands.ranking
            if h not in outright or h in held or not _fits_alone(ruleset, h, ranked, met)]
    return {h: i for i, h in enumerate(kept)}


def _fits_alone(ruleset: Ruleset, hand_id: str, ranked: dict[str, HandDefinition],
                met: dict[frozenset[str], bool]) -> bool:
    """Whether no cards fitting the named hand `hand_id` fit another ranked named hand
    (`ranked`: the ranked definitions, filled here the first time; `met`: the pairs of
    them judged so far, `_meet` being the same either way round)."""
    if not ranked:
        ranked.update(ruleset.hands.ranked())
    for h, d in ranked.items():
        if h == hand_id:
            continue
        pair = frozenset((h, hand_id))
        if pair not in met:
            met[pair] = _meet(ruleset, ranked[hand_id], d)
        if met[pair]:
            return False
    return True


def _meet(ruleset: Ruleset, a: HandDefinition, b: HandDefinition) -> bool:
    """Whether some cards may fit both `a` and `b`, judged by their numbers of cards and,
    where one is its ranks (two aces), by the totals those ranks can make."""
    (low_a, high_a), (low_b, high_b) = a.cards_range, b.cards_range
    if max(low_a, low_b) > min(high_a or 99, high_b or 99):
        return False
    if a.ranks is not None and b.ranks is not None:
        return sorted(a.ranks) == sorted(b.ranks)
    fixed, other = (a, b) if a.ranks is not None else (b, a)
    totals = _rank_totals(ruleset, fixed)
    return totals is None or any(_within(t, fixed) and _within(t, other) for t in totals)


def _rank_totals(ruleset: Ruleset, d: HandDefinition) -> set[Fraction] | None:
    """The totals the ranks of `d` can make (each ace at each value it may count); None
    where `d` is not its ranks or wild cards may count anything."""
    if d.ranks is None or ruleset.pack.wild_cards:
        return None
    pack = ruleset.pack
    choices = [pack.every_ace_value() if k is Rank.ACE else (pack.value_of(k),)
               for k in d.ranks]
    return {sum(values, Fraction(0)) for values in product(*choices)}


def _within(total: Fraction, d: HandDefinition) -> bool:
    return ((d.min_total is None or total >= d.min_total)
            and (d.max_total is None or total <= d.max_total))


def wins_whatever(table: Mapping[tuple[str, str], Any], hand_id: str) -> bool:
    """Whether a player's `hand_id` wins against every hand of the banker's but a bust, in
    the outcome table `table` (`docs.words.reach.decided_table`)."""
    cells = [c for (p, b), c in table.items() if p == hand_id and b != BUST]
    return bool(cells) and all(c.result is WIN for c in cells)


def beats_equal_total(ruleset: Ruleset, hand_id: str) -> bool:
    """Whether a player's hand `hand_id`, of one total, ranks above an ordinary hand of that
    total the banker can hold (a pontoon above a dealer's 21 of three cards): what its
    `against_total: ranking` decides, said where such a banker's hand exists."""
    d = ruleset.hands.definitions[hand_id]
    total, ranking = d.max_total, ruleset.hands.ranking
    if (not d.player_can_hold or d.wins_outright or d.against_total is not AgainstTotal.RANKING
            or total is None or d.min_total != total or hand_id not in ranking
            or ranking.index(hand_id) > ranking.index(TOTAL)):
        return False
    cell = outcome_table(ruleset).get((hand_id, TOTAL))
    if cell is None or cell.exception or cell.result is not OutcomeResult.WIN:
        return False
    most = ruleset.banker.max_cards or 12
    return any(not _banker_hand_named(ruleset, cards, total) for cards in range(3, most + 1))


def banker_beats_total(ruleset: Ruleset, hand_id: str) -> bool:
    """Whether the banker's `hand_id` beats a player's ordinary total (the outcome table)."""
    cell = outcome_table(ruleset).get((TOTAL, hand_id))
    return cell is not None and cell.result is OutcomeResult.LOSE


def _banker_hand_named(ruleset: Ruleset, cards: int, total: Fraction) -> bool:
    """Whether every banker's hand of `cards` cards totalling `total` is a named hand."""
    for _id, d in ruleset.hands.ranked():
        low, high = d.cards_range
        if (d.banker_can_hold and d.ranks is None and not d.same_rank
                and d.suits is SuitRule.ANY and not d.dealt_only and low <= cards
                and (high is None or cards <= high)
                and (d.min_total or 0) <= total <= (d.max_total or 99)):
            return True
    return False
