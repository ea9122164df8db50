"""The example search: for each differing field, a small round that shows it.

For a pair of rulesets (A, B) and a field that differs, candidate rounds are
played in a fixed order (`compare.candidates`) under A and B. A candidate that
settles differently is kept when the difference is the field's doing: A with
only that field set as in B (A') settles as B does ("exact"), or at least
differently from A ("partial", used only when no exact one is found). The field
is flipped in B instead when it does nothing in A. Among the first exact hits of
the first policy that finds one, a round that gives the banker the same cards under
both rulesets wins over one that does not (the reader compares like with like), then
the round using the fewest cards, and the shoe is cut to the cards dealt. No clock is
read: the search is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pontoon_rules.compare import reasons
from pontoon_rules.compare.build import build_example, field_values
from pontoon_rules.compare.candidates import Candidate, candidates
from pontoon_rules.compare.flip import flip
from pontoon_rules.compare.records import Comparison, FieldValues, NoExample, Record
from pontoon_rules.compare.simulate import Outcome, OutcomeCache, behaviour_key
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.fields import leaf_paths
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import differing_paths

KEEP_LOOKING = 24
"""After the first exact hit, how many more candidates of the same policy are tried."""
PATIENCE = 400
"""After the first partial hit, how many more candidates are tried for an exact one."""


@dataclass(frozen=True)
class Hit:
    """A candidate round that shows the field, and how it was attributed."""

    index: int
    side: int
    """0 when A was flipped toward B, 1 when B was flipped toward A."""
    flipped: tuple[str, ...]
    exact: bool
    cards: int
    same_banker: bool = True
    """Whether the banker ends with the same cards under both rulesets."""

    def rank(self) -> tuple[bool, int]:
        """Smaller is better: the same banker cards first, then fewer cards."""
        return (not self.same_banker, self.cards)


@dataclass(frozen=True)
class _Base:
    side: int
    rules: Rules
    key: str
    flipped: tuple[str, ...]


class PairSearch:
    """The search state for one pair: candidates and their cached outcomes under A and B."""

    def __init__(self, a: Ruleset, b: Ruleset, stake: int = 100,
                 cache: OutcomeCache | None = None, trust_reasons: bool = True) -> None:
        if a.id == b.id:
            raise ValueError(f"both rulesets are called {a.id!r}; examples need two ids")
        self.rulesets = (a, b)
        self.rules = (compile_rules(a), compile_rules(b))
        self.keys = (behaviour_key(a), behaviour_key(b))
        self.cache = cache if cache is not None else OutcomeCache()
        self.candidates: list[Candidate] = self.cache.interned(candidates((a, b), stake))
        self.differing = differing_paths([a, b])
        self.both: list[tuple[Outcome | None, Outcome | None] | None] = (
            [None] * len(self.candidates))
        """Each candidate's outcomes under A and B, once looked up: every field's search
        reads them again (`_hits`)."""
        self.trust_reasons = trust_reasons
        """False to search even where a stated reason says no round can differ (tests)."""

    def outcome(self, side: int, index: int) -> Outcome | None:
        """The candidate's outcome under A (side 0) or B (side 1), cached."""
        return self.cache.outcome(self.rules[side], self.keys[side], self.candidates[index])

    def record(self, path: str) -> Record:
        """An example or a reason for the differing field `path`."""
        values = field_values(self.rulesets, path)
        ids = (self.rulesets[0].id, self.rulesets[1].id)
        stated = self._stated(path)
        if stated is not None:
            return NoExample(ids, values, *stated)
        masks = [reasons.masked_reason(r, path) if self.trust_reasons else None
                 for r in self.rulesets]
        if all(masks):
            return NoExample(ids, values, *self._no_base(masks))
        skipped = reasons.not_searched(path) if self.trust_reasons else None
        if skipped is not None:
            return NoExample(ids, values, *skipped)
        bases = self._bases(path, masks)
        if not bases:
            return NoExample(ids, values, *self._no_base(masks))
        hit = self._find(bases)
        if hit is None:
            return NoExample(ids, values, reasons.NOT_FOUND, self._not_found(masks))
        return build_example(self, values, hit)

    def _stated(self, path: str) -> tuple[str, str] | None:
        if not self.trust_reasons:
            return None
        bound = reasons.pack_reason(self.rulesets, path)
        if bound is not None:
            return reasons.MASKED, bound
        return reasons.round_independent(path)

    def _bases(self, path: str, masks: list[str | None]) -> list[_Base]:
        out = []
        for side in (0, 1):
            if masks[side] is not None:
                continue
            flipped = flip(self.rulesets[side], self.rulesets[1 - side], path, self.differing,
                           self.cache.flips)
            if flipped is not None:
                out.append(_Base(side, *self.cache.rules_of(flipped[0]), flipped[1]))
        return out

    def _no_base(self, masks: list[str | None]) -> tuple[str, str]:
        a, b = (r.id for r in self.rulesets)
        if all(masks):
            if masks[0] == masks[1]:
                return reasons.MASKED, f"under both rulesets {masks[0]}"
            return reasons.MASKED, f"under {a} {masks[0]}; under {b} {masks[1]}"
        return reasons.NOT_FOUND, ("changing this field alone makes an invalid ruleset, and "
                                   "no small set of other differing fields makes it valid")

    def _not_found(self, masks: list[str | None]) -> str:
        text = (f"none of the {len(self.candidates)} candidate rounds settles differently "
                "because of this field alone")
        for side, mask in enumerate(masks):
            if mask:
                text += f" (under {self.rulesets[side].id} {mask})"
        return text

    def _find(self, bases: list[_Base]) -> Hit | None:
        best: Hit | None = None
        partial: Hit | None = None
        stop = len(self.candidates)
        for index in range(len(self.candidates)):
            if index >= stop:
                break
            for hit in self._hits(index, bases):
                if hit.exact and (best is None or hit.rank() < best.rank()):
                    if best is None:
                        stop = self._stage_end(index)
                    best = hit
                elif not hit.exact and partial is None:
                    partial = hit
                    stop = min(stop, index + 1 + PATIENCE) if best is None else stop
        return best or partial

    def _stage_end(self, index: int) -> int:
        policy = self.candidates[index].policy
        end = index + 1
        while (end < len(self.candidates) and end <= index + KEEP_LOOKING
               and self.candidates[end].policy is policy):
            end += 1
        return end

    def _hits(self, index: int, bases: list[_Base]) -> list[Hit]:
        both = self.both[index]
        if both is None:
            both = self.both[index] = (self.outcome(0, index), self.outcome(1, index))
        first, second = both
        if first is None or second is None or first.nets == second.nets:
            return []
        out = []
        for base in bases:
            own, other = (first, second) if base.side == 0 else (second, first)
            changed = self.cache.outcome(base.rules, base.key, self.candidates[index])
            if changed is None or changed.nets == own.nets:
                continue
            cards = max(first.cards_used, second.cards_used, changed.cards_used)
            out.append(Hit(index, base.side, base.flipped, changed.nets == other.nets, cards,
                           first.banker_cards == second.banker_cards))
            if out[-1].exact:
                break
        return out


