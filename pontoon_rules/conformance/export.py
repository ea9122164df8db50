"""Export a suite: one folder per ruleset, one JSON file per vector, byte for byte reproducible.

A vector whose content changed gets a new id (ids hash the content); when the
output folder already holds a vector with the same slug and another id, the new
vector names the old one in `reimplements` (and keeps naming it on re-export).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pontoon_rules.conformance.build import dump
from pontoon_rules.conformance.model import schema_text
from pontoon_rules.engine.rules import Rules, compile_rules

SCHEMA_FILE = "vector.schema.json"
KEY_ORDER = ("format", "id", "slug", "description", "reimplements", "ruleset", "level",
             "features", "stakes", "shoe", "steps", "final")


@dataclass
class ExportReport:
    """What an export wrote."""

    written: dict[str, int] = field(default_factory=dict)
    """Vectors per ruleset."""
    removed: list[str] = field(default_factory=list)
    """Stale vector files removed."""
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
    """Every vector of one ruleset: worked examples, comparison records, random coverage."""
    from pontoon_rules.conformance.generate import (
        compare_vectors,
        example_vectors,
        random_vectors,
    )

    vectors = example_vectors(rules, embed)
    from_compare, skipped = compare_vectors(rules, embed)
    notes.extend(skipped)
    randoms, cover = random_vectors(rules, embed)
    if cover.missing():
        notes.append(f"{rules.ruleset.id}: not covered: {', '.join(cover.missing())}")
    return vectors + from_compare + randoms


def export(refs: list[str], out: Path) -> ExportReport:
    """Write the suite for `refs` (default: every bundled ruleset) under `out`."""
    report = ExportReport()
    out.mkdir(parents=True, exist_ok=True)
    (out / SCHEMA_FILE).write_text(schema_text(), encoding="utf-8")
    for rules, embed in resolve(refs):
        folder = out / rules.ruleset.id
        folder.mkdir(exist_ok=True)
        written = set()
        for vector in suite_vectors(rules, embed, report.notes):
            path = folder / (vector["slug"].split("/", 1)[1] + ".json")
            text = dump(_ordered(_carry_history(vector, path)))
            path.write_text(text, encoding="utf-8")
            written.add(path.name)
        for stale in sorted(folder.glob("*.json")):
            if stale.name not in written:
                stale.unlink()
                report.removed.append(str(stale))
        report.written[rules.ruleset.id] = len(written)
    return report


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
