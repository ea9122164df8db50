"""A ruleset flattened into plain attributes the engine reads on its hot paths.

The named hands are compiled twice: for the engine (`named`, `player_hands`,
`banker_hands`, `cells`: the outcome table keyed by hand ids), and, where the
definitions are the classic four (`ruleset.resolving.classic`), into the classic view the
exact analysis and the compiled simulator read (`rank_of_class`, `trick_cards`,
`payouts`, `outcomes` keyed by `HandClass`, ...). A ruleset whose hands are not the
classic four has `classic` set to the reason, and those tools refuse it by name
(`ruleset.resolving.features`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pontoon_rules.engine.round.cards import CARDS_PER_PACK, RANK_CODES, SUIT_CODES, parse_card
from pontoon_rules.engine.round.classic_view import classic_fields
from pontoon_rules.engine.round.giving_up import SurrenderRules, compile_surrender, rescue_last_only
from pontoon_rules.engine.round.named import NO_LIMIT as NO_LIMIT  # one 'no limit': named's
from pontoon_rules.engine.round.named import NamedHand, named_fields
from pontoon_rules.engine.round.side_bets import SideBetRules, compile_side_bets
from pontoon_rules.ruleset.format.aces import by_count
from pontoon_rules.ruleset.format.common import (
    ALL_RANKS,
    BankerHidden,
    BankerMode,
    BuyMode,
    DealOrder,
    HandClass,
    LaterBuyCap,
    NaturalTakes,
    PackRunsOut,
    PairRule,
    ShootLimit,
    SplitDealOrder,
    odds_fraction,
)
from pontoon_rules.ruleset.format.decisions import RedoubleStake
from pontoon_rules.ruleset.format.faces import Faces
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.play import InsuranceAmount
from pontoon_rules.ruleset.format.points import unit_of
from pontoon_rules.ruleset.resolving.classic import ClassicHands, NotClassic
from pontoon_rules.ruleset.resolving.outcomes import (
    OutcomeTable,
    bet_units,
    outcome_table,
    stake_unit,
)


def banker_draws_below(stand_on: int | None, stick_minimum: int) -> int:
    """The total below which the banker's hand must draw whatever the banker would choose: a
    fixed rule's `stand_on` (None: a banker by choice, who has none), raised by the
    banker's `stick_minimum` (0: none); 0 where nothing forces a draw. The one rule the
    engine plays the banker by (`flow`) and the sheets say (`docs.words.conditions`), in
    whichever unit both totals are given (points, or the compiled rules' `unit`)."""
    return max(stand_on or 0, stick_minimum)


@dataclass(frozen=True, slots=True, eq=False)
class Rules:
    """The engine's view of a ruleset: every field as a plain value (hashed by identity)."""

    ruleset: Ruleset
    decks: int | None
    """Packs in the shoe; None for an infinite deck (cards dealt with replacement)."""
    rank_present: tuple[bool, ...]
    card_present: tuple[bool, ...]
    """Per card number (0-51): whether the packs hold it (ranks and suits held)."""
    values: tuple[int, ...]
    """Per rank index: its points in the hard total (the ace's low value)."""
    ace_bonus: int
    """What an ace adds when it counts high (0 where an ace has one value)."""
    max_players: int
    player_cards: int
    banker_cards: int
    banker_visible: int
    peek: bool
    buy_mode: BuyMode
    first_buy: tuple[int, int]
    later_cap_previous: bool
    buy_after_twist: bool
    last_buy_card: int
    stick_minimum: int
    max_cards: int
    draw_on_21: bool
    pontoon_may_draw: bool
    split_allowed: bool
    split_by_rank: bool
    split_ranks: frozenset[int]
    split_max_hands: int
    resplit: bool
    resplit_aces: bool
    resplit_one_branch: bool
    split_cards: int
    split_all_at_once: bool
    split_aces_one_card: bool
    split_ace_ten_pontoon: bool
    double_after_split: bool
    buy_after_split: bool
    double_allowed: bool
    double_min_cards: int
    double_max_cards: int
    double_times: int
    double_draws: int
    insurance: bool
    insurance_fraction: Fraction
    insurance_pays: Fraction
    even_money: bool
    banker_by_choice: bool
    banker_stand_on: int
    banker_hit_soft: bool
    banker_max_cards: int
    banker_plays_alone: bool
    rank_of_class: dict[HandClass, int]
    banker_pontoon: bool
    trick_enabled: bool
    trick_cards: int
    banker_trick: bool
    trick_always_wins: bool
    trick_by_total: bool
    twenty_one: bool
    three_of_a_kind: bool
    three_auto_win: bool
    ties_push: bool
    pontoon_ties_push: bool
    payouts: dict[HandClass, Fraction]
    collects: dict[HandClass, Fraction]
    bust_pays_by_class: bool
    bust_loses_at_once: bool
    round_up: bool
    outcomes: OutcomeTable
    """The classic view's outcome table, keyed by `HandClass` (empty when not classic)."""
    named: dict[str, NamedHand]
    """The named hands by id."""
    player_hands: tuple[NamedHand, ...]
    """The named hands a player may hold, in ranking order."""
    banker_hands: tuple[NamedHand, ...]
    """The named hands the banker may hold, in ranking order."""
    over_21_hands: bool
    """Whether some named hand may be held over 21 (two aces of 11)."""
    banker_dealt: int
    """How many of the banker's cards count as dealt (for `dealt_only`)."""
    cells: OutcomeTable
    """Who beats whom, keyed by (player hand id, banker hand id)."""
    takes: dict[str, NaturalTakes]
    """Banker hand id → what it takes, where that is not everything."""
    classic: ClassicHands | NotClassic
    faces: Faces
    deal_by_hand: bool
    banker_dealt_first: bool
    shoot: bool = False
    """Shoot Pontoon: shoot bets against a kitty (offered only when a kitty is put up)."""
    shoot_fourth_card: bool = False
    shoot_split_hand: bool = False
    shoot_bust_at_once: bool = False
    shoot_banker_pontoon_sweeps: bool = False
    shoot_pays: Fraction = Fraction(1)
    shoot_up_to_kitty: bool = True
    min_stake: int = 1
    max_stake: int | None = None
    double_totals: frozenset[int] | None = None
    """The totals a hand may double on (as it will count after doubling); None: any."""
    double_aces_low: bool = False
    """An ace held when doubling counts 1 from then on."""
    redouble_whole: bool = True
    """A later double adds the whole stake (else one original stake)."""
    rescue: bool = False
    """The double-down rescue is offered."""
    rescue_last_only: bool = False
    """A rescue gives back only the last doubled part (else every doubled part)."""
    surrender: SurrenderRules | None = None
    """`player.surrender` where it is allowed, else None."""
    insurance_exact: bool = False
    """An insurance bet is exactly `insurance_fraction` of the stake (else up to it)."""
    later_cap_first: bool = False
    """A later buy is capped by what the first bought card cost (`later_buy_cap:
    first-buy`); `later_cap_previous` caps it by the card before."""
    shoot_fourth_up_to_kitty: bool = True
    """The bet before a fourth card may bring the shoot bets up to the kitty (else below)."""
    bank_amount: int | None = None
    """The bank a banker puts up (`table.bank.amount`): it caps the stakes; None: no cap."""
    va_bank: bool = False
    """A stake of the whole bank may go above the maximum stake."""
    banker_must_stand: int = NO_LIMIT
    """A banker by choice must stand on this total or more (NO_LIMIT: no such rule)."""
    side_bets: SideBetRules | None = None
    """`side_bets` where one is offered, else None."""
    new_pack_when_out: bool = False
    """`between_deals.pack_runs_out: new-pack` (else the discards are shuffled first)."""
    banker_hidden_first: bool = False
    """`faces.banker_hidden: first`: the banker's first dealt cards lie face down."""
    naturals_live: bool = True
    """A player's natural is a live hand the banker plays against (`banker.naturals_live`)."""
    natural_insurance: bool = False
    """A natural may take insurance too (`player.insurance.offered_to_natural`)."""
    split_21_stands: bool = False
    """A split hand's two-card 21 must stand (`player.split.two_card_21_stands`)."""
    aces_by_count: tuple[tuple[int, ...], ...] | None = None
    """Per number of cards (0-24): the values an ace may count (`pack.ace_values_by_cards`);
    None: `values[0]` and `ace_bonus` always."""
    reads_soft: bool = False
    """Some named hand is for a hard or a soft hand only (its `soft`)."""
    reads_up: bool = False
    """Some named hand asks for the banker's up card (its `banker_up_ranks`)."""
    banker_minimum: int = 0
    """A banker by choice may not stand below this total (`banker.stick_minimum`)."""
    prizes: dict[str, int] | None = None
    """Hand id -> the fixed amount it is paid when it wins (`prize`); None: no prizes."""
    conditional: tuple[str, ...] = ()
    """The ids of the hands held against some up cards or at some stakes only, or paid a
    prize (`HandDefinition.conditional`)."""
    opens: tuple[int, int, int] | None = None
    """`banker.opens` where allowed: the least and the most total at which the banker may
    open a player's hands, and the automatic banker's least number of cards to open."""
    calls_off: frozenset[int] | None = None
    """`banker.calls_off_at` in units: the banker's dealt totals at which the banker may
    call the whole deal off (`engine.round.calling_off`); None: never."""
    rounding: str = "round-down"
    """`settlement.odd_amounts`: how a payout that is not whole is settled."""
    stake_unit: int = 1
    """What every amount staked must be a multiple of (`odd_amounts: exact`: the least
    common multiple of the payouts' denominators; else 1)."""
    insurance_unit: int = 1
    """What an insurance bet must be a multiple of (`odd_amounts: exact`: its odds'
    denominator, `outcomes.bet_units`, so that a bet below the most is paid whole too)."""
    side_bet_unit: int = 1
    """What a side bet must be a multiple of (`odd_amounts: exact`: its odds'
    denominators, `outcomes.bet_units`)."""
    unit: int = 1
    """Engine units in one point: every total, value and threshold here is counted in
    them (2 where a card is worth a half), so totals stay whole numbers
    (`ruleset.format.points`)."""
    bust_limit: int = 21
    """`pack.bust_above` in units: a hand above it is bust."""
    wild: frozenset[int] = frozenset()
    """Card numbers (0-51) that are wild (`pack.wild_cards`)."""
    wild_extras: tuple[int, ...] = ()
    """What a wild card may add above its lowest value, in units, ascending from 0."""
    wild_lowest: int = 0
    """A wild card's lowest value, in units: what it counts in a hand's hard total."""

    def points(self, value: Fraction | int) -> int:
        """`value` (points, exact) in engine units."""
        scaled = Fraction(value) * self.unit
        if scaled.denominator != 1:
            raise ValueError(f"{value} is not a whole number of units of 1/{self.unit}")
        return int(scaled)

    def shown(self, units: int) -> Fraction:
        """A total in engine units as points (exact)."""
        return Fraction(units, self.unit)
    bank_as_it_stands: bool = False
    """`table.bank.cap: as-it-stands`: each stake is capped when its seat's turn comes by
    what the bank holds then (`engine.round.live_bank`)."""
    bank_entry: int = 0
    """`table.bank.entry`: what each player puts into the bank before the deal (0: none)."""
    max_buys: int = NO_LIMIT
    """`stakes.max_buys`: the most cards one hand may buy (NO_LIMIT: no such rule)."""
    least_buy: int | None = None
    """`stakes.least_buy`: the least one buy adds (None: the least stake)."""
    raise_up_to: int = 0
    """`stakes.raise_up_to`: a stake may be raised in play up to this multiple of the stake
    first put down (0: no raising)."""
    hidden_bust_pays: Fraction | None = None
    """`settlement.hidden_bust_pays`: what a bust its player hid pays when found (None: a
    bust may not be hidden; `engine.round.hidden_bust`)."""


_COMPILED: dict[int, tuple[Ruleset, Rules]] = {}
"""`compile_rules`'s by ruleset object (at most 128: 25 MB of spanish-21's; an entry holds
its ruleset, so that no other takes its id): a variant is compiled for its key, reads, solve."""


def compile_rules(r: Ruleset) -> Rules:
    """Flatten `r` into a `Rules` (pure), once per ruleset object (frozen): `Rules` compare
    by identity, so the memos keyed by them (`hand.classify`'s) meet again."""
    kept = _COMPILED.get(id(r))
    if kept is None or kept[0] is not r:
        if len(_COMPILED) >= 128:
            _COMPILED.clear()
        kept = _COMPILED[id(r)] = (r, _compile(r))
    return kept[1]


def _compile(r: Ruleset) -> Rules:
    p, s, sp, d, b, st = (
        r.player, r.stakes, r.player.split, r.player.double, r.banker, r.settlement
    )
    ranks = {x.value for x in r.pack.ranks}
    suits = {x.value for x in r.pack.suits}
    none = NO_LIMIT
    unit = pack_unit(r)
    aces = [a * unit for a in r.pack.ace_values]
    return Rules(
        ruleset=r,
        decks=None if r.pack.decks == "infinite" else r.pack.decks,
        rank_present=tuple(c in ranks for c in RANK_CODES),
        card_present=tuple(RANK_CODES[c >> 2] in ranks and SUIT_CODES[c & 3] in suits
                           for c in range(CARDS_PER_PACK)),
        values=tuple(int(r.pack.value_of(rank) * unit) for rank in ALL_RANKS),
        ace_bonus=aces[1] - aces[0] if len(aces) == 2 else 0,
        max_players=r.table.max_players,
        player_cards=r.deal.player_cards,
        banker_cards=r.deal.banker_cards,
        banker_visible=r.deal.banker_cards_visible,
        peek=r.deal.banker_pontoon_at_once,
        buy_mode=s.buy,
        first_buy=(s.first_buy_min, s.first_buy_max),
        later_cap_previous=s.later_buy_cap is LaterBuyCap.PREVIOUS_BUY,
        buy_after_twist=s.buy_after_twist,
        last_buy_card=s.last_buy_card if s.buy is not BuyMode.NONE else 0,
        stick_minimum=(p.stick_minimum or 0) * unit,
        max_cards=p.max_cards or none,
        draw_on_21=p.draw_on_21,
        split_allowed=sp.allowed,
        split_by_rank=sp.pair_rule is PairRule.SAME_RANK,
        split_ranks=frozenset(RANK_CODES.index(x.value) for x in sp.ranks),
        split_max_hands=sp.max_hands or none,
        resplit=sp.resplit,
        resplit_aces=sp.resplit_aces,
        resplit_one_branch=sp.resplit_one_branch,
        split_cards=sp.cards_to_each_hand,
        split_all_at_once=sp.deal_order is SplitDealOrder.ALL_AT_ONCE,
        split_aces_one_card=sp.aces_one_card,
        double_after_split=sp.double_after_split,
        buy_after_split=sp.buy_after_split,
        double_allowed=d.allowed and d.times_per_hand > 0,
        double_min_cards=d.min_cards,
        double_max_cards=d.max_cards or none,
        double_times=d.times_per_hand,
        double_draws=d.draws_after or none,
        insurance=p.insurance.allowed,
        insurance_fraction=Fraction(*p.insurance.max_fraction),
        insurance_pays=odds_fraction(p.insurance.pays),
        even_money=p.insurance.even_money,
        banker_by_choice=b.mode is BankerMode.BY_CHOICE,
        banker_stand_on=b.stand_on * unit,
        banker_hit_soft=b.hit_soft_17,
        banker_max_cards=b.max_cards or none,
        banker_plays_alone=b.draws_when_no_live_hands,
        bust_pays_by_class=st.banker_bust_pays_by_class,
        bust_loses_at_once=st.player_bust_loses_at_once,
        round_up=st.odd_amounts == "round-up",
        **named_fields(r, outcome_table(r), unit),
        **classic_fields(r),
        faces=r.faces,
        deal_by_hand=r.deal.order is DealOrder.HAND_BY_HAND,
        banker_dealt_first=r.deal.banker_dealt_first,
        shoot=r.shoot.enabled,
        shoot_fourth_card=r.shoot.fourth_card_bet,
        shoot_split_hand=r.shoot.split_hand_bet,
        shoot_bust_at_once=r.shoot.bust_to_kitty_at_once,
        shoot_banker_pontoon_sweeps=r.shoot.banker_pontoon_sweeps,
        shoot_pays=odds_fraction(r.shoot.pays),
        shoot_up_to_kitty=r.shoot.limit is ShootLimit.UP_TO_KITTY,
        **_stake_limits(r),
        double_totals=None if d.totals is None else frozenset(t * unit for t in d.totals),
        double_aces_low=d.aces_count_one,
        redouble_whole=d.redouble_stake is RedoubleStake.WHOLE_STAKE,
        rescue=d.allowed and d.rescue.allowed,
        rescue_last_only=rescue_last_only(r),
        surrender=compile_surrender(r, unit),
        insurance_exact=p.insurance.amount is InsuranceAmount.EXACTLY,
        later_cap_first=s.buy is BuyMode.RANGE and s.later_buy_cap is LaterBuyCap.FIRST_BUY,
        shoot_fourth_up_to_kitty=r.shoot.fourth_card_limit is ShootLimit.UP_TO_KITTY,
        bank_amount=r.table.bank.amount,
        va_bank=r.table.bank.amount is not None and r.table.bank.va_bank,
        banker_must_stand=none * unit if b.must_stand_at is None else b.must_stand_at * unit,
        bank_as_it_stands=(r.table.bank.amount is not None
                           and r.table.bank.cap.value == "as-it-stands"),
        bank_entry=r.table.bank.entry or 0 if r.table.bank.amount is not None else 0,
        max_buys=NO_LIMIT if s.max_buys is None else s.max_buys, least_buy=s.least_buy,
        raise_up_to=s.raise_up_to or 0,
        hidden_bust_pays=None if st.hidden_bust_pays is None else odds_fraction(
            st.hidden_bust_pays),
        side_bets=compile_side_bets(r),
        new_pack_when_out=r.between_deals.pack_runs_out is PackRunsOut.NEW_PACK,
        banker_hidden_first=r.faces.banker_hidden is BankerHidden.FIRST,
        naturals_live=b.naturals_live,
        natural_insurance=p.insurance.offered_to_natural,
        split_21_stands=sp.two_card_21_stands,
        rounding=st.odd_amounts,
        aces_by_count=(by_count(r.pack.ace_values_by_cards, tuple(aces))
                       if r.pack.ace_values_by_cards else None),
        reads_soft=any(d.soft is not None for _i, d in r.hands.ranked()),
        reads_up=any(d.banker_up_ranks is not None for _i, d in r.hands.ranked()),
        banker_minimum=(b.stick_minimum or 0) * unit,
        prizes={i: d.prize for i, d in r.hands.ranked() if d.prize is not None} or None,
        conditional=tuple(i for i, d in r.hands.ranked() if d.conditional),
        opens=((b.opens.from_total * unit, (b.opens.to_total or 21) * unit,
                b.opens.automatic_min_cards)
               if b.opens.allowed else None),
        calls_off=(None if b.calls_off_at is None
                   else frozenset(t * unit for t in b.calls_off_at)),
        **_counting(r, unit),
    )


def pack_unit(r: Ruleset) -> int:
    """Engine units in one point: the least common denominator of the pack's values, its
    bust limit and the named hands' totals (1 where every one is whole)."""
    totals = [t for d in r.hands.definitions.values() for t in (d.min_total, d.max_total)
              if t is not None]
    return unit_of([*r.pack.values.values(), r.pack.bust_above, *totals])


def _counting(r: Ruleset, unit: int) -> dict[str, Any]:
    """The bust limit and the wild cards, in engine units."""
    values = r.pack.wild_values()
    low = values[0] if values else 0
    return {
        "unit": unit, "bust_limit": int(r.pack.bust_above * unit),
        "wild": frozenset(parse_card(code) for code in r.pack.wild_cards),
        "wild_extras": tuple(int((v - low) * unit) for v in values),
        "wild_lowest": int(low * unit),
    }


def _stake_limits(r: Ruleset) -> dict[str, Any]:
    """The least and the greatest stake, and what every amount must be a multiple of: under
    `settlement.odd_amounts: exact` the limits are the multiples of the unit inside them,
    and an insurance or a side bet a multiple of its own odds' unit."""
    low, high = r.stakes.limits()
    exact = r.settlement.odd_amounts == "exact"
    unit = stake_unit(r) if exact else 1
    insurance, side = bet_units(r) if exact else (1, 1)
    return {"min_stake": -(-low // unit) * unit,
            "max_stake": None if high is None else high // unit * unit, "stake_unit": unit,
            "insurance_unit": insurance, "side_bet_unit": side}


def in_units(rules: Rules, amount: int) -> int:
    """`amount` rounded up to a multiple of `rules.stake_unit`, at most the greatest stake
    (itself where every amount is allowed)."""
    unit = rules.stake_unit
    if unit == 1:
        return amount
    up = -(-amount // unit) * unit
    return up if rules.max_stake is None else min(up, rules.max_stake)
