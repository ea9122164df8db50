"""The general kernel classifies a hand by the ruleset's definitions exactly as the engine
does: ranks, one rank, suits, card counts, totals over 21, split and doubled hands, the
dealt cards, for a player and for the banker, in every bundled ruleset and in rulesets
whose hands only suits tell apart."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pontoon_rules.engine.round.hand import Hand, classify
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.sim.kernels import compiled as c
from pontoon_rules.sim.kernels import layout
from pontoon_rules.sim.kernels import native as snative
from pontoon_rules.sim.kernels.compiled import full_shoe, hand_ids
from pontoon_rules.sim.kernels.strategy import T_HEADER

SUITED = {"ranks": ["7", "7", "7"], "suits": "suited", "banker_can_hold": False,
          "pays": "3:1", "wins_outright": True}
SPADES = {"ranks": ["6", "7", "8"], "suits": "spades", "pays": "2:1", "wins_outright": True}
MIXED = {"min_cards": 3, "min_total": 21, "suits": "mixed", "same_rank": True, "pays": "2:1"}
DEALT = {"min_cards": 2, "min_total": 20, "max_total": 20, "dealt_only": True,
         "pays": "1:1"}


def _overlay(base: str, ranking: list[str], definitions: dict[str, object]) -> Rules:
    data = load_bundled(base).model_dump(mode="python")
    data["hands"]["ranking"] = ranking
    data["hands"]["definitions"].update(definitions)
    return compile_rules(Ruleset.model_validate(data))


def _rulesets() -> list[Rules]:
    from pontoon_rules.ruleset.resolving.features import refused_names

    out = [compile_rules(load_bundled(i)) for i in bundled_ids()
           if not refused_names(load_bundled(i), "simulate")]  # ban-luck: the engine's alone
    out.append(_overlay("belarus-ponton",
                        ["pontoon", "suited", "spades", "mixed", "five-card-trick",
                         "three-of-a-kind", "dealt", "total"],
                        {"suited": SUITED, "spades": SPADES, "mixed": MIXED, "dealt": DEALT}))
    return out


RULESETS = _rulesets()


def kernel_id(rules: Rules, cards: list[int], split: bool, doubles: int, drawn: int,
              banker: bool) -> str:
    ids = hand_ids(rules)  # the hands alone: compile_sim refuses rules the kernel lacks
    params = np.zeros(c.N_PARAMS, dtype=np.int64)
    c.hand_params(rules, ids, params)
    hf = np.zeros((1, layout.NF), dtype=np.int64)
    hc = np.zeros((1, c.MAX_CARDS + 2), dtype=np.int64)
    for i, card in enumerate(cards):
        hc[0, i] = card
        hf[0, layout.HARD] += rules.values[card >> 2]
        hf[0, layout.ACES] += card >> 2 == 0
    hf[0, layout.N], hf[0, layout.SPLIT], hf[0, layout.DOUBLES], hf[0, layout.DRAWN] = (
        len(cards), split, doubles, drawn)
    named = np.ascontiguousarray(c.named_table(rules, ids), dtype=np.int64)
    one = np.zeros(1, dtype=np.int64)
    arrays = (params, named, np.zeros((len(ids), len(ids), c.CELL_COLS), dtype=np.int64),
              np.zeros(13, dtype=np.int64), np.zeros(T_HEADER, dtype=np.int64), one.copy(),
              np.zeros(layout.N_CTX, dtype=np.int64), hf, hc,
              np.zeros((1, c.MAX_SPLIT_HANDS + 1), dtype=np.int64), one.copy(), one.copy(),
              one.copy(), np.zeros((1, 3), dtype=np.int64), np.zeros(layout.N_SRC, dtype=np.int64),
              one.copy(), one.copy(), np.zeros(1, dtype=np.uint64))  # no seat: row 0 the bank
    return ids[snative.kernel().classify(arrays, 0, banker)]


def engine_id(rules: Rules, cards: list[int], split: bool, doubles: int, drawn: int,
              banker: bool) -> str:
    hand = Hand(10, is_split=split)
    for card in cards:
        hand.add(card, rules.values)
    hand.doubles, hand.drawn = doubles, drawn
    return classify(hand, rules, banker)


@st.composite
def hands(draw: st.DrawFn) -> tuple[int, list[int], bool, int, int, bool]:
    which = draw(st.integers(0, len(RULESETS) - 1))
    rules = RULESETS[which]
    shoe = [int(x) for x in full_shoe(rules)]
    n = draw(st.integers(1, 7))
    picks = draw(st.lists(st.integers(0, len(shoe) - 1), min_size=n, max_size=n, unique=True))
    cards = [shoe[i] for i in picks]
    if draw(st.booleans()):  # a hand of one rank, so same-rank hands turn up
        cards = [(cards[0] & ~3) | (x & 3) for x in cards]
    if draw(st.booleans()):  # a hand of one suit (the shoe may not hold it: no matter here)
        cards = [(x & ~3) | (cards[0] & 3) for x in cards]
    return (which, cards, draw(st.booleans()), draw(st.integers(0, 1)), draw(st.integers(0, 2)),
            draw(st.booleans()))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_the_kernel_names_a_hand_as_the_engine_does(
        case: tuple[int, list[int], bool, int, int, bool]) -> None:
    which, *hand = case
    rules = RULESETS[which]
    assert kernel_id(rules, *hand) == engine_id(rules, *hand), rules.ruleset.id


@pytest.mark.parametrize(("cards", "want"), [
    ([4 * 6 + 1, 4 * 6 + 1, 4 * 6 + 1], "suited"),  # three sevens of hearts (several packs)
    ([4 * 6 + 1, 4 * 6 + 2, 4 * 6 + 1], "mixed"),  # three sevens, two suits: 21 of one rank
    ([4 * 5, 4 * 6, 4 * 7], "spades"),  # 6-7-8 of spades
    ([4 * 5, 4 * 6, 4 * 7 + 3], "total"),  # 6-7-8, one club
    ([4 * 5 + 1, 4 * 6 + 1, 4 * 7 + 1], "total"),  # 6-7-8 of hearts: suited, not spades
    ([4 * 9, 4 * 9 + 1], "dealt"),  # 20 of the dealt cards
])
def test_hands_that_only_suits_or_the_deal_tell_apart(cards: list[int], want: str) -> None:
    rules = RULESETS[-1]
    assert kernel_id(rules, cards, False, 0, 0, False) == want
    assert engine_id(rules, cards, False, 0, 0, False) == want
    if want == "dealt":  # a 20 that drew a card is a total
        assert kernel_id(rules, cards, False, 0, 1, False) == "total"
