"""The documentation site and printable rule sheets, generated from the rulesets and the engine.

The rules read as sentences in the order of play (`sentences`: one Jinja2 macro per
rule in `templates/plain_rules.j2`, translated through the Babel catalogs in
`locale/`, `i18n`). Pages and sheets are rendered by pure functions from explicit
contexts (`views`, `sheet_view`); user text is drawn literally (`literal`). The
MkDocs hook (`hook`) adds the generated pages and sheets to a build; `site` builds
(into a temporary folder, swapped in) and serves the site, with a user's own
ruleset folder (`extra`).
"""

from __future__ import annotations

from pontoon_rules.docs.sheet.sheets import SHEET_FORMATS, render_sheet, write_sheet
from pontoon_rules.docs.words.i18n import LANGUAGES
from pontoon_rules.docs.words.sentences import Sentence, text_lines

__all__ = ["LANGUAGES", "SHEET_FORMATS", "Sentence", "render_sheet", "text_lines", "write_sheet"]
