"""HTML for the workbench: its own templates beside the site's (cards, hands, rounds).

Autoescaping is on for every template, so a ruleset's text (names, notes, sources,
uploads) is always drawn as written; the site's round macros are imported as they are.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from pontoon_rules.docs.words.i18n import (
    TEMPLATE_DIR,
    SharedCode,
    per_language,
    quoting_gettext,
    translations,
)
from pontoon_rules.errors import PontoonError
from pontoon_rules.literal import html_filter

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
SITE_STATIC = TEMPLATE_DIR.parent / "static"
STATIC_FILES = {"workbench.js": (STATIC, "text/javascript"),
                "workbench.css": (STATIC, "text/css"),
                "cards.css": (SITE_STATIC, "text/css")}
"""The only files the server sends from disk: its own script and styles, by name."""

SHARED_CODE = SharedCode()
"""The compiled code of the workbench's templates, shared by every language's environment
(`environment`): each template parsed and compiled once per process, not once per language,
as the site's are (`i18n.SharedCode`). Its own, not the site's: the site's environments
compile some of the same files with other options (autoescaping, trailing newlines)."""


@cache
def environment(lang: str) -> jinja2.Environment:
    """Templates in `lang`: the workbench's, then the site's; escaped, strict; their code
    shared with every other language's (`SHARED_CODE`: nothing of the language is folded
    into it, `|t` being a context filter, `i18n.per_language`)."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(TEMPLATES),
                                    jinja2.FileSystemLoader(TEMPLATE_DIR)]),
        bytecode_cache=SHARED_CODE,
        extensions=["jinja2.ext.i18n"], autoescape=True, trim_blocks=True,
        lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    catalog = translations(lang)
    env.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(quoting_gettext(catalog))  # a name quoted once, as on the site
    env.filters["t"] = per_language(catalog.gettext)
    env.filters["lit"] = html_filter
    env.globals["lang"] = lang
    return env


def render(template: str, language: str, /, **context: object) -> str:
    """The template `template` rendered in `language`."""
    return environment(language).get_template(template).render(**context)


def said(message: str) -> str:
    """`message`, marked for the catalog (`docs.website.catalog` reads the workbench's
    Python for `said(...)` and the errors below): translated where it is shown."""
    return message


class WordedError(PontoonError):
    """An error the page shows in its own language: a catalog message with `%(name)s`
    places, and what fills them (`str()` is the English)."""

    def __init__(self, message: str, /, **fill: object) -> None:
        super().__init__(message % fill if fill else message)
        self.message, self.fill = message, fill

    def in_words(self, language: str) -> str:
        """The error in `language`."""
        return in_words(language, self.message, **self.fill)


def in_words(language: str, message: str, /, **fill: object) -> str:
    """Catalog message `message` in `language`, its places filled."""
    text = translations(language).gettext(message)
    return text % fill if fill else text


def static_file(name: str) -> tuple[Path, str] | None:
    """The path and media type of a static file the page may ask for, by name only."""
    found = STATIC_FILES.get(name)
    return (found[0] / name, found[1]) if found else None
