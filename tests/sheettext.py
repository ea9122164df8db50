"""The text a reader sees on a rule sheet: its HTML without markup, style or script."""

from __future__ import annotations

import html.parser
import io
import re
from typing import Any

BLOCKS = frozenset({"p", "li", "tr", "h1", "h2", "h3", "div", "td", "th", "title", "header",
                    "footer", "aside", "section", "br"})


class _Visible(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("style", "script")
        self.parts.append("\n" if tag in BLOCKS else " ")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "script")
        self.parts.append("\n" if tag in BLOCKS else " ")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible_text(html_text: str) -> str:
    """The words of an HTML sheet as printed, one block a line (tags become spaces, so two
    cards side by side stay two words)."""
    parser = _Visible()
    parser.feed(html_text)
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)


def words(text: str) -> list[str]:
    """The words of `text` in any script (letters and marks, joined by inner hyphens), an
    ordinal's suffix after its number ('4-й') left out."""
    text = re.sub(r"\d+-[^\W\d_]+", " ", text)
    return re.findall(r"[^\W\d_](?:[^\W\d_]|[\u0300-\u036f\u0900-\u0dff\u064b-\u065f\u0670"
                      r"\u06d6-\u06ed\u200c\u200d]|-(?=[^\W\d_]))*", text)


def assert_every_example_printed(rounds: list[dict[str, Any]], html: bytes, markdown: bytes,
                                 pdf: bytes) -> None:
    """Every line of every worked example (`rounds`, as `worked_examples` tells them) is on
    the sheet in each format: the HTML's visible text, the Markdown without its escapes,
    and the text of a one-page PDF."""
    from pypdf import PdfReader

    shown = visible_text(html.decode())
    written = markdown.decode().replace("\\", "")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    printed = " ".join(" ".join(p.extract_text() or "" for p in reader.pages).split())
    for told in rounds:
        for line in told["lines"]:
            assert line in shown and line in written, line
            assert " ".join(line.split()) in printed, line
