"""A session: many deals at one table under one ruleset, with balances and a ledger.

People sit in a circle in the order given (a person's left is the next one). With
a rotating bank (`table.banker: rotating`) one of them banks and the others are the
seats, re-labelled every deal so that p1 is always the banker's left; with a house
dealer the bank is `HOUSE`, which never rotates and is never sold. Each deal is a
`RoundState` dealt from the session's `Pack` (see `engine.sessions.pack`).

Between deals, as the ruleset's `between_deals` and `shoot` sections say:

- rotation `pontoon-maker`: a seat that made a pontoon (not on a split hand unless
  `rotation_from_split_hand`) takes the bank; among several the first from the
  banker's left, or the last (`rotation_tie_break`); `refuse_bank` hands it back before
  the next deal where `pontoon_maker_may_refuse` lets the pontoon maker refuse it;
- `sell_bank` (`bank_sale`): the banker sells the bank to another person at an
  agreed price;
- Shoot Pontoon: the banker puts up a kitty (between the stake limits when
  `kitty_within_stake_limits`) and may `top_up` it; a dry kitty forces a new kitty
  or a sale (`dry_kitty: new-kitty-or-sale`), or passes the bank to the banker's
  left (`end-bank`); when the bank changes hands the old banker takes the kitty
  (`kitty_leaves_with_banker`) and the new banker must put up a fresh one.

Money: balances start at 0 and move only by ledger payments, so the people's
balances plus the kitty always sum to zero.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from pontoon_rules.engine.round.hand import Hand, is_bust, is_natural, read_up
from pontoon_rules.engine.round.results import RoundResult
from pontoon_rules.engine.round.rotation import bank_taker
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.banking import (
    FirstBankerDraw,
    auction_winner,
    bank_amount,
    choose_first_banker,
    pass_bank_on,
    seat_order,
    staking_seats,
)
from pontoon_rules.engine.sessions.pack import Pack
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.text import hidden_characters, short

HOUSE = "house"
"""The bank's name at a house-dealer table."""
KITTY = "kitty"
"""The kitty's name in the ledger."""
MAX_PERSON_NAME = 40
"""The longest name of a person at the table (a column of the balances)."""

Act = Callable[[RoundState], None]
"""Takes the current decision of a round (applies one action to the state)."""


@dataclass(frozen=True)
class Payment:
    """One payment: in which deal, who paid whom, how much and why."""

    deal: int
    payer: str
    payee: str
    amount: int
    reason: str
    """stake, insurance, side bet, shoot, kitty, top-up, kitty-back or sale."""

    def to_json(self) -> dict[str, Any]:
        """The payment as JSON."""
        return asdict(self)


