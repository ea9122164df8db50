"""The rule cost table: the house edge after changing one behavioural field at a time.

Each variant is built from the ruleset's data with one field changed and
validated again as a whole `Ruleset`, so a change the schema rejects (a buy
range upside down, a trick longer than the hand limit) is reported as invalid
rather than analysed. Fields the one-seat model cannot see are listed with the
reason they are skipped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from pontoon_rules.analysis.dealer import AnalysisError
from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.edge import check_deck, deck_words, edge_of
from pontoon_rules.analysis.infinite.round import INFINITE_METHOD
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.present.sharing import shared
from pontoon_rules.analysis.reads import Read, reads_equal, recording
from pontoon_rules.analysis.upcards import valued_stake
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.fields import plain, ruleset_paths, value_at, with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.canonical import PRESENTATION
from pontoon_rules.ruleset.resolving.features import (
    UnsupportedFeatureError,
    refused_names,
    require_handled,
)

Progress = Callable[[int, int], None]
"""Told (done, total) before each variant is solved (`solve_variants`)."""

SKIPPED_PREFIXES: dict[str, str] = {
    "table.": "seats and who banks do not change one seat's expected value",
    "between_deals.": "between deals: the model values one round from a full shoe",
    "shoot.": "shoot bets against a kitty are not in the one-seat model",
    "side_bets.": "a side bet is valued apart from the hand: `edge` gives its house edge, "
                  "and best play takes none that loses",
    "stakes.min_stake": "stake limits: values are per unit of stake",
    "stakes.max_stake": "stake limits: values are per unit of stake",
    "deal.stake_after_first_card": "the model assumes flat stakes",
    "deal.banker_may_look_at_first_card": "no effect on a banker who plays by rule or policy",
    "settlement.odd_amounts": "rounding to minor units is ignored (large stakes)",
    "banker.draws_when_no_live_hands": "no effect on one seat's settled hands",
    "pack.ranks": "a set of ranks: not varied",
    "pack.suits": "a set of suits: not varied",
    "pack.values": "the values of ranks: not varied",
    "pack.ace_values": "a pair of values: not varied",
    "pack.wild_cards": "a set of cards: not varied",
    "player.split.ranks": "a set of ranks: not varied",
    "player.insurance.max_fraction": "a fraction: insurance is all or nothing at the maximum",
    "player.insurance.amount": "insurance is all or nothing at the maximum, so exactly the "
                               "maximum is worth the same as up to it",
    "hands.ranking": "an order of classes: not varied",
    "hands.definitions.": "a named hand as a whole: its fields are varied one by one",
    "faces.": "what is face up: the banker plays a fixed rule or a named policy on its own "
              "cards, so one seat's expected value does not change",
    "deal.order": "the dealing order: the cards are exchangeable, one seat's expected value "
                  "does not change",
    "deal.banker_dealt_first": "the dealing order: the cards are exchangeable, one seat's "
                               "expected value does not change",
}
UNSEEN_FIELDS = frozenset({"ruleset", "faces", "deal_by_hand", "banker_dealt_first",
                           "max_players", "min_stake", "max_stake"})
"""Compiled fields the one-seat model never reads: variants equal in every other field share
one computed edge."""
ODDS_LADDER = ("1:2", "1:1", "6:5", "3:2", "2:1", "5:2", "3:1")


@dataclass(frozen=True)
class Cost:
    """One changed field: its path, old and new value, and the edge change (points)."""

    path: str
    old: Any
    new: Any
    edge: float | None
    change: float | None
    note: str = ""


@dataclass(frozen=True)
class CostTable:
    """The base edge and every one-field change."""

    ruleset: str
    deck: Deck
    policy: str | None
    base_edge: float
    rows: list[Cost]
    skipped: dict[str, str]
    deck_description: str = ""
    method: str = ""
    valued_stake: int | None = None
    """The stake the edges are valued at, where a named hand depends on the stake or pays a
    fixed prize (`analysis.upcards.valued_stake`); None where none does."""

    def to_json(self) -> dict[str, Any]:
        """The table as plain JSON data."""
        return {"ruleset": self.ruleset, "deck": self.deck,
                "deck_description": self.deck_description, "method": self.method,
                "banker_policy": self.policy,
                "base_house_edge_percent": self.base_edge,
                "changes": [{"field": c.path, "from": c.old, "to": c.new,
                             "house_edge_percent": c.edge, "change_points": c.change,
                             "note": c.note} for c in self.rows],
                "skipped": self.skipped, "valued_at_stake": self.valued_stake}


@gc_paused
def rule_costs(ruleset: Ruleset, deck: Deck | None = None, policy: str | None = None,
               paths: Iterable[str] | None = None, base: float | None = None,
               workers: int = 1) -> CostTable:
    """Change each behavioural field of `ruleset` alone and report the house edge.

    Args:
        deck: "finite" or "infinite"; None for the ruleset's own shoe (the default,
            exact composition-dependent; each variant keeps that choice).
        paths: only these fields (in the order of `fields.ruleset_paths`); None for all.
        base: the ruleset's own edge under `deck` and `policy`, when already computed
            (None: it is solved here, noting what it reads, and a variant that changes
            none of that takes it without a solve: `analysis.reads`).
        workers: processes solving the variants (each distinct variant once; the table
            is the same whatever the number).

    Raises:
        UnsupportedFeatureError: the ruleset plays a rule the analysis does not handle (a
            variant that switches one on is a row "not analysed", naming it).
    """
    require_handled(ruleset, "costs")
    wanted = None if paths is None else set(paths)
    skipped: dict[str, str] = {}
    data = ruleset.model_dump(mode="python")
    planned: list[tuple[str, Any, Any, Ruleset | str]] = []
    for path in ruleset_paths(ruleset):
        if wanted is not None and path not in wanted:
            continue
        reason = skip_reason(path)
        if reason:
            skipped[path] = reason
            continue
        old = _whole(value_at(ruleset, path))
        planned.extend((path, old, new, variant_of(data, path, new))
                       for new in alternatives(old, path))
    solved = solve_variants(ruleset, [v for *_, v in planned], deck, policy, base, workers)
    rows = [_row(path, old, new, found, solved.base)
            for (path, old, new, _v), found in zip(planned, solved.found, strict=True)]
    return CostTable(ruleset.id, solved.deck, policy, solved.base, rows, skipped,
                     solved.deck_description, solved.method,
                     valued_stake(compile_rules(ruleset)))


@dataclass(frozen=True)
class Solved:
    """The edges of a ruleset and of variants of it (`solve_variants`)."""

    base: float
    deck: Deck
    deck_description: str
    method: str
    found: list[str | tuple[float | None, str]]
    """Each variant's (edge or None, note), or the variant's own note where it was one."""


def solve_variants(ruleset: Ruleset, variants: list[Ruleset | str], deck: Deck | None = None,
                   policy: str | None = None, base: float | None = None,
                   workers: int = 1, progress: Progress | None = None,
                   helper: Executor | None = None,
                   check: Callable[[], None] | None = None) -> Solved:
    """The house edge of `ruleset` and of each variant (a `Ruleset`, or a note saying why
    it has none: `variant_of`), each variant that plays alike (`reads`, `_model_key`)
    solved once, under `deck` and `policy` as `rule_costs` takes them; `progress(done,
    total)` is called before each solve (one process: an exception it raises stops the
    work there, as the workbench's cancellation does); `helper`: a process kept by the
    caller that solves a share of the variants beside this one (`sharing.shared`), from
    before the base's solve here (`_Settled`: a variant that reads alike takes the base's
    edge, whatever the helper found); `check()` is called before each variant is compiled,
    before the base's solve and after it (an exception it raises stops the work there too:
    the variants' compiling and the base's solve take a second or two before the first
    `progress`)."""
    tick = check or _nothing
    base_rules = compile_rules(ruleset)
    deck = check_deck(base_rules, deck)
    own = _model_key(base_rules)
    keys, groups, compiled = [], {own: [ruleset]}, {}
    for v in variants:
        tick()
        if isinstance(v, Ruleset):
            rules = compile_rules(v)
            keys.append(_distinct(_model_key(rules), v, groups))
            compiled[keys[-1]] = rules
        else:
            keys.append("")
    jobs: dict[str, Ruleset] = {}  # equal keys: equal edges, solved once
    for variant, key in zip(variants, keys, strict=True):
        if isinstance(variant, Ruleset) and key != own and key not in jobs:
            jobs[key] = variant
    settled = _Settled(base_rules, deck, policy, base, tick)
    edges = _solve_all(list(jobs.values()), deck, policy, workers, progress, helper,
                       settled.known, [graph_changed(base_rules, compiled[k]) for k in jobs])
    found = {own: (settled.base, ""), **dict(zip(jobs, edges, strict=True))}
    return Solved(settled.base, deck, deck_words(base_rules, deck), _method(base_rules, deck),
                  [v if isinstance(v, str) else found[k]
                   for v, k in zip(variants, keys, strict=True)])


class _Settled:
    """The base's edge (`base`: given, else solved through `reads.Recorded`, noting what a
    variant must change) and the variants it answers (`known`): run while a helper already
    solves the variants (`sharing.shared`)."""

    def __init__(self, rules: Rules, deck: Deck, policy: str | None, base: float | None,
                 tick: Callable[[], None]) -> None:
        self.rules, self.deck, self.policy, self.tick = rules, deck, policy, tick
        self.given = base
        self.base = 0.0 if base is None else base

    def known(self, variants: list[Ruleset]) -> dict[int, tuple[float | None, str]]:
        """The base's edge solved (where not given), and the variants (by index) whose
        solve would read what the base's read and see the same: they take its edge."""
        if self.given is not None:
            return {}
        seen, read = recording(self.rules)
        self.tick()
        policy = self.policy if self.rules.banker_by_choice else None
        self.base = edge_of(seen, self.deck, policy)
        self.tick()
        found: dict[int, tuple[float | None, str]] = {}
        for at, variant in enumerate(variants):
            if _reads_alike(read, compile_rules(variant), self.deck):
                found[at] = (self.base, "")  # what the ruleset's own solve read: unchanged
        return found


