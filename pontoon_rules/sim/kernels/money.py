"""Money that fits the compiled simulator's 64-bit integers, checked before a run starts.

The kernels count money in int64 minor units. Rather than checking every addition,
a run is refused before it starts when the largest amount it could ever hold does
not fit: `round_swing` bounds the money one round can move (every seat's hands at
their most bought and doubled, paid at the ruleset's largest odds, with insurance,
side bets and shoot bets), and a session's balances add up at most `deals` such rounds. The bound
is generous (no round comes near it), so a stake it accepts never wraps, and the
engine (Python integers) and the simulator agree at the largest stake it accepts.
Sums of squares, which are statistics rather than money, are kept in floats.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import PontoonError

INT64_MAX = 2**63 - 1
"""The largest amount an int64 holds."""

FLOAT_EXACT = 2**53
"""Up to here a float64 holds every integer: a session's sums (kept in floats) are exact."""


class MoneyOverflowError(PontoonError, ValueError):
    """A run whose money could pass what the compiled simulator's integers hold."""


@dataclass(frozen=True)
class Part:
    """One part of what a seat can move in a round, per unit of stake: `factor` units,
    grown by the ruleset field `field` (a dotted path). A part bounds an amount the round
    adds up or a product a kernel forms on the way (stake x numerator, before a division)."""

    field: str
    factor: int


def round_swing(rules: Rules, stake: int, seats: int, kitty: int = 0, bid: int = 0) -> int:
    """An upper bound on any amount one round moves (a seat's net, the banker's, the kitty's,
    a sale of the bank for `bid`, and any product the kernel forms on the way)."""
    per_stake, per_bet = _factors(rules)
    return (seats * (stake * per_stake + max(kitty, stake) * per_bet + _prizes(rules, seats))
            + kitty + bid)


@functools.lru_cache(maxsize=64)
def _prizes(rules: Rules, seats: int) -> int:
    """What one seat can be paid in fixed amounts in a round, whatever the stake: the
    largest prize for each of its hands (`prize`), and the largest prize to the others
    (`prize_to_others`) for each hand of every other seat."""
    from pontoon_rules.sim.kernels import compiled as c

    sim = c.compile_sim(rules)
    hands = _hands(sim.params)
    prize = int(sim.cells[:, :, c.CELL_PRIZE].max(initial=0))
    others = int(sim.cells[:, :, c.CELL_TO_OTHERS].max(initial=0))
    return hands * (prize + max(0, seats - 1) * others)


def _largest_prize(rules: Rules, seats: int) -> str:
    """The fixed prize that adds most to what a seat is paid in a round (`_prizes`), in
    words: its dotted field and its amount, a hand's own (`prize`) or one paid to the
    seat for each of the `seats - 1` others holding the hand (`prize_to_others`)."""
    from pontoon_rules.engine.round.between_players import prizes_to_others

    others = max(0, seats - 1)
    found = [(p, f"hands.definitions.{i}.prize ({p:,} a winning hand)")
             for i, p in (rules.prizes or {}).items()]
    found += [(p * others, f"hands.definitions.{i}.prize_to_others ({p:,} a seat for each "
               f"of {others} others holding the hand)")
              for i, p in prizes_to_others(rules).items()]
    return max(found, default=(0, "hands.definitions"))[1]


@functools.lru_cache(maxsize=64)
def _factors(rules: Rules) -> tuple[int, int]:
    """(what one seat can move per unit of stake, per unit of shoot bet)."""
    parts, shoot = _parts(rules)
    return sum(part.factor for part in parts) + 1, shoot


def largest_part(rules: Rules) -> Part:
    """The part of a round's bound that grows most with the stake (the field to name when
    a run does not fit)."""
    return max(_parts(rules)[0], key=lambda part: part.factor)


