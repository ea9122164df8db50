"""The pack in words, derived from `pack`: how many packs of how many cards, what was taken
out (a pack with a name of its own by that name: "the tens removed: a Spanish pack"), and
what each card counts ("jack 2, queen 3, king 4")."""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.docs.words.deal_facts import second_pack_joins
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.marks import listed
from pontoon_rules.engine.round.cards import SUIT_SYMBOLS
from pontoon_rules.ruleset.format.common import ALL_RANKS, ALL_SUITS, Rank, Suit
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.pack import USUAL_VALUES
from pontoon_rules.ruleset.format.points import points_text

Gettext = Callable[[str], str]


RANK_PLURALS: dict[Rank, str] = {
    Rank.ACE: _("aces"), Rank.TWO: _("twos"), Rank.THREE: _("threes"), Rank.FOUR: _("fours"),
    Rank.FIVE: _("fives"), Rank.SIX: _("sixes"), Rank.SEVEN: _("sevens"),
    Rank.EIGHT: _("eights"), Rank.NINE: _("nines"), Rank.TEN: _("tens"),
    Rank.JACK: _("jacks"), Rank.QUEEN: _("queens"), Rank.KING: _("kings"),
}
RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: _("ace"), Rank.TWO: _("two"), Rank.THREE: _("three"), Rank.FOUR: _("four"),
    Rank.FIVE: _("five"), Rank.SIX: _("six"), Rank.SEVEN: _("seven"), Rank.EIGHT: _("eight"),
    Rank.NINE: _("nine"), Rank.TEN: _("ten"), Rank.JACK: _("jack"), Rank.QUEEN: _("queen"),
    Rank.KING: _("king"),
}
SUIT_PLURALS = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
KNOWN_PACKS: dict[frozenset[Rank], str] = {
    frozenset(ALL_RANKS) - {Rank.TEN}: _(
        "a Spanish pack, as casinos call it (the usual suits and faces, queens included)"),
    frozenset(ALL_RANKS) - {Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}: _(
        "a pack from the six up"),
    frozenset(ALL_RANKS) - {Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX}: _(
        "a piquet pack, from the seven up"),
}
"""The stripped packs that have a name of their own (all four suits)."""
PHRASES = (
    _("Played with one pack of %(count)s cards."),
    _("One pack of %(count)s cards, a spare at hand."),
    _("Played with %(n)s packs of %(count)s cards shuffled together."),
    _("Played with an endless shoe: every card comes from a full pack of %(count)s cards, "
      "so each rank always has the same chance."),
    _("Each pack has the %(ranks)s removed."),
    _("Each pack has the %(ranks)s removed: %(name)s."),
    _("The pack has the %(ranks)s removed."),
    _("The pack has the %(ranks)s removed: %(name)s."),
    _("Each pack holds only the %(suits)s."),
    _("The pack holds only the %(suits)s."),
    _("In each suit: %(ranks)s."),
    _("It counts so in the named hands too, the %(hand)s included."),
    _("An ace counts %(low)s or %(high)s, whichever is better without going over 21, for the "
      "banker too; a king, queen or jack 10, every other card its number."),
    _("Card values: %(values)s; every other card its number."),
    _("A king, queen or jack counts 10, every card but the ace its number."),
    _("%(low)s or %(high)s"),
    _("%(rank)s %(value)s"),
    _("A hand over %(limit)s is bust."),
    _("%(cards)s is wild: it counts as any card's value (%(values)s), as its holder "
      "chooses; a hand counts the best total it can make without going over %(limit)s."),
    _("The %(rank)s of %(suit)s"),
    _("The suits are the pack's own: %(suits)s."),
)


def _joined(words: list[str], gettext: Gettext) -> str:
    return listed(words, gettext)


