"""Feature tags of a vector (actions, classes, payout paths) and its level from provenance.

Tags are read off the reference trace: `offered:<kind>` and `did:<kind>` for the
actions, `rejected:<code>`, `class:<class>` and `banker-class:<class>` for the
hands, `path:<...>` for the way each hand was settled, `limit:<...>` for card
limits reached. Each tag relies on ruleset fields (`FEATURE_FIELDS`, data); a
vector is `may` when one of them is an open reading of its source, `should`
when one is our reading, and `must` otherwise.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from functools import cache
from typing import Any

from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import Status
from pontoon_rules.ruleset.format.model import Ruleset

FEATURE_FIELDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("multi-seat", ("table.max_players",)),
    ("did:stick", ("player.stick_minimum",)),
    ("offered:buy", ("stakes.buy", "stakes.first_buy_min", "stakes.first_buy_max",
                     "stakes.last_buy_card", "stakes.buy_after_twist")),
    ("did:buy", ("stakes.later_buy_cap",)),
    ("offered:split", ("player.split.allowed", "player.split.pair_rule", "player.split.ranks")),
    ("did:split", ("player.split.cards_to_each_hand", "player.split.deal_order",
                   "player.split.aces_one_card",
                   "player.split.double_after_split", "player.split.buy_after_split",
                   "player.split.resplit")),
    ("split-hands:*", ("player.split.max_hands", "player.split.resplit_one_branch",
                       "player.split.resplit_aces")),
    ("offered:double", ("player.double.allowed", "player.double.min_cards",
                        "player.double.max_cards")),
    ("did:double", ("player.double.times_per_hand", "player.double.draws_after")),
    ("offered:insure", ("player.insurance.allowed", "player.insurance.max_fraction",
                        "player.insurance.amount")),
    ("did:insure", ("player.insurance.pays",)),
    ("offered:even-money", ("player.insurance.even_money",)),
    ("offered:decline", ("player.insurance",)),
    ("actor:banker", ("banker.mode",)),
    ("banker-draws", ("banker.stand_on",)),
    ("banker-soft-17", ("banker.hit_soft_17",)),
    ("path:tie:*", ("settlement.ties",)),
    ("path:lose-to:total", ("settlement.collects",)),
    ("path:banker-bust:*", ("settlement.banker_bust_pays_by_class",)),
    ("path:both-bust", ("settlement.player_bust_loses_at_once",)),
    ("path:fractional-payout", ("settlement.odd_amounts",)),
    ("path:banker-pontoon-at-once", ("deal.banker_pontoon_at_once",)),
    ("path:no-live-hands", ("banker.draws_when_no_live_hands",)),
    ("path:only-naturals", ("banker.naturals_live", "banker.draws_when_no_live_hands")),
    ("insured-natural", ("player.insurance.offered_to_natural",)),
    ("split-21-stood", ("player.split.two_card_21_stands",)),
    ("rounded:*", ("settlement.odd_amounts",)),
    ("drew-on-21", ("player.draw_on_21",)),
    ("vs:*", ("settlement.outcomes",)),
    ("limit:player-max-cards", ("player.max_cards",)),
    ("limit:player-21", ("player.draw_on_21",)),
    ("limit:banker-max-cards", ("banker.max_cards",)),
    ("pack-ran-out", ("pack.decks", "table.max_players")),
    ("pack-fresh", ("between_deals.pack_runs_out",)),
)
"""Which ruleset fields (or sections) each tag pattern relies on; the tags that name a hand
of the ruleset's own (`class:ID`, `banker-class:ID`, `path:tie:ID`, `path:lose-to:ID`,
`pontoon-drew`, `did:split`) rely on that hand's fields too (`_hand_fields`)."""

CLASS_FIELDS = ("min_cards", "max_cards", "min_total", "max_total", "ranks", "same_rank",
                "suits", "dealt_only", "after_double", "player_can_hold", "banker_can_hold",
                "pays", "wins_outright", "compare")
"""What a `class:ID` tag relies on: the hand's conditions and what it pays."""


def tags(rules: Rules, stakes: list[int], steps: list[dict[str, Any]],
         observed: list[dict[str, Any]], final: dict[str, Any]) -> list[str]:
    """The sorted feature tags of a vector's steps, their trace and its settlement."""
    out: set[str] = {"multi-seat"} if len(stakes) > 1 else set()
    for step, seen in zip(steps, observed, strict=True):
        if "expect" in step:
            out.update(f"offered:{o['action']}" for o in seen["legal"])
            if seen["actor"] == "banker":
                out.add("actor:banker")
        elif "do" in step:
            out.add(f"did:{step['do']['action']}")
        else:
            out.add(f"rejected:{seen['code']}")
    out.update(_final_tags(rules, final))
    return sorted(out)


