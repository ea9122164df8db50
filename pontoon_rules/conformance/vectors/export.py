"""Export a suite: one folder per ruleset, one JSON file per vector, byte for byte reproducible.

A vector whose content changed gets a new id (ids hash the rules and the round);
when the output folder already holds a vector with the same slug and another id,
the new vector names the old one in `reimplements` (and keeps naming it on re-export).

Every file is written atomically. Each ruleset folder gets a manifest
(`_manifest.json`: every file the export wrote, with its sha256 and the digests of
the parts its id depends on) written last, after the old one was removed: a folder
without a manifest is an export that did not finish, and `conformance check` says so.
While it runs, `_manifest.partial.json` records what it owns (the old files and the
new ones), so that an export killed midway is finished by the next one.

An export only ever replaces or removes a file it wrote and nobody changed since
(its sha256 is the one its manifest recorded): a vector the user edited, one they
registered with `conformance id --fix`, and any file it did not write are left as
they are and named in the report.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pontoon_rules.conformance.vectors.build import dump
from pontoon_rules.conformance.vectors.model import FORMAT_VERSION, schema_text
from pontoon_rules.conformance.vectors.suitefiles import (
    MANIFEST,
    MAX_VECTOR_BYTES,
    PARTIAL,
    SCHEMA_FILE,
    load_suite,
    manifest_files,
    part_digests,
    read_json_file,
    read_manifest,
    read_partial,
    read_text_file,
    sha256_text,
)
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.errors import OutputError, Problem, RulesetError
from pontoon_rules.files import write_atomic

__all__ = ["MANIFEST", "SCHEMA_FILE", "ExportReport", "export", "generate_vectors", "load_suite",
           "read_manifest", "resolve", "sha256_text", "suite_vectors"]
KEY_ORDER = ("format", "id", "slug", "description", "reimplements", "ruleset", "level",
             "features", "stakes", "shoe", "steps", "final")
Progress = Callable[[str, int, int], None]
"""Called with a ruleset id, its number (from 1) and how many there are, before each."""


@dataclass
class ExportReport:
    """What an export wrote."""

    written: dict[str, int] = field(default_factory=dict)
    """Vectors per ruleset."""
    removed: list[str] = field(default_factory=list)
    """Stale vector files removed (only files a previous export wrote, unchanged)."""
    foreign: list[str] = field(default_factory=list)
    """Files in the output folders the export did not write (left alone)."""
    kept: list[str] = field(default_factory=list)
    """Vector files the export would have replaced or removed, kept because someone
    changed them (or registered them) since it wrote them."""
    notes: list[str] = field(default_factory=list)
    """Coverage gaps and skipped records."""


def resolve(refs: list[str]) -> list[tuple[Rules, bool]]:
    """Compiled rules for ruleset ids or paths, with whether to embed them (not bundled).

    A file whose id is a bundled ruleset's is the bundled ruleset when its rules are the
    same, and refused otherwise (its vectors would be filed, and played, as the bundled
    one's); two rulesets with one id are refused.

    Raises:
        RulesetError: a ruleset cannot be loaded, or its id is taken.
    """
    from pontoon_rules.conformance.vectors.reference import bundled_rules
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    bundled = bundled_ids()
    out: list[tuple[Rules, bool]] = []
    for ref in refs or bundled:
        if ref in bundled:
            out.append((bundled_rules(ref)[0], False))
            continue
        ruleset = load_ruleset(ref)
        if ruleset.id in bundled:
            out.append((_as_bundled(ref, ruleset), False))
        else:
            out.append((compile_rules(ruleset), True))
    _refuse_duplicates(refs, out)
    return out


def _as_bundled(ref: str, ruleset: Any) -> Rules:
    from pontoon_rules.conformance.vectors.model import rules_digest
    from pontoon_rules.conformance.vectors.reference import (
        bundled_digest,
        bundled_rules,
        ruleset_json,
    )

    if rules_digest(ruleset_json(ruleset)) == bundled_digest(ruleset.id):
        return bundled_rules(ruleset.id)[0]
    raise RulesetError([Problem(ref, None, None, "id", (
        f"{ruleset.id!r} is the id of a bundled ruleset, but these rules differ from it: "
        "give your ruleset an id of its own (vectors are filed, and harnesses choose the "
        "rules they play, by ruleset id)"))])


def _refuse_duplicates(refs: list[str], resolved: list[tuple[Rules, bool]]) -> None:
    seen: dict[str, str] = {}
    for ref, (rules, _) in zip(refs, resolved, strict=False):
        rid = rules.ruleset.id
        if rid in seen:
            raise RulesetError([Problem(ref, None, None, "id", (
                f"{rid!r} is also the id of {seen[rid]}: one export cannot hold two "
                "rulesets with one id"))])
        seen[rid] = ref


def suite_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """Every vector of one ruleset: worked examples, comparison records, probes, targeted
    rounds (for a ruleset file), random coverage; a round already present is kept once.
    Coverage gaps and skipped records are added to `notes`.

    Kept in the cache folder (`pontoon_rules.cache`, entry `vectors-ID`), keyed by the
    ruleset, `embed` and every file of the package (the bundled rulesets the comparison
    records come from among them): an export, the site's archive and every `conformance
    run` of the built-in suite generate a ruleset's vectors once. What the cache gives back
    is what `generate_vectors` makes, to the last character of its JSON."""
    from pontoon_rules.cache import cached_json, key_of, package_files_hash

    key = key_of(package_files_hash(), rules.ruleset.model_dump_json(), str(embed))
    found = cached_json(f"vectors-{rules.ruleset.id}", key,
                        lambda: generate_vectors(rules, embed))
    notes.extend(found["notes"])
    vectors: list[dict[str, Any]] = found["vectors"]
    return vectors


def generate_vectors(rules: Rules, embed: bool) -> dict[str, Any]:
    """`suite_vectors` made afresh, as JSON data: {"vectors": [...], "notes": [...]}."""
    notes: list[str] = []
    vectors = _generated(rules, embed, notes)
    data: dict[str, Any] = json.loads(json.dumps({"vectors": vectors, "notes": notes}))
    return data


def _generated(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    from pontoon_rules.conformance.vectors.dealt import dealt_vectors
    from pontoon_rules.conformance.vectors.generate import (
        compare_vectors,
        example_vectors,
        random_vectors,
    )
    from pontoon_rules.conformance.vectors.probes import probe_vectors
    from pontoon_rules.conformance.vectors.targeted import (
        coverage_targets,
        steered_vectors,
        targeted_vectors,
    )

    vectors = example_vectors(rules, embed)
    from_compare, skipped = compare_vectors(rules, embed)
    notes.extend(skipped)
    targeted = targeted_vectors(rules, embed, notes)
    probes = probe_vectors(rules, embed, notes)
    made = vectors + from_compare + targeted + probes
    randoms, _ = random_vectors(rules, embed, {t for v in made for t in v["features"]})
    seen = {t for v in made + randoms for t in v["features"]}
    steered = steered_vectors(rules, embed, seen)
    steered += dealt_vectors(rules, embed, coverage_targets(rules), seen)
    missing = sorted(coverage_targets(rules) - seen)
    if missing:
        notes.append(f"{rules.ruleset.id}: not covered: {', '.join(missing)}")
    out, ids, slugs = [], set(), set()
    for vector in made + randoms + steered:
        if vector["id"] not in ids and vector["slug"] not in slugs:
            ids.add(vector["id"])
            slugs.add(vector["slug"])
            out.append(vector)
    return out


def export(refs: list[str], out: Path, progress: Progress | None = None) -> ExportReport:
    """Write the suite for `refs` (default: every bundled ruleset) under `out`.

    Raises:
        RulesetError: a ruleset cannot be loaded (nothing is written).
        OutputError: a file cannot be written (a full disk): the folder has no manifest.
    """
    report = ExportReport()
    resolved = resolve(refs)
    _mkdir(out, parents=True)
    write_atomic(out / SCHEMA_FILE, schema_text())
    for n, (rules, embed) in enumerate(resolved, start=1):
        if progress is not None:
            progress(rules.ruleset.id, n, len(resolved))
        _export_one(rules, embed, out / rules.ruleset.id, report)
    return report


class _Ownership:
    """Which files of a ruleset folder this export may replace or remove."""

    def __init__(self, folder: Path) -> None:
        manifest = read_manifest(folder)
        self.previous = manifest_files(manifest)
        self.added = manifest_files(manifest, "added")
        self.partial = manifest_files(read_partial(folder))

    def names(self) -> set[str]:
        """Every file an earlier export wrote."""
        return set(self.previous) | set(self.partial)

    def owns(self, name: str, text: str) -> bool:
        """Whether `text` is what an earlier export wrote as `name` (nobody changed it)."""
        if name in self.added:
            return False
        sha = sha256_text(text)
        known = [self.previous.get(name), *_listed(self.partial.get(name))]
        return sha in known


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _export_one(rules: Rules, embed: bool, folder: Path, report: ExportReport) -> None:
    _mkdir(folder)
    owner = _Ownership(folder)
    texts: dict[str, str] = {}
    parts: dict[str, dict[str, str]] = {}
    for vector in suite_vectors(rules, embed, report.notes):
        path = folder / (vector["slug"].split("/", 1)[1] + ".json")
        ordered = _ordered(_carry_history(vector, path))
        texts[path.name] = dump(ordered)
        parts[path.name] = part_digests(ordered)
    _write_partial(folder, owner, texts)
    (folder / MANIFEST).unlink(missing_ok=True)
    written: dict[str, str] = {}
    for name, text in texts.items():
        if _put(folder / name, text, owner, report):
            written[name] = sha256_text(text)
    _remove_stale(folder, owner, set(texts), report)
    report.foreign.extend(str(p) for p in sorted(folder.iterdir())
                          if p.name not in written and p.name not in (MANIFEST, PARTIAL)
                          and str(p) not in report.kept and p.name not in owner.added)
    manifest = {"format": FORMAT_VERSION, "ruleset": rules.ruleset.id, "count": len(written),
                "files": written, "parts": {n: parts[n] for n in written}}
    added = {n: sha for n, sha in owner.added.items() if (folder / n).exists()}
    if added:
        manifest["added"] = added
    write_atomic(folder / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    (folder / PARTIAL).unlink(missing_ok=True)
    report.written[rules.ruleset.id] = len(written)


def _write_partial(folder: Path, owner: _Ownership, texts: dict[str, str]) -> None:
    """Record what this export owns before it touches anything."""
    files: dict[str, list[str]] = {}
    for name in owner.names() | set(texts):
        known = [owner.previous.get(name), *_listed(owner.partial.get(name))]
        if name in texts:
            known.append(sha256_text(texts[name]))
        files[name] = sorted({k for k in known if isinstance(k, str)})
    data = {"format": FORMAT_VERSION, "files": files}
    write_atomic(folder / PARTIAL, json.dumps(data, indent=1, sort_keys=True) + "\n")


def _put(path: Path, text: str, owner: _Ownership, report: ExportReport) -> bool:
    """Write `text` as `path` unless someone else's file is there; whether it is ours now."""
    if path.exists() or path.is_symlink():
        current = read_text_file(path, MAX_VECTOR_BYTES)
        if isinstance(current, str) and current == text:
            return True
        if isinstance(current, ValueError) or not owner.owns(path.name, current):
            report.kept.append(str(path))
            return False
    write_atomic(path, text)
    return True


def _remove_stale(folder: Path, owner: _Ownership, fresh: set[str], report: ExportReport
                  ) -> None:
    for name in sorted(owner.names() - fresh):
        path = folder / name
        if not path.exists():
            continue
        current = read_text_file(path, MAX_VECTOR_BYTES)
        if isinstance(current, str) and owner.owns(name, current):
            path.unlink()
            report.removed.append(str(path))
        else:
            report.kept.append(str(path))


def _mkdir(folder: Path, parents: bool = False) -> None:
    try:
        folder.mkdir(parents=parents, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{folder}: cannot create the folder: {e.strerror or e}") from e
    if not folder.is_dir():
        raise OutputError(f"{folder}: not a folder")


def _carry_history(vector: dict[str, Any], path: Path) -> dict[str, Any]:
    """Set `reimplements` from the vector the file held before, if it differs."""
    old = read_json_file(path) if path.exists() else None
    if not isinstance(old, dict) or old.get("slug") != vector["slug"]:
        return vector
    if old.get("id") == vector["id"]:
        previous = old.get("reimplements")
    else:
        previous = old.get("id")
    return {**vector, "reimplements": previous} if isinstance(previous, str) else vector


def _ordered(vector: dict[str, Any]) -> dict[str, Any]:
    return {k: vector[k] for k in KEY_ORDER if k in vector}
