"""The rules of the family's second round (issue 48) in the registry of
`ruleset.resolving.features`:
aces counted by the hand's cards, conditions of named hands, the lower total winning, the
banker's minimum and opening, fractional values, another bust limit, wild cards. Imported
by `features` itself, after its own registrations (the order refusals are named in)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pontoon_rules.ruleset.resolving.features import Feature, _bank_may_cap, register

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset


# -- issue 48: aces by the hand's cards, conditions of named hands, the banker's minimum --

def _hand_conditions(r: Ruleset) -> list[tuple[str, str]]:
    return [(f"hands.definitions.{i}.soft", f"{i}: for a hard or a soft hand only")
            for i, d in r.hands.ranked() if d.soft is not None]


def _up_and_stake(r: Ruleset) -> list[tuple[str, str]]:
    words = (("banker_up_ranks", "for some banker's up cards only"),
             ("min_stake", "for some stakes only"), ("max_stake", "for some stakes only"),
             ("prize", "a fixed prize"))
    return [(f"hands.definitions.{i}.{name}", f"{i}: {what}") for i, d in r.hands.ranked()
            for name, what in words if getattr(d, name) is not None]


def _lower_wins(r: Ruleset) -> list[tuple[str, str]]:
    return [(f"hands.definitions.{i}.compare", f"{i}: of two, the lower total wins")
            for i, d in r.hands.ranked() if d.compare.value == "lower-total"]


register(Feature(
    "an ace counting by the hand's cards", ("pack.ace_values_by_cards",),
    "an ace whose values depend on how many cards the hand holds",
    lambda r: bool(r.pack.ace_values_by_cards)))
register(Feature(
    "named hands by softness", ("hands.definitions",),
    "a named hand for a hard or a soft hand only",
    lambda r: bool(_hand_conditions(r)), details=_hand_conditions))
register(Feature(
    "named hands by up card or stake", ("hands.definitions",),
    "a named hand for some banker's up cards or a band of stakes only, or paid a fixed "
    "prize (the analysis values it at the least stake, one solve per group of up cards; the "
    "compiled simulator plays it at that stake, by each group's best play)",
    lambda r: bool(_up_and_stake(r)), frozenset({"analysis", "simulator", "sessions"}),
    details=_up_and_stake))
register(Feature(
    "the lower total winning", ("hands.definitions",),
    "two named hands of one kind where the lower total wins",
    lambda r: bool(_lower_wins(r)), details=_lower_wins))
register(Feature(
    "a banker's minimum", ("banker.stick_minimum",),
    "a banker who may not stand below a total",
    lambda r: r.banker.stick_minimum is not None and (
        r.banker.mode.value == "by-choice" or r.banker.stick_minimum > r.banker.stand_on)))
register(Feature(
    "a banker opening players", ("banker.opens.allowed",),
    "a banker who opens chosen players' hands and settles them before drawing on",
    lambda r: r.banker.opens.allowed))
register(Feature(
    "a banker calling the deal off", ("banker.calls_off_at",),
    "a banker whose dealt cards make some totals calling the whole deal off, every stake "
    "back (Ban Luck's dealer's free hand)",
    lambda r: r.banker.calls_off_at is not None))
register(Feature(
    "a surrender at some totals only", ("player.surrender.totals",),
    "a hand given up only at some totals (Ban Luck's free hand of 15)",
    lambda r: r.player.surrender.allowed and r.player.surrender.totals is not None))


# -- issue 48: values and totals beyond whole points and 21 ------------------------------

register(Feature(
    "fractional card values", ("pack.values",),
    "cards worth a fraction of a point (Sette e mezzo's half-point picture cards)",
    lambda r: any(v.denominator != 1 for v in r.pack.values.values())))
register(Feature(
    "a bust limit other than 21", ("pack.bust_above",),
    "hands bust above another total than 21 (Sette e mezzo: above 7½)",
    lambda r: r.pack.bust_above != 21))
register(Feature(
    "wild cards", ("pack.wild_cards",),
    "cards that count as any value their holder chooses (la matta)",
    lambda r: bool(r.pack.wild_cards)))


# -- issue 48: money between players, the bank as it stands ------------------------------

def _paid_by_players(r: Ruleset) -> list[tuple[str, str]]:
    return [(f"hands.definitions.{hand_id}.paid_by_players",
             f"{hand_id} paid by each other player") for hand_id, d in r.hands.ranked()
            if d.paid_by_players is not None and d.player_can_hold]


register(Feature(
    "a hand paid by the other players", ("hands.definitions",),
    "a player's hand that each other player pays too, not only the banker (one seat alone "
    "is paid by nobody: the analysis's figure is one seat's)",
    lambda r: bool(_paid_by_players(r)), frozenset({"analysis"}), details=_paid_by_players))


def _prize_to_others(r: Ruleset) -> list[tuple[str, str]]:
    return [(f"hands.definitions.{hand_id}.prize_to_others",
             f"{hand_id} makes the banker pay each other player") for hand_id, d in
            r.hands.ranked() if d.prize_to_others is not None and d.player_can_hold]


register(Feature(
    "a prize to the other players", ("hands.definitions",),
    "a player's hand that makes the banker pay every other player a fixed prize (one seat "
    "alone has no other player to pay: the analysis's and the simulation's figures are "
    "one seat's)",
    lambda r: bool(_prize_to_others(r)), frozenset({"analysis", "simulator", "sessions"}),
    details=_prize_to_others))


def _bank_as_it_stands_differs(r: Ruleset) -> bool:
    """The bank as it stands where it may cap otherwise than the whole deal's: a decision
    adds to a stake (then what busts paid in counts). Without one, stakes that the bank
    covers together (all the compiled simulator plays) are never cut: a hand settled during
    the deal gives back at least what it took out (a bust, even money, a surrender)."""
    return r.table.bank.cap.value == "as-it-stands" and _bank_may_cap(r)


register(Feature(
    "the bank as it stands", ("table.bank.cap",),
    "each stake capped by what the bank holds when its seat's turn comes, losses paid into "
    "it counting for the next player, where a decision adds to a stake",
    _bank_as_it_stands_differs))
register(Feature(
    "a compulsory stake into the bank", ("table.bank.entry",),
    "every player putting a set amount into the bank before the deal",
    lambda r: r.table.bank.amount is not None and r.table.bank.entry is not None))
register(Feature(
    "raising the stake in play", ("stakes.raise_up_to",),
    "a stake raised during play, without a card, up to a multiple of the stake first put "
    "down", lambda r: r.stakes.raise_up_to is not None))
register(Feature(
    "a count of buys", ("stakes.max_buys",),
    "at most so many bought cards to a hand",
    lambda r: r.stakes.buy.value != "none" and r.stakes.max_buys is not None))
register(Feature(
    "giving up buy bets", ("player.surrender.buy_bets.allowed",),
    "a hand's latest buy bets given up for part of them back (business, partial business)",
    lambda r: r.player.surrender.allowed and r.player.surrender.buy_bets.allowed))
register(Feature(
    "a buy of any amount", ("stakes.first_buy_min",),
    "a first buy from the least stake, not a multiple of the stake",
    lambda r: r.stakes.buy.value == "range" and r.stakes.first_buy_min == 0))
register(Feature(
    "a least buy of its own", ("stakes.least_buy",),
    "no buy below a set amount, whatever the stake (the analysis values a buy per unit of "
    "stake)",
    lambda r: r.stakes.buy.value != "none" and r.stakes.least_buy is not None))


# -- issue 45: what the analysis values at the least stake --------------------------------

def _rounded_where_valued(r: Ruleset) -> list[tuple[str, str]]:
    """The analysis values payouts unrounded, per unit of stake: a true figure of any
    stake where every payout is whole and every named hand held by the stake or paid a
    prize plays as at the least stake (`analysis.upcards.valued_stake`), and the
    simulations play there (`analysis.upcards.played_stake`). Where the stake limits hold
    no such stake (`ruleset.resolving.outcomes.whole_stake`), the engine and the
    simulators round a payout (`settlement.odd_amounts`) that the analysis does not:
    refused, naming the stake and the payout; where payouts are never rounded
    (`odd_amounts: exact`), the engine takes no stake there at all: refused, naming the
    stake."""
    from pontoon_rules.ruleset.resolving.outcomes import (
        payout_terms,
        stake_unit,
        term_words,
        whole_stake,
    )

    (stake, most), unit = r.stakes.limits(), stake_unit(r)
    if stake % unit == 0 or whole_stake(r, stake, stake, most) is not None:
        return []
    limits = f"from {stake} to {most}" if most is not None else f"from {stake}"
    held = " that plays as the least" if _up_and_stake(r) else ""
    if r.settlement.odd_amounts == "exact":  # the engine takes only multiples of the unit
        return [("stakes.min_stake", f"no stake {limits} is a multiple of {unit}, where "
                 f"every payout is whole{held}, and settlement.odd_amounts is exact (it "
                 "takes no other stake): no round can be played at these stake limits")]
    where, odds = next((w, f) for w, f in payout_terms(r) if (stake * f).denominator != 1)
    part = ".max_fraction " in where and " on " not in where  # the bet itself, not its win
    rounds = ("stakes it rounded down" if part
              else f"rounds it (settlement.odd_amounts: {r.settlement.odd_amounts})")
    return [("stakes.min_stake", f"{term_words(where, odds)} is not a whole amount at a "
             f"stake of {stake} (the least), and no stake {limits} where every payout is "
             f"whole{held} (a multiple of {unit}) can be played: the engine {rounds}, "
             "the analysis does not")]


register(Feature(
    "payouts rounded at every stake a figure may be valued at", ("stakes.min_stake",),
    "a payout that is not whole, and rounded, at every stake the limits allow where the "
    "named hands held by the stake play as at the least",
    lambda r: bool(_rounded_where_valued(r)), frozenset({"simulator", "sessions"}),
    details=_rounded_where_valued))


def _growing_prizes(r: Ruleset) -> list[tuple[str, str]]:
    """A fixed prize on a player's hand whose stake may grow (a double, a buy): not odds of
    one stake, so the analysis cannot value it per stake (`analysis.upcards.groups`
    refuses it) and no best play of it can be made; the engine and the compiled sessions
    play it."""
    doubles = r.player.double.allowed and r.player.double.times_per_hand > 0
    buys = r.stakes.buy.value != "none"
    return [(f"hands.definitions.{i}.prize",
             f"{i}: a fixed prize on a hand that may have "
             + ("doubled (after_double)" if d.after_double and doubles
                else "bought cards (stakes.buy)"))
            for i, d in r.hands.ranked() if d.prize is not None and d.player_can_hold
            and ((d.after_double and doubles) or buys)]


register(Feature(
    "a fixed prize on a hand whose stake may grow", ("hands.definitions",),
    "a named hand paid a fixed amount where its stake may have grown by a double or a buy",
    lambda r: bool(_growing_prizes(r)), frozenset({"sessions"}), details=_growing_prizes))
