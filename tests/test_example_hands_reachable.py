"""Issue 49 (reader r49c): every example hand a sheet's hands table shows is one its holder
can reach card by card under the ruleset: each card after the dealt ones drawn to a hand
the engine lets draw (`engine.round.legal.may_draw`, the banker's `banker_may_draw`), so
no "twenty-one | A♠ K♥ Q♦" after a pontoon that draws no more, no bust that was bust a
card before its last."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.sheet.sheet_view import payout_rows
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.engine.round.cards import parse_card, parse_cards
from pontoon_rules.engine.round.example_hands import held_at, reachable
from pontoon_rules.engine.round.hand import Hand, named_hand, points
from pontoon_rules.engine.round.legal import banker_may_draw, may_draw
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def _replay(codes: list[str], rules: Rules, banker: bool, up: int) -> list[str]:
    """The cards of `codes` that were drawn to a hand the engine would not let draw."""
    hand, refused = Hand(100), []
    dealt = rules.banker_cards if banker else rules.player_cards
    for i, code in enumerate(codes):
        if i >= dealt and not (banker_may_draw(hand, rules) if banker else may_draw(
                hand, points(hand, rules), rules, named_hand(hand, rules, up=up))):
            refused.append(code)
        hand.put(parse_card(code), rules)
    return refused


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_table_row_is_reachable(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    rules = compile_rules(ruleset)
    wrong = []
    for row in payout_rows(ruleset, translations("en").gettext):
        d = ruleset.hands.definitions.get(row["key"])
        player = d is None or d.player_can_hold
        up = held_at(d, rules)[0] if d is not None and player else -1
        codes = [card["code"] for card in row["cards"]]
        assert codes, row["key"]
        refused = _replay(codes, rules, not player, up)
        if refused:
            wrong.append((row["key"], codes, refused))
    assert not wrong


@pytest.mark.parametrize(("ruleset_id", "codes", "expected"), [
    ("pagat-british", "AS KH QD", False),   # a pontoon draws no more
    ("pagat-british", "AS 8H 2D", True),
    ("spanish-21", "AS KH 5D 3C 2S", False),
    ("ochko-home", "AS TH 9D", False),      # 21 (Т 10), and no draw on 21
    ("ochko-home", "AS 9H 8D", True),
    ("sette-e-mezzo", "7S 6H 5D", False),   # bust on its second card
    ("sette-e-mezzo", "5S 2H AD", True),
])
def test_reachable_replays_the_draws(ruleset_id: str, codes: str, expected: bool) -> None:
    rules = compile_rules(load_bundled(ruleset_id))
    assert reachable(parse_cards(codes.split()), rules) is expected
