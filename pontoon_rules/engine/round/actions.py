"""Player and banker actions, and the legal actions offered at a decision."""

from __future__ import annotations

from dataclasses import dataclass

STICK = "stick"
TWIST = "twist"
BUY = "buy"
SPLIT = "split"
DOUBLE = "double"
INSURE = "insure"
EVEN_MONEY = "even-money"
DECLINE = "decline"
SHOOT = "shoot"
SURRENDER = "surrender"
RESCUE = "rescue"
PAIR = "pair"
MATCH = "match"
OPEN = "open"
"""The banker opens the hands of seat N (1 for p1) and settles them (`banker.opens`)."""
RAISE = "raise"
"""A player adds to the stake in play, without a card (`stakes.raise_up_to`)."""
BUSINESS = "business"
"""A player gives up the hand's latest N buy bets for part of them back
(`player.surrender.buy_bets`)."""
HIDE = "hide"
"""A player keeps a bust face down as a hand that stands (`settlement.hidden_bust_pays`)."""
CALL_OFF = "call-off"
"""The banker calls the whole deal off: every stake back (`banker.calls_off_at`)."""
CORE_KINDS = (STICK, TWIST, BUY, SPLIT, DOUBLE, INSURE, EVEN_MONEY, DECLINE, SHOOT)
"""The action words every ruleset's vocabulary holds (the first protocol's words)."""
PROBED_KINDS = CORE_KINDS + (SURRENDER, RESCUE, PAIR, MATCH)
"""The words the conformance probes try on every ruleset (the vocabulary when the bundled
vectors' ids were fixed); a later word is tried where a ruleset offers it."""
FAMILY_KINDS = (SURRENDER, RESCUE, PAIR, MATCH, OPEN, RAISE, HIDE, BUSINESS, CALL_OFF)
"""Words added for the casino family's decisions; a ruleset offers them only where its
rules say (`engine.round.legal.action_words`)."""
KINDS = CORE_KINDS + FAMILY_KINDS
WITH_AMOUNT = (BUY, INSURE, SHOOT, PAIR, MATCH, OPEN, RAISE, BUSINESS)
ALIASES = {"hit": TWIST, "stand": STICK, "stay": STICK}


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: its kind and, for a buy, insurance or shoot bet, the amount."""

    kind: str
    amount: int | None = None

    def __str__(self) -> str:
        return self.kind if self.amount is None else f"{self.kind} {self.amount}"


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action that may be taken now; amounts allowed from `low` to `high`."""

    kind: str
    low: int | None = None
    high: int | None = None

    def allows(self, action: Action) -> bool:
        """Whether `action` is this kind with an amount in range."""
        if action.kind != self.kind:
            return False
        if self.low is None:
            return action.amount is None
        return action.amount is not None and self.low <= action.amount <= (self.high or 0)

    def example(self) -> Action:
        """The action at the low end of the range (or the plain action)."""
        return Action(self.kind, self.low)

    def __str__(self) -> str:
        if self.low is None:
            return self.kind
        if self.low == self.high:
            return f"{self.kind} {self.low}"
        return f"{self.kind} {self.low}..{self.high}"

    def to_json(self) -> dict[str, object]:
        """The legal action as JSON: kind, and min/max for amounts."""
        if self.low is None:
            return {"action": self.kind}
        return {"action": self.kind, "min": self.low, "max": self.high}


def parse_action(text: str) -> Action:
    """Parse 'twist', 'hit', 'buy 150', 'insure 50' or 'shoot 20' into an Action.

    Raises:
        ValueError: unknown action word or a missing/bad amount.
    """
    words = text.split()
    if not words:
        raise ValueError("empty action")
    kind = ALIASES.get(words[0].lower(), words[0].lower())
    if kind not in KINDS:
        raise ValueError(f"unknown action {words[0]!r}: expected one of {', '.join(KINDS)}")
    if kind in WITH_AMOUNT:
        if len(words) != 2 or not words[1].isdigit():
            raise ValueError(f"{kind} needs a whole amount, e.g. '{kind} 100'; got {text!r}")
        return Action(kind, int(words[1]))
    if len(words) != 1:
        raise ValueError(f"{kind} takes no amount; got {text!r}")
    return Action(kind)