@dataclass(frozen=True)
class DealRecord:
    """One finished deal: who banked, who sat where, the settlement and what followed."""

    number: int
    banker: str
    seats: tuple[str, ...]
    """The people in seats p1, p2, … (p1 is the banker's left)."""
    result: RoundResult
    pontoons: tuple[str, ...]
    """Who held a pontoon (the banker included)."""
    shuffled: bool
    """Whether the pack was shuffled after the deal."""
    next_banker: str
    kitty: int
    """The kitty after the deal (and after any change of banker)."""
    bank: int | None = None
    """What is left in the bank after the deal (a bank that is an amount), else None."""

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON."""
        return {"deal": self.number, "banker": self.banker,
                "seats": {f"p{i + 1}": name for i, name in enumerate(self.seats)},
                "result": self.result.to_json(), "pontoons": list(self.pontoons),
                "shuffled": self.shuffled, "next_banker": self.next_banker,
                "kitty": self.kitty, **({} if self.bank is None else {"bank": self.bank})}


class Session:
    """A table playing deal after deal under `rules`."""

    def __init__(self, rules: Rules, people: list[str], rng: random.Random,
                 banker: str | None = None, pack_order: list[int] | None = None,
                 bank: int | None = None) -> None:
        """Seat `people` (in circle order); `rng` shuffles (`pack_order` stacks the pack).

        Without a `banker` the ruleset's `table.first_banker` chooses one (on a stream of
        its own: the shuffles are the same whoever banks). `bank` overrides the amount a
        banker puts up where the bank is one (`table.bank.amount`).

        Raises:
            ScriptError: too few or too many people, repeated names, an unknown banker,
                a bank amount where the ruleset has none or below the smallest stake.
            ShoeError: `pack_order` is not exactly the ruleset's packs.
        """
        self.rules = rules
        self.is_house = rules.ruleset.table.banker is BankerRole.HOUSE_DEALER
        _check_people(rules, people, self.is_house)
        self.people = list(people)
        self.first_banker: FirstBankerDraw | None = None
        """How the first banker was chosen (None when given or with a house dealer)."""
        if self.is_house or banker is not None:
            self.banker = HOUSE if self.is_house else str(banker)
        else:
            self.first_banker = choose_first_banker(rules, self.people, rng)
            self.banker = self.first_banker.banker
        if self.banker not in self.people and not self.is_house:
            raise ScriptError(f"banker {short(banker)} is not at the table ({', '.join(people)})")
        self.bank_amount = bank_amount(rules, bank)
        """What a banker puts up as the bank (None: the banker covers any stake)."""
        self.bank = self.bank_amount
        """What is left in the bank now."""
        self.banker_deals = 0
        """Deals dealt by the present banker."""
        self.balances = {name: 0 for name in self.people + ([HOUSE] if self.is_house else [])}
        self.kitty = 0
        self.kitty_dry = False
        """The kitty ran dry in the last deal (a new kitty or a sale is due)."""
        self.taken_from: str | None = None
        """The banker a pontoon maker took the bank from at the last deal, till the next."""
        self.ledger: list[Payment] = []
        self.deals: list[DealRecord] = []
        self.pack = Pack(rules, rng, pack_order)

    # -- the table ---------------------------------------------------------------
    def seats(self) -> list[str]:
        """The people in seats p1, p2, … for the next deal, in the order of play (p1 is
        the banker's left, or right where play goes that way: `table.direction`)."""
        return seat_order(self.rules, self.people, None if self.is_house else self.banker)

    def table_total(self) -> int:
        """Everyone's balance plus the kitty: always 0 (money is conserved)."""
        return sum(self.balances.values()) + self.kitty

    def needs_kitty(self) -> bool:
        """Whether the banker must put up a kitty (or sell) before the next deal."""
        return self.rules.shoot and self.kitty == 0

    def pay(self, payer: str, payee: str, amount: int, reason: str,
            deal: int | None = None) -> None:
        """Record a payment (a negative amount is paid the other way) and move the money."""
        if amount == 0:
            return
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        self.ledger.append(Payment(deal or len(self.deals) + 1, payer, payee, amount, reason))
        for name, sign in ((payer, -1), (payee, 1)):
            if name == KITTY:
                self.kitty += sign * amount
            else:
                self.balances[name] += sign * amount

    # -- between deals -----------------------------------------------------------
    def put_up_kitty(self, amount: int) -> None:
        """The banker puts up a new kitty (Shoot Pontoon).

        Raises:
            ScriptError: no shoot here, a kitty is already up, or the amount is out of limits.
        """
        self._need_shoot("put up a kitty")
        if self.kitty:
            raise ScriptError(f"the kitty already holds {self.kitty}; top it up instead")
        self._check_kitty(amount, amount)
        self.pay(self.banker, KITTY, amount, "kitty")
        self.kitty_dry = False

    def top_up(self, amount: int) -> None:
        """The banker adds `amount` to the kitty before a deal (`shoot.top_up`)."""
        self._need_shoot("top up the kitty")
        if not self.rules.ruleset.shoot.top_up:
            raise ScriptError("the ruleset does not let the banker top up the kitty")
        self._check_kitty(amount, self.kitty + amount)
        self.pay(self.banker, KITTY, amount, "top-up")
        self.kitty_dry = False

    def sell_bank(self, buyer: str, price: int) -> None:
        """The banker sells the bank to `buyer` for `price` (`between_deals.bank_sale`)."""
        if self.is_house or not self.rules.ruleset.between_deals.bank_sale:
            raise ScriptError("the bank cannot be sold under this ruleset")
        if buyer not in self.people or buyer == self.banker:
            raise ScriptError(f"buyer {short(buyer)}: expected one of {', '.join(self.seats())}")
        if not isinstance(price, int) or isinstance(price, bool) or price < 0:
            raise ScriptError(f"price {short(price)}: expected a whole amount of at least 0")
        self.pay(buyer, self.banker, price, "sale")
        self.change_banker(buyer)

    def change_banker(self, new: str, deal: int | None = None) -> None:
        """Pass the bank to `new`; the old banker leaves with the kitty when the rules say."""
        self.taken_from = None
        if new == self.banker:
            return
        if self.rules.shoot and self.rules.ruleset.shoot.kitty_leaves_with_banker:
            self.pay(KITTY, self.banker, self.kitty, "kitty-back", deal)
        self.banker = new
        self.kitty_dry = False
        self.bank = self.bank_amount
        self.banker_deals = 0

    def refuse_bank(self) -> None:
        """The pontoon maker who has just taken the bank refuses it before the next deal: it
        goes back to the banker it came from (`between_deals.pontoon_maker_may_refuse`)."""
        if not self.rules.ruleset.between_deals.pontoon_maker_may_refuse:
            raise ScriptError("a player whose pontoon wins the bank may not refuse it under "
                              "this ruleset")
        if self.taken_from is None:
            raise ScriptError("only a player whose pontoon has just won the bank may refuse "
                              "it, before the next deal")
        self.change_banker(self.taken_from)

    def auction_bank(self, bids: dict[str, int]) -> str:
        """Sell the bank to the highest of `bids` (person -> price) when a dry kitty forces
        a sale and the ruleset sells to the highest bidder (`shoot.dry_kitty_sale`);
        equal bids: the first in the order of play. The winner's name.

        Raises:
            ScriptError: no such sale here, or a bid by an unknown person or not a whole
                amount of at least 0.
        """
        winner, price = auction_winner(self, bids)
        self.pay(winner, self.banker, price, "sale")
        self.change_banker(winner)
        return winner

    def close(self) -> None:
        """End the session: the banker takes back what is left in the kitty."""
        self.pay(KITTY, self.banker, self.kitty, "kitty-back", max(1, len(self.deals)))

    # -- a deal ------------------------------------------------------------------
    def play_deal(self, stakes: list[int], act: Act,
                  transcript: list[dict[str, Any]] | None = None) -> DealRecord:
        """Deal a round from the pack; `act` takes every decision. Settle and move on.

        Raises:
            ScriptError: wrong number of stakes, or the kitty is dry.
            ShoeError: the pack ran out.
            IllegalActionError: `act` applied an illegal action.
        """
        seats = self.seats()
        if len(stakes) != len(seats):
            raise ScriptError(f"deal {len(self.deals) + 1}: {len(stakes)} stakes for "
                              f"{len(seats)} seats ({', '.join(seats)})")
        if self.needs_kitty():
            raise ScriptError(f"deal {len(self.deals) + 1}: the kitty is empty; the banker "
                              "must put up a kitty (or sell the bank) first")
        seats, stakes = staking_seats(self, seats, stakes)
        self.taken_from = None
        state = RoundState(self.rules, stakes, self.pack.counts(), self.kitty or None,
                           bank=self.bank)
        returned = self._deal(state, act, transcript)
        result = state.result()
        self._settle(result, seats)
        pontoons = _pontoon_holders(result, seats, self.banker, self.rules)
        shuffled = self.pack.end_deal(_used_cards(state, returned), _calls_shuffle(state))
        banker = self.banker
        if self.bank is not None:
            self.bank += result.banker_net
        self._after_deal(state, seats)
        record = DealRecord(len(self.deals) + 1, banker, tuple(seats), result, pontoons,
                            shuffled, self.banker, self.kitty, self.bank)
        self.deals.append(record)
        return record

    def _deal(self, state: RoundState, act: Act,
              transcript: list[dict[str, Any]] | None) -> set[int]:
        """Play the round out; the ids of hands whose cards went under the pack at once."""
        from pontoon_rules.engine.scripts.script import deal_event

        at_once = self.rules.ruleset.between_deals.busted_cards_to_bottom_at_once
        returned: set[int] = set()
        while not state.is_terminal():
            if not state.is_chance_node():
                act(state)
                continue
            hand = state.pending[0]
            if not self.pack.cards:
                state.return_cards(self._restock(state, returned))
            card = self.pack.draw()
            if transcript is not None:
                transcript.append(deal_event(state, card))
            state.apply_action(card)
            if at_once and hand is not state.banker and _is_bust(hand, state):
                self.pack.to_bottom(hand.cards)
                state.return_cards(hand.cards)
                returned.add(id(hand))
        return returned

    def _restock(self, state: RoundState, returned: set[int]) -> list[int]:
        """The pack ran out mid-deal: `between_deals.pack_runs_out` says what comes under
        it: the discard tray shuffled, else the hands thrown in bust this deal, else (or
        with 'new-pack' at once) a fresh pack. Cards on the table never come back. An
        infinite deck never runs out (`Pack.draw` draws with replacement)."""
        if self.pack.infinite:
            return self.pack.refill()
        if not self.rules.new_pack_when_out:
            back = self.pack.refill()
            if back:
                return back
            thrown = [hand for seat in state.seats for hand in seat.hands
                      if id(hand) not in returned and self.rules.bust_loses_at_once
                      and _is_bust(hand, state)]
            if thrown:
                returned.update(id(hand) for hand in thrown)
                cards = [card for hand in thrown for card in hand.cards]
                self.pack.rng.shuffle(cards)
                self.pack.cards.extend(cards)
                return cards
        return self.pack.open_pack()

    def _settle(self, result: RoundResult, seats: list[str]) -> None:
        for name, seat in zip(seats, result.seats, strict=True):
            for hand in seat.hands:
                self.pay(self.banker, name, hand.net, "stake")
                self.pay(KITTY, name, hand.shoot_net, "shoot")
            self.pay(self.banker, name, seat.insurance_net, "insurance")
            for _kind, (_staked, net) in seat.side_bets.items():
                self.pay(self.banker, name, net, "side bet")

    def _after_deal(self, state: RoundState, seats: list[str]) -> None:
        """Pass the bank to a pontoon maker, or on from a dry kitty."""
        number = len(self.deals) + 1
        self.kitty_dry = self.rules.shoot and state.kitty is not None and self.kitty == 0
        self.banker_deals += 1
        maker, old = self._pontoon_maker(state, seats), self.banker
        if maker is not None:
            self.change_banker(maker, number)
            self.taken_from = old if maker != old else None
        elif self.kitty_dry and self.rules.ruleset.shoot.dry_kitty == "end-bank":
            self.change_banker(seats[0], number)
        else:
            pass_bank_on(self, number)

    def _pontoon_maker(self, state: RoundState, seats: list[str]) -> str | None:
        taker = bank_taker(state)
        return None if taker is None else seats[taker]

    def _need_shoot(self, what: str) -> None:
        if not self.rules.shoot:
            raise ScriptError(f"cannot {what}: the ruleset does not play Shoot Pontoon")

    def _check_kitty(self, amount: int, kitty: int) -> None:
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise ScriptError(f"kitty amount {short(amount)}: expected a whole amount of at "
                              "least 1")
        if not self.rules.ruleset.shoot.kitty_within_stake_limits:
            return
        low, high = self.rules.min_stake, self.rules.max_stake
        if kitty < low or (high is not None and kitty > high):
            most = high if high is not None else "no maximum"
            raise ScriptError(f"a kitty of {kitty} is outside the stake limits "
                              f"({low} to {most})")

    def to_json(self) -> dict[str, Any]:
        """The whole session: people, deals, ledger, balances and kitty."""
        out: dict[str, Any] = {"ruleset": self.rules.ruleset.id, "people": self.people}
        if self.first_banker is not None and self.first_banker.cards:
            out["first_banker"] = self.first_banker.to_json()
        out.update({"deals": [d.to_json() for d in self.deals],
                    "ledger": [p.to_json() for p in self.ledger],
                    "balances": dict(self.balances), "kitty": self.kitty,
                    "banker": self.banker, "shuffles": self.pack.shuffles})
        if self.bank is not None:
            out["bank"] = self.bank
        return out


def _check_people(rules: Rules, people: list[str], is_house: bool) -> None:
    seats = len(people) if is_house else len(people) - 1
    for name in people:
        if not 1 <= len(name) <= MAX_PERSON_NAME or hidden_characters(name):
            raise ScriptError(f"people: {short(name)}: a name is 1 to {MAX_PERSON_NAME} "
                              "characters, each visible (no control, bidi or zero-width "
                              "character)")
    if len(set(people)) != len(people) or HOUSE in people or KITTY in people:
        raise ScriptError(f"people must have distinct names other than {HOUSE!r} and "
                          f"{KITTY!r}: {short(', '.join(people), 200)}")
    if not 1 <= seats <= rules.max_players:
        raise ScriptError(f"{seats} seats at the table; the ruleset allows 1 to "
                          f"{rules.max_players} (besides the banker)")


def _is_bust(hand: Hand, state: RoundState) -> bool:
    """Whether a player's `hand` is bust against the banker's up card of `state`."""
    return is_bust(hand, state.rules, read_up(state.banker, state.rules))


def _used_cards(state: RoundState, returned: set[int]) -> list[int]:
    """The deal's cards still on the table, seat by seat from p1, the banker's last."""
    used = [card for seat in state.seats for hand in seat.hands if id(hand) not in returned
            for card in hand.cards]
    return used + state.banker.cards


def _calls_shuffle(state: RoundState) -> bool:
    """Whether the deal's pontoons call for a shuffle (with `shuffle: after-pontoon`): a
    player's pontoon does; a banker's or a split hand's only where the ruleset says so."""
    rules, between = state.rules, state.rules.ruleset.between_deals
    for seat in state.seats:
        for hand in seat.hands:
            if hand.is_split and not between.shuffle_on_split_pontoon:
                continue
            if is_natural(hand, rules):
                return True
    return between.shuffle_on_banker_pontoon and is_natural(state.banker, rules, banker=True)


def _pontoon_holders(result: RoundResult, seats: list[str], banker: str,
                     rules: Rules) -> tuple[str, ...]:
    """Who holds a natural (a pontoon) at the end of the deal."""
    naturals = {i for i, named in rules.named.items() if named.natural}
    holders = [name for name, seat in zip(seats, result.seats, strict=True)
               if any(h.hand_class in naturals for h in seat.hands)]
    if result.banker_class in naturals:
        holders.append(banker)
    return tuple(holders)
