"""What a worked example needs its sheet to state: the rules its round takes.

A reader checks an example against the rules printed beside it, so an example may take
only what the sheet says can be done. Each decision of the round needs the sentence of
its rule (a buy the buying rule, insurance the insurance rule), the banker's draws need
the banker's drawing rule, a banker who draws after every player has bust needs the
sentence on when the banker plays; each as a key of `sentences.RULES`. A sheet prints an
example only where it states every rule the example needs (`stated_rounds`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.common import BankerMode

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset

DECISION_RULES: dict[str, str] = {
    "stick": "stick", "twist": "draw", "buy": "buy", "split": "split", "double": "double",
    "insure": "insurance", "even-money": "insurance", "surrender": "surrender",
    "rescue": "rescue", "shoot": "shoot_bets", "pair": "side_bets", "match": "side_bets",
    "open": "banker_opens", "raise": "raising", "hide": "player_bust",
}
"""The sentence (`sentences.RULES` key) that states each decision a player may take
('decline' takes nothing)."""
BANKER_RULES: dict[str, str] = {"open": "banker_opens", "call-off": "banker_calls_off",
                                "decline": "banker_calls_off"}
"""The sentence that states each of the banker's own decisions but drawing and standing
('decline': playing on instead of calling the deal off)."""


def needs(result: dict[str, Any], banker_dealt: int) -> set[str]:
    """The sentences (`sentences.RULES` keys) a replayed round (`result`, the contract's
    JSON) needs stated: each player's decision's rule, the banker's drawing rule where the
    banker draws past the `banker_dealt` cards of the deal or decides, and the banker's
    play where every player's hand is bust."""
    found: set[str] = set()
    for event in result.get("transcript", []):
        if event.get("event") != "decision":
            continue
        kind = str(event.get("action", "")).split(" ")[0]
        if event.get("actor") == "banker":
            found.add(BANKER_RULES.get(kind, "banker_draws"))
        elif kind in DECISION_RULES:
            found.add(DECISION_RULES[kind])
    banker = result.get("banker", {})
    if len(banker.get("cards", [])) > banker_dealt:
        found.add("banker_draws")
        hands = [h for seat in result.get("seats", []) for h in seat.get("hands", [])]
        if hands and all(h.get("class") == "bust" for h in hands):
            found.add("banker_cards")  # when the banker plays after every bust
    return found


OTHERS_BUST = _("The other players (at least %(least)s in all) are bust too, so the banker "
                "does not play.")
"""A worked round's last line where `others_bust` (a `narrate` message)."""
SEVERAL = _("Each example has one player; with several, they play in turn, then the "
            "banker plays one hand against them all.")
"""Said under a sheet's examples where each has one player and the table seats more
(`sheet_view.examples_seats`)."""
NOTES = (OTHERS_BUST, SEVERAL)
"""The notes here that `narrate` lists for the catalog."""


def others_bust(ruleset: Ruleset, result: dict[str, Any],
                gettext: Callable[[str], str]) -> list[str]:
    """`OTHERS_BUST` where a round of fewer seats than the table's least ends with every
    hand bust and a banker bound by a rule left below where it stands (Belarus's 7 with 1
    card "for 2 to 7 players", r49ze): the players it leaves out bust too, so the banker
    does not play; else nothing."""
    hands, b = [h for seat in result["seats"] for h in seat["hands"]], ruleset.banker
    if (len(result["seats"]) < ruleset.table.min_players and hands
            and all(h["class"] == "bust" for h in hands) and not b.draws_when_no_live_hands
            and b.mode is BankerMode.FIXED_RULE and result["banker"]["total"] < b.stand_on):
        return [gettext(OTHERS_BUST) % {"least": ruleset.table.min_players}]
    return []


def banker_idle(ruleset: Ruleset, result: dict[str, Any]) -> bool:
    """Whether the engine leaves the banker out of a worked round (`flow`: no hand live and
    no `draws_when_no_live_hands`): every hand bust and lost at once, none kept hidden (a
    hidden bust stands until the settlement, so the banker plays), and the banker drew no
    card (a second card that settles an insurance). The banker's line then says so (r50a:
    "Banker: is dealt Q♠: 3 with 1 card" read as a banker stopping on 3 by choice)."""
    hands = [h for seat in result["seats"] for h in seat["hands"]]
    hidden = any(e.get("action") == "hide" for e in result.get("transcript", []))
    drew = len(result["banker"]["cards"]) > ruleset.deal.banker_cards
    return (bool(hands) and all(h["class"] == "bust" for h in hands) and not hidden
            and not drew and ruleset.settlement.player_bust_loses_at_once
            and not ruleset.banker.draws_when_no_live_hands
            and not others_bust(ruleset, result, str))  # its own line says so (Belarus)


def one_player_each(ruleset: Ruleset, rounds: list[dict[str, Any]]) -> bool:
    """Whether every round of `rounds` (each with its replayed `result`) has one player and
    none is told with the others at the table (`others_bust`): only then does a sheet say
    that each example has one player (`SEVERAL`, beside "the other players ... are bust
    too" it read as a contradiction, r49zj)."""
    return bool(rounds) and all(len(r["script"]["stakes"]) == 1
                                and not others_bust(ruleset, r["result"], str) for r in rounds)


def stated_rounds(rounds: list[dict[str, Any]], stated: set[str],
                  banker_dealt: int) -> list[dict[str, Any]]:
    """The worked examples of `rounds` (each with its replayed `result`) whose every needed
    rule is among the sentences `stated` (keys), in order."""
    return [r for r in rounds if needs(r["result"], banker_dealt) <= stated]
