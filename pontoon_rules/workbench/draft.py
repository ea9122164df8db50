"""A house-rule draft: a starting ruleset, the fields changed from it, and the overlay file.

The page never holds a ruleset of its own. What it shows is always the overlay file
`overlay_text` writes (only the changed fields, `extends:` the base, provenance
"house rule, this file", the name the user gives) loaded by the project's own loader,
so what the page validates, analyses and offers for download is one text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.words.sentences import differing_from_base
from pontoon_rules.docs.words.values import CLASS_NAMES
from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.format.fields import plain, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.renamed import SCHEMA_VERSION
from pontoon_rules.ruleset.loading.loader import load_path, load_text
from pontoon_rules.ruleset.resolving.present import format_value

HOUSE_SOURCE = "house rule, this file"
"""The key of the source every change made in the workbench is credited to."""
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class Start:
    """Where a draft starts: the base the overlay extends, and the changes it starts with.

    A bundled ruleset, or a full ruleset file, is its own base with no changes; a
    house-rule file (one with `extends:`) starts from its base with its own changes,
    its provenance and sources kept for the fields it changes.
    """

    key: str
    label: str
    base: Ruleset
    extends: str
    folder: Path | None = None
    """The folder the overlay is resolved in (a file's own); None for a bundled base."""
    changes: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    summary: str = ""
    provenance: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, Any] = field(default_factory=dict)
    own: Ruleset | None = None
    """The file's own ruleset, for a house-rule file (what a comparison shows of it)."""

    @property
    def default_name(self) -> str:
        """The name a draft gets until the user gives one."""
        return self.name or "Our house rules"


def bundled_start(ruleset: Ruleset) -> Start:
    """A start from a bundled ruleset: it is the base, nothing changed yet."""
    return Start(f"bundled:{ruleset.id}", ruleset.name, ruleset, ruleset.id)


def file_start(path: Path, key: str, label: str) -> Start:
    """A start from a ruleset file (on disk, or an upload in its temporary folder).

    Raises:
        RulesetError: the file (or its base) is not a valid ruleset.
    """
    ruleset = load_path(path)
    base = find_base(ruleset, path) if ruleset.extends else None
    if base is None:
        return Start(key, label, ruleset, path.name, path.parent)
    changed = differing_from_base(ruleset, base)
    own = {p: v.model_dump(mode="json", exclude_defaults=True)
           for p, v in ruleset.provenance.items() if p in changed}
    used = {v["source"] for v in own.values()}
    sources = {k: v.model_dump(mode="json", exclude_defaults=True)
               for k, v in ruleset.sources.items() if k in used}
    return Start(key, label, base, str(ruleset.extends), path.parent,
                 {p: plain(value_at(ruleset, p)) for p in changed}, ruleset.name,
                 ruleset.summary, own, sources, ruleset)


def ruleset_id(name: str, base: Ruleset) -> str:
    """The overlay's id, from its name: lowercase words joined by '-', never the base's."""
    slug = _SLUG.sub("-", name.lower()).strip("-")[:60].strip("-") or "house-rules"
    return f"{slug}-house" if slug == base.id else slug


def overlay_data(start: Start, changes: dict[str, Any], name: str) -> dict[str, Any]:
    """The overlay file's data: id, name, extends, the changed fields and their provenance."""
    name = " ".join(name.split()) or start.default_name  # too long: the loader says so
    data: dict[str, Any] = {"id": ruleset_id(name, start.base),
                            "schema_version": SCHEMA_VERSION, "name": name, "kind": "house",
                            "extends": start.extends}
    if start.summary:
        data["summary"] = start.summary
    for path, value in changes.items():
        _put(data, path, value)
    provenance, sources = _provenance(start, changes)
    if provenance:
        data["sources"] = sources
        data["provenance"] = provenance
    return data


