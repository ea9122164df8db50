"""A user's own rulesets on the site: `docs build --rulesets DIR` / `docs serve --rulesets DIR`.

The folder is named in the environment (`EXTRA_RULESETS_ENV`), so the MkDocs hook,
which runs inside `mkdocs build` and on every `serve` rebuild, finds it without
any file being copied into the package. Every `*.yaml`/`*.yml` file in the folder
is loaded (an `extends:` path is resolved beside the file) and gets the same pages
as a bundled ruleset: its rule sheet and sheets, a column of the matrix, worked
examples against its base, and its analysis.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.model import Ruleset

EXTRA_RULESETS_ENV = "PONTOON_RULES_SITE_RULESETS"
SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class UserRuleset:
    """A ruleset from the user's folder, and the file it came from."""

    ruleset: Ruleset
    path: Path


def extra_folder() -> Path | None:
    """The user's ruleset folder this build adds, or None."""
    value = os.environ.get(EXTRA_RULESETS_ENV, "")
    return Path(value) if value else None


def ruleset_files(folder: Path) -> list[Path]:
    """The ruleset files of `folder` (not hidden, not starting with `_`), sorted.

    Raises:
        RulesetError: the folder does not exist or holds no ruleset file.
    """
    if not folder.is_dir():
        raise RulesetError([Problem(str(folder), None, None, "",
                                    "--rulesets: no such folder")])
    files = sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and p.is_file()
                   and not p.name.startswith((".", "_")))
    if not files:
        raise RulesetError([Problem(str(folder), None, None, "",
                                    "--rulesets: the folder holds no .yaml ruleset")])
    return files


def load_folder(folder: Path, taken: set[str]) -> list[UserRuleset]:
    """Every ruleset of `folder`, all problems of all files at once.

    Raises:
        RulesetError: a file is invalid, or its id is a bundled one or repeats another's.
    """
    from pontoon_rules.ruleset.loader import load_ruleset

    found: list[UserRuleset] = []
    problems: list[Problem] = []
    for path in ruleset_files(folder):
        try:
            loaded = load_ruleset(path)
        except RulesetError as e:
            problems.extend(e.problems)
            continue
        if loaded.id in taken:
            problems.append(Problem(str(path), None, None, "id",
                                    f"id {loaded.id!r} is already on the site; give it "
                                    "another id"))
            continue
        taken.add(loaded.id)
        found.append(UserRuleset(loaded, path))
    if problems:
        raise RulesetError(problems)
    return found


_CACHE: dict[tuple[str, tuple[tuple[str, float], ...]], list[UserRuleset]] = {}


def user_rulesets(taken: set[str]) -> list[UserRuleset]:
    """The rulesets of the folder this build adds (cached while the files are unchanged)."""
    folder = extra_folder()
    if folder is None:
        return []
    stamp = tuple((str(p), p.stat().st_mtime) for p in ruleset_files(folder))
    key = (str(folder), stamp)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = load_folder(folder, set(taken))
    return _CACHE[key]
