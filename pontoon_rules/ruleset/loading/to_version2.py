"""The rewrite from version 1 to version 2: the classic hands' sections become definitions.

Version 1 held the classic four hands in sections of their own (`hands.five_card_trick`)
and their payouts in `settlement`; version 2 defines each named hand by its cards in
`hands.definitions`, with what it pays and collects (`ruleset.format.renamed`). `ToVersion2`
edits a file's text (`ruleset.loading.text_edits`): each old block's lines are taken out, the
definitions are written in place of the first old hands section (or appended to the
file's own definitions), a section left empty goes, a hand switched off leaves the
ranking, and each provenance entry of an old field is renamed to the new field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset
from pontoon_rules.ruleset.format.renamed import (
    MOVED,
    MOVES,
    OLD_HANDS,
    Move,
    OldHand,
    is_old_path,
    old_blocks,
)
from pontoon_rules.ruleset.loading.text_edits import Block, Text
from pontoon_rules.ruleset.loading.yaml_source import PathKey


@dataclass
class _Leaf:
    """One field written where it lives now, with the comments it had."""

    key: str
    text: str
    comments: list[str] = field(default_factory=list)
    trailing: str = ""

    def lines(self, indent: int) -> list[str]:
        pad = " " * indent
        tail = f"  {self.trailing}" if self.trailing else ""
        return [f"{pad}{c}" for c in self.comments] + [f"{pad}{self.key}: {self.text}{tail}"]


@dataclass
class _Hand:
    """A named hand's definition as the rewrite writes it."""

    old: OldHand
    leaves: list[_Leaf] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    trailing: str = ""

    def lines(self, indent: int, unit: int, conditions: bool) -> list[str]:
        pad = " " * indent
        tail = f"  {self.trailing}" if self.trailing else ""
        body = self.body(indent + unit, conditions)
        if not body:
            return []
        out = [f"{pad}{c}" for c in self.comments] + [f"{pad}{self.old.id}:{tail}"]
        return out + body

    def body(self, indent: int, conditions: bool) -> list[str]:
        given = {leaf.key for leaf in self.leaves}
        leaves = [_Leaf(key, _yaml(value)) for key, value in self.old.conditions
                  if conditions and key not in given] + self.leaves
        order = list(HandDefinition.model_fields)
        leaves.sort(key=lambda leaf: order.index(leaf.key))
        return [line for leaf in leaves for line in leaf.lines(indent)]


def _yaml(value: Any) -> str:
    """A plain value as YAML text on one line."""
    if isinstance(value, list):
        return "[" + ", ".join(_yaml(v) for v in value) + "]"
    return str(yaml.safe_dump(value, default_flow_style=True, width=1_000)).removesuffix(
        "\n...\n").strip()


_BY_OLD = {move.old: move for move in MOVES}
_BY_SECTION = {f"hands.{hand.section}": hand for hand in OLD_HANDS}
_BY_ID = {hand.id: hand for hand in OLD_HANDS}


BASE_FIRST = "migrate the base first (pontoon-rules migrate BASE), then this file"
"""What a file whose base does not load is told (its base may be of an earlier format)."""