def _provenance(start: Start, changes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each change's provenance: the starting file's own where the value is still its
    value, else "house rule, this file" with the base's value in the note."""
    provenance: dict[str, Any] = {}
    for path, value in changes.items():
        kept = start.provenance.get(path)
        if kept is not None and start.changes.get(path) == value:
            provenance[path] = kept
            continue
        was = value_words(path, value_at(start.base, path))
        provenance[path] = {"source": HOUSE_SOURCE, "status": "stated",
                            "note": f"A house rule: {start.base.id} has {was}."}
    used = {entry["source"] for entry in provenance.values()}
    sources = {k: v for k, v in start.sources.items() if k in used}
    if HOUSE_SOURCE in used:
        sources[HOUSE_SOURCE] = {"title": "House rule, this file", "language": "en",
                                 "note": f"Made with the pontoon-rules workbench from "
                                         f"{start.base.id}."}
    return provenance, sources


_EMPTY_WORDS = {"values": "the usual values"}
"""What an empty mapping means, by the field's last name, where 'none' would mislead."""


def value_words(path: str, value: Any) -> str:
    """A value in words, structures included (never a Python repr): named hands by their
    names, a mapping as 'key: value' pairs, a list of mappings item by item."""
    data = plain(value)
    if isinstance(data, dict) and data.get("agreed") is not True:
        if not data:
            return _EMPTY_WORDS.get(path.rsplit(".", 1)[-1], "none")
        if all(isinstance(v, dict) for v in data.values()):  # things by id: their names
            names = [str(v.get("name") or CLASS_NAMES.get(k, k.replace("-", " ")))
                     for k, v in data.items()]
            return ", ".join(names)
        return ", ".join(f"{k}: {value_words(f'{path}.{k}', v)}" for k, v in data.items())
    if isinstance(data, list) and any(isinstance(v, (dict, list)) for v in data):
        if path == "settlement.outcomes":
            return format_value(path, data)
        return "; ".join(value_words(path, v) for v in data) or "none"
    return format_value(path, data)


def _put(data: dict[str, Any], path: str, value: Any) -> None:
    node = data
    parts = path.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def overlay_text(start: Start, changes: dict[str, Any], name: str) -> str:
    """The overlay file as YAML text (what the page validates, analyses and downloads)."""
    data = overlay_data(start, changes, name)
    header = "# House rules made with the pontoon-rules workbench.\n"
    if start.folder is not None:
        header += (f"# It extends {start.extends}: keep it in the same folder as that file.\n")
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    return header + body


def changes_from(start: Start, values: dict[str, Any]) -> dict[str, Any]:
    """The values that differ from the base (plain data), in the order given."""
    return {path: value for path, value in values.items()
            if _key(value) != _key(_base_value(start.base, path))}


def _key(value: Any) -> str:
    """A value as comparable text: the same data, whatever the order of a mapping's keys."""
    return json.dumps(plain(value), sort_keys=True, default=str)


def _base_value(base: Ruleset, path: str) -> Any:
    try:
        return value_at(base, path)
    except AttributeError:
        return None


@dataclass(frozen=True)
class Evaluation:
    """A draft loaded by the loader: the ruleset, or every problem the loader found."""

    text: str
    filename: str
    ruleset: Ruleset | None
    problems: tuple[Problem, ...]


def evaluate(start: Start, changes: dict[str, Any], name: str, scratch: Path) -> Evaluation:
    """Load the draft's overlay text exactly as `validate` would load the downloaded file.

    Args:
        scratch: an empty folder to resolve a bundled base from (nothing is read there).
    """
    text = overlay_text(start, changes, name)
    filename = f"{overlay_data(start, changes, name)['id']}.yaml"
    folder = start.folder or scratch
    try:
        ruleset = load_text(text, str(folder / filename), base_dir=folder)
    except RulesetError as error:
        return Evaluation(text, filename, None, tuple(error.problems))
    return Evaluation(text, filename, ruleset, ())
