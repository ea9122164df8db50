"""Why a field cannot change the outcome of a round: stated reasons, not a search.

Three kinds: fields that never act within one round (the table's recommendation,
what happens between deals), fields the search does not look at (shoot bets, which
need a kitty that the search's rounds do not have),
and fields masked by another rule of the same ruleset (buy limits where no card
may be bought). Masks are facts about the engine's rules, written as predicates
over a ruleset: a field difference counts as masked only when it is masked in
both rulesets; otherwise the search flips it in the ruleset where it is live.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pontoon_rules.ruleset.format.common import BankerMode, BuyMode, PairRule
from pontoon_rules.ruleset.format.model import Ruleset

OUTSIDE_A_ROUND = "outside-a-round"
NOT_PLAYED = "not-played"
MASKED = "masked"
NOT_FOUND = "not-found"

_SAME_SHOE = ("changes only how likely each card is; the same cards dealt under both "
              "settle the same")
_HAND_NAME = ("words only: what the hand is called; the engine knows a hand by its id, so "
              "every round is dealt, played and settled the same")
_LIMIT = ("a limit that a round valid under both rulesets always meets, so it never "
          "changes a result")

ROUND_INDEPENDENT: dict[str, tuple[str, str]] = {
    "pack.decks": (OUTSIDE_A_ROUND, _SAME_SHOE),
    "pack.ranks": (OUTSIDE_A_ROUND, _SAME_SHOE),
    "table.min_players": (OUTSIDE_A_ROUND, "a recommendation for the table; no round "
                          "checks it"),
    "table.max_players": (OUTSIDE_A_ROUND, "caps the seats; " + _LIMIT),
    "table.banker": (OUTSIDE_A_ROUND, "who holds the bank (a player in turn or the house) "
                     "matters between deals; a round is dealt, played and settled the same"),
    "table.first_banker": (OUTSIDE_A_ROUND, "chooses who banks the first deal of a session; "
                           "a round is dealt, played and settled the same"),
    "table.direction": (OUTSIDE_A_ROUND, "decides who sits in which seat, p1 being the first "
                        "to play either way; a round of seats p1, p2, … settles the same"),
    "table.bank.passes_when_broken": (OUTSIDE_A_ROUND, "the bank passes on between deals"),
    "table.stakes_before_first_deal": (OUTSIDE_A_ROUND, "when the players of a one-on-one "
                                       "table put down their stakes; each round's stake is "
                                       "the same either way"),
    "table.bank.passes_after_deals": (OUTSIDE_A_ROUND, "the bank passes on between deals"),
    "shoot.dry_kitty_sale": (OUTSIDE_A_ROUND, "how the bank is sold happens between deals"),
    "deal.banker_may_look_at_first_card": (OUTSIDE_A_ROUND, "changes only what the banker "
                                           "knows; the same cards and decisions settle the "
                                           "same"),
    "deal.stake_after_first_card": (OUTSIDE_A_ROUND, "changes only when the stakes are put "
                                    "down; a round's stakes are the same either way"),
    "faces": (OUTSIDE_A_ROUND, "changes only which cards lie face up, so what each "
              "person knows; the same cards and decisions settle the same"),
    "stakes.min_stake": (OUTSIDE_A_ROUND, "a stake limit; " + _LIMIT),
    "stakes.max_stake": (OUTSIDE_A_ROUND, "a stake limit; " + _LIMIT),
    "stakes.money": (OUTSIDE_A_ROUND, "words only: the money every amount is printed in; "
                     "each amount, and so each round, stays the same"),
    "pack.suit_names": (OUTSIDE_A_ROUND, "words only: what the suits are called; the same "
                        "cards are dealt and settle the same"),
    "pack.rank_names": (OUTSIDE_A_ROUND, "words only: what the ranks are called; the same "
                        "cards are dealt and settle the same"),
    "hands.definitions.*.name": (OUTSIDE_A_ROUND, _HAND_NAME),
    "hands.definitions.*.names": (OUTSIDE_A_ROUND, _HAND_NAME),
    "between_deals": (OUTSIDE_A_ROUND, "acts between deals (shuffling, the used cards, "
                      "passing or selling the bank), never within one round"),
    "shoot.kitty_within_stake_limits": (OUTSIDE_A_ROUND, "sets how big a kitty may be put "
                                        "up before the deal; " + _LIMIT),
    "shoot.top_up": (OUTSIDE_A_ROUND, "the banker adds to the kitty between deals"),
    "shoot.dry_kitty": (OUTSIDE_A_ROUND, "what an empty kitty forces happens between deals"),
    "shoot.kitty_leaves_with_banker": (OUTSIDE_A_ROUND, "the kitty changes hands with the "
                                       "bank, between deals"),
}
"""Fields (or whole sections) that no single round can show, with their category and reason."""


NOT_SEARCHED: dict[str, tuple[str, str]] = {
    "side_bets.pair.suited_pays": (NOT_PLAYED, "a suited pair is two copies of one card, and "
                                   "the search's shoes hold one copy of each"),
    "side_bets.match_dealer.suited_pays": (NOT_PLAYED, "a suited match is a second copy of "
                                           "the banker's card, and the search's shoes hold "
                                           "one copy of each"),
    "side_bets.max_fraction": (NOT_PLAYED, "the side-bet policy bets the most allowed, which "
                               "scales its result without changing who wins"),
    "player.insurance.amount": (NOT_PLAYED, "changes only which insurance amounts are "
                                "offered (exactly the fraction, or up to it); the example "
                                "search insures the most allowed, which both allow, so it "
                                "settles the same"),
    "table.bank.va_bank": (NOT_PLAYED, "a stake of the whole bank above the largest stake: the "
                           "search stakes the same amount, within both rulesets' limits, "
                           "under each"),
    "shoot": (NOT_PLAYED, "shoot bets are made against a kitty, and the example rounds are "
              "dealt without one (a round script's optional 'kitty'), so none shows them"),
    "player.pontoon_may_draw": (NOT_PLAYED, "a plain player never draws on a pontoon, the "
                                "best hand there is, so the rule changes no round such a "
                                "player plays"),
}
"""Fields the search does not look at, when no mask already explains them."""


def not_searched(path: str) -> tuple[str, str] | None:
    """(category, reason) when the search does not look for `path`; else None."""
    return _lookup(NOT_SEARCHED, path)


def round_independent(path: str) -> tuple[str, str] | None:
    """(category, reason) when no single round can show `path`; else None."""
    return _lookup(ROUND_INDEPENDENT, path)


def _lookup(table: dict[str, tuple[str, str]], path: str) -> tuple[str, str] | None:
    """The entry for `path` or the nearest section above it; a named hand's id may be
    written `*` (`hands.definitions.*.name` holds for every hand)."""
    parts = path.split(".")
    if parts[:2] == ["hands", "definitions"] and len(parts) > 3 and parts[2] != "*":
        found = _lookup(table, ".".join([*parts[:2], "*", *parts[3:]]))
        if found is not None:
            return found
    for i in range(len(parts), 0, -1):
        found = table.get(".".join(parts[:i]))
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class Mask:
    """Fields that do nothing in a ruleset where `applies` holds, and why."""

    paths: tuple[str, ...]
    applies: Callable[[Ruleset], bool]
    reason: str


_BUY_FIELDS = ("stakes.first_buy_min", "stakes.first_buy_max", "stakes.later_buy_cap",
               "stakes.buy_after_twist", "stakes.last_buy_card", "player.split.buy_after_split")
_SPLIT_FIELDS = tuple(f"player.split.{name}" for name in (
    "pair_rule", "ranks", "max_hands", "resplit", "resplit_aces", "resplit_one_branch",
    "cards_to_each_hand", "deal_order", "aces_one_card",
    "double_after_split", "buy_after_split"))
_DOUBLE_FIELDS = ("player.double.min_cards", "player.double.max_cards",
                  "player.double.times_per_hand", "player.double.draws_after",
                  "player.split.double_after_split", "player.double.totals",
                  "player.double.aces_count_one", "player.double.redouble_stake",
                  "player.double.rescue.allowed", "player.double.rescue.returns")
_SURRENDER_FIELDS = tuple(f"player.surrender.{name}" for name in (
    "timing", "against", "returns", "void_on_banker_pontoon", "max_cards", "after_split"))


def _no_buy(r: Ruleset) -> bool:
    return r.stakes.buy is BuyMode.NONE or r.stakes.last_buy_card <= r.deal.player_cards


def _no_double(r: Ruleset) -> bool:
    return not r.player.double.allowed or r.player.double.times_per_hand == 0


def _no_insurance(r: Ruleset) -> bool:
    return not r.player.insurance.allowed or r.deal.banker_cards_visible == 0


def _no_banker_natural(r: Ruleset) -> bool:
    return not any(d.natural and d.banker_can_hold for _i, d in r.hands.ranked())


MASKS: tuple[Mask, ...] = (
    Mask(_BUY_FIELDS, _no_buy, "no card may be bought"),
    Mask(("stakes.first_buy_max", "stakes.later_buy_cap"),
         lambda r: r.stakes.buy is BuyMode.FIXED, "a buy always adds the fixed amount"),
    Mask(_SPLIT_FIELDS, lambda r: not r.player.split.allowed, "no pair may be split"),
    Mask(("player.split.resplit_aces", "player.split.resplit_one_branch"),
         lambda r: not r.player.split.resplit, "a split hand may not be split again"),
    Mask(_DOUBLE_FIELDS, _no_double, "no hand may double"),
    Mask(("player.double.redouble_stake", "player.double.rescue.returns"),
         lambda r: r.player.double.times_per_hand < 2,
         "a hand doubles at most once, so there is no later double and one doubled part"),
    Mask(("player.double.rescue.returns",), lambda r: not r.player.double.rescue.allowed,
         "no doubled hand may be rescued"),
    Mask(_SURRENDER_FIELDS, lambda r: not r.player.surrender.allowed,
         "no hand may surrender"),
    Mask(("player.surrender.timing",),
         lambda r: not (r.deal.banker_pontoon_at_once and not _no_banker_natural(r)),
         "the banker does not check for a pontoon before the players act, so a surrender "
         "is decided at the same moment either way"),
    Mask(("player.surrender.after_split",), lambda r: not r.player.split.allowed,
         "no pair may be split"),
    Mask(("side_bets.pair.pays", "side_bets.pair.suited_pays"),
         lambda r: not r.side_bets.pair.allowed, "no pair bet is offered"),
    Mask(("side_bets.match_dealer.pays", "side_bets.match_dealer.suited_pays"),
         lambda r: not r.side_bets.match_dealer.allowed, "no match bet is offered"),
    Mask(("side_bets.max_fraction",),
         lambda r: not (r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed),
         "no side bet is offered"),
    Mask(("player.insurance.max_fraction", "player.insurance.amount", "player.insurance.pays"),
         _no_insurance,
         "no insurance is offered"),
    Mask(("player.insurance.allowed", "player.insurance.even_money"),
         lambda r: r.deal.banker_cards_visible == 0,
         "the banker shows no card before the players act, so no ace can prompt it"),
    Mask(("deal.banker_cards_visible",),
         lambda r: not (r.player.insurance.allowed or r.player.insurance.even_money),
         "the banker's shown cards matter only for insurance and even money, not offered"),
    Mask(("banker.stand_on", "banker.hit_soft_17"),
         lambda r: r.banker.mode is BankerMode.BY_CHOICE,
         "the banker draws by choice: this sets only the automatic banker's habit, "
         "not a rule of the round"),
    Mask(("deal.banker_pontoon_at_once",), _no_banker_natural,
         "the banker can hold no natural (no pontoon) to show at once"),
    Mask(("shoot.fourth_card_bet", "shoot.split_hand_bet", "shoot.bust_to_kitty_at_once",
          "shoot.banker_pontoon_sweeps", "shoot.pays", "shoot.fourth_card_limit"),
         lambda r: not r.shoot.enabled, "Shoot Pontoon is off, so no shoot bet is made"),
    Mask(("shoot.fourth_card_limit",), lambda r: not r.shoot.fourth_card_bet,
         "no shoot bet is made before a fourth card"),
)
"""Every mask, checked in order; the first that applies gives the reason."""


_PLAYER_SIDE = ("pays", "wins_outright", "may_draw_on", "stick_any_total")
_BANKER_SIDE = ("collects", "takes")


def masked_reason(ruleset: Ruleset, path: str) -> str | None:
    """Why changing `path` alone in `ruleset` cannot change any round, or None."""
    if path.startswith("hands.definitions."):
        return _hand_reason(ruleset, path)
    for mask in MASKS:
        if path in mask.paths and mask.applies(ruleset):
            return mask.reason
    return None


def _hand_reason(ruleset: Ruleset, path: str) -> str | None:
    """Why a named hand's field does nothing: the hand is not played, or not by this side."""
    hand_id, _dot, name = path.removeprefix("hands.definitions.").partition(".")
    d = ruleset.hands.definitions.get(hand_id)
    if d is None or hand_id not in ruleset.hands.ranking:
        return f"{hand_id} is not a special hand (not in hands.ranking)"
    if name in _PLAYER_SIDE and not d.player_can_hold:
        return f"only the banker can hold {hand_id}"
    if name in _BANKER_SIDE and not d.banker_can_hold:
        return f"the banker cannot hold {hand_id}"
    if name == "on_split_hand" and not ruleset.player.split.allowed:
        return "no pair may be split"
    if name == "after_double" and _no_double(ruleset):
        return "no hand may double"
    return None


def pack_reason(rulesets: tuple[Ruleset, Ruleset], path: str) -> str | None:
    """Why the packs both rulesets share cannot show `path`, or None.

    A split hand limit that pairs by rank binds only with one more card of a rank
    than the smaller limit; a shoe possible under both packs may hold too few.
    """
    if path != "player.split.max_hands":
        return None
    limits = [r.player.split.max_hands for r in rulesets]
    if any(r.player.split.pair_rule is not PairRule.SAME_RANK for r in rulesets):
        return None
    smaller = min(limit for limit in limits if limit is not None)
    finite = [r.pack.decks for r in rulesets if isinstance(r.pack.decks, int)]
    if not finite:
        return None
    most = 4 * min(finite)
    if most > smaller:
        return None
    return (f"more than {smaller} hands takes {smaller + 1} cards of one rank, and a shoe "
            f"possible under both packs holds at most {most}")
