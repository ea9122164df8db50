"""The rulesets a draft can start from: bundled ones, the file named on the command line,
and files uploaded from the browser (kept only in the workbench's temporary folder).

The browser names a start by its key (`bundled:pagat-british`, `file`, `upload:3`),
never by a path: no path it sends is ever opened. An upload is written under a name
made of safe characters inside a fresh folder of its own below the temporary folder;
files uploaded together share one folder, so an overlay may `extends:` its base by
name, and two of them that would have one name there (as written, or once reduced
to safe characters, in any case) are refused, never one written over the other.
The loader's own limits apply (`MAX_RULESET_BYTES`, the `extends` rules).
"""

from __future__ import annotations

import re
import shutil
import tempfile
import threading
from pathlib import Path

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES, too_large
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.workbench.draft import Start, bundled_start, file_start
from pontoon_rules.workbench.render import said

MAX_UPLOADS = 200
"""Uploads kept at once (the oldest are forgotten, and their folders removed)."""
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


class UploadError(RulesetError):
    """An upload refused before it reached the loader (its name, size or text)."""


def safe_name(name: str) -> str:
    """An uploaded file's name, reduced to safe characters, ending in .yaml or .yml.

    Raises:
        UploadError: nothing usable is left of the name, or it is not a YAML file.
    """
    base = _SAFE.sub("-", name.replace("\\", "/").rsplit("/", 1)[-1]).strip(".-")[:80]
    if not base.lower().endswith((".yaml", ".yml")):
        raise UploadError([Problem(base or "upload", None, None, "",
                                   "expected a ruleset file ending in .yaml or .yml")])
    return base


def same_names(sent: list[str], stored: list[str]) -> list[Problem]:
    """A problem for each file whose stored name an earlier file of the upload has."""
    problems: list[Problem] = []
    first: dict[str, str] = {}
    for given, name in zip(sent, stored, strict=True):
        earlier = first.get(name.lower())
        if earlier is None:
            first[name.lower()] = given
        else:
            also = f" (as {name})" if name != given else ""
            problems.append(Problem(name, None, None, "", (
                f"two files are named {name}: {earlier!r} and {given!r}{also}; rename one "
                "and upload them again (files uploaded together are kept in one folder)")))
    return problems


class Starts:
    """Every start the page offers, by key; uploads live in `folder` (a temporary one)."""

    def __init__(self, file: Path | None = None, bundled: str = "pagat-british") -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="pontoon-workbench-"))
        self._lock = threading.Lock()
        self._uploads: dict[str, Start] = {}
        self._count = 0
        self.bundled = bundled
        self.file = file_start(file, "file", file.name) if file else None

    def default(self) -> Start:
        """The start the page opens with: the command line's file, else its bundled id."""
        found = self.file or self.get(f"bundled:{self.bundled}")
        return found or bundled_start(load_bundled(bundled_ids()[0]))

    def get(self, key: str) -> Start | None:
        """The start named `key`, or None."""
        if key.startswith("bundled:"):
            ruleset_id = key.split(":", 1)[1]
            return bundled_start(load_bundled(ruleset_id)) if ruleset_id in bundled_ids() \
                else None
        if key == "file":
            return self.file
        with self._lock:
            return self._uploads.get(key)

    def groups(self) -> list[dict[str, object]]:
        """The starts as the page's menu lists them."""
        groups: list[dict[str, object]] = []
        if self.file:
            groups.append({"label": said("Your file"), "starts": [self.file]})
        with self._lock:
            uploads = list(self._uploads.values())
        if uploads:
            groups.append({"label": said("Uploaded"), "starts": uploads})
        groups.append({"label": said("Bundled rulesets"),
                       "starts": [bundled_start(load_bundled(i)) for i in bundled_ids()]})
        return groups

    def upload(self, files: list[tuple[str, bytes]]) -> list[Start]:
        """Store uploaded files together in a new folder and load each as a start.

        Raises:
            RulesetError: a file is refused, or is not a valid ruleset (every problem).
        """
        named = [(safe_name(name), data) for name, data in files]
        problems = [Problem(n, None, None, "", too_large(len(d)))
                    for n, d in named if len(d) > MAX_RULESET_BYTES]
        problems += same_names([name for name, _ in files], [n for n, _ in named])
        if problems:
            raise UploadError(problems)
        with self._lock:
            self._count += 1
            number = self._count
        folder = self.folder / f"upload-{number}"
        folder.mkdir()
        for name, data in named:
            (folder / name).write_bytes(data)
        starts, problems = [], []
        for i, (name, _data) in enumerate(named):
            try:
                # the file's own name (the menu's group says it is uploaded, in the page's
                # language)
                starts.append(file_start(folder / name, f"upload:{number}.{i}", name))
            except RulesetError as error:
                problems.extend(error.problems)
        if problems:
            shutil.rmtree(folder, ignore_errors=True)
            raise RulesetError(problems)
        self._remember(starts)
        return starts

    def _remember(self, starts: list[Start]) -> None:
        with self._lock:
            for start in starts:
                self._uploads[start.key] = start
            while len(self._uploads) > MAX_UPLOADS:
                oldest = next(iter(self._uploads))
                gone = self._uploads.pop(oldest)
                if gone.folder is not None and gone.folder.parent == self.folder and not any(
                        s.folder == gone.folder for s in self._uploads.values()):
                    shutil.rmtree(gone.folder, ignore_errors=True)

    def close(self) -> None:
        """Remove the temporary folder (it holds only what the workbench wrote)."""
        shutil.rmtree(self.folder, ignore_errors=True)
