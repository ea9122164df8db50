"""A ruleset compiled to flat integer arrays for the simulator's kernels.

Rules are data here too: every field the kernel reads is a slot of one int64
vector (`P`, indexed by the constants below), and who beats whom comes from the
engine's compiled `Rules`. The general kernel classifies a hand by the ruleset's
named-hand definitions (`named`, one row per definition in ranking order, as
`engine.round.named.NamedHand`) and settles by hand id from `cells` (the engine's
`Rules.cells`); the one-seat fast kernel reads the classic view (`class_rank`,
`settle`: the classic hand classes), which `sim.runs.fastpath.fast_problem` requires.
The kernels never branch on a ruleset's id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pontoon_rules.analysis.assumed import require_read
from pontoon_rules.analysis.reads import recording
from pontoon_rules.engine.round.between_players import prizes_to_others
from pontoon_rules.engine.round.cards import CARDS_PER_PACK
from pontoon_rules.engine.round.named import ANY_SUITS, MIXED, SUITED, NamedHand
from pontoon_rules.engine.round.named import BUST as BUST_ID
from pontoon_rules.engine.round.named import TOTAL as TOTAL_ID
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import (
    BankerRole,
    BuyMode,
    HandClass,
    NaturalTakes,
    RotationRule,
    RotationTieBreak,
    ShufflePolicy,
)
from pontoon_rules.ruleset.resolving.classic import NotClassic
from pontoon_rules.ruleset.resolving.features import require_supported
from pontoon_rules.ruleset.resolving.outcomes import OutcomeCell

# the classic hand classes as the fast kernel's integers
BUST, PONTOON, TRICK, THREE, TWENTY_ONE, TOTAL = range(6)
CLASSES: tuple[HandClass, ...] = (
    HandClass.BUST, HandClass.PONTOON, HandClass.FIVE_CARD_TRICK,
    HandClass.THREE_OF_A_KIND, HandClass.TWENTY_ONE, HandClass.TOTAL,
)
UNRANKED = 1000

# settlement cell results
LOSE_STAKE, WIN, LOSE, PUSH, BY_TOTAL_PUSH, BY_TOTAL_LOSE = range(6)

MAX_CARDS = 24
"""Cards one hand can hold in the kernel (21 aces at most reach 21)."""
INT64_MAX = 2**63 - 1

MAX_SPLIT_HANDS = 16
"""Hands one seat can hold in the kernel (a ruleset without a split limit is capped here)."""

# slots of the parameter vector
(ACE_BONUS, PLAYER_CARDS, BANKER_CARDS, BANKER_VISIBLE, PEEK, BUY_MODE, BUY_LOW, BUY_HIGH,
 LATER_CAP_PREVIOUS, BUY_AFTER_TWIST, LAST_BUY_CARD, STICK_MINIMUM, MAX_CARDS_RULE,
 DRAW_ON_21, SPLIT_ALLOWED, SPLIT_BY_RANK, SPLIT_MAX_HANDS, RESPLIT, RESPLIT_ACES,
 RESPLIT_ONE_BRANCH, SPLIT_CARDS, SPLIT_ALL_AT_ONCE, SPLIT_ACES_ONE_CARD, SPLIT_ACE_TEN_PONTOON,
 DOUBLE_AFTER_SPLIT, BUY_AFTER_SPLIT, DOUBLE_ALLOWED, DOUBLE_MIN_CARDS, DOUBLE_MAX_CARDS,
 DOUBLE_TIMES, DOUBLE_DRAWS, INSURANCE, INS_FRAC_NUM, INS_FRAC_DEN, INS_PAYS_NUM, INS_PAYS_DEN,
 EVEN_MONEY, BANKER_BY_CHOICE, BANKER_STAND_ON, BANKER_HIT_SOFT, BANKER_MAX_CARDS,
 BANKER_PLAYS_ALONE, BANKER_PONTOON, TRICK_ENABLED, TRICK_CARDS, BANKER_TRICK, TWENTY_ONE_ON,
 THREE_ON, BUST_LOSES_AT_ONCE, ROUND_UP, SHOOT, SHOOT_FOURTH, SHOOT_SPLIT, SHOOT_BUST_AT_ONCE,
 SHOOT_SWEEPS, SHOOT_PAYS_NUM, SHOOT_PAYS_DEN, DECKS, SHOE_SIZE, SHUFFLE, PENETRATION_CARDS,
 USED_TO_BOTTOM, BUSTED_TO_BOTTOM, ROTATION, ROTATION_FROM_SPLIT, BANK_SALE, HOUSE,
 KITTY_IN_LIMITS, TOP_UP, DRY_END_BANK, KITTY_LEAVES, MIN_STAKE, MAX_STAKE,
 PONTOON_MAY_DRAW, DEAL_BY_HAND, BANKER_FIRST, SHOOT_BELOW,
 SHUFFLE_ON_BANKER_PONTOON, SHUFFLE_ON_SPLIT_PONTOON, ROTATE_AFTER_EARLY, INFINITE_DECK,
 BANKER_UP_FROM, LATER_CAP_FIRST, SHOOT_FOURTH_BELOW, ROTATION_LAST,
 NAMED_PLAYER, NAMED_BANKER, BANKER_DEALT, OVER_21, CLASSIC, NATURALS, TAKES_ORIGINAL,
 TAKES_ONE, SURRENDER, SURRENDER_ANY, SURRENDER_AGAINST, SURRENDER_NUM, SURRENDER_DEN,
 SURRENDER_VOID, SURRENDER_MAX_CARDS, SURRENDER_AFTER_SPLIT, RESCUE, RESCUE_LAST,
 DOUBLE_BY_TOTAL, DOUBLE_TOTALS, DOUBLE_ACES_LOW, REDOUBLE_WHOLE, SURRENDER_EARLY,
 SIDE_MOST_NUM, SIDE_MOST_DEN, PAIR_NUM, PAIR_DEN, PAIR_SUITED_NUM, PAIR_SUITED_DEN,
 MATCH_NUM, MATCH_DEN, MATCH_SUITED_NUM, MATCH_SUITED_DEN, VALUE_0) = range(119)
N_PARAMS = VALUE_0 + 13
"""`VALUE_0 + r`: the points of rank `r` (0 = ace, counted low; 12 = king)."""

# the general kernel's hand ids: bust, total, then the named hands in `Rules.named` order
G_BUST, G_TOTAL, G_NAMED = 0, 1, 2
# columns of a row of the named-hand table (`SimRules.named`, `engine.round.named.NamedHand`)
(H_ID, H_MIN_CARDS, H_MAX_CARDS, H_MIN_TOTAL, H_MAX_TOTAL, H_ON_SPLIT, H_AFTER_DOUBLE,
 H_SAME_RANK, H_SUITS, H_DEALT_ONLY, H_NATURAL, H_MAY_DRAW, H_STICK_ANY, H_EXTRA, H_UP_RANKS,
 H_MIN_STAKE, H_MAX_STAKE, H_RANKED, H_RANK_CARDS, H_RANKS) = range(20)
H_COLS = H_RANKS + 13
"""`H_UP_RANKS`: the bit mask of the banker's up ranks the row holds against (0: any);
`H_MIN_STAKE`, `H_MAX_STAKE`: the band of original stakes it holds for (0: no limit), as
`engine.round.named.NamedHand.more_match`."""
CELL_PRIZE, CELL_TO_OTHERS, CELL_COLS = 5, 6, 7
"""A cell's columns: result, pays num/den, collects num/den, then the fixed prize a winning
hand of that id is paid instead of its odds (`prize`; 0: none) and the prize the banker pays
every other seat when a seat holds it (`prize_to_others`, `engine.round.between_players`;
0: none), alike in every cell of the id's row."""
SUITS_ANY, SUITS_MIXED, SUITS_SUITED = ANY_SUITS, MIXED, SUITED
"""`H_SUITS`: any suits, not all one suit, all one suit, else the one suit (S H D C = 0-3)."""
"""`H_RANKS + r`: how many cards of rank `r` the hand holds, where `H_RANKED`."""

