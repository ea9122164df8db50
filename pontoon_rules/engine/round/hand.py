"""Hands, their totals and classes, and how a player hand compares with the banker's."""

from __future__ import annotations

from pontoon_rules.engine.round.cards import RANK_VALUES
from pontoon_rules.engine.round.named import BUST, TOTAL, NamedHand
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.aces import counted


class Hand:
    """One hand of cards with its stake history and what it has done so far."""

    __slots__ = (
        "cards", "hard", "aces", "stakes", "sibling", "twisted", "bought",
        "doubles", "drawn_since_double", "done", "settled_net", "is_split", "blocked",
        "pending_cards", "shoot", "up", "draw_up", "drawn", "surrendered", "rescued",
        "wild", "raised", "hidden", "given_up",
    )

    def __init__(self, stake: int = 0, is_split: bool = False) -> None:
        self.cards: list[int] = []
        self.hard = 0
        self.aces = 0
        self.stakes: list[int] = [stake] if stake else []
        self.sibling: Hand | None = None
        self.is_split = is_split
        self.blocked = False
        self.twisted = False
        self.bought = 0
        self.doubles = 0
        self.drawn_since_double = 0
        self.done = False
        self.settled_net: int | None = None
        self.pending_cards = 0
        self.shoot: list[int] = []
        self.up: list[bool] = []
        """Per card: whether it lies face up (`faces` section)."""
        self.draw_up = False
        """Whether the next card dealt to this hand comes face up."""
        self.drawn = 0
        """Cards the hand asked for by a twist, buy or double (not dealt to it)."""
        self.surrendered = False
        """Given up for part of its stake (`engine.round.giving_up`)."""
        self.rescued = False
        """A doubled hand given up for its doubled part (the double-down rescue)."""
        self.wild = 0
        """Wild cards held (`pack.wild_cards`): each counts its lowest value in `hard`."""
        self.raised = 0
        """What raising in play added to the stake first put down (`stakes.raise_up_to`)."""
        self.given_up = 0
        """The net of buy bets given up during play (business: minus what did not come
        back), added to the hand's net at the settlement."""
        self.hidden: bool | None = None
        """A bust hidden (True) or shown (False) by its player; None: not decided
        (`settlement.hidden_bust_pays`, `engine.round.hidden_bust`)."""

    def add(self, card: int, values: tuple[int, ...] = RANK_VALUES,
            wild: frozenset[int] = frozenset(), lowest: int = 0) -> None:
        """Put `card` in the hand; `values` are the ranks' points (the ace's low value);
        a card of `wild` counts `lowest` in the hard total (`Rules.wild`, its lowest value)."""
        self.cards.append(card)
        self.up.append(self.draw_up)
        if wild and card in wild:
            self.wild += 1
            self.hard += lowest
            return
        rank = card >> 2
        self.hard += values[rank]
        if rank == 0:
            self.aces += 1

    def put(self, card: int, rules: Rules) -> None:
        """Put `card` in the hand, counted as `rules` count it (a wild card too)."""
        self.add(card, rules.values, rules.wild, rules.wild_lowest)

    def clone(self) -> Hand:
        """An independent copy (the sibling link is fixed up by the round's clone).

        Every slot written out: 0.6 µs a clone against 2.6 µs for a loop over `__slots__`
        (timeit on this 2-core machine); `tests/test_engine_state.py` checks that no slot
        is left out.
        """
        other = Hand.__new__(Hand)
        other.cards, other.stakes, other.shoot, other.up = (
            self.cards[:], self.stakes[:], self.shoot[:], self.up[:])
        other.hard, other.aces, other.sibling, other.twisted, other.bought = (
            self.hard, self.aces, self.sibling, self.twisted, self.bought)
        other.doubles, other.drawn_since_double, other.done, other.settled_net = (
            self.doubles, self.drawn_since_double, self.done, self.settled_net)
        other.is_split, other.blocked, other.pending_cards, other.draw_up = (
            self.is_split, self.blocked, self.pending_cards, self.draw_up)
        other.drawn, other.surrendered, other.rescued, other.wild = (
            self.drawn, self.surrendered, self.rescued, self.wild)
        other.raised, other.hidden, other.given_up = self.raised, self.hidden, self.given_up
        return other

    @property
    def staked(self) -> int:
        """The hand's whole stake: the original plus every buy and double."""
        return sum(self.stakes)


