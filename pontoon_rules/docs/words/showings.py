"""What a game has of its own that a worked example can show: its own named hands, a wild
card, aces counted by the hand's cards, a banker who opens hands or calls a deal off, a
player's named hand against the banker's same total that the banker's cards do not name,
equal totals that are not a push.

Each is read from the ruleset (`Showing.has`) and recognised in a replayed round (the
contract's JSON, `Showing.shows`), never by the ruleset's id. `rounds.teaching_rounds` looks
for one seeded round showing each that the other examples do not, so a table sees the game's
own rules played once (issue 49: a sheet of Sette e mezzo showed no matta and no sette e
mezzo reale, one of Ban Luck no ace counted 10, no opened hand, no five cards, no call-off).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pontoon_rules.docs.words.between_words import banker_naturals_dealt
from pontoon_rules.docs.words.hands import USUAL_NAMES
from pontoon_rules.ruleset.format.common import NaturalTakes, Rank, TieRule
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.pack import Pack
from pontoon_rules.ruleset.resolving.outcomes import TOTAL, payout, tie_rule

Shows = Callable[[Ruleset, dict[str, Any]], bool]


@dataclass(frozen=True)
class Showing:
    """A rule of the game's own a worked example can show: whether the game has it, and
    whether a replayed round shows it."""

    key: str
    has: Callable[[Ruleset], bool]
    shows: Shows
    room: int = 8
    """Shown only where the examples before it are fewer than this (a rule of the whole
    family, equal totals settled, takes no page a sheet already fills)."""
    seats: int = 1
    """The players the round seats: two where the rule is between players."""
    chosen_room: int | None = None
    """Shown only where the examples before it and those of the showings chosen before it
    (`rounds._chosen`) are fewer than this: a rule of the family a sheet showing its game's
    own rules has no page for (Xì dách's, Ban Luck's banker's natural ending the deal)."""


def _player_hands(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [h for seat in result.get("seats", [])[:1] for h in seat.get("hands", [])]


def _banker_decides(kind: str) -> Shows:
    return lambda r, result: any(
        e.get("event") == "decision" and e.get("actor") == "banker"
        and str(e.get("action", "")).split(" ")[0] == kind
        for e in result.get("transcript", []))


def _holds_wild(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    wild = set(ruleset.pack.wild_cards)
    return any(set(h.get("cards", [])) & wild for h in _player_hands(result))


def _ace_counts_unusually(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    """A player's hand that drew (more cards than the deal gives) whose aces together count
    what the family's plain ace (1 or 11, `Pack.ace_values`' default) cannot make: an ace
    counted by the hand's cards, as it changes when the hand grows (Ban Luck's ace of 10
    in three cards; two dealt aces are shown by the natural they make)."""
    low, high = Pack.model_fields["ace_values"].default
    for hand in _player_hands(result):
        cards = hand.get("cards", [])
        aces = sum(1 for c in cards if c[0] == "A")
        if not aces or hand.get("class") == "bust" or len(cards) <= ruleset.deal.player_cards:
            continue
        rest = sum(ruleset.pack.value_of(Rank(c[0])) for c in cards if c[0] != "A")
        plain = {low * (aces - k) + high * k for k in range(aces + 1)}
        if Fraction(str(hand.get("total"))) - rest not in plain:
            return True
    return False


def drawn_bonus_hands(ruleset: Ruleset) -> list[str]:
    """The family's common named hands (`hands.USUAL_NAMES`) a player makes only by drawing
    that pay other than an ordinary total: a table asks to see one paid (issue 49: Vingt-un's
    three-card vingt-un, paid 2:1, in no example)."""
    own, plain = set(own_hands(ruleset)), payout(ruleset, TOTAL)
    return [h for h, d in ruleset.hands.ranked()
            if d.player_can_hold and h not in own
            and d.cards_range[0] > ruleset.deal.player_cards and payout(ruleset, h) != plain]


def _holds_drawn_bonus(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    wanted = set(drawn_bonus_hands(ruleset))
    return any(h.get("class") in wanted for h in _player_hands(result))


def _equal_totals(result: dict[str, Any], hand_class: str) -> bool:
    """Player 1 holds `hand_class` and the banker an ordinary total equal to it."""
    banker = result.get("banker", {})
    return banker.get("class") == TOTAL and any(
        h.get("class") == hand_class and h.get("total") == banker.get("total")
        for h in _player_hands(result))


def _ties_not_pushed(ruleset: Ruleset) -> bool:
    """Equal ordinary totals do not push (Очко's go to the banker): a table used to the
    push asks to see one settled."""
    return tie_rule(ruleset, TOTAL) is not TieRule.PUSH


def plain_on_banker_side(ruleset: Ruleset) -> list[str]:
    """The named hands of a player that the banker's same cards never make (Очко's
    twenty-one: the banker's 21 is an ordinary total): a table asks to see the two meet."""
    return [h for h, d in ruleset.hands.ranked()
            if d.player_can_hold and not d.banker_can_hold and d.min_total is not None]


def _meets_plain(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    return any(_equal_totals(result, h) for h in plain_on_banker_side(ruleset))


FAMILY_ROOM = 4
"""A rule of the whole family (equal totals going to the banker) gets a worked example only
on a sheet showing fewer examples than this: home Очко's two, not pagat's four, whose
English sheet then keeps its one page (test_docs_reader49i)."""


def _paid_by_players(ruleset: Ruleset) -> bool:
    """A hand the other players pay (`paid_by_players`) at a table seating two or more."""
    return ruleset.table.max_players >= 2 and any(
        d.paid_by_players and d.player_can_hold for d in ruleset.hands.definitions.values())


def _paid_by_bust(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    """Player 1 is paid by player 2 (`between_players`), whose hand is bust: the others pay
    it whatever they hold (issue 49: Vingt-un's natural, "from a player who has bust?")."""
    seats = result.get("seats", [])
    return len(seats) == 2 and seats[0].get("between_players", 0) > 0 and all(
        h.get("class") == "bust" for h in seats[1].get("hands", []))


def _banker_natural_ends(ruleset: Ruleset) -> bool:
    """The banker's natural, shown at once, ends the deal (`deal.banker_pontoon_at_once`)."""
    return ruleset.deal.banker_pontoon_at_once and bool(banker_naturals_dealt(ruleset))


def _ended_by_natural(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    """The banker's dealt natural ends the deal before player 1 draws, and player 1's
    total, within a point of the highest, loses to it (Vingt-un's 20 paying the banker's
    natural)."""
    banker = result.get("banker", {})
    return banker.get("class") in banker_naturals_dealt(ruleset) and any(
        h.get("class") == TOTAL and h.get("net", 0) < 0
        and len(h.get("cards", [])) == ruleset.deal.player_cards
        and Fraction(str(h.get("total"))) >= ruleset.pack.bust_above - 1
        for h in _player_hands(result))


def takes_part(ruleset: Ruleset) -> bool:
    """A banker's hand that takes less than everything a losing hand staked (`takes`)."""
    return any(d.banker_can_hold and d.takes is not NaturalTakes.EVERYTHING
               for d in ruleset.hands.definitions.values())


def returned(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    """Player 1's hand with buys or doubles loses to a banker's hand that takes only part,
    the rest returned (Australian Pontoon's dealer's pontoon: the buy bets back): a round
    with a buy, which automatic play seldom takes, so shown by `rounds.TEACHING`."""
    banker = ruleset.hands.definitions.get(result.get("banker", {}).get("class", ""))
    return banker is not None and banker.takes is not NaturalTakes.EVERYTHING and any(
        0 > h.get("net", 0) > -h.get("staked", 0) for h in _player_hands(result))


def shoot_lost(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    """Player 1's shoot bet goes into the kitty."""
    return any((h.get("shoot") or {}).get("staked") and h["shoot"].get("net", 0) < 0
               for h in _player_hands(result))


FEATURES: tuple[Showing, ...] = (
    Showing("drawn-bonus", lambda r: bool(drawn_bonus_hands(r)), _holds_drawn_bonus),
    Showing("wild", lambda r: bool(r.pack.wild_cards), _holds_wild),
    Showing("aces-by-cards", lambda r: bool(r.pack.ace_values_by_cards), _ace_counts_unusually),
    Showing("banker-opens", lambda r: r.banker.opens.allowed, _banker_decides("open")),
    Showing("call-off", lambda r: bool(r.banker.calls_off_at), _banker_decides("call-off")),
    Showing("named-meets-plain", lambda r: bool(plain_on_banker_side(r)), _meets_plain),
    Showing("tie-not-pushed", _ties_not_pushed, lambda r, result: _equal_totals(result, TOTAL),
            room=FAMILY_ROOM),
    Showing("banker-natural-ends", _banker_natural_ends, _ended_by_natural,
            chosen_room=FAMILY_ROOM),
    Showing("paid-by-players", _paid_by_players, _paid_by_bust, seats=2),
    Showing("shoot-lost", lambda r: r.shoot.enabled, shoot_lost),
)
"""The rules of a game's own, besides its named hands, a worked example shows."""


def own_hands(ruleset: Ruleset) -> list[str]:
    """The named hands of the game's own, best first: those of its ranking a player can
    hold that are not the family's common hands (`hands.USUAL_NAMES`: pontoon, five-card
    trick, three of a kind, twenty-one)."""
    definitions = ruleset.hands.definitions
    return [h for h in ruleset.hands.ranking
            if h in definitions and h not in USUAL_NAMES and definitions[h].player_can_hold]


def _holds(hand_id: str) -> Shows:
    return lambda r, result: any(h.get("class") == hand_id for h in _player_hands(result))


def showings(ruleset: Ruleset) -> list[Showing]:
    """What of the game's own its worked examples show, in order: each of its own named
    hands (`own_hands`), then each rule of `FEATURES` it has."""
    hands = [Showing(f"hand:{h}", lambda r: True, _holds(h)) for h in own_hands(ruleset)]
    return hands + [f for f in FEATURES if f.has(ruleset)]
