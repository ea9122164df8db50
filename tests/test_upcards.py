"""Named hands held against some banker's up cards or for some stakes, or paid a fixed prize
(Spanish 21's Super Bonus), valued by the exact analysis one group of up cards at a time
(`analysis.upcards`): held to the engine, which settles them itself, on a tiny pack."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from analysis_reference import policy_value
from sizes import LONG

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.composition.policy import CompositionPolicy
from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.edge import edge_lines, edge_of, house_edge
from pontoon_rules.analysis.infinite.policy import ModelPolicy
from pontoon_rules.analysis.present.chart import render, strategy_chart
from pontoon_rules.analysis.upcards import (
    UpCardModel,
    UpCardPolicy,
    UpCardRound,
    groups,
)
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.errors import AnalysisError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

TINY = Path(__file__).parent / "rulesets" / "tiny-up-card.yaml"
OVERLAY = Path(__file__).resolve().parents[1] / "examples" / "spanish-21" \
    / "spanish-21-super-bonus.yaml"


def _changed(r: Ruleset, hands: dict[str, dict[str, Any]] | None = None,
             **sections: dict[str, Any]) -> Ruleset:
    """`r` with fields of its named hands (by id) or of whole sections replaced."""
    update: dict[str, Any] = {name: getattr(r, name).model_copy(update=fields)
                              for name, fields in sections.items()}
    if hands:
        definitions = dict(r.hands.definitions)
        for hand_id, fields in hands.items():
            definitions[hand_id] = definitions[hand_id].model_copy(update=fields)
        update["hands"] = r.hands.model_copy(update={"definitions": definitions})
    return r.model_copy(update=update)


def _without(r: Ruleset, *ids: str) -> Ruleset:
    ranking = [i for i in r.hands.ranking if i not in ids]
    return r.model_copy(update={"hands": r.hands.model_copy(update={"ranking": ranking})})


@pytest.fixture(scope="module")
def tiny() -> Ruleset:
    return load_ruleset(TINY)


def test_the_up_ranks_split_the_up_cards_into_groups(tiny: Ruleset) -> None:
    """The 7 (rank index 6) apart from the ace, 6 and 8 (0, 5, 7)."""
    assert sorted(sorted(g.ranks) for g in groups(compile_rules(tiny))) == [[0, 5, 7], [6]]


def test_the_exact_shoe_is_the_engines_settlement_of_every_card_sequence(
        tiny: Ruleset) -> None:
    """The engine classifies 7-7-7 by the up card and the stake and pays the prize itself;
    every card sequence of the one-deck pack, played by the analysis's own play, gives the
    analysis's exact fraction, to the last digit."""
    rules = compile_rules(tiny)
    model = UpCardModel(rules, exact=True)
    value = model.stats()[0]
    assert isinstance(value, Fraction)
    played = policy_value(rules, UpCardPolicy(rules, [CompositionPolicy(m)
                                                      for m in model.parts]), finite=True)
    assert value == played
    # the up card matters: neither 7-7-7 paid the prize against every card, nor never
    always = compile_rules(_changed(tiny, {"super-sevens": {"banker_up_ranks": None}}))
    never = compile_rules(_without(tiny, "super-sevens"))
    assert value != UpCardModel(always, exact=True).stats()[0]
    assert value != UpCardModel(never, exact=True).stats()[0]


def test_the_exact_infinite_deck_is_the_engines_settlement_too(tiny: Ruleset) -> None:
    rules = compile_rules(tiny)
    model = UpCardRound(rules, "infinite", exact=True)
    value = model.value()
    assert value == policy_value(rules, UpCardPolicy(rules, [ModelPolicy(m)
                                                             for m in model.parts]))


def test_below_its_stake_band_a_prize_hand_is_not_held_and_the_next_names_it(
        tiny: Ruleset) -> None:
    """At a least stake of 50 the Super Bonus (100 to 999) is not held: the figure is the
    one of the ruleset without it (7-7-7 paid 2:1 against every card), to 1e-12."""
    low = _changed(tiny, stakes={"min_stake": 50})
    plain = _without(low, "super-sevens", "six-seven-eight-big")
    assert abs(edge_of(compile_rules(low)) - edge_of(compile_rules(plain))) < 1e-12


def test_the_header_says_the_stake_and_the_envy_bonus_is_said_left_out(tiny: Ruleset) -> None:
    result = house_edge(compile_rules(tiny))
    lines = edge_lines(result)
    assert lines[0].endswith("of all money staked (valued at a stake of 100)")
    assert result.to_json()["valued_at_stake"] == 100
    assert any("(super sevens: 50 to each)" in n
               and "one seat alone gets none" in n for n in result.notes)
    infinite = house_edge(compile_rules(tiny), "infinite")
    assert edge_lines(infinite)[0].endswith("(valued at a stake of 100)")