def total(hand: Hand, ace_bonus: int = 10, limit: int = 21,
          wild_extras: tuple[int, ...] = ()) -> int:
    """The best total of `hand` not above `limit` where one can be made: an ace counts high,
    a wild card takes its best value (`wild_extras`: what it may add); else the lowest."""
    if hand.wild:
        return hand.hard + _best_extra(hand, ace_bonus, limit, wild_extras)
    if hand.aces and hand.hard + ace_bonus <= limit:
        return hand.hard + ace_bonus
    return hand.hard


def points(hand: Hand, rules: Rules) -> int:
    """The best total of `hand` under `rules`, in the engine's units (`Rules.unit`): with the
    ace's values of `pack.ace_values_by_cards` for the hand's number of cards where the
    pack says so (a pack of whole values, a limit of 21 and no wild card:
    `ruleset.format.totals`)."""
    if rules.aces_by_count is not None and hand.aces:
        return _counted(hand, rules, rules.aces_by_count)[0]
    if hand.wild:
        return hand.hard + _best_extra(hand, rules.ace_bonus, rules.bust_limit,
                                       rules.wild_extras)
    if hand.aces and hand.hard + rules.ace_bonus <= rules.bust_limit:
        return hand.hard + rules.ace_bonus
    return hand.hard


def _best_extra(hand: Hand, ace_bonus: int, limit: int, extras: tuple[int, ...]) -> int:
    """The most the wild cards (and one ace counted high) may add to the hard total without
    passing `limit`; 0 where every choice passes it."""
    sums = {0}
    for _ in range(hand.wild):
        sums = {s + e for s in sums for e in extras or (0,)}
    if hand.aces and ace_bonus:
        sums |= {s + ace_bonus for s in sums}
    room = limit - hand.hard
    return max((s for s in sums if s <= room), default=0)


def is_soft(hand: Hand, ace_bonus: int = 10, limit: int = 21,
            wild_extras: tuple[int, ...] = ()) -> bool:
    """Whether `hand`'s best total counts an ace high or a wild card above its lowest value
    (never, where an ace has one value and no card is wild)."""
    if hand.wild:
        return _best_extra(hand, ace_bonus, limit, wild_extras) > 0
    return bool(hand.aces) and ace_bonus > 0 and hand.hard + ace_bonus <= limit


def soft(hand: Hand, rules: Rules) -> bool:
    """Whether `hand`'s best total under `rules` counts an ace above the lowest value it may
    count (by the hand's cards where `pack.ace_values_by_cards` says) or a wild card above
    its lowest: the one test of softness every caller under a ruleset uses."""
    by_count = rules.aces_by_count
    if by_count is None or not hand.aces:
        return is_soft(hand, rules.ace_bonus, rules.bust_limit, rules.wild_extras)
    return _counted(hand, rules, by_count)[1]


def _counted(hand: Hand, rules: Rules, by_count: tuple[tuple[int, ...], ...]
             ) -> tuple[int, bool]:
    values = by_count[min(len(hand.cards), len(by_count) - 1)]
    return counted(hand.hard - hand.aces * rules.values[0], hand.aces, values, rules.bust_limit)


def up_card(banker: Hand, rules: Rules) -> int:
    """The rank index of the banker's up card (the first dealt face up), or -1."""
    if not rules.banker_visible:
        return -1
    dealt = banker.cards[:rules.banker_cards]
    if rules.banker_hidden_first:
        dealt = dealt[max(0, rules.banker_cards - rules.banker_visible):]
    return dealt[0] >> 2 if dealt else -1


def read_up(banker: Hand, rules: Rules) -> int:
    """The up rank a player's hand is named and busted against (`classify`, `is_bust`):
    the banker's up card (`up_card`) where some named hand asks for it (`Rules.reads_up`),
    else -1, which names every hand alike and spares a look at the banker's cards on the
    per-card path (`RoundState._deal`). One place decides it for every such caller."""
    return up_card(banker, rules) if rules.reads_up else -1


