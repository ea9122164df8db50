"""Build and serve the documentation site (mkdocs.yml at the repository root).

A build never loses files it did not write: the site is built into a temporary
folder beside the target and swapped in only when complete, and a target that is
not empty must be a previous build (it holds `BUILD_MARKER`). A build killed
midway leaves the old site as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pontoon_rules.docs.extra import EXTRA_RULESETS_ENV, load_folder
from pontoon_rules.errors import OutputError

DEFAULT_CONFIG = Path(__file__).resolve().parents[2] / "mkdocs.yml"
BUILD_MARKER = ".pontoon-rules-site"
"""The file that marks a folder as a site this tool built (and may replace)."""


def _quiet_banners() -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def check_site_dir(site_dir: Path) -> None:
    """Refuse to replace a folder that is neither empty nor a previous build.

    Raises:
        OutputError: `site_dir` is a file, or a non-empty folder without `BUILD_MARKER`.
    """
    if site_dir.exists() and not site_dir.is_dir():
        raise OutputError(f"{site_dir}: is a file, not a folder; choose another --site-dir")
    if site_dir.is_dir() and any(site_dir.iterdir()) and not is_previous_build(site_dir):
        raise OutputError(f"{site_dir}: the folder is not empty and is not a site built by "
                          f"pontoon-rules (no {BUILD_MARKER} file); nothing was changed. "
                          "Choose an empty or new folder.")


def is_previous_build(folder: Path) -> bool:
    """Whether `folder` is a site this tool built: it holds `BUILD_MARKER`, or (a build from
    before the marker) the layout only our build writes: index.html, sheets/ and
    search/search_index.json."""
    if (folder / BUILD_MARKER).is_file():
        return True
    return ((folder / "index.html").is_file() and (folder / "sheets").is_dir()
            and (folder / "search" / "search_index.json").is_file())


@contextmanager
def extra_rulesets(folder: Path | None) -> Iterator[None]:
    """Add the user's ruleset `folder` to the site while the block runs (checked first).

    Raises:
        RulesetError: the folder is missing, empty, or holds an invalid ruleset.
    """
    if folder is None:
        yield
        return
    from pontoon_rules.ruleset.registry import bundled_ids

    load_folder(folder, set(bundled_ids()))
    old = os.environ.get(EXTRA_RULESETS_ENV)
    os.environ[EXTRA_RULESETS_ENV] = str(folder.resolve())
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(EXTRA_RULESETS_ENV, None)
        else:
            os.environ[EXTRA_RULESETS_ENV] = old


def _remove_leftovers(target: Path) -> None:
    """Remove what a killed build of `target` left beside it: its unfinished build folders,
    and a replaced old site once the new one is in place (names only this module makes)."""
    kinds = ["building"] + (["old"] if target.is_dir() else [])
    for kind in kinds:
        for leftover in target.parent.glob(f".{target.name}.{kind}-*"):
            if leftover.is_dir():
                shutil.rmtree(leftover, ignore_errors=True)


def _swap_in(built: Path, target: Path) -> None:
    """Put the finished build `built` at `target`, the old site removed only after."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        os.replace(target, old / "site")
    os.replace(built, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build_site(config_file: Path = DEFAULT_CONFIG, site_dir: Path | None = None,
               strict: bool = True, rulesets: Path | None = None) -> Path:
    """Build the whole site (pages and sheets) into `site_dir`; returns the folder.

    Args:
        config_file: the mkdocs.yml.
        site_dir: where the site goes (default: the config's `site_dir`).
        strict: fail on any warning.
        rulesets: a folder of the user's rulesets to add to the site.

    Raises:
        FileNotFoundError: there is no mkdocs.yml at `config_file`.
        OutputError: `site_dir` holds files that are not a previous build.
        RulesetError: a ruleset of `rulesets` is invalid.
        mkdocs.exceptions.Abort: a warning in strict mode, or a failed build.
    """
    if not config_file.is_file():
        raise FileNotFoundError(f"{config_file}: no such MkDocs config (run from a checkout)")
    _quiet_banners()
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    target = Path(site_dir) if site_dir else _configured_site_dir(config_file)
    target = target.resolve()
    check_site_dir(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(target)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    try:
        with extra_rulesets(rulesets):
            config = load_config(str(config_file), strict=strict, site_dir=str(work / "site"))
            build(config)
        (work / "site" / BUILD_MARKER).write_text(
            "A documentation site built by pontoon-rules; `docs build` may replace this "
            "folder.\n", encoding="utf-8")
        _swap_in(work / "site", target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def _configured_site_dir(config_file: Path) -> Path:
    from mkdocs.config import load_config

    return Path(load_config(str(config_file)).site_dir)


def serve_site(config_file: Path = DEFAULT_CONFIG, address: str = "127.0.0.1:8000",
               rulesets: Path | None = None) -> None:
    """Serve the site with live reload until interrupted (with the user's `rulesets`)."""
    _quiet_banners()
    from mkdocs.commands.serve import serve

    with extra_rulesets(rulesets):
        serve(config_file=str(config_file), dev_addr=address)
