"""Issue 48, hands: aces counted by the hand's cards, named hands' conditions (hard or
soft, the banker's up card, the stake, a fixed prize, the lower total winning), the
banker's minimum and the banker opening players; worked examples from ban-luck's,
xi-dach's and Spanish 21's published rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_helpers import nets, run
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.engine.round.actions import DECLINE, OPEN, STICK, TWIST, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand, points, soft
from pontoon_rules.engine.round.phase import BANKER
from pontoon_rules.engine.round.policies import automatic
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.outcome import BankerPlay, Settlement
from pontoon_rules.ruleset.loading.diagnostics import meant_field
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

ROOT = Path(__file__).resolve().parents[1]
SUPER_BONUS = str(ROOT / "rulesets" / "spanish-21.yaml")
"""The bundled spanish-21, with its Super Bonus and Envy Bonus (amounts in cents)."""


def _hand(rules: Any, codes: str) -> Hand:
    hand = Hand(10)
    for card in parse_cards(codes.split()):
        hand.add(card, rules.values)
    return hand


def _changed(ruleset_id: str, change: dict[str, Any]) -> Ruleset:
    def merged(base: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
        out = dict(base)
        for key, value in change.items():
            out[key] = (merged(out[key], value) if isinstance(value, dict)
                        and isinstance(out.get(key), dict) else value)
        return out

    base = load_bundled(ruleset_id).model_dump(mode="python")
    return Ruleset.model_validate(merged(base, change))


# -- ban-luck ---------------------------------------------------------------------------

def test_ban_luck_two_aces_pay_triple_and_an_ace_and_a_king_double() -> None:
    """"The player with two aces has a “ban-ban” and his bet pays off 3 to 1"; "an ace and a
    card with a value of 10 ... has a “ban-nag,” which is paid out 2:1" (the dealer dealt
    first, 9 and 8: 17)."""
    ban_ban = run("ban-luck", [10], "9H AS 8H AD", "banker stick")
    assert ban_ban.result.seats[0].hands[0].hand_class == "ban-ban"
    assert nets(ban_ban) == [30, -30]
    ban_luck = run("ban-luck", [10], "9H AS 8H KD", "banker stick")
    assert ban_luck.result.seats[0].hands[0].hand_class == "ban-luck"
    assert nets(ban_luck) == [20, -20]


@pytest.mark.parametrize(("codes", "total", "is_soft"), [
    ("AS KD", 21, True),          # two cards: 11 or 10
    ("AS AD", 21, True),          # 11 + 10
    ("AS 5D", 16, True),          # 11 + 5
    ("AS 5D 5C", 20, True),       # three cards: 10 or 1; 10 here
    ("AS 9D 5C", 15, False),      # 1 here: 10 would bust
    ("AS AD 9C", 20, True),       # 10 + 1 + 9
    ("AS 2D 3C 4H", 10, False),   # four cards: 1 only
])
def test_ban_luck_an_ace_counts_by_the_hands_cards(codes: str, total: int, is_soft: bool) -> None:
    rules = compile_rules(load_bundled("ban-luck"))
    hand = _hand(rules, codes)
    assert (points(hand, rules), soft(hand, rules)) == (total, is_soft)


def test_the_default_ace_counts_as_before() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    assert rules.aces_by_count is None
    assert points(_hand(rules, "AS 5D 5C"), rules) == 21
    assert points(_hand(rules, "AS AD 9C"), rules) == 21


def test_ban_luck_a_player_with_15_may_not_stop() -> None:
    state = RoundState(compile_rules(load_bundled("ban-luck")), [10])
    for card in parse_cards("9H 5S 8H KD".split()):
        state.apply_action(card)
    state.apply_action(Action(DECLINE))  # not given up as a free hand (test_ban_luck_free_hand)
    assert [str(a) for a in state.legal_actions()] == [TWIST]


def test_ban_luck_the_banker_below_16_must_draw() -> None:
    """The dealer's 15 (9 + 6) may first call the deal off; played on, it must draw."""
    with pytest.raises(Exception, match="legal: twist"):
        run("ban-luck", [10], "9H 6S 6H KD 4C",
            "banker decline, p1 twist, p1 stick, banker stick")


