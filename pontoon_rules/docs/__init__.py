"""The documentation site and printable rule sheets, generated from the rulesets and the engine.

Pages and sheets are rendered by pure functions from explicit contexts
(`views`), through Jinja2 templates in `templates/` with the i18n extension and
Babel catalogs in `locale/` (`i18n`). The MkDocs hook (`hook`) adds the generated
pages and sheets to a build; `site` builds and serves the site.
"""

from __future__ import annotations

from pontoon_rules.docs.i18n import LANGUAGES
from pontoon_rules.docs.sheets import SHEET_FORMATS, render_sheet, write_sheet

__all__ = ["LANGUAGES", "SHEET_FORMATS", "render_sheet", "write_sheet"]
