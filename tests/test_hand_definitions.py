"""Hands defined by their cards and the pack as data: worked examples from the rules.

The Australian casino bonuses (The Star, Sydney, per the Wizard of Odds), what a dealer
pontoon takes without a hole card (OBBO, BB+1), Russian home Очко's values and golden
point, and the fixed [2, 11] ace; each is a round played through the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import nets, run
from in_process import command_line

from pontoon_rules.docs.words.hands import hand_sentence
from pontoon_rules.docs.words.pack_words import pack_words
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.example_hands import example_cards
from pontoon_rules.engine.round.hand import Hand, classify, total
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import RulesetError, ShoeError
from pontoon_rules.ruleset.format.common import HandClass
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

HERE = Path(__file__).parent / "rulesets"
STAR = str(HERE / "star-pontoon.yaml")
OCHKO = str(HERE / "ochko-values.yaml")


def overlay(tmp_path: Path, base: str, body: str) -> str:
    """A house file of `body` over `base` (a bundled id, or a test file copied beside it)."""
    if base.endswith(".yaml"):
        (tmp_path / Path(base).name).write_text(Path(base).read_text(encoding="utf-8"),
                                                encoding="utf-8")
        base = Path(base).name
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nname: House\nkind: house\nextends: {base}\n{body}",
                    encoding="utf-8")
    return str(path)


def hand_of(ruleset: str, codes: str) -> tuple[int, str]:
    """The total and hand id of a player hand of `codes` under `ruleset`."""
    rules = compile_rules(load_ruleset(ruleset))
    hand = Hand(100)
    for card in parse_cards(codes.split()):
        hand.add(card, rules.values)
    return total(hand, rules.ace_bonus), classify(hand, rules)


class TestSevensAndSixSevenEight:
    """"A 6-7-8 or 7-7-7 of mixed suits pays 3 to 2, of the same suit pays 2 to 1, and of
    spades pays 3 to 1. These bonuses do not pay after doubling." (Wizard of Odds)"""

    @pytest.mark.parametrize(("shoe", "hand", "net"), [
        ("7S 5D 7H 7D KC 2C", "sevens", 150),             # mixed suits 3:2
        ("7H 5D 7H 7H KC 2C", "suited-sevens", 200),      # all hearts 2:1
        ("7S 5D 7S 7S KC 2C", "sevens-in-spades", 300),   # spades 3:1
        ("6D 5D 7C 8H KC 2C", "six-seven-eight", 150),
        ("6C 5D 7C 8C KC 2C", "suited-six-seven-eight", 200),
        ("8S 5D 6S 7S KC 2C", "six-seven-eight-in-spades", 300),
    ])
    def test_the_bonus_is_paid_by_its_suits(self, shoe: str, hand: str, net: int) -> None:
        r = run(STAR, [100], shoe, "p1 twist")
        assert r.result.seats[0].hands[0].hand_class == hand
        assert nets(r) == [net, -net]

    def test_a_doubled_hand_gets_no_bonus(self) -> None:
        r = run(STAR, [100], "7S 5D 7H 7D KC 2C", "p1 double")
        played = r.result.seats[0].hands[0]
        assert (played.hand_class, played.stakes) == ("twenty-one", [100, 100])
        assert nets(r) == [200, -200]  # a 21: evens on the doubled stake, no 3:2


class TestCardCountTwentyOnes:
    """"A five-card 21 pays 3 to 2, a six-card 21 pays 2 to 1, a seven-or-more-card-21
    pays 3 to 1." and "A player 21 or blackjack wins immediately.\""""

    def test_a_five_card_21_beats_a_dealer_pontoon_at_3_to_2(self) -> None:
        r = run(STAR, [100], "2S AD 3H 4C 5D 7S KH", "p1 twist, p1 twist, p1 twist")
        assert r.result.seats[0].hands[0].hand_class == "five-card-21"
        assert r.result.banker_class == "pontoon"
        assert nets(r) == [150, -150]

    @pytest.mark.parametrize(("cards", "hand"), [
        ("2S 3H 4C 5D 7S", "five-card-21"), ("AS 2H 3C 4D 5S 6H", "six-card-21"),
        ("AS AH 2C 3D 4S 5H 5C", "seven-card-21"), ("AS 2H 3C 4D 5S 6H 9C", "bust"),
        ("9S 5H 7C", "twenty-one"), ("AS KH", "pontoon"), ("5S 5H 5C 5D", "total")])
    def test_the_number_of_cards_decides(self, cards: str, hand: str) -> None:
        assert hand_of(STAR, cards)[1] == hand

    def test_a_doubled_five_card_21_is_an_ordinary_21(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, STAR, "player:\n  double:\n    max_cards: null\n")
        r = run(path, [100], "2S 5H 3H 4C 5D 7C KC 2C", "p1 twist, p1 twist, p1 double")
        played = r.result.seats[0].hands[0]
        assert (len(played.cards), played.total, played.hand_class) == (5, 21, "twenty-one")
        assert nets(r) == [200, -200]


