"""The banker's hand as it stood when each opened seat was opened (Xì dách's and Ban Luck's
`banker.opens`), read from a round's transcript: a worked example tells an opened seat's
result against that hand, not the banker's hand at the end (`docs.words.narrate`)."""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.words.rounds import compiled
from pontoon_rules.engine.round.cards import card_code, parse_card
from pontoon_rules.engine.round.hand import Hand, classify
from pontoon_rules.engine.round.results import points_of, total_json
from pontoon_rules.ruleset.format.model import Ruleset


def opened_against(ruleset: Ruleset, result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The banker's hand as it stood when each opened seat was opened (`banker.opens`),
    by seat ('p1'): that seat was settled against it then (`engine.round.opening`), so
    its cause is read against it, not against the banker's hand at the end (a banker who
    draws on and busts after opening 16 did not pay that seat for the bust)."""
    opens = [e for e in result.get("transcript", []) if e.get("event") == "decision"
             and e.get("actor") == "banker" and str(e.get("action")).startswith("open ")]
    if not opens:
        return {}
    rules, hand, out = compiled(ruleset), Hand(), {}
    for event in result["transcript"]:
        if event.get("event") == "deal" and event.get("to") == "banker":
            hand.put(parse_card(event["card"]), rules)
        elif event in opens:
            out["p" + str(event["action"]).split()[1]] = {
                "cards": [card_code(c) for c in hand.cards],
                "total": total_json(points_of(hand, rules)),
                "class": classify(hand, rules, banker=True)}
    return out
