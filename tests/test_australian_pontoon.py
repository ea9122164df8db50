"""The bundled australian-pontoon (The Star, Sydney, per the Wizard of Odds): worked
examples from the published rules, played through the engine, and the overlays of the
published house-edge table (examples/australian-pontoon/).

Shoes are in dealing order: the box's first card, the dealer's one card, the box's
second card, then the box's draws, then the dealer's second card and draws.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import IllegalActionError
from pontoon_rules.ruleset.format.fields import leaf_paths, value_at
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

AU = "australian-pontoon"
OVERLAYS = Path(__file__).resolve().parents[1] / "examples" / "australian-pontoon"


def legal_lists(result: object) -> list[list[str]]:
    return [e["legal"] for e in result.transcript if e["event"] == "decision"]  # type: ignore[attr-defined]


def played(result: object, hand: int = 0) -> object:
    return result.result.seats[0].hands[hand]  # type: ignore[attr-defined]


def test_the_pack_is_eight_spanish_decks() -> None:
    r = load_bundled(AU)
    assert r.pack.decks == 8 and len(r.pack.ranks) == 12 and "T" not in r.pack.ranks
    assert r.deal.banker_cards == 1 and not r.deal.banker_pontoon_at_once


class TestBonuses:
    """"A 6-7-8 or 7-7-7 of mixed suits pays 3 to 2, of the same suit pays 2 to 1, and of
    spades pays 3 to 1." (Wizard of Odds, The Star, Sydney)"""

    @pytest.mark.parametrize(("shoe", "hand", "net"), [
        ("7S 5D 7H 7D KC 2C", "sevens", 150),
        ("7H 5D 7H 7H KC 2C", "suited-sevens", 200),
        ("7S 5D 7S 7S KC 2C", "sevens-in-spades", 300),
        ("6D 5D 7C 8H KC 2C", "six-seven-eight", 150),
        ("6C 5D 7C 8C KC 2C", "suited-six-seven-eight", 200),
        ("8S 5D 6S 7S KC 2C", "six-seven-eight-in-spades", 300),
    ])
    def test_by_suits(self, shoe: str, hand: str, net: int) -> None:
        r = run(AU, [100], shoe, "p1 twist")
        assert played(r).hand_class == hand  # type: ignore[attr-defined]
        assert nets(r) == [net, -net]

    def test_a_five_card_21_pays_3_to_2_and_beats_a_dealer_pontoon(self) -> None:
        r = run(AU, [100], "2S AD 3H 4C 5D 7S KH", "p1 twist, p1 twist, p1 twist")
        assert played(r).hand_class == "five-card-21"  # type: ignore[attr-defined]
        assert r.result.banker_class == "pontoon"
        assert nets(r) == [150, -150]

    @pytest.mark.parametrize(("shoe", "twists", "hand", "net"), [
        ("AS 5D 2H 3C 4D 5S 6H KC 2C", 4, "six-card-21", 200),
        ("AS 5D AH 2C 2D 3S 5H 7C KC 2C", 5, "seven-card-21", 300),
    ])
    def test_six_and_seven_card_21s(self, shoe: str, twists: int, hand: str, net: int) -> None:
        r = run(AU, [100], shoe, ", ".join(["p1 twist"] * twists))
        assert played(r).hand_class == hand  # type: ignore[attr-defined]
        assert nets(r) == [net, -net]

    def test_a_doubled_hand_gets_no_bonus(self) -> None:
        # Doubling on 9 to 11 with two cards cannot make a bonus hand here; under the NLC
        # overlays' doubling on any number of cards a doubled five-card 21 is a plain 21.
        path = str(OVERLAYS / "australian-pontoon-obbo-spl2-nlc.yaml")
        r = run(path, [100], "2S 5D 3H 4C 5D 7S KC 2C", "p1 twist, p1 twist, p1 double, p1 stick")
        hand = played(r)
        assert (len(hand.cards), hand.total, hand.hand_class) == (5, 21, "twenty-one")  # type: ignore[attr-defined]
        assert nets(r) == [200, -200]


