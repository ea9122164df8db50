"""Rewrite a ruleset file of an older format in the current one (`pontoon-rules migrate`).

What moved where is `ruleset.format.renamed`'s table; this module only applies it to a file's
text. The rewrite is surgical: the old fields' lines are taken out and their values
written where the fields live now (the value's text as written, its comments with it),
the provenance of a field moves with the field, `schema_version` is set, and every other
line stays as it was. A file that extends a base is migrated against that base (which
named hands it defines already, its ranking). The result must load: a file that would
still be invalid is refused with the problems of its migrated text, and nothing is
written. Writing is atomic (`files.write_atomic`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.format.renamed import (
    OLD_HANDS,
    SCHEMA_VERSION,
    file_version,
    is_old_path,
)
from pontoon_rules.ruleset.loading.text_edits import Text
from pontoon_rules.ruleset.loading.to_version2 import BASE_FIRST, ToVersion2, holds
from pontoon_rules.ruleset.loading.yaml_source import Document, parse_yaml


@dataclass(frozen=True)
class Migration:
    """One file's text before and after the rewrite."""

    file: str
    before: str
    after: str
    version: int
    """The version the file was written in (`renamed.file_version`)."""

    @property
    def changed(self) -> bool:
        """Whether the rewrite changes the file."""
        return self.before != self.after

    def diff(self) -> str:
        """The change as a unified diff ('' when there is none)."""
        return "".join(difflib.unified_diff(
            self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
            f"{self.file} (version {self.version})",
            f"{self.file} (version {SCHEMA_VERSION})"))


@dataclass(frozen=True)
class OlderFormat:
    """A file of an earlier format, as the loader reports it: one problem per old field,
    and the command that rewrites it."""

    file: str
    version: int
    hands: frozenset[str]
    """The ids of the old hands' sections the file holds."""
    bundled: frozenset[str]
    """The bundled bases' names (no problem is reported there: the file's fields are)."""

    @property
    def hint(self) -> str:
        """What to run."""
        import shlex

        return (f"{self.file} is written in an earlier format of rulesets (version "
                f"{self.version}, now {SCHEMA_VERSION}): `pontoon-rules migrate "
                f"{shlex.quote(self.file)}` rewrites it in the current one, comments kept "
                "(--dry-run shows the change)")

    def keeps(self, problem: Problem) -> bool:
        """Whether `problem` is one of its own, not a consequence of an old field."""
        if problem.file in self.bundled:
            return False
        listed = _listed(problem.message)
        if problem.path == "hands.ranking" and "are not defined in hands.definitions" in (
                problem.message):
            return not listed or not listed <= self.hands
        if problem.message.startswith("provenance for unknown fields"):
            return not listed or not all(is_old_path(key) for key in listed)
        return True


def older_format(doc: Document, bundled: list[str]) -> OlderFormat | None:
    """How the file of `doc` is older than the current format, or None where it is not."""
    if not isinstance(doc.data, dict):
        return None
    version = file_version(doc.data)
    if version >= SCHEMA_VERSION:
        return None
    hands = frozenset(hand.id for hand in OLD_HANDS if holds(doc.data, ("hands", hand.section)))
    return OlderFormat(doc.file, version, hands, frozenset(bundled))


def _listed(message: str) -> frozenset[str]:
    """The names of the first list quoted in `message` (['a', 'b'])."""
    import ast
    import re

    found = re.search(r"\[[^\]]*\]", message)
    try:
        names = ast.literal_eval(found.group()) if found else []
    except (ValueError, SyntaxError):
        return frozenset()
    return frozenset(n for n in names if isinstance(n, str))


