"""Automatic sessions: named player policies, plain staking, and an automatic banker.

The automatic banker stands on the ruleset's `banker.stand_on`, puts up a kitty of
`TablePolicy.kitty` (kept within the stake limits), tops it up to that amount when
it falls below half, and never sells the bank unless the kitty runs dry: then it
sells to the highest bidder (every other person bids `TablePolicy.bid`; among equal
bids the first from the banker's left wins), or puts up a new kitty where the bank
cannot be sold.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pontoon_rules.engine.round.policies import PLAYER_POLICIES, automatic
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.format.bank import BankSale
from pontoon_rules.ruleset.format.common import BankerRole

NAMES = "ABCDEFGHIJKLM"


@dataclass(frozen=True)
class TablePolicy:
    """How automatic people play: the player policy, their stake, kitty and bid."""

    player: str = "stand-17"
    """A name from `policies.PLAYER_POLICIES`."""
    stake: int = 10
    """Each seat's stake (kept within the ruleset's limits)."""
    kitty: int = 50
    """The kitty an automatic banker puts up (kept within the stake limits)."""
    bid: int = 10
    """What each person bids for the bank when it is sold."""


def people_names(count: int) -> list[str]:
    """`count` names: A, B, C, …"""
    if not 1 <= count <= len(NAMES):
        raise ScriptError(f"{count} people: expected 1 to {len(NAMES)}")
    return list(NAMES[:count])


def clamp_stake(rules: Rules, amount: int) -> int:
    """`amount` moved inside the ruleset's stake limits."""
    amount = max(amount, rules.min_stake)
    return min(amount, rules.max_stake) if rules.max_stake is not None else amount


def new_session(rules: Rules, players: int, rng: random.Random,
                bank: int | None = None) -> Session:
    """A session with `players` seats (plus a banker where the bank rotates); `bank`: the
    bank a banker puts up where the bank is an amount (default the ruleset's)."""
    house = rules.ruleset.table.banker is BankerRole.HOUSE_DEALER
    return Session(rules, people_names(players if house else players + 1), rng, bank=bank)


def before_deal(session: Session, table: TablePolicy) -> None:
    """The automatic banker between deals: a sale when dry, a kitty, a top-up."""
    rules = session.rules
    if not rules.shoot:
        return
    if session.kitty_dry and rules.ruleset.between_deals.bank_sale and not session.is_house:
        if rules.ruleset.shoot.dry_kitty_sale is BankSale.HIGHEST_BIDDER:
            session.auction_bank({name: max(0, table.bid) for name in session.seats()})
        else:
            session.sell_bank(session.seats()[0], max(0, table.bid))
    amount = _kitty_amount(rules, table)
    if session.needs_kitty():
        session.put_up_kitty(amount)
    elif rules.ruleset.shoot.top_up and session.kitty < amount // 2:
        session.top_up(amount - session.kitty)


def table_stakes(session: Session, stake: int) -> list[int]:
    """Each seat's stake for the next deal: `stake`, but where the bank is an amount, no
    more than it has left (a seat that cannot stake the minimum sits out with 0)."""
    seats = len(session.seats())
    if session.bank is None:
        return [stake] * seats
    out, left = [], session.bank
    for _ in range(seats):
        mine = min(stake, left)
        mine = mine if mine >= session.rules.min_stake else 0
        out.append(mine)
        left -= mine
    return out


def _kitty_amount(rules: Rules, table: TablePolicy) -> int:
    if rules.ruleset.shoot.kitty_within_stake_limits:
        return clamp_stake(rules, table.kitty)
    return max(1, table.kitty)


def automatic_act(rules: Rules, table: TablePolicy) -> Callable[[RoundState], None]:
    """Take each decision with the table's player policy (and the automatic banker)."""
    if table.player not in PLAYER_POLICIES:
        raise ScriptError(f"unknown policy {table.player!r}: expected one of "
                          f"{', '.join(PLAYER_POLICIES)}")
    player = PLAYER_POLICIES[table.player]

    def act(state: RoundState) -> None:
        state.apply_action(automatic(state, player))

    return act


def play_session(rules: Rules, players: int, deals: int, rng: random.Random,
                 table: TablePolicy | None = None,
                 progress: Callable[[int], None] | None = None,
                 bank: int | None = None,
                 act: Callable[[RoundState], None] | None = None) -> Session:
    """Play `deals` automatic deals with `players` seats; `progress(n)` after each; `act`
    takes every decision (default: the table's player policy and the automatic banker)."""
    table = table or TablePolicy()
    session = new_session(rules, players, rng, bank)
    act = act or automatic_act(rules, table)
    for number in range(1, deals + 1):
        before_deal(session, table)
        stake = clamp_stake(rules, table.stake)
        session.play_deal(table_stakes(session, stake), act)
        if progress is not None:
            progress(number)
    return session