SHUFFLE_EVERY, SHUFFLE_PONTOON, SHUFFLE_PENETRATION = range(3)
ORIGINAL_BETS, BUSTED_PLUS_ONE = NaturalTakes.ORIGINAL_BETS, NaturalTakes.BUSTED_PLUS_ONE


@dataclass(frozen=True)
class SimRules:
    """A ruleset as the kernel reads it."""

    rules: Rules
    params: np.ndarray
    """int64 vector indexed by the slot constants of this module."""
    class_rank: np.ndarray
    """class → position in the ranking (UNRANKED when not ranked)."""
    settle: np.ndarray
    """(player class, banker class, 5) → result code, pays num/den, collects num/den."""
    pays: np.ndarray
    """(class, 2) → what a winning hand of that class is paid (num, den)."""
    split_ranks: np.ndarray
    """rank index → whether that rank may be split."""
    shoe: np.ndarray
    """The full shoe in pack order (card numbers, deck after deck)."""
    named: np.ndarray
    """The named hands a player may hold in ranking order (`NAMED_PLAYER` rows), then the
    banker's (`NAMED_BANKER` rows), `H_*` columns: the general kernel classifies by them."""
    cells: np.ndarray
    """(player hand id, banker hand id, 5) → result code, pays num/den, collects num/den:
    who beats whom by hand id (`G_*`), from `Rules.cells`, for the general kernel."""