def migrate_file(path: Path, dry_run: bool = False) -> Migration:
    """Rewrite the ruleset file at `path` in the current format (atomically), unless
    `dry_run` or it is current already.

    Raises:
        RulesetError: the file is unreadable, not a ruleset, of a newer format, or would
            not load once migrated (nothing is written).
    """
    from pontoon_rules.files import write_atomic
    from pontoon_rules.ruleset.loading.loader import _display, _read_text

    text = _read_text(path)
    if isinstance(text, Problem):
        raise RulesetError([text])
    migration = migrate_text(text, _display(path), path.parent)
    if migration.changed and not dry_run:
        write_atomic(path, _line_ends_of(path, migration.after))
    return migration


def _line_ends_of(path: Path, text: str) -> str:
    """`text` with the line ends the file at `path` has (a Windows file keeps its CRLF)."""
    from pontoon_rules.files import read_regular
    from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES

    return text.replace("\n", "\r\n") if b"\r\n" in read_regular(
        path, MAX_RULESET_BYTES) else text


def migrate_files(paths: list[Path], dry_run: bool = False) -> list[Migration | RulesetError]:
    """Each file of `paths` migrated (`migrate_file`), in the order given, except that one
    refused while its base was still to be migrated is tried again after the others:
    `migrate house.yaml base.yaml` migrates both. Returns each file's migration or error."""
    done: list[Migration | RulesetError] = []
    for path in paths:
        try:
            done.append(migrate_file(path, dry_run))
        except RulesetError as error:
            done.append(error)
    if dry_run or not any(isinstance(d, Migration) and d.changed for d in done):
        return done
    for i, path in enumerate(paths):
        refused = done[i]
        if isinstance(refused, RulesetError) and any(
                BASE_FIRST in p.message for p in refused.problems):
            try:
                done[i] = migrate_file(path, dry_run)
            except RulesetError as error:
                done[i] = error
    return done


def migrate_text(text: str, file: str, folder: Path) -> Migration:
    """The ruleset YAML `text` (named `file`, its `extends` resolved in `folder`) in the
    current format.

    Raises:
        RulesetError: as `migrate_file`.
    """
    doc = parse_yaml(text, file)
    if doc.fatal or not isinstance(doc.data, dict):
        raise RulesetError(list(doc.problems) or [
            Problem(file, 1, 1, "", "expected a mapping of ruleset fields")])
    version = file_version(doc.data)
    if version > SCHEMA_VERSION:
        line, column = doc.values[("schema_version",)]
        raise RulesetError([Problem(file, line, column, "schema_version", (
            f"written in format {version}, newer than this pontoon-rules reads "
            f"({SCHEMA_VERSION}): upgrade pontoon-rules"))])
    edit = Text(text, doc)
    if version < 2:
        ToVersion2(edit, folder).run()
    _set_version(edit)
    after = edit.result()
    if after != text:
        _check(after if version < SCHEMA_VERSION else text, file, folder, version)
    return Migration(file, text, after, version)


def _check(text: str, file: str, folder: Path, version: int) -> None:
    """Refuse a migrated text that does not load, with its problems (those of the file
    as it is where only `schema_version` was to be added)."""
    from pontoon_rules.ruleset.loading.loader import load_text

    shown = f"{file} (as migrated)" if version < SCHEMA_VERSION else file
    try:
        load_text(text, shown, base_dir=folder)
    except RulesetError as error:
        ours = [p for p in error.problems if p.file == shown]
        raise RulesetError(ours or error.problems) from None


def _set_version(edit: Text) -> None:
    doc = edit.doc
    key = ("schema_version",)
    line = f"schema_version: {SCHEMA_VERSION}"
    if key in doc.values:
        if doc.data["schema_version"] != SCHEMA_VERSION:
            edit.replace_span(doc.values[key], doc.ends[key], str(SCHEMA_VERSION))
        return
    if ("id",) in doc.keys and doc.keys[("id",)][1] == 1:
        end = edit.block(("id",)).end
        edit.replace(end, end, [line])
        return
    first = min((mark[0] for path, mark in doc.keys.items() if len(path) == 1), default=1)
    edit.replace(first - 1, first - 1, [line])
