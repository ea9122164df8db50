"""The coverage table's cells "accepted and disagrees" of the named hands' new fields
(issue 45; `benchmarks/oracle_coverage.py --fields hands.definitions.*.NAME`), each fixed at
its cause: a refusal by name, or a rule the schema cannot say turned away by the loader."""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset

sys.path.insert(0, str(Path(__file__).parent))

from oracle import AGREES, DISAGREES, REFUSES, _played, judge, tiny  # noqa: E402

TESTS = Path(__file__).parent / "rulesets"
PLAYERS = {"natural": False, "banker_can_hold": False}
"""What a hand held for some stakes only must be (a player's, no natural)."""


def _with(base: str, hand: str, insured: bool = True, **change: Any) -> Ruleset:
    data = tiny(base).model_dump(mode="python")
    data["hands"]["definitions"][hand].update(change)
    data["player"]["insurance"]["allowed"] &= insured
    return Ruleset.model_validate(data)


def test_a_payout_rounded_at_the_stake_a_hand_is_valued_at_is_refused_by_name() -> None:
    """tiny-blackjack (no insurance) where the pontoon (3:2; a player's, no natural) holds
    at a stake of 1 only: the analysis values such rules at the least stake, 1, where the
    engine rounds 3:2 down to 1; it printed 0.1344 (shoe) and 0.1182 (infinite deck)
    against the engine's 0.0677 and 0.0557 playing the same play. Now `edge` refuses naming
    stakes.min_stake; the simulators play it. Where the band plays alike at a whole stake
    (a pontoon up to 3: at 2 as at 1), the analysis's figure is that stake's, and the
    simulations play there (`analysis.upcards.played_stake`)."""
    from pontoon_rules.analysis.edge import house_edge

    rules = compile_rules(_with("tiny-blackjack", "pontoon", False, max_stake=1, **PLAYERS))
    with pytest.raises(PontoonError, match=r"stakes\.min_stake: edge does not handle payouts "
                                           "rounded at every stake a figure may be valued"):
        house_edge(rules, "finite")
    verdicts = {v.consumer: v.verdict for v in judge(rules.ruleset, 20_000)}
    assert verdicts == {"exact-shoe": REFUSES, "exact-infinite": REFUSES, "engine": AGREES,
                        "compiled-sim": AGREES}
    # a stake band that plays alike at a whole stake (2) is valued there: not refused
    alike = compile_rules(_with("tiny-blackjack", "pontoon", False, max_stake=3, **PLAYERS))
    assert [v.verdict for v in judge(alike.ruleset, 20_000, only=("exact-infinite",))
            ] == [AGREES]


def _odd_stakes(most: int) -> Ruleset:
    """tiny-blackjack (no insurance) whose pontoon pays 6:5, staked from 3 to `most`."""
    data = tiny("tiny-blackjack").model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["pays"] = "6:5"
    data["player"]["insurance"]["allowed"] = False
    data["stakes"].update(min_stake=3, max_stake=most)
    return Ruleset.model_validate(data)


ROUNDED = (r"stakes\.min_stake: .*hands\.definitions\.pontoon\.pays 6:5 is not a whole "
           r"amount at a stake of 3 .*no stake from 3 to 3 where every payout is whole")
"""The refusal of `_odd_stakes(3)`: the field, the stake and the payout."""


