"""A user's own rulesets on the site: `docs build --rulesets DIR` / `docs serve --rulesets DIR`.

The folder is named in the environment (`EXTRA_RULESETS_ENV`), so the MkDocs hook,
which runs inside `mkdocs build` and on every `serve` rebuild, finds it without
any file being copied into the package. Every `*.yaml`/`*.yml` file in the folder
is loaded (an `extends:` path is resolved beside the file) and gets the same pages
as a bundled ruleset: its rule sheet and sheets, a column of the matrix, worked
examples against its base, and its analysis.

The folder is untrusted: a link that leads out of it is refused without being read,
a file that is not a ruleset is refused without being quoted (it may be a `.env` or
a git-credentials file), and an id that is the name of a generated page (`index`) is
refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.format.model import Ruleset

EXTRA_RULESETS_ENV = "PONTOON_RULES_SITE_RULESETS"
SUFFIXES = (".yaml", ".yml")
RESERVED_IDS = frozenset({"index"})
"""Ids that are names of generated pages (`rulesets/index.html`), refused for a ruleset."""


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
        RulesetError: a file is invalid, a link out of the folder, not a ruleset, or its
            id is a bundled one, a generated page's name or repeats another's.
    """
    found: list[UserRuleset] = []
    problems: list[Problem] = []
    for path in ruleset_files(folder):
        loaded = _load_one(path, folder, problems)
        if loaded is None:
            continue
        if loaded.id in taken or loaded.id in RESERVED_IDS:
            why = ("is the name of a generated page" if loaded.id in RESERVED_IDS else
                   "is already on the site")
            problems.append(Problem(str(path), None, None, "id",
                                    f"id {loaded.id!r} {why}; give it another id"))
            continue
        taken.add(loaded.id)
        found.append(UserRuleset(loaded, path))
    if problems:
        raise RulesetError(problems)
    return found


def _load_one(path: Path, folder: Path, problems: list[Problem]) -> Ruleset | None:
    """The ruleset in `path`, or None with its problem added (refused files never quoted)."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset, read_document
    from pontoon_rules.ruleset.loading.references import looks_like_ruleset

    if not path.resolve().is_relative_to(folder.resolve()):
        problems.append(Problem(str(path), None, None, "", "--rulesets: a link to a file "
                                "outside the folder; refused without reading it"))
        return None
    document = read_document(path)
    if not document.fatal and not looks_like_ruleset(document.data):
        problems.append(Problem(str(path), None, None, "", "--rulesets: not a ruleset file "
                                "(a ruleset is a YAML mapping with an id); refused without "
                                "quoting it"))
        return None
    try:
        return load_ruleset(path)
    except RulesetError as e:
        problems.extend(e.problems)
        return None


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
