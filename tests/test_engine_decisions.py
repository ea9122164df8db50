"""Worked examples of the casino family's decisions, from the published rules: surrender,
the double-down rescue, redoubling, doubling by total and the soft double.

Deal orders (one seat): blackjack-reference and Spanish 21 deal p1, dealer, p1, dealer;
the Australian test ruleset (no hole card) deals p1, dealer, p1, then the dealer draws
after the players.
"""

from __future__ import annotations

from typing import Any

import changed_ruleset
import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import IllegalActionError, RulesetError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError, refused_names

SPANISH = "tests/rulesets/spanish-21-decisions.yaml"
BB1 = "examples/australian-pontoon/australian-pontoon-bb1-spl1-nlc.yaml"
AUSTRALIAN = "tests/rulesets/australian-decisions.yaml"
EARLY = "tests/rulesets/early-surrender.yaml"


def legal_lists(result: Any) -> list[list[str]]:
    return [e["legal"] for e in result.transcript if e["event"] == "decision"]


def changed(path: str, **sections: dict[str, Any]) -> Ruleset:
    """The ruleset at `path` with some sections' fields replaced (validated again:
    `changed_ruleset.changed`)."""
    return changed_ruleset.changed(load_ruleset(path), *(
        (f"{name}.{field}", value) for name, fields in sections.items()
        for field, value in fields.items()))


def run_rules(ruleset: Ruleset, stakes: list[int], shoe: str, actions: str) -> Any:
    steps = [a.strip() for a in actions.split(",") if a.strip()]
    return play(compile_rules(ruleset), stakes, parse_cards(shoe.split()), steps)


