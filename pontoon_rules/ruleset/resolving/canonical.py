"""A ruleset's behaviour as canonical data: what conformance vector ids are made from.

A vector's id hashes the rules it was played under (`conformance.vectors.model.rules_digest`).
For ids to say "the same round under the same rules", the digest must depend on
behaviour only, not on how the schema happens to spell it:

- presentation is left out (names, summaries, sources, provenance, translations, the
  names of named hands and a pack's own names of its suits);
- the fields of the schema as it stood when ids were first issued (`V1_LEAVES`) are
  always present, so a ruleset that was expressible then keeps its id; where the named
  hands are the classic four (`ruleset.resolving.classic`), they are written in that schema's
  words (`hands.pontoon`, `settlement.player_payouts`, ...), the same behaviour the
  same way;
- every field added since joins only when it is set away from its default, so the
  schema can grow without changing an id; one that only decides between deals who banks
  (`SESSION_ONLY`), or only who cuts a uniformly shuffled pack (`WORDS_ONLY`), never
  joins: a vector is one round, which it cannot change;
- a value the table agrees before play (`ruleset.format.agreed`) counts as its default, the
  value every program plays when none was agreed: `min_stake: {agreed: true, default: 1}`
  plays as `min_stake: 1` does.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.ruleset.format.common import CompareRule, HandClass, NaturalTakes
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.classic import ClassicHands, NotClassic, classic_hands
from pontoon_rules.ruleset.resolving.outcomes import tie_rule

PRESENTATION = ("schema_version", "name", "summary", "kind", "extends", "sources",
                "provenance", "translations")
"""Top-level ruleset keys that do not change play."""
HAND_PRESENTATION = ("name", "names")
"""A named hand's fields that do not change play."""
FIELD_PRESENTATION = frozenset({"pack.suit_names", "pack.rank_names", "stakes.money"})
"""Fields below the top level that only name things (a pack's own suit names, the money
amounts are printed in)."""

V1_LEAVES: frozenset[str] = frozenset({
    "pack.decks", "pack.ranks", "pack.ace_values", "table.min_players", "table.max_players",
    "table.banker", "deal.player_cards", "deal.banker_cards", "deal.banker_cards_visible",
    "deal.banker_may_look_at_first_card", "deal.stake_after_first_card",
    "deal.banker_pontoon_at_once", "deal.order", "deal.banker_dealt_first",
    "faces.player_cards", "faces.bought_card", "faces.twisted_card", "faces.doubled_card",
    "faces.split_card", "faces.bust_shown", "faces.pontoon_shown", "faces.banker_draws",
    "stakes.min_stake", "stakes.max_stake", "stakes.buy", "stakes.first_buy_min",
    "stakes.first_buy_max", "stakes.later_buy_cap", "stakes.buy_after_twist",
    "stakes.last_buy_card", "player.stick_minimum", "player.max_cards", "player.draw_on_21",
    "player.pontoon_may_draw", "player.split.allowed", "player.split.pair_rule",
    "player.split.ranks", "player.split.max_hands", "player.split.resplit",
    "player.split.resplit_aces", "player.split.resplit_one_branch",
    "player.split.cards_to_each_hand", "player.split.deal_order", "player.split.aces_one_card",
    "player.split.ace_ten_is_pontoon", "player.split.double_after_split",
    "player.split.buy_after_split", "player.double.allowed", "player.double.min_cards",
    "player.double.max_cards", "player.double.times_per_hand", "player.double.draws_after",
    "player.insurance.allowed", "player.insurance.max_fraction", "player.insurance.pays",
    "player.insurance.even_money", "banker.mode", "banker.stand_on", "banker.hit_soft_17",
    "banker.max_cards", "banker.draws_when_no_live_hands", "hands.ranking",
    "hands.pontoon.banker_can_hold", "hands.five_card_trick.enabled",
    "hands.five_card_trick.cards", "hands.five_card_trick.banker_can_hold",
    "hands.five_card_trick.always_wins", "hands.five_card_trick.ranked_by_total",
    "hands.twenty_one.enabled", "hands.three_of_a_kind.enabled",
    "hands.three_of_a_kind.automatic_win", "settlement.ties", "settlement.pontoon_ties",
    "settlement.player_payouts.pontoon", "settlement.player_payouts.five_card_trick",
    "settlement.player_payouts.three_of_a_kind", "settlement.player_payouts.twenty_one",
    "settlement.player_payouts.total", "settlement.banker_collects.pontoon",
    "settlement.banker_collects.five_card_trick", "settlement.banker_collects.twenty_one",
    "settlement.banker_collects.total", "settlement.banker_bust_pays_by_class",
    "settlement.player_bust_loses_at_once", "settlement.odd_amounts", "settlement.outcomes",
    "between_deals.shuffle", "between_deals.penetration",
    "between_deals.shuffle_on_banker_pontoon", "between_deals.shuffle_on_split_pontoon",
    "between_deals.used_cards_to_bottom", "between_deals.busted_cards_to_bottom_at_once",
    "between_deals.rotation", "between_deals.rotation_from_split_hand",
    "between_deals.rotation_when_banker_pontoon_at_once", "between_deals.bank_sale",
    "shoot.enabled", "shoot.kitty_within_stake_limits", "shoot.fourth_card_bet",
    "shoot.split_hand_bet", "shoot.bust_to_kitty_at_once", "shoot.banker_pontoon_sweeps",
    "shoot.limit", "shoot.pays", "shoot.top_up", "shoot.dry_kitty",
    "shoot.kitty_leaves_with_banker",
})
"""The behavioural fields of the schema when conformance ids were first issued."""

