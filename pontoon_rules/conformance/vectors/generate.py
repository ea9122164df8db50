"""Vectors for a ruleset: the worked examples, the comparison records, and seeded random
rounds chosen to cover every action, hand class and payout path.

Random rounds are played with random legal decisions and random cards (by what
the packs hold) from a `random.Random` seeded by the ruleset id, with probes
(illegal actions the implementation must refuse) sprinkled in. A round becomes a
vector when its feature tags add something new; generation stops once every
target (`targets`) is covered and nothing new has turned up for a while, or at
a fixed bound.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.conformance.vectors.build import Plan, build
from pontoon_rules.conformance.vectors.examples import EXAMPLES
from pontoon_rules.conformance.vectors.model import vector_id
from pontoon_rules.engine.round.actions import WITH_AMOUNT, Action, LegalAction
from pontoon_rules.engine.round.legal import action_words
from pontoon_rules.engine.round.rules import Rules, in_units
from pontoon_rules.engine.round.side_bets import offered as offered_side_bets
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import deal_random, random_action
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.common import BuyMode

MAX_ROUNDS = 3000
"""The most random rounds tried per ruleset."""
PATIENCE = 400
"""Stop this many rounds after the last new tag, once every target is covered."""
MAX_RANDOM_VECTORS = 40
"""The most random vectors kept per ruleset."""
PROBE_RATE = 0.35
"""How often a decision is preceded by a probe."""
STAKE_CHOICES = (100, 100, 150, 101, 25)


@dataclass
class Coverage:
    """What the kept vectors of a ruleset have shown so far."""

    targets: set[str]
    seen: set[str] = field(default_factory=set)

    def missing(self) -> list[str]:
        """Targets not yet covered, sorted."""
        return sorted(self.targets - self.seen)


def targets(rules: Rules) -> set[str]:
    """The tags every ruleset's suite must show: its actions, classes and main payout paths."""
    out = {"did:stick", "did:twist", "class:bust", "class:total", "path:player-bust",
           "path:win:total", "path:lose-to:total", "path:banker-bust:total"}
    optional = {"did:buy": rules.buy_mode is not BuyMode.NONE, "did:split": rules.split_allowed,
                "did:double": rules.double_allowed, "did:insure": rules.insurance,
                "did:even-money": rules.even_money,
                "did:decline": (rules.insurance or rules.even_money) and rules.banker_visible > 0,
                "actor:banker": rules.banker_by_choice,
                "did:surrender": rules.surrender is not None, "did:rescue": rules.rescue,
                **{f"did:{kind}": True for kind in offered_side_bets(rules)}}
    out.update(tag for tag, on in optional.items() if on)
    defined = rules.ruleset.hands.definitions
    for hand_id in rules.ruleset.hands.ranking:
        d = defined.get(hand_id)
        if d is not None and not d.player_can_hold:
            continue
        out.add(f"class:{hand_id}")
        # a player-only hand that always wins shows no path of its own beyond the win
        if d is None or d.banker_can_hold or not d.wins_outright:
            out.add(f"path:win:{hand_id}")
    return out


def random_plan(rules: Rules, stakes: list[int], rng: random.Random) -> tuple[list[str], Plan]:
    """Play a random round; return its shoe and plan (actions with probes)."""
    state = RoundState(rules, stakes)
    shoe: list[str] = []
    plan: Plan = []
    while not state.is_terminal():
        if state.is_chance_node():
            shoe.append(deal_random(state, rng))
            continue
        if rng.random() < PROBE_RATE:
            plan.append(("reject", probe(state, rng)))
        action = random_action(rng.choice(state.legal_actions()), rng, rules)
        plan.append(("do", f"{state.actor_name()} {action}"))
        state.apply_action(action)
    if rng.random() < PROBE_RATE:
        plan.append(("reject", after_the_end(state, rng)))
    return shoe, plan


def after_the_end(state: RoundState, rng: random.Random) -> dict[str, Any]:
    """A move by anyone once the round is over (refused: `round_over`)."""
    actors = [f"p{i + 1}" for i in range(len(state.seats))] + ["banker"]
    word = rng.choice(action_words(state.rules))
    move: dict[str, Any] = {"actor": rng.choice(actors), "action": word}
    if word in WITH_AMOUNT:
        move["amount"] = state.rules.min_stake
    return move