def _frac(x: Fraction) -> tuple[int, int]:
    return x.numerator, x.denominator


def compile_sim(rules: Rules) -> SimRules:
    """Compile `rules` for the kernel (pure and cheap).

    Raises:
        UnsupportedFeatureError: the ruleset plays a rule the kernel does not model
            (`ruleset.resolving.features`: one neither `simulate` nor the compiled sessions
            handle; a rule only best play cannot take, such as a banker's hand by suits, is
            refused by `sim.kernels.strategy.strategy`, and by `simulate` by name).
    """
    r = rules.ruleset
    require_supported(r, "simulator", also="sessions")
    given = rules
    rules, read = recording(rules)  # what the kernel is given: `analysis.assumed`
    p = np.zeros(N_PARAMS, dtype=np.int64)
    between, shoot = r.between_deals, r.shoot
    cap = min(rules.split_max_hands, MAX_SPLIT_HANDS)
    values = {
        ACE_BONUS: rules.ace_bonus, PLAYER_CARDS: rules.player_cards,
        BANKER_CARDS: rules.banker_cards, BANKER_VISIBLE: rules.banker_visible,
        PEEK: rules.peek, BUY_MODE: list(BuyMode).index(rules.buy_mode),
        BUY_LOW: rules.first_buy[0], BUY_HIGH: rules.first_buy[1],
        LATER_CAP_PREVIOUS: rules.later_cap_previous, BUY_AFTER_TWIST: rules.buy_after_twist,
        LAST_BUY_CARD: rules.last_buy_card, STICK_MINIMUM: rules.stick_minimum,
        MAX_CARDS_RULE: min(rules.max_cards, MAX_CARDS), DRAW_ON_21: rules.draw_on_21,
        SPLIT_ALLOWED: rules.split_allowed, SPLIT_BY_RANK: rules.split_by_rank,
        SPLIT_MAX_HANDS: cap, RESPLIT: rules.resplit, RESPLIT_ACES: rules.resplit_aces,
        RESPLIT_ONE_BRANCH: rules.resplit_one_branch, SPLIT_CARDS: rules.split_cards,
        SPLIT_ALL_AT_ONCE: rules.split_all_at_once,
        SPLIT_ACES_ONE_CARD: rules.split_aces_one_card,
        SPLIT_ACE_TEN_PONTOON: rules.split_ace_ten_pontoon,
        DOUBLE_AFTER_SPLIT: rules.double_after_split, BUY_AFTER_SPLIT: rules.buy_after_split,
        DOUBLE_ALLOWED: rules.double_allowed, DOUBLE_MIN_CARDS: rules.double_min_cards,
        DOUBLE_MAX_CARDS: rules.double_max_cards, DOUBLE_TIMES: rules.double_times,
        DOUBLE_DRAWS: rules.double_draws, INSURANCE: rules.insurance,
        EVEN_MONEY: rules.even_money, BANKER_BY_CHOICE: rules.banker_by_choice,
        BANKER_STAND_ON: rules.banker_stand_on, BANKER_HIT_SOFT: rules.banker_hit_soft,
        BANKER_MAX_CARDS: min(rules.banker_max_cards, MAX_CARDS),
        BANKER_PLAYS_ALONE: rules.banker_plays_alone, BANKER_PONTOON: rules.banker_pontoon,
        TRICK_ENABLED: rules.trick_enabled, TRICK_CARDS: rules.trick_cards,
        BANKER_TRICK: rules.banker_trick, TWENTY_ONE_ON: rules.twenty_one,
        THREE_ON: rules.three_of_a_kind, BUST_LOSES_AT_ONCE: rules.bust_loses_at_once,
        ROUND_UP: rules.round_up, SHOOT: rules.shoot, SHOOT_FOURTH: rules.shoot_fourth_card,
        SHOOT_SPLIT: rules.shoot_split_hand, SHOOT_BUST_AT_ONCE: rules.shoot_bust_at_once,
        SHOOT_SWEEPS: rules.shoot_banker_pontoon_sweeps,
        DECKS: rules.decks or 0,
        SHUFFLE: list(ShufflePolicy).index(between.shuffle),
        USED_TO_BOTTOM: between.used_cards_to_bottom,
        BUSTED_TO_BOTTOM: between.busted_cards_to_bottom_at_once,
        ROTATION: between.rotation is not RotationRule.NONE,
        ROTATION_FROM_SPLIT: between.rotation_from_split_hand, BANK_SALE: between.bank_sale,
        HOUSE: r.table.banker is BankerRole.HOUSE_DEALER,
        KITTY_IN_LIMITS: shoot.kitty_within_stake_limits, TOP_UP: shoot.top_up,
        DRY_END_BANK: shoot.dry_kitty == "end-bank",
        KITTY_LEAVES: shoot.kitty_leaves_with_banker,
        MIN_STAKE: min(rules.min_stake, INT64_MAX),  # a larger one is refused at a run
        MAX_STAKE: min(rules.max_stake, INT64_MAX) if rules.max_stake is not None else -1,
        PONTOON_MAY_DRAW: rules.pontoon_may_draw,
        DEAL_BY_HAND: rules.deal_by_hand, BANKER_FIRST: rules.banker_dealt_first,
        SHOOT_BELOW: not rules.shoot_up_to_kitty,
        SHUFFLE_ON_BANKER_PONTOON: between.shuffle_on_banker_pontoon,
        SHUFFLE_ON_SPLIT_PONTOON: between.shuffle_on_split_pontoon,
        ROTATE_AFTER_EARLY: between.rotation_when_banker_pontoon_at_once,
        LATER_CAP_FIRST: rules.later_cap_first,
        SHOOT_FOURTH_BELOW: not rules.shoot_fourth_up_to_kitty,
        ROTATION_LAST: between.rotation_tie_break is RotationTieBreak.LAST_IN_PLAY,
        INFINITE_DECK: rules.decks is None,
        BANKER_UP_FROM: (rules.banker_cards - rules.banker_visible
                         if rules.banker_hidden_first else 0),
    }
    for slot, value in values.items():
        p[slot] = int(value)
    p[INS_FRAC_NUM], p[INS_FRAC_DEN] = _frac(rules.insurance_fraction)
    p[INS_PAYS_NUM], p[INS_PAYS_DEN] = _frac(rules.insurance_pays)
    p[SHOOT_PAYS_NUM], p[SHOOT_PAYS_DEN] = _frac(rules.shoot_pays)
    shoe = full_shoe(rules)
    p[SHOE_SIZE] = len(shoe)
    p[PENETRATION_CARDS] = _penetration_cards(between.penetration, len(shoe))
    ids = hand_ids(rules)
    hand_params(rules, ids, p)
    _giving_up(rules, p)
    _side_bets(rules, p)
    compiled = SimRules(given, p, _class_rank(rules), settle_table(rules), _pays(rules),
                        np.array([i in rules.split_ranks for i in range(13)], dtype=np.int64),
                        shoe, named_table(rules, ids), cells_table(rules, ids))
    require_read(read, given, "compiled-sim")
    return compiled


