"""The named hands compiled for the engine's hot path, and which one a hand is.

A hand is the first named hand in the ranking (held by its kind of holder) whose
conditions its cards meet; else `bust` over 21, else `total`. The cheap conditions
(cards, total, split, doubled) are plain integers and booleans checked first; ranks,
suits and the dealt-only rule run only for the definitions that have them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pontoon_rules.ruleset.format.common import HandClass, NaturalTakes, SuitRule
from pontoon_rules.ruleset.format.hands import HandDefinition, condition_fields

if TYPE_CHECKING:
    from pontoon_rules.engine.round.hand import Hand
    from pontoon_rules.ruleset.format.model import Ruleset
    from pontoon_rules.ruleset.resolving.outcomes import OutcomeTable

TOTAL, BUST = HandClass.TOTAL.value, HandClass.BUST.value
NO_LIMIT = 99
"""A card count or total no hand reaches: no limit (a field left null), here and in `rules`."""
_SUIT_INDEX = {SuitRule.SPADES: 0, SuitRule.HEARTS: 1, SuitRule.DIAMONDS: 2, SuitRule.CLUBS: 3}
ANY_SUITS, MIXED, SUITED = -1, -2, -3

ON_THE_CARDS = ("min_cards", "max_cards", "min_total", "max_total", "ranks", "same_rank",
                "suits", "dealt_only", "on_split_hand", "after_double", "player_can_hold",
                "banker_can_hold")
"""The conditions of a hand definition (`hands.condition_fields`) the engine checks on the
cards, the hand's history and its holder (`NamedHand.matches`)."""
MORE = ("soft", "banker_up_ranks", "min_stake", "max_stake")
"""The conditions it checks with more than the cards: softness, the banker's up card and the
stake (`NamedHand.more_match`)."""


def uncompiled(model: type[HandDefinition] = HandDefinition) -> tuple[str, ...]:
    """The conditions of `model` the engine does not check (none: a test keeps it so): a
    definition that sets one is refused (`compile_hand`), never matched without it."""
    return tuple(f for f in condition_fields(model) if f not in (*ON_THE_CARDS, *MORE))


@dataclass(frozen=True, slots=True)
class NamedHand:
    """One definition as plain values (see `ruleset.hands.HandDefinition`)."""

    id: str
    min_cards: int
    max_cards: int
    min_total: int
    max_total: int
    on_split_hand: bool
    after_double: bool
    ranks: tuple[int, ...] | None
    """Sorted rank indices (0 = ace … 12 = king), or None for any."""
    same_rank: bool
    suits: int
    """ANY_SUITS, MIXED, SUITED, or the index of the one suit (S H D C = 0 1 2 3)."""
    dealt_only: bool
    natural: bool
    may_draw_on: bool | None
    stick_any_total: bool
    extra: bool
    """Whether any condition beyond cards, total, split and doubling applies."""
    by_count: bool = False
    """Defined by its number of cards alone, three or more (a five-card trick): what the
    analysis counts as a 'trick'."""
    soft: bool | None = None
    """For a soft hand only (True), a hard hand only (False), or either (None)."""
    up_ranks: frozenset[int] | None = None
    """The rank indices the banker's up card must be one of; None for any."""
    stakes: tuple[int, int] = (0, 0)
    """The least and the most original stake it holds for (0: no limit)."""
    more: bool = False
    """Whether a condition on softness, the banker's up card or the stake applies
    (`more_match`, which `engine.round.hand.classify` asks)."""

    def more_match(self, hand: Hand, soft: bool, up: int) -> bool:
        """The conditions beyond the cards: hard or soft, the banker's up card (`up`, a
        rank index or -1) and the hand's original stake."""
        if self.soft is not None and soft != self.soft:
            return False
        if self.up_ranks is not None and up not in self.up_ranks:
            return False
        low, high = self.stakes
        stake = hand.stakes[0] if hand.stakes else 0
        return stake >= low and (not high or stake <= high)

    def matches(self, hand: Hand, points: int, banker_dealt: int) -> bool:
        """Whether `hand` (of `points`) is this hand; `banker_dealt` is how many cards count
        as the banker's deal when `hand` is the banker's, else 0."""
        n = len(hand.cards)
        if n < self.min_cards or n > self.max_cards:
            return False
        if points < self.min_total or points > self.max_total:
            return False
        if hand.is_split and not self.on_split_hand:
            return False
        if hand.doubles and not self.after_double:
            return False
        return not self.extra or self._cards_match(hand, banker_dealt)

    def _cards_match(self, hand: Hand, banker_dealt: int) -> bool:
        cards = hand.cards
        if self.ranks is not None and tuple(sorted(c >> 2 for c in cards)) != self.ranks:
            return False
        if self.same_rank and len({c >> 2 for c in cards}) != 1:
            return False
        if self.suits != ANY_SUITS and not _suits_match(self.suits, cards):
            return False
        if not self.dealt_only:
            return True
        return len(cards) <= banker_dealt if banker_dealt else hand.drawn == 0


