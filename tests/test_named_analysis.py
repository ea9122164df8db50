"""Named hands beyond the classic four in the exact analysis (`analysis.named`).

A finished hand is classified as the engine classifies it (the first definition of
`hands.ranking` the holder may hold whose conditions hold) and paid from the one outcome
table. Brute force through `RoundState` on tiny packs proves the values (hands of
particular ranks, two aces of 11 over 21, a 21 of any number of cards winning outright, a
banker's hand of particular ranks); a property test proves the classification against
`engine.round.hand.classify` on every bundled ruleset the analysis reads.
"""

from __future__ import annotations

import copy
import functools
from fractions import Fraction
from pathlib import Path

import pytest
from analysis_reference import capped, reference_value
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import size

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.deck import KindSpace, kind_space
from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.analysis.engine_view import hand_state
from pontoon_rules.analysis.hand import HandSolver, start_state
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.named import hand_book
from pontoon_rules.analysis.outcomes import PayoffTable, members
from pontoon_rules.engine.round.hand import Hand, classify
from pontoon_rules.engine.round.named import MIXED
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.classic import not_analysed
from pontoon_rules.ruleset.resolving.features import refused_names

TINY = Path(__file__).parent / "rulesets"
UNREAD = {"named hands by suits", "a banker's hand by suits", "a peek for a second natural",
          "named hands by softness"}
"""The features the analysis still refuses among the named hands (its book does not read a
hand's softness: casino-filipino-pontoon's soft 21; the banker's up card and the stake are
valued one group of up cards at a time, `analysis.upcards`)."""
NAMED = ("tiny-named-ranks", "tiny-siebzehn", "tiny-ochko-home", "tiny-two-aces")
"""6-7-8, 7-7-7 and a pair of eights as dealt the banker may hold too (a fixed banker, a
peek, doubling); Feuer, two aces of 11 paying 2:1 (one card dealt each, a banker by choice);
two aces and any 21 winning outright, the banker's 21 a total (a bank of 1000); aces of 10
and 11, two of them a natural that the peek shows and insurance answers to (blackjack)."""


def tiny(name: str) -> Rules:
    return compile_rules(load_ruleset(TINY / f"{name}.yaml"))


# -- values: brute force through the engine --------------------------------------------------
@pytest.mark.parametrize("name", NAMED)
def test_composition_value_equals_brute_force(name: str) -> None:
    """The ruleset's own pack, every card sequence and decision through `RoundState`."""
    rules = tiny(name)
    exact = CompositionModel(rules, exact=True).value_of_round()
    assert exact == reference_value(rules, finite=True)
    floats = CompositionModel(rules).value_of_round()
    assert float(floats) == pytest.approx(float(exact), abs=1e-12)


@pytest.mark.parametrize("name", NAMED)
def test_infinite_value_equals_brute_force(name: str) -> None:
    """The infinite deck never runs out, and these packs' cards are small (a jack counts
    2), so an unlimited hand makes the brute force's tree huge (100 s a ruleset). In
    `make test` every hand holds at most `INFINITE_CARDS` cards: every named hand (two
    or three cards), a 21 of several cards, busts and the banker's draws are still
    reached, and a wrong class or payout still moves the value; `make test-long` plays
    the hands unlimited, as the rulesets say. Очко's small cards (a jack 2, a king 4) make
    the longest hands: there `FEWER_CARDS`, a sixth of the time."""
    rules = capped(tiny(name), FEWER_CARDS.get(name, INFINITE_CARDS))
    assert RoundModel(rules, "infinite", exact=True).value() == reference_value(rules)


INFINITE_CARDS = size(5, 0)
"""The most cards of a hand in the infinite brute force (0: the ruleset's own limit)."""
FEWER_CARDS = {"tiny-ochko-home": size(4, 0)}
"""The same for these packs. tiny-ochko-home: its two aces and a 21 of two to four cards
are still made, and a 21 that does not win outright, or only of four cards, moves the
value."""