def test_ban_luck_the_banker_opens_a_player_at_16_and_draws_on() -> None:
    """The dealer at 16 (9 + 7) opens p1 (5 6 7: 18, paid), then draws a 2 to 18 and pushes
    with p2's 18; without the opening p1 pushes too."""
    shoe = "9H 5S KH 7H 6D 8C 7D 2C"
    opened = run("ban-luck", [10, 10], shoe,
                 "p1 twist, p1 stick, p2 stick, banker open 1, banker twist, banker stick")
    assert nets(opened) == [10, 0, -10]
    banker_turn = next(e for e in opened.transcript if e.get("actor") == "banker")
    assert banker_turn["legal"] == ["stick", "twist", "open 1..2"]
    kept = run("ban-luck", [10, 10], shoe, "p1 twist, p1 stick, p2 stick, banker twist, "
               "banker stick")
    assert nets(kept) == [0, 0, 0]


def test_the_automatic_banker_opens_a_player_who_drew_then_plays_on() -> None:
    state = RoundState(compile_rules(load_bundled("ban-luck")), [10, 10])
    shoe = iter(parse_cards("9H 5S KH 7H 6D 8C 7D".split()))
    while state.current_player() != BANKER:
        if state.is_chance_node():
            state.apply_action(next(shoe))
        else:
            state.apply_action(Action(TWIST) if state.seat_cursor == 0
                               and len(state.seats[0].hands[0].cards) == 2 else Action(STICK))
    assert automatic(state) == Action(OPEN, 1)
    state.apply_action(Action(OPEN, 1))
    assert state.seats[0].hands[0].settled_net == 10
    assert automatic(state) == Action(TWIST)


def test_the_analysis_and_the_simulator_refuse_ban_luck_naming_its_rules() -> None:
    names = refused_names(load_bundled("ban-luck"), "edge")
    assert {"an ace counting by the hand's cards", "a banker's minimum",
            "a banker opening players"} <= set(names)
    assert refused_names(load_bundled("ban-luck"), "simulate --engine") == []


# -- xi-dach ----------------------------------------------------------------------------

def test_xi_dach_of_two_ngu_linh_the_lower_total_wins() -> None:
    """Five cards not over 21 each: the player's 20 loses to the dealer's 18, the player's 17
    beats the dealer's 20 (ngũ linh pays 2:1)."""
    higher = run("xi-dach", [10], "2S 2H 3S 4H 4S 5S 6S 3C 5C 4C",
                 "p1 twist, p1 twist, p1 twist, banker twist, banker twist, banker twist")
    assert [h.hand_class for h in higher.result.seats[0].hands] == ["ngu-linh"]
    assert nets(higher) == [-20, 20]
    lower = run("xi-dach", [10], "2S 2H 3S 4H 4S 5S 3D 3C 5C 6C",
                "p1 twist, p1 twist, p1 twist, banker twist, banker twist, banker twist")
    assert nets(lower) == [20, -20]


def test_xi_dach_an_ace_counts_1_10_or_11() -> None:
    rules = compile_rules(load_bundled("xi-dach"))
    assert points(_hand(rules, "AS 5D AC"), rules) == 17   # 11 + 5 + 1
    assert points(_hand(rules, "AS 5D 5C"), rules) == 21   # 11 + 5 + 5
    assert points(_hand(rules, "AS 9D 2C"), rules) == 21   # 10 + 9 + 2


# -- Spanish 21's Super Bonus -------------------------------------------------------------

@pytest.mark.parametrize(("stake", "net", "hand"), [
    (400, 800, "suited-sevens"),          # below $5: suited 7-7-7 at 2:1
    (500, 100_000, "super-bonus-5"),      # $5 to $24: $1,000
    (2499, 100_000, "super-bonus-5"),
    (2500, 500_000, "super-bonus-25"),    # $25 or more: $5,000
])
def test_the_super_bonus_pays_its_stake_band_against_a_dealer_7(stake: int, net: int,
                                                                   hand: str) -> None:
    """"Suited 7-7-7 when the dealer has a seven face up pays $1000 for bets of $5-$24 and
    $5000 for bets of $25 or over" (Red Dragon; amounts in cents)."""
    played = run(SUPER_BONUS, [stake], "7H 7D 7H 9C 7H 2C", "p1 twist")
    assert played.result.seats[0].hands[0].hand_class == hand
    assert nets(played)[0] == net


