"""A worked round's money in words where it is more than a hand's win or loss: the hand
another player pays (`paid_by_players`), who pays whom and how much, and what a banker's
hand that takes only part of a losing hand's stakes returns, as the engine settled it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.marks import capital
from pontoon_rules.docs.words.values import Gettext, actor_text
from pontoon_rules.ruleset.format.common import NaturalTakes
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST

PAID_IN_ROUND = _("%(hand)s: %(payer)s pays %(payee)s %(amount)s.")
"""A worked round's line for a hand another player pays (`paid_in_round`)."""
RETURNED = _("the other %(amount)s staked is returned")
"""After a losing hand's money where the banker's hand takes only part of its stakes
(`returned_rest`)."""
PAID_MESSAGES = (PAID_IN_ROUND, RETURNED)
"""The messages here, listed for the catalog by `narrate.python_messages`."""


class _Telling(Protocol):
    """A narrator's amounts and hand names (`narrate.Narrator`)."""

    amount: Callable[[int], str]

    def name(self, hand_class: str) -> str: ...


def paid_in_round(ruleset: Ruleset, result: dict[str, Any], index: int, gettext: Gettext,
                  n: _Telling) -> list[str]:
    """A worked round's line where seat `index` of `result` (the contract's JSON) holds a
    hand another player pays (`paid_by_players`) and one other seat pays it all (a round
    of two players): the hand, who pays whom and how much, as the engine settled it
    (`between_players`); else nothing (the seat's "in all" says its sum)."""
    seats = result["seats"]
    got = seats[index].get("between_players", 0)
    payers = [s for s in seats if s.get("between_players", 0) < 0]
    held = [h["class"] for h in seats[index]["hands"]
            if (d := ruleset.hands.definitions.get(h["class"])) and d.paid_by_players]
    if got <= 0 or len(payers) != 1 or payers[0]["between_players"] != -got or not held:
        return []
    line = gettext(PAID_IN_ROUND) % {"hand": n.name(held[0]), "amount": n.amount(got),
                                      "payer": actor_text(payers[0]["seat"], gettext),
                                      "payee": actor_text(seats[index]["seat"], gettext)}
    return [capital(line)]


def returned_rest(ruleset: Ruleset, hand: dict[str, Any], banker: dict[str, Any],
                  n: _Telling, gettext: Gettext) -> str:
    """`RETURNED` where a replayed hand (the contract's JSON) that did not bust loses less
    than it staked to a banker's hand that takes only part (`takes`: Australian Pontoon's
    dealer's pontoon, the buy bets back), with the amount returned; else ''."""
    d = ruleset.hands.definitions.get(banker["class"])
    lost, staked = -hand["net"], hand["staked"]
    if d is None or d.takes is NaturalTakes.EVERYTHING or hand["class"] == BUST \
            or not 0 < lost < staked:
        return ""
    return gettext(RETURNED) % {"amount": n.amount(staked - lost)}
