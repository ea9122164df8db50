"""The bundled rulesets: where they live, their ids, and a cached loader."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset


RETIRED: dict[str, tuple[str, str]] = {
    "casino-online-pontoon": (
        "casino-ochko",
        "it was the same RealTimeGaming online Pontoon as casino-ochko, with the same "
        "rules (the 0.38% house edge it was written for is that game's, now cited in "
        "casino-ochko's sources)",
    ),
}
"""Ids of bundled rulesets that were retired: id -> (the ruleset to use, why)."""


def retired_message(ruleset_id: str) -> str | None:
    """The one-line reason a retired bundled id no longer loads, or None for any other id."""
    found = RETIRED.get(ruleset_id)
    if found is None:
        return None
    instead, why = found
    return f"the bundled ruleset {ruleset_id!r} was retired: {why}; use {instead!r}"


def bundled_dir() -> Path:
    """The folder of bundled ruleset files.

    In an installed wheel that is `pontoon_rules/bundled` (the repository's
    `rulesets/` is force-included there); in a source checkout it is the
    `rulesets/` folder next to the package folder.
    """
    package = Path(__file__).resolve().parents[2]  # the package's own folder, read as
    installed = package / "bundled"  # a path (not `importlib.resources`: 3 ms of imports)
    if installed.is_dir():
        return installed
    return package.parent / "rulesets"


def bundled_ids() -> list[str]:
    """The ids of the bundled rulesets, sorted (file stems of `*.yaml`).

    Files that are not rulesets are skipped: other suffixes (`ruleset.format.schema.json`),
    names starting with `_` or `.`, and stems with a dot (`ruleset.format.schema.yaml`).
    """
    folder = bundled_dir()
    if not folder.is_dir():
        return []
    return sorted(
        path.stem
        for path in folder.glob("*.yaml")
        if path.is_file() and not path.name.startswith(("_", ".")) and "." not in path.stem
    )


def bundled_path(ruleset_id: str) -> Path | None:
    """The file of the bundled ruleset `ruleset_id`, or None when there is none."""
    if ruleset_id not in bundled_ids():
        return None
    return bundled_dir() / f"{ruleset_id}.yaml"


@cache
def load_bundled(ruleset_id: str) -> Ruleset:
    """The bundled ruleset `ruleset_id`, loaded once and cached.

    Raises:
        RulesetError: the id is unknown or retired (`RETIRED`), or the bundled file is
            invalid.
    """
    from pontoon_rules.errors import Problem, RulesetError
    from pontoon_rules.ruleset.loading.loader import load_path

    path = bundled_path(ruleset_id)
    if path is None:
        known = ", ".join(bundled_ids()) or "none"
        message = (retired_message(ruleset_id)
                   or f"unknown bundled ruleset {ruleset_id!r} (bundled: {known})")
        raise RulesetError([Problem(ruleset_id, None, None, "", message)])
    return load_path(path)


def bundled_hash() -> str:
    """A hash of the package's source and the bundled ruleset files: the key of a result
    that depends on nothing else (`pontoon_rules.cache`)."""
    from pontoon_rules.cache import source_hash

    return source_hash(sorted(bundled_dir().glob("*.yaml")))