def _suits_match(rule: int, cards: list[int]) -> bool:
    suits = {c & 3 for c in cards}
    if rule == MIXED:
        return len(suits) > 1
    if rule == SUITED:
        return len(suits) == 1
    return suits == {rule}


def compile_hand(hand_id: str, d: HandDefinition, unit: int = 1) -> NamedHand:
    """`d` as plain values for the engine, its totals in `unit`s a point (`Rules.unit`).

    Raises:
        ValueError: `d` sets a condition the engine does not check (`uncompiled`).
    """
    fields = type(d).model_fields
    unread = [f for f in uncompiled(type(d)) if getattr(d, f) != fields[f].default]
    if unread:
        raise ValueError(f"hands.definitions.{hand_id}.{unread[0]}: a condition the engine "
                         "does not check")
    low, high = d.cards_range
    suits = {SuitRule.ANY: ANY_SUITS, SuitRule.MIXED: MIXED,
             SuitRule.SUITED: SUITED}.get(d.suits, _SUIT_INDEX.get(d.suits, ANY_SUITS))
    ranks = None if d.ranks is None else tuple(sorted(_rank_index(x.value) for x in d.ranks))
    return NamedHand(
        id=hand_id, min_cards=low, max_cards=NO_LIMIT if high is None else high,
        min_total=int((d.min_total or 0) * unit),
        max_total=NO_LIMIT * unit if d.max_total is None else int(d.max_total * unit),
        on_split_hand=d.on_split_hand, after_double=d.after_double, ranks=ranks,
        same_rank=d.same_rank, suits=suits, dealt_only=d.dealt_only, natural=d.natural,
        may_draw_on=d.may_draw_on, stick_any_total=d.stick_any_total,
        extra=ranks is not None or d.same_rank or suits != ANY_SUITS or d.dealt_only,
        by_count=(d.ranks is None and not d.same_rank and d.min_total is None
                  and d.min_cards >= 3 and not _more(d)),
        soft=d.soft,
        up_ranks=(None if d.banker_up_ranks is None
                  else frozenset(_rank_index(x.value) for x in d.banker_up_ranks)),
        stakes=(d.min_stake or 0, d.max_stake or 0), more=_more(d),
    )


def _more(d: HandDefinition) -> bool:
    """Whether `d` sets a condition checked with more than the cards (`MORE`)."""
    fields = type(d).model_fields
    return any(getattr(d, f) != fields[f].default for f in MORE)


def _rank_index(code: str) -> int:
    from pontoon_rules.engine.round.cards import RANK_CODES

    return RANK_CODES.index(code)


def named_fields(r: Ruleset, table: OutcomeTable, unit: int) -> dict[str, Any]:
    """The engine's view of the named hands (`rules.Rules`' fields of them), their totals
    in `unit`s of a point (`rules.pack_unit`)."""
    named = {i: compile_hand(i, d, unit) for i, d in r.hands.ranked()}
    defs = r.hands.definitions
    return {
        "named": named,
        "player_hands": tuple(named[i] for i in named if defs[i].player_can_hold),
        "banker_hands": tuple(named[i] for i in named if defs[i].banker_can_hold),
        "over_21_hands": any(d.max_total is None or d.max_total > r.pack.bust_above
                             for d in defs.values()),
        "banker_dealt": max(2, r.deal.banker_cards),
        "cells": table,
        "takes": {i: d.takes for i, d in defs.items()
                  if d.banker_can_hold and d.takes is not NaturalTakes.EVERYTHING},
    }