class TestWhatADealerPontoonTakes:
    """With no hole card the players double and split before the dealer's second card; a
    dealer pontoon then takes the original bets only (OBBO), or the busted bets plus one
    original bet (BB+1), or everything: the pontoon's `takes`."""

    SPLIT_AND_DOUBLE = ("8S AD 8H 3C 9D KH KS", "p1 split, p1 double, p1 stick")
    SPLIT_AND_BUST = ("8S AD 8H 5C KD 3C 9D KS", "p1 split, p1 twist, p1 double")

    @pytest.mark.parametrize(("takes", "split_double", "split_bust"), [
        ("original-bets", -200, -200),   # 100 from each standing hand; the bust lost 100
        ("busted-plus-one", -100, -200), # one original bet in all, besides the bust
        ("everything", -300, -300),      # the doubled stake too
    ])
    def test_the_dealer_pontoon_takes_what_the_rule_says(
            self, tmp_path: Path, takes: str, split_double: int, split_bust: int) -> None:
        path = overlay(tmp_path, STAR, f"hands:\n  definitions:\n    pontoon:\n"
                                       f"      takes: {takes}\n")
        doubled = run(path, [100], *self.SPLIT_AND_DOUBLE)
        assert doubled.result.banker_class == "pontoon"
        assert [h.stakes for h in doubled.result.seats[0].hands] == [[100, 100], [100]]
        assert nets(doubled) == [split_double, -split_double]
        bust = run(path, [100], *self.SPLIT_AND_BUST)
        assert [h.hand_class for h in bust.result.seats[0].hands] == ["bust", "total"]
        assert nets(bust) == [split_bust, -split_bust]

    def test_a_banker_total_still_takes_everything(self) -> None:
        r = run(STAR, [100], "8S 9D 8H 3C 9S KH QS", "p1 split, p1 double, p1 stick")
        # the banker's 9 + Q is 19: the doubled 20 wins 200, the 18 loses all its 100
        assert r.result.banker_class == "total"
        assert [h.net for h in r.result.seats[0].hands] == [200, -100]

    def test_takes_on_a_hand_the_banker_cannot_hold_is_refused(self, tmp_path: Path) -> None:
        body = "hands:\n  definitions:\n    five-card-21:\n      takes: original-bets\n"
        with pytest.raises(RulesetError, match="the banker cannot hold five-card-21"):
            load_ruleset(overlay(tmp_path, STAR, body))


def test_a_hand_no_pack_can_hold_is_refused(tmp_path: Path) -> None:
    """7-7-7 in spades from one pack: there is one seven of spades, so it never happens."""
    body = ("pack:\n  decks: {decks}\nhands:\n  ranking: [pontoon, sevens, total]\n"
            "  definitions:\n    sevens: {{ranks: ['7', '7', '7'], suits: {suits}, "
            "banker_can_hold: false, pays: '3:1'}}\n")
    with pytest.raises(RulesetError, match=r"sevens.ranks: it takes 3 × 7 of one suit, but 1 "
                                           r"pack holds 1 of each card"):
        load_ruleset(overlay(tmp_path, "pagat-british", body.format(decks=1, suits="spades")))
    with pytest.raises(RulesetError, match=r"takes 3 × 7 of one suit, but 2 packs hold 2"):
        load_ruleset(overlay(tmp_path, "pagat-british", body.format(decks=2, suits="suited")))
    for decks, suits in ((3, "spades"), (1, "mixed"), (1, "any")):
        load_ruleset(overlay(tmp_path, "pagat-british", body.format(decks=decks, suits=suits)))


