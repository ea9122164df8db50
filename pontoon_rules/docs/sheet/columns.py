"""A sheet's two columns, balanced by about how many lines each rule takes: measured with
the sheet's own font (Pillow, which WeasyPrint brings) where it is found, else by a count of
characters. Explicit columns, because WeasyPrint lays them out far faster than CSS column
balancing (`sheet_view.pages`)."""

from __future__ import annotations

import functools
from typing import Any

COLUMN_CHARACTERS = 58
"""About how many characters of a sentence one line of a sheet's column holds."""
COMPACT_ROWS = 7
"""A payout table of more rows than this draws its example cards as text, one line a row."""


COLUMN_POINTS = 270.0
"""The width of a sheet's column in points (A4 less the margins and the gap, halved)."""
FONT_FILE = "DejaVuSansCondensed.ttf"


@functools.cache
def _font() -> Any:
    """The sheet's font at 9 pt (Pillow, which WeasyPrint brings), or None without it."""
    try:
        from PIL import ImageFont

        return ImageFont.truetype(FONT_FILE, 9)
    except (ImportError, OSError):
        return None


def _lines(text: str) -> int:
    """About how many lines `text` takes in a sheet's column: wrapped word by word with
    the sheet's font where it is found, else by a count of characters."""
    font = _font()
    if font is None:
        return -(-len(text) // COLUMN_CHARACTERS)
    lines, width, space = 1, 0.0, font.getlength(" ")
    for word in text.split():
        w = font.getlength(word)
        if width and width + space + w > COLUMN_POINTS:
            lines, width = lines + 1, w
        else:
            width += (space if width else 0) + w
    return lines


def _table_lines(rows: int) -> float:
    """About how many lines of text a payout table of `rows` rows takes the room of."""
    return 1.5 + rows * (1.2 if rows > COMPACT_ROWS else 1.9)


def _pieces(chapters: list[dict[str, Any]], table_rows: int
            ) -> list[tuple[int, int, float]]:
    """(chapter, rule, lines) for every heading (rule -1), rule and payout table (rule
    len(rules)) of `chapters`, in order."""
    out: list[tuple[int, int, float]] = []
    for i, chapter in enumerate(chapters):
        out.append((i, -1, 1.6))
        out += [(i, j, _lines(s.text) + 0.15) for j, s in enumerate(chapter["rules"])]
        if chapter["key"] == "settlement":
            out.append((i, len(chapter["rules"]), _table_lines(table_rows)))
    return out


def _piece(chapter: dict[str, Any], rules: slice, continued: bool, table: bool
           ) -> dict[str, Any]:
    return {**chapter, "rules": chapter["rules"][rules], "continued": continued,
            "table": table}


def two_columns(chapters: list[dict[str, Any]], table_rows: int = 0
                ) -> list[list[dict[str, Any]]]:
    """The chapters split, in order, into two columns of about the same length (explicit
    columns: WeasyPrint lays them out far faster than CSS column balancing). A chapter
    may run on into the second column, without its heading there; the settlement
    chapter carries the payout table (`table_rows` rows) after its rules."""
    pieces = _pieces(chapters, table_rows)
    total, running, cut = sum(w for _c, _r, w in pieces), 0.0, len(pieces)
    for k, (_c, _r, weight) in enumerate(pieces):
        if running + weight / 2 > total / 2:
            cut = k
            break
        running += weight
    if cut < len(pieces) and pieces[cut][1] == -1:  # a heading opens the second column
        cut_chapter, cut_rule = pieces[cut][0], 0
    elif cut < len(pieces):
        cut_chapter, cut_rule = pieces[cut][0], pieces[cut][1]
    else:
        cut_chapter, cut_rule = len(chapters), 0
    left, right = [], []
    for i, chapter in enumerate(chapters):
        has_table = chapter["key"] == "settlement"
        end = len(chapter["rules"])
        if i < cut_chapter:
            left.append(_piece(chapter, slice(None), False, has_table))
        elif i > cut_chapter or cut_rule == 0:
            right.append(_piece(chapter, slice(None), False, has_table))
        else:
            left.append(_piece(chapter, slice(0, cut_rule), False, False))
            right.append(_piece(chapter, slice(cut_rule, end), True,
                                has_table))
    return [left, right]
