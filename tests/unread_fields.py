"""Every field of the schema, changed alone on a base ruleset, against each consumer that
prints a figure: does the consumer read it (its figure may change), refuse it (naming a
field), or is the change no part of the figure? Shared by `tests/test_unread_rules.py`
and `benchmarks/oracle_coverage.py`.

The fields are enumerated from the pydantic models (`fields.ruleset_paths`: every leaf of
every section, each named hand's fields), each tried at every value `costs.alternatives`
gives (a flipped bool, every other enum member, an integer one either side or no limit,
neighbouring odds). A consumer "reads" a change when what it read of the base's rules
(`analysis.reads`) differs under the variant: a solve is a function of what it reads, so
one that reads nothing changed would print the base's figure again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from pontoon_rules.analysis.reads import Read, _equal, reads_equal
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.fields import ruleset_paths, value_at
from pontoon_rules.ruleset.format.model import Ruleset

CONSUMERS = ("exact-shoe", "exact-infinite", "compiled-sim")
READS, REFUSES, NO_EFFECT, NOT_IN_GAME, UNREACHED, FIGURE_FIXED, SILENT = (
    "reads", "refuses", "no effect on play", "not in this game", "unreached",
    "fixed by the figure", "SILENT")
"""The verdicts: the consumer reads the change; refuses it by name; the change reaches
no compiled rule (names, provenance, a field another makes moot); the field does not
apply (`ruleset.resolving.relevance`); it changes only cells of the outcome table that neither exact
method ever reaches (a pair of hands that cannot meet: checked against the engine by the
differential oracle); the figure is defined without it (`costs.skip_reason`,
`assumed.NOT_READ_BY_DEFINITION`); or it is read by nothing and refused by nothing."""


@dataclass(frozen=True)
class Variant:
    """One field of `base` changed to `new` (None where the schema rejects the change)."""

    path: str
    old: Any
    new: Any
    ruleset: Ruleset | None
    changed: tuple[str, ...]
    """The compiled attributes of `Rules` the change reaches (not `ruleset`)."""
    rules: Rules | None = field(default=None, compare=False, repr=False)
    """`ruleset` compiled, where the maker compiled it already (else `compiled` does)."""

    @cached_property
    def compiled(self) -> Rules:
        """`ruleset` compiled once for every consumer's verdict (compiling is most of a
        verdict's cost, and each of the `CONSUMERS` asks)."""
        assert self.ruleset is not None
        return self.rules if self.rules is not None else compile_rules(self.ruleset)

    @cached_property
    def edge_refused(self) -> bool:
        """Whether the `edge` command refuses `ruleset` (both exact methods ask)."""
        from pontoon_rules.ruleset.resolving.features import require_handled

        return _refused(lambda: require_handled(self.compiled.ruleset, "edge"))


def variants(base: Ruleset) -> Iterator[Variant]:
    """Every one-field change of `base` the schema accepts (each field at each of its
    alternative values), with the compiled attributes it reaches."""
    base_rules = compile_rules(base)
    for path, old, new, made in one_field_changes(base):
        rules = compile_rules(made)
        yield Variant(path, old, new, made, changed_attributes(base_rules, rules), rules)


def one_field_changes(base: Ruleset, skip: Container[str] = frozenset()
                      ) -> Iterator[tuple[str, Any, Any, Ruleset]]:
    """The changes `variants` tries (path, old value, new value, the changed ruleset),
    not compiled: what a test of the paths tried needs (compiling is three quarters of
    the time). The paths in `skip` (read as the changes are made: one a caller adds
    meanwhile is skipped from then on) are not changed: a test of which paths are tried
    at all needs one accepted change of each, not the validation of every other."""
    from pontoon_rules.analysis.present.costs import alternatives
    from pontoon_rules.analysis.present.costs import variant_of as _variant

    data = base.model_dump(mode="python")
    for path in ruleset_paths(base):
        if path in skip:
            continue
        try:
            old = value_at(base, path)
        except AttributeError:
            continue
        for new in alternatives(old, path):
            made = _variant(data, path, new)
            if isinstance(made, str) and made.startswith("invalid"):
                continue
            if isinstance(made, str):  # not analysed: a feature refused by name
                made = _validated(data, path, new)
            yield path, old, new, made


