"""Targeted vectors for a ruleset file: what tells it apart from its base, the worked
examples of every rule that apply to it, and steered rounds until every target shows.

For a ruleset file:

1. Against its base (`extends`): the comparison package's worked examples
   (`compare_rulesets(base, file)`), each round replayed under the file's rules:
   one vector per field the file overrides that changes a settlement.
2. The rule-by-rule worked examples (`examples.EXAMPLES`) whose round plays under
   the file's rules and whose relied-on fields have the same values there as in
   the example's own ruleset (so the vector shows the same rule).
For every ruleset:

3. Steered rounds: cards drawn with weights that favour the missing targets (aces
   and tens for pontoons, small cards for five-card tricks, pairs), decisions that
   favour drawing, until every target tag appears or a bound is reached.

Expectations always come from the reference engine under the file's rules.
"""

from __future__ import annotations

import random
from typing import Any

from pontoon_rules.conformance.vectors.build import Plan, build
from pontoon_rules.conformance.vectors.examples import EXAMPLES, Example
from pontoon_rules.conformance.vectors.features import natural_may_draw, relied_fields
from pontoon_rules.conformance.vectors.generate import probe, random_stakes, targets
from pontoon_rules.engine.round.actions import STICK, TWIST
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import random_action
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.model import Ruleset

STEERED_ROUNDS = 4000
"""The most steered rounds tried per ruleset."""
FLAVOURS: dict[str, dict[int, float]] = {
    "aces-and-tens": {0: 6.0, 9: 3.0, 10: 3.0, 11: 3.0, 12: 3.0},
    "small-cards": {0: 2.0, 1: 4.0, 2: 4.0, 3: 3.0, 4: 2.0},
    "sevens": {6: 8.0},
    "plain": {},
}
"""Rank weights (rank index 0 = ace … 12 = king) over the cards the packs hold."""


def targeted_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """The examples against the base and the applicable worked examples, for a ruleset file
    (none for a bundled ruleset: it has its own worked examples)."""
    if not embed:
        return []
    return base_vectors(rules, notes) + applicable_examples(rules)


def coverage_targets(rules: Rules) -> set[str]:
    """Every tag a suite of `rules` should show."""
    return targets(rules) | extra_targets(rules)


def load_base(ruleset: Ruleset) -> Ruleset | None:
    """The ruleset the file extends, when it names one that can be loaded."""
    if not ruleset.extends:
        return None
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    try:
        return load_ruleset(ruleset.extends)
    except (PontoonError, OSError):
        return None


def base_vectors(rules: Rules, notes: list[str]) -> list[dict[str, Any]]:
    """The worked examples that tell the file apart from its base, under the file's rules."""
    ruleset = rules.ruleset
    base = load_base(ruleset)
    if base is None or base.id == ruleset.id:
        return []
    from pontoon_rules.compare.search import compare_rulesets

    out = []
    for example in compare_rulesets(base, ruleset).examples:
        data = example.to_json()
        script = (data.get("scripts") or {}).get(ruleset.id)
        if not isinstance(script, dict):
            continue
        slug = f"{ruleset.id}/vs-{base.id}-{_slug(data['field'])}"
        description = f"Differs from {base.id} by {data['field']}: {data['description']}"
        try:
            out.append(build(rules, slug, description, list(script["stakes"]),
                             [str(c) for c in script["shoe"]],
                             [("do", str(a)) for a in script["actions"] or []], True))
        except (PontoonError, KeyError, TypeError, ValueError) as e:
            notes.append(f"{slug}: skipped ({e})")
    return out


def applicable_examples(rules: Rules) -> list[dict[str, Any]]:
    """The worked examples of other rulesets that show the same rule under these rules."""
    out = []
    for ex in EXAMPLES:
        vector = _example_under(rules, ex)
        if vector is not None:
            out.append(vector)
    return out


def _example_under(rules: Rules, ex: Example) -> dict[str, Any] | None:
    from pontoon_rules.conformance.vectors.reference import bundled_rules

    slug = f"{rules.ruleset.id}/example-{ex.ruleset}-{ex.slug}"
    try:
        vector = build(rules, slug, f"{ex.description} (the {ex.ruleset} example)",
                       list(ex.stakes), ex.shoe.split(), ex.plan_entries(), True)
        own = build(bundled_rules(ex.ruleset)[0], slug, "", list(ex.stakes), ex.shoe.split(),
                    ex.plan_entries(), False, with_id=False)
    except (PontoonError, KeyError, ValueError):
        return None
    if vector["features"] != own["features"] or vector["final"] != own["final"]:
        return None
    mine, theirs = _values(rules.ruleset), _values(bundled_rules(ex.ruleset)[0].ruleset)
    relied = relied_fields(own["features"], bundled_rules(ex.ruleset)[0].ruleset)
    same = all(mine.get(p) == theirs.get(p) for p in relied)
    return vector if same else None


