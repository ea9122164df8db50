"""Random packs with fractional values, other bust limits and wild cards: the engine's
totals, its classes and settlement, and the sentences agree with an independent reading.

Hypothesis builds a pack on the sette-e-mezzo ruleset (ranks, picture values that are
halves, quarters or whole, one or two ace values, a bust limit from 7½ to 21, up to two
wild cards) and a named hand of the bust limit in two cards, then checks that

- the engine's best total is what trying every value of every wild card and ace gives
  (the highest not over the limit, else the lowest);
- the engine classifies hands as the definitions read independently say, and settles two
  ordinary totals, a bust or the named hand as the outcome table does;
- the pack's sentence writes every value and the limit as ½-style fractions (never a
  decimal, never '1/2'), lists the wild card's values, and the named hand's sentence
  names its total the same way.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from pontoon_rules.docs.words.hands import hand_sentence
from pontoon_rules.docs.words.pack_words import pack_words
from pontoon_rules.engine.round.cards import CARDS_PER_PACK, RANK_CODES, SUIT_CODES
from pontoon_rules.engine.round.hand import Hand, classify, points
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.settle import money, settle_hand
from pontoon_rules.ruleset.format.common import Rank
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import points_text
from pontoon_rules.ruleset.loading.registry import load_bundled

PICTURE_VALUES = ["1/2", "1/4", "3/2", 1, 2, 10]
LIMITS = ["15/2", 10, "21/2", "31/4", 21]


@st.composite
def rulesets(draw: Any) -> Ruleset:
    base = load_bundled("sette-e-mezzo").model_dump(mode="json")
    ranks = draw(st.lists(st.sampled_from(RANK_CODES), min_size=6, max_size=13, unique=True))
    pictures = {r: draw(st.sampled_from(PICTURE_VALUES)) for r in "JQK"
                if r in ranks and draw(st.booleans())}
    cards = [r + s for r in ranks for s in SUIT_CODES]
    wild = draw(st.lists(st.sampled_from(cards), max_size=2, unique=True))
    limit = draw(st.sampled_from(LIMITS))
    base["pack"] = {"decks": draw(st.integers(1, 2)), "ranks": ranks, "suits": list(SUIT_CODES),
                    "values": pictures, "ace_values": draw(st.sampled_from([[1], [1, 11]])),
                    "bust_above": limit, "wild_cards": wild}
    top = {"min_cards": 2, "max_cards": 2, "min_total": limit, "max_total": limit,
           "pays": draw(st.sampled_from(["1:1", "3:2", "2:1"]))}
    base["hands"] = {"ranking": ["top", "total"], "definitions": {"top": top}}
    base["settlement"]["outcomes"] = []
    base["provenance"] = {}
    try:
        return Ruleset.model_validate(base)
    except ValidationError:
        assume(False)
        raise


def _values(r: Ruleset, card: int) -> list[Fraction]:
    """Every value `card` may count (a wild card: any card's; an ace: low or high)."""
    code = RANK_CODES[card >> 2] + SUIT_CODES[card & 3]
    if code in r.pack.wild_cards:
        ranks = set(r.pack.ranks)
        found = {r.pack.value_of(x) for x in ranks}
        if any(x.value == "A" for x in ranks):
            found |= {Fraction(v) for v in r.pack.ace_values}
        return sorted(found)
    if card >> 2 == 0:
        return [Fraction(v) for v in r.pack.ace_values]
    return [r.pack.value_of(Rank(RANK_CODES[card >> 2]))]


def best_total(cards: list[int], r: Ruleset) -> Fraction:
    """The best total by trying every choice: the highest not over the limit, else the
    lowest."""
    sums = [sum(choice, Fraction(0)) for choice in itertools.product(
        *(_values(r, c) for c in cards))]
    fits = [s for s in sums if s <= r.pack.bust_above]
    return max(fits) if fits else min(sums)


def hand(cards: list[int], rules: Rules) -> Hand:
    out = Hand(100)
    for card in cards:
        out.put(card, rules)
    return out


def oracle_class(cards: list[int], r: Ruleset) -> str:
    best = best_total(cards, r)
    if len(cards) == 2 and best == r.pack.bust_above:
        return "top"
    return "bust" if best > r.pack.bust_above else "total"


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@SETTINGS
@given(rulesets(), st.data())
def test_totals_and_classes_are_the_best_choice_of_every_value(r: Ruleset, data: Any) -> None:
    rules = compile_rules(r)
    held = [c for c in range(CARDS_PER_PACK) if rules.card_present[c]]
    for _ in range(15):
        cards = data.draw(st.lists(st.sampled_from(held), min_size=1, max_size=5))
        h = hand(cards, rules)
        assert rules.shown(points(h, rules)) == best_total(cards, r)
        assert classify(h, rules) == oracle_class(cards, r)


@SETTINGS
@given(rulesets(), st.data())
def test_settlement_follows_the_totals_and_the_table(r: Ruleset, data: Any) -> None:
    rules = compile_rules(r)
    held = [c for c in range(CARDS_PER_PACK) if rules.card_present[c]]
    for _ in range(15):
        mine = data.draw(st.lists(st.sampled_from(held), min_size=1, max_size=4))
        theirs = data.draw(st.lists(st.sampled_from(held), min_size=1, max_size=4))
        player, banker = oracle_class(mine, r), oracle_class(theirs, r)
        paid = settle_hand(hand(mine, rules), hand(theirs, rules), rules)
        if player == "bust":
            expected = -100
        elif player == "top" and banker != "top":
            expected = money(100, Fraction(*map(int, r.hands.definitions["top"].pays.split(
                ":"))), rules)
        elif banker == "bust" or (player == banker == "total"
                                   and best_total(mine, r) > best_total(theirs, r)):
            expected = 100
        else:  # the banker's top hand, or equal or higher points: ties go to the banker
            expected = -100
        assert paid == expected, (mine, theirs, player, banker)


@SETTINGS
@given(rulesets())
def test_the_sentences_write_the_values_as_the_engine_counts_them(r: Ruleset) -> None:
    words = pack_words(r, str)
    assert "0.5" not in words and ".25" not in words and "1/2" not in words
    for rank, value in r.pack.values.items():
        if rank in r.pack.ranks and value.denominator != 1:
            assert points_text(value) in words
    limit = points_text(r.pack.bust_above)
    assert (f"A hand over {limit} is bust." in words) == (r.pack.bust_above != 21)
    if r.pack.wild_cards:
        shown = ", ".join(points_text(v) for v in r.pack.wild_values())
        assert f"any card's value ({shown})" in words
    sentence = hand_sentence(r, "top", str, lambda a, b, n: a if n == 1 else b)
    assert f"making {limit}" in sentence


def test_points_are_read_and_written_exactly() -> None:
    import pytest
    from pydantic_core import PydanticCustomError

    from pontoon_rules.ruleset.format.points import parse_points, total_text, unit_of, written

    assert parse_points("7 1/2") == parse_points("15/2") == Fraction(15, 2)
    assert parse_points(7) == 7 and written(Fraction(15, 2)) == "15/2" and written(Fraction(7)) == 7
    for bad in (0.5, "0.5", "half", True):
        with pytest.raises(PydanticCustomError):
            parse_points(bad)
    assert [points_text(Fraction(n, d)) for n, d in ((15, 2), (1, 2), (9, 4), (21, 1), (5, 7))] \
        == ["7½", "½", "2¼", "21", "5/7"]
    assert total_text("15/2") == "7½" and total_text(21) == "21"
    assert unit_of([Fraction(1, 2), Fraction(15, 2), 21]) == 2 and unit_of([]) == 1