class ToVersion2:
    """Version 1 -> 2: the classic hands' sections and payouts become definitions."""

    def __init__(self, edit: Text, folder: Path) -> None:
        self.edit, self.doc, self.data = edit, edit.doc, edit.doc.data
        self.base = _base(edit, folder)
        self.unit = edit.child_indent()
        self.hands: dict[str, _Hand] = {}
        self.enabled: dict[str, bool] = {}
        self.replacements: dict[str, list[_Leaf]] = {}

    def run(self) -> None:
        blocks = [self.edit.block(_key(path)) for path in old_blocks(self.data)]
        for block in blocks:
            self._read(block)
        hands_blocks = sorted((b for b in blocks if _dotted(b.path) in _BY_SECTION),
                              key=lambda b: b.start)
        written: dict[PathKey, list[str]] = {}
        for block in blocks:
            lines = [line for leaf in self.replacements.get(_dotted(block.path), [])
                     for line in leaf.lines(block.indent)]
            if hands_blocks and block is hands_blocks[0]:
                lines = self._ranking_lines(block.indent) + self._definitions_lines(
                    block.indent) + lines
            written[block.path] = lines
        self._replace(written)
        if not hands_blocks:
            self._place_definitions()
        elif holds(self.data, ("hands", "definitions")):
            self._extend_existing()
        _Provenance(self).move()

    def _replace(self, written: dict[PathKey, list[str]]) -> None:
        """Each old block replaced by what it becomes; a section left with nothing in it
        taken out whole."""
        emptied = {path for path, lines in written.items() if not lines}
        grew = True
        while grew:
            parents = {path[:-1] for path in emptied if len(path) > 1}
            new = {p for p in parents if p not in emptied and all(
                p + (child,) in emptied for child in _get(self.data, p))}
            emptied |= new
            grew = bool(new)
        for path in sorted(emptied | set(written), key=len):
            if any(path[:n] in emptied for n in range(1, len(path))):
                continue
            block = self.edit.block(path)
            self.edit.replace(block.start, block.end, written.get(path, []))

    def _read(self, block: Block) -> None:
        """The fields of one old block, routed to where they live now."""
        path = _dotted(block.path)
        key_line = self.doc.keys[block.path][0] - 1
        leading = self.edit.comments_between(block.start, key_line)
        section = _BY_SECTION.get(path)
        if section is not None:
            hand = self._hand(section)
            hand.comments += leading
            hand.trailing = self._header_comment(block.path)
            leading = []
        previous = key_line + 1
        for move in MOVES:
            old = _key(move.old)
            if old[:len(block.path)] != block.path or not holds(self.data, old):
                continue
            line = self.doc.keys[old][0] - 1
            comments = leading + (self.edit.comments_between(previous, line)
                                  if line >= previous else [])
            leading, previous = [], line + 1
            self._route(move, old, comments)

    def _header_comment(self, path: PathKey) -> str:
        line = self.doc.keys[path][0]
        text = self.edit.lines[line - 1]
        after = text[self.doc.key_ends[path][1]:].strip()
        return after if after.startswith("#") else ""

    def _route(self, move: Move, old: PathKey, comments: list[str]) -> None:
        value = _get(self.data, old)
        if move.new is None:
            self.enabled[_BY_SECTION[".".join(move.old.split(".")[:2])].id] = bool(value)
            return
        written = self.edit.value_text(old)
        text = written if written is not None and move.value(value) == value else _yaml(
            move.value(value))
        leaf = _Leaf(move.new.split(".")[-1], text, comments, self.edit.trailing_comment(old))
        parts = move.new.split(".")
        if parts[:2] == ["hands", "definitions"]:
            self._hand(_BY_ID[parts[2]]).leaves.append(leaf)
        else:
            block = next(p for p in MOVED if move.old.startswith(p + ".") or move.old == p)
            self.replacements.setdefault(block, []).append(leaf)

    def _hand(self, old: OldHand) -> _Hand:
        return self.hands.setdefault(old.id, _Hand(old))

    def _needs_conditions(self, hand_id: str) -> bool:
        return self.base is None or hand_id not in self.base.hands.definitions

    def _hand_lines(self, indent: int) -> list[str]:
        ordered = [self.hands[h.id] for h in OLD_HANDS if h.id in self.hands]
        existing = _get(self.data, ("hands", "definitions")) or {}
        return [line for hand in ordered if hand.old.id not in existing
                for line in hand.lines(indent, self.unit, self._needs_conditions(hand.old.id))]

    def _definitions_lines(self, indent: int) -> list[str]:
        """`definitions:` with the hands, where the file has none, else nothing here."""
        if holds(self.data, ("hands", "definitions")):
            return []
        hands = self._hand_lines(indent + self.unit)
        return [" " * indent + "definitions:", *hands] if hands else []

    def _place_definitions(self) -> None:
        """The definitions where no old hands section stood to take their place."""
        if not self.hands:
            return
        if holds(self.data, ("hands",)):
            end = self.edit.block(("hands",)).end
            self.edit.replace(end, end, self._definitions_lines(self.unit))
        else:
            at = _section_after("hands", self.doc.keys, self.edit)
            self.edit.replace(at, at, ["hands:", *self._definitions_lines(self.unit)])
            return
        self._extend_existing()

    def _extend_existing(self) -> None:
        """Fields of a hand the file defines already, appended to its definition."""
        existing = _get(self.data, ("hands", "definitions")) or {}
        for hand_id, hand in self.hands.items():
            if hand_id in existing:
                block = self.edit.block(("hands", "definitions", hand_id))
                self.edit.replace(block.end, block.end,
                                  hand.body(block.indent + self.unit, False))
        if existing and any(h not in existing for h in self.hands):
            block = self.edit.block(("hands", "definitions"))
            self.edit.replace(block.end, block.end, self._hand_lines(block.indent + self.unit))

    def _ranking_lines(self, indent: int) -> list[str]:
        """Hands switched off (`enabled: false`) leave the ranking: not played. The file's
        ranking is edited in place; one the file lacks is written here (the base's)."""
        off = {hand_id for hand_id, on in self.enabled.items() if not on}
        key = ("hands", "ranking")
        ranking = _get(self.data, key)
        if ranking is None and self.base is not None:
            ranking = list(self.base.hands.ranking)
        if not off or not isinstance(ranking, list) or not off & set(ranking):
            return []
        kept = _yaml([hand_id for hand_id in ranking if hand_id not in off])
        if key in self.doc.values:
            self.edit.replace_span(self.doc.values[key], self.doc.ends[key], kept)
            return []
        return [" " * indent + f"ranking: {kept}"]


