"""The MkDocs hook (`hooks:` in mkdocs.yml) that puts the generated site into a build.

on_config renders every generated page, expands the nav entries that name a
generated index into sections, and adds the site CSS; on_files adds the pages,
the CSS and every ruleset's sheets as in-memory files; on_page_content escapes every
page title (user text reaches the nav and <title> through it); on_page_context gives
each page the theme language of its folder (`ru/...` pages get `lang="ru"` and the
theme's Russian labels, and the menu's titles in Russian). Nothing generated is
ever written into the docs folder. Sheets are cached per process by the
ruleset's content, so `docs serve` rebuilds stay quick. on_post_build writes the search
index again without escapes (the same JSON, a third of the size in Russian).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

EXTRA_CSS = ("assets/cards.css", "assets/strategy.css", "assets/site.css")
EXTRA_JAVASCRIPT = ("assets/site.js",)

_generated: dict[str, str] = {}


def expand_nav(nav: list[Any], expansions: dict[str, list[Any]]) -> list[Any]:
    """`nav` with every `{title: path}` whose path has an expansion turned into a section."""
    out: list[Any] = []
    for item in nav:
        if isinstance(item, dict) and len(item) == 1:
            (title, target), = item.items()
            if isinstance(target, str) and target in expansions:
                item = {title: expansions[target]}
            elif isinstance(target, list):
                item = {title: expand_nav(target, expansions)}
        out.append(item)
    return out


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Render the generated pages, expand the nav and add the site's CSS."""
    from pontoon_rules.docs.website.extra import extra_folder
    from pontoon_rules.docs.website.pages import generated_pages, nav_expansions

    _generated.clear()
    _generated.update(generated_pages())
    if config.nav:
        config.nav = expand_nav(config.nav, nav_expansions(_generated))
    for css in EXTRA_CSS:
        if css not in config.extra_css:
            config.extra_css.append(css)
    for script in EXTRA_JAVASCRIPT:
        if script not in [str(s) for s in config.extra_javascript]:
            config.extra_javascript.append(script)
    config.extra["pr_site_language"] = config.theme["language"]
    if not config.repo_url:
        config.repo_url = repository_url(Path(config.config_file_path).parent)
        if not config.repo_url:
            config.repo_name = None
    folder = extra_folder()
    if folder is not None and str(folder) not in config.watch:
        config.watch.append(str(folder))  # `docs serve --rulesets`: rebuild on a change
    return config


REPOSITORY_KEYS = ("repository", "source", "source code", "code", "github")
"""The `[project.urls]` keys of pyproject.toml that name the repository (lower case)."""


def repository_url(folder: Path) -> str | None:
    """The repository's address from `folder`'s pyproject.toml (`[project.urls]`), or None:
    the site then prints no repository link rather than a made-up one."""
    import tomllib

    try:
        urls = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8")).get(
            "project", {}).get("urls", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    found = {str(k).lower(): v for k, v in urls.items() if isinstance(v, str)}
    return next((found[k] for k in REPOSITORY_KEYS if k in found), None)


def on_serve(server: Any, config: MkDocsConfig, builder: Any, **_kwargs: Any) -> Any:
    """`docs serve`: a rebuild that fails (a broken ruleset added to --rulesets) says why in
    a few lines and keeps serving the last good build, instead of a traceback and requests
    that hang until the error is fixed."""
    rebuild = server.builder

    def rebuild_or_say_why() -> None:
        try:
            rebuild()
        except Exception as error:  # noqa: BLE001 - any failure: the old site stays served
            _say_why(error)

    server.builder = rebuild_or_say_why
    return server


def _say_why(error: Exception) -> None:
    """Print why a rebuild failed (each problem of a ruleset on its line), untrusted text shown."""
    import sys

    from pontoon_rules.errors import RulesetError
    from pontoon_rules.text import terminal_safe

    lines = ([str(p) for p in error.problems] if isinstance(error, RulesetError)
             else [f"{type(error).__name__}: {error}"])
    for line in lines[:20]:
        print(terminal_safe(line), file=sys.stderr)  # noqa: T201
    print("the site was not rebuilt: the last good build is still served (fix the file and "
          "save it again)", file=sys.stderr)  # noqa: T201


def on_page_markdown(markdown: str, page: Page, **_kwargs: Any) -> str:
    """Fill the markers of hand-written pages (`<!-- pr:edges -->`) with generated text."""
    if "<!-- pr:" not in markdown:
        return markdown
    from pontoon_rules.docs.website.snippets import fill_markers

    return fill_markers(markdown, page.file.src_uri)


def on_page_content(html: str, page: Page, **_kwargs: Any) -> str:
    """Escape the page's title: themes insert titles (nav, <title>) unescaped, and a ruleset's
    name is untrusted. Runs for every page before any template draws a nav.

    The theme's <title> passes `page.title` through `striptags`, which would unescape it
    again, so the escaped title also goes to `page.meta["title"]`, which the theme
    inserts as it is.
    """
    if page.title:
        title = escape(page.title, quote=True)
        page.title = title
        page.meta["title"] = title
    return html


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig,
                    **_kwargs: Any) -> dict[str, Any]:
    """Draw the page in the language of its folder: the theme reads `theme.language` when it
    renders each page (`<html lang>`, its labels), so it is set here, page by page."""
    from pontoon_rules.docs.website.navigation import translate_nav
    from pontoon_rules.docs.website.pages import page_language

    lang = page_language(page.file.src_uri, config.extra["pr_site_language"])
    config.theme["language"] = lang if _theme_speaks(config, lang) else (
        config.extra["pr_site_language"])
    if context.get("nav") is not None:
        translate_nav(context["nav"], lang)
    return context


def _theme_speaks(config: MkDocsConfig, lang: str) -> bool:
    """Whether the theme has its labels in `lang` (a partial of that language)."""
    from pathlib import Path

    return any((Path(folder) / "partials" / "languages" / f"{lang}.html").is_file()
               for folder in config.theme.dirs)


def on_template_context(context: dict[str, Any], template_name: str, config: MkDocsConfig,
                        **_kwargs: Any) -> dict[str, Any]:
    """A theme template that is not a page (404.html, the sitemap) in the site's language."""
    config.theme["language"] = config.extra.get("pr_site_language", config.theme["language"])
    return context


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages, CSS and sheets; a hand-written file may not shadow one.

    Raises:
        PluginError: a file in the docs folder has the path of a generated one.
    """
    from pontoon_rules.docs.website.pages import generated_files

    generated: dict[str, str | bytes] = {**_generated, **generated_files()}
    clashes = sorted(path for path in generated if files.get_file_from_path(path))
    if clashes:
        raise PluginError(f"hand-written files shadow generated ones: {', '.join(clashes)} "
                          "(remove them from the docs folder)")
    for path, content in generated.items():
        files.append(File.generated(config, path, content=content))
    return files


def on_post_build(config: MkDocsConfig, **_kwargs: Any) -> None:
    """The theme's search index, written again as UTF-8 without escapes and spaces (the same
    JSON: Cyrillic, Armenian and the suit signs take 2-3 bytes each instead of 6)."""
    import json
    from pathlib import Path

    from pontoon_rules.files import write_atomic

    index = Path(config.site_dir) / "search" / "search_index.json"
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    write_atomic(index, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
