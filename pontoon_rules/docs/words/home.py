"""A casino game played at home: the words of the home bank's paragraph that come from the
ruleset's fields (`templates/plain_rules/home.j2`, its chapter "The bank at home").

No casino page says how its game is played at a kitchen table, so the whole paragraph is
our reading (the rule is marked †). Two things in it are read from the rules: the unit
the bank is put up in (the ruleset's money, `stakes.money`: "$____", else chips), and the
fixed prizes the house pays (a hand's `prize`, `prize_to_others`), and the most a stake may
win (its best odds, or a fixed prize), which a stake does not tie up in the bank
(`engine.round.live_bank`: a stake ties up its own amount; a win, a fixed prize too, is
paid in full past what the bank holds, `engine.round.settle.won` and
`between_players`, and the bank is then broken).
"""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.docs.words.amounts import amount_text, blank_amount_text
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.marks import odds
from pontoon_rules.ruleset.format.agreed import BLANK
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BY_TOTAL, WIN, outcome_table

Gettext = Callable[[str], str]


CHIPS = _("%(blank)s chips")
"""A blank amount where the ruleset names no money with a sign: the table's chips."""
PRIZE = _("%(hand)s, %(amount)s")
"""A fixed prize the house pays for a hand: 'Super Bonus ($25 or more), $5,000'."""
TO_OTHERS = _("%(amount)s to every other player")
"""A fixed amount the house pays every other player when one holds a hand."""
OR_PRIZE = _("%(odds)s, or a fixed prize")
"""The most a stake may win where a hand also pays a fixed prize: '3:1, or a fixed prize'."""
A_PRIZE = _("a fixed prize")
"""The most a stake may win where only a fixed prize pays more than evens."""


def blank_bank(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """A blank amount to fill in, in the unit the ruleset's stakes are in: '$____' (the
    money's own sign in its place: `amounts.blank_amount_text`), else '____ chips'."""
    money = ruleset.stakes.money
    if money is None or money.symbol is None:
        return gettext(CHIPS) % {"blank": BLANK}
    return blank_amount_text(ruleset, lang)


def house_prizes(ruleset: Ruleset, gettext: Gettext, name: Callable[[str], str],
                 lang: str = "en") -> str:
    """The fixed prizes the house pays, listed ('Super Bonus ($25 or more), $5,000; …;
    $50 to every other player'); empty where there are none. `name` names a hand."""
    items: list[str] = []
    for hand_id, d in ruleset.hands.ranked():
        if d.prize is not None:
            items.append(gettext(PRIZE) % {"hand": name(hand_id),
                                           "amount": amount_text(ruleset, d.prize, lang)})
    for amount in sorted({d.prize_to_others for _h, d in ruleset.hands.ranked()
                          if d.prize_to_others is not None}):
        items.append(gettext(TO_OTHERS) % {"amount": amount_text(ruleset, amount, lang)})
    return gettext("; ").join(items)


def best_win(ruleset: Ruleset, gettext: Gettext) -> str:
    """The most a winning stake is paid ('3:2', `ruleset.resolving.outcomes`: the outcome
    table's best cell a player wins; '3:1, or a fixed prize' where a hand the player can
    hold pays one, `prize`), empty where no win pays more than 1:1 and no hand a prize;
    the home paragraph says a stake ties up only its own amount of the bank, not this."""
    best = max((cell.pays for cell in outcome_table(ruleset).values()
                if cell.result in (WIN, BY_TOTAL)), default=None)
    at_odds = odds(best, gettext) if best is not None and best > 1 else ""
    if not any(d.prize is not None and d.player_can_hold for _h, d in ruleset.hands.ranked()):
        return at_odds
    return gettext(OR_PRIZE) % {"odds": at_odds} if at_odds else gettext(A_PRIZE)


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [CHIPS, PRIZE, TO_OTHERS, OR_PRIZE, A_PRIZE]