def test_a_payout_rounded_at_every_stake_the_limits_allow_is_refused_by_every_consumer(
        tmp_path: Path) -> None:
    """A 6:5 pontoon where every stake is 3: the engine pays 3.6 as 3 (rounded down), and
    the analysis valued it unrounded with no named hand held by the stake, so no rule
    refused it: both exact figures were "accepted and disagrees" (shoe 0.070081 against the
    engine's 0.050447 playing the same play, infinite deck 0.056543 against 0.039356).
    Now `edge`, `strategy`, `costs`, `summary` and the workbench refuse, naming the stake
    and the payout; both simulators play it at that stake, rounding as the engine does."""
    import yaml
    from in_process import command_line

    from pontoon_rules.workbench.worker import _value

    ruleset = _odd_stakes(3)
    verdicts = {v.consumer: v for v in judge(ruleset, 20_000)}
    for consumer in ("exact-shoe", "exact-infinite"):
        assert verdicts[consumer].verdict == REFUSES, verdicts[consumer]
    assert {verdicts[c].verdict for c in ("engine", "compiled-sim")} == {AGREES}
    path = tmp_path / "odd.yaml"
    data = {k: v for k, v in ruleset.model_dump(mode="json").items() if k != "extends"}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    for command in (("edge",), ("edge", "--deck", "infinite"), ("strategy",), ("costs",)):
        done = command_line(command[0], str(path), *command[1:])
        assert done.returncode != 0 and done.stdout == "", (command, done.stdout)
        assert re.search(ROUNDED, " ".join(done.stderr.split())), (command, done.stderr)
    summary = " ".join(command_line("summary", str(path)).stdout.split())
    assert "refused (payouts rounded at every stake a figure may be valued at)" in summary
    with pytest.raises(PontoonError, match=ROUNDED):
        _value(ruleset)
    for path_ in ("engine", "compiled"):
        assert simulate_at(ruleset, path_) == 3  # both round as the engine does


@pytest.mark.parametrize("least, most", [(1, 1), (1, None), (3, 3), (3, 4), (3, 5), (3, 7),
                                          (5, 5), (6, 9), (4, None)])
@pytest.mark.parametrize("band", [{}, {"max_stake": 1}, {"max_stake": 5},
                                  {"min_stake": 4}, {"max_stake": 3}])
def test_the_refusal_and_the_simulations_stake_read_one_rule(
        least: int, most: int | None, band: dict[str, int]) -> None:
    """`_rounded_where_valued` refuses exactly where the simulations find no whole stake
    that plays as the least (`analysis.upcards.played_stake`): both ask
    `ruleset.resolving.outcomes.whole_stake`, and once each had its own copy of the rule.
    A 6:5 pontoon (unit 5) with a stake band, over limits that do and do not hold one."""
    from pontoon_rules.analysis.upcards import played_stake
    from pontoon_rules.ruleset.resolving.family_features import _rounded_where_valued
    from pontoon_rules.ruleset.resolving.outcomes import stake_unit

    data = _odd_stakes(5).model_dump(mode="python")
    data["stakes"].update(min_stake=least, max_stake=most)
    data["hands"]["definitions"]["pontoon"].update(band, **(PLAYERS if band else {}))
    ruleset = Ruleset.model_validate(data)
    rules = compile_rules(ruleset)
    refused = bool(_rounded_where_valued(ruleset))
    played = played_stake(rules, least)
    assert refused == (played % stake_unit(ruleset) != 0), (refused, played)
    def held(at: int) -> bool:
        return band.get("min_stake", 0) <= at <= band.get("max_stake", at)

    whole = [at for at in range(least, (most or least + 10) + 1)
             if at % 5 == 0 and held(at) == held(least)]  # by hand, from the rule's words
    assert refused == (least % 5 != 0 and not whole), (refused, whole)


def simulate_at(ruleset: Ruleset, path: str) -> int:
    """The stake `path`'s simulation plays `ruleset` at."""
    from pontoon_rules.analysis.upcards import played_stake
    from pontoon_rules.sim.runs.engine import engine_stake
    from pontoon_rules.sim.runs.rounds import SIM_STAKE

    rules = compile_rules(ruleset)
    return engine_stake(rules) if path == "engine" else played_stake(rules, SIM_STAKE)


def test_where_the_limits_allow_a_whole_stake_the_simulations_play_there() -> None:
    """The same pontoon staked from 3 to 7: 5 is a stake where every payout is whole, so
    the exact figures hold there; the engine's simulation played at 7 (100 moved inside
    the limits), where 8.4 is paid as 8, and disagreed with them (the shoe's 0.070081 against
    the engine's 0.064471 playing the same play at 7). Now the engine
    path plays at 5 (`analysis.upcards.played_stake`), and every consumer agrees."""
    ruleset = _odd_stakes(7)
    assert simulate_at(ruleset, "engine") == 5
    assert simulate_at(ruleset, "compiled") == 100  # per unit, outside the limits: whole
    assert [v.verdict for v in judge(ruleset, 20_000)] == [AGREES] * 4


