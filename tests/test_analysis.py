"""The exact model against brute force, simulation and published figures; the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from analysis_reference import capped, reference_value
from click.testing import CliRunner
from sizes import LONG, size

from pontoon_rules.analysis.dealer import AnalysisError
from pontoon_rules.analysis.edge import edge_of, house_edge
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.present.costs import rule_costs
from pontoon_rules.cli import cli
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.runs.simulate import simulate

TINY = Path(__file__).parent / "rulesets"


def tiny(name: str):  # type: ignore[no-untyped-def]
    return compile_rules(load_ruleset(TINY / f"{name}.yaml"))


# -- exact model == brute force through the engine (fractions) ---------------------------
@pytest.mark.parametrize("name", ["tiny-ochko", "tiny-belarus", "tiny-pagat", "tiny-blackjack",
                                  "tiny-split-ochko", "tiny-split-blackjack", "tiny-values",
                                  "tiny-surrender", "tiny-surrender-no-hole"])
def test_fast_model_matches_brute_force_exactly(name: str) -> None:
    """Infinite deck, every card sequence and decision through `RoundState`: equal Fractions.

    Covers no hole card + peek (Очко), one visible card + insurance + even money + fixed
    buys + three of a kind (Belarus), buy ranges + banker by choice (pagat), up card +
    peek + insurance + double on two (blackjack), and splits with binding hand limits,
    one-branch resplits, cards to all hands at once and each hand when played, and the
    pack's own values (a king 4, an ace 11 only). The blackjack packs (A, 6, 9, T) make
    the longest hands: in `make test` they hold at most `BLACKJACK_CARDS` cards.
    """
    rules = capped(tiny(name), BLACKJACK_CARDS.get(name, 0))
    assert RoundModel(rules, "infinite", exact=True).value() == reference_value(rules)


BLACKJACK_CARDS = {"tiny-blackjack": size(5, 0), "tiny-surrender": size(5, 0)}
"""The most cards of a hand in these packs' brute force (0: the ruleset's own limit), an
eighth of the time: the peek, insurance, even money, a double and a surrender are all
decided on two cards, busts and the banker's draws are still reached (the surrender
still moves the value); `make test-long` plays the hands unlimited."""


# -- simulation agrees with the exact model ---------------------------------------------
@pytest.mark.skipif(not LONG, reason="make test: tests/test_sim_crosscheck.py holds the "
                    "same exact edge in the compiled simulator's interval at 1,000,000 rounds")
@pytest.mark.parametrize("ruleset_id", bundled_handled("simulator"))
def test_simulation_agrees_with_exact(ruleset_id: str) -> None:
    """The simulated edge's 99.9% interval holds the exact infinite-deck edge. `make test`
    leaves it to tests/test_sim_crosscheck.py, which makes the same check of every ruleset
    here on the infinite deck (and the shoe) with a run 16 times as long (each of these
    paid a best-play solve and its rounds again)."""
    rules = compile_rules(load_ruleset(ruleset_id))
    exact = edge_of(rules, "infinite")
    result = simulate(rules, 60_000, seed=11, dealing="infinite")
    low, high = result.interval
    assert low <= exact <= high, (result.path, exact, result.interval)


def test_engine_path_agrees_with_exact_on_ochko() -> None:
    rules = compile_rules(load_ruleset("casino-ochko"))
    exact = edge_of(rules, "infinite")
    engine = simulate(rules, 3_000, seed=2, path="engine", dealing="infinite")
    assert engine.path == "engine"
    low, high = engine.interval
    assert low <= exact <= high


def test_simulation_is_reproducible_across_workers() -> None:
    """Chunks are seeded by number and summed in order: equal to the last bit."""
    rules = compile_rules(load_ruleset("casino-ochko"))
    one = simulate(rules, 120_000, seed=9, workers=1)
    again = simulate(rules, 120_000, seed=9, workers=1)
    two = simulate(rules, 120_000, seed=9, workers=2)
    assert one.mean == again.mean == two.mean
    assert one.half_width == two.half_width
    assert simulate(rules, 120_000, seed=10).mean != one.mean


def _first_positions(rules) -> tuple[list[int], list[int]]:  # type: ignore[no-untyped-def]
    """Where the seat's two cards and the banker's visible cards lie in a stacked shoe."""
    from pontoon_rules.engine.round.state import RoundState

    state, shoe = RoundState(rules, [100]), [c for c in range(52) if rules.rank_present[c >> 2]]
    deal = iter(shoe)
    while state.is_chance_node():
        state.apply_action(next(deal))
    visible = state.banker.cards[: rules.banker_visible]
    return ([shoe.index(c) for c in state.seats[0].hands[0].cards],
            [shoe.index(c) for c in visible])


@pytest.mark.parametrize(("rules", "kind"), [
    (compile_rules(load_ruleset("casino-ochko")), 0),
    (compile_rules(load_ruleset("casino-ochko")), 7),
    (tiny("tiny-split-blackjack"), 0),
    (tiny("tiny-split-blackjack"), 1),
], ids=["ochko-aces", "ochko-eights", "tiny-blackjack-sevens", "tiny-blackjack-nines"])
def test_compiled_splits_agree_with_the_exact_deal_value(rules, kind) -> None:  # type: ignore[no-untyped-def]
    """Rounds dealt a pair the strategy splits, on the compiled simulator (resplits on
    the same tables; all-at-once and each-when-played), average to the exact model's
    value of that deal within the 99.9% interval. 60,000 rounds: a half-width of about
    0.02 stakes, so a split hand played or paid wrongly in one round in fifty shows. The
    shoes are drawn at once (numpy: each card uniform over the pack, with replacement, as
    one `random.choice` a card drew them at twice this test's CPU)."""
    from pontoon_rules.analysis.infinite.round import Deal, RoundModel
    from pontoon_rules.sim.kernels.strategy import strategy
    from pontoon_rules.sim.runs.rounds import RoundRunner

    model, strat = RoundModel(rules, "infinite"), strategy(rules)
    visible = tuple(0 for _ in range(rules.banker_visible))  # the first kind up
    v = sum(k * strat.n_kinds ** i for i, k in enumerate(reversed(visible)))
    assert strat.split[v, kind, kind]
    player_at, visible_at = _first_positions(rules)
    runner, rng = RoundRunner(rules, strat), np.random.default_rng(kind + 3)
    pack = np.array([c for c in range(52) if rules.rank_present[c >> 2]])
    ranks = {k: model.space.kinds[k].ranks[0] for k in (kind, *visible)}
    shoes = rng.choice(pack, size=(60_000, 60))
    for at, k in [*((at, kind) for at in player_at), *zip(visible_at, visible, strict=True)]:
        shoes[:, at] = ranks[k] * 4 + rng.integers(0, 4, size=len(shoes))
    nets = [runner.play_shoe(cards, [100]).seats[0] / 100 for cards in shoes.tolist()]
    exact = float(model.deal_value(Deal((kind, kind), visible, 1)))
    mean = sum(nets) / len(nets)
    sd = (sum((x - mean) ** 2 for x in nets) / (len(nets) - 1)) ** 0.5
    half = 3.2905 * sd / len(nets) ** 0.5
    assert abs(mean - exact) <= half, (mean, exact, half)


# -- published figures -------------------------------------------------------------------
def test_blackjack_reference_matches_published_edge() -> None:
    """6 decks, S17, DAS, 3:2, peek, resplit to 4 hands (not aces), no surrender.

    Published figure: 0.40% (the Wizard of Odds house-edge calculator for 6 decks,
    S17, DAS, no RSA, resplit to four, no surrender). Our finite-shoe model must be
    within 0.05 percentage points.
    """
    result = house_edge(compile_rules(load_ruleset("blackjack-reference")), "finite",
                        with_stats=False)
    assert abs(result.house_edge - 0.40) <= 0.05


def test_online_pontoon_edge_both_ways() -> None:
    """Reported, not tuned: the Wizard of Odds' 0.38% for this online game (casino-ochko)
    is not a target."""
    rules = compile_rules(load_ruleset("casino-ochko"))
    infinite = house_edge(rules, "infinite").house_edge
    finite = house_edge(rules, "finite", with_stats=False).house_edge
    assert 0 < infinite < 3 and 0 < finite < 3


# -- results, policies, costs --------------------------------------------------------------
def test_result_states_policy_and_probabilities() -> None:
    result = house_edge(compile_rules(load_ruleset("pagat-british")), policy="stand-16")
    assert result.policy == "stand-16"
    assert 0 < result.probabilities["pontoon"] < 0.1
    assert result.staked > 1


def test_banker_policy_rejected_for_fixed_rule() -> None:
    with pytest.raises(AnalysisError, match="fixed rule"):
        house_edge(compile_rules(load_ruleset("casino-ochko")), policy="stand-16")


def test_rule_costs_vary_fields_and_skip_others() -> None:
    table = rule_costs(load_ruleset(TINY / "tiny-ochko.yaml"))
    paths = {row.path for row in table.rows}
    assert "settlement.ties" in paths and "player.stick_minimum" in paths
    assert "shoot.enabled" in table.skipped
    ties = next(r for r in table.rows if r.path == "settlement.ties")
    assert ties.change is not None and ties.change < 0


# -- CLI ------------------------------------------------------------------------------------
def test_cli_edge_json() -> None:
    out = CliRunner().invoke(cli, ["edge", "casino-ochko", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["banker_policy"] == "fixed-rule" and data["deck"] == "finite"
    assert "8 packs" in data["deck_description"] and "composition-dependent" in data["method"]
    out = CliRunner().invoke(cli, ["edge", "casino-ochko", "--json", "--deck", "infinite"])
    assert json.loads(out.stdout)["deck"] == "infinite"


def test_cli_strategy_and_costs() -> None:
    out = CliRunner().invoke(cli, ["strategy", "blackjack-reference", "--format", "md",
                                   "--deck", "infinite"])
    assert out.exit_code == 0 and "| hard 16 |" in out.output
    out = CliRunner().invoke(cli, ["costs", str(TINY / "tiny-ochko.yaml")])
    assert out.exit_code == 0 and "settlement.ties" in out.output


def test_cli_unknown_policy_is_invalid_input() -> None:
    import sys

    from pontoon_rules.cli.errors import run_with_errors
    argv = sys.argv
    sys.argv = ["pontoon-rules", "edge", "pagat-british", "--banker-policy", "nope"]
    try:
        assert run_with_errors(cli) == 2
    finally:
        sys.argv = argv
