"""The compiled simulator against the reference engine: the same shoes, the same
decisions, identical money for every seat, the banker and the kitty, from each kernel (the
one-seat fast kernel where it plays, the general kernel)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pytest
from best_play import strategy
from sizes import size

from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.kernels.compiled import compile_sim, full_shoe
from pontoon_rules.sim.runs.fastpath import fast_problem
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundOutcome, RoundRunner

ROUNDS = size(500, 1500)
"""Random rounds of each bundled ruleset and player through the engine and the kernels
(`compare`; 1500 in `make test-long`). A wrong rule shows in the first few hundred: with
the C banker made to push where a tie by total loses (`outcome_sign`, one line of
native/sim_hands.h), all 14 cases of the 7 bundled rulesets that play that rule failed at
500, the first wrong round between round 0 and 22. A quarter of the rounds or more are
one seat's, so the fast kernel still plays more than an eighth of them."""


def engine_round(rules: Rules, policy, cards: list[int], stakes: list[int],  # type: ignore[no-untyped-def]
                 kitty: int) -> RoundOutcome:
    state = RoundState(rules, stakes, kitty=kitty or None)
    deal = iter(cards)
    while not state.is_terminal():
        state.apply_action(next(deal) if state.is_chance_node() else policy(state))
    result = state.result()
    return RoundOutcome([s.net for s in result.seats], result.banker_net, result.kitty_change)


def compare(rules: Rules, player: str, rounds: int, seed: int) -> int:
    """Play `rounds` random rounds through the engine and the kernels (as `simulate` picks
    one: the fast kernel where it plays the round; and the general kernel); the number of
    rounds the one-seat fast kernel played."""
    strat = strategy(rules, player)
    seats = min(rules.max_players, 4)
    runner = RoundRunner(rules, strat, seats)
    policy = engine_policy(rules, strat)
    rng = random.Random(seed)
    shoe = [int(c) for c in full_shoe(rules)]
    for i in range(rounds):
        rng.shuffle(shoe)
        n = rng.randint(1, seats)
        low = rules.min_stake
        high = rules.max_stake if rules.max_stake is not None else low + 40
        stakes = [rng.randint(low, high) for _ in range(n)]
        kitty = rng.choice([0, 1, 5, 20, 200]) if rules.shoot else 0
        want = engine_round(rules, policy, shoe, stakes, kitty)
        got = runner.play_shoe(shoe, stakes, kitty)
        assert got == want, (f"round {i}: stakes {stakes} kitty {kitty} shoe {shoe[:20]}")
        assert got.banker + got.kitty_change + sum(got.seats) == 0
        assert runner.play_shoe(shoe, stakes, kitty, kernel="general") == want
    return runner.fast_rounds