class TestOchkoValues:
    """Russian home Очко: «валет — 2, дама — 3, король — 4, туз — 11»; two aces win."""

    def test_two_aces_win_at_once(self) -> None:
        r = run(OCHKO, [100], "AH QS AD 6S 9C")
        played = r.result.seats[0].hands[0]
        assert (played.hand_class, played.total) == ("golden-point", 22)
        assert len(played.cards) == 2  # no card drawn: the hand ended at once
        assert nets(r) == [100, -100]

    def test_pictures_count_two_three_four(self) -> None:
        assert hand_of(OCHKO, "JS QH KD 6C 6S") == (21, "total")  # 2 + 3 + 4 + 6 + 6
        assert hand_of(OCHKO, "JS QH KD AC") == (20, "total")     # 2 + 3 + 4 + 11
        assert hand_of(OCHKO, "JS QH KD AC 6S") == (26, "bust")   # J+Q+K+A+6 is 26
        assert hand_of(OCHKO, "KD AC 6S") == (21, "total")        # K+A+6: 4 + 11 + 6 (the
        # issue's "J+Q+K+A+6 totals 21" adds up to 26; K+A+6 is the 21 it means)
        assert hand_of(OCHKO, "AS TH") == (21, "pontoon")

    def test_an_ace_of_11_only_makes_a_hand_of_two_aces_and_a_nine_31(self) -> None:
        assert hand_of(OCHKO, "AH AD 9S") == (31, "bust")

    def test_without_the_golden_point_two_aces_are_bust(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, OCHKO, "hands:\n  ranking: [pontoon, total]\n")
        assert hand_of(path, "AH AD") == (22, "bust")
        r = run(path, [100], "AH QS AD 6S 9C")
        assert nets(r) == [-100, 100]

    def test_a_card_the_pack_does_not_hold_is_named_as_such(self) -> None:
        with pytest.raises(ShoeError, match=r"card 2S is not in this game's pack \(36 cards a "
                                            r"pack: no twos, no threes, no fours, no fives\)"):
            run(OCHKO, [100], "2S QS AD 6S 9C")

    def test_the_sheet_says_the_pack_and_values(self) -> None:
        ruleset = load_ruleset(OCHKO)
        words = pack_words(ruleset, str)
        assert "one pack of 36 cards" in words and "twos, threes, fours, fives removed" in words
        assert "ace 11, jack 2, queen 3, king 4" in words
        assert example_cards(ruleset, "golden-point") == ["AS", "AH"]
        assert all(code[0] not in "2345" for hand in ("pontoon", "total", "bust")
                   for code in example_cards(ruleset, hand) or [])


class TestAceValues:
    def test_an_ace_of_2_or_11_counts_2_in_the_hard_total(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "pagat-british", "pack:\n  ace_values: [2, 11]\n")
        assert hand_of(path, "AS 5H") == (16, "total")   # soft: 11 + 5
        assert hand_of(path, "AS KH 5C") == (17, "total")  # hard: 2 + 10 + 5, not 16
        assert hand_of(path, "AS AH") == (13, "total")   # 2 + 11
        assert "An ace counts 2 or 11" in pack_words(load_ruleset(path), str)

    def test_a_48_card_pack_says_the_tens_are_removed(self) -> None:
        words = pack_words(load_ruleset(STAR), str)
        assert "8 packs of 48 cards" in words and "the tens removed: a Spanish pack" in words
        assert example_cards(load_ruleset(STAR), "total") == ["JS", "QH"]

    def test_the_stripped_packs_with_a_name_are_named(self) -> None:
        assert "the twos, threes, fours, fives removed: a pack from the six up" in pack_words(
            load_ruleset(OCHKO), str)
        from pontoon_rules.docs.words.i18n import translations

        assert "убраны двойки, тройки, четвёрки, пятёрки: колода от шестёрки" in pack_words(
            load_ruleset(OCHKO), translations("ru").gettext)


def test_the_sheet_says_what_the_engine_pays() -> None:
    ruleset = load_ruleset(STAR)
    text = hand_sentence(ruleset, "sevens-in-spades", str, lambda a, b, n: a if n == 1 else b)
    assert "7-7-7 in spades: the ranks 7 7 7, all spades, not after doubling" in text
    assert "Pays 3:1" in text
    said = " ".join(x.text for x in sentences(ruleset))
    assert all(d.wins_outright for _i, d in ruleset.hands.ranked() if d.player_can_hold)
    # the ranking says that every named hand wins whatever, then the names' order as which
    # one counts (r49zs), every hand above any other total
    assert ("Every named hand of a player wins whatever the dealer holds. The dealer's "
            "blackjack beats every hand of a player except blackjack, ") in said  # r50a
    assert "in this order: blackjack, 7-7-7 in spades, " in said
    assert "six-card 21, five-card 21, twenty-one." in said
    assert ", which beats " not in said


