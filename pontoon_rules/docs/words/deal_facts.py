"""What a deal can come to, for the sheet's conditions (`conditions`): the most cards one deal
can take, whether the pack can run out during one, whether the players see the banker's
first card before they stake."""

from __future__ import annotations

import math
from fractions import Fraction

from pontoon_rules.ruleset.format.common import Rank
from pontoon_rules.ruleset.format.model import Ruleset


def lowest_values(r: Ruleset) -> list[Fraction]:
    """Each card of the (finite) pack at the least it can count, lowest first: an ace at
    its least value by any number of cards, a wild card at the least it may take."""
    pack = r.pack
    ace, wild = pack.every_ace_value()[0], pack.wild_values()
    values = {rank: ace if rank is Rank.ACE else pack.value_of(rank) for rank in pack.ranks}
    one_pack = [wild[0] if f"{rank.value}{suit.value}" in pack.wild_cards else values[rank]
                for rank in pack.ranks for suit in pack.suits]
    decks = int(pack.decks)  # each pack alike: one sorted, each value repeated
    return [value for value in sorted(one_pack) for _ in range(decks)]


def deal_cards_most(r: Ruleset) -> int | None:
    """The most cards one deal can take (None: no bound, splits without a limit): every
    hand's cards but its last stay within the bust limit, so all the hands together hold
    no more than the pack's lowest cards that fit in that limit once per hand, and one more
    card each; and no hand more than its `max_cards`."""
    split = r.player.split
    per_seat = 1 if not split.allowed else 2 if not split.resplit else split.max_hands
    if per_seat is None:
        return None
    players = r.table.max_players * per_seat
    room, held = (players + 1) * r.pack.bust_above, 0
    for value in lowest_values(r):
        if value > room:
            break
        room, held = room - value, held + 1
    most = held + players + 1
    if r.player.max_cards is not None and r.banker.max_cards is not None:
        most = min(most, players * r.player.max_cards + r.banker.max_cards)
    return most


def banker_first_card_up(r: Ruleset) -> bool:
    """Whether the banker's first dealt card lies face up, as the engine deals it
    (`engine.round.faces.banker_card`: `deal.banker_cards_visible` of the dealt cards, the
    first or the last as `faces.banker_hidden` says): the players see it before they stake
    where the deal pauses after each hand's first card (home Очко)."""
    d = r.deal
    if d.banker_cards == 0 or d.banker_cards_visible == 0:
        return False
    return d.banker_cards_visible == d.banker_cards or r.faces.banker_hidden.value != "first"


def pack_can_run_out(r: Ruleset) -> bool:
    """Whether a deal can ever find the pack empty: never with an infinite pack, nor where
    the fewest cards a deal can start with (all of them after a shuffle before every deal
    or with used cards put back under the pack; the part a shuffle at a penetration leaves)
    are at least the most one deal can take (`deal_cards_most`). A table that shuffles
    only after a natural, into a discard tray, can come to any deal with few cards."""
    if r.pack.is_infinite:
        return False
    b, size = r.between_deals, int(r.pack.decks) * r.pack.cards_per_pack
    if b.shuffle.value == "penetration" and not b.used_cards_to_bottom:
        size -= math.ceil(b.penetration * size) - 1
    elif b.shuffle.value == "after-pontoon" and not b.used_cards_to_bottom:
        return True
    most = deal_cards_most(r)
    return most is None or most > size


def second_pack_joins(r: Ruleset) -> bool:
    """Whether a game of one pack brings in a second when the cards run out during a deal,
    which then stays in play with the first (`Session._restock`, `Pack.open_pack`): a pack
    that can run out where a new pack is the rule, or where used and bust cards all go
    under the pack at once (nothing is out of play but the table's cards)."""
    b = r.between_deals
    one_pile = b.used_cards_to_bottom and b.busted_cards_to_bottom_at_once
    return (r.pack.decks == 1 and pack_can_run_out(r)
            and (b.pack_runs_out.value == "new-pack" or one_pile))
