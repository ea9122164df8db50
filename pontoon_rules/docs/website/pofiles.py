"""A catalog written over its file as the file stands: an entry whose words, flags and
comments are unchanged keeps its text to the byte (its wrapping, its `#:` lines, the blank
lines around it), a new or changed entry is written in the style the file's other entries
were written in (the width they wrap at, with or without locations), an entry the catalog
no longer has goes with the blank lines before it, and the header stays as written.

Babel's `write_po` rewrites a whole file at one width and in the template's order, so an
update with nothing new rewrapped thousands of lines (issue 49): every engineer then edited
the catalogs by hand. Where a message is used (`#:`) is the template's to say
(`messages.pot`, written with `locations=True`); a translation's file keeps the lines it has
until the entry itself changes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import generate_po, normalize, read_po, unescape

WIDTHS = (100, 76, 0, 79, 80, 120)
"""The wrap widths a file may have been written at, the first the one for a new file
(0: no wrapping). A file's own is the one that writes most of its entries back as they are."""

SAMPLE = 80
"""How many of a file's long entries are written again to find its width."""

Key = tuple[bool, str | None, str]
"""An entry: obsolete (`#~`), its context, its message (the singular of a plural)."""


@dataclass
class Block:
    """One entry of a file as written: the blank lines before it, then its lines."""

    key: Key | None
    text: str


@dataclass(frozen=True)
class Style:
    """How a file writes an entry: the width its strings wrap at, and whether it names
    where each message is used."""

    width: int
    locations: bool


def write_kept(catalog: Catalog, old: bytes | None, *, locations: bool = False) -> bytes:
    """The file of `catalog`, written over `old` (the file as it stands; None: a new file).

    With `locations`, an entry whose `#:` lines changed is written again too (the
    template); without, a kept entry keeps the lines it has. The header stays as written
    unless `locations` and some entry changed (the template's date then moves with it)."""
    if old is None:
        return _generate(catalog, catalog, Style(WIDTHS[0], True), header=True).encode("utf-8")
    text = old.decode("utf-8")
    blocks, tail = split_blocks(text)
    before = read_po(io.BytesIO(old), locale=catalog.locale_identifier, domain=catalog.domain)
    style = file_style(before, blocks)
    wanted = _entries(catalog)
    out = _merged(blocks, wanted, before, style, locations, catalog)
    changed = [b.text for b in out] != [b.text for b in blocks]
    if locations and changed and out and out[0].key == _HEADER:
        out[0] = Block(_HEADER, _leading(out[0].text)
                       + _generate(catalog, catalog, style, header=True, only_header=True))
    return ("".join(b.text for b in out) + tail).encode("utf-8")


_HEADER: Key = (False, None, "")


def _entries(catalog: Catalog) -> dict[Key, Message]:
    """Every entry of `catalog` by its key, in the catalog's order, the obsolete last."""
    entries = {(False, m.context, _singular(m.id)): m for m in catalog if m.id}
    entries.update({(True, m.context, _singular(m.id)): m for m in catalog.obsolete.values()})
    return entries


def _merged(blocks: list[Block], wanted: dict[Key, Message], before: Catalog, style: Style,
            locations: bool, catalog: Catalog) -> list[Block]:
    """The file's blocks kept where their entry is, written again where it changed, each
    new entry after the one before it in the catalog's order (at the end if none)."""
    old = _entries(before)
    out = [b for b in blocks if b.key is None or b.key == _HEADER or b.key in wanted]
    place = {b.key: i for i, b in enumerate(out)}
    for i, b in enumerate(out):
        if b.key in wanted and not same(old.get(b.key), wanted[b.key], locations):
            out[i] = Block(b.key, _leading(b.text) + _generate(catalog, wanted[b.key], style))
    previous: Key = _HEADER
    for key, message in wanted.items():
        if key not in place:
            at = out.index(next(b for b in out if b.key == previous)) + 1 \
                if previous in place else len(out)
            out.insert(at, Block(key, ("\n" if out else "") + _generate(catalog, message, style)))
            place[key] = at
        previous = key
    return out


def same(old: Message | None, new: Message, locations: bool) -> bool:
    """Whether `old` reads as `new` in a file (its locations only when `locations`)."""
    return old is not None and _meaning(old, locations) == _meaning(new, locations)