MAX_HAND_IDS = 63
"""Hand ids the kernel holds (bust, total and the named hands): `NATURALS` is a bit mask."""


def hand_ids(rules: Rules) -> list[str]:
    """The general kernel's hand ids in order: bust, total, then each named hand.

    Raises:
        UnsupportedFeatureError: more named hands than the kernel holds.
    """
    ids = [BUST_ID, TOTAL_ID, *rules.named]
    if len(ids) > MAX_HAND_IDS:
        from pontoon_rules.errors import Problem
        from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError

        raise UnsupportedFeatureError([Problem(
            rules.ruleset.id, None, None, "hands.definitions",
            f"the compiled simulator holds at most {MAX_HAND_IDS - 2} named hands, "
            f"found {len(ids) - 2}; the engine plays them all (simulate --engine)")])
    return ids


def hand_params(rules: Rules, ids: list[str], p: np.ndarray) -> None:
    """Write into `p` the slots the kernel's hands read: the card values, the named
    hands' counts and what each hand id is (a natural, what it takes)."""
    p[ACE_BONUS] = rules.ace_bonus
    p[NAMED_PLAYER], p[NAMED_BANKER] = len(rules.player_hands), len(rules.banker_hands)
    p[BANKER_DEALT], p[OVER_21] = rules.banker_dealt, rules.over_21_hands
    p[CLASSIC] = not isinstance(rules.classic, NotClassic)
    p[VALUE_0:VALUE_0 + 13] = rules.values
    p[NATURALS] = _mask(ids, lambda hand: hand in rules.named and rules.named[hand].natural)
    p[TAKES_ORIGINAL] = _mask(ids, lambda hand: rules.takes.get(hand) is ORIGINAL_BETS)
    p[TAKES_ONE] = _mask(ids, lambda hand: rules.takes.get(hand) is BUSTED_PLUS_ONE)