class TestRefusal:
    """Until the analysis models them, edge, strategy, costs and simulate refuse the new
    features by name rather than give a figure that would be wrong (one place decides:
    `ruleset.resolving.features`)."""

    @pytest.mark.parametrize("command", ["edge", "strategy", "costs"])
    def test_each_analysis_command_names_what_it_does_not_handle(self, command: str) -> None:
        done = command_line(command, OCHKO)  # a refusal: no process of its own needed
        assert done.returncode == 2, done.stderr
        # the exact analysis counts the pack's values (tests/test_composition.py) and reads
        # the golden point by its ranks (tests/test_named_analysis.py), but not a peek that
        # may show either of two naturals
        assert "pack.values" not in done.stderr
        assert "hands.definitions.golden-point:" not in done.stderr
        assert ("hands.definitions.pontoon:" in done.stderr and "a peek for a second natural "
                "yet (deal.banker_pontoon_at_once: the banker's check looks for pontoon as "
                "well as golden-point)" in done.stderr)
        assert "Traceback" not in done.stderr

    def test_the_compiled_simulator_plays_the_values_and_the_two_naturals(self) -> None:
        """The simulator classifies by the definitions and the cards' values, as the engine
        does (tests/test_sim_named.py, tests/test_sim_differential.py)."""
        import json
        import subprocess
        import sys

        done = subprocess.run([sys.executable, "-m", "pontoon_rules", "simulate", OCHKO,
                               "--rounds", "20000", "--json"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["path"] == "compiled"

    def test_the_compiled_simulator_refuses_what_it_does_not_play(self) -> None:
        from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError
        from pontoon_rules.sim.kernels.compiled import compile_sim

        compile_sim(compile_rules(load_ruleset(STAR)))  # hands of particular ranks: played
        data = load_bundled("spanish-21").model_dump(mode="python")
        data["player"]["surrender"]["max_cards"] = 3  # a surrender after a drawn card
        from pontoon_rules.ruleset.format.model import Ruleset

        with pytest.raises(UnsupportedFeatureError, match="surrender beyond the dealt hand"):
            compile_sim(compile_rules(Ruleset.model_validate(data)))

    def test_the_classic_hands_under_other_ids_are_still_analysed(self, tmp_path: Path) -> None:
        from pontoon_rules.ruleset.resolving.features import unhandled

        body = ("hands:\n  ranking: [natural, five-card-trick, twenty-one, total]\n"
                "  definitions:\n    natural:\n      min_cards: 2\n      max_cards: 2\n"
                "      min_total: 21\n      natural: true\n      pays: '2:1'\n"
                "      collects: '2:1'\n      may_draw_on: false\n")
        renamed = load_ruleset(overlay(tmp_path, "pagat-british", body))
        assert unhandled(renamed, "analysis") == []
        rules = compile_rules(renamed)
        assert rules.rank_of_class[HandClass.PONTOON] == 0
        assert rules.outcomes[(HandClass.PONTOON, HandClass.TOTAL)].pays == 2


def test_a_hand_is_named_by_all_it_holds_each_time_it_is_asked() -> None:
    """`classify` keeps its answers by the hand's cards and state: the same cards asked
    again on a split hand, after a double, against another up card or for another stake
    are named by what differs (australian-pontoon: no pontoon on a split hand, no sevens
    after a double, the super bonus only with a 7 up and a stake of 25 or more)."""
    rules = compile_rules(load_bundled("australian-pontoon"))

    def named(cards: str, stake: int = 100, split: bool = False, doubled: bool = False,
              up: int = -1) -> str:
        hand = Hand(stake, is_split=split)
        for card in parse_cards(cards.split()):
            hand.add(card, rules.values)
        hand.doubles = int(doubled)
        return classify(hand, rules, up=up)

    for _ in range(2):  # asked again: the same answers
        assert (named("AS KH"), named("AS KH", split=True)) == ("pontoon", "twenty-one")
        assert (named("7H 7D 7C"), named("7H 7D 7C", doubled=True)) == ("sevens", "twenty-one")
        assert [named("7S 7S 7S", stake, up=up) for stake, up in ((2500, 6), (2500, -1),
                                                                  (100, 6))] == [
            "super-bonus-25", "sevens-in-spades", "sevens-in-spades"]
