"""The named hands in words and in cards, from their definitions and the outcome table.

One sentence per named hand in the ranking: what its cards are, who may hold it,
what it pays and collects, and the special rules it carries (wins whatever the
banker holds, may draw on, ...). What a hand pays is read from the same outcome
table the engine settles by (`ruleset.resolving.outcomes`), and each example hand is a set of
cards from the game's own pack that the engine classifies as that hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pontoon_rules.docs.words import marks
from pontoon_rules.docs.words.amounts import amount_of
from pontoon_rules.docs.words.between_words import between_messages, between_players_words
from pontoon_rules.docs.words.family_words import condition_words, prize_words
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.letters import rank_letter
from pontoon_rules.docs.words.marks import listed, stopped
from pontoon_rules.docs.words.pack_words import suit_words
from pontoon_rules.docs.words.ranking_sides import banker_beats_total, beats_equal_total
from pontoon_rules.docs.words.reach import bonus, doubled_can_hold, split_can_make
from pontoon_rules.ruleset.format.common import (
    NaturalTakes,
    OutcomeResult,
    Suit,
    SuitRule,
)
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import points_text
from pontoon_rules.ruleset.resolving.outcomes import (
    TOTAL,
    collect,
    outcome_table,
    payout,
)

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


USUAL_NAMES: dict[str, str] = {
    "pontoon": _("pontoon"),
    "five-card-trick": _("five-card trick"),
    "three-of-a-kind": _("three of a kind"),
    "twenty-one": _("twenty-one"),
    "total": _("other total"),
    "bust": _("bust"),
}
"""The names of the well-known hand ids (a definition's own `name` comes first)."""

_SUITS = {SuitRule.MIXED: _("of mixed suits"), SuitRule.SUITED: _("all of one suit"),
          SuitRule.SPADES: _("all spades"), SuitRule.HEARTS: _("all hearts"),
          SuitRule.DIAMONDS: _("all diamonds"), SuitRule.CLUBS: _("all clubs")}
_SUIT_CODES = {SuitRule.SPADES: "S", SuitRule.HEARTS: "H", SuitRule.DIAMONDS: "D",
               SuitRule.CLUBS: "C"}
ALL_OF_SUIT = _("all %(suits)s")
"""A hand of one suit the pack names its own way (`pack.suit_names`)."""
_TAKES: dict[object, str] = {
          NaturalTakes.ORIGINAL_BETS: _("as the banker's hand it takes only the original "
                                        "stakes, the rest of what was doubled or bought "
                                        "comes back"),
          "original-bets-doubled": _("as the banker's hand it takes only the original "
                                     "stakes, the rest of what was doubled comes back"),
          "original-bets-bought": _("as the banker's hand it takes only the original stakes, "
                                    "the rest of what was bought comes back"),
          NaturalTakes.BUSTED_PLUS_ONE: _("as the banker's hand it takes the bust hands and "
                                          "one original stake from each player, no more")}
_TAKES_ALL: dict[str, str] = {
    "all": _("as the banker's hand it takes the whole stake of each hand it beats, what was "
             "doubled or bought too"),
    "all-doubled": _("as the banker's hand it takes the whole stake of each hand it beats, "
                     "what was doubled too"),
    "all-bought": _("as the banker's hand it takes the whole stake of each hand it beats, "
                    "what was bought too")}
"""A banker's natural that takes everything (the default), said where a reader asks it: the
natural is known only after the players have added to their stakes (Belarus: the page says
only that "the original stake loses")."""
_TAKES_SPLIT = _("From a split pair it takes one stake for each hand that loses to it: the "
                 "stake a split adds counts as the new hand's original stake.")
_SMALLER_STAKE = _("On a smaller stake the same cards count as the next hand below that "
                   "they fit.")
"""A hand held from a least stake on (the Super Bonus): on a smaller stake the engine classes
the same cards as the next ranked hand they fit (suited 7-7-7), not a plain total."""
_TAKES_RESCUED = _("A hand already bust or rescued stays as it was settled.")
"""What a banker's natural taking only the original bets does where a player may split or
rescue (`engine.round.settle.takes_from_seat`: each hand's own first stake; a hand settled
before it keeps its net)."""
NATURAL_ON_SPLIT = "a natural, on a split hand too"
"""A natural a hand made by a split may be (`on_split_hand`, where splitting is allowed):
a reader asks whether a split ace and ten-card is one (casino Очко's page: «Если Вам в
«разбитую» сдачу пришёл туз и десятка или картинка, то считается, что у Вас очко»), and
"a natural" alone reads as the dealt cards only."""
NATURAL_TAKEN = "a natural: the card dealt and the first card taken"
"""A natural of two cards where one is dealt (Siebzehn und Vier, Sette e mezzo): its second
card is always one the player took ('bekommt A♦, kauft 10♦: geborene Einundzwanzig'), which
"a natural" alone, read as the dealt cards only, seems to forbid."""
PRIZE_ON_SPLIT = "also on a split hand (its own stake counts)"
"""A fixed prize (the Super Bonus) a split hand may win, as the engine pays it: a reader
asks; its stake band reads the split hand's own stake."""
BONUS_ON_SPLIT = "also on a split hand"
"""A bonus a split hand may make (`reach.bonus`: the engine pays Sydney's 6-7-8 so)."""
_PLURALS = (("exactly %(count)s card", "exactly %(count)s cards"),
            ("%(count)s or more cards", "%(count)s or more cards"),
            ("at most %(count)s card", "at most %(count)s cards"))
EQUAL_TOTAL = {False: _("In a player's hand it also beats the banker's ordinary %(total)s."),
               True: _("Whoever holds it, it also beats an ordinary %(total)s in the other's "
                       "hand.")}
"""A natural above an ordinary hand of its total: a player's only, or either side's."""
ONE_SIDE_HANDS = (_("Only a player's counts."), _("Only the banker's counts."),
                  _("The banker's counts too."))
"""A named hand's words for which side may hold it (`player_can_hold`, `banker_can_hold`)."""
PHRASES = (
    *ONE_SIDE_HANDS,
    _("%(name)s: %(cards)s"), _("%(low)s to %(high)s cards"), _("making %(total)s"),
    _("totalling %(total)s or less"), _("totalling %(low)s to %(high)s"),
    _("totalling %(total)s or more"), _("of any total"), _("all of one rank"),
    _("the ranks %(ranks)s"), _("two aces"), _("as dealt"), _("not on a split hand"),
    _("not after doubling"), _(PRIZE_ON_SPLIT), _(BONUS_ON_SPLIT), _("a natural"),
    _(NATURAL_ON_SPLIT), _(NATURAL_TAKEN), _("Pays %(odds)s."),
    _("As the banker's hand it collects %(odds)s."),
    _("It draws no more cards."), _("It may still draw, and is then no longer this hand."),
    _("It may stick even below %(n)s."), _("%(name)s (defined but not ranked: not played)"),
    *EQUAL_TOTAL.values(),
    _("The banker's beats any ordinary total of a player, even a higher one."),
    _("Whoever holds it, it beats any ordinary total, even a higher one."),
    *_SUITS.values(), *_TAKES.values(), *_TAKES_ALL.values(), _TAKES_SPLIT, _TAKES_RESCUED,
    _SMALLER_STAKE,
)


def hand_name(ruleset: Ruleset, hand_id: str, gettext: Gettext, lang: str = "en") -> str:
    """The name of hand `hand_id`: the definition's own (in `lang`), else the usual one,
    else the id in words ('seven-seven-seven' -> 'seven seven seven')."""
    found = ruleset.hands.definitions.get(hand_id)
    lang = lang.partition("@")[0]
    if found is not None and found.names.get(lang):
        return found.names[lang]
    if found is not None and found.name and lang == "en":
        return found.name
    if hand_id in USUAL_NAMES:
        return gettext(USUAL_NAMES[hand_id])
    if found is not None and found.name:
        return found.name
    return hand_id.replace("-", " ")


def _most_cards(d: HandDefinition, r: Ruleset) -> int | None:
    """The most cards a holder of `d` may hold (None: no limit)."""
    limits = [m for can, m in ((d.player_can_hold, r.player.max_cards),
                               (d.banker_can_hold, r.banker.max_cards)) if can]
    return None if not limits or None in limits else max(m for m in limits if m is not None)


def _fewest_cards(d: HandDefinition, r: Ruleset, low: int) -> int:
    """The fewest cards that can make `d`: `low`, or more where a hard hand's total needs
    them (every ace at its low value: a hard 21 of a pack whose best card counts 10 takes 3)."""
    if d.soft is not False or d.min_total is None or r.pack.wild_cards:
        return low
    best = max(r.pack.value_of(rank) for rank in r.pack.ranks)
    return max(low, int(-(-d.min_total // best))) if best > 0 else low


def _cards_words(d: HandDefinition, r: Ruleset, ngettext: Ngettext, gettext: Gettext) -> str:
    low, high = d.cards_range
    low = _fewest_cards(d, r, low)
    if high is None and _most_cards(d, r) == low:  # "5 or more" where a hand holds at most 5
        high = low
    if d.ranks is not None and [k.value for k in d.ranks] == ["A", "A"]:
        return gettext("two aces")  # r49zg: "the ranks A A" read as a code
    if d.ranks is not None:
        return gettext("the ranks %(ranks)s") % {
            "ranks": " ".join(rank_letter(r.value, gettext) for r in d.ranks)}
    if high is None:
        return ngettext(*_PLURALS[1], low) % {"count": low}
    if low == high:
        return ngettext(*_PLURALS[0], low) % {"count": low}
    if low <= 1:
        return ngettext(*_PLURALS[2], high) % {"count": high}
    return gettext("%(low)s to %(high)s cards") % {"low": low, "high": high}


def _total_words(d: HandDefinition, gettext: Gettext) -> str | None:
    low, high = (None if t is None else points_text(t) for t in (d.min_total, d.max_total))
    if high is None:
        return gettext("of any total") if low is None else gettext(
            "totalling %(total)s or more") % {"total": low}
    if low == high:
        return gettext("making %(total)s") % {"total": high}
    if low is None:
        return gettext("totalling %(total)s or less") % {"total": high}
    return gettext("totalling %(low)s to %(high)s") % {"low": low, "high": high}


def _suit_condition(rule: SuitRule, r: Ruleset, gettext: Gettext, lang: str) -> str:
    """'all of one suit', 'all spades'; a suit the pack names its own way by its own name
    ('all swords')."""
    code = _SUIT_CODES.get(rule)
    if code is None or Suit(code) not in r.pack.suit_names:
        return gettext(_SUITS[rule])
    return gettext(ALL_OF_SUIT) % {"suits": suit_words(r, gettext, lang)[code]}


def _conditions(d: HandDefinition, r: Ruleset, gettext: Gettext, lang: str = "en"
                ) -> list[str]:
    out = []
    if d.same_rank:
        out.append(gettext("all of one rank"))
    if d.suits in _SUITS:
        out.append(_suit_condition(d.suits, r, gettext, lang))
    if d.dealt_only:
        out.append(gettext("as dealt"))
    if not d.on_split_hand and r.player.split.allowed:
        out.append(gettext("not on a split hand"))
    if not d.after_double and doubled_can_hold(r, d):
        out.append(gettext("not after doubling"))
    if d.natural:
        on_split = (d.on_split_hand and r.player.split.allowed
                    and d.cards_range[0] <= r.deal.player_cards)
        taken = r.deal.player_cards == 1 and d.cards_range == (2, 2)
        out.append(gettext(NATURAL_ON_SPLIT if on_split else NATURAL_TAKEN if taken
                           else "a natural"))
    said = PRIZE_ON_SPLIT if d.prize is not None else BONUS_ON_SPLIT if bonus(r, d) else None
    split = [gettext(said)] if said and split_can_make(r, d) else []
    first = r.deal.banker_cards_visible >= r.deal.banker_cards  # no card of the banker's down
    return out + condition_words(d, gettext, amount_of(r, lang), first) + split


def _takes_key(r: Ruleset, d: HandDefinition) -> object:
    """What a banker's natural takes, worded for what the game lets a player add to a stake
    (no "bought" where there is no buying)."""
    if d.takes is not NaturalTakes.ORIGINAL_BETS:
        return d.takes
    buys, doubles = r.stakes.buy.value != "none", r.player.double.allowed
    if buys and not doubles:
        return "original-bets-bought"
    if doubles and not buys:
        return "original-bets-doubled"
    return d.takes


def _takes_all(r: Ruleset, d: HandDefinition, gettext: Gettext) -> str:
    """That a banker's natural takes every stake of a hand it beats, bought and doubled parts
    too, where that is a question: the natural is known only after the players have played,
    and they may add to their stakes ("" elsewhere)."""
    buys, doubles = r.stakes.buy.value != "none", r.player.double.allowed
    if not (d.banker_can_hold and d.natural and d.takes is NaturalTakes.EVERYTHING
            and not r.deal.banker_pontoon_at_once and (buys or doubles)):
        return ""
    return gettext(_TAKES_ALL["all" if buys and doubles else
                              "all-bought" if buys else "all-doubled"])


def _takes_after(r: Ruleset, d: HandDefinition, gettext: Gettext) -> list[str]:
    """What a banker's natural taking the original bets takes from a split pair, and that
    a hand bust or rescued before it is not settled again (where a player may do so)."""
    if d.takes is not NaturalTakes.ORIGINAL_BETS:
        return []
    return [gettext(_TAKES_SPLIT) if r.player.split.allowed else "",
            gettext(_TAKES_RESCUED) if r.player.double.rescue.allowed else ""]


def describe_hand(ruleset: Ruleset, hand_id: str, gettext: Gettext, ngettext: Ngettext,
                  lang: str = "en") -> str:
    """What the cards of hand `hand_id` are: 'Pontoon: 2 cards making 21, a natural'."""
    d = ruleset.hands.definitions[hand_id]
    cards = _cards_words(d, ruleset, ngettext, gettext)
    total = _total_words(d, gettext)
    # named ranks fix the total: 'of any total' (or 'up to the bust limit') says nothing
    if total and not (d.ranks is not None and d.min_total is None
                      and d.max_total in (None, ruleset.pack.bust_above)):
        cards = f"{cards} {total}"
    parts = [cards, *_conditions(d, ruleset, gettext, lang)]
    name = hand_name(ruleset, hand_id, gettext, lang)
    return gettext("%(name)s: %(cards)s") % {"name": name[:1].upper() + name[1:],
                                             "cards": listed(parts, gettext)}


def hand_sentence(ruleset: Ruleset, hand_id: str, gettext: Gettext, ngettext: Ngettext,
                  lang: str = "en", odds: bool = True) -> str:
    """Hand `hand_id` in full: its cards, holders, what it pays and collects (left out
    when not `odds`: a sheet's payout table shows them), what it takes, and the rules it
    carries. Who it beats is said from the outcome table (`docs.words.settlement`)."""
    d = ruleset.hands.definitions[hand_id]
    out = [stopped(describe_hand(ruleset, hand_id, gettext, ngettext, lang), gettext)]
    if odds:  # else the payout table says it: a "—" where a side never holds the hand
        out.append(_holders(d, gettext))
    out.append(_banker_draws_it(ruleset, hand_id, gettext, lang))
    if _beats_every_total(ruleset, hand_id) and _beats_every_total(ruleset, hand_id, PLAYER):
        out.append(gettext("Whoever holds it, it beats any ordinary total, even a higher one."))
    elif _beats_every_total(ruleset, hand_id):
        out.append(gettext("The banker's beats any ordinary total of a player, even a "
                           "higher one."))
    if d.player_can_hold and odds:
        out.append(prize_words(d, gettext, amount_of(ruleset, lang))
                   or gettext("Pays %(odds)s.") % {
                       "odds": marks.odds(payout(ruleset, hand_id), gettext)})
    if d.player_can_hold and d.min_stake is not None and \
            ruleset.stakes.limits()[0] < d.min_stake:  # the engine: the next name they fit
        out.append(gettext(_SMALLER_STAKE))
    if d.banker_can_hold and odds:
        out.append(gettext("As the banker's hand it collects %(odds)s.") % {
            "odds": marks.odds(collect(ruleset, hand_id), gettext)})
    taken = (gettext(_TAKES[_takes_key(ruleset, d)]) if d.banker_can_hold and d.takes in _TAKES
             else _takes_all(ruleset, d, gettext))
    if taken:
        out.append(stopped(taken[:1].upper() + taken[1:], gettext))
        out += _takes_after(ruleset, d, gettext)
    if beats_equal_total(ruleset, hand_id):  # both sides where the banker's beats it too (r49zg)
        out.append(gettext(EQUAL_TOTAL[banker_beats_total(ruleset, hand_id)])
                   % {"total": points_text(d.max_total or 0)})
    out += _drawing(ruleset, d, gettext)
    out += between_players_words(ruleset, d, gettext, lang,
                                 lambda h: hand_name(ruleset, h, gettext, lang))
    return " ".join(p for p in out if p)


_ONE_CARD_TOTAL = _("The banker, holding one card, has %(name)s if the first card drawn makes "
                    "%(total)s with it.")
_ONE_CARD_RANKS = _("The banker, holding one card, has %(name)s if that card and the first card "
                    "drawn are %(ranks)s.")
_FEWER_CARDS = _("The banker, dealt fewer cards than %(name)s needs, can make it only with "
                 "the cards they draw.")


def _banker_draws_it(ruleset: Ruleset, hand_id: str, gettext: Gettext, lang: str) -> str:
    """How a banker dealt fewer cards than hand `hand_id` holds makes it (a banker of one
    card has a pontoon when the first card drawn makes 21 with it); "" where the banker
    cannot, or is dealt enough."""
    d = ruleset.hands.definitions[hand_id]
    dealt, (low, high) = ruleset.deal.banker_cards, d.cards_range
    if not (d.banker_can_hold and not d.dealt_only
            and dealt < low <= ruleset.deal.player_cards):
        return ""
    name = hand_name(ruleset, hand_id, gettext, lang)
    if dealt == 1 and low == high == 2:
        if d.min_total is not None and d.min_total == d.max_total:
            return gettext(_ONE_CARD_TOTAL) % {"name": name,
                                                "total": points_text(d.max_total)}
        if d.ranks is not None:
            return gettext(_ONE_CARD_RANKS) % {
                "name": name, "ranks": " ".join(rank_letter(r.value, gettext) for r in d.ranks)}
    return gettext(_FEWER_CARDS) % {"name": name}


PLAYER = "player"


def _beats_every_total(ruleset: Ruleset, hand_id: str, side: str = "banker") -> bool:
    """Whether the banker's `hand_id` (or, with `side` PLAYER, a player's), whose total may
    be low (no fixed total), beats every ordinary total of the other side: a reader of the
    ranking asks it of a five-card hand."""
    d = ruleset.hands.definitions[hand_id]
    if side == PLAYER:
        cell = outcome_table(ruleset).get((hand_id, TOTAL))
        return (d.player_can_hold and d.min_total is None and d.ranks is None
                and cell is not None and cell.result is OutcomeResult.WIN)
    cell = outcome_table(ruleset).get((TOTAL, hand_id))
    return (d.banker_can_hold and d.min_total is None and d.ranks is None
            and cell is not None and cell.result is OutcomeResult.LOSE)


def _holders(d: HandDefinition, gettext: Gettext) -> str:
    if d.player_can_hold and d.banker_can_hold:
        return gettext("The banker's counts too.")
    return gettext("Only a player's counts.") if d.player_can_hold else gettext(
        "Only the banker's counts.")


def _drawing(ruleset: Ruleset, d: HandDefinition, gettext: Gettext) -> list[str]:
    out = []
    if d.player_can_hold and d.may_draw_on is False:
        out.append(gettext("It draws no more cards."))
    elif d.player_can_hold and d.may_draw_on:
        out.append(gettext("It may still draw, and is then no longer this hand."))
    if d.player_can_hold and _sticks_below_minimum(ruleset, d):
        out.append(gettext("It may stick even below %(n)s.")
                   % {"n": points_text(ruleset.player.stick_minimum or 0)})
    return out


def _sticks_below_minimum(ruleset: Ruleset, d: HandDefinition) -> bool:
    """Whether `stick_any_total` tells a player anything: a stick minimum it lifts, on a
    hand that could still draw (not one that already holds the most cards a hand may)."""
    least, most = ruleset.player.stick_minimum, ruleset.player.max_cards
    return (d.stick_any_total and least is not None and d.may_draw_on is not False
            and (most is None or d.cards_range[0] < most)
            and (d.min_total is None or d.min_total < least))


def plural_messages() -> list[tuple[str, str]]:
    """The plural messages defined here (for the catalog)."""
    return list(_PLURALS)


AS_HAND = "%(odds)s, as %(hand)s"
"""A payout cell of a named hand one side may not hold, where the same cards make another
named hand on that side (`docs.sheet.sheet_view.payout_rows`)."""
AS_TOTAL = "%(odds)s (as a total)"
"""A payout cell of a named hand one side may not hold, where the same cards are a plain
total on that side (the banker's 21 in Очко: `docs.sheet.sheet_view.payout_rows`)."""
ORIGINAL_ONLY = "%(odds)s (original stake only)"
"""The banker's takes cell of a natural that takes only the original stakes."""


NAMES_OR = _("%(name)s or %(other)s")
"""Two names one hand may have (a banker's natural dealt as either) in one slot of a
sentence: a language that quotes a hand's name quotes each name («бан-бан» или «бан-лак»,
not «бан-бан или бан-лак», read as one hand's name): its translation quotes each, and a
slot's own quotes then go (`marks.quoted_once`: a value quoted already)."""


def names_or(names: Iterable[str], gettext: Callable[[str], str]) -> str:
    """`names` as alternatives in one quoted slot of a sentence (`NAMES_OR`)."""
    out = ""
    for name in names:
        out = gettext(NAMES_OR) % {"name": out, "other": name} if out else name
    return out


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [*USUAL_NAMES.values(), *PHRASES, *between_messages(), _ONE_CARD_TOTAL,
            _ONE_CARD_RANKS, _FEWER_CARDS, ALL_OF_SUIT, AS_HAND, AS_TOTAL, ORIGINAL_ONLY,
            NAMES_OR]
