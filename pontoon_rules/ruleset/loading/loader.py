"""Load rulesets from YAML: resolve `extends`, validate, and report every problem at once.

A ruleset file holds the `Ruleset` model's fields at the top level. It may name a
base with `extends:` (a bundled id, or a `.yaml`/`.yml` path relative to the file's
folder that stays inside it: see `references`); the base is read as raw data,
recursively, and the file is deep-merged over it: mappings merge key by key, lists
and scalars replace, `sources` and `provenance` merge entry by entry (an entry
replaces the base's entry of the same key), and `id`, `name`, `summary`, their
`translations` and `kind` are never inherited (`kind` defaults to `house`; an
overlay without translations is shown by its own name in every language). A field the file changes
without giving provenance for it is credited to the file ("house rule, <file>"),
never to the base's source. Every mistake in user input ends
as a `RulesetError` listing `Problem`s in file order, each pointing at the file,
line and column it comes from, in the base file when the value came from there (a
bundled base named `<bundled>/ID.yaml`, never by the install's path). A file of an
earlier format (`ruleset.format.renamed`) gets one problem per old field, all in the file
itself, and the `pontoon-rules migrate` command to run (`RulesetError.hints`).
Files over `MAX_RULESET_BYTES` are refused before they are parsed, and a chain of
bases longer than `MAX_EXTENDS_DEPTH` is one problem at the first file's `extends`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading import diagnostics
from pontoon_rules.ruleset.loading.overlay import credit_overrides
from pontoon_rules.ruleset.loading.references import (
    ID_LIKE,
    MAX_RULESET_BYTES,
    find_ruleset_file,
    looks_like_ruleset,
    too_large,
    unknown_id_hint,
)
from pontoon_rules.ruleset.loading.registry import bundled_path, load_bundled, retired_message
from pontoon_rules.ruleset.loading.yaml_source import Document, parse_yaml
from pontoon_rules.text import yaml_text

RESOLVED_PREFIX = "# resolved from "
"""First line of a dumped ruleset that was resolved from a base (see `dump_ruleset`)."""

MAX_EXTENDS_DEPTH = 16
"""Most bases a ruleset may stand on, one extending the next (the bundled chains are 1)."""

_CHILD_ONLY = ("schema_version", "id", "name", "summary", "translations", "kind")
_BY_ENTRY = ("sources", "provenance")
_ID_LIKE = ID_LIKE


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load a ruleset by bundled id (e.g. "pagat-british") or by file path.

    A string that is a bundled id loads the cached bundled ruleset; anything else
    is read as a file, and its `extends` is resolved against the file's folder.

    Raises:
        RulesetError: the ruleset is unknown, unreadable or invalid.
    """
    if isinstance(ref, str) and _ID_LIKE.fullmatch(ref) and bundled_path(ref) is not None:
        return load_bundled(ref)
    path = Path(ref)
    if not _is_file(path):
        raise RulesetError([Problem(str(ref), None, None, "", _unknown(str(ref), path))])
    return load_path(path)


def load_path(path: Path) -> Ruleset:
    """Load the ruleset file at `path`; problems name the file as `path` is written.

    Raises:
        RulesetError: the file is unreadable, too large (`MAX_RULESET_BYTES`) or invalid.
    """
    text = _read_text(path)
    if isinstance(text, Problem):
        raise RulesetError([text])
    return _load(text, _display(path), path.parent, (_Link.of(path),))


def load_reference(ref: object, folder: Path) -> Ruleset | str:
    """The ruleset a script's `"ruleset"` names, looked up beside the script in `folder`.

    Returns the one-line reason when the reference is refused (see `references`);
    a file that is not a ruleset (no mapping with an `id`) is refused the same way,
    without quoting it.

    Raises:
        RulesetError: the file is a ruleset but an invalid one.
    """
    found = find_ruleset_file(ref, folder)
    if isinstance(found, str):
        return found
    if isinstance(ref, str) and _ID_LIKE.fullmatch(ref) and bundled_path(ref) == found:
        return load_bundled(ref)
    document = read_document(found)
    if not document.fatal and not looks_like_ruleset(document.data):
        return _not_a_ruleset(str(ref))
    return load_path(found)


def load_text(text: str, filename: str = "<string>", base_dir: Path | None = None) -> Ruleset:
    """Load a ruleset from YAML `text`, naming it `filename` in problems.

    Args:
        text: the YAML document.
        filename: the name problems give the text.
        base_dir: the folder a relative `extends` path is resolved against
            (default: the folder of `filename`, which for "<string>" is the current one).

    Raises:
        RulesetError: the text is not a valid ruleset.
    """
    folder = base_dir if base_dir is not None else Path(filename).parent
    return _load(text, filename, folder, (_Link.of(Path(filename)),))