def test_a_fixed_prize_on_a_stake_that_may_grow_plays_through_the_engine() -> None:
    """tiny-pagat (cards bought) where the pontoon pays a fixed prize: the analysis cannot
    value it per stake and refused with no rule of the registry, so `simulate --engine`
    (the reference, which plays every rule) refused too. Now the registry names it: the
    analysis and the compiled simulator refuse by name, the engine plays it by stand-17
    and says so."""
    from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError
    from pontoon_rules.sim.runs.simulate import simulate

    rules = compile_rules(_with("tiny-pagat", "pontoon", prize=3))
    result = simulate(rules, 400, seed=3, path="engine")
    assert result.rounds == 400
    assert "stand-17" in result.method
    assert "a fixed prize on a hand whose stake may grow" in result.method
    for path in ("compiled", None):
        if path == "compiled":
            with pytest.raises(UnsupportedFeatureError,
                               match=r"hands\.definitions\.pontoon\.prize"):
                simulate(rules, 400, seed=3, path=path)
        else:
            assert simulate(rules, 400, seed=3, path=path).path == "engine"


@pytest.mark.parametrize("field, value", [("banker_up_ranks", ("A",)), ("min_stake", 2),
                                          ("max_stake", 1)])
@pytest.mark.parametrize("change", [{}, {"natural": False}, {"banker_can_hold": False}])
def test_an_up_card_or_stake_condition_on_a_banker_s_hand_or_a_natural_is_refused(
        field: str, value: Any, change: dict[str, Any]) -> None:
    """A named hand the banker may hold, or a natural, held against some up cards or for
    some stakes only: the engine classifies the banker's hand with no up card and no stake
    (`engine.round.named.NamedHand.more_match`) and the naturals at the peek with no up
    card, the analysis's groups with both (tiny-blackjack's pontoon against a banker's ace:
    0.0416 against the engine's 0.0577; tiny-up-card's five-card trick from a stake of 2,
    which every stake there meets: 1.1378 against 1.4374): the schema cannot say it, so the
    loader turns it away naming the field."""
    with pytest.raises(ValidationError, match=f"{field}: a hand held against some of the "
                                              "banker's up cards or for some stakes only is "
                                              "a player's hand and no natural"):
        _with("tiny-blackjack", "pontoon", **{field: value}, **change)
    held = _with("tiny-blackjack", "pontoon", **{field: value}, natural=False,
                 banker_can_hold=False)
    assert getattr(held.hands.definitions["pontoon"], field) is not None
    load_ruleset(str(TESTS / "tiny-up-card.yaml"))  # the Super Bonus's shape loads


def test_a_hand_that_has_won_only_against_some_up_cards_is_decided_with_the_up_card() -> None:
    """tiny-up-card-surrender: a pair of tens loses whatever the banker holds against a
    banker's 9 (a hand of its own, held against a 9 only) and has already won against any
    other card. The engine decided "has already won" (and every legal action that reads a
    named hand) with no up card, so it took the tens against a 9 for the winning hand and
    refused their surrender: both exact figures, which surrender them, were "accepted and
    disagrees" (shoe 0.202203 against the engine's 0.199880 playing the same play; infinite
    deck 0.172891 against 0.168741). The engine now names the hand with the up card, as it
    does at the settlement; the figures agree exactly."""
    from pontoon_rules.engine.round.cards import RANK_CODES
    from pontoon_rules.engine.round.giving_up import may_surrender
    from pontoon_rules.engine.round.hand import Hand

    ruleset = tiny("tiny-up-card-surrender")
    for v in judge(ruleset, 1000, only=("exact-shoe", "exact-infinite")):
        assert v.verdict == AGREES, v
    rules = compile_rules(ruleset)
    tens = Hand(1)
    for card in (RANK_CODES.index("T") * 4, RANK_CODES.index("T") * 4 + 1):
        tens.add(card)
    assert may_surrender(tens, RANK_CODES.index("9"), rules)  # it loses: may give up
    assert not may_surrender(tens, RANK_CODES.index("T"), rules)  # it has already won