def _giving_up(rules: Rules, p: np.ndarray) -> None:
    """The slots of a surrender, the rescue and doubling's limits (`engine.round.giving_up`,
    `engine.round.legal.can_double`). `SURRENDER_EARLY`: the dealt hand is given up before the
    banker's check for a pontoon, in the decision of insurance (`engine.round.flow`), never
    later."""
    s = rules.surrender
    if s is not None:
        p[SURRENDER], p[SURRENDER_ANY], p[SURRENDER_EARLY] = 1, s.against is None, s.early
        p[SURRENDER_AGAINST] = sum(1 << r for r in s.against or ())
        p[SURRENDER_NUM], p[SURRENDER_DEN] = _frac(s.returns)
        p[SURRENDER_VOID], p[SURRENDER_AFTER_SPLIT] = s.void_on_banker_pontoon, s.after_split
        p[SURRENDER_MAX_CARDS] = s.max_cards
    p[RESCUE], p[RESCUE_LAST] = rules.rescue, rules.rescue_last_only
    totals = rules.double_totals
    p[DOUBLE_BY_TOTAL] = totals is not None
    p[DOUBLE_TOTALS] = sum(1 << t for t in totals or () if 0 <= t < 63)
    p[DOUBLE_ACES_LOW], p[REDOUBLE_WHOLE] = rules.double_aces_low, rules.redouble_whole


def _side_bets(rules: Rules, p: np.ndarray) -> None:
    """The slots of the side bets (`engine.round.side_bets`): `SIDE_MOST_*`, each bet's most as
    a fraction of the stake; `PAIR_*`, `MATCH_*`, what a pair (a suited one) and each
    matching card (of the banker's card's suit too) pay. Whether best play takes one is
    the strategy's (`sim.kernels.strategy.Strategy.side`); a bet not offered keeps 0/0."""
    s = rules.side_bets
    if s is None:
        return
    p[SIDE_MOST_NUM], p[SIDE_MOST_DEN] = _frac(s.most)
    if s.pair is not None:
        (p[PAIR_NUM], p[PAIR_DEN]), (p[PAIR_SUITED_NUM], p[PAIR_SUITED_DEN]) = map(_frac, s.pair)
    if s.match is not None:
        (p[MATCH_NUM], p[MATCH_DEN]), (p[MATCH_SUITED_NUM], p[MATCH_SUITED_DEN]) = map(
            _frac, s.match)


def _mask(ids: list[str], has: Callable[[str], bool]) -> int:
    """The bit mask of the hand ids for which `has` holds (bit i: id i)."""
    return sum(1 << i for i, hand in enumerate(ids) if has(hand))


def named_table(rules: Rules, ids: list[str]) -> np.ndarray:
    """The player's named hands in ranking order, then the banker's, as `H_*` rows."""
    rows = [_named_row(h, ids.index(h.id)) for h in (*rules.player_hands, *rules.banker_hands)]
    return np.array(rows, dtype=np.int64).reshape(len(rows), H_COLS)