def test_the_named_hands_change_the_value() -> None:
    """The brute force is not blind to them: without 6-7-8 and 7-7-7 the value falls."""
    rules = tiny("tiny-named-ranks")
    data = rules.ruleset.model_dump(mode="python")
    data["hands"]["ranking"] = [i for i in data["hands"]["ranking"]
                                if i not in ("six-seven-eight", "sevens")]
    for gone in ("six-seven-eight", "sevens"):
        del data["hands"]["definitions"][gone]
    plain = compile_rules(Ruleset.model_validate(data))
    assert CompositionModel(plain, exact=True).value_of_round() < CompositionModel(
        rules, exact=True).value_of_round()


# -- the hand state stays small ---------------------------------------------------------------
def test_a_pattern_is_kept_only_where_a_definition_reads_it() -> None:
    pagat = compile_rules(load_bundled("pagat-british"))
    kinds = kind_space(pagat).kinds
    assert start_state(kinds, (0, 9), False, pagat).pattern is None
    ranks = tiny("tiny-named-ranks")
    kinds = kind_space(ranks).kinds
    six, seven, eight = (next(k.index for k in kinds if k.ranks == (r,)) for r in (5, 6, 7))
    book = hand_book(ranks, kinds)
    assert book.pattern((seven, six)) == (six, seven)
    assert book.pattern((six, six)) is None  # completes no definition
    assert book.pattern((seven, seven, seven)) == (seven,) * 3
    assert book.pattern((0, six)) is None


def test_a_named_rank_is_a_kind_of_its_own() -> None:
    """Ten-point ranks merge into one kind unless a definition names one of them."""
    casino = load_bundled("casino-ochko")
    assert any(len(k.ranks) == 4 for k in kind_space(compile_rules(casino)).kinds)
    data = casino.model_dump(mode="python")
    data["hands"]["definitions"]["two-tens"] = {"ranks": ["T", "T"], "pays": "2:1",
                                                "banker_can_hold": False}
    data["hands"]["ranking"] = ["two-tens", *data["hands"]["ranking"]]
    kinds = kind_space(compile_rules(Ruleset.model_validate(data))).kinds
    assert [k.ranks for k in kinds if 9 in k.ranks] == [(9,)]
    assert [k.ranks for k in kinds if 10 in k.ranks] == [(10, 11, 12)]


# -- classification: the engine's, on every ruleset the analysis reads --------------------------
READ = [i for i in bundled_ids() if not UNREAD & set(refused_names(load_bundled(i), "edge"))]


@functools.cache
def _rules(name: str) -> Rules:
    """The ruleset's rules, or where a named hand holds against some up cards or stakes
    only (spanish-21's Super Bonus), its first group of up cards' (`analysis.upcards`): the
    analysis names a hand by its cards within one group. Compiled once: the analysis keeps
    its hand books per compiled rules, so every example of a ruleset reads the same ones."""
    from pontoon_rules.analysis.upcards import conditional, groups

    rules = tiny(name) if name.startswith("tiny-") else compile_rules(load_bundled(name))
    return groups(rules)[0].rules if conditional(rules) else rules


@pytest.mark.parametrize("ruleset_id", [*READ, *NAMED])
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_hand_is_the_named_hand_the_engine_says(ruleset_id: str, data: st.DataObject) -> None:
    """Random cards, split or not, doubled or not, drawn or dealt: the analysis's hand id
    for the player's hand, and for the banker's of the same cards, is the engine's."""
    rules = _rules(ruleset_id)
    cards = [c for c in range(52) if rules.card_present[c]]
    drawn = data.draw(st.lists(st.sampled_from(cards), min_size=1, max_size=7))
    split, doubled, drew = data.draw(st.booleans()), data.draw(st.booleans()), data.draw(
        st.booleans())
    hand = Hand(100, is_split=split)
    for c in drawn:
        hand.add(c, rules.values)
    hand.doubles, hand.twisted = int(doubled), drew or doubled
    hand.drawn = int(drew or doubled)
    space, solver = _solver(ruleset_id)
    kind_of = {rank: kind.index for kind in space.kinds for rank in kind.ranks}
    state = hand_state(hand, [kind_of[c >> 2] for c in drawn], space.kinds, rules)
    engine = classify(hand, rules)
    found, points = solver.final(state)
    suits = {c & 3 for c in drawn}
    cls = next(iter(suits)) if len(suits) == 1 else MIXED
    dealt = not (state.twisted or state.bought or state.doubles)
    book = solver.book
    assert book.player_hand_of_suits(points, state.n, state.pattern, state.split,
                                     state.doubles > 0, dealt, cls) == engine
    # the analysis's hand is the engine's, or a blend holding it (when the pack can deal it)
    chances = dict(members(found))
    possible = state.pattern is None or dict(book.suit_classes(state.pattern)).get(cls, 0) > 0
    assert engine in chances or not possible
    assert sum(chances.values()) == 1
    held = Hand(100)  # the banker's hand: never split or doubled, dealt by its count
    for c in drawn:
        held.add(c, rules.values)
    bank = hand_book(rules, space.kinds, banker=True)
    banker = bank.banker_hand(solver.final(state)[1], state.n,
                              bank.pattern([kind_of[c >> 2] for c in drawn]))
    assert banker == classify(held, rules, banker=True)