def test_the_envy_bonus_pays_every_other_player_50_dollars() -> None:
    """"In addition, all other players receive a $50 "envy bonus."" (Red Dragon): p1's
    suited 7-7-7 against the dealer's 7 wins $1,000; p2's 19 beats the dealer's 18 and takes
    $50 more from the house (amounts in cents)."""
    played = run(SUPER_BONUS, [500, 1000], "7H 9S 7D 7H KS 9C 7H 2C", "p1 twist, p2 stick")
    assert [s.hands[0].hand_class for s in played.result.seats] == ["super-bonus-5", "total"]
    assert nets(played) == [100_000, 1000 + 5000, -106_000]
    assert played.result.seats[1].between_players == 5000
    below = play(compile_rules(load_bundled("spanish-21")), [400, 1000],
                 parse_cards("7H 9S 7D 7H KS 9C 7H 2C".split()), ["p1 twist", "p2 stick"])
    assert [s.net for s in below.result.seats] == [800, 1000]  # below $5: no Super Bonus


def test_the_super_bonus_needs_a_dealer_7() -> None:
    played = run(SUPER_BONUS, [1000], "7H 8D 7H 9C 7H", "p1 twist")
    assert played.result.seats[0].hands[0].hand_class == "suited-sevens"
    assert nets(played)[0] == 2000


def test_the_super_bonus_is_not_paid_on_a_split_hand() -> None:
    """"This bonus does not pay after doubling or splitting" (Red Dragon): suited 7-7-7 of
    a split hand against a dealer 7 is paid as suited 7-7-7 (2:1; the other hand's 12 loses
    to the dealer's 17)."""
    played = play(compile_rules(load_bundled("spanish-21")), [1000],
                  parse_cards("7H 7D 7H KC 7H 7H 5C 8D".split()),
                  ["p1 split", "p1 twist", "p1 stick"])
    hands = played.result.seats[0].hands
    assert [(h.hand_class, h.net) for h in hands] == [("suited-sevens", 2000),
                                                       ("total", -1000)]


# -- hard or soft -------------------------------------------------------------------------

def test_a_five_card_bonus_for_a_hard_21_only() -> None:
    ruleset = _changed("spanish-21", {"hands": {"definitions": {"five-card-21": {"soft": False}}}})
    rules = compile_rules(ruleset)
    soft_21 = play(rules, [100], parse_cards("2H 9D 3H 2C AS 2D 3S 7C".split()),
                   ["p1 twist", "p1 twist", "p1 twist"])
    hard_21 = play(rules, [100], parse_cards("2H 9D 3H 2C 4S 5D 7S 7C".split()),
                   ["p1 twist", "p1 twist", "p1 twist"])
    assert [h.hand_class for h in soft_21.result.seats[0].hands] == ["twenty-one"]
    assert [h.hand_class for h in hard_21.result.seats[0].hands] == ["five-card-21"]


# -- validation -------------------------------------------------------------------------