SESSION_ONLY = frozenset({"table.first_banker", "table.bank.passes_when_broken",
                          "between_deals.pontoon_maker_may_refuse",
                          "table.bank.passes_after_deals", "shoot.dry_kitty_sale",
                          "table.stakes_before_first_deal"})
"""Fields added since that decide only who banks first or next, or when the players of a
one-on-one table put down their stakes: no round depends on them."""
WORDS_ONLY = frozenset({"between_deals.cut"})
"""Fields added since that only say who does something no figure depends on (who cuts a
uniformly shuffled pack)."""
_NOT_PLAY = SESSION_ONLY | FIELD_PRESENTATION | WORDS_ONLY
"""The fields below the top level a round never depends on (left out unless in `V1_LEAVES`)."""


def behaviour_form(ruleset: Ruleset) -> dict[str, Any]:
    """The canonical data of `ruleset`'s behaviour (see the module docstring)."""
    from pontoon_rules.ruleset.format.agreed import agreed_fields
    from pontoon_rules.ruleset.format.fields import leaf_paths

    full = ruleset.model_dump(mode="json")
    lean = ruleset.model_dump(mode="json", exclude_defaults=True)
    out = {key: value for key, value in full.items() if key not in PRESENTATION}
    for path, agreed in agreed_fields(ruleset).items():
        section, name = path.split(".")
        out[section][name] = agreed.default
    classic = _v1_hands(ruleset)
    for path in leaf_paths():
        if path not in V1_LEAVES and (path in _NOT_PLAY or not _get(lean, path, present=True)):
            _drop(out, path)
    _prune(out, full)
    if classic is None:
        out["hands"] = _lean_hands(lean.get("hands", {}), full["hands"]["ranking"])
        return out
    for path in ("settlement.pays", "settlement.collects"):
        _drop(out, path)
    out["hands"] = classic["hands"]
    out["settlement"].update(classic["settlement"])
    out["player"]["pontoon_may_draw"] = classic["pontoon_may_draw"]
    out["player"]["split"]["ace_ten_is_pontoon"] = classic["ace_ten_is_pontoon"]
    return out


def _lean_hands(lean: dict[str, Any], ranking: list[str]) -> dict[str, Any]:
    """The named hands as written, their defaults and names left out."""
    definitions = {hand_id: {k: v for k, v in fields.items() if k not in HAND_PRESENTATION}
                   for hand_id, fields in lean.get("definitions", {}).items()}
    return {"ranking": ranking, "definitions": definitions}