@functools.cache
def _solver(ruleset_id: str) -> tuple[KindSpace, HandSolver]:
    """The ruleset's kinds of card and its hand solver, made once for all its examples
    (what `final` reads is the same for each)."""
    rules = _rules(ruleset_id)
    space = kind_space(rules)
    return space, HandSolver(rules, space.kinds, space.probabilities(), PayoffTable(rules, {}))


# -- the bundled games -------------------------------------------------------------------------
@pytest.mark.parametrize(("ruleset_id", "natural"), [
    ("tests/rulesets/siebzehn-no-raise.yaml", "feuer"),  # raising in play is refused
    ("ochko-home", "golden-point")])
def test_the_family_games_are_analysed(ruleset_id: str, natural: str) -> None:
    rules = compile_rules(load_ruleset(ruleset_id))
    assert refused_names(rules.ruleset, "edge") == []
    result = house_edge(rules)
    assert result.method.startswith("composition-dependent")
    assert 0 < result.house_edge < 20
    kinds = kind_space(rules).kinds
    ace = next(k.index for k in kinds if k.is_ace)
    book, bank = hand_book(rules, kinds), hand_book(rules, kinds, banker=True)
    assert book.player_hand(22, 2, book.pattern((ace, ace)), False, False, True) == natural
    assert bank.banker_hand(22, 2, bank.pattern((ace, ace))) == natural


def test_two_aces_of_10_and_11_are_a_natural() -> None:
    rules = tiny("tiny-two-aces")
    assert "two aces making 21" not in refused_names(rules.ruleset, "edge")
    kinds = kind_space(rules).kinds
    ace = next(k.index for k in kinds if k.is_ace)
    book = hand_book(rules, kinds, banker=True)
    assert book.natural(book.banker_hand(21, 2, book.pattern((ace, ace))))


def test_ochko_homes_bank_is_stated() -> None:
    notes = house_edge(compile_rules(load_bundled("ochko-home"))).notes
    # in words, as the site shows it to readers (no field names there): the feature's name
    assert any(n.startswith("a bank that is an amount (1000) caps stakes only") for n in notes)


def test_a_bank_that_may_cap_a_round_is_refused() -> None:
    data = load_bundled("ochko-home").model_dump(mode="python")
    data["player"]["double"].update(allowed=True, times_per_hand=1)
    names = refused_names(Ruleset.model_validate(data), "edge")
    # ochko-home's bank caps as it stands: a double (adding to a stake) is refused for it too
    assert names == ["a bank that may cap one seat's round", "the bank as it stands"]


# -- hands defined by their suits ---------------------------------------------------------------
SUITED = "tiny-suited"
"""Spanish 21's 7-7-7 and 6-7-8 in spades, suited and in any suits, and a pair of sevens
suited or not, on three packs of two suits of three ranks (tests/rulesets/tiny-suited.yaml)."""


def test_suited_values_equal_brute_force_dealing_every_card() -> None:
    """Every card dealt as itself, suit and all; the brute force's player decides by ranks,
    as the analysis does: the composition-dependent value (the suits' chances given the
    ranks, whatever else left the shoe) and the infinite deck's equal it, as Fractions."""
    rules = tiny(SUITED)
    exact = CompositionModel(rules, exact=True).value_of_round()
    assert exact == reference_value(rules, finite=True, suits=True)
    assert float(CompositionModel(rules).value_of_round()) == pytest.approx(float(exact),
                                                                             abs=1e-12)
    assert RoundModel(rules, "infinite", exact=True).value() == reference_value(rules,
                                                                                suits=True)


