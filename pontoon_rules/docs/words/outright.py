"""The ranking's words for the named hands of a player that win whatever the banker holds
(`hands.definitions.<id>.wins_outright`, read from the outcome table): the clause that
names them, said before any chain of names (which then holds between any other hands), and
the ranking said from them where a chain of names would rank hands that never meet (home
Очко; the names' order as which one counts, Australian Pontoon). Used by
`settlement._ranking`; its messages are listed with the other settlement messages
(`settlement_messages`)."""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.docs.words.marks import both, either, listed
from pontoon_rules.ruleset.format.model import Ruleset

Gettext = Callable[[str], str]
Name = Callable[[str], str]


def outright_clause(r: Ruleset, gettext: Gettext, name: Name, hands: list[str]) -> str:
    """'these hands of a player win whatever the banker holds: two aces, twenty-one' (or the
    shorter forms where one, all, or all but the top one win so)."""
    if len(hands) == 1:
        return gettext("a player's %(p)s wins whatever the banker holds") % {"p": name(hands[0])}
    named = [h for h, d in r.hands.ranked() if d.player_can_hold]
    if len(hands) > 2 and sorted(hands) == sorted(named):
        return gettext("every named hand of a player wins whatever the banker holds")
    others = [h for h in named if h not in hands]
    if len(hands) > 2 and len(others) == 1 and named.index(others[0]) == 0:
        return gettext("every named hand of a player but %(top)s wins whatever the banker "
                       "holds") % {"top": name(others[0])}
    return gettext("these hands of a player win whatever the banker holds: %(hands)s") % {
        "hands": listed((name(h) for h in hands), gettext)}


def outright_first(r: Ruleset, gettext: Gettext, name: Name, outright: list[str]) -> str:
    """The ranking where every named hand of a player wins whatever the banker holds and the
    banker holds only the top one, which no other fits (Очко's two aces): a chain of names
    would rank hands that never meet ("two aces beats twenty-one", r49n), so the sentence
    says what decides: the player's named hands, then the banker's top one, then totals;
    the exceptions by name (r50a: "every other hand …, those excepted" read as doubled)."""
    clause = outright_clause(r, gettext, name, outright)
    return gettext("%(outright)s. The banker's %(top)s beats every hand of a player except "
                   "%(hands)s; of two totals the higher wins.") % {
        "outright": clause[:1].upper() + clause[1:], "top": name(r.hands.ranking[0]),
        "hands": both([name(h) for h in outright], gettext)}


def outright_then_chain(r: Ruleset, gettext: Gettext, name: Name, outright: list[str],
                        chain: Callable[[], str], table: list[tuple[str, str]],
                        order: dict[str, int]) -> str:
    """The ranking where some hands of a player win whatever the banker holds: those first
    (with `even_against`'s sentence), then the chain of names (`chain()`, made after them so
    that each name is glossed where first said) as what holds between any other hands. Said
    the other way round, the chain read first as a blanket order that the exception then
    broke ("pontoon beats five-card trick" beside a player's five-card trick that wins even
    against the banker's pontoon, r49zs)."""
    clause = outright_clause(r, gettext, name, outright)
    text = clause[:1].upper() + clause[1:] + "." + even_against(gettext, name, table, order,
                                                               outright)
    return text + " " + gettext(
        "Between any other hands, %(chain)s (of two totals the higher wins): a player's hand "
        "beats a lower banker's hand and loses to a higher one.") % {"chain": chain()}


def names_order(gettext: Gettext, name: Name, ranking: list[str]) -> str:
    """Where every named hand of a player wins whatever the banker holds and the names'
    cards overlap (Australian Pontoon's 7-7-7 is a twenty-one too): the names' order said as
    which one counts, never as which beats which (r49zs: "pontoon beats Super Bonus" read
    as a ranking of hands that never meet)."""
    return gettext("Where cards fit several named hands, only the highest of them counts, in "
                   "this order: %(names)s.") % {"names": ", ".join(map(name, ranking))}


def even_against(gettext: Gettext, name: Name, table: list[tuple[str, str]],
                 order: dict[str, int], outright: list[str]) -> str:
    """' That holds even against the banker's pontoon.': the banker's named hands (`order`:
    the ranking's place of each, totals left out) ranked above a hand of `outright` that
    `table`'s (player, banker) pairs meet, which the ranking's chain would have win (r49s: a
    player's twenty-one beside "pontoon beats … twenty-one"); nothing where none is."""
    above = sorted({b for p in outright for q, b in table
                    if q == p and b in order and p in order and order[b] < order[p]},
                   key=order.__getitem__)
    if not above:
        return ""
    return " " + gettext("That holds even against the banker's %(hands)s.") % {
        "hands": either([name(h) for h in above], gettext)}