def _final_tags(rules: Rules, final: dict[str, Any]) -> set[str]:
    banker = final["banker"]
    out = {f"banker-class:{banker['class']}"}
    if final.get("ended_early"):
        out.add("path:banker-pontoon-at-once")
    if len(banker["cards"]) > rules.banker_cards and not final.get("ended_early"):
        out.add("banker-draws")
    if _was_soft_17(banker["cards"], rules):
        out.add("banker-soft-17")
    if len(banker["cards"]) >= rules.banker_max_cards:
        out.add("limit:banker-max-cards")
    live = False
    for seat in final["seats"]:
        if len(seat["hands"]) > 1:
            out.add(f"split-hands:{len(seat['hands'])}")
        if "insurance" in seat:
            out.add("path:insurance-won" if seat["insurance"]["net"] > 0 else "path:insurance-lost")
        for hand in seat["hands"]:
            out.update(_hand_tags(rules, hand, banker, bool(seat.get("even_money"))))
            live = live or hand["class"] != "bust" and not seat.get("even_money")
    if not live and not final.get("ended_early"):
        out.add("path:no-live-hands")
    return out | _issue_50_tags(rules, final)


def _issue_50_tags(rules: Rules, final: dict[str, Any]) -> set[str]:
    """Tags of the rules issue 50 added, only where a ruleset sets them away from their
    defaults (so that no earlier vector's tags, nor its id, change): a banker who stopped
    against naturals alone, a natural insured, a split hand's two-card 21 that stood, a
    payout rounded to the nearest unit."""
    out: set[str] = set()
    natural = {n.id for n in rules.player_hands if n.natural}
    hands = [(seat, h) for seat in final["seats"] for h in seat["hands"]]
    standing = [h for seat, h in hands if h["class"] != "bust" and not seat.get("even_money")]
    if (not rules.naturals_live and not rules.banker_plays_alone and not final.get("ended_early")
            and standing and all(h["class"] in natural for h in standing)):
        out.add("path:only-naturals")
    if rules.natural_insurance and any(
            "insurance" in seat and seat["hands"][0]["class"] in natural for seat, _ in hands):
        out.add("insured-natural")
    if rules.split_21_stands and any(
            len(seat["hands"]) > 1 and len(h["cards"]) == 2 and h["total"] == 21
            for seat, h in hands):
        out.add("split-21-stood")
    if rules.rounding in ("round-half-up", "round-half-even") and any(
            h["net"] % sum(h["stakes"]) for _, h in hands):
        out.add(f"rounded:{rules.rounding}")
    return out


def _was_soft_17(cards: list[str], rules: Rules) -> bool:
    """Whether the banker's hand stood at a soft 17 at some point after the deal."""
    from pontoon_rules.engine.round.cards import RANK_CODES

    hard = aces = 0
    for n, code in enumerate(cards, start=1):
        rank = RANK_CODES.index(code[0])
        hard, aces = hard + rules.values[rank], aces + (rank == 0)
        if n >= rules.banker_cards and aces and rules.ace_bonus and hard + rules.ace_bonus == 17:
            return True
    return False


def _hand_tags(rules: Rules, hand: dict[str, Any], banker: dict[str, Any],
               even_money: bool) -> set[str]:
    cls, bank = hand["class"], banker["class"]
    out = {f"class:{cls}"}
    if cls != "bust" and not even_money:
        out.add(f"vs:{cls}:{bank}")
    if natural_may_draw(rules) and len(hand["cards"]) > 2 and _natural(hand["cards"][:2]):
        out.add("pontoon-drew")
    elif _drew_on_21(hand["cards"], rules):
        out.add("drew-on-21")
    if len(hand["cards"]) >= rules.max_cards:
        out.add("limit:player-max-cards")
    if hand["total"] == 21 and len(hand["cards"]) < rules.max_cards and cls != "pontoon":
        out.add("limit:player-21")
    staked = sum(hand["stakes"])
    if hand["net"] % staked:
        out.add("path:fractional-payout")
    out.add(_path(cls, bank, hand, banker, even_money))
    return out