class TestTwentyOneWinsAtOnce:
    """"A player 21 or blackjack wins immediately." """

    def test_a_three_card_21_beats_a_dealer_pontoon_at_evens(self) -> None:
        r = run(AU, [100], "9S AD 5H 7C KH", "p1 twist")
        assert r.result.banker_class == "pontoon" and nets(r) == [100, -100]

    def test_a_pontoon_pays_3_to_2_even_against_the_dealers(self) -> None:
        r = run(AU, [100], "AS AD KH KC")
        assert played(r).hand_class == "pontoon"  # type: ignore[attr-defined]
        assert nets(r) == [150, -150]

    def test_a_split_ace_and_picture_is_a_21_at_evens(self) -> None:
        r = run(AU, [100], "AS 9D AH KC QH 8C", "p1 split")
        assert [h.hand_class for h in r.result.seats[0].hands] == ["twenty-one", "twenty-one"]
        assert nets(r) == [200, -200]


class TestDoubling:
    """"Player may double on 9 to 11 only." and "If player were to double on a soft hand,
    the ace would be forced to count as 1." """

    @pytest.mark.parametrize(("shoe", "offered"), [
        ("5S 7D 4H", True), ("5S 7D 6H", True), ("5S 7D 7H", False), ("4S 7D 4H", False),
        ("AS 7D 8H", True), ("AS 7D 2H", False)])
    def test_on_nine_to_eleven(self, shoe: str, offered: bool) -> None:
        r = run(AU, [100], f"{shoe} 2C 5C 5H", "p1 stick")
        assert ("double" in legal_lists(r)[0]) is offered

    def test_a_soft_double_counts_the_ace_one(self) -> None:
        r = run(AU, [100], "AS 7D 8H 2C KS", "p1 double, p1 stick")
        assert played(r).total == 11  # type: ignore[attr-defined]  # 1 + 8 + 2, not 21

    def test_the_rescue_forfeits_the_original_bet(self) -> None:
        # "The player forfeits an amount equal to his original bet."
        r = run(AU, [100], "5S 7D 5H 3S", "p1 double, p1 rescue")
        assert played(r).rescued and nets(r) == [-100, 100]  # type: ignore[attr-defined]


class TestSurrender:
    """Genting: "Players can surrender half of the initial bet only when the dealer's first
    card is an Ace or any Picture cards. However, if the dealer achieves “Pontoon”, the
    surrender will be considered void." """

    def test_returns_half(self) -> None:
        r = run(AU, [100], "9S KD 7H 5S", "p1 surrender")
        assert played(r).surrendered and nets(r) == [-50, 50]  # type: ignore[attr-defined]

    def test_void_on_a_dealer_pontoon(self) -> None:
        r = run(AU, [100], "9S KD 7H AS", "p1 surrender")
        assert not played(r).surrendered and nets(r) == [-100, 100]  # type: ignore[attr-defined]

    def test_only_against_a_picture_or_ace(self) -> None:
        with pytest.raises(IllegalActionError):
            run(AU, [100], "9S 9D 7H 5S", "p1 surrender")


class TestWhatADealerPontoonTakes:
    """OBBO (the base) and BB+1 (the overlays): with no hole card the boxes double and
    split before the dealer's second card."""

    SPLIT_AND_DOUBLE = ("8S AD 8H 3C 9D KH KS", "p1 split, p1 double, p1 stick, p1 stick")

    def test_obbo_takes_one_original_bet_from_each_hand(self) -> None:
        r = run(AU, [100], *self.SPLIT_AND_DOUBLE)
        assert [h.stakes for h in r.result.seats[0].hands] == [[100, 100], [100]]
        assert r.result.banker_class == "pontoon" and nets(r) == [-200, 200]

    def test_bb1_takes_one_original_bet_from_the_box(self) -> None:
        path = str(OVERLAYS / "australian-pontoon-bb1-spl2-spa1-nlc.yaml")
        r = run(path, [100], *self.SPLIT_AND_DOUBLE)
        assert nets(r) == [-100, 100]

    def test_a_dealer_total_takes_everything(self) -> None:
        r = run(AU, [100], "8S 9D 8H 3C 9S KH QS", "p1 split, p1 double, p1 stick, p1 stick")
        assert r.result.banker_class == "total"
        assert [h.net for h in r.result.seats[0].hands] == [200, -100]