def test_the_suits_change_the_value() -> None:
    """The test above is not blind to suits: dealing one card per rank (every card a
    spade) is worth more, and so is the game with the suited hands paid as in any suits."""
    rules = tiny(SUITED)
    exact = CompositionModel(rules, exact=True).value_of_round()
    assert reference_value(rules, finite=True) > exact  # every hand of one suit
    data = rules.ruleset.model_dump(mode="python")
    gone = ("sevens-in-spades", "suited-sevens", "six-seven-eight-in-spades",
            "suited-six-seven-eight", "suited-pair")
    data["hands"]["ranking"] = [i for i in data["hands"]["ranking"] if i not in gone]
    plain = compile_rules(Ruleset.model_validate(data))
    assert CompositionModel(plain, exact=True).value_of_round() < exact


def test_a_suit_chance_is_the_packs_own() -> None:
    """For each hand of named ranks, the chance that all its cards are of one suit, counted
    over the physical cards of the shoe, the same with another card of its rank dealt
    face down before it (the suits of one rank are exchangeable)."""
    from itertools import permutations

    rules = tiny(SUITED)
    kinds = kind_space(rules).kinds
    book = hand_book(rules, kinds)
    rank_of = {k.index: k.ranks[0] for k in kinds if len(k.ranks) == 1}
    shoe = [c for c in range(52) if rules.card_present[c] for _ in range(rules.decks or 0)]
    for pattern in book.tracked:
        ranks = sorted(rank_of[k] for k in pattern)
        for hidden in (0, 1):
            counts: dict[int, int] = {}
            total = 0
            deal = [ranks[0]] * hidden + ranks
            for seq in permutations(range(len(shoe)), len(deal)):
                if [shoe[i] >> 2 for i in seq] != deal:
                    continue
                suits = {shoe[i] & 3 for i in seq[hidden:]}
                cls = next(iter(suits)) if len(suits) == 1 else MIXED
                counts[cls] = counts.get(cls, 0) + 1
                total += 1
            assert dict(book.suit_classes(pattern)) == {
                cls: Fraction(n, total) for cls, n in counts.items()}


def test_suited_hands_the_analysis_cannot_blend_are_refused() -> None:
    """Spanish 21 and its rows are read; a suited hand the banker may hold, one with no
    hand of its ranks in any suits below it, or one played otherwise, is refused."""
    for ruleset_id in ("spanish-21",):
        assert refused_names(load_bundled(ruleset_id), "edge") == []
    base = load_bundled("spanish-21").model_dump(mode="python")
    changes = {
        "banker": lambda d: d["hands"]["definitions"]["suited-sevens"].update(
            banker_can_hold=True),
        "no cover": lambda d: d["hands"].update(
            ranking=[i for i in d["hands"]["ranking"] if i != "sevens"]),
        "played otherwise": lambda d: d["hands"]["definitions"]["suited-sevens"].update(
            may_draw_on=True),
    }
    reasons = {}
    for name, change in changes.items():
        data = copy.deepcopy(base)
        change(data)
        found = not_analysed(Ruleset.model_validate(data))
        expected = (["super-bonus-25", "super-bonus-5", "sevens-in-spades", "suited-sevens"]
                    if name == "no cover" else ["suited-sevens"])  # the Super Bonus: 7-7-7 suited
        assert [f.path for f in found] == [f"hands.definitions.{i}" for i in expected], name
        reasons[name] = found[-1].reason
    assert "the banker may hold" in reasons["banker"]
    assert "no hand of the same ranks in any suits below it" in reasons["no cover"]
    assert "played otherwise" in reasons["played otherwise"]


def test_two_aces_in_ochko_home_beat_everything_even_money() -> None:
    """The golden point wins outright at 1:1, whatever the banker holds."""
    rules = compile_rules(load_bundled("ochko-home"))
    assert all(cell.pays == Fraction(1) and cell.result.value == "win"
               for (player, _), cell in rules.cells.items() if player == "golden-point")
