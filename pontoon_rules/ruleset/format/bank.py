"""Ruleset parts for the bank and the table: who banks first, which way play goes round
the table, a bank that is an amount, «ва-банк», and how the bank passes on.

Every field defaults to the engine's behaviour before it existed (the first person
listed banks first, play goes to the banker's left, the banker covers any stake, the
bank passes only as `between_deals.rotation` says), so a ruleset that does not name
them plays as before.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import Field, StrictBool, StrictInt

from pontoon_rules.ruleset.format.common import Amount, RuleModel

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset


class FirstBanker(StrEnum):
    """How the first banker of a session is chosen."""

    FIRST_LISTED = "first-listed"
    """The first person named (the table agrees on one)."""
    HIGHEST_CUT = "highest-cut"
    """Everyone cuts the pack; the highest card banks (ties cut again)."""
    FIRST_ACE = "first-ace-dealt"
    """Cards are dealt face up round the table until someone gets an ace."""
    FIRST_JACK = "first-jack-dealt"
    """Cards are dealt face up round the table until someone gets a jack."""


class PlayDirection(StrEnum):
    """Which way the deal, the stakes, the play and the bank go round the table."""

    LEFT = "left"
    """From the banker's left, clockwise."""
    RIGHT = "right"
    """From the banker's right, counter-clockwise."""


class BankSale(StrEnum):
    """How the bank is sold when a dry kitty forces a sale."""

    AGREED_PRICE = "agreed-price"
    """To another player, at a price the two agree."""
    HIGHEST_BIDDER = "highest-bidder"
    """To whoever bids the most (equal bids: the first in the order of play)."""


class BankCap(StrEnum):
    """How a bank that is an amount caps the stakes against it."""

    WHOLE_DEAL = "whole-deal"
    """All the stakes of a deal together, by the bank as it was when the deal began."""
    AS_IT_STANDS = "as-it-stands"
    """Each player's stake when the player's turn comes, by what the bank holds then:
    what the players before lost into it counts, what they stake and have not settled
    does not."""


class Bank(RuleModel):
    """The bank as an amount the banker puts up, and when it passes on."""

    amount: Amount | None = Field(
        default=None,
        description="The bank the banker puts up, in minor units: it caps what all the "
        "players together may stake against it in a deal; null for a banker who covers "
        "any stake.",
    )
    va_bank: StrictBool = Field(
        default=False,
        description="A player may stake the whole bank («ва-банк»), even above the "
        "maximum stake.",
    )
    cap: BankCap = Field(
        default=BankCap.WHOLE_DEAL,
        description="How the bank caps the stakes: 'whole-deal', all the deal's stakes "
        "together by the bank as the deal began; 'as-it-stands', each player's stake when "
        "the player's turn comes, by what the bank holds then (losses paid into it by the "
        "players before count for the next; a stake asked above it is cut to it).",
    )
    entry: Amount | None = Field(
        default=None,
        description="A compulsory stake each player puts into the bank before the deal "
        "(«обязательный взнос в банк»): the banker's from then on, won or lost with the "
        "bank; null for none.",
    )
    passes_when_broken: StrictBool = Field(
        default=False,
        description="A broken bank (nothing left in it) passes to the next player in the "
        "order of play.",
    )
    passes_after_deals: StrictInt | None = Field(
        default=None, ge=1, le=1000,
        description="The bank passes to the next player in the order of play after this "
        "many deals; null for no such limit.",
    )


# -- cross-field checks (run by `model.Ruleset`, one by one by `partial`) ---------------
def check_bank(r: Ruleset) -> str | None:
    """A bank that is an amount, and passing it on, belong to a player who banks."""
    bank = r.table.bank
    rotating = r.table.banker.value == "rotating"
    if not rotating and (bank.amount is not None or bank.passes_when_broken
                         or bank.passes_after_deals is not None):
        return ("table.bank: a house dealer's bank is not an amount and never passes on "
                "(table.banker is house-dealer)")
    if bank.amount is None and (bank.va_bank or bank.passes_when_broken):
        what = "va_bank" if bank.va_bank else "passes_when_broken"
        return (f"table.bank.{what}: the bank is not an amount (table.bank.amount is null), "
                "so this can never take effect")
    if bank.amount is None and (bank.cap is BankCap.AS_IT_STANDS or bank.entry is not None):
        what = "cap" if bank.cap is BankCap.AS_IT_STANDS else "entry"
        return (f"table.bank.{what}: the bank is not an amount (table.bank.amount is null), "
                "so this can never take effect")
    low = r.stakes.limits()[0]
    if bank.amount is not None and bank.amount < low:
        return (f"table.bank.amount ({bank.amount}) is below stakes.min_stake "
                f"({low}): no stake could be made against it")
    return None


def check_must_stand(r: Ruleset) -> str | None:
    """A banker who must stand at a total is a banker who draws by choice."""
    if r.banker.must_stand_at is not None and r.banker.mode.value != "by-choice":
        return ("banker.must_stand_at: the banker draws by a fixed rule (banker.mode), "
                "which already says when it stands")
    return None


def check_calls_off(r: Ruleset) -> str | None:
    """A deal called off by the banker (`banker.calls_off_at`): a banker by choice, and
    nothing staked before the deal that calling it off would have to undo."""
    b = r.banker
    if b.calls_off_at is None:
        return None
    if not b.calls_off_at or len(set(b.calls_off_at)) != len(b.calls_off_at):
        return "banker.calls_off_at: expected one total or more, each once (null for never)"
    if b.mode.value != "by-choice":
        return ("banker.calls_off_at: only a banker who draws by choice (banker.mode) calls "
                "a deal off")
    before = [path for path, on in (("shoot.enabled", r.shoot.enabled),
                                    ("side_bets", r.side_bets.pair.allowed
                                     or r.side_bets.match_dealer.allowed),
                                    ("table.bank.entry", r.table.bank.entry is not None)) if on]
    if before:
        return (f"banker.calls_off_at: a deal called off returns the stakes only, not what "
                f"{', '.join(before)} puts down before or on the deal")
    return None


CHECKS = (check_bank, check_must_stand, check_calls_off)
"""The cross-field checks of this module's rules, each `(ruleset) -> message or None`."""
