"""The site's menu in the language of the page: the titles of `mkdocs.yml`'s nav, translated
through the catalogs, set for each page before the theme draws it (and set back for the
next page). A title the catalog does not know stays as written.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, translations
from pontoon_rules.docs.words.i18n import mark as _

NAV_TITLES = (
    _("Home"), _("How to read a ruleset"), _("Write your own house rules"),
    _("The house-rule workbench"), _("Rulesets"),
    _("Compare the rulesets"), _("Worked examples"), _("House edge and strategy"),
    _("For developers"), _("Ruleset file reference"), _("How the analysis works"),
    _("Simulation at scale"), _("Use it from Python"), _("Conformance testing"),
    _("Writing a harness"), _("Add a language"),
)
"""The titles `mkdocs.yml` gives the menu (a test keeps the two in step)."""


def _items(items: list[Any]) -> list[Any]:
    out = []
    for item in items:
        out.append(item)
        out.extend(_items(list(getattr(item, "children", None) or [])))
    return out


def translate_nav(nav: Any, lang: str) -> None:
    """Give every menu entry whose title is one of `NAV_TITLES` its title in `lang`."""
    gettext = translations(lang).gettext
    for item in _items(list(nav.items)):
        original = getattr(item, "_pr_title", None)
        if original is None:
            title = getattr(item, "title", None)
            if title not in NAV_TITLES:
                continue
            original = title
            item._pr_title = original
        item.title = original if lang == SOURCE_LANGUAGE else gettext(original)


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return list(NAV_TITLES)
