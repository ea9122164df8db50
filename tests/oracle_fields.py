"""The differential oracle's changes of fields (issue 45): each field of a base changed
alone and judged by every consumer (`field_verdicts`, through `oracle.judge`), the values
tried beyond `costs.alternatives` (`EXTRA_VALUES`, `HAND_EXTRA_VALUES`), and the fields no
round reads (`NOT_APPLICABLE`). Shared by `tests/test_oracle.py` and
`benchmarks/oracle_coverage.py`."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import product
from typing import Any

from oracle import judge

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.common import AMOUNT_MAX
from pontoon_rules.ruleset.format.model import Ruleset

_NO_ROUND = "no part of one round: "
NOT_APPLICABLE: dict[str, str] = {
    "table.min_players": _NO_ROUND + "how many must sit for a deal to start",
    "table.banker": _NO_ROUND + "who banks (a dealer or a player) changes who takes the "
                    "banker's net, not one seat's round against it",
    "table.first_banker": _NO_ROUND + "how the first banker is chosen, before any round",
    "table.direction": _NO_ROUND + "the order seats play in; one seat plays alone",
    "deal.banker_may_look_at_first_card": "a banker by rule or by the analysis's policy "
                                          "decides on its own cards, never on a look",
    "deal.stake_after_first_card": "the figure is per unit of stake, staked once: when "
                                   "the stake is placed changes no card",
    "between_deals.shuffle": _NO_ROUND + "how the pack is shuffled between deals; every "
                             "round here is dealt from a full shuffled pack",
    "between_deals.penetration": _NO_ROUND + "when the pack is reshuffled",
    "between_deals.shuffle_on_banker_pontoon": _NO_ROUND + "a shuffle after the round",
    "between_deals.shuffle_on_split_pontoon": _NO_ROUND + "a shuffle after the round",
    "between_deals.used_cards_to_bottom": _NO_ROUND + "where used cards go after the round",
    "between_deals.busted_cards_to_bottom_at_once": _NO_ROUND + "where a bust's cards go; "
                                                    "they are out of play either way",
    "between_deals.rotation": _NO_ROUND + "who banks next",
    "between_deals.rotation_tie_break": _NO_ROUND + "who banks next",
    "between_deals.rotation_from_split_hand": _NO_ROUND + "who banks next",
    "between_deals.rotation_when_banker_pontoon_at_once": _NO_ROUND + "who banks next",
    "between_deals.bank_sale": _NO_ROUND + "the bank's sale between deals",
    "between_deals.pontoon_maker_may_refuse": _NO_ROUND + "who banks next (a pontoon maker "
                                             "refusing the bank it won)",
    "table.bank.passes_when_broken": _NO_ROUND + "the bank passes after a round",
    "table.bank.passes_after_deals": _NO_ROUND + "the bank passes after N deals",
    "shoot.kitty_within_stake_limits": _NO_ROUND + "the kitty between deals (no kitty "
                                       "in one seat's round against the banker)",
    "shoot.top_up": _NO_ROUND + "the kitty topped up between deals",
    "shoot.dry_kitty": _NO_ROUND + "a kitty that runs dry, between deals",
    "shoot.dry_kitty_sale": _NO_ROUND + "a kitty that runs dry, between deals",
    "shoot.kitty_leaves_with_banker": _NO_ROUND + "the kitty when the bank passes",
    "hands.definitions.*.prize_to_others": "money to the other players when one holds it: "
                                           "one seat alone has none to be paid (edge's "
                                           "figure leaves it out and says so)",
    "hands.definitions.*.paid_by_players": "money from the other players: one seat alone "
                                           "has none to pay it (between players, in a "
                                           "session)",
}
"""Fields whose every change reaches no compiled rule of a round (`unread_fields.
changed_attributes` empty), with why one round's figure cannot depend on them (a named
hand's by `field_name`): "not applicable" in the coverage table (`tests/test_oracle.py`
plays the engine's rounds with each changed, card for card the same). The fields that
change only words are not here: `oracle_words.WORDS_ONLY` checks each (every figure the
same, its words changed)."""


def field_verdicts(base: Ruleset, rounds: int, limit: int | None = None,
                   cap: float | None = None,
                   fields: tuple[str, ...] | None = None,
                   say: Callable[[str], None] | None = None) -> dict[str, dict[str, Any]]:
    """Each field of `base` changed alone (every alternative value; the first `limit`
    changes that reach a compiled rule; only the paths that start with one of `fields`
    where given): per field, per consumer, the verdicts seen (`say`: told each change
    before it is judged, for a long run's progress)."""
    from itertools import chain, islice

    from unread_fields import variants

    out: dict[str, dict[str, Any]] = {}
    changes = (v for v in chain(variants(base), extra_variants(base), part_variants(base))
               if v.ruleset is not None and v.changed
               and (fields is None or v.path.startswith(fields)
                    or field_name(v.path).startswith(fields)))
    for variant in islice(changes, limit):
        if say is not None:
            say(f"{variant.path} = {variant.new!r}")
        for v in judge(variant.ruleset, rounds, cap=cap):
            out.setdefault(variant.path, {}).setdefault(v.consumer, []).append(
                (variant.new, v))
    return out


EXTRA_VALUES: dict[str, Callable[[Any], list[Any]]] = {
    "pack.ranks": lambda ranks: [ranks[:1] + ranks[2:]],
    "pack.suits": lambda suits: [suits[:2]],
    "pack.ace_values": lambda values: [values[:1]],
    "player.split.ranks": lambda ranks: [ranks[:1]],
    "player.double.totals": lambda totals: [[10, 11] if totals is None else None],
    "player.insurance.max_fraction": lambda _: [(1, 4)],
    "player.surrender.against": lambda ranks: [["A", "T"] if len(ranks) > 2 else ["A"]],
    "player.surrender.returns": lambda _: [(1, 4)],
    "settlement.odd_amounts": lambda _: ["round-up", "exact"],
    "settlement.outcomes": lambda rules: [] if rules else [
        [{"player": "bust", "banker": "bust", "result": "push"}],
        [{"player": "pontoon", "banker": "pontoon", "result": "win"}]],
    "pack.values": lambda values: [{"T": 9}] if not values else [{}],
    "hands.ranking": lambda ranking: [ranking[1:-1] + ranking[:1] + ranking[-1:]]
    if len(ranking) > 2 else [],
    "side_bets.max_fraction": lambda v: [(1, 4)] if tuple(v) == (1, 2) else [(1, 2)],
    "stakes.max_stake": lambda _: [1000],
    "stakes.min_stake": lambda _: [10**12],  # a large least stake, played at it
    "between_deals.penetration": lambda _: [0.5],
    "shoot.dry_kitty": lambda _: ["end-bank"],
    "table.bank.amount": lambda _: [100_000],
    "table.bank.va_bank": lambda v: [not v],
    "table.bank.passes_when_broken": lambda v: [not v],
    "table.bank.passes_after_deals": lambda _: [3],
    # issue 48's and 50's rules (each refused by name where a consumer does not play it)
    "banker.stick_minimum": lambda v: [16] if v is None else [None],
    "pack.ace_values_by_cards": lambda v: [{2: [10, 11], 3: [1, 10], 4: [1]}] if not v
    else [{}],
    "player.surrender.totals": lambda v: [[15, 16]] if v is None else [None],
    "player.surrender.buy_bets.allowed": lambda v: [not v],
    "stakes.max_buys": lambda v: [1] if v is None else [None],
    "stakes.least_buy": lambda v: [250] if v is None else [None],
    "stakes.raise_up_to": lambda v: [3] if v is None else [None],
    "settlement.hidden_bust_pays": lambda v: ["2:1"] if v is None else [None],
    "table.bank.cap": lambda _: ["as-it-stands"],
    "table.bank.entry": lambda v: [5] if v is None else [None],
    "pack.wild_cards": lambda v: [("TS",)] if not v else [()],
    "banker.calls_off_at": lambda v: [(15,)] if v is None else [None],
    "banker.opens.to_total": lambda v: [18] if v is None else [None],
}
"""Values the oracle tries for the fields `costs.alternatives` offers none for (sets of
ranks, fractions, amounts), by field: each a function of the base's value."""


HAND_EXTRA_VALUES: dict[str, Callable[[Any, Ruleset], list[Any]]] = {
    # a named hand held against some up cards, in a band of stakes, paid a prize (issue 48)
    "banker_up_ranks": lambda v, r: [r.pack.ranks[:1], r.pack.ranks[-1:]] if v is None
    else [None],
    "min_stake": lambda v, r: [2] if v is None else [None],
    "max_stake": lambda v, r: [1] if v is None else [None],
    "prize": lambda v, r: [3, AMOUNT_MAX] if v is None else [AMOUNT_MAX],  # past 64 bits
    "prize_to_others": lambda v, r: [2] if v is None else [None],
    "paid_by_players": lambda v, r: ["1:1"] if v is None else [None],
    "soft": lambda v, r: [True, False] if v is None else [None],
    "ranks": lambda v, r: [(r.pack.ranks[-1],) * 2] if v is None else [None],
}
"""Values the oracle tries for a named hand's fields that `costs.alternatives` offers none
for (null-able sets of ranks, amounts, odds), by field name: each a function of the
definition's value and the base; tried on every named hand of the base."""


def field_name(path: str) -> str:
    """A named hand's field by its schema name (`hands.definitions.*.pays`), else `path`."""
    parts = path.split(".")
    if path.startswith("hands.definitions.") and len(parts) == 4:
        return f"hands.definitions.*.{parts[3]}"
    return path


def _extra_paths(base: Ruleset) -> Iterator[tuple[str, Callable[[Any], list[Any]]]]:
    """`EXTRA_VALUES`, then `HAND_EXTRA_VALUES` on every named hand of `base`."""
    yield from EXTRA_VALUES.items()
    for hand_id in base.hands.ranking:
        if hand_id in base.hands.definitions:
            for name, values in HAND_EXTRA_VALUES.items():
                yield (f"hands.definitions.{hand_id}.{name}",
                       lambda v, values=values: values(v, base))  # type: ignore[misc]


PART_DENOMINATORS = (2, 3)
"""The parts of the stake `part_variants` tries: every p/q under 1 with q among these."""


def part_variants(base: Ruleset) -> Iterator[Any]:
    """A bet staked at an odd part of an odd stake (issue 45, the class of a part paid odds
    whose smaller bets were not whole): every `max_fraction` field of the schema
    (`leaf_paths`) whose bet `base` offers (an `allowed` field beside or under it is
    true), set to each part p/q (`PART_DENOMINATORS`), its bet's odds (each `pays` field
    beside it) paid a half more, under each `settlement.odd_amounts` of the schema, staked
    from q - 1 to 2q + 1 (stakes where the part is whole among them: played there) and at
    q + 1 alone (where it is not: refused by name). Each in the `max_fraction` field's
    row, its other changes in its value."""
    from typing import get_args

    from pydantic import ValidationError
    from unread_fields import Variant, changed_attributes

    from pontoon_rules.ruleset.format.common import odds_fraction
    from pontoon_rules.ruleset.format.fields import leaf_paths, value_at, with_value
    from pontoon_rules.ruleset.format.outcome import OddAmounts

    base_rules, data = compile_rules(base), base.model_dump(mode="python")
    for path in (p for p in leaf_paths() if p.endswith(".max_fraction")):
        parent = path.rsplit(".", 1)[0] + "."
        beside = [p for p in leaf_paths() if p.startswith(parent) and p != path]
        if not any(p.endswith(".allowed") and value_at(base, p) is True for p in beside):
            continue
        odds = {p: odds_fraction(value_at(base, p)) + Fraction(1, 2) for p in beside
                if p.endswith("pays") and value_at(base, p) is not None}
        for q in PART_DENOMINATORS:
            for part, rounding, limits in product(
                    [(n, q) for n in range(1, q) if math.gcd(n, q) == 1],
                    get_args(OddAmounts), ((max(q - 1, 1), 2 * q + 1), (q + 1, q + 1))):
                changes = {path: part, "settlement.odd_amounts": rounding,
                           "stakes.min_stake": limits[0], "stakes.max_stake": limits[1],
                           **{p: f"{f.numerator}:{f.denominator}" for p, f in odds.items()}}
                made_data = data
                for where, value in changes.items():
                    made_data = with_value(made_data, where, value)
                try:
                    made = Ruleset.model_validate(made_data)
                    rules = compile_rules(made)
                except (ValidationError, PontoonError):
                    continue
                yield Variant(path, value_at(base, path), {k: v for k, v in changes.items()
                                                           if k != path} | {path: part},
                              made, changed_attributes(base_rules, rules), rules)


def extra_variants(base: Ruleset) -> Iterator[Any]:
    """`unread_fields.variants` for `EXTRA_VALUES` and `HAND_EXTRA_VALUES`: each accepted
    by the schema, with the compiled attributes it reaches."""
    from pydantic import ValidationError
    from unread_fields import Variant, changed_attributes

    from pontoon_rules.ruleset.format.fields import value_at, with_value

    data = base.model_dump(mode="python")
    base_rules = compile_rules(base)
    for path, values in _extra_paths(base):
        try:
            old = value_at(base, path)
        except AttributeError:
            continue
        for new in values(old):
            try:
                made = Ruleset.model_validate(with_value(data, path, new))
                rules = compile_rules(made)
            except (ValidationError, PontoonError):
                continue
            yield Variant(path, old, new, made, changed_attributes(base_rules, rules), rules)
