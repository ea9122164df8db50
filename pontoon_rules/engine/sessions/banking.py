"""The table between deals: who banks first, the order of play, a bank that is an
amount and when it passes on.

`choose_first_banker` draws with its own random stream (`fork`), so choosing the
first banker never changes the shuffles of the session that follows: a session
under a ruleset whose first banker is the first person listed deals exactly as
before the rule existed.

The highest cut always ends. Each person cuts one card; where there are more people
than the game's pack holds cards, the cut is dealt from as many packs as needed (so a
four-card pack still gives eight people a card each). Those tied for the highest card
cut again, at most `MAX_RECUTS` times; if they are still tied after that (in practice
only a pack whose cards are all of one rank, where every cut ties and so nobody cuts
again), the first of them in the order the people are listed banks, as if the table
had agreed seat order. The record (`FirstBankerDraw.by_seat_order`, `"by_seat_order":
true` in its JSON) says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pontoon_rules.engine.round.cards import CARDS_PER_PACK, RANK_CODES, card_code
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.format.bank import BankSale, FirstBanker, PlayDirection
from pontoon_rules.text import short

if TYPE_CHECKING:
    from pontoon_rules.engine.sessions.session import Session

CUT_ORDER = "AKQJT98765432"
"""Ranks from highest to lowest in a cut (an ace is high)."""

MAX_RECUTS = 16
"""Re-cuts among those tied for the highest card before the first of them listed banks."""


@dataclass(frozen=True)
class FirstBankerDraw:
    """How the first banker was chosen: the rule, and the cards each person got."""

    by: str
    banker: str
    cards: list[tuple[str, str]] = field(default_factory=list)
    """(person, card) in the order the cards were cut or dealt."""
    by_seat_order: bool = False
    """Whether the cut still tied after `MAX_RECUTS` re-cuts and the first of those tied
    in the order listed took the bank."""

    def to_json(self) -> dict[str, Any]:
        """{by, banker, cards: [[person, card], …]} (and by_seat_order: true where the
        re-cuts never parted those tied)."""
        out: dict[str, Any] = {"by": self.by, "banker": self.banker,
                               "cards": [list(pair) for pair in self.cards]}
        if self.by_seat_order:
            out["by_seat_order"] = True
        return out


def fork(rng: random.Random, label: str) -> random.Random:
    """A generator for `label` drawn from `rng`'s state without advancing `rng`."""
    forked = getattr(rng, "fork", None)
    if callable(forked):
        out = forked(label)
        assert isinstance(out, random.Random)
        return out
    return random.Random(f"{label}:{rng.getstate()!r}")


def choose_first_banker(rules: Rules, people: list[str], rng: random.Random
                        ) -> FirstBankerDraw:
    """The first banker of a session under `rules` (`table.first_banker`)."""
    rule = rules.ruleset.table.first_banker
    if rule is FirstBanker.FIRST_LISTED or len(people) == 1:
        return FirstBankerDraw(rule.value, people[0])
    cards = [c for c in range(CARDS_PER_PACK) if rules.card_present[c]]
    draw = fork(rng, "first-banker")
    if rule is FirstBanker.HIGHEST_CUT:
        return _cut(people, cards, draw, rule.value)
    draw.shuffle(cards)
    wanted = RANK_CODES.index("A" if rule is FirstBanker.FIRST_ACE else "J")
    dealt: list[tuple[str, str]] = []
    for i, card in enumerate(cards):
        person = people[i % len(people)]
        dealt.append((person, card_code(card)))
        if card >> 2 == wanted:
            return FirstBankerDraw(rule.value, person, dealt)
    return FirstBankerDraw(rule.value, people[0], dealt)