def probe(state: RoundState, rng: random.Random) -> str | dict[str, Any]:
    """An action the current actor may not take: a wrong actor, kind or amount, a word
    no vocabulary has, or an amount that is no whole number."""
    from pontoon_rules.conformance.vectors.probes import MALFORMED, UNKNOWN_WORDS

    legal = state.legal_actions()
    actor = state.actor_name()
    choices: list[str | dict[str, Any]] = [_wrong_actor(state, legal)]
    unknown = [w for w in UNKNOWN_WORDS if w not in action_words(state.rules)]
    if unknown:
        choices.append({"actor": actor, "action": rng.choice(unknown)})
    kinds = {o.kind for o in legal}
    illegal = [k for k in action_words(state.rules) if k not in kinds]
    if illegal:
        kind = rng.choice(illegal)
        choices.append(f"{actor} {kind} 100" if kind in WITH_AMOUNT else f"{actor} {kind}")
    ranged = [o for o in legal if o.low is not None]
    if ranged:
        option = rng.choice(ranged)
        choices.append(f"{actor} {option.kind} {(option.high or 0) + 1}")
        amount = rng.choice([m for m in MALFORMED if m is not None])
        choices.append({"actor": actor, "action": option.kind, "amount": amount})
    return rng.choice(choices)


def _wrong_actor(state: RoundState, legal: list[LegalAction]) -> str:
    actor = state.actor_name()
    other = "banker" if actor != "banker" else "p1"
    if actor == "p1" and len(state.seats) > 1:
        other = "p2"
    return f"{other} {Action(legal[0].kind, legal[0].low)}"


def random_stakes(rules: Rules, rng: random.Random) -> list[int]:
    """One to three seats (one most often: the exported suite stays small and fast; every
    table size has its own vector, `probes.table_vectors`) with everyday stakes inside the
    ruleset's limits."""
    seats = min(rng.choice((1, 1, 2, 3)), rules.max_players)
    out = []
    for _ in range(seats):
        stake = max(rng.choice(STAKE_CHOICES), rules.min_stake)
        out.append(in_units(rules, min(stake, rules.max_stake) if rules.max_stake is not None
                            else stake))
    return out


FUZZ_STAKE_CAP = 10**12
"""The largest stake fuzz draws when a ruleset sets no maximum."""


def fuzz_stakes(rules: Rules, rng: random.Random) -> list[int]:
    """Seats and stakes from the whole range the ruleset allows (`stake_range`): one seat
    half the time (most differences show there, and shrink there), else any table size
    from one seat to `table.max_players`; stakes half the time everyday ones, else drawn
    log-uniformly between the least and the greatest stake."""
    low, high = stake_range(rules)
    seats = 1 if rng.random() < 0.5 else rng.randint(1, rules.max_players)
    out = []
    for _ in range(seats):
        if rng.random() < 0.5:
            stake = min(max(rng.choice(STAKE_CHOICES), low), high)
        else:
            stake = min(high, max(low, round(math.exp(rng.uniform(math.log(max(low, 1)),
                                                                   math.log(high))))))
        out.append(in_units(rules, stake))
    return out


def stake_range(rules: Rules) -> tuple[int, int]:
    """The least and the greatest stake fuzz draws (`FUZZ_STAKE_CAP` without a maximum)."""
    high = rules.max_stake if rules.max_stake is not None else max(FUZZ_STAKE_CAP,
                                                                   rules.min_stake)
    return rules.min_stake, high