def graph_changed(base: Rules, variant: Rules) -> bool:
    """Whether a variant changes what the hand states read (`compiled.graph_changed`: a
    graph of its own, and mostly a larger solve; the helper's, `sharing.helper_first`),
    else it reads the base's graph, priced anew (or needs no solve: `_Settled.known`)."""
    from pontoon_rules.analysis.composition import compiled

    return compiled.graph_changed(base, variant)


def _distinct(key: str, variant: Ruleset, groups: dict[str, list[Ruleset]]) -> str:
    """`key`, told apart where `variant` plays otherwise than the ruleset first seen with it:
    the compiled fields (`_model_key`) leave out the ruleset itself, which the analysis
    still reads (the conditional hands' up cards, `named.conditional_of`; w51y found a
    published variation's row given the edge of a pack-count change)."""
    group = groups.setdefault(key, [])
    for i, other in enumerate(group):
        if _plays_as(variant, other):
            return key if i == 0 else f"{key}#{i}"
    group.append(variant)
    return key if len(group) == 1 else f"{key}#{len(group) - 1}"


def _plays_as(one: Ruleset, other: Ruleset) -> bool:
    """Whether two rulesets are equal in every section that plays (not their id, names or
    sources: `canonical.PRESENTATION`); compared as models, never dumped."""
    return all(getattr(one, name) == getattr(other, name) for name in type(one).model_fields
               if name != "id" and name not in PRESENTATION)