def suit_words(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> dict[str, str]:
    """Each suit's name, by letter: the pack's own (`pack.suit_names`: its name in `lang`,
    else in the ruleset's language), else the usual one from the catalog ('spades')."""
    own = ruleset.pack.suit_names
    base = lang.partition("@")[0]
    out = {}
    for code, usual in SUIT_PLURALS.items():
        found = own.get(Suit(code))
        out[code] = gettext(usual) if found is None else found.names.get(base) or found.name
    return out


def rank_word(ruleset: Ruleset, rank: Rank, gettext: Gettext, lang: str = "en") -> str:
    """A rank's name: the pack's own (`pack.rank_names`: its name in `lang`, else in the
    ruleset's language), else the usual one from the catalog ('queen')."""
    found = ruleset.pack.rank_names.get(rank)
    if found is None:
        return gettext(RANK_NAMES[rank])
    return found.names.get(lang.partition("@")[0]) or found.name


def rank_letters(ruleset: Ruleset, lang: str = "en") -> dict[str, str]:
    """The letters the pack prints its own ranks with in `lang` (`pack.rank_names`), by rank
    letter; a rank without one is left out (its usual letter)."""
    base = lang.partition("@")[0]
    return {r.value: n.letters[base] for r, n in ruleset.pack.rank_names.items()
            if base in n.letters}


def own_ranks(ruleset: Ruleset, gettext: Gettext, lang: str = "en"
              ) -> dict[str, tuple[str, str]]:
    """The pack's own ranks (`pack.rank_names`) as a card key shows them: letter and name
    by rank letter (`values.card_key`)."""
    letters = rank_letters(ruleset, lang)
    return {r.value: (letters.get(r.value, r.value), rank_word(ruleset, r, gettext, lang))
            for r in ruleset.pack.rank_names}


def own_suits_words(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """The pack's own suits, each with the symbol its cards are printed with ('coins ♦');
    empty where the pack names none."""
    if not ruleset.pack.suit_names:
        return ""
    names = suit_words(ruleset, gettext, lang)
    return gettext("The suits are the pack's own: %(suits)s.") % {"suits": _joined(
        [f"{names[s.value]} {SUIT_SYMBOLS[s.value]}" for s in ruleset.pack.suit_names],
        gettext)}


def pack_size_words(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """How many packs of how many cards, and what is taken out of each (of the pack, where
    the game has one: "Aus jedem Blatt" read as a game of several, issue 49); a pack that
    names its own suits (`pack.suit_names`: Sette e mezzo's Italian 40-card pack) is a pack
    of its own, said by the ranks each suit holds, as its players would: nothing was taken
    out of it (the seventh reader: «Dal mazzo si tolgono gli otto, i nove, i dieci» beside
    a cavallo)."""
    pack = ruleset.pack
    count = pack.cards_per_pack
    if pack.decks == "infinite":
        out = gettext("Played with an endless shoe: every card comes from a full pack of "
                      "%(count)s cards, so each rank always has the same chance.") % {
                          "count": count}
    elif pack.decks == 1 and second_pack_joins(ruleset):  # one statement of the packs (r49am)
        out = gettext("One pack of %(count)s cards, a spare at hand.") % {"count": count}
    elif pack.decks == 1:
        out = gettext("Played with one pack of %(count)s cards.") % {"count": count}
    else:
        out = gettext("Played with %(n)s packs of %(count)s cards shuffled together.") % {
            "n": pack.decks, "count": count}
    one = pack.decks == 1  # "The pack has …": a game of one pack says it of that pack
    removed = [gettext(RANK_PLURALS[r]) for r in ALL_RANKS if r not in pack.ranks]
    name = KNOWN_PACKS.get(frozenset(pack.ranks)) if len(pack.suits) == len(ALL_SUITS) else None
    if removed and pack.suit_names:  # a pack of its own (Italian): nothing taken out of it
        out += " " + gettext("In each suit: %(ranks)s.") % {"ranks": _joined(
            [rank_word(ruleset, r, gettext, lang) if _number(r) in (0, 1) else r.value
             for r in pack.ranks], gettext)}
    elif removed and name:
        out += " " + gettext("The pack has the %(ranks)s removed: %(name)s." if one else
                             "Each pack has the %(ranks)s removed: %(name)s.") % {
            "ranks": _joined(removed, gettext), "name": gettext(name)}
    elif removed:
        out += " " + gettext("The pack has the %(ranks)s removed." if one else
                             "Each pack has the %(ranks)s removed.") % {
            "ranks": _joined(removed, gettext)}
    if len(pack.suits) < len(ALL_SUITS):
        names = suit_words(ruleset, gettext, lang)
        out += " " + gettext("The pack holds only the %(suits)s." if one else
                             "Each pack holds only the %(suits)s.") % {
            "suits": _joined([names[s.value] for s in pack.suits], gettext)}
    return out


def ace_said_best(ruleset: Ruleset) -> bool:
    """Whether the values sentence says how an ace of two values counts (the better total
    without going bust, every hand alike, as the engine counts it): the usual pack, its
    ace counted alike whatever the hand's number of cards, bust above 21 (the sentence says
    "without going over 21" before a bust is defined)."""
    pack = ruleset.pack
    pictures = [r for r in (Rank.JACK, Rank.QUEEN, Rank.KING) if r in pack.ranks]
    return (not pack.values and len(pack.ace_values) == 2 and len(pictures) == 3
            and not pack.ace_values_by_cards and pack.bust_above == 21)


def values_words(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """What each card counts: the usual sentence, or the values that are not the usual."""
    pack = ruleset.pack
    aces = pack.ace_values
    pictures = [r for r in (Rank.JACK, Rank.QUEEN, Rank.KING) if r in pack.ranks]
    if not pack.values and len(pictures) == 3 and pack.ace_values_by_cards:
        # the ace's values are said once, by the number of cards (`docs.words.family_words`)
        return gettext("A king, queen or jack counts 10, every card but the ace its number.")
    if ace_said_best(ruleset):  # the engine's best total (`engine.round.hand.points`)
        low, high = aces[0], aces[-1]
        return gettext("An ace counts %(low)s or %(high)s, whichever is better without going "
                       "over 21, for the banker too; a king, queen or jack 10, every other "
                       "card its number.") % {"low": low, "high": high}
    items = []
    if Rank.ACE in pack.ranks:
        ace = (gettext("%(low)s or %(high)s") % {"low": aces[0], "high": aces[-1]}
               if len(aces) == 2 else str(aces[0]))
        items.append(gettext("%(rank)s %(value)s") % {
            "rank": rank_word(ruleset, Rank.ACE, gettext, lang), "value": ace})
    for rank in pack.ranks:
        value = pack.value_of(rank)
        if rank is not Rank.ACE and (rank in pack.values or value != _number(rank)):
            items.append(gettext("%(rank)s %(value)s") % {
                "rank": rank_word(ruleset, rank, gettext, lang), "value": points_text(value)})
    return gettext("Card values: %(values)s; every other card its number.") % {
        "values": _joined(items, gettext)}


def _number(rank: Rank) -> int:
    """The number a card shows (pictures none: 0), against which a value is 'usual'."""
    return USUAL_VALUES[rank] if rank not in (Rank.JACK, Rank.QUEEN, Rank.KING) else 0


def totals_words(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """The bust limit where it is not 21, and the wild cards (empty for neither)."""
    pack = ruleset.pack
    limit = points_text(pack.bust_above)
    out = []
    if pack.bust_above != 21:
        out.append(gettext("A hand over %(limit)s is bust.") % {"limit": limit})
    if pack.wild_cards:
        suits = suit_words(ruleset, gettext, lang)
        cards = _joined([gettext("The %(rank)s of %(suit)s") % {
            "rank": rank_word(ruleset, Rank(code[0]), gettext, lang), "suit": suits[code[1]]}
            for code in pack.wild_cards], gettext)
        values = _joined([points_text(v) for v in pack.wild_values()], gettext)
        out.append(gettext("%(cards)s is wild: it counts as any card's value (%(values)s), as "
                           "its holder chooses; a hand counts the best total it can make "
                           "without going over %(limit)s.") % {
                               "cards": cards, "values": values, "limit": limit})
        out += _wild_in_natural(ruleset, gettext, lang)
    return " ".join(out)


def _wild_in_natural(ruleset: Ruleset, gettext: Gettext, lang: str) -> list[str]:
    """That a wild card counts so in a natural made by its total (Sette e mezzo's matta and
    a figure: a sette e mezzo reale, as the engine reads it; no field keeps it out)."""
    from pontoon_rules.docs.words.hands import hand_name

    found = next((h for h, d in ruleset.hands.ranked() if d.natural and d.ranks is None
                  and d.cards_range == (2, 2)), None)
    if found is None:
        return []
    return [gettext("It counts so in the named hands too, the %(hand)s included.") % {
        "hand": hand_name(ruleset, found, gettext, lang)}]


def pack_words(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """The pack's sentence: its size, what is removed, its own suit names, the card values
    (an ace's by the hand's cards where they differ), and (where they are not the usual)
    the bust limit and the wild cards."""
    from pontoon_rules.docs.words.family_words import aces_words

    suits = own_suits_words(ruleset, gettext, lang)
    out = (pack_size_words(ruleset, gettext, lang) + (f" {suits}" if suits else "") + " "
           + values_words(ruleset, gettext, lang) + aces_words(ruleset, gettext))
    totals = totals_words(ruleset, gettext, lang)
    return f"{out} {totals}" if totals else out


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    from pontoon_rules.docs.words.family_words import python_messages as family_messages

    return [*RANK_PLURALS.values(), *RANK_NAMES.values(), *SUIT_PLURALS.values(),
            *KNOWN_PACKS.values(), *PHRASES, *family_messages()]