def test_the_analysis_reads_it_bb1_with_splits_too() -> None:
    """The exact analysis values doubling on 9-11 with the ace counting 1, a late surrender
    void against a dealer pontoon with no hole card, the rescue, the suited hands and a
    dealer pontoon that takes only the original bets (tests/test_composition.py,
    tests/test_named_analysis.py); and BB+1, one original stake from a seat in all, once
    the seat may split, with the approximation its method names (tests/test_seat_takes.py).
    The compiled simulator plays all of them, as the engine does."""
    from pontoon_rules.analysis.seat_takes import APPROXIMATION

    assert refused_names(load_bundled(AU), "edge") == []
    bb1 = load_ruleset(str(OVERLAYS / "australian-pontoon-bb1-spl1-nlc.yaml"))
    for command in ("edge", "strategy", "costs", "simulate"):
        assert refused_names(bb1, command) == []
    assert refused_names(load_bundled(AU), "simulate") == []
    result = house_edge(compile_rules(bb1))
    assert APPROXIMATION in result.method
    assert APPROXIMATION not in house_edge(compile_rules(load_bundled(AU))).method


# -- the published house-edge table's rule sets, as overlays --------------------------------
ROWS = {  # Wikipedia's table: the row's overlay, and the fields it changes from the base
    "australian-pontoon-obbo-spl2-nlc": {
        "player.split.resplit_aces": True, "player.double.totals": None,
        "player.double.max_cards": None},
    "australian-pontoon-bb1-spl3-spa1-nlc-4-decks": {
        "pack.decks": 4, "player.split.max_hands": 4, "player.double.totals": None,
        "player.double.max_cards": None},
    "australian-pontoon-bb1-spl1-nlc-6-decks": {
        "pack.decks": 6, "player.split.max_hands": 2, "player.split.resplit": False,
        "player.double.totals": None, "player.double.max_cards": None},
    "australian-pontoon-bb1-spl1-nlc": {
        "player.split.max_hands": 2, "player.split.resplit": False,
        "player.double.totals": None, "player.double.max_cards": None},
    "australian-pontoon-bb1-spl2-spa1-nlc": {
        "player.double.totals": None, "player.double.max_cards": None},
    "australian-pontoon-obbo-spl2-spa1": {"player.double.totals": None},
}


@pytest.mark.parametrize(("overlay", "changed"), ROWS.items())
def test_each_table_row_changes_only_what_it_prints(overlay: str, changed: dict[str, object]
                                                    ) -> None:
    base = load_bundled(AU)
    child = load_ruleset(str(OVERLAYS / f"{overlay}.yaml"))
    assert child.id == overlay and child.extends == AU
    differing = {p: value_at(child, p) for p in leaf_paths()
                 if value_at(base, p) != value_at(child, p)}
    takes = child.hands.definitions["pontoon"].takes.value
    assert takes == ("busted-plus-one" if "-bb1-" in overlay else "original-bets")
    differing.pop("hands.definitions", None)
    assert {p: (list(v) if isinstance(v, tuple) else v) for p, v in differing.items()} == changed
    for path in changed:
        assert path in child.provenance and child.provenance[path].source == "wiki"


def test_every_row_overlay_is_tested() -> None:
    assert {p.stem for p in OVERLAYS.glob("*.yaml")} == set(ROWS)


