"""Edits of a YAML text by the positions `yaml_source` records, every other line kept.

A rewrite of a ruleset file (`ruleset.loading.migrate`) changes a few fields and leaves the
rest byte for byte: comments, blank lines, key order, quoting. Each edit replaces a
range of whole lines (or inserts lines before one), and the edits are applied from the
bottom up, so that the positions of the parsed text stay true for every edit.
"""

from __future__ import annotations

from dataclasses import dataclass

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.loading.yaml_source import Document, PathKey, dotted


@dataclass(frozen=True)
class Edit:
    """Lines `start` to `end` (0-based, end excluded) replaced by `lines`."""

    start: int
    end: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    """A key and its value as whole lines: `start` to `end` (0-based, end excluded)."""

    path: PathKey
    start: int
    end: int
    indent: int
    """The key's column (0-based): its indentation."""


class Text:
    """A YAML text, its parsed document, and the edits made to it so far."""

    def __init__(self, text: str, doc: Document) -> None:
        self.lines = text.split("\n")
        self.doc = doc
        self.edits: list[Edit] = []

    def block(self, path: PathKey) -> Block:
        """The lines of the key `path` with its value (comments just above it included)."""
        line, column = self.doc.keys[path]
        start, indent = line - 1, column - 1
        if self.lines[start][:indent].strip():
            raise self.refusal(path, "written in flow style on one line with other keys: "
                                     "write its section as a block mapping, then migrate")
        end = self._indented_end(start, indent, self._is_list(path))
        while start > 0 and self._is_comment(start - 1) and _indent(
                self.lines[start - 1]) == indent:
            start -= 1
        return Block(path, start, end, indent)

    def _is_list(self, path: PathKey) -> bool:
        node = self.doc.data
        for part in path:
            node = node[part]
        return isinstance(node, list)

    def _indented_end(self, start: int, indent: int, is_list: bool) -> int:
        """The end of the lines below line `start` indented deeper than `indent` (a list's
        items may stand at the key's own indentation)."""
        end = start + 1
        last = end
        while end < len(self.lines):
            line = self.lines[end]
            if line.strip() and not self._is_comment(end):
                item = is_list and _indent(line) == indent and line.lstrip().startswith("-")
                if _indent(line) <= indent and not item:
                    break
                last = end + 1
            end += 1
        return last

    def _is_comment(self, index: int) -> bool:
        return self.lines[index].lstrip().startswith("#")

    def value_text(self, path: PathKey) -> str | None:
        """The value of `path` as written, when it lies on one line (quotes kept)."""
        (line, column), (end_line, end_column) = self.doc.values[path], self.doc.ends[path]
        if line != end_line:
            return None
        return self.lines[line - 1][column - 1:end_column - 1]

    def trailing_comment(self, path: PathKey) -> str:
        """The comment after the value of `path` on its line ('' when none)."""
        end_line, end_column = self.doc.ends[path]
        rest = self.lines[end_line - 1][end_column - 1:] if end_line <= len(self.lines) else ""
        return rest.strip() if rest.strip().startswith("#") else ""

    def comments_between(self, first: int, last: int) -> list[str]:
        """The comment lines from line index `first` to `last` (excluded), stripped."""
        return [self.lines[i].strip() for i in range(first, last) if self._is_comment(i)]

    def child_indent(self) -> int:
        """How far the file indents a mapping's keys below their parent's (2 if unsure)."""
        for path, (_, column) in self.doc.keys.items():
            if len(path) == 2 and column > 1:
                return column - 1
        return 2

    def replace(self, start: int, end: int, lines: list[str]) -> None:
        """Lines `start` to `end` replaced by `lines` (an insertion where they are equal)."""
        self.edits.append(Edit(start, end, tuple(lines)))

    def replace_span(self, mark: tuple[int, int], end: tuple[int, int], new: str) -> None:
        """The text from `mark` to `end` (1-based, on one line) replaced by `new`."""
        index = mark[0] - 1
        line = self.lines[index]
        self.replace(index, index + 1, [line[:mark[1] - 1] + new + line[end[1] - 1:]])

    def result(self) -> str:
        """The text with every edit made."""
        lines = list(self.lines)
        for edit in sorted(self.edits, key=lambda e: (e.start, e.end), reverse=True):
            lines[edit.start:edit.end] = edit.lines
        return "\n".join(lines)

    def refusal(self, path: PathKey, message: str) -> RulesetError:
        """The problem of a part of the file that cannot be rewritten in place."""
        line, column = self.doc.keys.get(path, (1, 1))
        return RulesetError([Problem(self.doc.file, line, column, dotted(path), message)])


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))
