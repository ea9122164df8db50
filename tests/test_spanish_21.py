"""The bundled spanish-21 (Chukchansi Gold): worked examples from the published rules,
and the overlays of the Wizard of Odds' house-edge table (examples/spanish-21/).

Shoes are in dealing order: the box's first card, the dealer's up card, the box's second
card, the dealer's hole card, then the box's draws and the dealer's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_helpers import nets, run

from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.fields import leaf_paths, value_at
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

S21 = "spanish-21"
OVERLAYS = Path(__file__).resolve().parents[1] / "examples" / "spanish-21"


def legal_lists(result: Any) -> list[list[str]]:
    return [e["legal"] for e in result.transcript if e["event"] == "decision"]


class TestRedouble:
    """"Players can double down a maximum of 3 times on one hand." and "the Player may
    rescue (take back) the last DOUBLED portion of the bet." """

    def test_a_redouble_works(self) -> None:
        r = run(S21, [100], "5S 9D 4H 8C 2C JH", "p1 double, p1 double, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert hand.cards == ["5S", "4H", "2C", "JH"]
        assert hand.stakes == [100, 100, 100]  # each double one original bet (our reading)
        assert hand.hand_class == "twenty-one" and nets(r) == [300, -300]

    def test_three_doubles_and_no_fourth(self) -> None:
        r = run(S21, [100], "2S 9D 2H 8C 2C 2D 3H", "p1 double, p1 double, p1 double, p1 stick")
        assert r.result.seats[0].hands[0].stakes == [100, 100, 100, 100]
        assert "double" not in legal_lists(r)[-1]

    def test_the_rescue_takes_back_the_last_doubled_portion(self) -> None:
        r = run(S21, [100], "5S 9D 4H 8C 2C 3H", "p1 double, p1 double, p1 rescue")
        assert r.result.seats[0].hands[0].rescued and nets(r) == [-200, 200]


class TestTwentyOnes:
    def test_player_blackjack_beats_dealer_blackjack(self) -> None:
        # "Player blackjack beats Dealer blackjack."; even money is offered against the ace.
        r = run(S21, [100], "AS AD KH KC", "p1 decline")
        assert legal_lists(r) == [["even-money", "decline"]]
        assert nets(r) == [150, -150]

    def test_a_dealer_blackjack_beats_a_20_at_the_peek(self) -> None:
        r = run(S21, [100], "KS AD QH KC", "p1 decline")
        assert r.result.ended_early and nets(r) == [-100, 100]

    def test_a_player_21_beats_a_dealer_21(self) -> None:
        # "Player total of 21 always beats a dealer of 21." (Emerald Queen)
        r = run(S21, [100], "9S 9D 5H 5C 7C 7D", "p1 twist")
        assert r.result.banker_total == 21 and nets(r) == [100, -100]

    def test_a_five_card_21_pays_3_to_2(self) -> None:
        r = run(S21, [100], "2S 9D 3H 8C 4C 5S 7H", "p1 twist, p1 twist, p1 twist")
        assert r.result.seats[0].hands[0].hand_class == "five-card-21"
        assert nets(r) == [150, -150]

    def test_a_doubled_five_card_21_gets_no_bonus(self) -> None:
        # "‘Bonus 21’ payouts are not paid on doubled hands."
        r = run(S21, [100], "2S 9D 3H 8C 4C 5S 7H", "p1 twist, p1 twist, p1 double, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert (len(hand.cards), hand.hand_class) == (5, "twenty-one")
        assert nets(r) == [200, -200]

    @pytest.mark.parametrize(("shoe", "hand", "net"), [
        ("7S 9D 7H 8C 7D", "sevens", 150),
        ("7H 9D 7H 8C 7H", "suited-sevens", 200),
        ("7S 9D 7S 8C 7S", "sevens-in-spades", 300),
    ])
    def test_seven_seven_seven_by_suits(self, shoe: str, hand: str, net: int) -> None:
        r = run(S21, [100], shoe, "p1 twist")
        assert r.result.seats[0].hands[0].hand_class == hand and nets(r) == [net, -net]


class TestSurrenderAndSplit:
    def test_late_surrender_returns_half(self) -> None:
        # "Players will forfeit one-half of original bet"
        r = run(S21, [100], "9S 7D 7H KD", "p1 surrender")
        assert nets(r) == [-50, 50]

    def test_split_aces_may_draw_and_resplit(self) -> None:
        # "Hitting and doubling down of split hands, including Aces, is allowed."
        r = run(S21, [100], "AS 9D AH 8C AC 5D 2H 3H KS",
                "p1 split, p1 split, p1 twist, p1 stick, p1 stick")
        assert [len(h.cards) for h in r.result.seats[0].hands] == [3, 2, 2]


def test_the_analysis_and_the_simulator_read_it() -> None:
    """The exact analysis values the suited hands (by their chance given the ranks), the
    rescue, the redouble and surrender; the compiled simulator plays them all, the suits
    from the cards dealt (tests/test_sim_differential.py proves it against the engine)."""
    assert refused_names(load_bundled(S21), "edge") == []
    assert refused_names(load_bundled(S21), "simulate") == []


# -- the Wizard of Odds table's rows, as overlays -------------------------------------------
ROWS = {
    "spanish-21-no-redouble": {"player.double.times_per_hand": 1},
    "spanish-21-s17-no-redouble": {"player.double.times_per_hand": 1,
                                   "banker.hit_soft_17": False},
    "spanish-21-8-decks": {"pack.decks": 8},
    "spanish-21-no-redouble-8-decks": {"pack.decks": 8, "player.double.times_per_hand": 1},
    "spanish-21-s17-no-redouble-8-decks": {"pack.decks": 8, "player.double.times_per_hand": 1,
                                           "banker.hit_soft_17": False},
}


@pytest.mark.parametrize(("overlay", "changed"), ROWS.items())
def test_each_row_changes_only_what_it_names(overlay: str, changed: dict[str, object]) -> None:
    base = load_bundled(S21)
    child = load_ruleset(str(OVERLAYS / f"{overlay}.yaml"))
    assert child.id == overlay and child.extends == S21
    differing = {p: value_at(child, p) for p in leaf_paths()
                 if value_at(base, p) != value_at(child, p)}
    assert differing == changed
    assert all(child.provenance[p].source == "woo" for p in changed)


OTHER_OVERLAYS = {"spanish-21-super-bonus": ("stakes.min_stake",)}
"""The overlays that are not rows of the table, with the fields they change (the Super
Bonus, bundled, is played in tests/test_family_hands.py; this overlay values it at $5)."""


@pytest.mark.parametrize(("overlay", "changed"), OTHER_OVERLAYS.items())
def test_each_other_overlay_changes_only_what_it_names(overlay: str,
                                                      changed: tuple[str, ...]) -> None:
    base = load_bundled(S21)
    child = load_ruleset(str(OVERLAYS / f"{overlay}.yaml"))
    assert child.id == overlay and child.extends == S21
    differing = tuple(p for p in leaf_paths() if value_at(base, p) != value_at(child, p))
    assert differing == changed
    assert all(p in child.provenance for p in changed)


def test_the_super_bonus_overlay_is_valued_by_the_analysis_and_played_by_the_simulator(
) -> None:
    """Its prize is by the stake: the exact analysis values it at the least stake, one group
    of up cards at a time (`analysis.upcards`, `tests/test_upcards.py`); the compiled
    simulator plays it as the engine does, the Envy Bonus to the others too
    (`tests/test_sim_upcards.py`)."""
    child = load_ruleset(str(OVERLAYS / "spanish-21-super-bonus.yaml"))
    assert refused_names(child, "edge") == []
    assert refused_names(child, "simulate") == []


def test_every_row_overlay_is_tested() -> None:
    assert {p.stem for p in OVERLAYS.glob("*.yaml")} == set(ROWS) | set(OTHER_OVERLAYS)
    assert not set(ROWS) & set(OTHER_OVERLAYS)


PUBLISHED = {"spanish-21": 0.42, "spanish-21-8-decks": 0.45, "spanish-21-no-redouble": 0.78,
             "spanish-21-no-redouble-8-decks": 0.80, "spanish-21-s17-no-redouble": 0.37,
             "spanish-21-s17-no-redouble-8-decks": 0.38}
"""The Wizard of Odds' house edges (percent, two decimals, basic strategy) of the rows the
overlays are (their provenance quotes the table); spanish-21 itself is the 6-deck row "H17
with redoubling"."""


@pytest.mark.parametrize(("ruleset_id", "published"), PUBLISHED.items())
def test_the_exact_edge_agrees_with_the_published_table(ruleset_id: str,
                                                        published: float) -> None:
    """Our composition-dependent play is at least as good as the table's basic strategy,
    so our edge is at most the table's (to its rounding) and, the difference being small
    at six or eight decks, within 0.05 points of it. (Measured: within 0.006 points on the
    four rows without redoubling, 0.03 below on the two with it.)"""
    ruleset = (load_bundled(S21) if ruleset_id == S21
               else load_ruleset(str(OVERLAYS / f"{ruleset_id}.yaml")))
    edge = house_edge(compile_rules(ruleset), with_stats=False).house_edge
    assert published - 0.05 <= edge <= published + 0.005
