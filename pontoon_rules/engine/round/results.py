"""The settlement of a finished round: per hand, per seat, for the banker and the kitty.

Money is conserved: the banker's net, the kitty's change and the seats' nets sum
to zero. A seat's net includes its hands' shoot nets; the banker's net is minus
the seats' stake and insurance nets; the kitty's change is minus the shoot nets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pontoon_rules.engine.round import shoot
from pontoon_rules.engine.round.between_players import between_nets
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.hand import Hand, classify, is_natural, points, read_up
from pontoon_rules.engine.round.settle import money, settle_hand, takes_from_seat
from pontoon_rules.engine.round.shoot import KittyResult
from pontoon_rules.ruleset.format.points import written

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.engine.round.state import RoundState


@dataclass(frozen=True)
class HandResult:
    """One finished hand: cards, total, class, each stake part and the net result."""

    cards: list[str]
    total: int | Fraction
    """Its best total in points: a whole number, or exact where a card is worth a fraction."""
    hand_class: str
    """The hand's id: a named hand of the ruleset, 'total' or 'bust'."""
    stakes: list[int]
    net: int
    shoot: int = 0
    """The hand's shoot bets together (Shoot Pontoon)."""
    shoot_net: int = 0
    """What the shoot bets won from the kitty or lost into it."""
    surrendered: bool = False
    """The hand was given up for part of its stake (a void surrender is not one)."""
    rescued: bool = False
    """The doubled hand was given up for its doubled part (the double-down rescue)."""

    @property
    def staked(self) -> int:
        """The whole amount staked on the hand."""
        return sum(self.stakes)

    def to_json(self) -> dict[str, Any]:
        """The hand as the script contract's JSON."""
        out: dict[str, Any] = {"cards": self.cards, "total": total_json(self.total),
                               "class": self.hand_class, "staked": self.staked,
                               "stakes": self.stakes, "net": self.net}
        if self.shoot:
            out["shoot"] = {"staked": self.shoot, "net": self.shoot_net}
        out.update(given_up_json(self))
        return out


@dataclass(frozen=True)
class SeatResult:
    """One seat's hands, insurance and net result (shoot nets included)."""

    seat: str
    hands: list[HandResult]
    insurance: int = 0
    insurance_net: int = 0
    even_money: bool = False
    net: int = 0
    side_bets: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each side bet put down, by action word: (staked, net)."""
    between_players: int = 0
    """What the seat received from the other players, less what it paid them
    (`engine.round.between_players`)."""
    entry: int = 0
    """What the seat put into the bank before the deal (`table.bank.entry`)."""

    def to_json(self) -> dict[str, Any]:
        """The seat as the script contract's JSON."""
        out: dict[str, Any] = {"seat": self.seat, "hands": [h.to_json() for h in self.hands]}
        if self.insurance:
            out["insurance"] = {"staked": self.insurance, "net": self.insurance_net}
        if self.even_money:
            out["even_money"] = True
        if self.side_bets:
            out["side_bets"] = side_bets_json(self)
        out.update(money_between_json(self))
        out["net"] = self.net
        return out


@dataclass(frozen=True)
class RoundResult:
    """Every seat's result, the banker's and the kitty's (see the module docstring)."""

    seats: list[SeatResult]
    banker_cards: list[str]
    banker_total: int | Fraction
    banker_class: str
    banker_net: int
    ended_early: bool = False
    notes: list[str] = field(default_factory=list)
    kitty: KittyResult | None = None
    """The kitty before and after the round (Shoot Pontoon with a kitty), else None."""
    called_off: bool = False
    """The banker called the deal off: every hand settled at nothing (`banker.calls_off_at`)."""

    @property
    def kitty_change(self) -> int:
        """What the round added to the kitty (0 without one)."""
        return self.kitty.change if self.kitty is not None else 0

    def to_json(self) -> dict[str, Any]:
        """The settlement as the script contract's JSON (without ruleset and transcript)."""
        out: dict[str, Any] = {
            "seats": [s.to_json() for s in self.seats],
            "banker": {"cards": self.banker_cards, "total": total_json(self.banker_total),
                       "class": self.banker_class, "net": self.banker_net},
        }
        if self.kitty is not None:
            out["kitty"] = self.kitty.to_json()
        if self.called_off:
            out["called_off"] = True
        return out


def total_json(points: int | Fraction) -> int | str:
    """A total in the script contract's JSON: a whole number, else the exact string '15/2'."""
    return written(Fraction(points)) if isinstance(points, Fraction) else points


def side_bets_json(seat: SeatResult) -> dict[str, dict[str, int]]:
    """A seat's side bets as JSON: {"pair": {"staked": 10, "net": 100}, …}."""
    return {kind: {"staked": staked, "net": net} for kind, (staked, net)
            in seat.side_bets.items()}


