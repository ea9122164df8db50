"""Which rules are part of a game at all: a rule whose switch is off is "not in this game".

A ruleset gives every field a value, even where the game has no such thing (the
insurance odds of a game without insurance, the kitty of a game without shoot bets,
bank rotation with a house dealer). `applies(ruleset, path)` says whether the field at
`path` can matter under `ruleset`; `show`, the docs and the sheets print the fields
that cannot as "not in this game" instead of a value with provenance. The switches
themselves (`player.insurance.allowed`, `shoot.enabled`, ...) always apply.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from pontoon_rules.ruleset.format.common import BankerRole, BuyMode, RotationRule, ShufflePolicy
from pontoon_rules.ruleset.format.model import Ruleset

NOT_IN_THIS_GAME = "not in this game"

Condition = Callable[[Ruleset], bool]


def _has_split(r: Ruleset) -> bool:
    return r.player.split.allowed


def _has_resplit(r: Ruleset) -> bool:
    return r.player.split.allowed and r.player.split.resplit


def _has_double(r: Ruleset) -> bool:
    return r.player.double.allowed and r.player.double.times_per_hand > 0


def _has_buy(r: Ruleset) -> bool:
    return r.stakes.buy is not BuyMode.NONE


def _has_bank_rotation(r: Ruleset) -> bool:
    return r.table.banker is BankerRole.ROTATING and r.between_deals.rotation is not (
        RotationRule.NONE)


def _shuffles_after_pontoon(r: Ruleset) -> bool:
    return r.between_deals.shuffle is ShufflePolicy.AFTER_PONTOON


_RULES: tuple[tuple[str, tuple[str, ...], Condition], ...] = (
    # (field or section path, paths below it that always apply, the condition)
    ("pack.wild_cards", (), lambda r: bool(r.pack.wild_cards)),
    ("pack.suit_names", (), lambda r: bool(r.pack.suit_names)),
    ("pack.rank_names", (), lambda r: bool(r.pack.rank_names)),
    ("stakes.money", (), lambda r: r.stakes.money is not None),
    ("player.split", ("player.split.allowed",), _has_split),
    ("player.split.resplit_aces", (), _has_resplit),
    ("player.split.resplit_one_branch", (), _has_resplit),
    ("player.split.double_after_split", (), _has_double),
    ("player.split.buy_after_split", (), _has_buy),
    ("faces.split_card", (), _has_split),
    ("player.double", ("player.double.allowed",), _has_double),
    ("player.double.rescue", ("player.double.rescue.allowed",),
     lambda r: r.player.double.rescue.allowed),
    ("player.double.redouble_stake", (), lambda r: r.player.double.times_per_hand > 1),
    ("player.surrender", ("player.surrender.allowed",), lambda r: r.player.surrender.allowed),
    ("faces.doubled_card", (), _has_double),
    ("player.insurance", ("player.insurance.allowed",), lambda r: r.player.insurance.allowed),
    ("stakes.first_buy_min", (), _has_buy),
    ("stakes.first_buy_max", (), _has_buy),
    ("stakes.later_buy_cap", (), _has_buy),
    ("stakes.buy_after_twist", (), _has_buy),
    ("stakes.last_buy_card", (), _has_buy),
    ("stakes.max_buys", (), _has_buy),
    ("stakes.least_buy", (), _has_buy),
    ("faces.bought_card", (), _has_buy),
    ("between_deals.penetration", (),
     lambda r: r.between_deals.shuffle is ShufflePolicy.PENETRATION),
    ("between_deals.shuffle_on_banker_pontoon", (), _shuffles_after_pontoon),
    ("between_deals.shuffle_on_split_pontoon", (),
     lambda r: _shuffles_after_pontoon(r) and _has_split(r)),
    ("between_deals.rotation", (), lambda r: r.table.banker is BankerRole.ROTATING),
    ("between_deals.rotation_tie_break", (), _has_bank_rotation),
    ("between_deals.rotation_from_split_hand", (),
     lambda r: _has_bank_rotation(r) and _has_split(r)),
    ("between_deals.rotation_when_banker_pontoon_at_once", (),
     lambda r: _has_bank_rotation(r) and r.deal.banker_pontoon_at_once),
    ("between_deals.pontoon_maker_may_refuse", (), _has_bank_rotation),
    ("between_deals.bank_sale", (), lambda r: r.table.banker is BankerRole.ROTATING),
    ("shoot", ("shoot.enabled",), lambda r: r.shoot.enabled),
    ("shoot.fourth_card_limit", (), lambda r: r.shoot.fourth_card_bet),
    ("shoot.dry_kitty_sale", (), lambda r: r.shoot.dry_kitty == "new-kitty-or-sale"),
    ("table.first_banker", (), lambda r: r.table.banker is BankerRole.ROTATING),
    ("table.stakes_before_first_deal", (), lambda r: r.table.banker is BankerRole.ROTATING
     and r.table.max_players == 1 and not r.deal.stake_after_first_card),
    ("table.bank", (), lambda r: r.table.banker is BankerRole.ROTATING),
    ("table.bank.va_bank", (), lambda r: r.table.bank.amount is not None),
    ("table.bank.passes_when_broken", (), lambda r: r.table.bank.amount is not None),
    ("table.bank.cap", (), lambda r: r.table.bank.amount is not None),
    ("table.bank.entry", (), lambda r: r.table.bank.amount is not None),
    ("banker.must_stand_at", (), lambda r: r.banker.mode.value == "by-choice"),
    ("banker.naturals_live", (), lambda r: not r.banker.draws_when_no_live_hands),
    ("player.split.two_card_21_stands", (), lambda r: r.player.draw_on_21),
    ("side_bets.pair", ("side_bets.pair.allowed",), lambda r: r.side_bets.pair.allowed),
    ("side_bets.match_dealer", ("side_bets.match_dealer.allowed",),
     lambda r: r.side_bets.match_dealer.allowed),
    ("side_bets.max_fraction", (),
     lambda r: r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed),
)


def _covers(rule_path: str, path: str) -> bool:
    return path == rule_path or path.startswith(rule_path + ".")


def applies(ruleset: Ruleset, path: str) -> bool:
    """Whether the field at dotted `path` can matter in a game under `ruleset`."""
    if path.startswith(_DEFINITIONS) and not _hand_field_applies(ruleset, path):
        return False
    return all(condition(ruleset) for condition in _conditions_for(path))


@lru_cache(maxsize=4096)
def _conditions_for(path: str) -> tuple[Callable[[Ruleset], bool], ...]:
    """The conditions of the rules that cover `path` (the rules are fixed: kept per path)."""
    return tuple(condition for rule_path, always, condition in _RULES
                 if _covers(rule_path, path) and path not in always)


_DEFINITIONS = "hands.definitions."
_PLAYER_FIELDS = ("pays", "wins_outright", "may_draw_on", "stick_any_total", "on_split_hand",
                  "after_double")
_BANKER_FIELDS = ("collects", "takes")


def _hand_field_applies(r: Ruleset, path: str) -> bool:
    """A named hand's field: only for a hand in the ranking, and only for its holders."""
    hand_id, _, name = path[len(_DEFINITIONS):].partition(".")
    d = r.hands.definitions.get(hand_id)
    if d is None or hand_id not in r.hands.ranking:
        return False
    if name in _PLAYER_FIELDS and not d.player_can_hold:
        return False
    if name in _BANKER_FIELDS and not d.banker_can_hold:
        return False
    if name == "ties":
        return d.player_can_hold and d.banker_can_hold
    if name == "against_total":  # a player's hand that wins outright meets no total
        return d.banker_can_hold or (d.player_can_hold and not d.wins_outright)
    if name == "on_split_hand":
        return _has_split(r)
    if name == "after_double":
        return _has_double(r)
    return True
