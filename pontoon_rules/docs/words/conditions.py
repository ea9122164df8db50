"""When a rule of a sheet applies to a game: switches that are off, values only another
value makes meaningful, sentences that do not fit the game's pack, deal or banker."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from pontoon_rules.docs.words.between_words import banker_naturals_dealt
from pontoon_rules.docs.words.deal_facts import banker_first_card_up as banker_first_card_up
from pontoon_rules.docs.words.deal_facts import deal_cards_most as deal_cards_most
from pontoon_rules.docs.words.deal_facts import lowest_values
from pontoon_rules.docs.words.deal_facts import pack_can_run_out as pack_can_run_out
from pontoon_rules.engine.round.legal import insurance_range
from pontoon_rules.engine.round.rules import Rules, banker_draws_below, compile_rules
from pontoon_rules.engine.round.state import ranges_in_units
from pontoon_rules.ruleset.format.common import BankerMode, NaturalTakes, Rank
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving import relevance
from pontoon_rules.ruleset.resolving.outcomes import TOTAL, payout

GATES = ("allowed", "enabled")
"""A field named so switches its group on or off; when off, the group does not apply."""

Condition = Callable[[Ruleset], bool]


def _buys(r: Ruleset) -> bool:
    return r.stakes.buy.value != "none"


def _splits_rank(rank: str) -> Condition:
    return lambda r: r.player.split.resplit and any(x.value == rank for x in r.player.split.ranks)


def _fractional_odds(r: Ruleset) -> bool:
    named = [d for i, d in r.hands.ranked()]
    odds = [r.settlement.pays, r.settlement.collects, *(d.pays for d in named),
            *(d.collects for d in named)]
    if r.shoot.enabled:
        odds.append(r.shoot.pays)
    if r.player.insurance.allowed:
        odds.append(r.player.insurance.pays)
    return any(int(won) % int(staked) for won, staked in (o.split(":") for o in odds))


CONDITIONS: dict[str, Condition] = {
    "stakes.first_buy_min": _buys,
    "stakes.first_buy_max": lambda r: r.stakes.buy.value == "range",
    "stakes.later_buy_cap": lambda r: r.stakes.buy.value == "range",
    "stakes.last_buy_card": _buys,
    "stakes.buy_after_twist": _buys,
    "stakes.max_buys": lambda r: _buys(r) and r.stakes.max_buys is not None,
    "stakes.least_buy": lambda r: _buys(r) and r.stakes.least_buy is not None,
    "stakes.raise_up_to": lambda r: r.stakes.raise_up_to is not None,
    "player.split.buy_after_split": _buys,
    "player.split.double_after_split": lambda r: r.player.double.allowed,
    "player.split.resplit_aces": _splits_rank("A"),
    "player.split.resplit_one_branch": lambda r: r.player.split.resplit,
    "player.split.max_hands": lambda r: r.player.split.resplit,
    "player.split.aces_one_card": lambda r: any(x.value == "A" for x in r.player.split.ranks),
    "banker.stand_on": lambda r: r.banker.mode.value == "fixed-rule",
    "banker.hit_soft_17": lambda r: r.banker.mode.value == "fixed-rule",
    "settlement.odd_amounts": _fractional_odds,
    "between_deals.penetration": lambda r: r.between_deals.shuffle.value == "penetration",
    "between_deals.used_cards_to_bottom": lambda r: r.between_deals.shuffle.value
    != "every-deal",
    "between_deals.busted_cards_to_bottom_at_once": lambda r: r.between_deals.shuffle.value
    != "every-deal",
    "between_deals.rotation_from_split_hand": lambda r: r.between_deals.rotation.value
    == "pontoon-maker" and r.player.split.allowed,
    "shoot.split_hand_bet": lambda r: r.player.split.allowed,
    "settlement.outcomes": lambda r: bool(r.settlement.outcomes),
    "player.double.redouble_stake": lambda r: r.player.double.times_per_hand > 1,
    "player.double.aces_count_one": lambda r: r.player.double.aces_count_one,
    "player.double.rescue.allowed": lambda r: r.player.double.rescue.allowed,
    "player.surrender.allowed": lambda r: r.player.surrender.allowed,
    "player.surrender.timing": lambda r: r.deal.banker_pontoon_at_once
    and banker_natural(r),
    "player.surrender.void_on_banker_pontoon": lambda r: banker_natural(r)
    and (r.player.surrender.void_on_banker_pontoon or not r.deal.banker_pontoon_at_once),
    "player.surrender.against": lambda r: len(r.player.surrender.against) < len(Rank),
    "player.surrender.after_split": lambda r: r.player.split.allowed,
    "player.surrender.totals": lambda r: r.player.surrender.totals is not None,
    "player.surrender.buy_bets.allowed": lambda r: r.stakes.buy.value != "none",
    "player.surrender.buy_bets.plays_on": lambda r: r.player.surrender.buy_bets.allowed,
    "settlement.hidden_bust_pays": lambda r: r.settlement.hidden_bust_pays is not None,
    "table.bank.amount": lambda r: r.table.bank.amount is not None,
    "table.bank.passes_after_deals": lambda r: r.table.bank.passes_after_deals is not None,
    "table.bank.entry": lambda r: r.table.bank.entry is not None,
    "table.stakes_before_first_deal": lambda r: r.table.banker.value == "rotating"
    and r.table.max_players == 1 and not r.deal.stake_after_first_card,
    "banker.must_stand_at": lambda r: r.banker.must_stand_at is not None,
    "pack.ace_values_by_cards": lambda r: bool(r.pack.ace_values_by_cards),
    "banker.stick_minimum": lambda r: r.banker.stick_minimum is not None and (
        r.banker.mode.value == "by-choice" or r.banker.stick_minimum > r.banker.stand_on),
    "banker.opens.allowed": lambda r: r.banker.opens.allowed,
    "banker.opens.automatic_min_cards": lambda r: r.banker.mode.value == "by-choice",
    "banker.calls_off_at": lambda r: r.banker.calls_off_at is not None,
    "shoot.dry_kitty_sale": lambda r: r.shoot.dry_kitty == "new-kitty-or-sale",
    "side_bets.pair.allowed": lambda r: r.side_bets.pair.allowed,
    "side_bets.match_dealer.allowed": lambda r: r.side_bets.match_dealer.allowed,
    "side_bets.pair.suited_pays": lambda r: r.side_bets.pair.suited_pays is not None,
    "side_bets.match_dealer.suited_pays": lambda r: r.side_bets.match_dealer.suited_pays
    is not None,
    "faces.bought_card": _buys,
    "faces.doubled_card": lambda r: r.player.double.allowed,
    "faces.split_card": lambda r: r.player.split.allowed,
    "faces.banker_hidden": lambda r: 0 < r.deal.banker_cards_visible < r.deal.banker_cards,
    "between_deals.pack_runs_out": lambda r: pack_can_run_out(r),
    "between_deals.shuffle_on_banker_pontoon": lambda r: r.between_deals.shuffle.value
    == "after-pontoon" and banker_natural(r),
    "between_deals.shuffle_on_split_pontoon": lambda r: r.between_deals.shuffle.value
    == "after-pontoon" and r.player.split.allowed,
    "deal.banker_pontoon_at_once": lambda r: bool(banker_naturals_dealt(r)),
    "deal.banker_may_look_at_first_card": lambda r: r.deal.banker_cards >= 2
    and r.deal.banker_cards_visible < r.deal.banker_cards,
    "faces.pontoon_shown": lambda r: r.faces.player_cards.value != "face-up",
    "between_deals.rotation_when_banker_pontoon_at_once": lambda r: r.between_deals.rotation.value
    == "pontoon-maker" and r.deal.banker_pontoon_at_once and banker_natural(r),
}
"""When a field applies only under other values: a condition on the ruleset, by field path."""


def short_at_card_limit(r: Ruleset, banker: bool = False) -> bool:
    """Whether a player's hand can reach its `player.max_cards` below the total it must
    draw to (`player.stick_minimum`: 2-2-2-2-3 is 11 at five cards): the engine then stands
    it (nothing is left to decide), which "below 15 you must draw" alone does not say.
    `banker`: the banker's hand against `banker.max_cards` and the total below which the
    engine draws it (`engine.round.rules.banker_draws_below`: a fixed rule's `stand_on`, or
    their `stick_minimum`, the higher), which "the banker draws on 16 or less" beside
    "holds at most 5 cards" leaves open."""
    if banker:
        fixed = r.banker.mode is BankerMode.FIXED_RULE
        most, least = r.banker.max_cards, banker_draws_below(
            r.banker.stand_on if fixed else None, r.banker.stick_minimum or 0)
    else:
        most, least = r.player.max_cards, r.player.stick_minimum or 0
    if most is None or not least:
        return False
    if r.pack.is_infinite:
        return most * min(_lowest_values_per_rank(r)) < least
    return sum(lowest_values(r)[:most]) < least


def soft_stick_card(r: Ruleset) -> str | None:
    """The card that with an ace counted high makes exactly `player.stick_minimum` (pagat's
    A+4 = 15), where an ace has a high value: "may an ace and a 4 stick?" is a table's
    question, and the engine counts the hand's best total (`engine.round.hand.points`), so
    it may. None where no rank makes it, or an ace has one value."""
    least, aces = r.player.stick_minimum, r.pack.ace_values
    if least is None or len(aces) < 2 or Rank.ACE not in r.pack.ranks:
        return None
    want = Fraction(least - max(aces))
    return next((rank.value for rank in r.pack.ranks
                 if rank is not Rank.ACE and r.pack.value_of(rank) == want), None)


def soft_example_card(r: Ruleset) -> str | None:
    """The card that with an ace counted high makes the banker's `stand_on` (A+6 = soft 17),
    where the sheet says "soft" without saying what it is: a banker bound to stand on a
    total "soft or hard" (`banker.hit_soft_17` off; the rule that hits a soft total says
    what one is in its own words). None elsewhere, where an ace has one value, or where
    no rank makes the total."""
    aces = r.pack.ace_values
    if (r.banker.mode is not BankerMode.FIXED_RULE or r.banker.hit_soft_17 or len(aces) < 2
            or r.pack.ace_values_by_cards or Rank.ACE not in r.pack.ranks):
        return None
    want = Fraction(r.banker.stand_on - max(aces))
    return next((rank.value for rank in r.pack.ranks
                 if rank is not Rank.ACE and r.pack.value_of(rank) == want), None)


def _lowest_values_per_rank(r: Ruleset) -> list[Fraction]:
    """Each rank of the pack at the least it can count (an ace as at `deal_facts.lowest_values`)."""
    pack = r.pack
    return [pack.every_ace_value()[0] if rank is Rank.ACE else pack.value_of(rank)
            for rank in pack.ranks]


def cut_by_rank(r: Ruleset) -> tuple[Rank, ...]:
    """The ranks above the numbers, highest first, where a higher rank counts fewer points
    than a lower one (Очко's jack 2 under a ten, Sette e mezzo's king ½): 'the highest
    card' of the first banker's cut must then say it goes by rank, not by points; ()
    where rank and points agree."""
    order = [*(k for k in Rank if k is not Rank.ACE), Rank.ACE]
    points = [max(Fraction(v) for v in r.pack.ace_values) if k is Rank.ACE
              else r.pack.value_of(k) for k in order if k in r.pack.ranks]
    if points == sorted(points):
        return ()
    return tuple(k for k in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK) if k in r.pack.ranks)


def _gate_off(ruleset: Ruleset, path: str, groups: dict[str, tuple[Any, bool]]) -> bool:
    """Whether `path` is a false gate or sits under one (`player.double.allowed: false`);
    `groups`: each group's node and answer along the way, kept for the ruleset's other
    fields (hundreds of paths share a few dozen groups: each group asked once)."""
    group = path.rpartition(".")[0]
    return bool(group) and _group(ruleset, group, groups)[1]


def _group(ruleset: Ruleset, group: str, groups: dict[str, tuple[Any, bool]]
           ) -> tuple[Any, bool]:
    """The node at the dotted `group` (None where there is none) and whether a gate of it
    or of a group above it is off."""
    found = groups.get(group)
    if found is None:
        parent, _, name = group.rpartition(".")
        node, off = _group(ruleset, parent, groups) if parent else (ruleset, False)
        child = None if node is None else _child(node, name)
        found = groups[group] = (child, off or (child is not None and any(
            _child(child, gate) is False for gate in GATES)))
    return found


def _child(node: Any, name: str) -> Any:
    """A group's field (a mapping's entry), or None where it has none (a model that has
    no such attribute is answered without asking it: pydantic's refusal is slow, and
    `_gate_off` asks each group along a path for both of its `GATES`)."""
    if isinstance(node, dict):
        return node.get(name)
    if isinstance(node, BaseModel) and name not in type(node).model_fields and not hasattr(
            type(node), name):
        return None
    return getattr(node, name, None)


def banker_natural(r: Ruleset) -> bool:
    """Whether the banker can hold a natural (a pontoon) in this game."""
    return any(d.natural and d.banker_can_hold for _i, d in r.hands.ranked())


APPLIES_KEPT = 64
"""Rulesets whose `applies` answers are kept (the last ones asked about)."""

_APPLIES: dict[int, tuple[Ruleset, dict[str, bool], dict[str, tuple[Any, bool]]]] = {}


def applies(ruleset: Ruleset, path: str) -> bool:
    """Whether the field at `path` says anything about this game (else it is left out).

    On top of `ruleset.resolving.relevance.applies` (what can matter in the game at all), a sheet
    also leaves out a switch that is off (a game without doubling says nothing about
    doubling) and values only another value makes meaningful (`CONDITIONS`).

    Kept per ruleset object (asked hundreds of times a language), with its groups' gates
    (`_gate_off`): a ruleset is frozen and its entry holds it (no other object takes its
    id); one read through `reading`, anew.
    """
    if not isinstance(ruleset, Ruleset):
        return _applies(ruleset, path, {})
    kept = _APPLIES.get(id(ruleset))
    if kept is None or kept[0] is not ruleset:
        if len(_APPLIES) >= APPLIES_KEPT:
            _APPLIES.clear()
        kept = _APPLIES[id(ruleset)] = (ruleset, {}, {})
    found = kept[1].get(path)
    if found is None:
        found = kept[1][path] = _applies(ruleset, path, kept[2])
    return found


def _applies(ruleset: Ruleset, path: str, groups: dict[str, tuple[Any, bool]]) -> bool:
    if not relevance.applies(ruleset, path) or _gate_off(ruleset, path, groups):
        return False
    condition = CONDITIONS.get(path)
    return condition is None or condition(ruleset)


def natural_beats_natural(r: Ruleset) -> bool:
    """Whether a player's natural (the game's first) wins more than 1:1 against every banker
    hand, the banker's same natural too, in the outcome table the engine settles by: even
    money then only pays less."""
    from pontoon_rules.ruleset.resolving.outcomes import WIN, outcome_table

    naturals = [h for h, d in r.hands.ranked() if d.natural and d.player_can_hold
                and d.banker_can_hold]
    if not naturals:
        return False
    row = [c for (p, _b), c in outcome_table(r).items() if p == naturals[0]]
    return bool(row) and all(c.result == WIN and c.pays > 1 for c in row)


def natural_loses_to_natural(r: Ruleset) -> bool:
    """Whether a player's natural (the game's first) loses to the banker's same natural in
    the outcome table the engine settles by (Sette e mezzo's reale against the banker's)."""
    from pontoon_rules.ruleset.resolving.outcomes import LOSE, outcome_table

    naturals = [h for h, d in r.hands.ranked() if d.natural and d.player_can_hold
                and d.banker_can_hold]
    cell = outcome_table(r).get((naturals[0], naturals[0])) if naturals else None
    return cell is not None and cell.result == LOSE


def void_surrender_loss(r: Ruleset) -> str | None:
    """What a hand whose surrender the banker's natural made void loses with a plain total,
    read from the outcome table and the natural's `takes` the engine settles by: "whole"
    (its stake: a doubled hand may not surrender), "original" where the natural takes only
    the original stakes and buy bets come back, None where a total does not lose to it
    (the sheet then says only that the hand settles as it stands)."""
    from pontoon_rules.ruleset.resolving.outcomes import LOSE, outcome_table

    naturals = [(h, d) for h, d in r.hands.ranked() if d.natural and d.banker_can_hold]
    cell = outcome_table(r).get((TOTAL, naturals[0][0])) if naturals else None
    if cell is None or cell.result != LOSE:
        return None
    bought = r.stakes.buy.value != "none"
    return "original" if bought and naturals[0][1].takes is NaturalTakes.ORIGINAL_BETS \
        else "whole"


def doubled_bonus(r: Ruleset) -> str | None:
    """The best hand paid above a plain total that a doubled hand may still make: where a
    double goes on drawing (`player.double.draws_after` none), casino Очко's five-card
    trick (2:1). The engine pays it on the hand's whole stake, the double included
    (`settle.won`), which a reader cannot tell from the odds alone. None where there is no
    such hand (a fixed prize is not paid on the stake)."""
    d = r.player.double
    if not d.allowed or d.draws_after is not None:
        return None
    plain_total = payout(r, TOTAL)
    for hand_id, hand in r.hands.ranked():
        if (hand.player_can_hold and not hand.natural and hand.prize is None
                and (hand.max_cards is None or hand.max_cards > d.min_cards)
                and payout(r, hand_id) > plain_total):
            return hand_id
    return None


def doubled_natural(r: Ruleset) -> str | None:
    """A natural a player may double (one that may still draw, `may_draw_on`, held on as
    few cards as a double asks): the double's card makes it another hand, so its odds are
    not paid on the doubled stake. None where no natural can be doubled."""
    d = r.player.double
    if not d.allowed:
        return None
    for hand_id, hand in r.hands.ranked():
        if (hand.natural and hand.player_can_hold and hand.may_draw_on
                and (hand.max_cards is None or d.min_cards <= hand.max_cards)):
            return hand_id
    return None


def insured(r: Ruleset, stake: int, rules: Rules | None = None) -> int:
    """The most a hand staking `stake` may insure, as the engine offers it
    (`legal.insurance_range`, cut to the insurance's unit by `state.ranges_in_units`):
    0 where it may not insure at all. `rules`: `r` compiled, where the caller has it."""
    rules = rules or compile_rules(r)
    bet = insurance_range(rules, stake)
    kept = ranges_in_units([bet], rules) if bet is not None else []
    return int(kept[0].high or 0) if kept else 0


def _chip_insurance(r: Ruleset) -> bool:
    """Whether insurance is offered on stakes of whole chips, where a part of a stake may
    be a fraction of a chip. A money of cents (`stakes.money.minor_units`) is left to the
    sheet's rounding sentence, "rounded down to the cent" (test_docs_reader49g)."""
    ins, money = r.player.insurance, r.stakes.money
    return (ins.allowed and ins.max_fraction[0] % ins.max_fraction[1] != 0
            and (money is None or money.minor_units == 1))


def odd_insurance(r: Ruleset) -> tuple[int, int] | None:
    """A stake whose insurance part is not a whole chip (from 5 up: Belarus's half of 5)
    and what it may insure (`insured`: rounded down, 2), which the odds alone leave open;
    None where `_chip_insurance` is not so, or no stake within the stake limits is one
    (from 5 up where the limits allow, else the least)."""
    if not _chip_insurance(r):
        return None
    num, den = r.player.insurance.max_fraction
    low, high = r.stakes.limits()
    rules = compile_rules(r)
    for start in (max(low, 5), low):
        for stake in range(start, start + 2 * den):
            if high is not None and stake > high:
                break
            if stake * num % den and (most := insured(r, stake, rules)):
                return stake, most
    return None


def uninsured_stake(r: Ruleset) -> int | None:
    """The least stake (`stakes.limits`) where its insurance part comes to less than a
    chip, which the engine then does not offer (`insured` 0: half of 1); else None."""
    low = r.stakes.limits()[0]
    return low if _chip_insurance(r) and not insured(r, low) else None


def aces_past_surrender_limit(r: Ruleset) -> int | None:
    """The fewest aces a hand must hold to have more cards than `player.surrender.max_cards`
    and not be bust (Casino Filipino's 12: 13 cards under 22 take 5 aces); 0 where no ace is
    needed, None where no hand can hold that many (the sheet then names no limit:
    `your_turn.j2`). Where a hand can, the limit can matter, and the sheet says it plainly:
    the count of aces beside it read as a program's note (g49t)."""
    if r.player.surrender.max_cards is None:
        return None  # any number of cards: no limit to name
    more = r.player.surrender.max_cards + 1
    if r.player.max_cards is not None and r.player.max_cards < more:
        return None
    pack, limit = r.pack, r.pack.bust_above
    ace = pack.every_ace_value()[0]
    copies = more if pack.is_infinite else int(pack.decks) * len(pack.suits)
    if pack.wild_cards or Rank.ACE not in pack.ranks:
        lowest = (sorted(_lowest_values_per_rank(r) * more) if pack.is_infinite
                  else lowest_values(r))
        return 0 if len(lowest) >= more and sum(lowest[:more]) <= limit else None
    others = sorted(v for rank in pack.ranks if rank is not Rank.ACE
                    for v in [pack.value_of(rank)] * copies)
    for aces in range(min(copies, more) + 1):
        if aces * ace + sum(others[:more - aces]) <= limit and len(others) >= more - aces:
            return aces
    return None