def test_the_not_last_chance_reading_is_open() -> None:
    child = load_ruleset(str(OVERLAYS / "australian-pontoon-obbo-spl2-nlc.yaml"))
    prov = child.provenance["player.double.max_cards"]
    assert prov.open and "not last chance" in prov.note and prov.quote == (
        "NLC = not last chance doubling")


PUBLISHED = {"australian-pontoon": 0.62, "australian-pontoon-obbo-spl2-nlc": 0.34,
             "australian-pontoon-bb1-spl3-spa1-nlc-4-decks": 0.31,
             "australian-pontoon-bb1-spl1-nlc-6-decks": 0.41,
             "australian-pontoon-bb1-spl1-nlc": 0.38,
             "australian-pontoon-bb1-spl2-spa1-nlc": 0.40}
"""Wikipedia's table (percent, basic strategy, simulated, the super bonus averaged in at
100:1): the base (row 6, "SPL2, SPA1, D9"), row 1 (OBBO) and rows 2-5 (BB+1)."""


@pytest.mark.parametrize(("ruleset_id", "published"), PUBLISHED.items())
def test_the_exact_edge_is_near_the_published_table(ruleset_id: str, published: float) -> None:
    """Within 0.06 points (measured: 0.051 below row 6, 0.006 above row 1, where the table
    averages in a super bonus this ruleset does not hold; rows 2, 3 and 5 within 0.009,
    row 4 0.059 above: the table puts 8 decks (0.38) below 6 (0.41), where more decks cost
    the player, ours 0.4390 and 0.4095)."""
    ruleset = (load_bundled(AU) if ruleset_id == AU
               else load_ruleset(str(OVERLAYS / f"{ruleset_id}.yaml")))
    edge = house_edge(compile_rules(ruleset), with_stats=False).house_edge
    assert abs(edge - published) <= 0.06


def test_row_7_doubles_as_the_base_where_an_ace_counts_1() -> None:
    """Row 7 ("SPL2, SPA1", no D9: 0.50%) is 0.12 below row 6 in the table, but with an ace
    counting 1 once doubled (the base's reading of Sydney) no double outside 9-11 is ever
    best: the exact edges are equal (site/analysis-methods.md)."""
    row7 = load_ruleset(str(OVERLAYS / "australian-pontoon-obbo-spl2-spa1.yaml"))
    edges = [house_edge(compile_rules(r), with_stats=False).house_edge
             for r in (row7, load_bundled(AU))]
    assert edges[0] == pytest.approx(edges[1], abs=1e-9)


BB1_PUBLISHED = {"australian-pontoon-bb1-spl3-spa1-nlc-4-decks": 0.31,
                 "australian-pontoon-bb1-spl1-nlc-6-decks": 0.41,
                 "australian-pontoon-bb1-spl1-nlc": 0.38,
                 "australian-pontoon-bb1-spl2-spa1-nlc": 0.40}
"""Wikipedia's table, rows 2-5: BB+1 from a seat that may split, which the compiled
simulator plays as the engine settles it (`benchmarks/published_tables.py --compiled`)."""


@pytest.mark.parametrize(("overlay", "published"), BB1_PUBLISHED.items())
def test_the_bb1_rows_simulate_near_the_published_table(overlay: str, published: float) -> None:
    """A million rounds from a fresh shoe (10 million in the benchmark, where every row's
    published figure lies inside the 99.9% interval): the seat gives up one original stake
    in all to a dealer pontoon, as the engine settles it (tests/test_sim_differential.py)."""
    from pontoon_rules.sim.runs.simulate import simulate

    rules = compile_rules(load_ruleset(str(OVERLAYS / f"{overlay}.yaml")))
    found = simulate(rules, 1_000_000, seed=21, dealing="shoe")
    low, high = found.interval
    assert found.path == "compiled" and low <= published <= high and high - low < 0.8
    assert low <= house_edge(rules, with_stats=False).house_edge <= high
