"""The family's second round in words (issue 48): an ace counted by the hand's cards, and
a named hand's conditions on softness, the banker's up card and the stake, and its fixed
prize. `pack_words` and `hands` call these; each returns nothing where the rule is off, so
that no other sheet's text changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pontoon_rules.docs.words.amounts import Amount
from pontoon_rules.docs.words.claims import Claim
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.letters import rank_letter
from pontoon_rules.docs.words.marks import OR, either, in_parts
from pontoon_rules.docs.words.reading import plain
from pontoon_rules.engine.round.example_hands import natural_up_ranks
from pontoon_rules.ruleset.format.common import CompareRule
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import LOSE, PUSH, TOTAL, WIN, OutcomeTable

Gettext = Callable[[str], str]


PHRASES = (
    _("An ace counts by the number of cards in the hand: %(items)s; each ace counts "
      "whichever of these gives the best total not over 21."),
    _("An ace counts %(values)s, whatever the number of cards in the hand; each ace counts "
      "whichever of these gives the best total not over 21."),
    _("%(values)s in a hand of %(count)s cards"),
    _("%(values)s in a hand of %(low)s to %(high)s cards"),
    _("%(values)s in a hand of %(count)s cards or more"),
    OR,
    _("a hard hand only (no ace counted high)"),
    _("a soft hand only (an ace counted high)"),
    _("against a banker's up card of %(ranks)s"),
    _("against a banker's first card of %(ranks)s"),
    _("on a stake of %(low)s to %(high)s"),
    _("on a stake of %(low)s or more"),
    _("on a stake of at most %(high)s"),
    _("Pays %(amount)s, whatever the stake."),
    _("Pays a fixed %(amount)s %(condition)s."),
)


def aces_words(ruleset: Ruleset, gettext: Gettext) -> str:
    """' An ace counts by the number of cards in the hand: ...' (with its leading space),
    ' An ace counts 1, 10 or 11; ...' where the map gives every hand of two cards or more
    the same values, or '' where an ace counts alike in every hand."""
    by_cards = ruleset.pack.ace_values_by_cards
    if not by_cards:
        return ""
    counts = _counts(by_cards)
    if aces_alike(ruleset):
        return " " + gettext("An ace counts %(values)s, whatever the number of cards in "
                             "the hand; each ace counts whichever of these gives the best "
                             "total not over 21.") % {
            "values": _either(by_cards[counts[0]], gettext)}
    items = []
    for i, count in enumerate(counts):
        values = _either(by_cards[count], gettext)
        following = counts[i + 1] if i + 1 < len(counts) else None
        if following is None:
            items.append(gettext("%(values)s in a hand of %(count)s cards or more") % {
                "values": values, "count": count})
        elif following == count + 1:
            items.append(gettext("%(values)s in a hand of %(count)s cards") % {
                "values": values, "count": count})
        else:
            items.append(gettext("%(values)s in a hand of %(low)s to %(high)s cards") % {
                "values": values, "low": count, "high": following - 1})
    return " " + gettext("An ace counts by the number of cards in the hand: %(items)s; "
                         "each ace counts whichever of these gives the best total not over 21."
                         ) % {"items": in_parts(items, gettext)}


def _counts(by_cards: dict[int, tuple[int, ...]]) -> list[int]:
    """The numbers of cards from which an ace's values change (`pack.ace_values_by_cards`:
    a number's values hold for every larger hand up to the next number)."""
    ordered = sorted(by_cards)
    return [c for i, c in enumerate(ordered) if i == 0 or by_cards[c] != by_cards[ordered[i - 1]]]


def aces_alike(ruleset: Ruleset) -> bool:
    """Whether `pack.ace_values_by_cards` gives an ace the same values in every hand a
    player plays (two cards or more): the values sentence then says "whatever the number
    of cards", and no later sentence may say an ace counts by the cards (r49zh: «tính theo
    số lá trên tay» against «dù bài có bao nhiêu lá»)."""
    by_cards = ruleset.pack.ace_values_by_cards
    counts = _counts(by_cards) if by_cards else []
    return len(counts) == 1 and counts[0] <= 2


def _either(values: tuple[int, ...], gettext: Gettext) -> str:
    """'1, 10 or 11'."""
    return either([str(v) for v in values], gettext)


def condition_words(d: HandDefinition, gettext: Gettext, amount: Amount = str,
                    first: bool = False) -> list[str]:
    """The conditions beyond the cards: hard or soft, the banker's up card, the stake (each
    amount in the ruleset's money: `docs.words.amounts`). `first`: every card the banker is
    dealt lies face up, so the card the engine reads is the banker's first (r49zl: "up card"
    where all of them are up)."""
    out = []
    if d.soft is not None:
        out.append(gettext("a soft hand only (an ace counted high)") if d.soft
                   else gettext("a hard hand only (no ace counted high)"))
    if d.banker_up_ranks is not None:
        ranks = gettext(" or ").join(rank_letter(r.value, gettext) for r in d.banker_up_ranks)
        said = ("against a banker's first card of %(ranks)s" if first
                else "against a banker's up card of %(ranks)s")
        out.append(gettext(said) % {"ranks": ranks})
    stake = stake_condition(d, gettext, amount)
    return out + [stake] if stake else out


