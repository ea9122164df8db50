"""The exceptions of the payouts' blanket sentence about a losing hand ("a losing one pays the
odds of the banker's hand", "every losing hand pays the banker 1:1"): a bust that pays
only its stake against a banker's hand that collects more, a bust kept hidden that pays
its own odds (issue 49: a blanket sentence says its exceptions). Each as the engine
settles it: a bust's cell of the outcome table (`engine.round.settle.settle_hand`), a
hidden bust by `engine.round.hidden_bust.net`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from pontoon_rules.docs.words.marks import odds
from pontoon_rules.docs.words.settlement_messages import (
    BUST_STAKE_ONLY,
    HIDDEN_CAUSE,
    HIDDEN_EXCEPTION,
)
from pontoon_rules.ruleset.format.common import odds_fraction
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST, LOSE, OutcomeCell, collect

Gettext = Callable[[str], str]


def bust_pays_less(r: Ruleset, table: Mapping[tuple[str, str], OutcomeCell]) -> bool:
    """Whether a bust loses less than the banker's hand it faces collects from any other
    losing hand (a bust pays only its stake against a banker's five-card trick at 2:1)."""
    return any(cell.result is LOSE and cell.collects < collect(r, banker)
               for (player, banker), cell in table.items()
               if player == BUST and banker != BUST)


def losing_exceptions(r: Ruleset, table: Mapping[tuple[str, str], OutcomeCell],
                      collects: set[Fraction], gettext: Gettext) -> str:
    """The sentences (each after a space) that follow the payouts' words about a losing
    hand, `collects` the rates the banker's hands collect; empty where none applies."""
    out = ""
    if len(collects) > 1 and bust_pays_less(r, table):
        out += " " + gettext(BUST_STAKE_ONLY)
    hidden = r.settlement.hidden_bust_pays
    if hidden is not None and {odds_fraction(hidden)} != collects:
        out += " " + gettext(HIDDEN_EXCEPTION) % {"odds": odds(hidden, gettext)}
    return out


def bust_loses_to_bust(r: Ruleset) -> bool:
    """Whether a player's bust, kept face down until it is opened (`faces.bust_shown` off:
    it lies there through the banker's play), still loses its stake to the banker's bust
    (the outcome table's cell, as the engine settles it): the payout table's key then says
    so beside its "a bust never wins" (r49zx: the bust row's "—" read as a bust that loses
    nothing to a banker's bust)."""
    from pontoon_rules.ruleset.resolving.outcomes import outcome_table

    return not r.faces.bust_shown and outcome_table(r)[(BUST, BUST)].result is LOSE


def bust_rule(r: Ruleset, found: Sequence[Any]) -> Any:
    """The sheet's sentence on a player's bust (`found`: the sheet's sentences, its marks
    `reading`/`silent` then printed beside the payout key's "it loses even to the banker's
    bust" too: r51b read the key's flat words against the sentence's "agree which"), where
    `bust_loses_to_bust`; else None."""
    if not bust_loses_to_bust(r):
        return None
    return next((s for s in found if s.key == "player_bust"), {"reading": False, "silent": False})


def hidden_cause(r: Ruleset, hand: dict[str, Any], gettext: Gettext) -> str:
    """A worked round's cause for a bust its player hid (a replayed hand, the contract's
    JSON): found at the settlement, it pays more than its stake, the odds of
    `settlement.hidden_bust_pays` (`engine.round.hidden_bust.net`); else ''."""
    hidden = r.settlement.hidden_bust_pays
    if hidden is None or hand["class"] != BUST or -hand["net"] <= hand["staked"]:
        return ""
    return gettext(HIDDEN_CAUSE) % {"odds": odds(hidden, gettext)}
