"""The ruleset's named hands on abstract hands: which one a finished hand is.

The engine classifies a hand by its cards (`engine.round.hand.classify`): the first named hand
in `hands.ranking` the holder may hold whose conditions its cards meet, else `bust` over
the bust limit (21; 7½ in sette e mezzo), else `total`. The analysis holds a hand as a
few numbers (points, an ace, cards held, split, doubled) and its *pattern*: the sorted
kinds of its cards while they can still become a hand that names its ranks ([A, A],
[6, 7, 8]) or one of a single rank (three of a kind), else None. So a hand's state stays
small where no definition looks at ranks, and `HandBook.player_hand` / `banker_hand`
give the hand id the engine would give, paid from the one outcome table (`Rules.cells`).

Card kinds keep apart every rank a definition names (`deck.kind_space`), so a pattern's
kinds are ranks where it matters.

Suits are not held. A hand a definition names by its ranks and suits (a suited 7-7-7)
is a `Blend`: each hand id it may be, with its chance given its ranks. That chance is
exact whatever else has left the shoe: the suits of one rank's cards are exchangeable,
so given every card's rank the cards of one rank are a uniform draw from that rank's
cards, whatever the ranks seen elsewhere (`suit_classes`). A strategy of the analysis
plays by ranks only; a player who also watches suits may do a little better (the
method says so, `composition.model.method_name`). `ruleset.resolving.classic.not_analysed`
refuses a blend whose members would be played differently, and suited hands the banker
may hold (their suits would not be independent of the player's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.outcomes import HandId, lead, total_of
from pontoon_rules.analysis.reads import Coarse, read_coarse
from pontoon_rules.engine.round.named import ANY_SUITS, MIXED, SUITED, NamedHand
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import HandClass

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.hands import HandDefinition
    from pontoon_rules.ruleset.format.model import Ruleset

Pattern = tuple[int, ...] | None
"""The sorted kind indices of a hand's cards while a definition may still read them."""

TOTAL, BUST = HandClass.TOTAL.value, HandClass.BUST.value
NO_CARDS = 24
"""The most cards a definition of one rank with no card limit is followed to."""


