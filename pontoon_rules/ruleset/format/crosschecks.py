"""Cross-field checks of a ruleset: rules that each make sense alone but not together.

Each check takes the ruleset (or, from `partial.skipped_checks`, a namespace of its
valid parts: a check that reads a part that failed raises and is skipped) and
returns a message or None. A setting that can never take effect is a problem too:
a named hand no hand can hold (more cards than a hand takes, or than are dealt to one
where only dealt cards count; ranks, suits or copies of a card the pack does not
hold), a value for a rank the pack does not hold, what a banker's hand takes when the
banker cannot hold it.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.ruleset.format.common import HandClass, NaturalTakes, SuitRule

Check = Any
"""`(ruleset) -> str | None`."""

_NAMED_SUITS = {SuitRule.SPADES: "S", SuitRule.HEARTS: "H", SuitRule.DIAMONDS: "D",
                SuitRule.CLUBS: "C"}


def _check_split_ranks(r: Any) -> str | None:
    if not r.player.split.allowed:
        return None
    missing = [x.value for x in r.player.split.ranks if x not in r.pack.ranks]
    return f"player.split.ranks: {missing} are not in pack.ranks" if missing else None


def _check_buy_card(r: Any) -> str | None:
    most = r.player.max_cards
    if r.stakes.buy.value != "none" and most is not None and r.stakes.last_buy_card > most:
        return f"stakes.last_buy_card ({r.stakes.last_buy_card}) is above player.max_cards ({most})"
    return None


def _definitions(r: Any) -> list[tuple[str, Any]]:
    """The named hands whose fields all validated (a check skips the others)."""
    return [(i, d) for i, d in r.hands.definitions.items()
            if all(hasattr(d, name) for name in _FIELDS)]


_FIELDS = ("ranks", "min_cards", "max_cards", "suits", "takes", "player_can_hold",
           "banker_can_hold")


def _fewest_cards(d: Any) -> int:
    return len(d.ranks) if d.ranks is not None else int(d.min_cards)


def _check_card_limits(r: Any) -> str | None:
    """A named hand needs more cards than any hand that may hold it can take."""
    bad = []
    for hand_id, d in _definitions(r):
        fewest = _fewest_cards(d)
        limits = [(who, most) for who, most, can in (
            ("player.max_cards", r.player.max_cards, d.player_can_hold),
            ("banker.max_cards", r.banker.max_cards, d.banker_can_hold)) if can]
        if limits and all(most is not None and fewest > most for _, most in limits):
            names = " and ".join(f"{who} ({most})" for who, most in limits)
            bad.append(f"hands.definitions.{hand_id}: it needs {fewest} cards, above {names}: "
                       "no hand could hold it")
    return "; ".join(bad) or None


def _check_dealt_only(r: Any) -> str | None:
    """A named hand of dealt cards only that needs more cards than are ever dealt."""
    bad = []
    for hand_id, d in _definitions(r):
        if not getattr(d, "dealt_only", False):
            continue
        fewest = _fewest_cards(d)
        dealt = [(who, most) for who, most, can in (
            ("a player", _player_dealt(r, d), d.player_can_hold),
            ("the banker", max(2, r.deal.banker_cards), d.banker_can_hold)) if can]
        if dealt and all(fewest > most for _, most in dealt):
            said = " and ".join(f"at most {most} to {who}" for who, most in dealt)
            bad.append(f"hands.definitions.{hand_id}.dealt_only: it needs {fewest} cards "
                       f"dealt, but {said} (deal.player_cards {r.deal.player_cards}, "
                       f"deal.banker_cards {r.deal.banker_cards}): no hand could hold it")
    return "; ".join(bad) or None


def _player_dealt(r: Any, d: Any) -> int:
    """The most cards a player's hand is dealt (a hand made by a split: its card and
    those the split deals it), counted generously: two at least."""
    split = r.player.split
    by_split = 1 + split.cards_to_each_hand if split.allowed and d.on_split_hand else 0
    return max(2, int(r.deal.player_cards), int(by_split))


def _check_pack_holds(r: Any) -> str | None:
    """A named hand asks for ranks or suits the pack does not hold."""
    bad = [message for hand_id, d in _definitions(r)
           if (message := _missing_cards(hand_id, d, r.pack))]
    return "; ".join(bad) or None


def _missing_cards(hand_id: str, d: Any, pack: Any) -> str | None:
    where = f"hands.definitions.{hand_id}"
    if d.ranks is not None:
        missing = sorted({x.value for x in d.ranks if x not in pack.ranks})
        if missing:
            return f"{where}.ranks: {missing} are not in pack.ranks: no hand could hold it"
    suit = _NAMED_SUITS.get(d.suits)
    if suit is not None and suit not in {s.value for s in pack.suits}:
        return f"{where}.suits: the pack holds no {d.suits.value}: no hand could hold it"
    if d.suits is SuitRule.MIXED and len(pack.suits) == 1:
        return f"{where}.suits: the pack holds one suit, so no hand is of mixed suits"
    return _too_few_copies(where, d, pack)


def _too_few_copies(where: str, d: Any, pack: Any) -> str | None:
    """Ranks that ask for more copies of one card than the packs hold (7 7 7 all spades
    from one pack: there is one 7 of spades)."""
    if d.ranks is None or pack.decks == "infinite":
        return None
    one_suit = d.suits is SuitRule.SUITED or d.suits in _NAMED_SUITS
    per_rank = pack.decks * (1 if one_suit else len(pack.suits))
    counts = {rank.value: list(d.ranks).count(rank) for rank in d.ranks}
    over = [f"{n} × {rank}" for rank, n in sorted(counts.items()) if n > per_rank]
    if not over:
        return None
    packs = f"{pack.decks} pack{'s' if pack.decks > 1 else ''}"
    each = "of each card" if one_suit else "of each rank"
    return (f"{where}.ranks: it takes {', '.join(over)}{' of one suit' if one_suit else ''}, "
            f"but {packs} hold{'' if pack.decks > 1 else 's'} {per_rank} {each}: "
            "no hand could hold it")


def _check_values(r: Any) -> str | None:
    """A value for a rank the pack does not hold can never take effect."""
    missing = [rank.value for rank in r.pack.values if rank not in r.pack.ranks]
    if missing:
        return f"pack.values: {missing} are not in pack.ranks: the value never counts"
    return None


def _check_takes(r: Any) -> str | None:
    """What a banker's hand takes, on a hand the banker cannot hold."""
    bad = [f"hands.definitions.{hand_id}.takes: the banker cannot hold {hand_id} "
           "(banker_can_hold is false), so what it takes never applies"
           for hand_id, d in _definitions(r)
           if d.takes is not NaturalTakes.EVERYTHING and not d.banker_can_hold]
    return "; ".join(bad) or None