def dump_ruleset(ruleset: Ruleset) -> str:
    """The ruleset as self-contained YAML text; `load_text` of it gives an equal ruleset.

    The data is written fully resolved. When the ruleset extends a base, `extends`
    is written as null (so loading does not apply the base a second time) and the
    first line is the comment `# resolved from <extends>`, from which `load_text`
    restores the `extends` reference without loading anything. Hidden characters
    (escapes, bidi controls) are written as YAML escapes: the text is terminal-safe.
    """
    data = ruleset.model_dump(mode="json", exclude_none=False)
    header = ""
    if ruleset.extends is not None:
        data["extends"] = None
        header = f"{RESOLVED_PREFIX}{ruleset.extends}\n"
    return header + yaml_text(data, width=100)


@dataclass(frozen=True)
class _Link:
    """One file in an `extends` chain: its resolved identity and its short name."""

    identity: Path | None
    name: str

    @classmethod
    def of(cls, path: Path) -> _Link:
        try:
            identity: Path | None = path.resolve() if path.is_file() else None
        except (OSError, ValueError):
            identity = None
        return cls(identity, path.stem)


@dataclass(frozen=True)
class _Resolved:
    """A document merged over its bases: data (None when unusable), docs child first."""

    data: dict[str, Any] | None
    docs: tuple[Document, ...]
    problems: tuple[Problem, ...]


class _TooDeep(Exception):
    """An `extends` chain longer than `MAX_EXTENDS_DEPTH` (the names of its files)."""

    def __init__(self, chain: tuple[_Link, ...]) -> None:
        super().__init__()
        self.names = [link.name for link in chain]


def _load(text: str, file: str, folder: Path, chain: tuple[_Link, ...]) -> Ruleset:
    top = parse_yaml(text, file)
    try:
        resolved = _resolve(top, folder, chain)
    except _TooDeep as deep:
        shown = " -> ".join([*deep.names[:3], "...", deep.names[-1]])
        raise RulesetError([_at_extends(top, (
            f"the chain of bases is more than {MAX_EXTENDS_DEPTH} files deep ({shown}); a "
            f"ruleset may stand on at most {MAX_EXTENDS_DEPTH} others"))]) from None
    problems = list(resolved.problems)
    if resolved.data is None:
        raise RulesetError(_ordered(problems, resolved.docs))
    data = resolved.data
    header = _header_extends(text)
    if header is not None and data.get("extends") is None:
        data = {**data, "extends": header}
    try:
        ruleset = Ruleset.model_validate(data)
    except ValidationError as error:
        problems += diagnostics.translate(error, data, resolved.docs)
    if problems:
        raise _error(problems, resolved.docs)
    return ruleset


def _error(problems: list[Problem], docs: tuple[Document, ...]) -> RulesetError:
    """The problems of a file; where it or a base of the user's is of an earlier format,
    one problem per old field, each in its own file, and the command that rewrites each
    (the base's first: a file is migrated against its base)."""
    from pontoon_rules.ruleset.loading.migrate import older_format

    bundled = [d.file for d in docs if _is_bundled_name(d.file)]
    olders = [found for d in reversed(docs) if d.file not in bundled
              and (found := older_format(d, bundled)) is not None]
    kept = [p for p in problems if all(older.keeps(p) for older in olders)]
    return RulesetError(_ordered(kept, docs), [older.hint for older in olders])


def _resolve(doc: Document, folder: Path, chain: tuple[_Link, ...]) -> _Resolved:
    """The document's data merged over its `extends` chain, with every problem met."""
    if doc.fatal:
        return _Resolved(None, (doc,), doc.problems)
    if not isinstance(doc.data, dict):
        got = diagnostics.describe(doc.data)
        problem = Problem(
            doc.file, *doc.values[()], "", f"expected a mapping of ruleset fields, got {got}"
        )
        return _Resolved(None, (doc,), doc.problems + (problem,))
    ref = doc.data.get("extends")
    if ref is None:
        return _Resolved(doc.data, (doc,), doc.problems)
    if len(chain) > MAX_EXTENDS_DEPTH:
        raise _TooDeep(chain)
    base = _find_base(doc, ref, folder, chain)
    if isinstance(base, Problem):
        return _Resolved(None, (doc,), doc.problems + (base,))
    base_doc = read_document(base)
    if not base_doc.fatal and not looks_like_ruleset(base_doc.data):
        refused = _at_extends(doc, _not_a_ruleset(str(ref)))
        return _Resolved(None, (doc,), doc.problems + (refused,))
    inner = _resolve(base_doc, base.parent, chain + (_Link.of(base),))
    docs, problems = (doc, *inner.docs), doc.problems + inner.problems
    if inner.data is None:
        return _Resolved(None, docs, problems)
    return _Resolved(_merge_child(inner.data, doc.data, doc.file), docs, problems)