def test_a_round_past_the_compiled_simulator_s_money_is_refused_there_alone() -> None:
    """The oracle's money refusal (`sim.kernels.money.money_refused`), which no tiny base
    reached: the schema bounds an amount (10**15) and each odds term (999) so that one
    multiplier of a stake always fits 64 bits, and the tiny bases grow a stake at most
    320-fold. tiny-high-stake (a least stake of 9.6 * 10**14; four split hands, each
    doubled, paid 999:1 when the banker busts: 7.7 * 10**18) still fits; a fifth hand
    (9.6 * 10**18) does not. Then the compiled simulator, and it alone, refuses naming the
    least stake and the field that grows it; the engine and both exact figures agree.
    Five hands where no split is allowed grow nothing: the compiled simulator refused
    that too, and now plays it."""
    base = tiny("tiny-high-stake")
    assert [v.verdict for v in judge(base, 20_000)] == [AGREES] * 4
    data = base.model_dump(mode="python")
    data["player"]["split"]["max_hands"] = 5
    shoe, infinite, engine, compiled = judge(Ruleset.model_validate(data), 20_000)
    assert (shoe.verdict, infinite.verdict, engine.verdict) == (AGREES,) * 3
    assert compiled.verdict == REFUSES, compiled
    assert "stakes.min_stake" in compiled.detail and "64-bit" in compiled.detail
    data["player"]["split"]["allowed"] = False
    compiled, = judge(Ruleset.model_validate(data), 20_000, only=("compiled-sim",))
    assert compiled.verdict == AGREES, compiled


def test_a_hand_by_its_suits_is_played_with_suits_on_the_infinite_deck() -> None:
    """tiny-blackjack with a dealt pair of tens of mixed suits paid 2:1, above a pair in
    any suits paid 1:1, both winning outright: the oracle's engine enumeration dealt one
    card per rank on the infinite deck, so every pair was suited and the mixed pair never
    made (the one-pack shoe, where a pair cannot be suited, agreed). The figure was right:
    the engine's enumeration now deals each card of the deal with its suit where a named
    hand reads suits (tests/analysis_reference.py)."""
    data = tiny("tiny-blackjack").model_dump(mode="python")
    tens = {"ranks": ["T", "T"], "dealt_only": True, "banker_can_hold": False,
            "wins_outright": True}
    data["hands"]["definitions"].update(
        {"mixed-tens": {**tens, "suits": "mixed", "pays": "2:1"}, "tens": tens})
    ranking = list(data["hands"]["ranking"])
    data["hands"]["ranking"] = [ranking[0], "mixed-tens", "tens", *ranking[1:]]
    verdicts = judge(Ruleset.model_validate(data), 20_000, only=("exact-infinite",
                                                                  "exact-shoe"))
    assert {v.consumer: v.verdict for v in verdicts} == {"exact-shoe": AGREES,
                                                         "exact-infinite": AGREES}


def test_a_hand_by_its_suits_given_up_otherwise_than_its_ranks_is_refused() -> None:
    """tiny-up-card-surrender with its pair of tens against a 9 (lost: surrendered) of mixed
    suits only: a suited pair is the pair that wins outright and may not surrender, so the
    analysis, playing by ranks, surrendered both (0.172891 against the engine's 0.192422
    where the engine dealt one card per rank). Once the engine's enumeration dealt suits,
    the play could not be followed (surrender illegal for the suited pair). Now refused,
    naming the definition; the engine plays it."""
    rules = compile_rules(_with("tiny-up-card-surrender", "tens-against-nine", suits="mixed"))
    verdicts = {v.consumer: v for v in judge(rules.ruleset, 20_000)}
    for consumer in ("exact-shoe", "exact-infinite"):
        assert verdicts[consumer].verdict == REFUSES
        assert "hands.definitions.tens-against-nine" in verdicts[consumer].detail
        assert "wins_outright" in verdicts[consumer].detail
    assert verdicts["engine"].verdict == AGREES