def _drew_on_21(cards: list[str], rules: Rules) -> bool:
    """Whether the hand drew again after reaching 21 with three or more cards."""
    from pontoon_rules.engine.round.cards import RANK_CODES

    hard = aces = 0
    ace_bonus = rules.ace_bonus
    for n, code in enumerate(cards[:-1], start=1):
        rank = RANK_CODES.index(code[0])
        hard, aces = hard + rules.values[rank], aces + (rank == 0)
        best = hard + ace_bonus if aces and hard + ace_bonus <= 21 else hard
        if n >= 3 and best == 21:
            return True
    return False


def natural_may_draw(rules: Rules) -> bool:
    """Whether a player's two-card 21 of ace and ten may still draw: the natural's own
    rule, or where no hand is a natural, the rule of any 21 (`player.draw_on_21`)."""
    naturals = [n for n in rules.player_hands if n.natural]
    if naturals:
        return any(n.may_draw_on for n in naturals)
    return rules.draw_on_21


def _natural(cards: list[str]) -> bool:
    """Whether two cards are an ace and a ten-card."""
    ranks = sorted(c[0] for c in cards)
    return ranks[0] == "A" and ranks[1] in "JKQT"


def _path(cls: str, bank: str, hand: dict[str, Any], banker: dict[str, Any],
          even_money: bool) -> str:
    if even_money:
        return "path:even-money"
    if cls == "bust":
        return "path:both-bust" if bank == "bust" else "path:player-bust"
    if bank == "bust":
        return f"path:banker-bust:{cls}"
    if cls == bank and (hand["total"] == banker["total"] or cls not in ("total",)):
        return f"path:tie:{cls}" if hand["net"] <= 0 else f"path:win:{cls}"
    return f"path:win:{cls}" if hand["net"] > 0 else f"path:lose-to:{bank}"


def relied_fields(features: list[str], ruleset: Ruleset | None = None) -> list[str]:
    """The ruleset fields the tags rely on (with `ruleset`, its named hands' fields too)."""
    out: list[str] = []
    for tag in features:
        own = _hand_fields(tag, ruleset) if ruleset is not None else ()
        alone = own and not tag.startswith(("did:", "pontoon-drew"))
        found = own if alone else (*own, *_tag_fields(tag))
        out.extend(p for p in found if p not in out)
    return out


def _hand_fields(tag: str, r: Ruleset) -> tuple[str, ...]:
    """The named hand's fields a tag naming one relies on (see `FEATURE_FIELDS`)."""
    kind, _colon, hand_id = tag.rpartition(":")
    d = r.hands.definitions.get(hand_id)
    where = f"hands.definitions.{hand_id}"
    if d is not None and kind == "class":
        return tuple(f"{where}.{name}" for name in CLASS_FIELDS)
    if d is not None and kind == "banker-class":
        return (f"{where}.banker_can_hold",)
    if d is not None and kind == "path:tie" and d.ties is not None:
        return (f"{where}.ties",)
    if d is not None and kind == "path:lose-to":
        return (f"{where}.collects",)
    naturals = [i for i, n in r.hands.ranked() if n.natural]
    if tag == "pontoon-drew":
        return (tuple(f"hands.definitions.{i}.may_draw_on" for i in naturals)
                or ("player.draw_on_21",))
    if tag == "did:split":
        return tuple(f"hands.definitions.{i}.on_split_hand" for i in naturals)
    return ()


@cache
def _tag_fields(tag: str) -> tuple[str, ...]:
    kind, _colon, _hand = tag.rpartition(":")
    if kind == "path:tie" and _hand not in ("total", "bust"):
        return ("settlement.ties",)
    for pattern, paths in FEATURE_FIELDS:
        if fnmatchcase(tag, pattern):
            return paths
    return ()


def level(rules: Rules, features: list[str]) -> str:
    """must, or should/may where a relied-on field is our (open) reading of the source."""
    levels = {_path_level(rules, path) for path in relied_fields(features, rules.ruleset)}
    return next((name for name in ("may", "should") if name in levels), "must")


@cache
def _path_level(rules: Rules, path: str) -> str:
    worst = "must"
    for prov in _provenances(rules.ruleset, path):
        if prov.status is Status.OUR_READING:
            if prov.open:
                return "may"
            worst = "should"
    return worst


def _provenances(ruleset: Ruleset, path: str) -> list[Any]:
    from pontoon_rules.ruleset.format.fields import provenance_for

    found = [p for key, p in ruleset.provenance.items() if key.startswith(path + ".")]
    own = provenance_for(ruleset, path)
    return found + ([own] if own is not None else [])
