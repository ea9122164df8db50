"""The printed sheet's words, as a reader gets them: a bundled ruleset's Markdown sheet in
one language (against its base, as `sheet` prints it), with Markdown's escapes dropped.
Shared by the fresh readers' tests (`test_docs_reader*.py`)."""

from __future__ import annotations

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    """The Markdown sheet of bundled `ruleset_id` in `lang`, without its escapes."""
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")