def money_between_json(seat: SeatResult) -> dict[str, int]:
    """`{"entry": 10}` and `{"between_players": -20}` where the seat put money into the bank
    before the deal or paid or was paid by the other players, else nothing."""
    out = {}
    if seat.entry:
        out["entry"] = seat.entry
    if seat.between_players:
        out["between_players"] = seat.between_players
    return out


def given_up_json(hand: HandResult) -> dict[str, bool]:
    """`{"surrendered": true}` or `{"rescued": true}` for a hand given up, else nothing."""
    out = {}
    if hand.surrendered:
        out["surrendered"] = True
    if hand.rescued:
        out["rescued"] = True
    return out


def seat_nets(state: RoundState) -> list[int]:
    """Each seat's net result of a finished round, without building the full result."""
    r, banker = state.rules, state.banker
    bank_cls = classify(banker, r, banker=True)
    banker_natural = bank_cls in r.named and r.named[bank_cls].natural
    sweeps = state.kitty is not None and banker_natural
    out = []
    extra = _money_between(state)
    for seat, (entry, between) in zip(state.seats, extra, strict=True):
        net = 0
        for hand, stake_net in zip(seat.hands, _stake_nets(seat.hands, banker, r, bank_cls),
                                   strict=True):
            net += stake_net
            if hand.shoot:
                net += shoot.hand_net(hand, stake_net, sweeps, r)
        if seat.insurance:
            net += (money(seat.insurance, r.insurance_pays, r) if banker_natural
                    else -seat.insurance)
        out.append(net + sum(seat.side_nets.values()) + between - entry)
    return out


def _money_between(state: RoundState) -> list[tuple[int, int]]:
    """Each seat's entry into the bank and its net with the other players."""
    between = between_nets(state)
    return [(state.rules.bank_entry, net) for net in between]


def _stake_nets(hands: list[Hand], banker: Hand, r: Rules, bank_cls: str) -> list[int]:
    """Each hand's stake net: settled already, or against the banker's hand `bank_cls`."""
    taken = takes_from_seat(hands, banker, r, bank_cls) if r.takes else None
    if taken is None:
        taken = [h.settled_net if h.settled_net is not None else
                 settle_hand(h, banker, r, bank_cls) for h in hands]
    if r.surrender is None or not r.surrender.buy_bets:
        return taken
    return [net + h.given_up for net, h in zip(taken, hands, strict=True)]  # business


def settle_round(state: RoundState) -> RoundResult:
    """Settle every hand of a finished round."""
    r, banker = state.rules, state.banker
    bank_cls = classify(banker, r, banker=True)
    banker_natural = is_natural(banker, r, banker=True)
    sweeps = state.kitty is not None and banker_natural
    seats = []
    for seat, (entry, between) in zip(state.seats, _money_between(state), strict=True):
        nets = _stake_nets(seat.hands, banker, r, bank_cls)
        hands = [_hand_result(h, net, state, sweeps) for h, net in zip(seat.hands, nets,
                                                                         strict=True)]
        insurance_net = 0
        if seat.insurance:
            insurance_net = (money(seat.insurance, r.insurance_pays, r) if banker_natural
                             else -seat.insurance)
        side = {kind: (amount, seat.side_nets.get(kind, 0))
                for kind, amount in seat.side_bets.items()}
        net = sum(h.net + h.shoot_net for h in hands) + insurance_net + sum(
            n for _, n in side.values()) + between - entry
        seats.append(SeatResult(f"p{seat.index + 1}", hands, seat.insurance, insurance_net,
                                seat.even_money, net, side, between, entry))
    return RoundResult(
        seats=seats,
        banker_cards=[card_code(c) for c in banker.cards],
        banker_total=points_of(banker, r),
        banker_class=bank_cls,
        banker_net=-sum(s.net - sum(h.shoot_net for h in s.hands) for s in seats),
        ended_early=state.ended_early,
        kitty=_kitty_result(state, seats),
        called_off=state.calling_off == "called",
    )


def points_of(hand: Hand, r: Rules) -> int | Fraction:
    """`hand`'s best total in points: an int where the rules count whole points, else exact."""
    best = points(hand, r)
    return best if r.unit == 1 else Fraction(best, r.unit)


def _hand_result(hand: Hand, net: int, state: RoundState, sweeps: bool) -> HandResult:
    r = state.rules
    shoot_net = shoot.hand_net(hand, net, sweeps, r) if hand.shoot else 0
    return HandResult([card_code(c) for c in hand.cards], points_of(hand, r),
                      classify(hand, r, up=read_up(state.banker, r)),
                      list(hand.stakes), net, sum(hand.shoot), shoot_net,
                      hand.surrendered and hand.settled_net is not None, hand.rescued)


def _kitty_result(state: RoundState, seats: list[SeatResult]) -> KittyResult | None:
    if state.kitty is None:
        return None
    start = state.kitty.start
    return KittyResult(start, start - sum(h.shoot_net for s in seats for h in s.hands))
