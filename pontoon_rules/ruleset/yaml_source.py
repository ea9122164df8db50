"""Parse ruleset YAML into plain data plus the line and column of every key and value.

Only a safe subset of YAML is read: a `yaml.SafeLoader` composes the node tree and
this module builds the data itself, so no tag can ever construct an object or run
code. Scalars follow a small core schema: `null`/`~`/empty, `true`/`false`, decimal
integers and floats; everything else (including `yes`, `no`, dates and `3:2`) stays
text. Mapping keys are always text. Duplicate keys are reported, not silently merged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pontoon_rules.errors import Problem

PathKey = tuple[str | int, ...]
"""A path into the data: mapping keys and list indices, e.g. ("hands", "ranking", 2)."""

Mark = tuple[int, int]
"""A 1-based (line, column) position in a YAML text."""

MAX_NODES = 200_000
"""Most nodes a document may expand to (guards against alias bombs)."""

FAST_NESTING_LIMIT = 4_000
"""Most characters that could open a nesting level (`[{-?:`) in a text given to libyaml."""

_CORE = "tag:yaml.org,2002:"
_MAP_TAG = _CORE + "map"
_SEQ_TAG = _CORE + "seq"

_RESOLVERS: tuple[tuple[str, str, str], ...] = (
    ("null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("int", r"^[-+]?(?:0|[1-9][0-9_]*)$", "-+0123456789"),
    (
        "float",
        r"^[-+]?(?:[0-9][0-9_]*\.[0-9_]*|\.[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)?$"
        r"|^[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+$"
        r"|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$",
        "-+0123456789.",
    ),
)


class RulesetYamlLoader(yaml.SafeLoader):
    """A SafeLoader with the small core schema above (no YAML 1.1 sexagesimals or dates)."""

    yaml_implicit_resolvers: dict[Any, Any] = {}


for _name, _pattern, _first in _RESOLVERS:
    RulesetYamlLoader.add_implicit_resolver(
        _CORE + _name, re.compile(_pattern), [*_first, ""] if _name == "null" else list(_first)
    )

_FastLoader: type | None = None
if getattr(yaml, "__with_libyaml__", False):

    class _FastLoader(yaml.CSafeLoader):  # type: ignore[no-redef]
        """The same schema on libyaml's parser (used when it is installed)."""

        yaml_implicit_resolvers = RulesetYamlLoader.yaml_implicit_resolvers


_SCALAR_TAGS = frozenset(_CORE + name for name in ("str", "int", "float", "bool", "null"))


@dataclass(frozen=True)
class Document:
    """One parsed YAML file: its data, the positions in it, and its problems."""

    file: str
    data: Any
    keys: dict[PathKey, Mark]
    values: dict[PathKey, Mark]
    problems: tuple[Problem, ...] = ()
    fatal: bool = False
    """Whether the problems leave no usable data (a duplicate key alone is not fatal)."""