def _check_outcome_hands(r: Any) -> str | None:
    """Every exception names hands this ruleset's players and banker can hold."""
    bad = [f"{rule.player} against {rule.banker}" for rule in r.settlement.outcomes
           if not (_can_hold(r, rule.player, banker=False)
                   and _can_hold(r, rule.banker, banker=True))]
    if bad:
        return (f"settlement.outcomes: no hand can be {', '.join(bad)} under these rules "
                "(a hand that is not defined in hands.definitions, or one the player or "
                "the banker cannot hold)")
    return None


def _can_hold(r: Any, hand_id: str, banker: bool) -> bool:
    if hand_id in (HandClass.TOTAL, HandClass.BUST):
        return True
    d = r.hands.definitions.get(hand_id)
    if d is None:
        return False
    return bool(getattr(d, "banker_can_hold" if banker else "player_can_hold", True))


def _check_pack_size(r: Any) -> str | None:
    """Too few cards for any deal: one player and the banker need their cards."""
    per_pack = len(r.pack.ranks) * len(r.pack.suits)
    if r.pack.decks == "infinite":
        return None
    needed = r.deal.player_cards + r.deal.banker_cards
    if per_pack * r.pack.decks < needed:
        return (f"pack: {r.pack.decks} pack(s) of {per_pack} cards cannot deal "
                f"{r.deal.player_cards} cards to a player and {r.deal.banker_cards} to the "
                "banker")
    return None


def _check_totals_met(r: Any) -> str | None:
    """A named hand of fixed ranks whose cards can never count within its totals (two
    aces making 21 where an ace counts 11 only), or be as soft or hard as it asks."""
    bad = [found for hand_id, d in _definitions(r)
           if d.ranks is not None and (found := _never_met(hand_id, d, r.pack))]
    return "; ".join(bad) if bad else None


def _never_met(hand_id: str, d: Any, pack: Any) -> str | None:
    from pontoon_rules.ruleset.format.aces import by_count, counted

    ranks = [x.value for x in d.ranks]
    aces = ranks.count("A")
    rest = sum(pack.value_of(x) for x in d.ranks if x.value != "A")
    values = by_count(pack.ace_values_by_cards, tuple(pack.ace_values))[min(len(ranks), 24)]
    if pack.ace_values_by_cards:
        points, soft = counted(rest, aces, values, int(pack.bust_above))
    else:
        points, soft = _classic_count(rest, aces, tuple(pack.ace_values))
    low, high = d.min_total or 0, d.max_total if d.max_total is not None else 10**6
    where = f"hands.definitions.{hand_id}"
    if not low <= points <= high:
        limit = (f"min_total {low}" if points < low else f"max_total {high}")
        return (f"{where}: its ranks {ranks} always count {points} (aces "
                f"{' or '.join(str(v) for v in values)}), never within {limit}: no hand "
                "can be it")
    if getattr(d, "soft", None) is not None and soft != d.soft:
        return (f"{where}: its ranks {ranks} always make a {'soft' if soft else 'hard'} "
                f"hand, but soft is {str(d.soft).lower()}: no hand can be it")
    return None


def _classic_count(rest: int, aces: int, ace_values: tuple[int, ...]) -> tuple[int, bool]:
    """What the engine counts without `ace_values_by_cards`: every ace its low value, one
    counted high where that does not bust (`engine.round.hand.total`)."""
    hard = rest + aces * ace_values[0]
    bonus = ace_values[1] - ace_values[0] if len(ace_values) == 2 else 0
    if aces and bonus and hard + bonus <= 21:
        return hard + bonus, True
    return hard, False


HAND_CHECKS: tuple[Check, ...] = (
    _check_split_ranks,
    _check_card_limits,
    _check_dealt_only,
    _check_buy_card,
    _check_pack_holds,
    _check_values,
    _check_takes,
    _check_outcome_hands,
    _check_pack_size,
    _check_totals_met,
)
"""The cross-field checks of the pack, the table and the named hands."""