@functools.lru_cache(maxsize=64)
def _parts(rules: Rules) -> tuple[tuple[Part, ...], int]:
    """(every part one seat can move per unit of stake, what it can move per unit of shoot
    bet), from the kernel's own view of the ruleset (`compiled.compile_sim`). Each product
    the kernels form is a part: a hand's stake times the settlement's odds, the surrender's
    and insurance's numerators, a side bet's most times its stake and its odds times that
    (the rescue and the buys form none beyond the hand's own stake)."""
    from pontoon_rules.sim.kernels import compiled as c

    sim = c.compile_sim(rules)
    p = sim.params
    buys = int(p[c.BUY_HIGH]) * int(p[c.MAX_CARDS_RULE]) if p[c.BUY_MODE] else 0
    doubles = 2 ** int(p[c.DOUBLE_TIMES] if p[c.DOUBLE_ALLOWED] else 0)
    hands = _hands(p)
    odds = max(1, int(sim.settle[:, :, 1].max()), int(sim.settle[:, :, 3].max()),
               int(sim.cells[:, :, 1].max()), int(sim.cells[:, :, 3].max()),
               int(sim.pays.max()))
    held = hands * (1 + buys) * doubles  # the most one seat's hands hold, in stakes
    grown = max([(odds + 1, _odds_field(rules, odds)), (hands, "player.split.max_hands"),
                 (1 + buys, "stakes.first_buy_max"), (doubles, "player.double.times_per_hand")])
    parts = [Part(grown[1], held * (odds + 1)),
             Part("player.surrender.returns", held * int(p[c.SURRENDER_NUM])),
             Part("player.insurance.max_fraction", held * (int(p[c.INS_FRAC_NUM]) + 1)),
             Part("player.insurance.pays", held * (int(p[c.INS_PAYS_NUM]) + 1)),
             *_side_bets(p)]
    shoot = (hands + 2) * (int(p[c.SHOOT_PAYS_NUM]) + 1) if p[c.SHOOT] else 0
    return tuple(part for part in parts if part.factor), shoot


def _hands(params: np.ndarray) -> int:
    """The most hands one seat holds in a round: `player.split.max_hands` where splits are
    allowed, else one (a limit on split hands that no split can reach grows nothing: it
    refused tiny-high-stake with five hands and no splits, issue 45)."""
    from pontoon_rules.sim.kernels import compiled as c

    return max(1, int(params[c.SPLIT_MAX_HANDS])) if params[c.SPLIT_ALLOWED] else 1


def _odds_field(rules: Rules, odds: int) -> str:
    """The settlement field whose odds pay `odds` (the largest numerator), by dotted path."""
    from pontoon_rules.ruleset.format.common import odds_fraction
    from pontoon_rules.ruleset.format.fields import ruleset_paths, value_at

    elsewhere = ("player.insurance.", "shoot.", "side_bets.")
    for path in ruleset_paths(rules.ruleset):
        if path.startswith(elsewhere) or not path.endswith((".pays", ".collects")):
            continue
        value = value_at(rules.ruleset, path)
        if isinstance(value, str) and odds_fraction(value).numerator == odds:
            return path
    return "outcomes"


