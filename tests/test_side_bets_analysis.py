"""The side bets on the first two cards, valued by the exact analysis (`analysis.side_bets`):
each one apart from the hand, taken by best play only where it pays. The whole round by
brute force through `RoundState` (side bets, deal, play) equals the exact value; each bet's
value equals a count of every three cards settled by the engine's own rule; the figures
people quote come out; and the compiled simulator plays the rounds best play plays."""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.edge import edge_of, house_edge
from pontoon_rules.analysis.side_bets import side_bet_values, taken_value
from pontoon_rules.engine.round import side_bets as engine_bets
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

sys.path.insert(0, str(Path(__file__).parent))
from analysis_reference import capped, reference_value  # noqa: E402
from sizes import size  # noqa: E402

RULESETS = Path(__file__).parent / "rulesets"


def rules_of(name: str) -> Rules:
    return compile_rules(load_ruleset(str(RULESETS / f"{name}.yaml")))


def counted(rules: Rules, infinite: bool) -> dict[str, Fraction]:
    """Each side bet's expected net by counting: every banker's first card and two player
    cards, in the shoe (without replacement) or an infinite deck, settled by the engine's
    `_winnings`."""
    per = 1 if infinite else rules.decks
    assert rules.side_bets is not None and per is not None
    shoe = [c for c in range(52) if rules.card_present[c] for _ in range(per)]
    triples = (itertools.product(shoe, repeat=3) if infinite
               else itertools.permutations(shoe, 3))
    out = {kind: Fraction(0) for kind in engine_bets.offered(rules)}
    n = 0
    for up, a, b in triples:
        n += 1
        for kind in out:
            won = engine_bets._winnings(kind, [a, b], up, rules.side_bets)
            out[kind] += sum(won) if won else -1
    return {kind: total / n for kind, total in out.items()}


@pytest.mark.parametrize("infinite", [False, True])
def test_each_bet_is_the_count_of_every_three_cards(infinite: bool) -> None:
    rules = rules_of("tiny-side-bets")
    deck = "infinite" if infinite else "finite"
    assert {b.kind: b.value for b in side_bet_values(rules, deck)} == counted(rules, infinite)


def test_the_whole_round_by_brute_force_takes_the_bet_that_pays() -> None:
    """Side bets put down before the deal (any amount), the deal and best play, through
    the engine: its best value is the hand's plus the most on the bet that pays (the pair,
    1/5 a unit here) and nothing on the one that loses. The bets are settled on the first
    three cards, so in `make test` the round is played with every hand held to
    `ROUND_CARDS` cards (a third of the time): the bets put down before the deal, the deal,
    doubles, busts and the banker's draw are all still reached; `make test-long` plays the
    hands unlimited."""
    rules = rules_of("tiny-side-bets")
    values = {b.kind: b.value for b in side_bet_values(rules, "finite")}
    assert values["pair"] > 0 > values["match"]
    side, staked = taken_value(rules, "finite")
    assert (side, staked) == (Fraction(1, 2) * values["pair"], Fraction(1, 2))
    rules = capped(rules, ROUND_CARDS)
    exact = CompositionModel(rules, exact=True).value_of_round() + side
    assert exact == reference_value(rules, finite=True)


ROUND_CARDS = size(3, 0)
"""The most cards of a hand in the whole round's brute force (0: the ruleset's own limit)."""


def test_the_published_figures() -> None:
    """A pair paid 11:1 on six packs (casino Pontoon's, as the Solaire pays it): a pair
    comes 13 x C(24, 2) / C(312, 2) of the time, a house edge of 11.254%; Spanish 21's
    Match the Dealer at 4:1 and 9:1 suited loses 10.49% on six 52-card packs (3.06% on its
    own 48-card packs, as published, where matches come oftener)."""
    rules = rules_of("side-bets")
    edges = {b.kind: b.house_edge for b in side_bet_values(rules, "finite")}
    pair = 13 * Fraction(24 * 23, 2) / Fraction(312 * 311, 2)
    assert edges["pair"] == pytest.approx(-100 * float(12 * pair - 1))
    assert edges["match"] == pytest.approx(10.4927, abs=1e-4)
    spanish = load_bundled("spanish-21").model_dump(mode="python")
    spanish["side_bets"] = {"match_dealer": {"allowed": True, "pays": "4:1",
                                             "suited_pays": "9:1"}}
    from pontoon_rules.ruleset.format.model import Ruleset

    on_48 = compile_rules(Ruleset.model_validate(spanish))
    assert side_bet_values(on_48, "finite")[0].house_edge == pytest.approx(3.06, abs=0.01)


