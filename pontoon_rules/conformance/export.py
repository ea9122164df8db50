"""Export a suite: one folder per ruleset, one JSON file per vector, byte for byte reproducible.

A vector whose content changed gets a new id (ids hash the rules and the round);
when the output folder already holds a vector with the same slug and another id,
the new vector names the old one in `reimplements` (and keeps naming it on re-export).

Every file is written atomically. Each ruleset folder gets a manifest
(`_manifest.json`: every file the export wrote, with its sha256) written last,
after the old one was removed first: a folder without a manifest is an export
that did not finish, and `conformance check` says so. An export removes only
files its previous manifest lists; files it did not write are left alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pontoon_rules.conformance.build import dump
from pontoon_rules.conformance.model import FORMAT_VERSION, schema_text
from pontoon_rules.engine.rules import Rules, compile_rules
from pontoon_rules.errors import OutputError
from pontoon_rules.files import write_atomic

SCHEMA_FILE = "vector.schema.json"
MANIFEST = "_manifest.json"
"""The file an export writes last in each ruleset folder."""
KEY_ORDER = ("format", "id", "slug", "description", "reimplements", "ruleset", "level",
             "features", "stakes", "shoe", "steps", "final")


@dataclass
class ExportReport:
    """What an export wrote."""

    written: dict[str, int] = field(default_factory=dict)
    """Vectors per ruleset."""
    removed: list[str] = field(default_factory=list)
    """Stale vector files removed (only files a previous export wrote)."""
    foreign: list[str] = field(default_factory=list)
    """Files in the output folders the export did not write (left alone)."""
    notes: list[str] = field(default_factory=list)
    """Coverage gaps and skipped records."""


def resolve(refs: list[str]) -> list[tuple[Rules, bool]]:
    """Compiled rules for ruleset ids or paths, with whether to embed them (not bundled).

    Raises:
        RulesetError: a ruleset cannot be loaded.
    """
    from pontoon_rules.conformance.reference import bundled_rules
    from pontoon_rules.ruleset.loader import load_ruleset
    from pontoon_rules.ruleset.registry import bundled_ids

    bundled = bundled_ids()
    out = []
    for ref in refs or bundled:
        if ref in bundled:
            out.append((bundled_rules(ref)[0], False))
        else:
            out.append((compile_rules(load_ruleset(ref)), True))
    return out


def suite_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """Every vector of one ruleset: worked examples, comparison records, targeted rounds
    (for a ruleset file), random coverage; a round already present is kept once."""
    from pontoon_rules.conformance.generate import (
        compare_vectors,
        example_vectors,
        random_vectors,
    )
    from pontoon_rules.conformance.targeted import (
        coverage_targets,
        steered_vectors,
        targeted_vectors,
    )

    vectors = example_vectors(rules, embed)
    from_compare, skipped = compare_vectors(rules, embed)
    notes.extend(skipped)
    targeted = targeted_vectors(rules, embed, notes)
    made = vectors + from_compare + targeted
    randoms, _ = random_vectors(rules, embed, {t for v in made for t in v["features"]})
    seen = {t for v in made + randoms for t in v["features"]}
    steered = steered_vectors(rules, embed, seen)
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


def export(refs: list[str], out: Path) -> ExportReport:
    """Write the suite for `refs` (default: every bundled ruleset) under `out`.

    Raises:
        RulesetError: a ruleset cannot be loaded (nothing is written).
        OutputError: a file cannot be written (a full disk): the folder has no manifest.
    """
    report = ExportReport()
    resolved = resolve(refs)
    _mkdir(out, parents=True)
    write_atomic(out / SCHEMA_FILE, schema_text())
    for rules, embed in resolved:
        _export_one(rules, embed, out / rules.ruleset.id, report)
    return report


def _export_one(rules: Rules, embed: bool, folder: Path, report: ExportReport) -> None:
    _mkdir(folder)
    previous = _manifest_files(folder)
    (folder / MANIFEST).unlink(missing_ok=True)
    written: dict[str, str] = {}
    for vector in suite_vectors(rules, embed, report.notes):
        path = folder / (vector["slug"].split("/", 1)[1] + ".json")
        text = dump(_ordered(_carry_history(vector, path)))
        write_atomic(path, text)
        written[path.name] = sha256_text(text)
    for name in sorted(previous - set(written)):
        (folder / name).unlink(missing_ok=True)
        report.removed.append(str(folder / name))
    report.foreign.extend(str(p) for p in sorted(folder.iterdir())
                          if p.name not in written and p.name != MANIFEST)
    manifest = {"format": FORMAT_VERSION, "ruleset": rules.ruleset.id, "count": len(written),
                "files": written}
    write_atomic(folder / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    report.written[rules.ruleset.id] = len(written)


def sha256_text(text: str) -> str:
    """The sha256 of a file's text (UTF-8)."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _mkdir(folder: Path, parents: bool = False) -> None:
    try:
        folder.mkdir(parents=parents, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{folder}: cannot create the folder: {e.strerror or e}") from e


def _manifest_files(folder: Path) -> set[str]:
    """The vector files the previous export into `folder` wrote (per its manifest)."""
    data = read_manifest(folder)
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return set()
    return {name for name in files if isinstance(name, str) and "/" not in name
            and name.endswith(".json") and not name.startswith((".", "_"))}


def read_manifest(folder: Path) -> Any:
    """The parsed manifest of a ruleset folder, None when absent or unreadable."""
    try:
        return json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _carry_history(vector: dict[str, Any], path: Path) -> dict[str, Any]:
    """Set `reimplements` from the vector the file held before, if it differs."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return vector
    if not isinstance(old, dict) or old.get("slug") != vector["slug"]:
        return vector
    if old.get("id") == vector["id"]:
        previous = old.get("reimplements")
    else:
        previous = old.get("id")
    return {**vector, "reimplements": previous} if previous else vector


def _ordered(vector: dict[str, Any]) -> dict[str, Any]:
    return {k: vector[k] for k in KEY_ORDER if k in vector}


def load_suite(folder: Path) -> list[tuple[Path, Any]]:
    """Every vector file under `folder` (sorted) with its parsed JSON (or the error text).

    Files named `*.schema.json` and files outside ruleset folders are not vectors.
    """
    out: list[tuple[Path, Any]] = []
    paths = [folder] if folder.is_file() else sorted(folder.rglob("*.json"))
    for path in paths:
        if path.name.endswith(".schema.json") or path.name.startswith(("_", ".")):
            continue
        try:
            out.append((path, json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError) as e:
            out.append((path, f"not JSON: {e}"))
    return out
