"""Money between players in words: a named hand every other player pays (Vingt-un's
natural), and when they pay it, as the engine settles it (`engine.round.between_players`);
a named hand that makes the banker pay every other player (Spanish 21's Envy Bonus); and the
naturals a banker can be dealt, which the first of these and the sheet's peek read."""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.docs.words import marks
from pontoon_rules.docs.words.amounts import amount_of
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset

Gettext = Callable[[str], str]

_PAID_BY_PLAYERS = _("When a player holds it, the banker pays it %(pays)s on settling that "
                     "hand, as any win, and each other player pays that player too, %(odds)s "
                     "on their own stake, unless they hold the same hand.")
"""r50a: "(who pays it only as the banker)", r51a: "only in the ordinary settlement" read
as obscure: the banker's odds (`pays`) and when, said plainly."""
_PAID_WHEN = _("They pay it when the deal is settled, whatever the banker holds; a player who "
               "has bust pays it too.")
_PAID_WHEN_ENDED = _("They pay it when the deal is settled, whatever the banker holds, even "
                     "when the banker's %(natural)s, shown at once, ends the deal; a player "
                     "who has bust pays it too.")
_PRIZE_TO_OTHERS = _("When a player holds it, the banker also pays %(amount)s to every other "
                     "player with a stake.")
_PRIZE_ONCE = _("Each is paid it once for each player holding it, bust hands too: twice "
                "when two hold it in one deal, each of those two once.")
"""As the engine pays it: once for each seat holding it, to every other seat with a stake
(`engine.round.between_players.between_nets`; r49zz: "two Super Bonuses in one deal?")."""
_PRIZE_ONCE_SPLIT = _("Each is paid it once for each player holding it, bust hands too, once "
                      "only for one holding it on several split hands: twice when two hold it "
                      "in one deal, each of those two once.")
"""`_PRIZE_ONCE` where the hand may be held on a split hand (`on_split_hand`, splitting
allowed): Spanish 21's Super Bonus, "not on a split hand", was said once for several
split hands (r49zz)."""


def between_messages() -> list[str]:
    """The translatable strings defined here (for the catalog, through `hands`)."""
    return [_PAID_BY_PLAYERS, _PAID_WHEN, _PAID_WHEN_ENDED, _PRIZE_TO_OTHERS, _PRIZE_ONCE,
            _PRIZE_ONCE_SPLIT]


def banker_naturals_dealt(r: Ruleset) -> list[str]:
    """The naturals the banker can hold with the cards dealt to the banker."""
    n = r.deal.banker_cards
    return [hand_id for hand_id, d in r.hands.ranked()
            if d.natural and d.banker_can_hold and d.cards_range[0] <= n
            and (d.cards_range[1] is None or n <= d.cards_range[1])]


def _paid_when(ruleset: Ruleset, gettext: Gettext, name: Callable[[str], str]) -> str:
    """When the other players pay a hand they all pay (`paid_by_players`), as the engine
    does (`engine.round.between_players.between_nets`): at the settlement, from every other
    seat, bust or not, whatever the banker holds, even a natural of the banker's shown at
    once that ends the deal (issue 49: a reader asked all three of Vingt-un's)."""
    naturals = banker_naturals_dealt(ruleset) if ruleset.deal.banker_pontoon_at_once else []
    if not naturals:
        return gettext(_PAID_WHEN)
    return gettext(_PAID_WHEN_ENDED) % {"natural": gettext(" or ").join(map(name, naturals))}


def between_players_words(ruleset: Ruleset, d: HandDefinition, gettext: Gettext, lang: str,
                          name: Callable[[str], str]) -> list[str]:
    """Money between players: the sentences for a hand `d` every other player pays (and when
    they pay it), and for one that makes the banker pay every other player; `name` gives a
    hand's name by id in the sheet's language."""
    if not d.player_can_hold:
        return []
    out = ([gettext(_PAID_BY_PLAYERS) % {"odds": marks.odds(d.paid_by_players, gettext),
                                          "pays": marks.odds(d.pays, gettext)},
            _paid_when(ruleset, gettext, name)] if d.paid_by_players else [])
    if d.prize_to_others is not None:
        out.append(gettext(_PRIZE_TO_OTHERS) % {"amount": amount_of(ruleset, lang)(
            d.prize_to_others)})
        # with each hand that pays it, not the first alone (r49zq: "and the lower tier?")
        split = d.on_split_hand and ruleset.player.split.allowed
        out.append(gettext(_PRIZE_ONCE_SPLIT if split else _PRIZE_ONCE))
    return out

