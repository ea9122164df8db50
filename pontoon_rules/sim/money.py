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

from pontoon_rules.engine.rules import Rules
from pontoon_rules.errors import PontoonError

INT64_MAX = 2**63 - 1
"""The largest amount an int64 holds."""

FLOAT_EXACT = 2**53
"""Up to here a float64 holds every integer: a session's sums (kept in floats) are exact."""


class MoneyOverflowError(PontoonError, ValueError):
    """A run whose money could pass what the compiled simulator's integers hold."""


def round_swing(rules: Rules, stake: int, seats: int, kitty: int = 0, bid: int = 0) -> int:
    """An upper bound on any amount one round moves (a seat's net, the banker's, the kitty's,
    a sale of the bank for `bid`, and any product the kernel forms on the way)."""
    per_stake, per_bet = _factors(rules)
    return seats * (stake * per_stake + max(kitty, stake) * per_bet) + kitty + bid


@functools.lru_cache(maxsize=64)
def _factors(rules: Rules) -> tuple[int, int]:
    """(what one seat can move per unit of stake, per unit of shoot bet), from the kernel's
    own view of the ruleset (`compiled.compile_sim`)."""
    from pontoon_rules.sim import compiled as c

    sim = c.compile_sim(rules)
    p = sim.params
    buys = int(p[c.BUY_HIGH]) * int(p[c.MAX_CARDS_RULE]) if p[c.BUY_MODE] else 0
    hand = (1 + buys) * 2 ** int(p[c.DOUBLE_TIMES] if p[c.DOUBLE_ALLOWED] else 0)
    hands = max(1, int(p[c.SPLIT_MAX_HANDS]))
    odds = max(1, int(sim.settle[:, :, 1].max()), int(sim.settle[:, :, 3].max()),
               int(sim.cells[:, :, 1].max()), int(sim.cells[:, :, 3].max()),
               int(sim.pays.max()))
    insurance = (int(p[c.INS_FRAC_NUM]) + 1) * (int(p[c.INS_PAYS_NUM]) + 1)
    shoot = (hands + 2) * (int(p[c.SHOOT_PAYS_NUM]) + 1) if p[c.SHOOT] else 0
    return hands * hand * (odds + 1) + insurance + _side_bets(p) + 1, shoot


def _side_bets(p: np.ndarray) -> int:
    """What a seat's side bets can move per unit of stake: the most each may be (rounded
    up), times one plus what a pair pays, and one plus what two matching cards pay, at
    the most (0 where none is offered)."""
    from pontoon_rules.sim import compiled as c

    def up(num: int) -> int:  # slot `num` over the slot after it, rounded up
        return -(-int(p[num]) // max(1, int(p[num + 1])))

    if not p[c.SIDE_MOST_DEN]:
        return 0
    pair = max(up(c.PAIR_NUM), up(c.PAIR_SUITED_NUM))
    match = max(up(c.MATCH_NUM), up(c.MATCH_SUITED_NUM))
    return up(c.SIDE_MOST_NUM) * (pair + 1 + 2 * match + 1)


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
    """Refuse a run whose money could pass `limit` (before anything is played).

    Raises:
        MoneyOverflowError: `what` at the run's stake could move more than the kernel holds.
    """
    if run.fits(rules, limit):
        return
    most = largest_stake(rules, run, limit)
    raise MoneyOverflowError(
        f"{rules.ruleset.id}: a stake of {run.stake:,} is too large for the compiled "
        f"simulator: {what} could move more than it counts exactly ({limit:,}); the largest "
        f"stake it takes here is {most:,}, with a kitty and a bid no larger (the engine, "
        "without --summary, or with --path engine, has no such limit)")


def check_limits(rules: Rules) -> None:
    """Refuse a ruleset whose own smallest stake no round on the simulator could hold.

    Raises:
        MoneyOverflowError: `stakes.min_stake` is beyond what one round can hold.
    """
    if rules.min_stake > INT64_MAX or not Run(rules.min_stake, 1).fits(rules):
        raise MoneyOverflowError(
            f"{rules.ruleset.id}: stakes.min_stake {rules.min_stake:,} is too large for the "
            f"compiled simulator, which counts money in 64-bit integers ({INT64_MAX:,}); "
            "use --path engine")