def test_two_aces_making_21_where_an_ace_counts_11_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "aces.yaml"
    path.write_text(
        "extends: pagat-british\nid: aces\nname: aces\nkind: variation\nsummary: aces\n"
        "pack:\n  ace_values: [11]\nhands:\n  ranking: [two-aces, pontoon, five-card-trick, "
        "twenty-one, total]\n  definitions:\n    two-aces:\n      ranks: [A, A]\n"
        "      min_total: 21\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    text = "\n".join(str(p) for p in caught.value.problems)
    assert "hands.definitions.two-aces" in text and "always count 22" in text


def test_the_same_hand_where_aces_count_by_cards_is_met() -> None:
    rules = compile_rules(load_bundled("ban-luck"))
    assert points(_hand(rules, "AS AD"), rules) == 21


def test_hints_name_the_field_meant() -> None:
    assert meant_field("player_21_always_wins", list(Settlement.model_fields)) is None
    assert meant_field("minimum", list(BankerPlay.model_fields)) == "stick_minimum"
    assert meant_field("hits_soft_17", list(BankerPlay.model_fields)) == "hit_soft_17"


def test_a_ranking_id_not_defined_is_hinted_except_where_no_one_reads_the_message() -> None:
    """The ranking's unknown id gets its 'did you mean' hint; under the `QUIET` context (the
    example search's trial flips, which read only whether data is valid) the same error
    comes without it."""
    from pydantic import ValidationError

    from pontoon_rules.ruleset.format.common import QUIET
    from pontoon_rules.ruleset.format.hands import SpecialHands

    data = load_bundled("pagat-british").hands.model_dump()
    data["ranking"] = ["pontoon-x" if i == "pontoon" else i for i in data["ranking"]]
    texts = []
    for context in (None, QUIET):
        with pytest.raises(ValidationError) as raised:
            SpecialHands.model_validate(data, context=context)
        texts.append(str(raised.value))
    assert "['pontoon-x'] are not defined" in texts[1] and "did you mean" not in texts[1]
    assert "are not defined in hands.definitions (did you mean 'pontoon'?)" in texts[0]


def test_a_seat_number_is_no_amount_where_stakes_come_in_units() -> None:
    """`open 1` names a seat: `settlement.odd_amounts: exact` (stakes in multiples of a unit)
    leaves it as it is."""
    ruleset = _changed("ban-luck", {"settlement": {"odd_amounts": "exact", "pays": "3:2"}})
    rules = compile_rules(ruleset)
    assert rules.stake_unit > 1
    stake = 2 * rules.stake_unit
    played = play(rules, [stake, stake], parse_cards("9H 5S KH 7H 6D 8C 7D 2C".split()),
                  ["p1 twist", "p1 stick", "p2 stick", "banker open 1", "banker twist",
                   "banker stick"])
    assert [s.net for s in played.result.seats] == [stake * 3 // 2, 0]


# -- random aces by count: the engine's total, by brute force, and the sentence ----------

_VALUES = st.lists(st.integers(1, 11), min_size=1, max_size=3, unique=True).map(sorted)


@settings(max_examples=80, deadline=None)
@given(by_cards=st.dictionaries(st.integers(1, 6), _VALUES, min_size=1, max_size=4),
       ranks=st.lists(st.integers(0, 12), min_size=1, max_size=7))
def test_random_aces_by_count_engine_and_sentence_agree(by_cards: dict[int, list[int]],
                                                         ranks: list[int]) -> None:
    from itertools import product

    from pontoon_rules.docs.words.family_words import aces_words

    ruleset = _changed("pagat-british", {"pack": {"ace_values_by_cards": by_cards}})
    rules = compile_rules(ruleset)
    hand = Hand(10)
    for rank in ranks:
        hand.add(rank * 4, rules.values)
    n = len(ranks)
    keys = [k for k in sorted(by_cards) if k <= n]
    allowed = by_cards[keys[-1]] if keys else list(ruleset.pack.ace_values)
    rest = sum(min(r + 1, 10) for r in ranks if r != 0)
    sums = {rest + sum(c) for c in product(allowed, repeat=ranks.count(0))}
    best = max((s for s in sums if s <= 21), default=min(sums))
    if not keys and len(allowed) == 2:  # fewer cards than any count: ace_values as before
        best = rest + ranks.count(0) * allowed[0]
        best += allowed[1] - allowed[0] if ranks.count(0) and best + allowed[1] - allowed[0] \
            <= 21 else 0
    assert points(hand, rules) == best
    said = aces_words(ruleset, lambda m: m)
    for values in by_cards.values():
        assert ", ".join(str(v) for v in values[:-1]) in said and str(values[-1]) in said


def test_a_prize_to_others_of_nothing_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "envy.yaml"
    path.write_text(f"id: envy\nname: X\nextends: {SUPER_BONUS}\nhands:\n  definitions:\n"
                    "    super-bonus-5:\n      prize_to_others: 0\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="prize_to_others"):
        load_ruleset(str(path))
