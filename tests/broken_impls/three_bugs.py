"""Broken on purpose, three ways that first differ at the same path (a hand's net): a tie
is paid to the player, a five-card trick and a pontoon are paid 1:1. The fuzzer must
report three kinds of difference, not one."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference
from pontoon_rules.engine.round import results, settle
from pontoon_rules.engine.round.hand import classify, total
from pontoon_rules.ruleset.format.common import HandClass

original_rules, original_settle = reference.rules_for, settle.settle_hand


def rules_for(ref):  # type: ignore[no-untyped-def]
    rules = original_rules(ref)
    for (player, banker), cell in list(rules.cells.items()):
        if player in (HandClass.FIVE_CARD_TRICK, HandClass.PONTOON) and cell.pays > 1:
            rules.cells[(player, banker)] = replace(cell, pays=Fraction(1))
    return rules


def settle_hand(hand, banker, rules, bank_cls=None):  # type: ignore[no-untyped-def]
    cls, bank = classify(hand, rules), classify(banker, rules, banker=True)
    if cls == bank and cls != "bust" and total(hand, rules.ace_bonus) == total(
            banker, rules.ace_bonus):
        return settle.player_wins(hand, cls, rules)
    return original_settle(hand, banker, rules, bank_cls)


reference.rules_for = rules_for
results.settle_hand = settle_hand
harness.main()
