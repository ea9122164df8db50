"""HTML for the workbench: its own templates beside the site's (cards, hands, rounds).

Autoescaping is on for every template, so a ruleset's text (names, notes, sources,
uploads) is always drawn as written; the site's round macros are imported as they are.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from pontoon_rules.docs.words.i18n import TEMPLATE_DIR, translations
from pontoon_rules.literal import html_filter

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
SITE_STATIC = TEMPLATE_DIR.parent / "static"
STATIC_FILES = {"workbench.js": (STATIC, "text/javascript"),
                "workbench.css": (STATIC, "text/css"),
                "cards.css": (SITE_STATIC, "text/css")}
"""The only files the server sends from disk: its own script and styles, by name."""


@cache
def environment(lang: str) -> jinja2.Environment:
    """Templates in `lang`: the workbench's, then the site's; escaped, strict."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(TEMPLATES),
                                    jinja2.FileSystemLoader(TEMPLATE_DIR)]),
        extensions=["jinja2.ext.i18n"], autoescape=True, trim_blocks=True,
        lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    catalog = translations(lang)
    env.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    env.filters["t"] = catalog.gettext
    env.filters["lit"] = html_filter
    env.globals["lang"] = lang
    return env


def render(template: str, language: str, /, **context: object) -> str:
    """The template `template` rendered in `language`."""
    return environment(language).get_template(template).render(**context)


def static_file(name: str) -> tuple[Path, str] | None:
    """The path and media type of a static file the page may ask for, by name only."""
    found = STATIC_FILES.get(name)
    return (found[0] / name, found[1]) if found else None