def _values(ruleset: Ruleset) -> dict[str, Any]:
    """Every section and field value by dotted path."""
    out: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        out[prefix] = value
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(f"{prefix}.{key}", sub)

    for key, value in ruleset.model_dump(mode="json", exclude={"provenance", "sources"}).items():
        walk(key, value)
    return out


def steered_vectors(rules: Rules, embed: bool, seen: set[str]) -> list[dict[str, Any]]:
    """Steered rounds that show a target tag no vector has shown yet (`seen` is updated)."""
    wanted = coverage_targets(rules)
    rng = random.Random(f"targeted:{rules.ruleset.id}")
    out: list[dict[str, Any]] = []
    flavours = list(FLAVOURS.values())
    for n in range(STEERED_ROUNDS):
        if not wanted - seen:
            break
        stakes = random_stakes(rules, rng)
        shoe, plan = steered_plan(rules, stakes, rng, flavours[n % len(flavours)])
        try:
            vector = build(rules, f"{rules.ruleset.id}/targeted-{n:04d}", "", stakes, shoe,
                           plan, embed, with_id=False)
        except PontoonError:
            continue
        new = sorted((set(vector["features"]) & wanted) - seen)
        if new:
            from pontoon_rules.conformance.vectors.model import vector_id

            vector["description"] = f"Steered round {n}; shows: {', '.join(new)}."
            vector["id"] = vector_id(vector)
            seen.update(new)
            out.append(vector)
    return out


def extra_targets(rules: Rules) -> set[str]:
    """Targets for the newer rules: a pontoon that draws (when it may), a hand on 21 that
    draws (when it may), and every exception to the ranking (`settlement.outcomes`)."""
    out = set()
    if natural_may_draw(rules):
        out.add("pontoon-drew")
    if rules.draw_on_21:
        out.add("drew-on-21")
    out |= issue_50_targets(rules)
    ranked = set(rules.ruleset.hands.ranking)
    for rule in rules.ruleset.settlement.outcomes:
        if rule.player != "bust" and rule.player in ranked and (
                rule.banker == "bust" or rule.banker in ranked):
            out.add(f"vs:{rule.player}:{rule.banker}")
    return out


def issue_50_targets(rules: Rules) -> set[str]:
    """Targets for the rules issue 50 added, where set away from their defaults: a banker
    who stops against naturals alone, a natural insured, a split hand's two-card 21 that
    stands, a payout rounded to the nearest unit (where some payout is a fraction)."""
    out = set()
    if not rules.naturals_live and not rules.banker_plays_alone:
        out.add("path:only-naturals")
    if rules.natural_insurance and rules.insurance:
        out.add("insured-natural")
    if rules.split_21_stands and rules.split_allowed:
        out.add("split-21-stood")
    fractional = any(c.pays.denominator > 1 for c in rules.cells.values())
    if rules.rounding in ("round-half-up", "round-half-even") and fractional:
        out.add(f"rounded:{rules.rounding}")
    return out


def steered_plan(rules: Rules, stakes: list[int], rng: random.Random,
                 weights: dict[int, float]) -> tuple[list[str], Plan]:
    """A round with weighted cards and decisions that favour drawing (twist 60%)."""
    state = RoundState(rules, stakes)
    shoe: list[str] = []
    plan: Plan = []
    while not state.is_terminal():
        if state.is_chance_node():
            cards, odds = zip(*state.chance_outcomes(), strict=True)
            boosted = [p * weights.get(card >> 2, 1.0) for card, p in zip(cards, odds,
                                                                          strict=True)]
            card = rng.choices(cards, boosted)[0]
            state.apply_action(card)
            shoe.append(card_code(card))
            continue
        if rng.random() < 0.2:
            plan.append(("reject", probe(state, rng)))
        legal = state.legal_actions()
        twist = next((o for o in legal if o.kind == TWIST), None)
        stick = next((o for o in legal if o.kind == STICK), None)
        option = twist if twist and rng.random() < 0.6 else stick or rng.choice(legal)
        if rng.random() < 0.3:
            option = rng.choice(legal)
        action = random_action(option, rng, rules)
        plan.append(("do", f"{state.actor_name()} {action}"))
        state.apply_action(action)
    return shoe, plan


def _slug(text: str) -> str:
    import re

    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "field"