def _won_by_the_table() -> Ruleset:
    """tiny-up-card-surrender with its pair of tens against a 9 (lost) of mixed suits only,
    and the pair in any suits winning whatever the banker holds through the outcome table
    (`settlement.outcomes`) rather than `wins_outright`."""
    from pontoon_rules.ruleset.resolving.outcomes import banker_hands

    data = tiny("tiny-up-card-surrender").model_dump(mode="python")
    data["hands"]["definitions"]["tens-against-nine"]["suits"] = "mixed"
    data["hands"]["definitions"]["pair-of-tens"]["wins_outright"] = False
    wins = [{"player": "pair-of-tens", "banker": b, "result": "win"}
            for b in banker_hands(Ruleset.model_validate(data))]
    data["settlement"]["outcomes"] = [*data["settlement"]["outcomes"], *wins]
    return Ruleset.model_validate(data)


def test_a_suited_hand_that_wins_whatever_the_banker_holds_by_the_table_is_refused() -> None:
    """As above, the pair in any suits having won through the outcome table: the check of
    `ruleset.resolving.classic.suits_problem` compared only `wins_outright`, so the analysis
    played both pairs by ranks and surrendered the suited pair, which the engine does not
    allow (it has already won: `engine.round.giving_up.wins_outright` reads the table); the
    oracle's enumeration stopped on the illegal surrender. Now refused by name; the engine
    plays it; and a method's play the engine refuses is a disagreement in the oracle."""
    from pontoon_rules.errors import IllegalActionError
    from pontoon_rules.ruleset.resolving.classic import suits_problem

    ruleset = _won_by_the_table()
    assert "wins whatever the banker holds" in (suits_problem(ruleset, "tens-against-nine")
                                                or "")
    verdicts = {v.consumer: v for v in judge(ruleset, 20_000)}
    for consumer in ("exact-shoe", "exact-infinite"):
        assert verdicts[consumer].verdict == REFUSES
        assert "hands.definitions.tens-against-nine" in verdicts[consumer].detail
    assert verdicts["engine"].verdict == AGREES

    def illegal() -> Fraction:  # the engine's enumeration meeting the play it refused
        raise IllegalActionError("surrender", "p1", ["stick"])

    found = _played("exact-infinite", None, Fraction(1, 5), illegal)
    assert found.verdict == DISAGREES and "the engine refuses its play" in found.detail


@pytest.mark.parametrize("name", ["tiny-up-card-surrender", "table", "bundled"])
def test_the_engine_and_the_suits_check_decide_an_outright_win_alike(name: str) -> None:
    """Whether a hand has already won is one rule (`ruleset.resolving.outcomes.
    wins_whatever`): the engine's `wins_outright` on its compiled table answers as the
    suits check's reading of the ruleset's whole table, for every player's hand of the
    tiny rulesets of a won row and of every bundled ruleset (once two copies)."""
    from pontoon_rules.engine.round.giving_up import wins_outright
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
    from pontoon_rules.ruleset.resolving.outcomes import (
        banker_hands,
        outcome_table,
        player_hands,
        wins_whatever,
    )

    rulesets = ([tiny(name)] if name.startswith("tiny") else [_won_by_the_table()]
                if name == "table" else [load_bundled(i) for i in bundled_ids()])
    won = 0
    for ruleset in rulesets:
        rules, table = compile_rules(ruleset), outcome_table(ruleset, every_hand=True)
        for hand in player_hands(ruleset):
            engine = wins_outright(hand, rules)
            assert engine == wins_whatever(table, hand, banker_hands(ruleset)), hand
            won += engine
    assert won >= 1  # some hand has already won: the comparison is not all False


