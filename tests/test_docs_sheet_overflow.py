"""A sheet's two columns paginate: where the body grows a few lines past its page, only those
lines go on to the next one (issue 49's leftover: the body was a flex row, which WeasyPrint
moved whole to the next page, so spanish-21's Russian sheet, one line longer, took two pages
more and its first held the title alone)."""

from __future__ import annotations

from typing import Any

import pytest
from weasyprint import HTML

from pontoon_rules.docs.sheet.sheet_view import example_count
from pontoon_rules.docs.sheet.sheets import font_config, sheet_html, split_body
from pontoon_rules.ruleset.loading.registry import load_bundled

FILLER = ('<p class="pr-rule-text" data-filler="{n}">Лишняя строка, чтобы тело листа стало '
          'длиннее страницы: ещё немного слов, и ещё, и ещё, до конца второй строки.</p>\n')


@pytest.fixture(scope="module")
def sheet() -> str:
    """Australian Pontoon's Russian sheet as printed (the `tight` try: its body fills page 1,
    a few lines short; spanish-21's, which this was first written on, and then casino
    Filipino's ran past page 1 in that try as rules were added: `sheets._laid_out` then
    takes another)."""
    ruleset = load_bundled("australian-pontoon")
    return sheet_html(ruleset, "ru", None, example_count(ruleset), sites=True, tight=True)


def _spilled(html: str) -> Any:
    """`html` grown by the fewest two-line rules that carry its body past page 1 (a few lines
    more than the room its page has left, whatever the sheet's own words take), rendered."""
    for lines in range(2, 22, 2):
        grown = HTML(string=_grown(html, lines)).render(font_config=font_config())
        if split_body(grown):
            return grown
    pytest.fail("twenty lines more still fit page 1: the fixture's sheet has lost its fill")


def _grown(html: str, lines: int) -> str:
    """`html` with `lines` two-line rules more at the top of its first column."""
    column = '<div class="pr-column">\n'
    assert column in html
    return html.replace(column, column + "".join(FILLER.format(n=n) for n in range(lines // 2)),
                        1)


def _pages_of(document: Any) -> dict[Any, set[int]]:
    """Each rule of the sheet (`p.pr-rule-text`) and the pages it is printed on."""
    found: dict[Any, set[int]] = {}
    for number, page in enumerate(document.pages):
        for box in page._page_box.descendants():
            if box.element_tag == "p" and "pr-rule-text" in (box.element.get("class") or ""):
                found.setdefault(box.element, set()).add(number)
    return found


def _columns(document: Any) -> list[list[Any]]:
    """The rules of the body's two columns, in order."""
    root = next(box.element for box in document.pages[0]._page_box.descendants()
                if box.element_tag == "html")
    body = next(e for e in root.iter("section") if e.get("class") == "pr-columns")
    return [[p for p in column.iter("p") if "pr-rule-text" in (p.get("class") or "")]
            for column in body if column.get("class") == "pr-column"]


def test_a_body_a_few_lines_longer_than_its_page_moves_only_those_lines(sheet: str) -> None:
    before = HTML(string=sheet).render(font_config=font_config())
    assert len(before.pages) == 2 and not split_body(before)
    grown = _spilled(sheet)
    assert len(grown.pages) == len(before.pages)  # not two more: the overflow flows on
    pages, (left, right) = _pages_of(grown), _columns(grown)
    assert all(pages[rule] == {0} for rule in right)  # the right column stays whole on page 1
    moved = [rule for rule in left if 1 in pages[rule]]
    assert moved and moved == left[len(left) - len(moved):]  # the left column's last rules
    assert len(moved) <= 3  # only about the six lines added: a rule is never split
    assert all(pages[rule] == {0} for rule in left[:len(left) - len(moved)])
    assert split_body(grown)  # such a try counts a page longer (`sheets._laid_out`)