def compare_rulesets(a: Ruleset, b: Ruleset, fields: Sequence[str] | None = None,
                     stake: int = 100, cache: OutcomeCache | None = None) -> Comparison:
    """An example or a reason for every field that differs between `a` and `b`.

    Args:
        a: the first ruleset.
        b: the second ruleset.
        fields: only these differing fields (default: every differing leaf field).
        stake: each seat's stake in the examples (moved inside both rulesets' limits).
        cache: outcomes shared with other comparisons (see `compare_all`).

    Returns:
        The comparison; its records follow schema order.

    Raises:
        ValueError: both rulesets have the same id.
    """
    search = PairSearch(a, b, stake, cache)
    wanted = set(fields) if fields is not None else None
    paths = [p for p in search.differing if wanted is None or p in wanted]
    return Comparison((a.id, b.id), tuple(search.record(p) for p in paths),
                      len(search.candidates))


def compare_all(rulesets: Sequence[Ruleset], stake: int = 100) -> list[Comparison]:
    """`compare_rulesets` for every pair of `rulesets` (in the given order), sharing outcomes."""
    cache = OutcomeCache()
    return [compare_rulesets(a, b, stake=stake, cache=cache)
            for i, a in enumerate(rulesets) for b in rulesets[i + 1:]]


def find_example(a: Ruleset, b: Ruleset, path: str) -> Record:
    """The example (or the reason there is none) for one field of `a` and `b`.

    Raises:
        KeyError: `path` is not a leaf field of the schema.
        ValueError: the two rulesets agree on `path`.
    """
    if path not in leaf_paths():
        raise KeyError(path)
    search = PairSearch(a, b)
    if path not in search.differing:
        raise ValueError(f"{a.id} and {b.id} agree on {path}")
    return search.record(path)


def field_values_of(a: Ruleset, b: Ruleset, path: str) -> FieldValues:
    """The field compared: description and both values (for callers outside the search)."""
    return field_values((a, b), path)
