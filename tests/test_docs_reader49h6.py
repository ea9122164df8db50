"""Issue 49 (f49h): a worked example of each game's most unusual rules, found by seeded play
from the rule's field (never the ruleset's id), replayed to what it says: Vingt-un's natural
paid by another player who has bust and the banker's natural ending the deal, Очко's hidden
bust paid 2:1 against a banker who busts too, a shoot bet lost, the buy bets a dealer's
pontoon returns, a pair bet that wins. Each sheet with the field prints one; the same
ruleset without it does not (r50a §1.2, §3.2, §3.4; r50b §3; r50c §2; r49zx §3)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from changed_ruleset import changed

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.words.between_words import banker_naturals_dealt
from pontoon_rules.docs.words.rounds import replay
from pontoon_rules.ruleset.format.common import NaturalTakes, odds_fraction
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

Round = tuple[dict[str, Any], dict[str, Any], list[str]]
"""A printed example: its script, its replayed result, its lines in English."""


def printed(ruleset: Ruleset) -> list[Round]:
    """The sheet's worked examples, each replayed again from its script."""
    return [(e["script"], replay(ruleset, e["script"]), e["lines"])
            for e in worked_examples(ruleset, "en")]


def hand(result: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    hands: list[dict[str, Any]] = result["seats"][seat]["hands"]
    return hands[0]


def took(script: dict[str, Any], word: str) -> bool:
    return any(a.split()[:2] == ["p1", word] for a in script["actions"])


def paid_by_bust(r: Ruleset, script: dict[str, Any], result: dict[str, Any],
                 lines: list[str]) -> bool:
    """Player 2, bust, pays player 1's natural at its odds on player 2's stake, said."""
    if len(result["seats"]) != 2 or hand(result, 1)["class"] != "bust":
        return False
    held = r.hands.definitions.get(hand(result)["class"])
    if held is None or held.paid_by_players is None:
        return False
    owed = int(odds_fraction(held.paid_by_players) * script["stakes"][1])
    return (result["seats"][0]["between_players"] == owed
            and result["seats"][1]["between_players"] == -owed
            and f"player 2 pays player 1 {owed}." in "\n".join(lines))


def natural_ends(r: Ruleset, script: dict[str, Any], result: dict[str, Any],
                 lines: list[str]) -> bool:
    """The banker's dealt natural takes a 20 or 21 that never drew, at its odds."""
    banker, h = result["banker"], hand(result)
    collected = r.hands.definitions[banker["class"]].collects \
        if banker["class"] in r.hands.definitions else "1:1"
    return (banker["class"] in banker_naturals_dealt(r)
            and len(banker["cards"]) == r.deal.banker_cards and h["class"] == "total"
            and len(h["cards"]) == r.deal.player_cards and Fraction(str(h["total"])) >= 20
            and h["net"] == -int(odds_fraction(collected) * h["staked"])
            and not any(a.startswith("p1") for a in script["actions"]))


def hidden_bust(r: Ruleset, script: dict[str, Any], result: dict[str, Any],
                lines: list[str]) -> bool:
    """A bust hidden, found at the settlement against a banker who bust too, paying the
    field's odds, and said so."""
    odds = r.settlement.hidden_bust_pays
    h = hand(result)
    return (odds is not None and took(script, "hide") and h["class"] == "bust"
            and result["banker"]["class"] == "bust"
            and h["net"] == -int(odds_fraction(odds) * h["staked"])
            and f"A hidden bust pays {odds}, whatever the banker holds" in "\n".join(lines))


def shoot_lost(r: Ruleset, script: dict[str, Any], result: dict[str, Any],
               lines: list[str]) -> bool:
    """A shoot bet goes into the kitty, said with its amount."""
    shoot = hand(result).get("shoot") or {}
    return (bool(shoot.get("staked")) and shoot["net"] == -shoot["staked"]
            and f"the shoot bet of {shoot['staked']} goes into the kitty" in "\n".join(lines))


def buy_returned(r: Ruleset, script: dict[str, Any], result: dict[str, Any],
                 lines: list[str]) -> bool:
    """A hand with a buy loses only its first stake to a banker's hand that takes the
    original bets, the rest said returned."""
    d = r.hands.definitions.get(result["banker"]["class"])
    h = hand(result)
    rest = h["staked"] - h["stakes"][0]
    return (d is not None and d.takes is NaturalTakes.ORIGINAL_BETS and took(script, "buy")
            and h["class"] != "bust" and rest > 0 and h["net"] == -h["stakes"][0]
            and f"the other {rest} staked is returned" in "\n".join(lines))


def pair_wins(r: Ruleset, script: dict[str, Any], result: dict[str, Any],
              lines: list[str]) -> bool:
    """A pair bet on a dealt pair wins at the field's odds, said."""
    bet = (result["seats"][0].get("side_bets") or {}).get("pair") or {}
    cards = hand(result)["cards"]
    won = int(odds_fraction(r.side_bets.pair.pays) * bet.get("staked", 0))
    return (took(script, "pair") and cards[0][0] == cards[1][0] and won > 0
            and bet.get("net") == won and f"The side bet wins {won}." in lines)


Shown = Callable[[Ruleset, dict[str, Any], dict[str, Any], list[str]], bool]

CASES: dict[str, tuple[str, Shown, tuple[tuple[str, Any], ...]]] = {
    "paid-by-players": ("vingt-un", paid_by_bust,
                        (("hands.definitions.pontoon.paid_by_players", None),)),
    "banker-natural-ends": ("vingt-un", natural_ends, (("deal.banker_pontoon_at_once", False),)),
    "hidden-bust": ("ochko-home", hidden_bust, (("settlement.hidden_bust_pays", None),)),
    "shoot-lost": ("shoot-pontoon", shoot_lost, (("shoot.enabled", False),)),
    "buy-returned": ("casino-filipino-pontoon", buy_returned,
                     (("hands.definitions.pontoon.takes", "everything"),)),
    "pair-wins": ("casino-filipino-pontoon", pair_wins, (("side_bets.pair.allowed", False),)),
}
"""Each showing: the sheet that prints it, what its round shows, the fields without which
the same ruleset's sheet prints none."""


@pytest.mark.parametrize("key", sorted(CASES))
def test_the_sheet_with_the_rule_prints_a_round_showing_it(key: str) -> None:
    ruleset_id, shows, _ = CASES[key]
    ruleset = load_bundled(ruleset_id)
    rounds = printed(ruleset)
    found = [r for r in rounds if shows(ruleset, *r)]
    assert found, [r[2] for r in rounds]
    for script, result, _lines in found:  # what the sheet prints is what the engine plays
        assert {k: v for k, v in result.items() if k != "takes_bank"} == {
            k: v for k, v in replay(ruleset, script).items() if k != "takes_bank"}


@pytest.mark.parametrize("key", sorted(CASES))
def test_the_same_ruleset_without_the_rule_prints_none(key: str) -> None:
    ruleset_id, shows, without = CASES[key]
    ruleset = changed(ruleset_id, *without)
    assert not [r for r in printed(ruleset) if shows(ruleset, *r)]


def test_the_paying_player_is_named_and_said_in_russian() -> None:
    """Vingt-un's natural paid by player 2, in the Russian sheet's words: both seats named
    in the nominative («получает», «платит»), the hand's name quoted and capitalised."""
    ruleset = load_bundled("vingt-un")
    lines = [line for e in worked_examples(ruleset, "ru") for line in e["lines"]]
    assert any(line.startswith("«Очко с раздачи»: игрок 1 получает 200, платит игрок 2.")
               for line in lines), lines


def test_a_hidden_bust_is_said_in_russian() -> None:
    lines = [line for e in worked_examples(load_bundled("ochko-home"), "ru")
             for line in e["lines"]]
    assert any(line.startswith("Скрытый перебор платит 2 к 1, что бы ни было у банкира: "
                               "игрок 1 проигрывает 200.") for line in lines), lines