def _nothing() -> None:
    """No check (`solve_variants` without one)."""


def _reads_alike(read: Read, rules: Rules, deck: Deck) -> bool:
    """Whether a variant's solve would read what the ruleset's own read and see the same,
    with no rule it plays left unread (`analysis.assumed`: that variant is solved, and
    refused by name)."""
    from pontoon_rules.analysis.assumed import unread_rules

    consumer = "exact-shoe" if deck == "finite" else "exact-infinite"
    return reads_equal(read, rules) and not unread_rules(read, rules, consumer)


def variant_of(data: dict[str, Any], path: str, new: Any) -> Ruleset | str:
    """The ruleset with `path` set to `new`, or why there is no edge to compute (the note)."""
    try:
        variant = Ruleset.model_validate(with_value(data, path, new))
    except ValidationError as e:
        first = e.errors()[0]["msg"] if e.errors() else str(e)
        return f"invalid: {first}"
    refused = refused_names(variant, "costs")
    if refused:
        return f"not analysed: {', '.join(refused)} (not handled yet)"
    return variant


def _row(path: str, old: Any, new: Any, solved: str | tuple[float | None, str],
         base: float) -> Cost:
    """The table's row of one change: its note where the variant has no edge (invalid, not
    analysed), else its edge and the change from `base`."""
    if isinstance(solved, str):
        return Cost(path, plain(old), plain(new), None, None, solved)
    edge, note = solved
    if edge is None:
        return Cost(path, plain(old), plain(new), None, None, note)
    return Cost(path, plain(old), plain(new), edge, edge - base)


def _solve_all(variants: list[Ruleset], deck: Deck, policy: str | None,
               workers: int, progress: Progress | None = None,
               helper: Executor | None = None,
               known: Callable[[list[Ruleset]], dict[int, tuple[float | None, str]]]
               | None = None, theirs: list[bool] | None = None
               ) -> list[tuple[float | None, str]]:
    """Each variant's edge (or None and why not), in order, on `workers` processes (or
    here and on `helper`, which begins while `known` runs here and takes the variants
    marked `theirs` first: `sharing.helper_first`); `known(variants)`: those answered
    without a solve, by index."""
    jobs = [(v, deck, policy) for v in variants]
    if helper is not None and len(jobs) > 1:  # here and there (`sharing`)
        return shared(jobs, helper, _solve, progress,
                      None if known is None else lambda: known(variants), theirs)
    given = {} if known is None else known(variants)
    todo = [job for at, job in enumerate(jobs) if at not in given]
    solved = iter(_solve_here(todo, workers, progress))
    return [given[at] if at in given else next(solved) for at in range(len(jobs))]


