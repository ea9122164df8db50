"""The changes a table would really make to a ruleset, and what each does to the edge.

Not every value of every field (`costs.rule_costs` is that exhaustive table), but the
values the family itself gives a rule:

- **family**: for each field the ruleset plays, the values the other bundled games of the
  family give that same field (a stick minimum of 16 because one game plays it, six packs
  because another does);
- **open**: the other readings of a field the ruleset's sources leave open (provenance
  `open: true` on that field itself);
- **published**: the rule sets of the published house-edge tables that extend the ruleset
  (`examples/australian-pontoon/`, `examples/spanish-21/` in a source checkout), each a row
  of several changes.

Each is one change (a published row: that row's changes) validated as a whole `Ruleset`;
what the schema refuses, the fields that make another game rather than a house rule
(`STRUCTURAL_FIELDS`) and those the one-seat model does not vary (`costs.skip_reason`) are
left out. Edges come from the cost table's own machinery (`costs.solve_variants`), sorted by
the size of the effect; a change the ruleset's stored full table already solved at the same
deck and policy (`costdata`, current by its hash) is read from it (`stored_edges`), the same
figure to the last digit, and so is every other variant stored with its base by
`realisticdata` (each read only where made from exactly these rules and the variant's own:
a ruleset changed in the workbench solves its variants). A table is kept per ruleset in
this process (`realistic_variations` is called again and again by a site build and by the
workbench).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.present.costdata import rules_hash
from pontoon_rules.analysis.present.costs import (
    Progress,
    alternatives,
    described,
    skip_reason,
    solve_variants,
    variant_of,
)
from pontoon_rules.analysis.present.realisticdata import stored_realistic
from pontoon_rules.ruleset.format.fields import plain, ruleset_paths, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.canonical import (
    FIELD_PRESENTATION,
    HAND_PRESENTATION,
    PRESENTATION,
)
from pontoon_rules.ruleset.resolving.features import require_handled

STRUCTURAL_FIELDS = frozenset({
    "deal.player_cards", "deal.banker_cards", "settlement.pays", "settlement.outcomes",
    "player.surrender.against",
})
"""Fields whose change makes another game rather than a house rule: how many cards the
deal gives, what an ordinary win pays, the exceptions one game's own hands name, the
ranks a surrender is offered against (the pack's own)."""
FAMILY, OPEN, PUBLISHED = "family", "open", "published"
PUBLISHED_FOLDERS = ("australian-pontoon", "spanish-21")
"""The folders of `examples/` that hold the published tables' rule sets."""


@dataclass(frozen=True)
class Change:
    """One field changed: its path, its value now and after (plain data)."""

    path: str
    old: Any
    new: Any


@dataclass(frozen=True)
class Variation:
    """One change a table would make (a published row: several), where it comes from, and
    the edge after it."""

    kind: str
    """`family`, `open` or `published` (the first reason found, in that order)."""
    changes: tuple[Change, ...]
    sources: tuple[str, ...]
    """The bundled games that play the new value (family), the overlay file (published)."""
    edge: float | None
    change: float | None
    note: str = ""
    overlay: Ruleset | None = field(default=None, compare=False, repr=False)
    """The published row's own ruleset (None for a one-field change)."""

    def to_json(self) -> dict[str, Any]:
        """The row as plain JSON data."""
        return {"kind": self.kind, "sources": list(self.sources),
                "changes": [{"field": c.path, "from": c.old, "to": c.new}
                            for c in self.changes],
                "house_edge_percent": self.edge, "change_points": self.change,
                "note": self.note}


@dataclass(frozen=True)
class RealisticTable:
    """A ruleset's base edge and its realistic variations, largest effect first (rows with
    no edge, each with its note, last)."""

    ruleset: str
    base_edge: float
    deck_description: str
    method: str
    rows: list[Variation]

    def to_json(self) -> dict[str, Any]:
        """The table as plain JSON data."""
        return {"ruleset": self.ruleset, "base_house_edge_percent": self.base_edge,
                "deck_description": self.deck_description, "method": self.method,
                "variations": [row.to_json() for row in self.rows]}


def table_from_json(ruleset: Ruleset, data: dict[str, Any]) -> RealisticTable:
    """A `RealisticTable` back from `RealisticTable.to_json` data (the published rows'
    rulesets found again by their file names)."""
    overlays = dict(published_rows(ruleset)) if any(
        v["kind"] == PUBLISHED for v in data["variations"]) else {}
    rows = [Variation(v["kind"], tuple(Change(c["field"], c["from"], c["to"])
                                       for c in v["changes"]),
                      tuple(v["sources"]), v["house_edge_percent"], v["change_points"],
                      v.get("note", ""), overlays.get(v["sources"][0]) if
                      v["kind"] == PUBLISHED else None)
            for v in data["variations"]]
    return RealisticTable(data["ruleset"], data["base_house_edge_percent"],
                          data["deck_description"], data["method"], rows)


def family_hash() -> str:
    """A digest of what the realistic variations read besides the ruleset: the bundled
    games and the published tables' files."""
    digest = hashlib.sha256()
    for game in bundled_family():
        digest.update(game.model_dump_json().encode())
    for name in PUBLISHED_FOLDERS:
        folder = published_folder() / name
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


_MEMO: dict[tuple[str, ...], RealisticTable] = {}
_MEMO_LIMIT = 256


def realistic_variations(ruleset: Ruleset, deck: Deck | None = None,
                         policy: str | None = None, family: list[Ruleset] | None = None,
                         published: list[tuple[str, Ruleset]] | None = None,
                         workers: int = 1, progress: Progress | None = None,
                         helper: Executor | None = None,
                         check: Callable[[], None] | None = None) -> RealisticTable:
    """The realistic variations of `ruleset` with their edges (kept per ruleset, deck and
    policy in this process when `family` and `published` are the defaults).

    Args:
        family: the games whose values are tried (None: every bundled ruleset).
        published: (name, ruleset) of the published rows (None: the overlays in
            `examples/` that extend `ruleset`'s id).
        workers: processes solving the variants (the table is the same whatever the number).
        progress: told (done, total) before each variant is solved (`solve_variants`).
        helper: a process the caller keeps, solving a share of the variants beside this
            one (`costs.solve_variants`; the table is the same).
        check: called before each variant is validated and as `costs.solve_variants`
            says (before and after the base's solve); an exception it raises stops the
            work there, as one `progress` raises does (the workbench's cancellation: the
            variants' validation and the base's solve come before the first `progress`).

    Raises:
        UnsupportedFeatureError: the ruleset plays a rule the analysis does not handle.
    """
    require_handled(ruleset, "costs")
    defaults = family is None and published is None
    key = (hashlib.sha256(ruleset.model_dump_json().encode()).hexdigest(), str(deck),
           str(policy))
    if defaults and key in _MEMO:
        return _MEMO[key]
    family = bundled_family() if family is None else family
    published = published_rows(ruleset) if published is None else published
    table = _computed(ruleset, deck, policy, family, published, workers, progress, helper,
                      check)
    if defaults:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = table
    return table


Row = tuple[str, tuple[Change, ...], tuple[str, ...], Ruleset | None]
"""A row before its edge: kind, changes, sources, the published row's ruleset."""
Found = str | tuple[float | None, str]
"""A variant's (edge or None, note), or the note saying why it has none (`variant_of`)."""


@gc_paused  # the variants' solves pause it each: kept paused between them too
def _computed(ruleset: Ruleset, deck: Deck | None, policy: str | None,
              family: list[Ruleset], published: list[tuple[str, Ruleset]],
              workers: int, progress: Progress | None = None,
              helper: Executor | None = None,
              check: Callable[[], None] | None = None) -> RealisticTable:
    planned = planned_rows(ruleset, family, published, check)
    stored = deck is None and policy is None
    known = known_edges(ruleset, planned) if stored else [
        v if isinstance(v, str) else None for _r, v, _k in planned]
    kept = [v for (_r, v, _k), edge in zip(planned, known, strict=True) if edge is None]
    whole = stored_realistic(ruleset) if stored and not kept else None
    if whole is not None:  # every edge stored: the base's too, solved for these rules
        base, (deck_description, method) = whole.base, described(ruleset)
        found: Iterator[Found] = iter(())
    else:
        solved = solve_variants(ruleset, kept, deck, policy, workers=workers,
                                progress=progress, helper=helper, check=check)
        base, deck_description, method = solved.base, solved.deck_description, solved.method
        found = iter(solved.found)
    out = [_variation(row, next(found) if edge is None else edge, base)
           for (row, _v, _k), edge in zip(planned, known, strict=True)]
    out.sort(key=lambda v: (v.change is None, -abs(v.change or 0.0)))
    return RealisticTable(ruleset.id, base, deck_description, method, out)


def planned_rows(ruleset: Ruleset, family: list[Ruleset], published: list[tuple[str, Ruleset]],
                 check: Callable[[], None] | None = None
                 ) -> list[tuple[Row, Ruleset | str, str | None]]:
    """Each row of the table before its edge, with its variant (a `Ruleset`, or the note
    saying why it has none) and its `change_key` (None: a published row of several
    changes); a change the schema refuses is left out. `check` is called before each
    variant is validated."""
    data = ruleset.model_dump(mode="python")
    out: list[tuple[Row, Ruleset | str, str | None]] = []
    for kind, change, sources in one_field_changes(ruleset, family):
        if check is not None:  # each a whole `Ruleset` validated: checked between them
            check()
        variant = variant_of(data, change.path, change.new)
        if isinstance(variant, str) and variant.startswith("invalid"):
            continue  # not a game at all: no table would choose it
        out.append(((kind, (change,), sources, None), variant,
                    change_key(change.path, change.new)))
    for name, overlay in published:
        changes = changes_between(ruleset, overlay)
        if changes:
            out.append(((PUBLISHED, changes, (name,), overlay), overlay, None))
    return out


def known_edges(ruleset: Ruleset, planned: list[tuple[Row, Ruleset | str, str | None]]
                ) -> list[Found | None]:
    """What each planned row's variant needs no solve for (None: it must be solved at the
    ruleset's own deck and policy): the stored full cost table's edge of a one-field change
    (`stored_edges`), a variant's own note, else the stored realistic edge of exactly that
    variant (`realisticdata`: the ruleset's rules and the variant's, each by its hash)."""
    costs = stored_edges(ruleset)
    edges = stored_realistic(ruleset)
    out: list[Found | None] = []
    for _row, variant, key in planned:
        if key is not None and key in costs:
            out.append(costs[key])
        elif isinstance(variant, str):
            out.append(variant)
        else:
            out.append(None if edges is None else edges.edge_of(variant))
    return out


def realistic_entry(ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset's entry of `realisticdata` made afresh: every variant of its realistic
    table that the stored full cost table does not hold, solved at the ruleset's own deck
    and policy as `realistic_variations` solves it, by the hash of the variant's rules."""
    costs = stored_edges(ruleset)
    planned = planned_rows(ruleset, bundled_family(), published_rows(ruleset))
    todo = [v for _row, v, key in planned
            if isinstance(v, Ruleset) and (key is None or key not in costs)]
    solved = solve_variants(ruleset, list(todo))
    edges = {}
    for variant, found in zip(todo, solved.found, strict=True):
        if isinstance(found, str):  # only a `Ruleset` is solved: never its own note
            raise TypeError(f"a solved variant came back as a note: {found!r}")
        edges[rules_hash(variant)] = list(found)
    return {"hash": rules_hash(ruleset), "base_house_edge_percent": solved.base,
            "edges": edges}


def stored_edges(ruleset: Ruleset) -> dict[str, tuple[float, str]]:
    """The edges the ruleset's stored full cost table already holds (`costdata`: every
    one-field change solved at the ruleset's own deck and policy, kept only while its hash
    matches the rules), by `change_key`: a realistic change the full table has is not
    solved again, and its edge is the full table's to the last digit."""
    from pontoon_rules.analysis.present.costdata import stored_costs

    table = stored_costs(ruleset)
    if table is None:
        return {}
    return {change_key(row.path, row.new): (row.edge, row.note) for row in table.rows
            if row.edge is not None}


def change_key(path: str, new: Any) -> str:
    """One change (a field and its new plain value) as text, the same for equal values."""
    return json.dumps([path, plain(new)], sort_keys=True, default=str)


def _variation(row: Row, found: Found, base: float) -> Variation:
    kind, changes, sources, overlay = row
    if isinstance(found, str):
        return Variation(kind, changes, sources, None, None, found, overlay)
    edge, note = found
    change = None if edge is None else edge - base
    return Variation(kind, changes, sources, edge, change, note, overlay)


def one_field_changes(ruleset: Ruleset, family: list[Ruleset]
                      ) -> list[tuple[str, Change, tuple[str, ...]]]:
    """Each one-field change the family and the ruleset's open readings suggest: (kind,
    change, the games that play the new value), in the order of the ruleset's fields."""
    out: list[tuple[str, Change, tuple[str, ...]]] = []
    for path in ruleset_paths(ruleset):
        if skip_reason(path) or path in STRUCTURAL_FIELDS:
            continue
        old = plain(value_at(ruleset, path))
        games: dict[str, list[str]] = {}
        values: dict[str, Any] = {}
        kinds: dict[str, str] = {}
        for game in family:
            if game.id == ruleset.id:
                continue
            try:
                new = plain(value_at(game, path))
            except (KeyError, AttributeError, IndexError, TypeError):
                continue  # a field the other game does not have (a hand it does not name)
            if new != old:
                games.setdefault(repr(new), []).append(game.id)
                values[repr(new)] = new
                kinds[repr(new)] = FAMILY
        if _is_open(ruleset, path):
            for new in _values_of(ruleset, path):
                values.setdefault(repr(new), new)
                kinds.setdefault(repr(new), OPEN)
        out.extend((kinds[text], Change(path, old, new), tuple(games.get(text, ())))
                   for text, new in values.items())
    return out


def _values_of(ruleset: Ruleset, path: str) -> list[Any]:
    """The other readings of an open field: the flipped switch, every other member of a
    choice (`costs.alternatives`). A number or odds has no other reading of its own (one
    more pack, a win paid 1:2 are not what a source left open): only the family's values."""
    value = value_at(ruleset, path)
    if not isinstance(value, bool | Enum):
        return []
    return [plain(v) for v in alternatives(value, path)]


def _is_open(ruleset: Ruleset, path: str) -> bool:
    """Whether the ruleset's provenance marks `path` itself as an open reading."""
    entry = ruleset.provenance.get(path)
    return bool(entry is not None and entry.open)


def changes_between(ruleset: Ruleset, other: Ruleset) -> tuple[Change, ...]:
    """Every field that plays whose value differs from `ruleset` in `other`: the fields a
    table does not vary too (`skip_reason`), since a published variation's row must name
    all it changes (Spanish 21's Super Bonus page changes the least stake, which values
    the bonus, beside the packs: w51y)."""
    out = []
    for path in ruleset_paths(other):
        if _presentation(path):
            continue
        try:
            old = plain(value_at(ruleset, path))
        except (KeyError, AttributeError, IndexError, TypeError):
            old = None
        new = plain(value_at(other, path))
        if _played(old) != _played(new):
            out.append(Change(path, old, new))
    return tuple(out)


def _played(value: Any) -> Any:
    """A value as play reads it: a limit the table agrees (`{"agreed": true}`) as its
    default, as `canonical.behaviour_form` reads it (a published page that leaves the least
    stake to the table changes nothing there)."""
    if isinstance(value, dict) and value.get("agreed") is True:
        return value.get("default")
    return value


def _presentation(path: str) -> bool:
    """Whether `path` only names things (`canonical`'s presentation fields)."""
    return (path.split(".")[0] in PRESENTATION or path in FIELD_PRESENTATION
            or (path.startswith("hands.definitions.") and path.count(".") == 3
                and path.rsplit(".", 1)[1] in HAND_PRESENTATION))


def bundled_family() -> list[Ruleset]:
    """Every bundled ruleset (loaded once per process)."""
    if not _FAMILY:
        from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

        _FAMILY.extend(load_bundled(i) for i in bundled_ids())
    return list(_FAMILY)


_FAMILY: list[Ruleset] = []


def published_folder() -> Path:
    """The `examples/` folder of a source checkout (absent from an installed wheel: no
    published rows there)."""
    return Path(__file__).resolve().parents[3] / "examples"


def published_rows(ruleset: Ruleset) -> list[tuple[str, Ruleset]]:
    """The published tables' rule sets that extend `ruleset`'s id: (file, ruleset), loaded
    once a process per id and files as they stand (names, sizes, times: the workbench's
    worker asks at each change, a third of a second before its helper may begin)."""
    files = [path for name in PUBLISHED_FOLDERS
             if (folder := published_folder() / name).is_dir()
             for path in sorted(folder.glob("*.yaml"))]
    stamps = [(str(path), stat.st_size, stat.st_mtime_ns)
              for path in files for stat in [path.stat()]]
    key = (ruleset.id, repr(stamps))
    if key not in _PUBLISHED:
        if len(_PUBLISHED) >= _MEMO_LIMIT:
            _PUBLISHED.clear()
        _PUBLISHED[key] = _published_rows(ruleset.id, files)
    return list(_PUBLISHED[key])

_PUBLISHED: dict[tuple[str, str], list[tuple[str, Ruleset]]] = {}


def _published_rows(ruleset_id: str, files: list[Path]) -> list[tuple[str, Ruleset]]:
    import yaml

    from pontoon_rules.ruleset.loading.loader import load_path

    out = []
    for path in files:
        head = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(head, dict) and head.get("extends") == ruleset_id:
            out.append((f"examples/{path.parent.name}/{path.name}", load_path(path)))
    return out
