"""The banker's face-up cards under which a natural can be dealt (`natural_up_ranks`, the
peek's sentence): worked out from one pair of each two ranks where no banker's hand asks
for suits, and from every pair of cards where one does; both the same as classifying every
pair of the pack's cards, as the engine deals them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pontoon_rules.engine.round import example_hands
from pontoon_rules.engine.round.cards import RANK_CODES, rank_of
from pontoon_rules.engine.round.hand import classify_afresh
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def every_pair(ruleset: Ruleset) -> list[str]:
    """The up ranks found by classifying every two cards the banker may be dealt."""
    rules = compile_rules(ruleset)
    naturals = {h for h, d in ruleset.hands.definitions.items() if d.natural}
    cards = [c for c, held in enumerate(rules.card_present) if held]
    return [RANK_CODES[rank] for rank in range(len(RANK_CODES)) if rules.rank_present[rank]
            and any(classify_afresh(example_hands._hand_of([up, other], rules), rules, True)
                    in naturals for up in cards if rank_of(up) == rank
                    for other in cards if other != up or rules.decks != 1)]


def overlay(tmp_path: Path, text: str) -> Ruleset:
    path = tmp_path / "overlay.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_each_bundled_game_as_every_pair_says(ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    assert example_hands._up_ranks(r) == every_pair(r)


OVERLAY = """extends: blackjack-reference
schema_version: 2
kind: variation
id: natural-{decks}
name: natural of some cards
pack: {{decks: {decks}}}
"""
SUITED = OVERLAY + """hands:
  definitions:
    pontoon: {{suits: {suits}}}
"""


@pytest.mark.parametrize(("decks", "suits", "expected"), [
    (1, "suited", ["A", "T", "J", "Q", "K"]),
    (6, "spades", ["A", "T", "J", "Q", "K"]),
    (1, "mixed", ["A", "T", "J", "Q", "K"]),
])
def test_a_banker_natural_of_some_suits(tmp_path: Path, decks: int, suits: str,
                                        expected: list[str]) -> None:
    r = overlay(tmp_path, SUITED.format(decks=decks, suits=suits))
    assert example_hands._up_ranks(r) == every_pair(r) == expected


TWO_ACES = OVERLAY + """hands:
  ranking: [aces, pontoon, total]
  definitions:
    pontoon: {{natural: false}}
    aces: {{name: two suited aces, ranks: [A, A], suits: suited, natural: true}}
"""


@pytest.mark.parametrize(("decks", "suits"), [(2, "suited"), (1, "mixed")])
def test_a_natural_of_two_aces_of_some_suits(tmp_path: Path, decks: int, suits: str) -> None:
    """Two suited aces (two packs) or two aces of two suits (one pack: the pair of one card
    with itself is not a pair the pack deals): only an ace shows it."""
    r = overlay(tmp_path, TWO_ACES.format(decks=decks).replace("suited, natural",
                                                               f"{suits}, natural"))
    assert example_hands._up_ranks(r) == every_pair(r) == ["A"]


def test_a_natural_of_hearts_only(tmp_path: Path) -> None:
    """Ace and king of hearts: the first ace and king of the pack (spades) never make it, so
    one pair of each two ranks would find none; every pair finds both ranks."""
    r = overlay(tmp_path, TWO_ACES.format(decks=1).replace("[A, A], suits: suited",
                                                           "[A, K], suits: hearts"))
    assert example_hands._up_ranks(r) == every_pair(r) == ["A", "K"]


def test_two_aces_of_any_suits_in_one_pack(tmp_path: Path) -> None:
    """Without suits, one pair of each two ranks: a single pack's two aces are two cards."""
    r = overlay(tmp_path, TWO_ACES.format(decks=1).replace(", suits: suited", ""))
    assert example_hands._up_ranks(r) == every_pair(r) == ["A"]
