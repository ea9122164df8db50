"""The named hands seen as the classic four: pontoon, five-card trick, 21, three of a kind.

The exact analysis and the compiled simulator model these four hands (with the
outcome table deciding who beats whom and what is paid). `classic_hands(ruleset)`
maps a ruleset's definitions onto them when each definition is, condition for
condition, one of the four (whatever its id), and otherwise says which definition
is not and why, so that a tool that models only the four can refuse by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pontoon_rules.ruleset.format.common import (
    CompareRule,
    HandClass,
    NaturalTakes,
    SuitRule,
)
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset

if TYPE_CHECKING:
    from pontoon_rules.ruleset.resolving.outcomes import OutcomeTable

PONTOON, TRICK, TWENTY_ONE, THREE = (HandClass.PONTOON, HandClass.FIVE_CARD_TRICK,
                                     HandClass.TWENTY_ONE, HandClass.THREE_OF_A_KIND)


@dataclass(frozen=True)
class ClassicHands:
    """The classic view: which definition is which classic hand, and their switches."""

    ids: dict[HandClass, str]
    """Classic hand → the id of the definition that is it."""
    ranking: tuple[HandClass, ...]
    pontoon_banker: bool
    pontoon_on_split: bool
    pontoon_may_draw: bool
    trick_cards: int
    trick_banker: bool
    trick_always_wins: bool
    trick_by_total: bool
    three_auto_win: bool

    def has(self, cls: HandClass) -> bool:
        """Whether the ruleset defines the classic hand `cls`."""
        return cls in self.ids

    def class_of(self, hand_id: str) -> HandClass:
        """The classic hand (or total, bust) that hand id `hand_id` is."""
        for cls, found in self.ids.items():
            if found == hand_id:
                return cls
        return HandClass(hand_id)


@dataclass(frozen=True)
class NotClassic:
    """Why a ruleset's named hands are not the classic four: the field path and a reason."""

    path: str
    reason: str


def classic_hands(ruleset: Ruleset) -> ClassicHands | NotClassic:
    """The classic view of `ruleset`'s named hands, or the first definition that is not one."""
    ids: dict[HandClass, str] = {}
    for hand_id, d in ruleset.hands.ranked():
        cls = _which(ruleset, d)
        if not isinstance(cls, HandClass):
            return NotClassic(f"hands.definitions.{hand_id}", cls)
        if cls in ids:
            return NotClassic(f"hands.definitions.{hand_id}",
                              f"a second {cls.value} (the first is {ids[cls]})")
        ids[cls] = hand_id
    by_id = {v: k for k, v in ids.items()}
    ranking = tuple(by_id.get(i, HandClass.TOTAL) for i in ruleset.hands.ranking)
    return _view(ruleset, ids, ranking)


def not_classic(ruleset: Ruleset) -> list[NotClassic]:
    """Every ranked definition that is not one of the classic four, and why."""
    out, seen = [], set()
    for hand_id, d in ruleset.hands.ranked():
        cls = _which(ruleset, d)
        if not isinstance(cls, HandClass):
            out.append(NotClassic(f"hands.definitions.{hand_id}", cls))
        elif cls in seen:
            out.append(NotClassic(f"hands.definitions.{hand_id}", f"a second {cls.value}"))
        seen.add(cls)
    return out


def not_analysed(ruleset: Ruleset) -> list[NotClassic]:
    """Every ranked definition the exact analysis cannot read, and why.

    The analysis classifies a hand by the ruleset's definitions (`analysis.named`): card
    counts, totals, ranks, one rank, the deal, splits and doubling. It does not hold the
    suits of the cards: a hand of particular ranks and suits is valued by the chance of
    its suits given its ranks (`suits_problem` says where that is not enough); and its peek
    shows one natural. What a banker's hand takes it values hand by hand, and for BB+1
    from a seat of split hands by `analysis.seat_takes`."""
    return suits_unread(ruleset) + second_natural_peeked(ruleset)


def suits_unread(ruleset: Ruleset) -> list[NotClassic]:
    """The definitions by suits the analysis cannot value by their chance (`not_analysed`)."""
    from pontoon_rules.ruleset.resolving.outcomes import outcome_table

    out: list[NotClassic] = []
    table = outcome_table(ruleset, every_hand=True)  # made once for every hand
    for hand_id, _ in ruleset.hands.ranked():
        suits = suits_problem(ruleset, hand_id, table)
        if suits:
            out.append(NotClassic(f"hands.definitions.{hand_id}", suits))
    return out


