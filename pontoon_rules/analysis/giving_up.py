"""A surrender of the dealt hand, and the double-down rescue, as the exact analysis
values them.

`engine.round.giving_up` plays it: after the banker's check for a pontoon (or where the banker
cannot make one), a hand of its first cards may be given up for part of its stake
(`player.surrender.returns`), against the banker cards `player.surrender.against` names.
The analysis offers it on the dealt hand, beside playing and splitting, and takes it where
it loses less, and values one void against a banker's pontoon nobody checks for over the
banker's second card (`void_surrender`). An early surrender comes before the check, in
the same decision as insurance (`engine.round.flow.insurance_legal`): it is valued over every
banker hand, the check's pontoons too (`early_surrender`). `ruleset.resolving.features` refuses
the surrenders it does not value (later than the dealt cards, on split hands, or void
with no banker's card seen).

The rescue is a decision of a doubled hand that has drawn its double's card
(`hand.HandSolver.options`, `HandSolver.rescue_net`): it ends the hand at once for a
fixed net, whatever the banker then holds, as a bust does; `rescue_stats` is its row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from pontoon_rules.analysis.deck import Kind, Number
from pontoon_rules.analysis.named import HandBook, dealt_hand, dealt_natural, hand_book
from pontoon_rules.analysis.outcomes import HandId, members, results, staked_net, total_of
from pontoon_rules.engine.round.giving_up import wins_outright
from pontoon_rules.engine.round.rules import Rules


def surrender_value(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int],
                    visible: Sequence[int], early: bool = False,
                    offered: Callable[[], bool] | None = None) -> Fraction | None:
    """What surrendering the dealt `cards` (kind indices) nets per stake against the
    banker's `visible` kinds, or None where it is not offered (`engine.round.giving_up`): a late
    surrender, or with `early` one before the banker's check for a pontoon. `offered`:
    `may_give_up` of these cards where the caller keeps it (asked of every up card)."""
    s = rules.surrender
    if s is None or s.early != early or len(cards) > s.max_cards:
        return None
    if s.against is not None:
        if not visible or not set(kinds[visible[0]].ranks) <= s.against:
            return None
    if not (may_give_up(rules, kinds, cards) if offered is None else offered()):
        return None
    return s.returns - 1


def may_give_up(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int]) -> bool:
    """Whether the dealt `cards` may be given up whatever the banker shows: not a natural
    (settled at once), not a hand that has won already
    (`engine.round.giving_up.may_surrender`)."""
    if dealt_natural(rules, kinds, cards):
        return False
    dealt = dealt_hand(rules, kinds, cards)
    return not all(wins_outright(member, rules) for member, _ in members(dealt))


def early_surrender(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int],
                    visible: Sequence[int], peeked: Number, against: Fraction,
                    exact: bool) -> tuple[Fraction, Number] | None:
    """An early surrender of the dealt `cards` against the banker's `visible` kinds, or None
    where none is offered: (what it nets where the check shows no pontoon, its value over
    every banker hand, a Fraction where `exact`). `peeked` is the chance the check shows a
    pontoon and `against` what the hand as it stands nets against one: a surrender void
    against a pontoon then settles as the hand stands, else it nets the same whatever the
    banker holds."""
    given_up = surrender_value(rules, kinds, cards, visible, early=True)
    if given_up is None:
        return None
    net: Number = given_up if exact else float(given_up)
    if rules.surrender is not None and rules.surrender.void_on_banker_pontoon and peeked:
        return given_up, peeked * (against if exact else float(against)) + (1 - peeked) * net
    return given_up, net


def early_surrender_stats(rules: Rules, given_up: Fraction, peeked: Number,
                          against: Sequence[Number], exact: bool) -> list[Number]:
    """The statistics vector (`context.STATS`, over every banker hand) of a hand given up
    early for `given_up` (`early_surrender`); `against` is its statistics standing against
    the check's pontoon, which a void surrender settles as."""
    row: list[Number] = list(surrender_stats(given_up))
    if exact:
        row = [Fraction(x) for x in row]
        row[0] = given_up
    if rules.surrender is not None and rules.surrender.void_on_banker_pontoon and peeked:
        row = [peeked * a + (1 - peeked) * x for a, x in zip(against, row, strict=True)]
    return row


def void_unchecked(rules: Rules) -> bool:
    """Whether a surrender is void against a banker's pontoon that nobody checks for before
    the players play (no peek): the banker's first two cards then decide it."""
    s = rules.surrender
    return s is not None and s.void_on_banker_pontoon and not rules.peek


def void_surrender(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int],
                   visible: Sequence[int], chances: Sequence[Number],
                   given_up: Fraction) -> tuple[Number, list[Number]]:
    """A surrender void against a banker's pontoon with no check for it first, valued: the
    banker takes cards up to two (`engine.round.flow`: nothing live is left to play for) and,
    where they are a pontoon, the hand settles as it stands against it; elsewhere it nets
    `given_up`. `chances` are each kind's chance of being the banker's next card (after
    the player's cards and `visible`, the banker's one visible card: `ruleset.resolving.features`
    refuses the rest). Returns (value, its statistics vector as
    `surrender_stats`: net, staked, pontoon, trick, bust, win, lose, push)."""
    book = hand_book(rules, tuple(kinds), banker=True)
    dealt = dealt_hand(rules, kinds, cards)
    hard = sum(kinds[k].value for k in cards)
    final = (dealt, total_of(hard, any(kinds[k].is_ace for k in cards), rules))
    value: Number = 0 * chances[0]
    shares: list[Number] = [0 * chances[0]] * 3
    for k, q in enumerate(chances):
        if not q:
            continue
        bank, points = _banker_two(rules, kinds, book, (*visible, k))
        if book.natural(bank):
            value += q * _as(staked_net(final, (bank, points), 1, rules), q)
            shares = [a + q * _as(b, q) for a, b in
                      zip(shares, results(final, (bank, points), rules), strict=True)]
        else:
            value += q * _as(given_up, q)
            shares[1] += q
    return value, [value, 1 + 0 * value, 0 * value, 0 * value, 0 * value, *shares]


def _banker_two(rules: Rules, kinds: Sequence[Kind], book: HandBook,
                two: tuple[int, ...]) -> tuple[HandId, int]:
    """The banker's hand id and points holding `two` (kind indices), kept in the banker's
    `book` (made for `rules` and `kinds`): the same for every player's hand."""
    found = book.bankers.get(two)
    if found is None:
        points = total_of(sum(kinds[c].value for c in two), any(kinds[c].is_ace for c in two),
                          rules)
        found = book.bankers[two] = (book.banker_hand(points, len(two), book.pattern(two)),
                                     points)
    return found


def _as(x: Fraction, like: Number) -> Number:
    return x if isinstance(like, Fraction) else float(x)


def surrender_stats(value: Fraction, weight: float = 1.0) -> list[float]:
    """The statistics vector (`context.STATS`) of a surrendered hand, times `weight`: its
    net, one stake staked, no pontoon, trick or bust, a loss."""
    return [weight * float(value), weight, 0.0, 0.0, 0.0, 0.0, weight, 0.0]


def rescue_stats(net: Fraction, staked: int) -> list[float]:
    """The statistics vector (`context.STATS`) of a rescued hand: its net, what it had
    staked, no pontoon, trick or bust, a loss."""
    return [float(net), float(staked), 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