def stake_condition(d: HandDefinition, gettext: Gettext, amount: Amount = str) -> str:
    """'on a stake of $25 or more': the stakes a named hand holds on (`min_stake`,
    `max_stake`), '' where it holds on any."""
    low, high = d.min_stake, d.max_stake
    if low is not None and high is not None:
        return gettext("on a stake of %(low)s to %(high)s") % {"low": amount(low),
                                                               "high": amount(high)}
    if low is not None:
        return gettext("on a stake of %(low)s or more") % {"low": amount(low)}
    if high is not None:
        return gettext("on a stake of at most %(high)s") % {"high": amount(high)}
    return ""


def prize_words(d: HandDefinition, gettext: Gettext, amount: Amount = str) -> str | None:
    """'Pays $1,000, whatever the stake.' for a hand with a fixed prize (`amount`: in the
    ruleset's money, `docs.words.amounts`), else None; where the hand holds only on some
    stakes, 'Pays a fixed $5,000 on a stake of $25 or more.' (the table's row must not say
    any stake where the hand's own line names a band)."""
    if d.prize is None:
        return None
    if stake := stake_condition(d, gettext, amount):
        return gettext("Pays a fixed %(amount)s %(condition)s.") % {
            "amount": amount(d.prize), "condition": stake}
    return gettext("Pays %(amount)s, whatever the stake.") % {"amount": amount(d.prize)}


def peek_words(ruleset: Ruleset, gettext: Gettext) -> str:
    """' The banker checks for one only when the face-up card is A, J, Q or K: ...' where
    the banker's natural is checked at once (the peek) and only some face-up cards can
    make one (`engine.round.example_hands.natural_up_ranks`); else ''."""
    ranks = natural_up_ranks(plain(ruleset)) if ruleset.deal.banker_pontoon_at_once else None
    held = {r.value for r in ruleset.pack.ranks}
    if not ranks or set(ranks) >= held:
        return ""
    letters = [rank_letter(r, gettext) for r in ranks]
    return " " + gettext(PEEK) % {"ranks": either(letters, gettext)}


PEEK = _("The banker checks for one only when the face-up card is %(ranks)s: no other "
         "face-up card can make one.")


SAME_TOTAL = {
    WIN: _("If a player holds %(hand)s and the banker a plain %(total)s, the player wins: the "
           "banker's %(total)s is an ordinary total."),
    LOSE: _("If a player holds %(hand)s and the banker a plain %(total)s, the banker wins."),
    PUSH: _("If a player holds %(hand)s and the banker a plain %(total)s, it is a stand-off "
            "and the stake comes back."),
}


def same_total_words(ruleset: Ruleset, table: OutcomeTable, gettext: Gettext,
                     name: Callable[[str], str]) -> tuple[str, list[Claim]]:
    """Each named hand of a fixed total that only a player can hold (home Очко's очко, 21)
    against the banker's ordinary hand of that total, said outright from the outcome table
    (' If a player holds очко and the banker a plain 21, the player wins: ...'), with its
    claims; '' where there is none."""
    groups: dict[tuple[Any, str], list[str]] = {}
    for hand_id, d in ruleset.hands.ranked():
        cell = table.get((hand_id, TOTAL))
        if (d.banker_can_hold or not d.player_can_hold or d.min_total is None
                or d.min_total != d.max_total or d.min_total > ruleset.pack.bust_above
                or cell is None or cell.result not in SAME_TOTAL):
            continue
        groups.setdefault((cell.result, str(d.min_total)), []).append(hand_id)
    texts, claims = [], []
    for (result, total), ids in groups.items():
        hands = either([name(h) for h in ids], gettext)
        texts.append(" " + gettext(SAME_TOTAL[result]) % {"hand": hands, "total": total})
        claims.append(Claim(frozenset((h, TOTAL) for h in ids), 2, result))
    return "".join(texts), claims


LOWER_ACES = _("Where the lower total wins, an ace still counts for the highest total not "
               "over 21, as in any other hand.")
"""How an ace counts in a hand compared by its lower total: as the engine counts every hand
(`engine.round.hand.points`), not for the lowest (the seventh reader: "is 2-2-3-4-A 12 or
21?")."""


def lower_aces_words(ruleset: Ruleset, gettext: Gettext) -> str:
    """' Where the lower total wins, an ace still counts ...' (with its leading space) where
    a named hand compares by its lower total (`compare: lower-total`) and an ace has several
    values (`pack.ace_values`, `pack.ace_values_by_cards`); else ''."""
    pack = ruleset.pack
    several = len(pack.ace_values) > 1 or any(len(v) > 1 for v in pack.ace_values_by_cards.values())
    lower = any(d.compare is CompareRule.LOWER_TOTAL for _id, d in ruleset.hands.ranked())
    return " " + gettext(LOWER_ACES) if several and lower else ""


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [*PHRASES, PEEK, *SAME_TOTAL.values(), LOWER_ACES]