def _meaning(message: Message, locations: bool) -> tuple[object, ...]:
    return (_tupled(message.id), _tupled(message.string or ""), message.context,
            frozenset(message.flags), _tupled(message.previous_id),
            tuple(message.user_comments), tuple(message.auto_comments),
            tuple(message.locations) if locations else ())


def _tupled(value: object) -> object:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _singular(message_id: str | tuple[str, ...] | list[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _leading(text: str) -> str:
    """The blank lines a block opens with."""
    return text[:len(text) - len(text.lstrip("\n"))]


def split_blocks(text: str) -> tuple[list[Block], str]:
    """The entries of a file's text, each with the blank lines before it, and the blank
    lines after the last."""
    blocks, pending, lines = [], "", []
    for line in text.splitlines(keepends=True):
        if line.strip():
            lines.append(line)
            continue
        if lines:
            blocks.append(Block(block_key(lines), pending + "".join(lines)))
            pending, lines = "", []
        pending += line
    if lines:
        blocks.append(Block(block_key(lines), pending + "".join(lines)))
        pending = ""
    return blocks, pending


def block_key(lines: list[str]) -> Key | None:
    """The key of the entry written in `lines` (None: comments only)."""
    obsolete = any(line.startswith("#~ msgid ") for line in lines)
    fields: dict[str, str] = {}
    current = None
    for line in lines:
        body = line[3:] if obsolete and line.startswith("#~ ") else line
        word, _space, rest = body.strip().partition(" ")
        if word in ("msgctxt", "msgid") and rest.startswith('"'):
            current, fields[word] = word, unescape(rest)
        elif body.startswith('"') and current:
            fields[current] += unescape(body.strip())
        else:
            current = None
    return (obsolete, fields.get("msgctxt"), fields["msgid"]) if "msgid" in fields else None


def file_style(catalog: Catalog, blocks: list[Block]) -> Style:
    """The style that writes most of the file's long entries back as they are."""
    locations = any(line.startswith("#:") for b in blocks for line in b.text.splitlines())
    entries = _entries(catalog)
    sample = [(entries[b.key], b.text.lstrip("\n")) for b in blocks
              if b.key in entries and b.key != _HEADER and len(b.text) > 80][:SAMPLE]
    styles = [Style(width, locations) for width in WIDTHS]
    kept = [sum(_generate(catalog, m, style) == text for m, text in sample) for style in styles]
    return styles[kept.index(max(kept))]  # the first of the best: a tie keeps WIDTHS' order


def _generate(catalog: Catalog, message: Message | Catalog, style: Style, *,
              header: bool = False, only_header: bool = False) -> str:
    """One entry (or the whole of a new file, or only its header) as `style` writes it."""
    if isinstance(message, Catalog):
        lines: Iterable[str] = generate_po(message, width=style.width, include_previous=True,
                                           omit_header=not header)
        return "".join(_header_only(lines)).rstrip("\n") + "\n" if only_header \
            else "".join(lines)
    alone = Catalog(locale=catalog.locale_identifier, domain=catalog.domain)
    if message in catalog.obsolete.values():
        key = _singular(message.id)
        alone.obsolete[(key, message.context) if message.context else key] = message
    else:
        alone[message.id] = message
    lines = list(generate_po(alone, width=style.width, omit_header=True,
                             no_location=not style.locations))
    at = next(i for i, line in enumerate(lines) if line.startswith(("msgctxt ", "msgid ",
                                                                      "#~ msgctxt ", "#~ msgid ")))
    lines[at:at] = _previous(message, style)
    return "".join(lines).rstrip("\n") + "\n"


def _previous(message: Message, style: Style) -> list[str]:
    """A fuzzy entry's old wording (`#| msgid`), each line of it a comment (Babel wraps a
    long one as one comment, `#| msgid "" "...`, which no reader reads back)."""
    if not message.previous_id:
        return []
    words = ("msgid", "msgid_plural")
    return [f"#| {word} {normalize(text, prefix='#| ', width=style.width)}\n"
            for word, text in zip(words, message.previous_id, strict=False)]


def _header_only(lines: Iterable[str]) -> Iterator[str]:
    """The lines of a file up to the end of its header entry."""
    for line in lines:
        yield line
        if not line.strip():
            return