@dataclass(frozen=True)
class HandBook:
    """The named hands as the analysis reads them, for one ruleset and its card kinds."""

    player: tuple[NamedHand, ...]
    banker: tuple[NamedHand, ...]
    targets: dict[str, tuple[int, ...]]
    """A definition naming its ranks → those ranks as sorted kind indices (a rank the
    pack does not hold: the definition can never be held, and is left out)."""
    tracked: tuple[tuple[int, ...], ...]
    """The targets of the definitions this book's holder may hold: what a pattern follows."""
    same_max: int
    """The most cards of a one-rank definition (three of a kind) this book's holder may
    hold (0: none)."""
    over_21: bool
    """Whether some named hand may be held over 21 (two aces of 11)."""
    banker_dealt: int
    naturals: frozenset[str]
    """The ids of the naturals (the hands the peek ends the round with)."""
    peeked: str
    """The banker's natural the peek shows (the first in the ranking; `ruleset.resolving.features`
    refuses a peek for more than one)."""
    tricks: frozenset[str]
    """The hands defined by their number of cards alone (the statistics' 'trick')."""
    suits: tuple[int, ...] = (0, 1, 2, 3)
    """The suits the pack holds (S H D C = 0 1 2 3)."""
    per_suit: int | None = None
    """Cards of each rank and suit in the full shoe (the number of packs); None: an infinite
    deck, each card's suit independent."""
    bust_limit: int = 21
    """The most points (in the engine's units: `Rules.bust_limit`) a hand holds unbust
    (21; 15 for sette e mezzo's 7½ in halves)."""
    _players: dict[tuple[int, int, Pattern, bool, bool, bool], HandId] = field(
        default_factory=dict, compare=False, repr=False)
    """`player_hand`'s answers so far (many hand states share them)."""
    bankers: dict[tuple[int, ...], tuple[HandId, int]] = field(
        default_factory=dict, compare=False, repr=False)
    """The banker's hand id and points by the banker's cards (kind indices), as
    `giving_up.void_surrender` asks them of a banker's book for every player's hand."""

    def pattern(self, cards: Sequence[int]) -> Pattern:
        """The pattern of a hand holding `cards` (kind indices)."""
        found: Pattern = ()
        for k in cards:
            found = self.grow(found, k)
        return found

    def grow(self, pattern: Pattern, k: int) -> Pattern:
        """The pattern once a card of kind `k` joins a hand of `pattern`."""
        if pattern is None or not (self.tracked or self.same_max):
            return None
        grown = tuple(sorted((*pattern, k)))
        if len(grown) <= self.same_max and grown[0] == grown[-1]:
            return grown
        if any(_within(grown, t) for t in self.tracked):
            return grown
        return None

    def player_hand(self, points: int, n: int, pattern: Pattern, split: bool,
                    doubled: bool, dealt: bool) -> HandId:
        """The hand id of a player's hand (see `engine.round.hand.classify`)."""
        key = (points, n, pattern, split, doubled, dealt)
        found = self._players.get(key)
        if found is None:
            found = self._players[key] = self._classify(self.player, *key)
        return found

    def banker_hand(self, points: int, n: int, pattern: Pattern) -> str:
        """The hand id of the banker's hand (its first `banker_dealt` cards are dealt;
        `pattern` as the banker's book follows it; never a blend: `ruleset.resolving.classic`
        refuses suited hands the banker may hold)."""
        found = self._classify(self.banker, points, n, pattern, False, False,
                               n <= self.banker_dealt)
        if not isinstance(found, str):
            from pontoon_rules.errors import AnalysisError

            raise AnalysisError(f"hands.definitions: a banker's hand told apart by its suits "
                                f"({' or '.join(name for name, _ in found)}) cannot be "
                                "valued by ranks")
        return found

    def natural(self, hand_id: HandId) -> bool:
        """Whether `hand_id` is a natural (a blend's members all are, or none)."""
        return lead(hand_id) in self.naturals

    def trick(self, hand_id: HandId) -> bool:
        """Whether `hand_id` is defined by its number of cards alone."""
        return lead(hand_id) in self.tricks

    def player_hand_of_suits(self, points: int, n: int, pattern: Pattern, split: bool,
                             doubled: bool, dealt: bool, cls: int) -> str:
        """The hand id of a player's hand whose cards' suits fall as `cls` (a suit index
        every card has, or `MIXED`): the engine's, suits and all."""
        return self._first(self.player, 0, (points, n, pattern, split, doubled, dealt), cls)

    def _classify(self, hands: tuple[NamedHand, ...], points: int, n: int, pattern: Pattern,
                  split: bool, doubled: bool, dealt: bool) -> HandId:
        if points > self.bust_limit and not self.over_21:
            return BUST
        hand = (points, n, pattern, split, doubled, dealt)
        for i, h in enumerate(hands):
            if self._matches(h, *hand):
                if h.suits == ANY_SUITS or pattern is None:
                    return h.id
                return self._blend(hands, i, hand)
        return BUST if points > self.bust_limit else TOTAL

    def _blend(self, hands: tuple[NamedHand, ...], start: int,
               hand: tuple[int, int, Pattern, bool, bool, bool]) -> HandId:
        """The hand ids a hand of `pattern` is for each way its suits may fall, from the
        definition at `start` on, each with its chance, in the ranking's order."""
        pattern = hand[2]
        assert pattern is not None
        shares: dict[str, Fraction] = {}
        for cls, p in self.suit_classes(pattern):
            found = self._first(hands, start, hand, cls)
            shares[found] = shares.get(found, Fraction(0)) + p
        order = {h.id: i for i, h in enumerate(hands)}
        blend = tuple(sorted(shares.items(), key=lambda item: order.get(item[0], len(order))))
        return blend[0][0] if len(blend) == 1 else blend

    def _first(self, hands: tuple[NamedHand, ...], start: int,
               hand: tuple[int, int, Pattern, bool, bool, bool], cls: int) -> str:
        """The first definition from `start` on whose conditions hold for a hand whose
        suits fall as `cls`; else `bust` or `total`."""
        points = hand[0]
        if points > self.bust_limit and not self.over_21:
            return BUST
        for h in hands[start:]:
            if _suits_accept(h.suits, cls) and self._matches(h, *hand):
                return h.id
        return BUST if points > self.bust_limit else TOTAL

    def suit_classes(self, pattern: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
        """How the suits of a hand of `pattern` (single-rank kinds) may fall: each suit that
        all its cards may share, then MIXED, with its chance (none of chance 0)."""
        return _suit_classes(pattern, self.suits, self.per_suit)

    def _matches(self, h: NamedHand, points: int, n: int, pattern: Pattern, split: bool,
                 doubled: bool, dealt: bool) -> bool:
        if n < h.min_cards or n > h.max_cards or points < h.min_total or points > h.max_total:
            return False
        if (split and not h.on_split_hand) or (doubled and not h.after_double):
            return False
        if not h.extra:
            return True
        if h.ranks is not None and (pattern is None or self.targets.get(h.id) != pattern):
            return False
        if h.same_rank and (pattern is None or pattern[0] != pattern[-1]):
            return False
        return dealt or not h.dealt_only


def _suits_accept(rule: int, cls: int) -> bool:
    """Whether suit rule `rule` (`engine.round.named`) holds for cards whose suits fall as `cls`
    (a suit index every card has, or MIXED)."""
    if rule == ANY_SUITS:
        return True
    if rule == MIXED or cls == MIXED:
        return rule == cls
    return rule in (SUITED, cls)


@lru_cache(maxsize=256)
def _suit_classes(pattern: tuple[int, ...], suits: tuple[int, ...],
                  per_suit: int | None) -> tuple[tuple[int, Fraction], ...]:
    counts = Counter(pattern).values()
    if per_suit is None:
        one = Fraction(1, len(suits) ** len(pattern))
    else:
        one = Fraction(1)
        for m in counts:  # m cards of one rank, all of one suit: C(d, m) of C(d S, m)
            one *= Fraction(comb(per_suit, m), comb(per_suit * len(suits), m))
    out = [(s, one) for s in suits if one]
    rest = 1 - one * len(suits)
    return tuple(out + ([(MIXED, rest)] if rest else []))


def _within(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    """Whether the sorted multiset `part` is contained in the sorted multiset `whole`."""
    rest = list(whole)
    for k in part:
        if k not in rest:
            return False
        rest.remove(k)
    return True


@lru_cache(maxsize=64)
def hand_book(rules: Rules, kinds: tuple[Kind, ...], banker: bool = False,
              infinite: bool = False, shaped: bool = False) -> HandBook:
    """The `HandBook` of `rules` over card kinds `kinds`, its patterns following what the
    player's hands (or with `banker`, the banker's) may become; `infinite`: suits are
    dealt from an infinite deck (else from the ruleset's own packs); `shaped`: the book of
    a graph of hand states, whose blends read the number of packs only as `suit_count`
    (`_suit_shoe`)."""
    _refuse_conditional(rules)
    of_rank = {kind.ranks[0]: kind.index for kind in kinds if len(kind.ranks) == 1}
    targets = {}
    for h in rules.named.values():
        if h.ranks is not None and all(r in of_rank for r in h.ranks):
            targets[h.id] = tuple(sorted(of_rank[r] for r in h.ranks))
    held = rules.banker_hands if banker else rules.player_hands
    tracked = tuple(dict.fromkeys(targets[h.id] for h in held if h.id in targets))
    same = [min(h.max_cards, NO_CARDS) for h in held if h.same_rank]
    tricks = frozenset(i for i, h in rules.named.items() if h.by_count)
    return HandBook(rules.player_hands, rules.banker_hands, targets, tracked,
                    max(same, default=0),
                    rules.over_21_hands, rules.banker_dealt,
                    frozenset(i for i, h in rules.named.items() if h.natural),
                    next((h.id for h in rules.banker_hands if h.natural), TOTAL), tricks,
                    *_suit_shoe(rules, infinite, shaped), rules.bust_limit)


def _suit_shoe(rules: Rules, infinite: bool,
               shaped: bool = False) -> tuple[tuple[int, ...], int | None]:
    """The book's `suits` and `per_suit`: read of the rules only where a named hand depends
    on its suits (they serve `HandBook.suit_classes` alone), so that a solve of rules with
    no such hand does not read the number of packs (`analysis.reads`: a variant with another
    shoe then shares the hand-state graph, `composition.compiled`).

    A `shaped` book (a graph's) reads the packs only as `suit_count` (`reads.Coarse`): from
    `suit_need` packs on every way the suits of a pattern may fall has a chance, so its
    blends name the same hands in the same order whatever the count (the options and
    states of the graph are the same), and the book deals suits as from an infinite deck
    (a blend's shares in the model's shoe are its payout row's price, worked out by the
    model's own book: `compiled._priced`); below it, the count itself (a suited hand that
    cannot be held drops out of its blends)."""
    if not reads_suits(rules):
        return (0, 1, 2, 3), None
    suits = tuple(sorted({c & 3 for c, held in enumerate(rules.card_present) if held}))
    if infinite:
        return suits, None
    if not shaped:
        return suits, rules.decks
    count = read_coarse(rules, SUIT_COUNT)
    return suits, None if count is None or count >= suit_need(rules) else count


def reads_suits(rules: Rules) -> bool:
    """Whether a named hand of either side asks for some suits (else a hand's suits are
    never read, nor the number of packs for them)."""
    return any(h.suits != ANY_SUITS for h in (*rules.player_hands, *rules.banker_hands))


def suit_need(rules: Rules) -> int:
    """The most cards of one rank a pattern may hold (`HandBook.tracked`, `same_max`): of a
    definition naming its ranks, the most of one rank; of one of a single rank, its most
    cards. Suits dealt from that many packs or more can fall every way
    (`_suit_classes`: C(d, m) > 0 for m <= d)."""
    need = 1
    for h in (*rules.player_hands, *rules.banker_hands):
        if h.ranks:
            need = max(need, *Counter(h.ranks).values())
        elif h.same_rank:
            need = max(need, min(h.max_cards, NO_CARDS))
    return need


def suit_count(rules: Rules) -> int | None:
    """The number of packs as a graph of hand states reads it (`_suit_shoe` of a shaped
    book): None where no named hand reads suits or the deck is infinite, else the packs
    capped at `suit_need` (rules equal in it and the rest a graph reads share the graph;
    `costs.graph_changed` compares it)."""
    if rules.decks is None or not reads_suits(rules):
        return None
    return min(rules.decks, suit_need(rules))


SUIT_COUNT = Coarse(suit_count, field="decks")
"""The read of `decks` a shaped book notes (`reads.read_coarse`)."""


def _refuse_conditional(rules: Rules) -> None:
    """A book names a hand by its cards alone: a hand held against some up cards or for
    some stakes, or paid a fixed prize (`conditional`), is valued through `analysis.upcards`
    (its rules settled per group of up cards), never here."""
    found = conditional(rules)
    if found:
        from pontoon_rules.errors import AnalysisError

        raise AnalysisError(f"hands.definitions.{found[0][0]}: a hand held against some up "
                            "cards or stakes, or paid a fixed prize, is valued one group of "
                            "up cards at a time, which this figure does not do")


def conditional(rules: Rules) -> list[tuple[str, HandDefinition]]:
    """The definitions of `rules` held for some up cards or stakes only, or paid a prize
    (asked of the compiled rules' ids first: a solve that reads them notes only those ids,
    not the whole ruleset, for rules without such a hand, so that its variants still share
    its solve and its hand-state graph, `analysis.reads`)."""
    if not rules.conditional:
        return []
    return conditional_of(rules.ruleset)


def conditional_of(r: Ruleset) -> list[tuple[str, HandDefinition]]:
    """`conditional` of a ruleset (`HandDefinition.conditional`, in ranking order)."""
    return [(i, d) for i, d in r.hands.ranked() if d.conditional]


def dealt_hand(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int],
               split: bool = False) -> HandId:
    """The hand id of a hand of `cards` (kind indices) as dealt, before any decision."""
    hard = sum(kinds[k].value for k in cards)
    points = total_of(hard, any(kinds[k].is_ace for k in cards), rules)
    book = hand_book(rules, tuple(kinds))
    return book.player_hand(points, len(cards), book.pattern(cards), split, False, True)


def banker_natural(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int]) -> bool:
    """Whether the banker holding `cards` (kind indices) holds a natural: what insurance
    pays on (`engine.round.results`), two aces of 10 and 11 as well as an ace and a ten."""
    hard = sum(kinds[k].value for k in cards)
    points = total_of(hard, any(kinds[k].is_ace for k in cards), rules)
    book = hand_book(rules, tuple(kinds), banker=True)
    return book.natural(book.banker_hand(points, len(cards), book.pattern(cards)))


def dealt_natural(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int]) -> bool:
    """Whether dealt `cards` (kind indices) are a natural (a pontoon)."""
    return hand_book(rules, tuple(kinds)).natural(dealt_hand(rules, kinds, cards))
