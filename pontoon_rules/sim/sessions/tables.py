"""Sessions of automatic deals on the C session kernel (`sim.kernels.native`), streamed in chunks.

`SessionTable` is one table: the pack, balances, banker and running sums live in
arrays the kernel carries from chunk to chunk, so `play(n)` may be called any
number of times (a progress bar between chunks; Ctrl-C stops between chunks and
what was played so far is summarised). `SessionTally` is what a table leaves: sums
that add up across tables, so a long session split into seeded segments on many
workers sums to the same figures in segment order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.sessions.banking import choose_first_banker
from pontoon_rules.engine.sessions.session_auto import clamp_stake
from pontoon_rules.errors import ScriptError, ShoeError
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.sim.kernels import layout, native
from pontoon_rules.sim.kernels import session as k
from pontoon_rules.sim.kernels.cards import SimRandom
from pontoon_rules.sim.kernels.money import FLOAT_EXACT, Run, check_money
from pontoon_rules.sim.kernels.strategy import Strategy
from pontoon_rules.sim.runs.rounds import RoundRunner, pack_too_small

NAMES = "ABCDEFGHIJKLM"


@dataclass(frozen=True)
class TablePolicy:
    """How the automatic people play (as `engine.sessions.session_auto.TablePolicy`)."""

    stake: int = 10
    kitty: int = 50
    bid: int = 10


@dataclass
class SessionTally:
    """A session's sums: per person (the house last) and per table (see `sim.kernels.session`)."""

    people: list[str]
    person: np.ndarray
    table: np.ndarray

    def add(self, other: SessionTally) -> None:
        """Fold another table's sums into these."""
        self.person += other.person
        kitty_max = max(self.table[k.T_KITTY_MAX], other.table[k.T_KITTY_MAX])
        self.table += other.table
        self.table[k.T_KITTY_MAX] = kitty_max

    @property
    def deals(self) -> int:
        """Deals played."""
        return int(self.table[k.T_DEALS])


def people_for(rules: Rules, players: int) -> list[str]:
    """The people at the table: `players` seats, plus a banker where the bank rotates."""
    house = rules.ruleset.table.banker is BankerRole.HOUSE_DEALER
    count = players if house else players + 1
    if not 1 <= players <= rules.max_players or count > len(NAMES):
        raise ScriptError(f"{players} seats at the table; the ruleset allows 1 to "
                          f"{rules.max_players} (besides the banker)")
    return list(NAMES[:count])


class SessionTable:
    """One table of automatic people playing deal after deal on the kernel."""

    def __init__(self, rules: Rules, strategy: Strategy, players: int,
                 seed_words: np.ndarray, policy: TablePolicy | None = None) -> None:
        policy = policy or TablePolicy()
        self.people = people_for(rules, players)
        house = rules.ruleset.table.banker is BankerRole.HOUSE_DEALER
        m = len(self.people)
        seats = m if house else m - 1
        self.runner = RoundRunner(rules, strategy, seats)
        shoe = self.runner.sim.shoe
        infinite = rules.decks is None
        self.src, self.deck, self.tray, self.st = layout.new_source(
            layout.INFINITE if infinite else layout.RING, shoe, seed_words)
        self.work = np.zeros(len(shoe), dtype=np.int64)
        self.stakes = np.zeros(seats, dtype=np.int64)
        self.c = native.kernel()
        if not infinite:
            self.c.shuffle_all(self._round(), self.work)
            self.src[layout.SHUFFLES] = 0
        self.state = np.zeros(k.N_STATE, dtype=np.int64)
        self.state[k.S_BANKER] = m if house else self.people.index(choose_first_banker(
            rules, self.people, SimRandom(int(seed_words[0]))).banker)
        self.state[k.S_PEOPLE] = m
        self.state[k.S_HOUSE] = house
        stake = clamp_stake(rules, policy.stake)
        within = rules.ruleset.shoot.kitty_within_stake_limits
        kitty = clamp_stake(rules, policy.kitty) if within else max(1, policy.kitty)
        self.money = Run(stake, seats, 1, kitty, policy.bid)
        check_money(rules, self.money, "a deal")
        self.state[k.S_STAKE] = stake
        self.state[k.S_KITTY_AMOUNT] = kitty
        self.state[k.S_BID] = max(0, policy.bid)
        self.balance = np.zeros(m + 1, dtype=np.int64)
        self.owner = np.zeros(m + 1, dtype=np.int64)
        self.tally = SessionTally(self.people + ["house"],
                                  np.zeros((m + 1, k.N_PERSON)),  # sums: float64
                                  np.zeros(k.N_TABLE, dtype=np.int64))

    def play(self, deals: int) -> int:
        """Play `deals` more deals.

        Raises:
            ShoeError: the pack ran out mid-deal (as the engine's session would).
            MoneyOverflowError: the session's sums could pass what they hold exactly.
        """
        total = self.tally.deals + deals
        check_money(self.runner.sim.rules, replace(self.money, rounds=total),
                    f"{total:,} deals", FLOAT_EXACT)
        r = self.runner
        done = self.c.play_deals(self._round(), (
            self.work, self.state, self.balance, self.tally.person, self.tally.table,
            self.owner), deals)
        if done < deals:
            raise ShoeError(f"deal {self.tally.deals + 1}: the pack ran out mid-deal: "
                            f"{pack_too_small(r.sim.rules)}")
        return int(done)

    def _round(self) -> tuple[np.ndarray, ...]:
        """The round's arrays in `sim.kernels.native.ARRAYS` order."""
        r = self.runner
        return (*r._common(), self.stakes, *r._work(), self.src, self.deck, self.tray,
                self.st)

    @property
    def banker(self) -> str:
        """Who holds the bank now."""
        return self.tally.people[int(self.state[k.S_BANKER])]

    @property
    def kitty(self) -> int:
        """The kitty now."""
        return int(self.state[k.S_KITTY])

    def balances(self) -> dict[str, int]:
        """Each person's balance, the kitty handed back to the banker (session closed)."""
        out = {name: int(x) for name, x in zip(self.tally.people, self.balance, strict=True)}
        out[self.banker] += self.kitty
        if not self.state[k.S_HOUSE]:
            out.pop("house")
        return out
