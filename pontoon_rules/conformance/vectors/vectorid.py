"""`conformance id`: the id a vector's content gives, and fixing it in the file and the
manifest of its folder.

A hand-written vector may leave its id out (or empty): `id --fix` computes it. A
vector whose content changed gets a new id that names the old one in
`reimplements` (unless it already names one: the id a published baseline knows).
The folder's manifest lists the file under `added` with its new sha256, so that a
later export never overwrites or removes it and `check` accepts it as part of the
suite; a folder without one gets one, as an export writes it (`files` empty). A file
whose id already matches is recorded too when the manifest does not list it as it is.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_rules.conformance.vectors.build import dump
from pontoon_rules.conformance.vectors.suitefiles import (
    MANIFEST,
    manifest_files,
    read_json_file,
    read_manifest,
    sha256_text,
)
from pontoon_rules.files import write_atomic

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
PLACEHOLDER = "00000000-0000-0000-0000-000000000000"


@dataclass
class IdResult:
    """What `identify` found for one file."""

    path: Path
    given: str | None = None
    """The id the file holds (None when it has none)."""
    computed: str | None = None
    """The id its content gives (None when it is not a vector)."""
    problems: tuple[str, ...] = ()
    """Why no id can be computed (the file is not a vector)."""
    fixed: bool = False
    manifest: str | None = None
    """What was recorded in the folder's manifest."""
    data: dict[str, Any] | None = None

    @property
    def matches(self) -> bool:
        """Whether the file's id is the one its content gives."""
        return self.computed is not None and self.given == self.computed


def identify(path: Path) -> IdResult:
    """The id `path`'s content gives (the file's own id may be missing or wrong)."""
    from pontoon_rules.conformance.vectors.model import vector_id
    from pontoon_rules.conformance.vectors.validate import schema_problems

    data = read_json_file(path)
    if isinstance(data, str):
        return IdResult(path, problems=(data,))
    if not isinstance(data, dict):
        return IdResult(path, problems=tuple(schema_problems(data)))
    given = data.get("id") if isinstance(data.get("id"), str) and data.get("id") else None
    found = schema_problems({**data, "id": PLACEHOLDER})
    if found:
        return IdResult(path, given, problems=tuple(found), data=data)
    return IdResult(path, given, vector_id(data), data=data)


def fix(result: IdResult) -> IdResult:
    """Write the computed id into the file (and its manifest entry); `result` updated.

    Raises:
        OutputError: the file or the manifest cannot be written.
    """
    if result.data is None or result.computed is None:
        return result
    if result.matches:
        result.manifest = _record_unlisted(result.path, result.data)
        return result
    from pontoon_rules.conformance.vectors.export import KEY_ORDER

    data = dict(result.data)
    old = result.given
    data["id"] = result.computed
    if old and UUID.match(old) and not data.get("reimplements"):
        data["reimplements"] = old
    ordered = {k: data[k] for k in KEY_ORDER if k in data}
    ordered.update({k: v for k, v in data.items() if k not in ordered})
    text = dump(ordered)
    write_atomic(result.path, text)
    result.fixed = True
    result.data = ordered
    result.manifest = _record(result.path, text, ordered)
    return result


def _record_unlisted(path: Path, data: dict[str, Any]) -> str | None:
    """Record a file whose id matches when the manifest does not list it as it is."""
    from pontoon_rules.conformance.vectors.suitefiles import MAX_VECTOR_BYTES, read_text_file

    text = read_text_file(path, MAX_VECTOR_BYTES)
    if not isinstance(text, str):
        return None
    manifest = read_manifest(path.parent)
    sha = sha256_text(text)
    if isinstance(manifest, dict) and sha in (manifest_files(manifest).get(path.name),
                                              manifest_files(manifest, "added").get(path.name)):
        return None
    return _record(path, text, data)


def _record(path: Path, text: str, data: dict[str, Any] | None = None) -> str | None:
    """List the file under the manifest's `added` (moving it out of `files`); a folder
    without a manifest gets one, as an export writes it (nothing under `files`)."""
    folder = path.parent
    manifest = read_manifest(folder)
    if manifest is None and not (folder / MANIFEST).exists():
        manifest = _new_manifest(data)
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        return f"{MANIFEST}: not changed (it cannot be read as a manifest)"
    files = dict(manifest["files"])
    files.pop(path.name, None)
    parts = dict(manifest.get("parts") or {})
    parts.pop(path.name, None)
    added = dict(manifest.get("added") or {})
    added[path.name] = sha256_text(text)
    updated = {**manifest, "files": files, "parts": parts, "added": added,
               "count": len(files)}
    write_atomic(folder / MANIFEST, json.dumps(updated, indent=1, sort_keys=True) + "\n")
    return f'{MANIFEST}: "added": {{"{path.name}": "{added[path.name]}"}}'


def _new_manifest(data: dict[str, Any] | None) -> dict[str, Any]:
    """The manifest an export would write for a folder of no exported files."""
    from pontoon_rules.conformance.vectors.model import FORMAT_VERSION

    ruleset = (data or {}).get("ruleset")
    rid = ruleset.get("id") if isinstance(ruleset, dict) else None
    return {"format": FORMAT_VERSION, "ruleset": rid, "count": 0, "files": {}, "parts": {}}
