"""Parse ruleset YAML into plain data plus the line and column of every key and value.

Only a safe subset of YAML is read: a `yaml.SafeLoader` composes the node tree and
this module builds the data itself, so no tag can ever construct an object or run
code. Scalars follow a small core schema: `null`/`~`/empty, `true`/`false`, decimal
integers and floats; everything else (including `yes`, `no`, dates and `3:2`) stays
text. Mapping keys are always text. Duplicate keys are reported, not silently merged.

Aliases are bounded by what they expand to, not only by the file's size (`Limits`):
the number of aliases used, the nodes and the characters of text the document
expands to, and its depth. A document past a limit is one problem, which quotes none
of it (a 551-byte alias bomb is refused at once, before anything is expanded).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pontoon_rules.errors import Problem

PathKey = tuple[str | int, ...]
"""A path into the data: mapping keys and list indices, e.g. ("hands", "ranking", 2)."""

Mark = tuple[int, int]
"""A 1-based (line, column) position in a YAML text."""

MAX_NODES = 200_000
"""Most nodes a ruleset document may expand to (guards against alias bombs)."""


@dataclass(frozen=True)
class Limits:
    """What one YAML document may expand to, aliases followed."""

    nodes: int = MAX_NODES
    """Most nodes (mappings, lists and scalars, each alias use counted again)."""
    characters: int = 2 * 1024 * 1024
    """Most characters of text in its scalars, each alias use counted again."""
    aliases: int = 1_000
    """Most uses of an alias (`*name`)."""
    depth: int = 64
    """Most levels of mappings and lists inside each other."""
    what: str = "ruleset"
    """What the document is, for messages."""


RULESET_LIMITS = Limits()
"""A ruleset: at most 1 MiB of file, expanding to at most 2 Mi characters."""

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
    ends: dict[PathKey, Mark] = field(default_factory=dict)
    """Where each value ends (the position just after it), for edits of the text."""
    key_ends: dict[PathKey, Mark] = field(default_factory=dict)
    """Where each key ends (the position just after it)."""


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


def parse_yaml(text: str, file: str, limits: Limits = RULESET_LIMITS) -> Document:
    """Parse `text` (named `file` in problems) into a `Document`; never raises for bad input."""
    try:
        loader, root = _compose(text, fast=limits is not RULESET_LIMITS)
    except yaml.YAMLError as error:
        return _failed(file, _syntax_problem(error, text, file))
    except RecursionError:
        return _failed(file, Problem(file, None, None, "", "YAML nesting too deep"))
    if root is None:
        return _failed(file, Problem(file, None, None, "", f"empty {limits.what} file"))
    try:
        return _Builder(loader, file, limits).document(root)
    except RecursionError:
        return _failed(file, Problem(file, None, None, "", "YAML nesting too deep"))


def _compose(text: str, fast: bool = False) -> tuple[Any, Node | None]:
    """The loader and the root node of `text`, composed with libyaml when that is safe.

    libyaml is about ten times faster but recurses on the C stack, so it only sees
    texts with few characters that can open a nesting level (any text when `fast`:
    libyaml refuses nesting past 1000 levels itself); its errors are worded
    differently, so a text it refuses is parsed again in Python for the message.
    """
    if _FastLoader is not None and (fast or sum(map(text.count, "[{-?:"))
                                    <= FAST_NESTING_LIMIT):
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
    """Raised inside the builder when a document expands past one of its `Limits`."""

    def __init__(self, node: Node, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.message = message


class _Builder:
    """Walks a composed node tree into plain data, recording positions and problems."""

    def __init__(self, loader: Any, file: str, limits: Limits = RULESET_LIMITS) -> None:
        self.loader = loader
        self.file = file
        self.limits = limits
        self.keys: dict[PathKey, Mark] = {}
        self.values: dict[PathKey, Mark] = {}
        self.ends: dict[PathKey, Mark] = {}
        self.key_ends: dict[PathKey, Mark] = {}
        self.problems: list[Problem] = []
        self.fatal = False
        self.count = 0
        self.characters = 0
        self.aliases = 0
        self.seen: set[int] = set()
        self.active: set[int] = set()

    def document(self, root: Node) -> Document:
        """Build the whole document."""
        try:
            data = self.build(root, ())
        except _TooLarge as error:
            line, column = _mark(error.node)
            return _failed(self.file, Problem(self.file, line, column, "", error.message))
        problems = tuple(sorted(self.problems, key=lambda p: (p.line or 0, p.column or 0)))
        return Document(self.file, data, self.keys, self.values, problems, self.fatal,
                        self.ends, self.key_ends)

    def count_node(self, node: Node, path: PathKey) -> None:
        """Count `node` against the limits (an alias use counts again, with its text)."""
        limits, what = self.limits, f"a {self.limits.what}"
        self.count += 1
        if id(node) in self.seen:
            self.aliases += 1
            if self.aliases > limits.aliases:
                raise _TooLarge(node, f"more than {limits.aliases} YAML aliases; {what} "
                                      "needs no more than a few")
        self.seen.add(id(node))
        if isinstance(node, ScalarNode):
            self.characters += len(node.value)
        if self.count > limits.nodes:
            raise _TooLarge(node, f"the document expands to over {limits.nodes} nodes "
                                  "(aliases followed)")
        if self.characters > limits.characters:
            raise _TooLarge(node, f"the document expands to over {limits.characters:,} "
                                  "characters of text (aliases followed)")
        if len(path) > limits.depth:
            raise _TooLarge(node, f"nested more than {limits.depth} levels deep")

    def build(self, node: Node, path: PathKey) -> Any:
        """The plain value of `node`, found at `path`."""
        self.count_node(node, path)
        self.values[path] = _mark(node)
        self.ends[path] = _end(node)
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
            self.count_node(key_node, path)
            key = str(key_node.value)
            if key in out:
                first = self.keys[path + (key,)][0]
                message = f"duplicate key {key!r} (first at line {first})"
                self.problems.append(
                    Problem(self.file, *_mark(key_node), dotted(path + (key,)), message)
                )
            self.keys[path + (key,)] = _mark(key_node)
            self.key_ends[path + (key,)] = _end(key_node)
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


def _end(node: Node) -> Mark:
    return node.end_mark.line + 1, node.end_mark.column + 1