@pytest.mark.parametrize("ruleset", bundled_handled("simulator"))
@pytest.mark.parametrize("player", ["best", "stand-16"])
def test_bundled_rulesets_match_the_engine(ruleset: str, player: str) -> None:
    rules = compile_rules(load_bundled(ruleset))
    fast = compare(rules, player, ROUNDS, seed=zlib.crc32(f"{ruleset}:{player}".encode()))
    # one-seat rounds of a ruleset with the fast kernel's features went through it
    assert (fast > ROUNDS // 8) == (fast_problem(compile_sim(rules)) is None)


def random_overlay(rng: random.Random, base_id: str | None = None,
                   change: dict[str, object] | None = None) -> Rules | None:
    """A bundled ruleset (`base_id`, or one at random) with three random fields changed,
    then `change` merged over it (None when that is invalid)."""
    from pydantic import ValidationError

    from pontoon_rules.analysis.present.costs import alternatives
    from pontoon_rules.ruleset.format.fields import ruleset_paths, value_at, with_value
    from pontoon_rules.ruleset.format.model import Ruleset
    from pontoon_rules.ruleset.resolving.features import unhandled

    base = load_bundled(base_id or rng.choice(bundled_handled("simulator")))
    data = base.model_dump(mode="python")
    paths = [p for p in ruleset_paths(base) if not p.startswith(("provenance", "sources"))]
    for path in rng.sample(paths, 3):
        try:
            options = list(alternatives(value_at(base, path), path))
        except (KeyError, TypeError, ValueError):
            continue
        if options:
            data = with_value(data, path, rng.choice(options))
    data = merged(data, change or {})
    try:
        ruleset = Ruleset.model_validate(data)
    except ValidationError:
        return None
    # the simulator refuses what it does not model (ruleset.features): try another
    return None if unhandled(ruleset, "simulator") else compile_rules(ruleset)


def best_play_refuses(rules: Rules) -> bool:
    """Whether the best play the simulator plays by (`strategy`, from the analysis) refuses
    `rules`, as `simulate` then does: naming the field (a banker's hand told apart by its
    suits, which the analysis values by ranks)."""
    from pontoon_rules.errors import AnalysisError

    try:
        strategy(rules, "best")
    except AnalysisError as error:
        assert str(error).startswith("hands.definitions"), error  # names what it refuses
        return True
    return False


@pytest.mark.parametrize("seed", range(12))
def test_random_overlays_match_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    rules = None
    while rules is None or best_play_refuses(rules):
        rules = random_overlay(rng)
    for player in ("best", "stand-15"):
        compare(rules, player, 250, seed)


def early_surrender(rng: random.Random) -> dict[str, object]:
    """An early surrender at random: how much comes back, against which banker's cards,
    void against the check's pontoon or not (the check switched on, which it needs)."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
    against = ranks if rng.random() < 0.5 else rng.sample(ranks, rng.randint(1, 6))
    surrender = {"allowed": True, "timing": "early", "against": against,
                 "returns": rng.choice([[1, 2], [2, 3], [4, 5]]),
                 "void_on_banker_pontoon": rng.random() < 0.5}
    return {"player": {"surrender": surrender}, "deal": {"banker_pontoon_at_once": True}}


def overlay_playing(rng: random.Random, feature: str,
                    change: Callable[[random.Random], dict[str, object]]) -> Rules:
    """A random overlay (`random_overlay`) with `change(rng)` merged over it, drawn until
    it plays `feature` (a name of `ruleset.resolving.features`)."""
    from pontoon_rules.ruleset.resolving.features import active_features

    rules = None
    while rules is None or feature not in [f.name for f in active_features(rules.ruleset)]:
        rules = random_overlay(rng, change=change(rng))
    return rules


@pytest.mark.parametrize("seed", range(6))
def test_random_overlays_with_an_early_surrender_match_the_engine(seed: int) -> None:
    rules = overlay_playing(random.Random(seed + 500), "early surrender", early_surrender)
    for player in ("best", "stand-15"):
        compare(rules, player, 250, seed)


FIELD_OVERLAYS = [
    ("pagat-british", {"pack": {"decks": "infinite"}}),
    ("blackjack-reference", {"pack": {"suits": ["S", "H", "D"]}}),
    ("spanish-21", {"pack": {"suits": ["S", "C"]}}),
    ("casino-ochko", {"player": {"draw_on_21": True},
                      "hands": {"definitions": {"pontoon": {"may_draw_on": True}}}}),
    ("belarus-ponton", {"player": {"max_cards": None}}),
    ("blackjack-reference", {"deal": {"order": "hand-by-hand", "banker_dealt_first": True}}),
    ("pagat-british", {"deal": {"banker_dealt_first": True}}),
    ("shoot-pontoon", {"shoot": {"limit": "below-kitty"}}),
    ("shoot-pontoon", {"shoot": {"fourth_card_limit": "below-kitty"}}),
    ("pagat-british", {"stakes": {"later_buy_cap": "first-buy"}}),
    ("shoot-pontoon", {"deal": {"order": "hand-by-hand"}}),
    ("casino-ochko", {"settlement": {"outcomes": [
        {"player": "twenty-one", "banker": "pontoon", "result": "win", "pays": "3:2"},
        {"player": "total", "banker": "total", "result": "push"}]}}),
]


def overlay(base: str, change: dict[str, object]) -> Rules:
    from pontoon_rules.ruleset.format.model import Ruleset

    data = merged(load_bundled(base).model_dump(mode="python"), change)
    return compile_rules(Ruleset.model_validate(data))


def merged(base: dict[str, object], change: dict[str, object]) -> dict[str, object]:
    """`change` deep-merged over `base` (mappings merge, anything else replaces)."""
    out = dict(base)
    for key, value in change.items():
        old = out.get(key)
        out[key] = merged(old, value) if isinstance(old, dict) and isinstance(
            value, dict) else value  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize(("base", "change"), FIELD_OVERLAYS)
def test_new_fields_match_the_engine(base: str, change: dict[str, object]) -> None:
    rules = overlay(base, change)
    for player in ("best", "stand-17"):
        compare(rules, player, 400, 99)


SUITED_SEVENS = {"name": "suited 7-7-7", "ranks": ["7", "7", "7"], "suits": "suited",
                 "banker_can_hold": False, "pays": "3:1", "wins_outright": True}
SPADE_PONTOON = {"name": "pontoon in spades", "min_cards": 2, "max_cards": 2, "min_total": 21,
                 "suits": "spades", "on_split_hand": False, "banker_can_hold": False,
                 "pays": "2:1", "wins_outright": True, "natural": True, "may_draw_on": False}
LOW_STRAIGHT = {"name": "ace-two-three", "ranks": ["A", "2", "3"], "banker_can_hold": False,
                "pays": "2:1", "wins_outright": True}
TWO_ACES_NINE = {"name": "two aces and a nine", "ranks": ["A", "A", "9"],
                 "banker_can_hold": False, "pays": "3:1", "wins_outright": True}
NAMED_OVERLAYS = [
    # what a banker's hand takes, after the players have played (no peek)
    ("belarus-ponton", {"hands": {"definitions": {"pontoon": {"takes": "original-bets"}}}},
     ("best", "stand-16")),
    ("belarus-ponton", {"hands": {"definitions": {"pontoon": {"takes": "busted-plus-one"}}}},
     ("best", "stand-16")),
    ("pagat-british", {"deal": {"banker_pontoon_at_once": False},
                       "hands": {"definitions": {"pontoon": {"takes": "original-bets"}}}},
     ("best", "stand-17")),
    # hands defined by their suits, which the kernel reads from the physical cards (the
    # analysis cannot value these two, so only the simple policies play them)
    ("belarus-ponton", {"hands": {
        "ranking": ["pontoon", "suited-sevens", "five-card-trick", "three-of-a-kind", "total"],
        "definitions": {"suited-sevens": SUITED_SEVENS}}}, ("stand-15", "stand-17")),
    # hands of given ranks with aces: the C kernel indexes them by the totals their ranks
    # make (soft 16 and 21 here, hard 6 and 11)
    ("belarus-ponton", {"hands": {
        "ranking": ["pontoon", "two-aces-nine", "five-card-trick", "ace-two-three", "total"],
        "definitions": {"ace-two-three": LOW_STRAIGHT, "two-aces-nine": TWO_ACES_NINE}}},
     ("stand-16", "stand-17")),
    ("blackjack-reference", {"hands": {
        "ranking": ["spade-pontoon", "pontoon", "total"],
        "definitions": {"spade-pontoon": SPADE_PONTOON}}}, ("stand-16",)),
]


@pytest.mark.parametrize(("base", "change", "players"), NAMED_OVERLAYS)
def test_named_hands_by_their_cards_match_the_engine(base: str, change: dict[str, object],
                                                    players: tuple[str, ...]) -> None:
    rules = overlay(base, change)
    for player in players:
        compare(rules, player, 600, 7)


def test_the_fast_kernel_refuses_what_it_does_not_classify() -> None:
    """The one-seat fast kernel holds the classic hands and the usual values only; the
    general kernel plays the rest, so a seed gives the engine's money either way."""
    german = compile_sim(compile_rules(load_ruleset("tests/rulesets/siebzehn-no-raise.yaml")))
    assert fast_problem(german) == "named hands beyond the classic four"
    spade = compile_sim(overlay("blackjack-reference", NAMED_OVERLAYS[-1][1]))
    assert fast_problem(spade) == "named hands beyond the classic four"


@pytest.mark.parametrize(("name", "players"), [
    ("star-pontoon.yaml", ("best", "stand-16")),  # hands of particular ranks, eight packs
    ("ochko-values.yaml", ("stand-16",)),  # values J 2 Q 3 K 4, a peek for two naturals
    ("spanish-21-decisions.yaml", ("best",)),  # whole-stake redoubles, rescue, surrender
])
def test_test_rulesets_of_the_family_match_the_engine(name: str,
                                                        players: tuple[str, ...]) -> None:
    from pathlib import Path

    from pontoon_rules.ruleset.loading.loader import load_ruleset

    rules = compile_rules(load_ruleset(str(Path(__file__).parent / "rulesets" / name)))
    for player in players:
        compare(rules, player, 600, 3)


DECISION_OVERLAYS = [
    # a surrender worth taking, void against a banker's pontoon nobody checks for first:
    # the hand waits for the banker's second card and settles as it stands against one
    ("australian-pontoon", {"player": {"surrender": {"returns": [9, 10]}}}),
    # the same, not void, against any card, and after a split
    ("australian-pontoon", {"player": {"surrender": {
        "returns": [4, 5], "void_on_banker_pontoon": False,
        "against": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"]}}}),
    # redoubles of the whole stake, a rescue of every doubled part
    ("spanish-21", {"player": {"double": {"redouble_stake": "whole-stake",
                                          "rescue": {"returns": "all-but-original"}}}}),
    # doubling on 9 to 11 with the ace counted 11, three times a hand
    ("australian-pontoon", {"player": {"double": {"aces_count_one": False, "max_cards": None,
                                                  "times_per_hand": 3, "draws_after": 1}}}),
    # an early surrender, before the check for a pontoon and beside insurance: it stands
    # against the check's pontoon; the same against a ten or an ace only, void against one
    ("blackjack-reference", {"player": {"surrender": {
        "allowed": True, "timing": "early", "returns": [1, 2]}}}),
    ("blackjack-reference", {"player": {"surrender": {
        "allowed": True, "timing": "early", "returns": [4, 5], "void_on_banker_pontoon": True,
        "against": ["A", "T", "J", "Q", "K"]}}}),
    # side bets worth taking, half the stake each: a pair (more for a suited one) and
    # matching the banker's card (each matching card paid apart, more of its suit too)
    ("blackjack-reference", {"side_bets": {"max_fraction": [1, 2], "pair": {
        "allowed": True, "pays": "15:1", "suited_pays": "30:1"}, "match_dealer": {
        "allowed": True, "pays": "6:1", "suited_pays": "10:1"}}}),
    # a pair worth taking at odds that round up (two thirds of the stake at 41:2), beside
    # a match that is not (declined)
    ("australian-pontoon", {"settlement": {"odd_amounts": "round-up"}, "side_bets": {
        "max_fraction": [2, 3], "pair": {"allowed": True, "pays": "41:2"},
        "match_dealer": {"allowed": True, "pays": "1:1"}}}),
]


@pytest.mark.parametrize(("base", "change"), DECISION_OVERLAYS)
def test_the_familys_decisions_match_the_engine(base: str, change: dict[str, object]) -> None:
    rules = overlay(base, change)
    for player in ("best", "stand-16"):
        compare(rules, player, 500, 11)


@pytest.mark.parametrize("takes", ["busted-plus-one", "original-bets"])
def test_a_split_seat_against_a_pontoon_that_takes_less(takes: str) -> None:
    """Split eights against a king; the dealer's second card makes a pontoon. BB+1 takes
    one original stake from the seat in all, OBBO one from each hand: the kernel settles
    the seat as the engine does."""
    from pathlib import Path

    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    path = (Path(__file__).resolve().parents[1] / "examples" / "australian-pontoon"
            / "australian-pontoon-bb1-spl1-nlc.yaml")
    data = load_ruleset(str(path)).model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["takes"] = takes
    data["player"]["surrender"]["allowed"] = False  # the eights are played, not given up
    from pontoon_rules.ruleset.format.model import Ruleset

    rules = compile_rules(Ruleset.model_validate(data))
    strat = strategy(rules, "best")
    shoe = parse_cards("8S KD 8H KS QS AH".split()) + [int(c) for c in full_shoe(rules)][:40]
    want = engine_round(rules, engine_policy(rules, strat), shoe, [10], 0)
    runner = RoundRunner(rules, strat, 1)
    assert runner.play_shoe(shoe, [10], 0, kernel="general") == want
    assert want.seats == ([-10] if takes == "busted-plus-one" else [-20])  # two hands of 18
