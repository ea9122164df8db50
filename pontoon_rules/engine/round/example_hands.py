"""Example hands: cards from a game's own pack that the engine classifies as a named hand
(the sheets' payout table and the conformance vectors that deal a rare hand use them)."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from itertools import chain, combinations, combinations_with_replacement, islice

from pontoon_rules.engine.round.cards import RANK_CODES, card_code, parse_card, rank_of
from pontoon_rules.engine.round.hand import Hand, classify, classify_afresh, named_hand, points
from pontoon_rules.engine.round.legal import banker_may_draw, may_draw
from pontoon_rules.engine.round.named import ANY_SUITS
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.common import SuitRule
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST, TOTAL

MAX_EXAMPLE_CARDS = 8
MAX_TRIED = 40_000
"""The most rank combinations tried for one example (bounded time for any definition)."""


def example_cards(ruleset: Ruleset, hand_id: str, rules: Rules | None = None,
                  banker: bool = False, by_value: bool = False,
                  avoid: Collection[tuple[str, ...]] = ()) -> list[str] | None:
    """Card codes of a hand the engine classifies as `hand_id` under `ruleset`, all from
    the game's own pack (None when no hand of at most `MAX_EXAMPLE_CARDS` cards is); a
    player's hand held against some banker's up cards or stakes only is classified against
    the first of its up cards, on a stake of its band (its sentences say which). Only a
    hand its holder can reach card by card (`reachable`): no 21 of three cards where an
    ace and a king already stand, no bust that was bust a card before.
    `by_value`: an ordinary total or a bust tries the cards worth most in this game first
    (`pack.values`: a sheet's "highest total" shows a high one, where a court may be
    worth ½); without it, by their face (the conformance vectors' cards). `avoid`: cards
    (codes, in order) not to give, another hand's example (a sheet's table shows each row
    its own cards where the pack has others)."""
    rules = rules or compile_rules(ruleset)
    up, stake = _conditions(ruleset.hands.definitions.get(hand_id), banker, rules)
    for cards in _candidates(ruleset, rules, hand_id, by_value):
        if (classify(_hand_of(cards, rules, stake), rules, banker, up=up) == hand_id
                and tuple(codes := [card_code(c) for c in cards]) not in avoid
                and reachable(cards, rules, banker, up, stake)):
            return codes
    return None


def reachable(cards: list[int], rules: Rules, banker: bool = False, up: int = -1,
              stake: int = 100) -> bool:
    """Whether a hand can come to hold `cards` in this order: each card after the dealt
    ones (`deal.player_cards`, the banker's `deal.banker_cards`) drawn to a hand the engine
    lets draw (`engine.round.legal.may_draw` with the named hand it is against `up`, the
    banker's `banker_may_draw`): none after a natural, a 21 the rules stand on, a bust or
    the card limit."""
    hand = Hand(stake)
    dealt = rules.banker_cards if banker else rules.player_cards
    for card in cards[:dealt]:
        hand.put(card, rules)
    for card in cards[dealt:]:
        if banker:
            allowed = banker_may_draw(hand, rules)
        else:
            allowed = may_draw(hand, points(hand, rules), rules,
                               named_hand(hand, rules, up=up))
        if not allowed:
            return False
        hand.put(card, rules)
        hand.drawn += 1
    return True


def held_at(d: HandDefinition, rules: Rules) -> tuple[int, int]:
    """(the banker's up rank, the stake) a player's hand `d` is shown at (`_conditions`)."""
    return _conditions(d, False, rules)


def _conditions(d: HandDefinition | None, banker: bool, rules: Rules) -> tuple[int, int]:
    """(the banker's up rank, the stake) a player's hand `d` is classified at: the first of
    its up ranks that the pack holds, else the first (-1: any, or the banker's hand, which
    the engine classifies with none) and the least stake of its band (100 where it has
    none)."""
    if d is None or banker:
        return -1, 100
    ranks = sorted(RANK_CODES.index(x.value) for x in d.banker_up_ranks or ())
    up = next((i for i in ranks if rules.rank_present[i]), ranks[0]) if ranks else -1
    stake = d.min_stake if d.min_stake is not None else min(100, d.max_stake or 100)
    return up, stake


def counts_as(cards: list[str], rules: Rules, banker: bool) -> str | None:
    """What `cards` (a named hand's example, card codes) count as in the hand of one side
    (`banker`: the banker's): a named hand it may hold, `total` or `bust`
    (`engine.round.hand.classify`); None where that side cannot hold so many cards."""
    most = rules.banker_max_cards if banker else rules.max_cards
    if not cards or len(cards) > most:
        return None
    return classify(_hand_of([parse_card(c) for c in cards], rules), rules, banker)


def _hand_of(cards: list[int], rules: Rules, stake: int = 100) -> Hand:
    hand = Hand(stake)
    for card in cards:
        hand.put(card, rules)
    hand.drawn = max(0, len(cards) - rules.player_cards)
    return hand


def _candidates(ruleset: Ruleset, rules: Rules, hand_id: str,
                by_value: bool = False) -> Iterator[list[int]]:
    """Hands to try, most telling first: ranks by preference, then suits as asked."""
    d = ruleset.hands.definitions.get(hand_id)
    held = [i for i in range(len(RANK_CODES)) if rules.rank_present[i]]
    low, high = (d.cards_range if d is not None else ((3, 3) if hand_id == BUST else (2, 2)))
    sizes = range(low, min(high or MAX_EXAMPLE_CARDS, MAX_EXAMPLE_CARDS) + 1)
    if d is not None and d.ranks is not None:
        rank_sets: Iterator[tuple[int, ...]] = iter(
            [tuple(sorted(RANK_CODES.index(x.value) for x in d.ranks))])
    else:
        order = _preferred(held, hand_id, d, rules.values if by_value else None)
        rank_sets = islice(chain.from_iterable(
            chain(combinations(order, n), combinations_with_replacement(order, n))
            for n in sizes), MAX_TRIED)
    suit_rule = d.suits if d is not None else SuitRule.MIXED
    for ranks in rank_sets:
        if suit_rule is SuitRule.SUITED:  # each suit in turn: spades may make a higher hand
            for suit in range(4):
                suited = [r * 4 + suit for r in ranks]
                if all(rules.card_present[c] for c in suited) and _enough(suited, rules):
                    yield suited
            continue
        cards = _with_suits(list(ranks), suit_rule, rules)
        if cards is not None:
            yield cards


def _preferred(held: list[int], hand_id: str, d: HandDefinition | None,
               values: tuple[int, ...] | None = None) -> list[int]:
    """The ranks in the order examples use them: high cards for a total, a bust (by
    `values`, the game's, where given, else by face) or a hand that must reach a total
    (aces first), low cards for a hand of many small cards."""
    if hand_id in (TOTAL, BUST):
        return sorted(held, key=lambda i: -(values[i] if values else min(i + 1, 10)))
    if d is not None and d.min_total is None and not d.same_rank:
        return sorted(held, key=lambda i: (i == 0, i))
    if d is not None and d.same_rank:
        return sorted(held, key=lambda i: abs(i - 6))
    return [i for i in held if i == 0] + sorted((i for i in held if i), key=lambda i: -i)


def _with_suits(ranks: list[int], rule: SuitRule, rules: Rules) -> list[int] | None:
    """The ranks as cards the pack holds, suited as `rule` asks (None when it cannot)."""
    present = rules.card_present
    named = _NAMED_SUITS.get(rule)
    if named is not None or rule is SuitRule.SUITED:
        suits = [named] if named is not None else [
            s for s in range(4) if any(present[r * 4 + s] for r in ranks)]
        for suit in suits:
            cards = [r * 4 + suit for r in ranks]
            if all(rules.card_present[c] for c in cards) and _enough(cards, rules):
                return cards
        return None
    cards = []
    for i, rank in enumerate(ranks):
        options = [c for c in range(rank * 4, rank * 4 + 4) if present[c]]
        if not options:
            return None
        cards.append(options[i % len(options)])
    if rule is SuitRule.MIXED and len({c & 3 for c in cards}) == 1 and len(cards) > 1:
        return None
    return cards if _enough(cards, rules) else None


_NAMED_SUITS = {SuitRule.SPADES: 0, SuitRule.HEARTS: 1, SuitRule.DIAMONDS: 2, SuitRule.CLUBS: 3}
"""The suit a definition of one suit asks for (the cards' low two bits)."""


def _enough(cards: list[int], rules: Rules) -> bool:
    """Whether the packs hold that many copies of each card (at once where they hold as many
    copies as the hand has cards: most hands, tried hundreds of thousands of times)."""
    copies = rules.decks or 99
    return len(cards) <= copies or all(cards.count(c) <= copies for c in set(cards))


UP_RANKS_LIMIT = 500
"""Rulesets whose `natural_up_ranks` are kept before they start afresh."""

_UP_RANKS: dict[int, tuple[Ruleset, tuple[str, ...]]] = {}


def natural_up_ranks(ruleset: Ruleset) -> list[str] | None:
    """The ranks (codes, 'A', 'K', ...) of the banker's face-up card under which the two
    dealt cards can make a natural the peek finds (`deal.banker_pontoon_at_once`), in the
    pack's order; None where the banker is not dealt two cards, one of them face up.

    Worked out once per ruleset object (thousands of hands classified, asked by a sheet's
    sentences in each of its languages): a ruleset is frozen and its entry holds it, so no
    other object takes its id; kept by object, not by content, since a dump of each of the
    cost tables' thousands of variants costs more than it saves (`test_costview`)."""
    if ruleset.deal.banker_cards != 2 or ruleset.deal.banker_cards_visible != 1:
        return None
    if not isinstance(ruleset, Ruleset):  # a reading wrapper: every read noted, anew
        return _up_ranks(ruleset)
    kept = _UP_RANKS.get(id(ruleset))
    if kept is None or kept[0] is not ruleset:
        if len(_UP_RANKS) >= UP_RANKS_LIMIT:
            _UP_RANKS.clear()
        kept = _UP_RANKS[id(ruleset)] = (ruleset, tuple(_up_ranks(ruleset)))
    return list(kept[1])


def _up_ranks(ruleset: Ruleset) -> list[str]:
    rules = compile_rules(ruleset)
    naturals = {h for h, d in ruleset.hands.definitions.items() if d.natural}
    cards = [c for c in range(len(rules.card_present)) if rules.card_present[c]]
    found = []
    for rank in (i for i in range(len(RANK_CODES)) if rules.rank_present[i]):
        # each pair is classified once here: `classify`'s memo would only grow
        if any(classify_afresh(_hand_of([up, other], rules), rules, True) in naturals
               for up, other in _banker_pairs(cards, rank, rules)):
            found.append(RANK_CODES[rank])
    return found


def _banker_pairs(cards: list[int], rank: int, rules: Rules) -> Iterator[tuple[int, int]]:
    """The banker's two dealt cards with a face-up card of `rank` (a single pack deals each
    card once): every pair where a banker's named hand asks for some suits, else one pair
    of each two ranks (a hand's class reads its cards' suits only through such a hand:
    `engine.round.named`), as many to classify as the pack has ranks, not cards."""
    if any(h.suits != ANY_SUITS for h in rules.banker_hands):
        yield from ((up, other) for up in cards if rank_of(up) == rank for other in cards
                    if other != up or rules.decks != 1)
        return
    ups = [c for c in cards if rank_of(c) == rank]
    first: dict[int, int] = {}
    for other in cards:  # the first card of each rank that may come with `ups[0]`
        if other != ups[0] or rules.decks != 1:
            first.setdefault(rank_of(other), other)
    yield from ((ups[0], other) for other in first.values())