def test_a_ruleset_without_such_a_hand_says_no_stake() -> None:
    result = house_edge(compile_rules(load_ruleset(TINY.parent / "tiny-named-ranks.yaml")))
    assert result.valued_stake is None and "valued at" not in edge_lines(result)[0]


def test_a_prize_on_a_hand_that_may_have_doubled_is_refused_naming_the_field(
        tiny: Ruleset) -> None:
    doubled = _changed(tiny, {"super-sevens": {"after_double": True}})
    doubled = doubled.model_copy(update={"player": doubled.player.model_copy(update={
        "double": doubled.player.double.model_copy(update={"allowed": True})})})
    rules = compile_rules(doubled)
    assert rules.double_allowed
    with pytest.raises(AnalysisError, match=r"hands\.definitions\.super-sevens\.prize"):
        edge_of(rules)


def test_the_plain_model_refuses_a_hand_it_would_name_alike_against_every_up_card(
        tiny: Ruleset) -> None:
    """A solve that is not split by up card never values the Super Bonus as if it held
    against every card: it refuses, naming the hand."""
    with pytest.raises(AnalysisError,
                       match=r"hands\.definitions\.(super-sevens|six-seven-eight-big)"):
        CompositionModel(compile_rules(tiny)).stats()


def test_the_tiny_chart_says_its_stake(tiny: Ruleset) -> None:
    chart = strategy_chart(compile_rules(tiny))
    assert chart.valued_stake == 100
    assert render(chart).startswith("Best strategy: tiny-up-card (valued at a stake of 100)")


def _spanish(stake: int) -> Rules:
    overlay = load_ruleset(OVERLAY)
    return compile_rules(_changed(overlay, stakes={"min_stake": stake}))


def test_the_bundled_game_at_a_stake_of_one_is_without_the_super_bonus() -> None:
    """spanish-21 (its Super Bonus bundled) at its least stake, 1 (a cent): below the $5
    band, suited 7-7-7 is paid 2:1, the exact edge of the game without the Super Bonus,
    to 1e-12 (the overlay at $5 values it: `_spanish(500)`)."""
    bundled = compile_rules(load_bundled("spanish-21"))
    plain = compile_rules(_without(load_bundled("spanish-21"), "super-bonus-5",
                                   "super-bonus-25"))
    assert abs(edge_of(bundled) - edge_of(plain)) < 1e-12
    assert abs(edge_of(_spanish(1)) - edge_of(plain)) < 1e-12


SPANISH_DECK: Deck | None = None if LONG else "infinite"
"""The deck of the Spanish 21 charts: the game's own shoe in a long run (three solves of
eight packs, a minute on a loaded machine), else an infinite deck, where the same holds
(the own shoe's merged chart is checked on the tiny pack, `test_the_tiny_chart_says_its_stake`)."""


def test_in_spanish_21_the_super_bonus_keeps_a_pair_of_sevens_against_a_seven() -> None:
    """At $5 (500 cents) the Super Bonus pays 200 stakes for suited 7-7-7 against a dealer
    7: the edge falls, and the chart no longer splits 7-7 against a 7 (it does against a 6,
    as spanish-21 does against both)."""
    rules = compile_rules(load_bundled("spanish-21")), _spanish(500)
    base, bonus = (strategy_chart(r, deck=SPANISH_DECK) for r in rules)
    if SPANISH_DECK is None:
        assert bonus.edge_perfect is not None and base.edge_perfect is not None
        fall = base.edge_perfect - bonus.edge_perfect
    else:
        fall = edge_of(rules[0], SPANISH_DECK) - edge_of(rules[1], SPANISH_DECK)
    assert 0.01 < fall < 0.05
    seven, six = bonus.columns.index("7"), bonus.columns.index("6")
    pairs = {label: acts for label, acts in bonus.tables[2]}
    plain = {label: acts for label, acts in base.tables[2]}
    assert plain["pair 7"][seven] == "P" and pairs["pair 7"][seven] == "·"
    assert pairs["pair 7"][six] == plain["pair 7"][six] == "P"


def test_a_hand_whose_id_is_the_copys_name_keeps_its_place(tiny: Ruleset) -> None:
    """The copy of an up-card hand held by nobody (`upcards.derived`) was named
    `<id>-up-ranks` whatever the ruleset held: a hand of its own of that name (here the
    6-7-8 paying 3:2) was overwritten, and the exact figure (1.1046) left the engine's
    (1.1221) silently. It is now named apart, and the figure is the engine's again."""
    data = tiny.model_dump(mode="python")
    hands = data["hands"]
    hands["definitions"]["super-sevens-up-ranks"] = hands["definitions"].pop("six-seven-eight")
    hands["ranking"] = ["super-sevens-up-ranks" if i == "six-seven-eight" else i
                        for i in hands["ranking"]]
    rules = compile_rules(Ruleset.model_validate(data))
    model = UpCardModel(rules, exact=True)
    played = policy_value(rules, UpCardPolicy(rules, [CompositionPolicy(m)
                                                      for m in model.parts]), finite=True)
    assert model.stats()[0] == played
    assert model.stats()[0] == UpCardModel(compile_rules(tiny), exact=True).stats()[0]


