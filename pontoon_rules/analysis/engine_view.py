"""Engine states in the analysis's words, for the analysis's play as engine policies.

`hand_state` reads an engine `Hand` as the `HandState` the solvers key their values
by (its cards as kind indices); `banker_action` is what a banker playing a named
policy does in a `RoundState`. The policies of both methods
(`infinite.policy.ModelPolicy`, `composition.policy.CompositionPolicy`) and the
simulator's tables as an engine policy (`sim.reference`) share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.hand import HandState, start_state
from pontoon_rules.engine.actions import STICK, TWIST, Action
from pontoon_rules.engine.hand import Hand, is_soft, total
from pontoon_rules.engine.rules import Rules
from pontoon_rules.engine.state import RoundState


def hand_state(hand: Hand, cards: Sequence[int], kinds: Sequence[Kind],
               rules: Rules) -> HandState:
    """`hand` as a `HandState`: `cards` are its cards as kind indices (of `kinds`), stakes
    in units of its original stake. A hand of more than three cards of one kind has no
    `same` (as the solvers reach it: only three of a kind counts)."""
    base = start_state(kinds, cards, hand.is_split, rules)
    if base.n > 3:
        base = base._replace(same=-1)
    original = hand.stakes[0]
    return base._replace(
        twisted=hand.twisted, bought=hand.bought,
        last_buy=hand.stakes[-1] // original if hand.bought else 0,
        doubles=hand.doubles, since_double=hand.drawn_since_double if hand.doubles else 0,
        staked=hand.staked // original)


def banker_action(state: RoundState, banker: Any) -> Action:
    """What a banker playing the named policy `banker` (its `draws(points, soft)`) does now."""
    ace_bonus = state.rules.ace_bonus
    draws = banker.draws(total(state.banker, ace_bonus), is_soft(state.banker, ace_bonus))
    return Action(TWIST if draws else STICK)