def _find_base(doc: Document, ref: Any, folder: Path, chain: tuple[_Link, ...]) -> Path | Problem:
    """The file `extends: ref` names, or the problem with it (at the `extends` value)."""

    def problem(message: str) -> Problem:
        return _at_extends(doc, message)

    if not isinstance(ref, str) or not ref.strip():
        return problem(f"expected the id or path of a ruleset, got {diagnostics.describe(ref)}")
    path = find_ruleset_file(ref, folder)
    if isinstance(path, str):
        return problem(path)
    names = [link.name for link in chain]
    identities = [link.identity for link in chain]
    if path.resolve() in identities:
        cycle = names[identities.index(path.resolve()) :] + [path.stem]
        return problem("extends cycle: " + " -> ".join(cycle))
    return path


def _at_extends(doc: Document, message: str) -> Problem:
    line, column = doc.values.get(("extends",), (1, 1))
    return Problem(doc.file, line, column, "extends", message)


def _merge_child(base: dict[str, Any], child: dict[str, Any], file: str) -> dict[str, Any]:
    """The child's data deep-merged over its base's (see the module docstring)."""
    merged = {key: value for key, value in base.items() if key not in _CHILD_ONLY}
    for key, value in child.items():
        old = merged.get(key)
        if key in _BY_ENTRY and isinstance(old, dict) and isinstance(value, dict):
            merged[key] = {**old, **value}
        else:
            merged[key] = _deep_merge(old, value)
    merged.setdefault("kind", "house")
    return credit_overrides(merged, base, child, file)


def _deep_merge(base: Any, over: Any) -> Any:
    """`over` merged into `base`: mappings merge recursively, anything else replaces."""
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return over
    out = dict(base)
    for key, value in over.items():
        out[key] = _deep_merge(base[key], value) if key in base else value
    return out


def _ordered(
    problems: list[Problem] | tuple[Problem, ...], docs: tuple[Document, ...]
) -> list[Problem]:
    """Problems without repeats, the top file's first, each file's in line order."""
    rank = {doc.file: i for i, doc in reversed(list(enumerate(docs)))}
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (rank.get(p.file, len(docs)), p.line or 0, p.column or 0))


def _header_extends(text: str) -> str | None:
    first = text.split("\n", 1)[0]
    if not first.startswith(RESOLVED_PREFIX):
        return None
    return first[len(RESOLVED_PREFIX) :].strip() or None


def _read_text(path: Path) -> str | Problem:
    """The text of `path`, or the problem reading it (refused at once over the size limit)."""
    from pontoon_rules.files import read_regular

    try:
        size = path.stat().st_size
        if size > MAX_RULESET_BYTES:
            return Problem(_display(path), None, None, "", too_large(size))
        data = read_regular(path, MAX_RULESET_BYTES)
        if len(data) > MAX_RULESET_BYTES:
            return Problem(_display(path), None, None, "", too_large(None))
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError:
        return Problem(_display(path), None, None, "", "cannot read file: not UTF-8 text")
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return Problem(_display(path), None, None, "", f"cannot read file: {reason}")


def read_document(path: Path) -> Document:
    """The parsed YAML of the file at `path` (a fatal document when unreadable)."""
    text = _read_text(path)
    if isinstance(text, Problem):
        return Document(text.file, None, {}, {}, (text,), fatal=True)
    return parse_yaml(text, _display(path))


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


BUNDLED_NAME = "<bundled>/"
"""How problems name a bundled ruleset file: never by the install's own path."""


def _display(path: Path) -> str:
    """How problems name a file: a bundled one as `<bundled>/ID.yaml`, another relative to
    the current folder when it lies below it."""
    from pontoon_rules.ruleset.loading.registry import bundled_dir

    try:
        if path.resolve().parent == bundled_dir().resolve():
            return BUNDLED_NAME + path.name
    except (OSError, RuntimeError):
        pass
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _is_bundled_name(file: str) -> bool:
    return file.startswith(BUNDLED_NAME)


def _unknown(ref: str, path: Path) -> str:
    try:
        if path.exists():
            what = "a folder" if path.is_dir() else "not a regular file"
            return f"{what}, not a ruleset file (a ruleset is a bundled id or a .yaml file)"
    except (OSError, ValueError):
        pass
    if path.suffix or len(path.parts) > 1:
        return "no such file (and not a bundled id)"
    retired = retired_message(ref)
    if retired is not None:
        return retired
    return (f"unknown ruleset {ref!r}: not a bundled id, and no file at {_display(path)} "
            f"({unknown_id_hint(ref)})")


def _not_a_ruleset(ref: str) -> str:
    shown = repr(ref if len(ref) <= 60 else ref[:57] + "...")
    return f"{shown} is not a ruleset file (a ruleset is a YAML mapping with an id)"