def dotted(path: PathKey) -> str:
    """A path as people write it: `hands.ranking[2]`, `provenance['player.max_cards']`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", part):
            out += f".{part}" if out else part
        else:
            out += f"[{part!r}]"
    return out


def short_tag(tag: str) -> str:
    """A YAML tag as written in a file: `!!python/object` rather than the full URI."""
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


def parse_yaml(text: str, file: str) -> Document:
    """Parse `text` (named `file` in problems) into a `Document`; never raises for bad input."""
    try:
        loader, root = _compose(text)
    except yaml.YAMLError as error:
        return _failed(file, _syntax_problem(error, text, file))
    except RecursionError:
        return _failed(file, Problem(file, None, None, "", "YAML nesting too deep"))
    if root is None:
        return _failed(file, Problem(file, None, None, "", "empty ruleset file"))
    try:
        return _Builder(loader, file).document(root)
    except RecursionError:
        return _failed(file, Problem(file, None, None, "", "YAML nesting too deep"))


def _compose(text: str) -> tuple[Any, Node | None]:
    """The loader and the root node of `text`, composed with libyaml when that is safe.

    libyaml is about ten times faster but recurses on the C stack, so it only sees
    texts with few characters that can open a nesting level; its errors are worded
    differently, so a text it refuses is parsed again in Python for the message.
    """
    if _FastLoader is not None and sum(map(text.count, "[{-?:")) <= FAST_NESTING_LIMIT:
        try:
            return _compose_with(_FastLoader, text)
        except (yaml.YAMLError, RecursionError):
            pass
    return _compose_with(RulesetYamlLoader, text)


def _compose_with(loader_class: Any, text: str) -> tuple[Any, Node | None]:
    loader = loader_class(text)
    try:
        return loader, loader.get_single_node()
    finally:
        loader.dispose()


def _failed(file: str, problem: Problem) -> Document:
    return Document(file, None, {}, {}, (problem,), fatal=True)


def _syntax_problem(error: yaml.YAMLError, text: str, file: str) -> Problem:
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        message = error.problem or error.context or "invalid YAML"
        if error.context and message.startswith("but "):
            message = f"{error.context}, {message}"
        return Problem(file, line, column, "", f"YAML syntax error: {message}")
    if isinstance(error, yaml.reader.ReaderError):
        before = text[: error.position]
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        message = str(error).split("\n", 1)[0]
        return Problem(file, line, column, "", f"YAML syntax error: {message}")
    return Problem(file, None, None, "", f"YAML syntax error: {error}")


class _TooLarge(Exception):
    """Raised inside the builder when a document expands past MAX_NODES."""


class _Builder:
    """Walks a composed node tree into plain data, recording positions and problems."""

    def __init__(self, loader: Any, file: str) -> None:
        self.loader = loader
        self.file = file
        self.keys: dict[PathKey, Mark] = {}
        self.values: dict[PathKey, Mark] = {}
        self.problems: list[Problem] = []
        self.fatal = False
        self.count = 0
        self.active: set[int] = set()

    def document(self, root: Node) -> Document:
        """Build the whole document."""
        try:
            data = self.build(root, ())
        except _TooLarge:
            problem = Problem(self.file, 1, 1, "", f"document expands to over {MAX_NODES} nodes")
            return _failed(self.file, problem)
        problems = tuple(sorted(self.problems, key=lambda p: (p.line or 0, p.column or 0)))
        return Document(self.file, data, self.keys, self.values, problems, self.fatal)

    def build(self, node: Node, path: PathKey) -> Any:
        """The plain value of `node`, found at `path`."""
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooLarge
        self.values[path] = _mark(node)
        if id(node) in self.active:
            self.fail(node, path, "a YAML alias refers to itself")
            return None
        builder: Callable[[Any, PathKey], Any] = self.scalar
        if isinstance(node, MappingNode):
            builder = self.mapping
        elif isinstance(node, SequenceNode):
            builder = self.sequence
        self.active.add(id(node))
        try:
            return builder(node, path)
        finally:
            self.active.discard(id(node))

    def fail(self, node: Node, path: PathKey, message: str) -> None:
        """Record a fatal problem at `node`."""
        self.problems.append(Problem(self.file, *_mark(node), dotted(path), message))
        self.fatal = True

    def mapping(self, node: MappingNode, path: PathKey) -> dict[str, Any] | None:
        """A mapping node as a dict with text keys; duplicate keys reported (last wins)."""
        if node.tag != _MAP_TAG:
            self.fail(node, path, _tag_message(node.tag))
            return None
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.fail(key_node, path, "a mapping key must be plain text")
                continue
            key = str(key_node.value)
            if key in out:
                first = self.keys[path + (key,)][0]
                message = f"duplicate key {key!r} (first at line {first})"
                self.problems.append(
                    Problem(self.file, *_mark(key_node), dotted(path + (key,)), message)
                )
            self.keys[path + (key,)] = _mark(key_node)
            out[key] = self.build(value_node, path + (key,))
        return out

    def sequence(self, node: SequenceNode, path: PathKey) -> list[Any] | None:
        """A sequence node as a list."""
        if node.tag != _SEQ_TAG:
            self.fail(node, path, _tag_message(node.tag))
            return None
        return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]

    def scalar(self, node: ScalarNode, path: PathKey) -> Any:
        """A scalar node as None, bool, int, float or str; other tags are refused."""
        if node.tag not in _SCALAR_TAGS:
            self.fail(node, path, _tag_message(node.tag))
            return None
        construct = self.loader.yaml_constructors[node.tag]
        try:
            return construct(self.loader, node)
        except (yaml.YAMLError, ValueError, KeyError, TypeError, AttributeError):
            self.fail(node, path, f"not a valid {short_tag(node.tag)} value: {node.value!r}")
            return None


def _tag_message(tag: str) -> str:
    return f"unsupported YAML tag {short_tag(tag)!r} (a ruleset holds plain data only)"


def _mark(node: Node) -> Mark:
    return node.start_mark.line + 1, node.start_mark.column + 1