def _side_bets(p: np.ndarray) -> list[Part]:
    """What a seat's side bets can move per unit of stake, and the products they form: the
    most each may be (its numerator times the stake), and that amount times what a pair
    pays, and twice what a matching card pays (none where no side bet is offered)."""
    from pontoon_rules.sim.kernels import compiled as c

    if not p[c.SIDE_MOST_DEN]:
        return []
    most = -(-int(p[c.SIDE_MOST_NUM]) // max(1, int(p[c.SIDE_MOST_DEN])))  # rounded up
    pair = max(int(p[c.PAIR_NUM]), int(p[c.PAIR_SUITED_NUM]))
    match = max(int(p[c.MATCH_NUM]), int(p[c.MATCH_SUITED_NUM]))
    return [Part("side_bets.max_fraction", int(p[c.SIDE_MOST_NUM]) + 2 * most),
            Part("side_bets.pair.pays", most * pair),
            Part("side_bets.match_dealer.pays", 2 * most * match)]


@dataclass(frozen=True)
class Run:
    """The money of a run: each seat's stake, the seats, the rounds, a kitty, a bid."""

    stake: int
    seats: int
    rounds: int = 1
    kitty: int = 0
    bid: int = 0

    def fits(self, rules: Rules, limit: int = INT64_MAX) -> bool:
        """Whether nothing of the run can pass `limit`."""
        swing = round_swing(rules, self.stake, self.seats, self.kitty, self.bid)
        return swing * max(1, self.rounds) <= limit

    def at(self, stake: int) -> Run:
        """The same run at `stake`, with a kitty and a bid no larger than before or it."""
        return Run(stake, self.seats, self.rounds, min(self.kitty, stake),
                   min(self.bid, stake))


def largest_stake(rules: Rules, run: Run, limit: int = INT64_MAX) -> int:
    """The largest stake at which `run` stays within `limit` (0 if none does)."""
    low, high = 0, INT64_MAX
    while low < high:  # what a run can move grows with its stake: bisect
        middle = (low + high + 1) // 2
        if run.at(middle).fits(rules, limit):
            low = middle
        else:
            high = middle - 1
    return low


def check_money(rules: Rules, run: Run, what: str = "a round",
                limit: int = INT64_MAX) -> None:
    """Refuse a run whose money could pass `limit` (before anything is played), naming the
    field that grows it most.

    Raises:
        MoneyOverflowError: `what` at the run's stake could move more than the kernel holds.
    """
    if run.fits(rules, limit):
        return
    if not run.at(0).fits(rules, limit):  # the fixed prizes alone, whatever the stake
        raise MoneyOverflowError(
            f"{rules.ruleset.id}: the compiled simulator cannot play this at any stake: "
            f"{what} could move more than it counts exactly ({limit:,}) in fixed prizes "
            f"alone, most of it through {_largest_prize(rules, run.seats)}; the engine, "
            "without --summary, or with --path engine, has no such limit")
    most = largest_stake(rules, run, limit)
    raise MoneyOverflowError(
        f"{rules.ruleset.id}: a stake of {run.stake:,} is too large for the compiled "
        f"simulator: {what} could move more than it counts exactly ({limit:,}), "
        f"{_grown(rules)}; the largest stake it takes here is {most:,}, with a kitty and a "
        "bid no larger (the engine, without --summary, or with --path engine, has no such "
        "limit)")


def check_limits(rules: Rules) -> None:
    """Refuse a ruleset whose own smallest stake no round on the simulator could hold,
    naming the field that grows it most.

    Raises:
        MoneyOverflowError: `stakes.min_stake` is beyond what one round can hold.
    """
    if rules.min_stake > INT64_MAX or not Run(rules.min_stake, 1).fits(rules):
        raise MoneyOverflowError(
            f"{rules.ruleset.id}: stakes.min_stake {rules.min_stake:,} is too large for the "
            f"compiled simulator, which counts money in 64-bit integers ({INT64_MAX:,}), "
            f"{_grown(rules)}; use --path engine")


def money_refused(rules: Rules, stake: int) -> tuple[str, str] | None:
    """Why a one-seat run of the compiled simulator at `stake` is refused for its money
    (`check_limits`, then `check_money`: the ruleset's smallest stake, or a round at
    `stake`, could pass its 64-bit integers) as (the field, in words), else None."""
    try:
        check_limits(rules)
    except MoneyOverflowError:
        return "stakes.min_stake", f"a least stake past its 64-bit money ({_grown(rules)})"
    try:
        check_money(rules, Run(stake, 1))
    except MoneyOverflowError:
        field = largest_part(rules).field
        return field, f"a round's money past its 64-bit bound ({_grown(rules)})"
    return None


def _grown(rules: Rules) -> str:
    """Words naming the field that multiplies a stake most in one round."""
    part = largest_part(rules)
    return f"most of it through {part.field} ({part.factor:,} times the stake a seat)"