def _validated(data: dict[str, Any], path: str, new: Any) -> Ruleset:
    from pontoon_rules.ruleset.format.fields import with_value

    return Ruleset.model_validate(with_value(data, path, new))


SUMMARIES = {"bust_pays_by_class": "what a banker's bust pays is in the outcome table "
                                   "(`Rules.cells`), which every consumer reads"}
"""Compiled attributes no consumer reads, the engine included: their effect is all in
another attribute."""


def changed_attributes(a: Rules, b: Rules) -> tuple[str, ...]:
    """The attributes of `Rules` (not the ruleset it was compiled from, nor `SUMMARIES`)
    that differ."""
    return tuple(f.name for f in dataclasses.fields(Rules)
                 if f.name != "ruleset" and f.name not in SUMMARIES
                 and not _equal(getattr(a, f.name), getattr(b, f.name)))


def base_reads(rules: Rules) -> dict[str, Read | Any]:
    """What each consumer reads of `rules` (the compiled simulator: its arrays)."""
    from pontoon_rules.analysis.edge import finite_model, infinite_model

    finite = finite_model(rules)  # one model a group of up cards where a hand asks for one
    finite.stats()
    infinite = infinite_model(rules, "infinite", None)
    infinite.value()
    return {"exact-shoe": _read(finite), "exact-infinite": _read(infinite),
            "compiled-sim": _sim_arrays(rules), "base": rules}


def _read(model: Any) -> Read | Any:
    """What `model` read: of a model per group of up cards (`analysis.upcards`), what any
    group's read (as `upreads.check_reads` counts them)."""
    parts = getattr(model, "parts", None)
    if parts is None:
        return model.read
    read: dict[Any, Any] = {}
    for part in parts:
        read.update(part.read)
    return read


def _sim_arrays(rules: Rules) -> list[np.ndarray]:
    from pontoon_rules.sim.kernels.compiled import compile_sim

    sim = compile_sim(rules)
    return [getattr(sim, f.name) for f in dataclasses.fields(sim)
            if isinstance(getattr(sim, f.name), np.ndarray)]


def verdict(consumer: str, reads: dict[str, Any], variant: Variant) -> str:
    """What `consumer` does with `variant` given what each consumer read of the base
    (`base_reads`)."""
    from pontoon_rules.analysis.assumed import require_read

    rules = variant.compiled
    if consumer == "compiled-sim":
        return _sim_verdict(reads[consumer], rules, variant)
    read = reads[consumer]
    if variant.edge_refused:
        return REFUSES
    if not reads_equal(read, rules):
        return READS  # else its solve reads what the base's read, and sees the same
    if _refused(lambda: require_read(read, rules, consumer)):
        return REFUSES
    return _unread(consumer, reads, rules, variant)


def _unread(consumer: str, reads: dict[str, Any], rules: Rules, variant: Variant) -> str:
    """The verdict on a change the consumer neither reads nor refuses."""
    from pontoon_rules.analysis.assumed import NOT_READ_BY_DEFINITION, in_play
    from pontoon_rules.analysis.present.costs import skip_reason
    from pontoon_rules.ruleset.resolving.relevance import applies

    if not variant.changed:
        return NO_EFFECT
    if not applies(rules.ruleset, variant.path) or not any(
            in_play(name, rules) for name in variant.changed):
        return NOT_IN_GAME
    if skip_reason(variant.path) or set(variant.changed) <= set(
            NOT_READ_BY_DEFINITION.get(consumer, {})):
        return FIGURE_FIXED
    if variant.changed == ("cells",) and consumer != "compiled-sim":
        base = reads["base"]
        cells = {("cells", k) for k in base.cells if base.cells[k] != rules.cells.get(k)}
        if not any(cell in reads[c] for c in ("exact-shoe", "exact-infinite")
                   for cell in cells):
            return UNREACHED
    return SILENT


def _sim_verdict(arrays: list[np.ndarray], rules: Rules, variant: Variant) -> str:
    found: list[np.ndarray] = []
    if _refused(lambda: found.extend(_sim_arrays(rules))):
        return REFUSES
    same = all(a.shape == b.shape and np.array_equal(a, b)
               for a, b in zip(arrays, found, strict=True))
    if not same:
        return READS
    return _unread("compiled-sim", {}, rules, variant)


def _refused(call: Callable[[], Any]) -> bool:
    try:
        call()
    except PontoonError:
        return True
    return False