def test_a_named_hand_over_21_held_against_some_up_cards_is_no_bust_against_them() -> None:
    """tiny-up-card-over: a six and two tens (26) win outright against a banker's 9 and
    bust against any other card. The engine decided a bust with no up card
    (`engine.round.hand.is_bust`), so 6-T-T against a 9 lost at once during play, while
    the settlement (and the analysis's group of the 9) named it: both exact figures were
    "accepted and disagrees" (shoe 0.128776 against the engine's 0.076028 playing the same
    play; infinite deck 0.101733 against 0.078296). The engine now decides a bust with the
    up card wherever it settles one; the figures agree exactly."""
    from pontoon_rules.engine.round.cards import RANK_CODES
    from pontoon_rules.engine.round.hand import Hand, is_bust

    ruleset = tiny("tiny-up-card-over")
    verdicts = judge(ruleset, 1000, only=("exact-shoe", "exact-infinite"))
    assert [v.verdict for v in verdicts] == [AGREES, AGREES], verdicts
    rules = compile_rules(ruleset)
    hand = Hand(1)
    for rank in ("6", "T", "T"):
        hand.add(RANK_CODES.index(rank) * 4 + hand.cards.count(RANK_CODES.index(rank) * 4))
    assert not is_bust(hand, rules, RANK_CODES.index("9"))  # a named hand against a 9
    assert is_bust(hand, rules, RANK_CODES.index("T"))  # a bust against a ten


def test_one_helper_decides_the_up_card_a_players_hand_is_named_against() -> None:
    """`engine.round.hand.read_up` gives the banker's up card where a named hand asks for
    it (tiny-up-card-over's 6-T-T: no bust against a 9, a bust against a ten) and -1 where
    none does (tiny-blackjack: every hand is named alike without it). Every engine caller
    that names or busts a player's hand takes it from there (the dealing, the settlement,
    the faces shown, the hidden bust, the hand finished, the session, the results);
    `up_card` itself is read by no other engine module."""
    from pontoon_rules.engine.round.cards import RANK_CODES
    from pontoon_rules.engine.round.hand import Hand, is_bust, read_up

    def hand_of(*ranks: str) -> Hand:
        hand = Hand(1)
        for rank in ranks:
            index = RANK_CODES.index(rank)
            hand.add(index * 4 + sum(c >> 2 == index for c in hand.cards))
        return hand

    over, plain = compile_rules(tiny("tiny-up-card-over")), compile_rules(tiny("tiny-blackjack"))
    six_ten_ten = hand_of("6", "T", "T")
    for up, bust in (("9", False), ("T", True)):
        banker = hand_of(up, "A")
        assert read_up(banker, over) == RANK_CODES.index(up)
        assert is_bust(six_ten_ten, over, read_up(banker, over)) is bust
        assert read_up(banker, plain) == -1
    engine = Path(__file__).parent.parent / "pontoon_rules" / "engine"
    readers = sorted(p.relative_to(engine).as_posix() for p in engine.rglob("*.py")
                     if "up_card(" in p.read_text(encoding="utf-8"))
    assert readers == ["round/hand.py"], readers


def test_a_hand_by_the_suits_of_some_ranks_is_checked_within_a_minute() -> None:
    """tiny-up-card's super-sevens (7-7-7 against a 7, a prize by the stake) of mixed
    suits, the first `suits` change any base's exact consumers accept: the engine's
    enumeration of their play dealt every card of the round with its suit and ran past
    400 s of CPU ("too slow"). It now deals with their suits only the ranks a hand that
    reads suits is made of (`_Reference.suit_ranks`: the 7s), and holds both figures to
    the engine, equal, in seconds."""
    from pontoon_rules.ruleset.format.fields import with_value

    data = with_value(tiny("tiny-up-card").model_dump(mode="python"),
                      "hands.definitions.super-sevens.suits", "mixed")
    verdicts = judge(Ruleset.model_validate(data), 20_000, cap=60,
                     only=("exact-shoe", "exact-infinite"))
    assert {v.consumer: v.verdict for v in verdicts} == {"exact-shoe": AGREES,
                                                         "exact-infinite": AGREES}, verdicts