def random_vectors(rules: Rules, embed: bool = False, already: set[str] | None = None
                   ) -> tuple[list[dict[str, Any]], Coverage]:
    """Seeded random rounds that add coverage, and the coverage reached (with the tags
    `already` shown by other vectors counted as covered)."""
    rid = rules.ruleset.id
    rng = random.Random(f"conformance:{rid}")
    cover = Coverage(targets(rules) - (already or set()))
    out: list[dict[str, Any]] = []
    last_new = 0
    for n in range(MAX_ROUNDS):
        stakes = random_stakes(rules, rng)
        shoe, plan = random_plan(rules, stakes, rng)
        vector = build(rules, f"{rid}/random-{n:04d}", "", stakes, shoe, plan, embed,
                       with_id=False)
        new = sorted(set(vector["features"]) - cover.seen)
        if new:
            vector["description"] = f"Seeded random round {n}; first to show: {', '.join(new)}."
            vector["id"] = vector_id(vector)
            cover.seen.update(new)
            out.append(vector)
            last_new = n
        if len(out) >= MAX_RANDOM_VECTORS:
            break
        if not cover.missing() and n - last_new >= PATIENCE:
            break
    return out, cover


def example_vectors(rules: Rules, embed: bool = False) -> list[dict[str, Any]]:
    """The worked examples of the ruleset (by id)."""
    rid = rules.ruleset.id
    return [build(rules, f"{rid}/{ex.slug}", ex.description, list(ex.stakes), ex.shoe.split(),
                  ex.plan_entries(), embed) for ex in EXAMPLES if ex.ruleset == rid]


def compare_vectors(rules: Rules, embed: bool = False) -> tuple[list[dict[str, Any]], list[str]]:
    """Vectors from the comparison package's worked examples, when that package exists.

    Returns the vectors and a note per record that could not be used.
    """
    out: list[dict[str, Any]] = []
    notes: list[str] = []
    slugs: set[str] = set()
    known = compare_record_rulesets()
    if known is not None and rules.ruleset.id not in known:
        return out, notes  # no record can be for this ruleset: no search
    for record in compare_records(rules.ruleset.id):
        script = record["script"]
        if script.get("ruleset") != rules.ruleset.id:
            continue
        slug = base = f"{rules.ruleset.id}/compare-{_slugify(record['name'])}"
        n = 1
        while slug in slugs:
            n += 1
            slug = f"{base}-{n}"
        try:
            plan: Plan = [("do", a) for a in script["actions"]]
            out.append(build(rules, slug, record["description"], list(script["stakes"]),
                             [str(c) for c in script["shoe"]], plan, embed))
            slugs.add(slug)
        except (PontoonError, KeyError, TypeError, ValueError) as e:
            notes.append(f"{slug}: skipped ({e})")
    return out, notes


def compare_record_rulesets() -> frozenset[str] | None:
    """The ruleset ids `compare_records` may give scripts for, from the hook
    `pontoon_rules.compare.conformance_record_rulesets()` (cheap: no search); None when
    that hook is absent (any id may have records)."""
    import importlib

    try:
        module = importlib.import_module("pontoon_rules.compare")
    except ImportError:
        return frozenset()
    hook = getattr(module, "conformance_record_rulesets", None)
    return frozenset(hook()) if callable(hook) else None


def compare_records(ruleset: str) -> Iterator[dict[str, Any]]:
    """Worked examples from `pontoon_rules.compare` as {name, description, script}, of the
    records with a script for `ruleset` (a record's scripts for other rulesets come with
    it: `compare_vectors` skips them).

    The hook is `pontoon_rules.compare.conformance_records(ruleset)`, giving records (dicts,
    or objects with `to_json()`) holding a round `script` or per-ruleset `scripts`;
    nothing when the package or the hook is absent.
    """
    import importlib

    try:
        module = importlib.import_module("pontoon_rules.compare")
    except ImportError:
        return
    hook = getattr(module, "conformance_records", None)
    if not callable(hook):
        return
    for i, record in enumerate(hook(ruleset)):
        data = record.to_json() if hasattr(record, "to_json") else record
        if not isinstance(data, dict):
            continue
        scripts = data.get("scripts") or {}
        if isinstance(data.get("script"), dict):
            scripts = {**scripts, "": data["script"]}
        name = str(data.get("slug") or data.get("name") or data.get("field") or f"example-{i}")
        for script in scripts.values():
            if isinstance(script, dict):
                yield {"name": name, "script": script,
                       "description": str(data.get("description") or name)}


def _slugify(text: str) -> str:
    import re

    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "example"
