"""A ruleset's figures by pack count (`analysis.present.packs`): the causes the site's
section on pagat's one-pack edge shows, computed."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

from pontoon_rules.analysis.present.packs import by_pack_count, five_small_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset

TINY = Path(__file__).parent / "rulesets"


def test_five_small_cards_equals_counting_every_hand() -> None:
    """Every five-card hand of a tiny real pack (16 cards), and every sequence of five
    ranks for an infinite deck."""
    import dataclasses

    rules = compile_rules(load_ruleset(TINY / "tiny-blackjack.yaml"))
    cards = [r for r in range(13) if rules.rank_present[r] for _ in range(4)]
    hands = list(itertools.combinations(range(len(cards)), 5))
    small = sum(sum(rules.values[cards[i]] for i in hand) <= 21 for hand in hands)
    assert five_small_cards(rules) == Fraction(small, len(hands))
    ranks = [r for r in range(13) if rules.rank_present[r]]
    seqs = list(itertools.product(ranks, repeat=5))
    small = sum(sum(rules.values[r] for r in seq) <= 21 for seq in seqs)
    infinite = dataclasses.replace(rules, decks=None)
    assert five_small_cards(infinite) == Fraction(small, len(seqs))


def test_pagat_one_pack_favours_the_banker_and_more_packs_the_player() -> None:
    """pagat's edge changes sign between one and two packs; the seat's five-card tricks,
    and five small cards in a row, grow with every pack added (card removal: small cards
    drawn leave fewer behind)."""
    rows = by_pack_count(compile_rules(load_ruleset("pagat-british")))
    assert [r["decks"] for r in rows] == [1, 2, 4, None]
    assert rows[0]["edge_percent"] > 0 > rows[1]["edge_percent"]  # type: ignore[operator]
    for key in ("edge_percent",):
        values = [r[key] for r in rows]
        assert values == sorted(values, reverse=True)  # type: ignore[type-var]
    for key in ("five_card_trick", "five_small_cards", "staked"):
        values = [r[key] for r in rows]
        assert values == sorted(values), key  # type: ignore[type-var]