def _v1_hands(r: Ruleset) -> dict[str, Any] | None:
    """The named hands in the first schema's words, or None where it could not say them."""
    view = classic_hands(r)
    if isinstance(view, NotClassic) or not _says_the_same(r, view):
        return None
    defs = r.hands.definitions
    found = {cls: defs[hand_id] for cls, hand_id in view.ids.items()}
    trick = found.get(HandClass.FIVE_CARD_TRICK)
    pontoon = view.ids.get(HandClass.PONTOON, "")

    def odds(cls: HandClass, attr: str) -> str:
        d = found.get(cls)
        return str(getattr(d, attr)) if d is not None else "1:1"

    hands = {
        "ranking": [c.value for c in view.ranking],
        "pontoon": {"banker_can_hold": view.pontoon_banker},
        "five_card_trick": {"enabled": trick is not None, "cards": view.trick_cards,
                            "banker_can_hold": view.trick_banker,
                            "always_wins": view.trick_always_wins,
                            "ranked_by_total": view.trick_by_total},
        "twenty_one": {"enabled": view.has(HandClass.TWENTY_ONE)},
        "three_of_a_kind": {"enabled": view.has(HandClass.THREE_OF_A_KIND),
                            "automatic_win": view.three_auto_win},
    }
    settlement = {
        "pontoon_ties": tie_rule(r, pontoon).value,
        "player_payouts": {"pontoon": odds(HandClass.PONTOON, "pays"),
                           "five_card_trick": odds(HandClass.FIVE_CARD_TRICK, "pays"),
                           "three_of_a_kind": odds(HandClass.THREE_OF_A_KIND, "pays"),
                           "twenty_one": odds(HandClass.TWENTY_ONE, "pays"),
                           "total": r.settlement.pays},
        "banker_collects": {"pontoon": odds(HandClass.PONTOON, "collects"),
                            "five_card_trick": odds(HandClass.FIVE_CARD_TRICK, "collects"),
                            "twenty_one": odds(HandClass.TWENTY_ONE, "collects"),
                            "total": r.settlement.collects},
    }
    return {"hands": hands, "settlement": settlement,
            "pontoon_may_draw": view.pontoon_may_draw,
            "ace_ten_is_pontoon": view.pontoon_on_split}


def _says_the_same(r: Ruleset, view: ClassicHands) -> bool:
    """Whether the first schema had words for these classic hands' every rule."""
    for cls, hand_id in view.ids.items():
        d = r.hands.definitions[hand_id]
        if d.takes is not NaturalTakes.EVERYTHING:
            return False
        if d.wins_outright and cls not in (HandClass.FIVE_CARD_TRICK, HandClass.THREE_OF_A_KIND):
            return False
        if cls is not HandClass.PONTOON and d.ties not in (None, r.settlement.ties):
            return False
        if cls is HandClass.PONTOON and not d.banker_can_hold and d.collects != "1:1":
            return False
        if cls is HandClass.THREE_OF_A_KIND and d.compare is not CompareRule.BY_TOTAL:
            return False
    return True


def _prune(data: dict[str, Any], full: dict[str, Any], prefix: str = "") -> None:
    """Take out the sections left empty by the fields dropped (the first schema had none)."""
    for key in list(data):
        value, path = data[key], f"{prefix}{key}"
        if isinstance(value, dict) and isinstance(full.get(key), dict):
            _prune(value, full[key], path + ".")
            if not value and not any(leaf.startswith(path + ".") for leaf in V1_LEAVES):
                del data[key]


def _get(data: Any, path: str, present: bool = False) -> Any:
    node = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False if present else None
        node = node[part]
    return True if present else node


def _drop(data: dict[str, Any], path: str) -> None:
    *parents, last = path.split(".")
    node: Any = data
    for part in parents:
        node = node.get(part) if isinstance(node, dict) else None
        if node is None:
            return
    if isinstance(node, dict):
        node.pop(last, None)