def _cut(people: list[str], cards: list[int], draw: random.Random, by: str
         ) -> FirstBankerDraw:
    """Everyone cuts; the highest card banks; those tied for it cut again, at most
    `MAX_RECUTS` times, then the first of them listed banks (the module's docstring)."""
    cut: list[tuple[str, str]] = []
    still = list(people)
    packs = -(-len(people) // len(cards))
    cards = cards * packs
    parts = len({c >> 2 for c in cards}) > 1
    for _ in range(MAX_RECUTS + 1 if parts else 1):
        drawn = dict(zip(still, draw.sample(cards, len(still)), strict=True))
        cut.extend((p, card_code(drawn[p])) for p in still)
        best = min(CUT_ORDER.index(RANK_CODES[c >> 2]) for c in drawn.values())
        still = [p for p in still if CUT_ORDER.index(RANK_CODES[drawn[p] >> 2]) == best]
        if len(still) == 1:
            return FirstBankerDraw(by, still[0], cut)
    return FirstBankerDraw(by, still[0], cut, by_seat_order=True)


def seat_order(rules: Rules, people: list[str], banker: str | None) -> list[str]:
    """The people other than `banker` in the order of play (`table.direction`); with a
    house dealer (`banker` None) everyone, from the dealer's left (or right)."""
    if banker is None:
        order = list(people)
    else:
        i = people.index(banker)
        order = people[i + 1:] + people[:i]
    return order if rules.ruleset.table.direction is PlayDirection.LEFT else order[::-1]


# -- a bank that is an amount -------------------------------------------------------
def bank_amount(rules: Rules, given: int | None) -> int | None:
    """What a banker puts up as the bank: `given`, else the ruleset's amount (None: the
    banker covers any stake).

    Raises:
        ScriptError: an amount where the bank is not one, or below the smallest stake.
    """
    ruled = rules.ruleset.table.bank.amount
    if given is None:
        return ruled
    if ruled is None:
        raise ScriptError("a bank amount was given, but under this ruleset the banker "
                          "covers any stake (table.bank.amount is null)")
    if type(given) is not int or given < rules.min_stake:
        raise ScriptError(f"bank {short(given)}: expected a whole amount of at least the "
                          f"smallest stake ({rules.min_stake})")
    return given


def is_broken(session: Session) -> bool:
    """Whether the bank holds less than the smallest stake (nothing can be staked)."""
    return session.bank is not None and session.bank < session.rules.min_stake


def staking_seats(session: Session, seats: list[str], stakes: list[int]
                  ) -> tuple[list[str], list[int]]:
    """The seats that stake this deal and their stakes: where the bank is an amount, a
    stake of 0 sits the deal out (the bank may be too small for everyone).

    Raises:
        ScriptError: a stake of 0 where the bank is not an amount, or nobody stakes.
    """
    if session.bank is None or 0 not in stakes:
        return seats, stakes
    kept = [(name, stake) for name, stake in zip(seats, stakes, strict=True) if stake != 0]
    if not kept:
        raise ScriptError(f"deal {len(session.deals) + 1}: nobody stakes")
    return [name for name, _ in kept], [stake for _, stake in kept]


def pass_bank_on(session: Session, deal: int) -> None:
    """After a deal: a broken bank passes to the next player, or is put up again; the
    bank passes after its number of deals (`table.bank`)."""
    rule = session.rules.ruleset.table.bank
    if session.is_house:
        return
    nxt = session.seats()[0]
    if is_broken(session):
        if rule.passes_when_broken:
            session.change_banker(nxt, deal)
            return
        session.bank = session.bank_amount
    if rule.passes_after_deals is not None and session.banker_deals >= rule.passes_after_deals:
        session.change_banker(nxt, deal)


def auction_winner(session: Session, bids: dict[str, int]) -> tuple[str, int]:
    """The highest bidder for the bank and the price (see `Session.auction_bank`)."""
    shoot = session.rules.ruleset.shoot
    if not (session.rules.shoot and shoot.dry_kitty_sale is BankSale.HIGHEST_BIDDER
            and shoot.dry_kitty == "new-kitty-or-sale") or session.is_house:
        raise ScriptError("the bank is not sold to the highest bidder under this ruleset "
                          "(shoot.dry_kitty_sale)")
    if not session.kitty_dry:
        raise ScriptError("the bank is auctioned only when the kitty has run dry")
    order = session.seats()
    if not isinstance(bids, dict) or not bids:
        raise ScriptError("auction: expected bids {person: amount}")
    for name, price in bids.items():
        if name not in order:
            raise ScriptError(f"auction: {short(name)} is not one of {', '.join(order)}")
        if type(price) is not int or price < 0:
            raise ScriptError(f"auction: {short(name)}'s bid {short(price)}: expected a whole "
                              "amount of at least 0")
    best = max(bids.values())
    return next(name for name in order if bids.get(name) == best), best