class _Provenance:
    """Each provenance entry of an old field renamed to the field's new path."""

    def __init__(self, step: ToVersion2) -> None:
        self.step, self.edit = step, step.edit
        entries = step.data.get("provenance")
        self.entries: dict[str, Any] = entries if isinstance(entries, dict) else {}
        self.taken = set(self.entries)

    def move(self) -> None:
        for key in list(self.entries):
            if not is_old_path(key):
                continue
            free = [t for t in self.targets(key) if t not in self.taken and self._defined(t)]
            self.taken.update(free)
            self._rewrite(key, free)

    def targets(self, key: str) -> list[str]:
        """Where the provenance entry `key` belongs now ([] where it is not old)."""
        move = _BY_OLD.get(key)
        if move is not None and move.new is not None:
            return [move.new]
        hand = _BY_SECTION.get(key) or (_BY_SECTION.get(key.removesuffix(".enabled"))
                                        if move is not None else None)
        if hand is not None:
            return [f"hands.definitions.{hand.id}"]
        return [m.new for m in MOVES if m.old.startswith(key + ".") and m.new is not None]

    def _defined(self, new: str) -> bool:
        parts = new.split(".")
        if parts[:2] != ["hands", "definitions"]:
            return True
        base = self.step.base
        return parts[2] in self.step.hands or (
            base is not None and parts[2] in base.hands.definitions)

    def _rewrite(self, key: str, targets: list[str]) -> None:
        path = ("provenance", key)
        if not targets:
            self._comment_out(path, "its field is not in this file now, or has its own "
                                    "provenance already")
            return
        block = self.edit.block(path)
        lines = self.edit.lines[block.start:block.end]
        key_at = self.edit.doc.keys[path][0] - 1 - block.start
        start, end = self.edit.doc.keys[path], self.edit.doc.key_ends[path]
        head = lines[key_at]
        out = []
        for target in targets:
            copy = list(lines)
            copy[key_at] = head[:start[1] - 1] + target + head[end[1] - 1:]
            out += copy
        self.edit.replace(block.start, block.end, out)

    def _comment_out(self, path: PathKey, why: str) -> None:
        block = self.edit.block(path)
        pad = " " * block.indent
        lines = [f"{pad}# migrate: {path[-1]} left out ({why}):"]
        lines += [f"{pad}# {line[block.indent:]}" for line in
                  self.edit.lines[block.start:block.end]]
        self.edit.replace(block.start, block.end, lines)


def _base(edit: Text, folder: Path) -> Ruleset | None:
    """The ruleset the file extends (None where it extends none)."""
    from pontoon_rules.ruleset.loading.loader import load_reference

    ref = edit.doc.data.get("extends")
    if ref is None:
        return None
    try:
        found = load_reference(ref, folder)
    except RulesetError:
        found = "it does not load"
    if isinstance(found, str):
        raise edit.refusal(("extends",), f"its base cannot be read ({found}): {BASE_FIRST}")
    return found


def _section_after(name: str, keys: dict[PathKey, tuple[int, int]], edit: Text) -> int:
    """The line a new top-level section `name` goes before: the next section in the
    schema's order the file holds, else its provenance, else the end of the file."""
    later = [*SECTIONS[SECTIONS.index(name) + 1:], "provenance"]
    present = [edit.block((key,)).start for key in later if (key,) in keys]
    if present:
        return min(present)
    end = len(edit.lines)
    return end - 1 if edit.lines and edit.lines[-1] == "" else end


def _key(path: str) -> PathKey:
    return tuple(path.split("."))


def _dotted(path: PathKey) -> str:
    return ".".join(str(part) for part in path)


def holds(data: Any, path: PathKey) -> bool:
    node = data
    for part in path:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _get(data: Any, path: PathKey) -> Any:
    if not holds(data, path):
        return None
    node = data
    for part in path:
        node = node[part]
    return node