def test_a_bet_that_loses_leaves_the_edge_alone_and_says_so() -> None:
    rules = rules_of("side-bets")
    base = compile_rules(load_bundled("blackjack-reference"))
    assert edge_of(rules) == edge_of(base)
    result = house_edge(rules)
    assert result.house_edge == house_edge(base).house_edge
    assert [b["taken"] for b in result.side_bets] == [False, False]
    assert any("house edge of 11.2540% of the bet: best play declines it" in n
               for n in result.notes)


def test_a_bet_that_pays_is_in_the_edge_and_the_stake() -> None:
    rules = rules_of("tiny-side-bets")
    main = float(CompositionModel(rules).value_of_round())
    result = house_edge(rules)
    assert result.ev == pytest.approx(main + 0.5 * 0.2)
    assert result.house_edge == pytest.approx(edge_of(rules))
    assert [b["bet"] for b in result.side_bets if b["taken"]] == ["pair"]


def test_who_plays_side_bets() -> None:
    """The simulator plays the rounds best play plays: without the bets that lose, with
    those worth taking (`tests/test_sim_side_bets.py`), on a pack without all four suits
    too (a suited pair then more likely)."""
    from pontoon_rules.ruleset.format.model import Ruleset

    losing = rules_of("side-bets").ruleset
    for command in ("edge", "costs", "simulate", "session --summary"):
        assert refused_names(losing, command) == [], command
    paying = rules_of("tiny-side-bets").ruleset
    for command in ("edge", "simulate", "session --summary"):
        assert refused_names(paying, command) == [], command
    data = paying.model_dump(mode="python")
    data["pack"]["suits"] = ["S", "H"]
    fewer_suits = Ruleset.model_validate(data)
    assert refused_names(fewer_suits, "edge") == []
    assert refused_names(fewer_suits, "simulate") == []


def test_the_simulator_plays_the_rounds_without_the_losing_bets() -> None:
    """Best play declines both bets, so a seed gives the rounds of the game without them."""
    from pontoon_rules.sim.runs.simulate import simulate

    with_bets = simulate(rules_of("side-bets"), 20_000, seed=5, dealing="shoe")
    without = simulate(compile_rules(load_bundled("blackjack-reference")), 20_000, seed=5,
                       dealing="shoe")
    assert with_bets.mean == without.mean and with_bets.rounds == 20_000


def test_the_engine_policies_put_down_the_bet_that_pays() -> None:
    """`simulate --engine` plays the analysis's decisions: the most on the pair (it pays
    on the tiny pack), nothing on the match (it loses there, and pays on an infinite deck
    of the same ranks, where a match is likelier)."""
    from pontoon_rules.analysis.composition.policy import CompositionPolicy
    from pontoon_rules.analysis.infinite.policy import ModelPolicy
    from pontoon_rules.analysis.infinite.round import RoundModel
    from pontoon_rules.engine.round.state import RoundState

    rules = rules_of("tiny-side-bets")
    assert [b.taken for b in side_bet_values(rules, "infinite")] == [True, True]
    for policy, second in ((CompositionPolicy(CompositionModel(rules)), ("decline", None)),
                           (ModelPolicy(RoundModel(rules, "infinite")), ("match", 50))):
        state = RoundState(rules, [100])
        first = policy(state)
        assert (first.kind, first.amount) == ("pair", 50)
        state.apply_action(first)
        then = policy(state)
        assert (then.kind, then.amount) == second


def test_the_summary_values_a_side_bet_as_edge_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """`summary` (and a ruleset's page) gives the figure `edge` gives: a pair bet that best
    play takes (it pays the player) is in it, and its note among the notes."""
    from types import SimpleNamespace

    from pontoon_rules.analysis.present import realistic, summary
    from pontoon_rules.ruleset.format.model import Ruleset

    base = load_bundled("pagat-british").model_dump(mode="python")
    ruleset = Ruleset.model_validate({**base, "id": "pair-bet", "side_bets": {
        "pair": {"allowed": True, "pays": "30:1"}}})
    monkeypatch.setattr(realistic, "realistic_variations",
                        lambda r: SimpleNamespace(to_json=lambda: {}))  # not asked here
    monkeypatch.setattr(summary, "stored_costs", lambda r: SimpleNamespace(rows=[], base_edge=0))
    found = summary.computed_summary(ruleset)
    alone = house_edge(compile_rules(ruleset))
    assert found["house_edge"] == alone.house_edge < 0  # the bet pays the player
    assert found["edge"]["notes"] == alone.notes and "the pair bet" in alone.notes[-1]
