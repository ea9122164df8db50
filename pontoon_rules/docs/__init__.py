"""The documentation site and printable rule sheets, generated from the rulesets and the engine.

Its stages, lowest first (each opens with its own paragraph and one line per module):

- `docs.words`: the rules in words in every language: sentences in the order of play (one
  Jinja2 macro per rule in `templates/plain_rules/`, translated through the Babel
  catalogs in `locale/`, `i18n`), settlement and its claims, hands, values, worked rounds;
- `docs.sheet`: the printed page: rule sheets and strategy cards, rendered by pure
  functions from explicit contexts (`views`, `sheet_view`); user text drawn literally;
- `docs.website`: the site: the MkDocs hook (`hook`) adds the generated pages and sheets
  to a build; `site` builds (into a temporary folder, swapped in) and serves it, with a
  user's own ruleset folder (`extra`); `catalog` keeps the message catalogs.

The data the stages share stay here: `locale/`, `static/`, `templates/`.
"""

from __future__ import annotations

from pontoon_rules.docs.sheet.sheets import SHEET_FORMATS, render_sheet, write_sheet
from pontoon_rules.docs.words.i18n import LANGUAGES
from pontoon_rules.docs.words.sentences import Sentence, text_lines

__all__ = ["LANGUAGES", "SHEET_FORMATS", "Sentence", "render_sheet", "text_lines", "write_sheet"]
