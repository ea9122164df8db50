"""Sessions: pack handling between deals, the bank passing and sold, the kitty."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pontoon_rules.engine.round.cards import card_code, parse_cards
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.engine.sessions.session_auto import TablePolicy, before_deal, play_session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.loader import load_ruleset


def rules_of(ruleset: str | Path) -> Rules:
    return compile_rules(load_ruleset(ruleset))


def stacked(rules: Rules, top: str) -> list[int]:
    """A full pack with `top` on top, the rest in pack order."""
    first = parse_cards(top.split())
    rest = full_pack(rules)
    for card in first:
        rest.remove(card)
    return first + rest


def scripted(actions: str):  # type: ignore[no-untyped-def]
    steps = iter(a.strip() for a in actions.split(",") if a.strip())

    def act(state: RoundState) -> None:
        actor, action = parse_step(next(steps), 0)
        assert actor == state.actor_name()
        state.apply_action(action)

    return act


def session(ruleset: str | Path, people: str, top: str, seed: int = 1) -> Session:
    """A session whose first banker is the first person named (the stacked packs are
    written for that seating)."""
    rules = rules_of(ruleset)
    names = people.split()
    banker = None if rules.ruleset.table.banker.value == "house-dealer" else names[0]
    return Session(rules, names, random.Random(seed), banker, pack_order=stacked(rules, top))


def codes(cards: list[int]) -> list[str]:
    return [card_code(c) for c in cards]


# -- the pack between deals ------------------------------------------------------
def test_no_pontoon_no_shuffle_the_next_deal_is_predictable() -> None:
    s = session("pagat-british", "A B C", "TS TH TD 8S 7H 7D 9S 9H 9D 8C 8H 8D")
    first = s.play_deal([10, 10], scripted("p1 stick, p2 stick, banker stick"))
    assert not first.shuffled and s.pack.shuffles == 0
    # The used cards went under the pack, p1's first, the banker's last, unshuffled.
    assert codes(list(s.pack.cards)[-6:]) == ["TS", "8S", "TH", "7H", "TD", "7D"]
    second = s.play_deal([10, 10], scripted("p1 stick, p2 stick, banker stick"))
    assert [h.cards for seat in second.result.seats for h in seat.hands] == [
        ["9S", "8C"], ["9H", "8H"]]
    assert second.result.banker_cards == ["9D", "8D"]


def test_a_pontoon_shuffles_and_cuts_the_pack() -> None:
    s = session("pagat-british", "A B", "AS 9D KS 8D")
    record = s.play_deal([10], scripted("banker stick"))
    assert record.pontoons == ("B",) and record.shuffled and s.pack.shuffles == 1
    unshuffled = stacked(s.rules, "AS 9D KS 8D")[4:] + parse_cards("AS KS 9D 8D".split())
    assert list(s.pack.cards) != unshuffled
    assert sorted(s.pack.cards) == sorted(full_pack(s.rules))


def test_busted_cards_go_to_the_bottom_at_once() -> None:
    s = session("pagat-british", "A B C", "TS 9H 9D 6S 8H 8D KH")
    s.play_deal([10, 10], scripted("p1 twist, p2 stick, banker stick"))
    # p1's bust went under the pack first; the rest followed after the deal.
    assert codes(list(s.pack.cards)[-7:]) == ["TS", "6S", "KH", "9H", "8H", "9D", "8D"]


def test_a_casino_shoe_reshuffles_at_its_penetration() -> None:
    rules = rules_of("casino-ochko")
    s = play_session(rules, 5, 60, random.Random(3))
    assert s.pack.shuffles >= 2  # the opening shuffle and at least one at 75%
    assert {d.banker for d in s.deals} == {"house"}


# -- the bank passing --------------------------------------------------------------
def test_the_bank_passes_to_the_first_pontoon_from_the_banker_left() -> None:
    s = session("pagat-british", "A B C D", "9S AH AD 9C KH KD KC 8D")
    record = s.play_deal([10, 10, 10], scripted("p1 stick, banker stick"))
    assert record.seats == ("B", "C", "D") and record.pontoons == ("C", "D")
    assert s.banker == "C" and record.next_banker == "C"
    assert s.seats() == ["D", "A", "B"]  # p1 is always the banker's left


def test_a_pontoon_on_a_split_hand_does_not_take_the_bank(tmp_path: Path) -> None:
    s = session("pagat-british", "A B", "AS 9D AH 8D KS QH")
    record = s.play_deal([10], scripted("p1 split, banker stick"))
    assert record.pontoons == ("B",) and record.shuffled
    assert s.banker == "A"
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nname: House\nkind: house\nextends: pagat-british\n"
                     "between_deals:\n  rotation_from_split_hand: true\n")
    s = session(house, "A B", "AS 9D AH 8D KS QH")
    s.play_deal([10], scripted("p1 split, banker stick"))
    assert s.banker == "B"


def test_selling_the_bank_at_an_agreed_price() -> None:
    s = session("pagat-british", "A B C", "TS TH TD 8S 7H 7D")
    s.sell_bank("C", 25)
    assert s.banker == "C" and s.balances == {"A": 25, "B": 0, "C": -25}
    assert s.seats() == ["A", "B"]
    with pytest.raises(ScriptError):
        s.sell_bank("C", 10)  # not to oneself
    with pytest.raises(ScriptError):
        Session(rules_of("casino-ochko"), ["A"], random.Random(1)).sell_bank("A", 1)


# -- the kitty -----------------------------------------------------------------------
def test_a_dry_kitty_forces_a_new_kitty_or_a_sale() -> None:
    s = session("shoot-pontoon", "A B", "TS 9D 9S 8D")
    s.put_up_kitty(10)
    s.play_deal([10], scripted("p1 shoot 10, p1 stick, banker stick"))
    assert s.kitty == 0 and s.kitty_dry and s.needs_kitty()
    with pytest.raises(ScriptError, match="kitty is empty"):
        s.play_deal([10], scripted(""))
    s.sell_bank("B", 5)
    assert s.banker == "B" and s.needs_kitty()  # the new banker puts up a fresh kitty
    s.put_up_kitty(20)
    assert s.table_total() == 0
    assert [p.reason for p in s.ledger] == ["kitty", "stake", "shoot", "sale", "kitty"]


def test_the_automatic_banker_sells_only_when_the_kitty_is_dry() -> None:
    s = session("shoot-pontoon", "A B C", "TS 9H 9D 9S 8H 8D")
    table = TablePolicy(kitty=10)
    before_deal(s, table)
    assert s.kitty == 10 and s.banker == "A"
    s.play_deal([10, 10], scripted("p1 shoot 10, p1 stick, p2 stick, banker stick"))
    assert s.kitty == 0
    before_deal(s, table)
    assert s.banker == "B" and s.kitty == 10  # sold to the banker's left, fresh kitty


def test_the_old_banker_leaves_with_the_kitty() -> None:
    s = session("shoot-pontoon", "A B C", "9S AH AD 9C KH 8D")
    s.put_up_kitty(40)
    s.play_deal([10, 10], scripted("p1 decline, p2 decline, p1 stick, banker stick"))
    assert s.banker == "C" and s.kitty == 0
    back = [p for p in s.ledger if p.reason == "kitty-back"]
    assert [(p.payer, p.payee, p.amount) for p in back] == [("kitty", "A", 40)]


def test_kitty_within_the_stake_limits(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nname: House\nkind: house\nextends: shoot-pontoon\n"
                     "stakes:\n  min_stake: 5\n  max_stake: 100\n")
    s = session(house, "A B", "TS 9D 9S 8D")
    for bad in (4, 101):
        with pytest.raises(ScriptError, match="stake limits"):
            s.put_up_kitty(bad)
    s.put_up_kitty(90)
    with pytest.raises(ScriptError, match="stake limits"):
        s.top_up(11)
    s.top_up(10)
    assert s.kitty == 100