def _solve_here(jobs: list[tuple[Ruleset, Deck, str | None]], workers: int,
                progress: Progress | None) -> list[tuple[float | None, str]]:
    """Each job's `_solve`, in order, here or on `workers` processes."""
    if workers <= 1 or len(jobs) < 2:
        out = []
        for done, job in enumerate(jobs):
            if progress is not None:
                progress(done, len(jobs))
            out.append(_solve(job))
        return out
    from concurrent.futures import ProcessPoolExecutor

    from pontoon_rules.analysis.composition.native import one_thread
    from pontoon_rules.processes import worker_context

    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=one_thread,
                             mp_context=worker_context()) as pool:
        return list(pool.map(_solve, jobs, chunksize=1))


@gc_paused
def _solve(job: tuple[Ruleset, Deck, str | None]) -> tuple[float | None, str]:
    variant, deck, policy = job
    rules = compile_rules(variant)
    try:
        return edge_of(rules, deck, policy if rules.banker_by_choice else None), ""
    except UnsupportedFeatureError as e:
        return None, "not analysed: " + "; ".join(p.message for p in e.problems)
    except AnalysisError as e:
        return None, f"not analysed: {e}"


def described(ruleset: Ruleset, deck: Deck | None = None) -> tuple[str, str]:
    """The words `solve_variants` gives `ruleset`'s deck and method, without a solve."""
    rules = compile_rules(ruleset)
    deck = check_deck(rules, deck)
    return deck_words(rules, deck), _method(rules, deck)


def _method(rules: Rules, deck: Deck) -> str:
    """The method each edge of the table is computed with, in words."""
    if deck == "infinite":
        return INFINITE_METHOD
    from pontoon_rules.analysis.composition.model import METHOD
    from pontoon_rules.analysis.outcomes import seat_takers
    from pontoon_rules.analysis.seat_takes import APPROXIMATION

    return f"{METHOD}; {APPROXIMATION}" if seat_takers(rules) else METHOD


HAND_SKIPPED: dict[str, str] = {
    "name": "a name: no effect on play", "names": "names: no effect on play",
    "ranks": "a list of ranks: not varied",
}
"""A named hand's fields the cost table does not vary, by field name."""


def skip_reason(path: str) -> str | None:
    """Why the one-seat model does not vary the field `path` (None when it does)."""
    if path.startswith("hands.definitions.") and path.count(".") == 3:
        return HAND_SKIPPED.get(path.rsplit(".", 1)[1])
    for prefix, reason in SKIPPED_PREFIXES.items():
        if path.startswith(prefix):
            return reason
    return None


def _model_key(rules: Rules) -> str:
    """What the one-seat model reads of `rules` (equal keys: equal edges)."""
    return repr([(f.name, getattr(rules, f.name)) for f in dataclasses.fields(rules)
                 if f.name not in UNSEEN_FIELDS and not f.name.startswith("shoot")])


def _whole(value: Any) -> Any:
    """A whole number of points (a named hand's total) as the int it is."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def alternatives(value: Any, path: str) -> Iterator[Any]:
    """The values a field is tried at: every other enum member, a flipped bool, an
    integer (or a whole number of points) one either side (and no limit where null is
    allowed), neighbouring odds."""
    value = _whole(value)
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, Enum):
        yield from (m for m in type(value) if m is not value)
    elif isinstance(value, int):
        yield value - 1
        yield value + 1
        if _nullable(path):
            yield None
    elif isinstance(value, str) and ":" in value:
        yield from _odds_neighbours(value)


def _nullable(path: str) -> bool:
    from pontoon_rules.ruleset.format.fields import DEFINITIONS, leaf_fields
    from pontoon_rules.ruleset.format.hands import HandDefinition

    if path.startswith(DEFINITIONS + "."):
        info = HandDefinition.model_fields[path.rsplit(".", 1)[1]]
    else:
        info = leaf_fields()[path]
    return "None" in str(info.annotation)


def _odds_neighbours(odds: str) -> list[str]:
    if odds in ODDS_LADDER:
        i = ODDS_LADDER.index(odds)
        return [ODDS_LADDER[j] for j in (i - 1, i + 1) if 0 <= j < len(ODDS_LADDER)]
    return ["1:1", "2:1"]