def second_natural_peeked(ruleset: Ruleset) -> list[NotClassic]:
    """A second natural the banker's check for a pontoon looks for (`not_analysed`: the
    analysis's peek shows one)."""
    naturals = [i for i, d in ruleset.hands.ranked() if d.natural and d.banker_can_hold]
    if not (ruleset.deal.banker_pontoon_at_once and len(naturals) > 1):
        return []
    return [NotClassic(f"hands.definitions.{naturals[1]}",
                       f"deal.banker_pontoon_at_once: the banker's check looks for "
                       f"{naturals[1]} as well as {naturals[0]}")]


def suits_problem(r: Ruleset, hand_id: str, table: OutcomeTable | None = None) -> str | None:
    """Why the analysis cannot value definition `hand_id` by the chance of its suits, or
    None (also for a definition with no suit rule).

    The analysis plays by ranks, and holds a hand of particular ranks whose suits the
    definition reads as each hand id it may be, with its chance. That is the engine's
    hand only where every one of those ids is played alike and paid against the banker's
    hand alone: the definition names its ranks, the banker cannot hold it, and below it
    in the ranking a definition of the same ranks in any suits takes every hand it would
    (its cover), with only definitions of named ranks between them, drawn on, stood on and
    peeked for, and given up (`wins_outright`), as this one is. `table`: the ruleset's
    outcome table of every hand, where the caller has it."""
    d = r.hands.definitions[hand_id]
    if d.suits is SuitRule.ANY:
        return None
    if d.ranks is None:
        return "a hand defined by its suits and not by its ranks"
    if d.banker_can_hold:
        return "a hand defined by its suits that the banker may hold"
    ranking = list(r.hands.ranking)
    ranks = sorted(x.value for x in d.ranks)
    below = [i for i in ranking[ranking.index(hand_id) + 1:] if i in r.hands.definitions]
    cover = next((i for i in below if _of_ranks(r.hands.definitions[i], ranks)
                  and r.hands.definitions[i].suits is SuitRule.ANY), None)
    if cover is None:
        return "a hand defined by its suits with no hand of the same ranks in any suits below it"
    between = [i for i in below[:below.index(cover)] if r.hands.definitions[i].ranks is None]
    if between:
        return (f"a hand defined by its suits with {between[0]} (not of named ranks) between "
                f"it and the same ranks in any suits ({cover})")
    e = r.hands.definitions[cover]
    if not _covers(e, d):
        return (f"a hand defined by its suits whose ranks in any suits ({cover}) do not take "
                "every hand it takes")
    # a hand that has already won (its whole row of the outcome table a win, by
    # `wins_outright` or by the table) may not surrender (`engine.round.giving_up`)
    from pontoon_rules.ruleset.resolving.outcomes import banker_hands, outcome_table, wins_whatever

    table = outcome_table(r, every_hand=True) if table is None else table
    won = [wins_whatever(table, i, banker_hands(r)) for i in (cover, hand_id)]
    if (e.natural, e.may_draw_on, e.stick_any_total, won[0]) != (
            d.natural, d.may_draw_on, d.stick_any_total, won[1]):
        return (f"a hand defined by its suits played otherwise than the same ranks in any "
                f"suits ({cover}: natural, may_draw_on, stick_any_total, or wins whatever "
                "the banker holds: wins_outright, settlement.outcomes)")
    return None


def _of_ranks(e: HandDefinition, ranks: list[str]) -> bool:
    return e.ranks is not None and sorted(x.value for x in e.ranks) == ranks


def _covers(e: HandDefinition, d: HandDefinition) -> bool:
    """Whether every hand definition `d` takes, `e` takes too (the same ranks given)."""
    same = (e.cards_range == d.cards_range and e.min_total == d.min_total
            and e.max_total == d.max_total and e.same_rank == d.same_rank)
    return (same and (e.on_split_hand or not d.on_split_hand)
            and (e.after_double or not d.after_double) and (d.dealt_only or not e.dealt_only))


def _takes_problem(r: Ruleset, d: HandDefinition) -> str | None:
    # what a banker's hand takes matters unless the peek settles it before anyone plays,
    # which it can only for a hand of the dealt cards (a 21 of three cards comes later)
    known_at_peek = r.deal.banker_pontoon_at_once and d.cards_range[1] == r.deal.banker_cards
    if d.takes is not NaturalTakes.EVERYTHING and not known_at_peek:
        return f"what a banker's hand takes ({d.takes.value})"
    return None