def _engine_nets(rules: Rules, rounds: int = 3000) -> tuple[int, list[float]]:
    """The engine path's stake and nets per unit for `rules`, seat 0 playing stand-17."""
    import random

    from pontoon_rules.analysis.dealer import banker_policy
    from pontoon_rules.sim.runs.engine import FALLBACK, EngineSimulator, _Simple

    sim = EngineSimulator(rules, None, "infinite", act=_Simple(FALLBACK, banker_policy(rules)))
    rng = random.Random(5)
    return sim.stake, [sim.play(rng) for _ in range(rounds)]


def test_the_engine_path_plays_the_overlay_where_it_plays_as_the_analysis_values_it(
        tiny: Ruleset) -> None:
    """spanish-21-super-bonus is valued at its least stake, 1 cent, where no band of the
    Super Bonus holds. The engine path played that cent, where a 3:2 rounds down to 1:1:
    2.55% on 30,000 rounds of `simulate --engine --dealing infinite`, against 0.49% exact
    and spanish-21's -0.23% on the same cards. It now plays its usual 100, where the bonus
    holds as at a cent: round for round spanish-21's nets. A prize paid at the least stake
    (tiny-up-card at 200) is still played at that stake, its odds the analysis's."""
    from pontoon_rules.sim.runs.engine import STAKE

    stake, nets = _engine_nets(_spanish(1))
    assert stake == STAKE
    assert nets == _engine_nets(compile_rules(load_bundled("spanish-21")))[1]
    assert _engine_nets(compile_rules(_changed(tiny, stakes={"min_stake": 200})), 1)[0] == 200


@pytest.mark.parametrize("decks", [1, "infinite"])
def test_the_summary_values_a_ruleset_with_up_card_hands(tiny: Ruleset, decks: Any) -> None:
    """The summary (a user's ruleset on the site: `present.summary.computed_summary`) made
    its models directly, so a ruleset `edge` values was refused there (AnalysisError:
    'valued one group of up cards at a time, which this figure does not do'), though no
    rule of it is listed as refused. It now takes the models `edge` takes."""
    from pontoon_rules.analysis.present.summary import computed_summary

    ruleset = _changed(tiny, pack={"decks": decks})
    found = computed_summary(ruleset)
    assert found["house_edge"] == pytest.approx(house_edge(compile_rules(ruleset)).house_edge,
                                                abs=1e-12)
    assert found["edge"]["valued_at_stake"] == found["chart_data"]["valued_at_stake"] == 100


def test_a_hand_whose_band_the_valued_stake_misses_is_said_left_out(tiny: Ruleset) -> None:
    """The header says the stake (100), and a note (which the site's analysis page prints)
    says it with the hands not held at it, each with its band (the 6-7-8's from 1000):
    bundled Spanish 21 at a cent read as if it held its Super Bonus. Below both bands, both
    are named; none where every band holds."""
    def band(r: Ruleset) -> list[str]:
        return [n for n in house_edge(compile_rules(r), "infinite").notes
                if n.startswith("valued at a stake of")]

    said = "valued at a stake of 100, the least (a named hand is held at some stakes only "
    assert band(tiny) == [said + "or paid a fixed prize); left out at it (six seven eight big: "
                          "stakes of 1000 or more)"]
    low = band(_changed(tiny, stakes={"min_stake": 50}))
    assert low and low[0].endswith("; super sevens: stakes of 100 to 999)")
    assert band(_changed(tiny, {"six-seven-eight-big": {"min_stake": None, "max_stake": 500}}
                         )) == [said + "or paid a fixed prize)"]


def test_the_summary_commands_edge_says_the_stake(tiny: Ruleset) -> None:
    """`summary`'s line of edges printed the figure bare; it says the stake as `edge` does."""
    from pontoon_rules.cli.render import edge_line

    line = edge_line([tiny, load_bundled("pagat-british")])
    assert f"{tiny.id} {edge_of(compile_rules(tiny)):+.2f}% (valued at a stake of 100)," in line
    assert line.endswith("%") and "pagat-british" in line


def test_costs_realistic_says_the_stake(capsys: pytest.CaptureFixture[str]) -> None:
    """`costs --realistic`'s header printed the edge bare, as `costs` did not."""
    from pontoon_rules.cli import cli
    from pontoon_rules.cli.errors import run_with_errors

    assert run_with_errors(cli, ["costs", str(TINY), "--realistic", "--workers", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.match(r"tiny-up-card: house edge -?[0-9.]+% \(valued at a stake of 100\) \(deck",
                    first), first