class TestRedouble:
    """Chukchansi: "Players can double down a maximum of 3 times on one hand."""

    def test_double_one_card_double_again_one_card(self) -> None:
        r = run(SPANISH, [100], "5S 9D 4H 8C 2C JH", "p1 double, p1 double, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert hand.cards == ["5S", "4H", "2C", "JH"]
        assert hand.stakes == [100, 100, 200]  # each double as much again as the stake
        assert nets(r) == [400, -400]
        after_first = legal_lists(r)[1]
        assert "double" in after_first and "twist" not in after_first

    def test_no_more_doubles_than_the_ruleset_allows(self) -> None:
        r = run(SPANISH, [10], "2S 9D 2H 8C 2C AH 3D",
                "p1 double, p1 double, p1 double, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert hand.stakes == [10, 10, 20, 40]
        assert "double" not in legal_lists(r)[-1]

    def test_a_redouble_of_one_original_stake(self) -> None:
        ruleset = changed(SPANISH, **{"player.double": {"redouble_stake": "original-stake"}})
        r = run_rules(ruleset, [100], "5S 9D 4H 8C 2C JH", "p1 double, p1 double, p1 stick")
        assert r.result.seats[0].hands[0].stakes == [100, 100, 100]
        assert nets(r) == [300, -300]

    def test_one_double_and_stop_offers_no_redouble(self) -> None:
        r = run("blackjack-reference", [100], "5S 9D 4H 8C 2C", "p1 double")
        assert r.result.seats[0].hands[0].stakes == [100, 100]


class TestRescue:
    def test_rescue_of_the_last_doubled_portion(self) -> None:
        # Chukchansi: "the Player may rescue (take back) the last DOUBLED portion".
        r = run(SPANISH, [100], "5S 9D 4H 8C 2C 3H", "p1 double, p1 double, p1 rescue")
        hand = r.result.seats[0].hands[0]
        assert hand.stakes == [100, 100, 200] and hand.rescued
        assert nets(r) == [-200, 200]

    def test_rescue_forfeits_an_amount_equal_to_the_original_bet(self) -> None:
        # Wizard of Odds (Sydney): "The player forfeits an amount equal to his original bet."
        r = run(AUSTRALIAN, [100], "5S 7D 5H 3S", "p1 double, p1 rescue")
        assert r.result.seats[0].hands[0].rescued
        assert nets(r) == [-100, 100]
        # settled at once: the dealer, with no live hand, draws nothing
        assert r.result.banker_cards == ["7D"]

    def test_rescue_only_after_the_doubled_card(self) -> None:
        r = run(AUSTRALIAN, [100], "5S 7D 5H 3S", "p1 double, p1 rescue")
        first, second = legal_lists(r)
        assert "rescue" not in first and "rescue" in second

    def test_rescue_is_not_offered_without_the_rule(self) -> None:
        # casino-ochko lets a doubled hand go on drawing, but has no rescue.
        r = run("casino-ochko", [100], "2S TD 3S 8D 2H 3H 9C", "p1 double, p1 twist, p1 twist")
        assert all("rescue" not in legal for legal in legal_lists(r))

    def test_a_json_hand_says_it_was_rescued(self) -> None:
        r = run(AUSTRALIAN, [100], "5S 7D 5H 3S", "p1 double, p1 rescue")
        assert r.to_json()["seats"][0]["hands"][0]["rescued"] is True


class TestSurrender:
    def test_late_surrender_returns_half(self) -> None:
        # Chukchansi: "Players will forfeit one-half of original bet".
        r = run(SPANISH, [100], "9S 7D 7H KD", "p1 surrender")
        hand = r.result.seats[0].hands[0]
        assert hand.surrendered and nets(r) == [-50, 50]
        assert r.to_json()["seats"][0]["hands"][0]["surrendered"] is True

    def test_half_of_an_odd_stake_is_rounded_for_the_banker(self) -> None:
        r = run(SPANISH, [5], "9S 7D 7H KD", "p1 surrender")
        assert nets(r) == [-3, 3]

    def test_only_on_the_first_two_cards(self) -> None:
        r = run(SPANISH, [100], "9S 7D 2H KD 3C", "p1 twist, p1 stick")
        first, second = legal_lists(r)
        assert "surrender" in first and "surrender" not in second

    def test_late_surrender_comes_after_the_peek(self) -> None:
        # A dealer blackjack ends the round before the player may surrender.
        r = run(SPANISH, [100], "9S AD 7H KD", "p1 decline")
        assert legal_lists(r) == [["insure 1..50", "decline"]]
        assert r.result.ended_early and nets(r) == [-100, 100]

    def test_early_surrender_stands_against_a_dealer_blackjack(self) -> None:
        r = run(EARLY, [100], "9S AD 7H KD", "p1 surrender")
        assert r.result.ended_early and nets(r) == [-50, 50]
        assert legal_lists(r)[0] == ["insure 1..50", "surrender", "decline"]

    def test_early_surrender_is_decided_before_the_check(self) -> None:
        r = run(EARLY, [100], "9S 7D 7H KD", "p1 decline, p1 stick")
        assert legal_lists(r) == [["surrender", "decline"], ["stick", "twist", "double"]]

    def test_against_a_picture_or_ace_only(self) -> None:
        # Genting: "only when the dealer's first card is an Ace or any Picture cards".
        against_seven = run(AUSTRALIAN, [100], "9S 7D 7H 5S KS", "p1 stick")
        assert "surrender" not in legal_lists(against_seven)[0]
        against_king = run(AUSTRALIAN, [100], "9S KD 7H 5S", "p1 surrender")
        assert "surrender" in legal_lists(against_king)[0]

    def test_void_when_the_dealer_makes_a_pontoon(self) -> None:
        # Genting: "if the dealer achieves Pontoon, the surrender will be considered void".
        r = run(AUSTRALIAN, [100], "9S KD 7H AS", "p1 surrender")
        hand = r.result.seats[0].hands[0]
        assert not hand.surrendered and nets(r) == [-100, 100]

    def test_stands_when_the_dealer_makes_no_pontoon(self) -> None:
        # The dealer takes its second card only (nothing else is live).
        r = run(AUSTRALIAN, [100], "9S KD 7H 5S", "p1 surrender")
        assert r.result.banker_cards == ["KD", "5S"]
        assert r.result.seats[0].hands[0].surrendered and nets(r) == [-50, 50]

    def test_no_surrender_where_the_ruleset_has_none(self) -> None:
        with pytest.raises(IllegalActionError):
            run("blackjack-reference", [100], "9S 7D 7H KD", "p1 surrender")


class TestDoublingByTotal:
    """The Star, Sydney: "Player may double on 9 to 11 only."""

    @pytest.mark.parametrize(("shoe", "offered"), [
        ("5S 7D 4H", True), ("5S 7D 5H", True), ("5S 7D 6H", True),
        ("5S 7D 3H", False), ("5S 7D 7H", False), ("AS 7D 8H", True), ("AS 7D 9H", True),
        ("AS 7D 2H", False),
    ])
    def test_double_on_nine_to_eleven(self, shoe: str, offered: bool) -> None:
        # An ace counts 1 once doubled, so double as 9 and 10, A-2 (3) not.
        r = run(AUSTRALIAN, [100], shoe + " 2C 9D 9C", "p1 stick")
        assert ("double" in legal_lists(r)[0]) is offered

    def test_a_soft_double_counts_the_ace_one(self) -> None:
        # Genting: "If the initial cards consist of an Ace, the face value of the cards
        # will be 1 and not 11." A, 8 (a hard 9) doubled, then a 2: 11, not 21.
        r = run(AUSTRALIAN, [100], "AS 7D 8H 2S 9S KS", "p1 double, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert hand.total == 11 and hand.stakes == [100, 100]
        assert nets(r) == [200, -200]

    def test_an_ace_drawn_after_the_double_may_count_high(self) -> None:
        r = run(AUSTRALIAN, [100], "AS 7D 8H AC 9S KS", "p1 double, p1 stick")
        assert r.result.seats[0].hands[0].total == 20

    def test_on_any_two_cards_the_soft_double_is_still_hard(self) -> None:
        ruleset = changed(AUSTRALIAN, **{"player.double": {"totals": None}})
        r = run_rules(ruleset, [100], "AS 7D 6H 4S 9S KS", "p1 double, p1 stick")
        assert r.result.seats[0].hands[0].total == 11  # not a soft 21


class TestValidation:
    def test_a_rescue_without_doubling_is_a_problem(self) -> None:
        with pytest.raises(ValueError, match="rescue can never take effect"):
            changed("blackjack-reference", **{"player.double": {
                "allowed": False, "rescue": {"allowed": True}}})

    def test_surrender_by_the_banker_card_needs_a_card_seen(self) -> None:
        with pytest.raises(ValueError, match="see none of the banker's cards"):
            changed("casino-ochko", **{"player.surrender": {"allowed": True,
                                                            "against": ["A", "K"]}})

    def test_surrender_against_a_rank_the_pack_lacks(self) -> None:
        with pytest.raises(ValueError, match=r"\['T'\] are not in pack.ranks"):
            changed(AUSTRALIAN, **{"player.surrender": {"against": ["A", "T"]}})

    def test_a_redouble_that_can_never_happen(self) -> None:
        with pytest.raises(ValueError, match="can never double again"):
            changed("blackjack-reference", **{"player.double": {"times_per_hand": 3}})

    def test_bad_fractions_and_totals(self) -> None:
        with pytest.raises(ValueError, match="returns"):
            changed(SPANISH, **{"player.surrender": {"returns": [3, 2]}})
        with pytest.raises(ValueError, match="totals"):
            changed(AUSTRALIAN, **{"player.double": {"totals": [9, 22]}})

    def test_a_file_reports_the_problem_with_its_position(self, tmp_path: Any) -> None:
        path = tmp_path / "bad.yaml"
        path.write_text("id: bad\nname: Bad\nkind: house\nextends: blackjack-reference\n"
                        "player:\n  surrender:\n    allowed: true\n    returns: [3, 2]\n")
        with pytest.raises(RulesetError) as e:
            load_ruleset(path)
        assert "player.surrender" in str(e.value) and "bad.yaml:" in str(e.value)


_ACES = ("an ace counting by the hand's cards",)
_BANKER_TURN = ("a banker's minimum", "a banker opening players")
_SETTE = ("fractional card values", "a bust limit other than 21", "wild cards")
_FREE_HAND = "a surrender at some totals only"
_BAN_LUCK_TURN = (*_BANKER_TURN, "a banker calling the deal off")
_FILIPINO = ("surrender beyond the dealt hand", "named hands by softness",
             "a count of buys", "giving up buy bets", "a buy of any amount")
_RAISE = ("raising the stake in play",)
REFUSED_BUNDLED: dict[str, dict[str, tuple[str, ...]]] = {
    # the home Ochko's bank is an amount, which the sessions do not keep
    "ochko-home": {"session --summary": ("a bank that is an amount",)},
    # Vingt-un's hand paid by the other players is money between players
    "vingt-un": {"simulate": ("a hand paid by the other players",),
                 "session --summary": ("a hand paid by the other players",)},
    # Ban Luck and Xi Dach: aces by the hand's cards and the banker's turn (a minimum,
    # opening players); the exact analysis also has no peek for a second natural
    # and the free hands of 15: a player's, a surrender at one total; the dealer's, the
    # whole deal called off
    "ban-luck": {"edge": ("a peek for a second natural", *_ACES, *_BAN_LUCK_TURN, _FREE_HAND),
                 "simulate": (*_ACES, *_BAN_LUCK_TURN, _FREE_HAND),
                 "session --summary": (*_ACES, *_BAN_LUCK_TURN, _FREE_HAND)},
    "xi-dach": {"edge": ("a peek for a second natural", *_ACES, "the lower total winning",
                         *_BANKER_TURN),
                "simulate": (*_ACES, "the lower total winning", *_BANKER_TURN),
                "session --summary": (*_ACES, "the lower total winning", *_BANKER_TURN)},
    # Sette e mezzo: half points, a bust above 7½, the wild king of diamonds; its sessions
    # also do not play to the banker's right
    "sette-e-mezzo": {"edge": _SETTE, "simulate": _SETTE,
                      "session --summary": ("play to the banker's right", *_SETTE)},
    # the Filipino casino's surrender beyond the dealt hand, its soft 21 (a named hand by
    # softness) and its buys (counted, any amount)
    "casino-filipino-pontoon": {"edge": _FILIPINO, "simulate": _FILIPINO,
                                "session --summary": _FILIPINO},
    # Siebzehn und Vier's raise of the stake in play
    "siebzehn-und-vier": {"edge": _RAISE, "simulate": _RAISE, "session --summary": _RAISE},
}
"""The bundled rulesets the analysis, the simulator and the sessions refuse by design (the
features registry, ruleset/resolving/features.py), with the features each names, per command."""


class TestRefusal:
    """Until the analysis handles them, the analysis and the simulator refuse these rules."""

    def test_edge_names_every_feature_it_does_not_handle(self) -> None:
        """Australian Pontoon with BB+1 (Wikipedia's row 4) and a split hand's surrender: the
        exact analysis values a late surrender void against a pontoon nobody checks for,
        OBBO and BB+1, the rescue and doubling on 9-11 (tests/test_composition.py,
        tests/test_seat_takes.py), not this surrender."""
        from pontoon_rules.analysis.edge import house_edge

        data = load_ruleset(BB1).model_dump(mode="python")
        data["player"]["surrender"]["after_split"] = True
        rules = compile_rules(Ruleset.model_validate(data))
        with pytest.raises(UnsupportedFeatureError) as e:
            house_edge(rules)
        paths = [p.path for p in e.value.problems]
        assert paths == ["player.surrender"]
        assert "edge does not handle surrender beyond the dealt hand" in str(e.value)
        assert "busted-plus-one" not in str(e.value)

    @pytest.mark.parametrize("command", ["strategy", "costs", "simulate"])
    def test_the_other_commands_refuse_too(self, command: str) -> None:
        from pontoon_rules.analysis.present.chart import strategy_chart
        from pontoon_rules.analysis.present.costs import rule_costs
        from pontoon_rules.sim.runs.simulate import simulate

        # all three play BB+1 and Spanish 21; not yet a surrender after a drawn card
        ruleset = changed("spanish-21", **{"player.surrender": {"max_cards": 3}})
        rules = compile_rules(ruleset)
        calls = {"strategy": lambda: strategy_chart(rules),
                 "costs": lambda: rule_costs(ruleset),
                 "simulate": lambda: simulate(rules, 10)}
        with pytest.raises(UnsupportedFeatureError, match=f"{command} does not handle"):
            calls[command]()

    def test_a_variant_that_redoubles_is_analysed_and_simulated(self) -> None:
        variant = changed("blackjack-reference", **{"player.double": {"times_per_hand": 2,
                                                                      "max_cards": None}})
        assert refused_names(variant, "costs") == []  # the exact analysis redoubles
        assert refused_names(variant, "simulate") == []  # and so does the simulator

    def test_the_bundled_rulesets_are_refused_only_as_listed(self) -> None:
        """The bundled rulesets written before the family's rules are never refused; of the
        family's games, those in REFUSED_BUNDLED are refused by the exact analysis ("edge"),
        the simulator ("simulate") and the sessions, naming exactly the features of the
        registry (ruleset/resolving/features.py) listed there, and every other one is refused
        by none."""
        from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

        for ruleset_id in bundled_ids():
            expected = REFUSED_BUNDLED.get(ruleset_id, {})
            for command in ("edge", "simulate", "session --summary"):
                refused = refused_names(load_bundled(ruleset_id), command)
                assert refused == list(expected.get(command, ())), (ruleset_id, command)
        assert set(REFUSED_BUNDLED) <= set(bundled_ids())