def is_ace_ten(hand: Hand, ace_bonus: int = 10) -> bool:
    """Two cards, an ace and a card that make 21 with it (a ten-point card)."""
    return len(hand.cards) == 2 and hand.aces == 1 and total(hand, ace_bonus) == 21


def classify(hand: Hand, rules: Rules, banker: bool = False, up: int = -1) -> str:
    """The hand id of `hand` under `rules`: its named hand, else bust or total.

    The first named hand in the ranking that the holder may hold and whose conditions
    the cards meet (see `engine.round.named`); a hand over 21 that none holds is bust. `up` is
    the rank index of the banker's up card, for a definition that asks for it (-1: none).
    """
    key = (tuple(hand.cards), hand.hard, hand.aces, hand.wild, hand.is_split,
           hand.doubles > 0, hand.drawn == 0, hand.stakes[0] if hand.stakes else 0, banker, up)
    last = _LAST[0]  # the rules of the round being played, almost always
    memo = last[1] if last[0] is rules and len(last[1]) <= _MEMO_SIZE else _memo(rules)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _classify(hand, rules, banker, up)
    return found


_MEMOS: dict[int, tuple[Rules, dict[tuple[object, ...], str]]] = {}
"""`classify`'s answers by the compiled rules (kept beside them, so that an id is not
another's while kept) and by everything of the hand it reads; at most `_MEMOS_KEPT` rules."""
_MEMOS_KEPT = 64
_MEMO_SIZE = 50_000
_LAST: list[tuple[Rules | None, dict[tuple[object, ...], str]]] = [(None, {})]
"""The memo `_memo` gave last, beside its rules: `classify`'s look-up without `_MEMOS`'."""


def _memo(rules: Rules) -> dict[tuple[object, ...], str]:
    """The memo of `classify` under `rules`: the example search classifies the same few
    hands millions of times under a few dozen rules (about a tenth of its time)."""
    kept = _MEMOS.get(id(rules))
    if kept is None or kept[0] is not rules or len(kept[1]) > _MEMO_SIZE:
        if len(_MEMOS) >= _MEMOS_KEPT:
            _MEMOS.clear()
        kept = _MEMOS[id(rules)] = (rules, {})
    _LAST[0] = kept
    return kept[1]


def classify_afresh(hand: Hand, rules: Rules, banker: bool = False, up: int = -1) -> str:
    """`classify` without its memo, for a caller that classifies each hand once (the
    up cards under which the banker's two cards can make a natural: thousands of pairs,
    none asked again, that would only fill the memo)."""
    return _classify(hand, rules, banker, up)


def _classify(hand: Hand, rules: Rules, banker: bool, up: int) -> str:
    count = points(hand, rules)
    if count > rules.bust_limit and not rules.over_21_hands:
        return BUST
    named = rules.banker_hands if banker else rules.player_hands
    dealt = rules.banker_dealt if banker else 0
    is_soft_hand = soft(hand, rules) if rules.reads_soft else False
    for found in named:
        if found.matches(hand, count, dealt) and (
                not found.more or found.more_match(hand, is_soft_hand, up)):
            return found.id
    return BUST if count > rules.bust_limit else TOTAL


def named_hand(hand: Hand, rules: Rules, banker: bool = False,
               up: int = -1) -> NamedHand | None:
    """The named hand `hand` is, or None for a total or a bust; `up` as `classify` takes it
    (a player's hand held against some up cards only is named only with the up card)."""
    return rules.named.get(classify(hand, rules, banker, up))


def is_natural(hand: Hand, rules: Rules, banker: bool = False) -> bool:
    """Whether `hand` is a natural (a named hand with `natural`: a pontoon)."""
    found = named_hand(hand, rules, banker)
    return found is not None and found.natural


def is_bust(hand: Hand, rules: Rules, up: int = -1) -> bool:
    """Over the bust limit (21) and no named hand (two aces of 11 may be one); `up` as
    `classify` takes it: a named hand over 21 held against some up cards only is a bust
    against the others (the settlement names it with the up card, `settle`)."""
    if points(hand, rules) <= rules.bust_limit:
        return False
    return not rules.over_21_hands or classify(hand, rules, up=up) == BUST