def _named_row(h: NamedHand, hand_id: int) -> list[int]:
    row = [0] * H_COLS
    row[H_ID], row[H_MIN_CARDS], row[H_MAX_CARDS] = hand_id, h.min_cards, h.max_cards
    row[H_MIN_TOTAL], row[H_MAX_TOTAL] = h.min_total, h.max_total
    row[H_ON_SPLIT], row[H_AFTER_DOUBLE] = h.on_split_hand, h.after_double
    row[H_SAME_RANK], row[H_SUITS], row[H_DEALT_ONLY] = h.same_rank, h.suits, h.dealt_only
    row[H_NATURAL], row[H_STICK_ANY] = h.natural, h.stick_any_total
    row[H_EXTRA] = h.extra or h.up_ranks is not None or h.stakes != (0, 0)
    row[H_UP_RANKS] = sum(1 << rank for rank in h.up_ranks or ())
    row[H_MIN_STAKE], row[H_MAX_STAKE] = h.stakes
    row[H_MAY_DRAW] = -1 if h.may_draw_on is None else int(h.may_draw_on)
    if h.ranks is not None:
        row[H_RANKED], row[H_RANK_CARDS] = 1, len(h.ranks)
        for rank in h.ranks:
            row[H_RANKS + rank] += 1
    return [int(x) for x in row]


def cells_table(rules: Rules, ids: list[str]) -> np.ndarray:
    """(player hand id, banker hand id) → (result, pays num, den, collects num, den, prize,
    prize to the others), from the ruleset's one outcome table by hand id (`Rules.cells`)
    and each hand's fixed prize (`Rules.prizes`: what a winning hand of that id is paid
    instead of its odds) and prize to the other seats (`prizes_to_others`)."""
    out = np.zeros((len(ids), len(ids), CELL_COLS), dtype=np.int64)
    out[:, :, 0] = LOSE
    out[:, :, 2] = out[:, :, 4] = 1
    for (mine, theirs), cell in rules.cells.items():
        if mine in ids and theirs in ids:
            out[ids.index(mine), ids.index(theirs), :CELL_PRIZE] = _cell(cell)
    for hand, prize in (rules.prizes or {}).items():
        if hand in ids:
            out[ids.index(hand), :, CELL_PRIZE] = prize
    for hand, prize in prizes_to_others(rules).items():
        if hand in ids:
            out[ids.index(hand), :, CELL_TO_OTHERS] = prize
    return out


def _cell(cell: OutcomeCell) -> tuple[int, ...]:
    from pontoon_rules.ruleset.resolving import outcomes as o

    result = {o.WIN: WIN, o.LOSE: LOSE, o.PUSH: PUSH}.get(cell.result, LOSE)
    if cell.result is o.BY_TOTAL:
        result = BY_TOTAL_PUSH if cell.tie_push else BY_TOTAL_LOSE
    return (result, *_frac(cell.pays), *_frac(cell.collects))


def _penetration_cards(penetration: float, size: int) -> int:
    """The least whole number of cards dealt at which `dealt >= penetration * size`."""
    n = 0
    while n < penetration * size:
        n += 1
    return n


def full_shoe(rules: Rules) -> np.ndarray:
    """The ruleset's packs in order, as `engine.sessions.pack.full_pack` lays them out (the ranks
    and the suits the pack holds)."""
    one = [c for c in range(CARDS_PER_PACK) if rules.card_present[c]]
    return np.array(one * (rules.decks or 1), dtype=np.int64)


def _class_rank(rules: Rules) -> np.ndarray:
    return np.array([rules.rank_of_class.get(c, UNRANKED) for c in CLASSES], dtype=np.int64)


def _pays(rules: Rules) -> np.ndarray:
    out = np.ones((len(CLASSES), 2), dtype=np.int64)
    for i, c in enumerate(CLASSES):
        if c in rules.payouts:
            out[i] = _frac(rules.payouts[c])
    return out


def settle_table(rules: Rules) -> np.ndarray:
    """(player class, banker class) → (result, pays num, pays den, collects num, den),
    from the ruleset's one outcome table (`ruleset.resolving.outcomes.outcome_table`)."""
    out = np.zeros((len(CLASSES), len(CLASSES), 5), dtype=np.int64)
    out[:, :, 0] = LOSE
    out[:, :, 2] = out[:, :, 4] = 1
    for (mine, theirs), cell in rules.outcomes.items():
        out[CLASSES.index(mine), CLASSES.index(theirs)] = _cell(cell)
    return out
