"""The exact composition-dependent finite-shoe method (`analysis.composition`)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from analysis_reference import capped, reference_value
from sizes import size

from pontoon_rules.analysis.composition.banker import banker_tables, exact_banker_mass
from pontoon_rules.analysis.composition.model import CompositionModel, method_name
from pontoon_rules.analysis.dealer import AnalysisError
from pontoon_rules.analysis.edge import default_deck, edge_of, house_edge
from pontoon_rules.analysis.hand import start_state
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset

TINY = Path(__file__).parent / "rulesets"

# Eric Farmer's Blackjack Basic Strategy Calculator 7.6 (github.com/possibly-wrong/blackjack,
# src/strategy.cpp built with `g++ -O2 -Isrc -Isrc/pdf strategy.cpp blackjack.cpp
# pdf/blackjack_pdf.cpp indices.cpp`), answers: 6 decks, S17 (n), double any total (y),
# double soft (y), double after hit (n), DAS (y), resplit (y), resplit aces (n), CDZ- (y),
# surrender (n), blackjack pays 1.5. Its "Total" line:
FARMER_CDZ_EV_PERCENT = -0.402870236
# and the per-hand lines of the same run ("Enter dealer up card and player hand"), percent:
FARMER_HANDS = [
    # up card, player cards, stand, hit, double, split (None: not a pair)
    (2, (10, 6), -29.362663585, -47.010389285, -94.020778570, None),
    (2, (5, 6), -28.759282377, 24.569877673, 48.605717867, None),
    (2, (8, 8), -29.003816155, -46.846914849, -93.693829698, 8.188548292),
    (6, (8, 8), -15.749512864, -42.548550980, -85.097101959, 40.568859350),
    (2, (1, 1), -28.986965788, 8.384184043, -6.303947116, 48.586988050),
    (6, (2, 2), -14.897869474, 1.462338847, -29.795738949, 24.016357919),
]


def tiny(name: str):  # type: ignore[no-untyped-def]
    return compile_rules(load_ruleset(TINY / f"{name}.yaml"))


@pytest.fixture(scope="module")
def blackjack() -> CompositionModel:
    return CompositionModel(compile_rules(load_ruleset("blackjack-reference")))


# -- exactness ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["tiny-ochko", "tiny-belarus", "tiny-pagat", "tiny-blackjack",
                                  "tiny-values", "tiny-values-blackjack", "tiny-double-totals",
                                  "tiny-soft-double", "tiny-redouble", "tiny-surrender",
                                  "tiny-surrender-no-hole", "tiny-rescue", "tiny-obbo",
                                  "tiny-must-stand", "tiny-early-surrender",
                                  "tiny-early-surrender-void"])
def test_composition_model_matches_brute_force_on_a_real_pack(name: str) -> None:
    """One real pack of four ranks, every card sequence and decision through `RoundState`:
    the composition-dependent value equals the best play by brute force, as Fractions.
    The last two count the pack's own values (a king 4 and an ace 11 only; a six 4 on two
    packs of two suits: the shoe holds each rank as often as the pack has suits). Then
    doubling on 9 to 11 only, an ace counting 1 once doubled (which changes the value only
    where soft hands may double: tiny-soft-double), and three doubles a hand, one card
    after each, a redouble adding one original stake. Then a late surrender, after the
    peek and with no hole card (a return that is whole minor units: the engine rounds a
    surrender's return, the analysis does not). Then the double-down rescue of the last
    doubled part, after any of the three doubles (tiny-rescue); and with no hole card a
    dealer pontoon that takes only the original bets, against which a surrender is void
    (tiny-obbo: the banker's second card decides it). Then a banker by choice who must
    stand on 15 (tiny-must-stand): the named policy, stand on 17, held to the rule. Last,
    an early surrender, before the check for a pontoon and in the same decision as
    insurance, and one void against the check's pontoon (the hand then settles as it
    stands).

    No splits here: for unsplit hands the method is exactly the best play given
    everything the player sees (their cards, the visible card, the peek). The two packs
    of small cards named in `REAL_PACK_CARDS` hold their hands to a few cards in
    `make test`.
    """
    rules = capped(tiny(name), REAL_PACK_CARDS.get(name, 0))
    assert CompositionModel(rules, exact=True).value_of_round() == reference_value(
        rules, finite=True)


REAL_PACK_CARDS = {"tiny-double-totals": size(4, 0), "tiny-soft-double": size(4, 0)}
"""The most cards of a hand in the brute force of these packs (0: the ruleset's own limit).
Their twos make long hands, a tenth of the brute force's time at four cards; a double on
two or three cards (the fourth card), an ace counted 1 once doubled and the banker's
draws still move the value (a soft double with the ace counted 11 does not equal it);
`make test-long` plays the hands unlimited."""


@pytest.mark.parametrize("name", ["tiny-rescue", "tiny-obbo", "tiny-must-stand",
                                  "tiny-early-surrender", "tiny-early-surrender-void"])
def test_the_family_decisions_on_an_infinite_deck_equal_brute_force(name: str) -> None:
    """The rescue, OBBO and a void surrender, the banker held to a total and the early
    surrenders in the infinite-deck model too (every hand held to five cards, as in
    tests/test_named_analysis.py)."""
    rules = capped(tiny(name), 5)
    assert RoundModel(rules, "infinite", exact=True).value() == reference_value(rules)


def test_a_void_surrender_keeps_the_bankers_two_cards_in_the_bankers_book() -> None:
    """A surrender void against a banker's pontoon nobody checks for is valued over the
    banker's next card for every player's hand (`giving_up.void_surrender`): the banker's
    hand and points for each two cards are worked out once and kept in the banker's book,
    each as the book gives it afresh."""
    from pontoon_rules.analysis.named import hand_book
    from pontoon_rules.analysis.outcomes import total_of

    rules = tiny("tiny-obbo")
    model = CompositionModel(rules, exact=True)
    model.value_of_round()
    book = hand_book(model.rules, tuple(model.kinds), banker=True)  # as the solve read them
    assert len(book.bankers) >= len(model.kinds)  # the up card and each next card
    for two, (bank, points) in book.bankers.items():
        assert points == total_of(sum(model.kinds[c].value for c in two),
                                  any(model.kinds[c].is_ace for c in two), rules)
        assert bank == book.banker_hand(points, len(two), book.pattern(two))


def test_the_rescue_is_valued_and_taken() -> None:
    """The rescue is worth something on tiny-redouble's pack (the brute force above is not
    blind to it); giving back every doubled part (all but the original stake), and the last
    part of a redouble of the whole stake, are valued as the brute force plays them too."""
    with_rescue = tiny("tiny-rescue")
    exact = CompositionModel(with_rescue, exact=True).value_of_round()
    assert exact > CompositionModel(tiny("tiny-redouble"), exact=True).value_of_round()
    values = {}
    for stake, returns in (("original-stake", "all-but-original"),
                           ("whole-stake", "last-double")):
        data = with_rescue.ruleset.model_dump(mode="python")
        data["player"]["double"]["redouble_stake"] = stake
        data["player"]["double"]["rescue"]["returns"] = returns
        variant = compile_rules(Ruleset.model_validate(data))
        values[returns] = CompositionModel(variant, exact=True).value_of_round()
        assert values[returns] == reference_value(variant, finite=True)
    assert values["all-but-original"] > exact  # more comes back after a redouble


def test_banker_outlook_sums_to_one_and_matches_fractions() -> None:
    rules = tiny("tiny-blackjack")
    model = CompositionModel(rules)
    tables = banker_tables(rules, model.kinds, model.policy, tuple(model.visibles))
    banker, peeked, _ = model.outlook((1, 0, 0, 1))
    for v, table in enumerate(tables):
        shoe = [int(c) for c in model.full - model.visible_counts[v] - np.array((1, 0, 0, 1))]
        exact = exact_banker_mass(shoe, table)
        assert sum(exact) == 1
        assert np.allclose([float(x) for x in exact[:-1]], banker[v])
        assert float(exact[-1]) == pytest.approx(peeked[v])


# -- the published reference --------------------------------------------------------------
def test_blackjack_reference_agrees_with_farmer_cdz(blackjack: CompositionModel) -> None:
    """Farmer's CDZ- figure to 0.0005 percentage points (it agrees to about 1e-9)."""
    ev = 100 * float(blackjack.value_of_round())
    assert abs(ev - FARMER_CDZ_EV_PERCENT) < 0.0005


@pytest.mark.parametrize(("up", "cards", "stand", "hit", "double", "split"), FARMER_HANDS)
def test_blackjack_hand_values_agree_with_farmer(blackjack: CompositionModel, up: int,
                                                 cards: tuple[int, int], stand: float,
                                                 hit: float, double: float,
                                                 split: float | None) -> None:
    m = blackjack
    kinds = tuple(sorted(c - 1 for c in cards))
    state = start_state(m.kinds, kinds, False, m.rules)
    removed = m._removed(kinds)
    values = {str(c): 100 * m.option(removed, state, c)[up - 1, 0]
              for c in m.hands.options(state)}
    assert values == pytest.approx({"stick": stand, "twist": hit, "double": double},
                                   abs=1e-8)
    if split is not None:
        assert 100 * m.split_all(kinds[0])[up - 1, 0] == pytest.approx(split, abs=1e-8)


# -- defaults and naming --------------------------------------------------------------------
def test_default_is_the_rulesets_own_shoe() -> None:
    rules = compile_rules(load_ruleset("pagat-british"))
    assert default_deck(rules) == "finite"
    result = house_edge(rules)
    assert result.deck == "finite" and "composition-dependent" in result.method
    assert "1 pack" in result.deck_description and "default" in result.deck_description
    assert "CDZ-" in result.to_json()["method"]
    assert edge_of(rules) == pytest.approx(result.house_edge)


def test_infinite_pack_defaults_to_the_infinite_method() -> None:
    data = load_ruleset("casino-ochko").model_dump(mode="python")
    data["pack"]["decks"] = "infinite"
    rules = compile_rules(Ruleset.model_validate(data))
    assert default_deck(rules) == "infinite"
    assert house_edge(rules, with_stats=False).deck == "infinite"
    with pytest.raises(AnalysisError, match="infinite"):
        house_edge(rules, "finite")


def test_approximate_post_split_method_is_named() -> None:
    """Two cards to each split hand are outside the exact CDZ- split: the method says it is
    the approximate CDP1~. casino-ochko's one-branch blocking is inside it, with its own
    three hands and with four (the deal followed hand by hand)."""
    data = load_ruleset("casino-ochko").model_dump(mode="python")
    data["player"]["split"]["cards_to_each_hand"] = 2
    model = CompositionModel(compile_rules(Ruleset.model_validate(data)))
    assert "CDP1~ (approximate)" in method_name(model)
    data = load_ruleset("casino-ochko").model_dump(mode="python")
    data["player"]["split"]["max_hands"] = 4
    model = CompositionModel(compile_rules(Ruleset.model_validate(data)))
    assert "CDZ-" in method_name(model) and "CDP1~" not in method_name(model)
    model = CompositionModel(compile_rules(load_ruleset("casino-ochko")))
    assert "CDZ-" in method_name(model) and "CDP1~" not in method_name(model)


def test_exact_and_float_methods_agree() -> None:
    rules = tiny("tiny-pagat")
    exact = CompositionModel(rules, exact=True).value_of_round()
    assert isinstance(exact, Fraction)
    assert float(CompositionModel(rules).value_of_round()) == pytest.approx(float(exact),
                                                                            abs=1e-12)


# -- the chart, banker policies, costs, simulation -------------------------------------------
def test_finite_chart_counts_departures_and_prices_the_chart(blackjack: CompositionModel) -> None:
    from pontoon_rules.analysis.present.chart import finite_chart, render

    chart = finite_chart(blackjack)
    assert chart.edge_perfect == pytest.approx(-FARMER_CDZ_EV_PERCENT, abs=1e-9)
    assert chart.edge_chart is not None and chart.edge_chart > chart.edge_perfect
    # the classic composition-dependent play: 10-2 against a 4 hits (the chart stands)
    assert "2-10 against 4: twist (chart: stick)" in chart.departures
    assert chart.departures and all("chart:" in line for line in chart.departures)
    text = render(chart, "text", departures=True)
    assert f"departures from this chart: {len(chart.departures)}" in text
    assert "2-10 against 4" in text


def test_chart_play_equals_perfect_play_where_nothing_departs() -> None:
    """On a pack where the chart has no departures, playing it costs nothing."""
    from pontoon_rules.analysis.present.chart import finite_chart

    chart = finite_chart(CompositionModel(tiny("tiny-ochko")))
    if not chart.departures:
        assert chart.edge_chart == pytest.approx(chart.edge_perfect, abs=1e-12)
    else:
        assert chart.edge_chart is not None and chart.edge_perfect is not None
        assert chart.edge_chart > chart.edge_perfect


def test_banker_policy_table_names_the_best_fixed_policy() -> None:
    from pontoon_rules.analysis.present.bankerpolicies import banker_policy_table

    table = banker_policy_table(tiny("tiny-pagat"))
    assert {"stand-15", "stand-19", "stand-17-hit-soft", "stand-16-hit-soft"} <= set(table.edges)
    assert table.edges[table.best_fixed] == max(table.edges.values())
    assert "not a solution of the two-sided game" in "\n".join(table.lines())
    with pytest.raises(AnalysisError, match="fixed rule"):
        banker_policy_table(tiny("tiny-ochko"))


def test_cost_table_uses_the_exact_default() -> None:
    from pontoon_rules.analysis.present.costs import rule_costs

    ruleset = load_ruleset(TINY / "tiny-ochko.yaml")
    table = rule_costs(ruleset, paths=["settlement.ties"])
    assert table.deck == "finite" and "1 pack" in table.deck_description
    assert table.base_edge == pytest.approx(edge_of(compile_rules(ruleset)))
    row = table.rows[0]
    data = ruleset.model_dump(mode="python")
    data["settlement"]["ties"] = row.new
    changed = edge_of(compile_rules(Ruleset.model_validate(data)))
    assert row.change == pytest.approx(changed - table.base_edge)


@pytest.mark.parametrize(("name", "rounds"), [("tiny-blackjack", 3000),
                                              ("tiny-split-shoe", 3000), ("tiny-bb1", 3000)])
def test_shoe_simulation_agrees_with_exact(name: str, rounds: int) -> None:
    """Rounds from a freshly shuffled tiny pack, played by the method's own choices
    through the engine: the 99.9% interval holds the exact figure (for tiny-bb1, BB+1 from
    split hands, the method's figure: `analysis.seat_takes`)."""
    from pontoon_rules.sim.runs.engine import simulate_shoe

    rules = tiny(name)
    exact = edge_of(rules)
    low, high = simulate_shoe(rules, rounds, seed=3).interval
    assert low <= exact <= high


def test_a_split_asks_once_per_pair_of_kinds_whether_a_hand_splits_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The split recursion asks whether a hand may split again at each of its states;
    the answer depends on the two kinds alone, so it is worked out once per pair (the
    named-hand lookup behind it was a third of a variant's split in belarus-ponton's
    realistic variations), and the value is the same."""
    from pontoon_rules.analysis import split
    from pontoon_rules.analysis.present.costs import variant_of

    tiny = load_ruleset(TINY / "tiny-pagat.yaml")
    data = variant_of(tiny.model_dump(mode="python"), "player.split.allowed", True)
    assert isinstance(data, Ruleset), data
    data = variant_of(data.model_dump(mode="python"), "player.split.resplit", True)
    assert isinstance(data, Ruleset), data
    model = CompositionModel(compile_rules(data))
    pair = next(k for k, kind in enumerate(model.kinds) if kind.is_ace)
    with monkeypatch.context() as uncached:  # the answer worked out at every state
        uncached.setattr(split.SplitSolver, "resplits", lambda self, a, c: self._may_resplit(a, c))
        expected = CompositionModel(compile_rules(data)).split_stats(pair, 0)
    asked: list[tuple[tuple[int, ...], bool]] = []
    looked_up = split.finished_as_dealt

    def counted(rules: object, kinds: object, cards: tuple[int, ...], on_split: bool) -> bool:
        asked.append((tuple(cards), on_split))
        return looked_up(rules, kinds, cards, on_split)  # type: ignore[arg-type]

    monkeypatch.setattr(split, "finished_as_dealt", counted)
    value = model.split_stats(pair, 0)
    assert expected is not None and asked
    assert np.array_equal(value, expected), "the value as worked out at every state"
    assert len(asked) == len(set(asked)), "a pair of kinds asked more than once"


_TENS_APART = {"pack.ranks": ["A", "4", "T", "J", "Q"], "pack.suits": ["S", "H", "D"],
               "player.split.ranks": ["A", "4", "T", "J"],
               "player.split.pair_rule": "same-value"}
"""Ten and jack a pair by value, the queen not split: three kinds of ten (`kind_space`),
three cards of each rank (the pair's kind cannot come again against its own up-card)."""


@pytest.mark.parametrize("changes", [
    {"player.split.cards_to_each_hand": 2},
    {**_TENS_APART, "player.split.deal_order": "all-at-once"},
    {**_TENS_APART, "player.split.resplit_one_branch": True},
], ids=["two-cards-each", "tens-by-value-all-at-once", "tens-by-value-one-branch"])
@pytest.mark.parametrize("exact", [False, True], ids=["floats", "fractions"])
def test_a_split_of_every_visible_tuple_at_once_is_each_tuples_own_to_the_bit(
        changes: dict[str, object], exact: bool) -> None:
    """Where the CDZ- split does not apply, a pair's split is solved for every visible
    tuple at once (`post_split.RowSplits`): each row the same, to the last bit, as that
    tuple solved alone (`split_stats`), whatever classes of cards cannot come against
    some tuple (a tiny one-pack shoe, the up-card out) and wherever resplitting pays."""
    from pontoon_rules.analysis.composition.split import applies

    data = load_ruleset(TINY / "tiny-blackjack.yaml").model_dump(mode="python")
    for field, value in {"player.split.allowed": True, "player.split.resplit": True,
                         "player.split.max_hands": 4, **changes}.items():
        *path, last = field.split(".")
        section = data
        for name in path:
            section = section[name]
        section[last] = value
    model = CompositionModel(compile_rules(Ruleset.model_validate(data)), exact=exact)
    split = [k for k in range(model.n_kinds)
             if model.split_all(k) is not None and not applies(model, k)]
    assert split, "the CDZ- split applies to every pair"
    for pair in split:
        rows = model.split_all(pair)
        alone = np.stack([model.split_stats(pair, v) for v in range(len(model.visibles))])
        assert rows.dtype == alone.dtype and rows.shape == alone.shape
        if exact:
            assert (rows == alone).all()
        else:
            assert rows.tobytes() == alone.tobytes(), float(np.abs(rows - alone).max())