def _view(r: Ruleset, ids: dict[HandClass, str],
          ranking: tuple[HandClass, ...]) -> ClassicHands:
    defs = r.hands.definitions
    pontoon, trick, three = (defs.get(ids.get(c, "")) for c in (PONTOON, TRICK, THREE))
    return ClassicHands(
        ids=ids, ranking=ranking,
        pontoon_banker=pontoon is not None and pontoon.banker_can_hold,
        pontoon_on_split=pontoon is None or pontoon.on_split_hand,
        pontoon_may_draw=_may_draw(r, pontoon),
        trick_cards=trick.cards_range[0] if trick is not None else 5,
        trick_banker=trick is not None and trick.banker_can_hold,
        trick_always_wins=trick is not None and trick.wins_outright,
        trick_by_total=trick is not None and trick.compare is CompareRule.BY_TOTAL,
        three_auto_win=three is not None and three.wins_outright,
    )


def _may_draw(r: Ruleset, pontoon: HandDefinition | None) -> bool:
    if pontoon is None or pontoon.may_draw_on is None:
        return r.player.draw_on_21
    return pontoon.may_draw_on


def _which(r: Ruleset, d: HandDefinition) -> HandClass | str:
    """The classic hand `d` is, or why it is none."""
    common = _common_problem(r, d)
    if common:
        return common
    low, high = d.cards_range
    if low == high == 2 and d.min_total == 21 and d.max_total == 21 and not d.same_rank:
        return _pontoon_problem(r, d) or PONTOON
    if d.natural:
        return "a natural other than a two-card 21"
    if high is None and d.min_total is None and d.max_total == 21 and not d.same_rank:
        return _trick_problem(r, d, low) or TRICK
    if low == 3 and high is None and d.min_total == 21 and d.max_total == 21 and not d.same_rank:
        return _twenty_one_problem(d) or TWENTY_ONE
    if low == high == 3 and d.same_rank and d.min_total is None and d.max_total == 21:
        return _three_problem(r, d) or THREE
    return "conditions other than the classic pontoon, five-card trick, 21 and three of a kind"


def _common_problem(r: Ruleset, d: HandDefinition) -> str | None:
    if d.ranks is not None:
        return "a hand of particular ranks"
    if d.suits is not SuitRule.ANY:
        return "a hand defined by its suits"
    if not d.player_can_hold:
        return "a hand only the banker can hold"
    return _takes_problem(r, d)


def _pontoon_problem(r: Ruleset, d: HandDefinition) -> str | None:
    if not d.natural:
        return "a two-card 21 that is not a natural"
    if d.dealt_only and r.deal.player_cards < 2:
        return "a natural of the dealt cards with one card dealt"
    if not d.after_double and r.player.double.allowed and r.player.double.min_cards < 2:
        return "a natural void after doubling"
    return None


def _trick_problem(r: Ruleset, d: HandDefinition, cards: int) -> str | None:
    if cards < 3:
        return "a trick of fewer than three cards"
    if d.dealt_only or not d.on_split_hand or not d.after_double:
        return "a card-count hand with conditions on the deal, splits or doubling"
    if d.may_draw_on is not None:
        return "a card-count hand with its own drawing rule (may_draw_on)"
    if not d.stick_any_total and r.player.stick_minimum is not None:
        return "a card-count hand that may not stick below the stick minimum"
    return None


def _twenty_one_problem(d: HandDefinition) -> str | None:
    if d.dealt_only or not d.on_split_hand or not d.after_double:
        return "a 21 with conditions on the deal, splits or doubling"
    if not d.banker_can_hold:
        return "a 21 of several cards the banker cannot hold"
    if d.may_draw_on is not None or d.wins_outright:
        return "a 21 of several cards with its own drawing or winning rule"
    return None


def _three_problem(r: Ruleset, d: HandDefinition) -> str | None:
    if d.dealt_only or not d.on_split_hand or not d.after_double or d.banker_can_hold:
        return "three of a kind with conditions on the deal, splits, doubling or the banker"
    if d.may_draw_on is not None:
        return "three of a kind with its own drawing rule (may_draw_on)"
    if d.stick_any_total and r.player.stick_minimum is not None:
        return "three of a kind that may stick below the stick minimum"
    if d.compare is not CompareRule.BY_TOTAL:
        return "three of a kind whose hands do not compare by total"
    return None
