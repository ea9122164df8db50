"""`literal`: user text in a plain Markdown file is shown as written, never read as markup."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from pontoon_rules.literal import literal_markdown, literal_markdown_cards


@pytest.mark.parametrize("written", ["## Title", "### Rules ###", "###### six", "#### 4"])
@pytest.mark.parametrize("escape", [literal_markdown, literal_markdown_cards])
def test_a_heading_of_any_level_at_the_start_is_shown_as_written(written: str,
                                                                 escape: object) -> None:
    """A name such as «## Title» began a line of the Markdown sheet unescaped (only a
    single «#» was escaped), so a reader showed it as a heading, its hashes gone."""
    assert callable(escape)
    html = MarkdownIt("commonmark").render(escape(written)).strip()
    assert html.startswith("<p>") and not html.startswith("<h"), html
    assert html == f"<p>{written}</p>", html
