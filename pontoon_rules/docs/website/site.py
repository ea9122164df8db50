"""Build and serve the documentation site (mkdocs.yml at the repository root).

A build never loses files it did not write: the site is built into a work folder
beside the target and swapped in only when complete (`publish`: the build owns only
the files its manifest lists; everything else in the folder stays where it is). A
target that is not empty must be a previous build (it holds `BUILD_MARKER`). Builds
into one folder are serialised by a lock file; a build killed midway leaves the old
site as it was, and the next build clears its work folder (and only its).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pontoon_rules.docs.website import publish
from pontoon_rules.docs.website.extra import EXTRA_RULESETS_ENV, load_folder
from pontoon_rules.errors import OutputError

DEFAULT_CONFIG = Path(__file__).resolve().parents[3] / "mkdocs.yml"
BUILD_MARKER = publish.MANIFEST
"""The file that marks a folder as a site this tool built: its manifest."""

LOCK_WAIT = 600.0
"""How long a build waits, by default, for another build of the same folder (seconds)."""

_LONGEST_NAME = 255 - len(".building-XXXXXXXX")


def _quiet_banners() -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def check_site_dir(site_dir: Path) -> None:
    """Refuse to replace a folder that is neither empty nor a previous build.

    Raises:
        OutputError: `site_dir` is a file, or a non-empty folder without `BUILD_MARKER`,
            or a part of its path is a file, or its name is too long.
    """
    for parent in site_dir.parents:
        if parent.exists() and not parent.is_dir():
            raise OutputError(f"{site_dir}: {parent} is a file, not a folder; choose another "
                              "--site-dir")
    if len(os.fsencode(site_dir.name)) > _LONGEST_NAME:
        raise OutputError(f"{str(site_dir)[:60]}...: the folder name is too long (at most "
                          f"{_LONGEST_NAME} bytes); choose a shorter --site-dir")
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
    return publish.read_manifest(folder) is not None


@contextmanager
def extra_rulesets(folder: Path | None, checked: bool = False) -> Iterator[None]:
    """Add the user's ruleset `folder` to the site while the block runs (checked first,
    unless the caller has `checked` it).

    Raises:
        RulesetError: the folder is missing, empty, or holds an invalid ruleset.
    """
    if folder is None:
        yield
        return
    if not checked:
        from pontoon_rules.ruleset.loading.registry import bundled_ids

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


def build_site(config_file: Path = DEFAULT_CONFIG, site_dir: Path | None = None,
               strict: bool = True, rulesets: Path | None = None, wait: float = LOCK_WAIT,
               notify: Callable[[str], None] | None = None) -> Path:
    """Build the whole site (pages and sheets) into `site_dir`; returns the folder.

    Args:
        config_file: the mkdocs.yml.
        site_dir: where the site goes (default: the config's `site_dir`).
        strict: fail on any warning.
        rulesets: a folder of the user's rulesets to add to the site.
        wait: seconds to wait for another build into the same folder (0: refuse at once).
        notify: told, in one line, when the build waits or keeps a leftover folder.

    Raises:
        FileNotFoundError: there is no mkdocs.yml at `config_file`.
        OutputError: `site_dir` holds files that are not a previous build, a file we did
            not write is where the new site has one, or another build holds the folder.
        RulesetError: a ruleset of `rulesets` is invalid.
        mkdocs.exceptions.Abort: a warning in strict mode, or a failed build.
    """
    if not config_file.is_file():
        raise FileNotFoundError(f"{config_file}: no such MkDocs config (run from a checkout)")
    _quiet_banners()
    target = (Path(site_dir) if site_dir else _configured_site_dir(config_file)).resolve()
    check_site_dir(target)
    if rulesets is not None:
        from pontoon_rules.ruleset.loading.registry import bundled_ids

        load_folder(rulesets, set(bundled_ids()))
    target.parent.mkdir(parents=True, exist_ok=True)
    say = notify or (lambda _line: None)
    with publish.target_lock(target, wait, lambda pid: say(
            f"waiting for another docs build into {target} (pid {pid}) to finish")):
        for kept in publish.recover(target):
            say(f"kept {kept}: a dead build's folder holding files that are not its own")
        check_site_dir(target)
        _build_and_publish(config_file, target, strict, rulesets, say)
    return target


def _build_and_publish(config_file: Path, target: Path, strict: bool, rulesets: Path | None,
                       say: Callable[[str], None]) -> None:
    """Build into a fresh work folder and publish it; the work folder is always cleared."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    work, build_id = publish.new_work_folder(target)
    try:
        with extra_rulesets(rulesets, checked=True):
            config = load_config(str(config_file), strict=strict, site_dir=str(work / "site"))
            build(config)
        publish.publish(work, build_id, target, say)
    finally:
        if not publish.finish_work(work, target):
            say(f"kept {work}: it holds files that are not the build's (nothing was deleted)")


def _configured_site_dir(config_file: Path) -> Path:
    from mkdocs.config import load_config

    return Path(load_config(str(config_file)).site_dir)


def serve_site(config_file: Path = DEFAULT_CONFIG, address: str = "127.0.0.1:8000",
               rulesets: Path | None = None) -> None:
    """Serve the site with live reload until interrupted (with the user's `rulesets`).

    The server's build folder lies in a temporary folder of ours, removed however the
    server stops (Ctrl+C, SIGTERM, an error); SIGTERM stops it as Ctrl+C does.
    """
    import signal
    import tempfile

    _quiet_banners()
    from mkdocs.commands.serve import serve

    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous, before = signal.signal(signal.SIGTERM, stop), tempfile.tempdir
    try:
        with tempfile.TemporaryDirectory(prefix="pontoon-rules-serve-") as scratch, \
                extra_rulesets(rulesets):
            tempfile.tempdir = scratch  # mkdocs makes its mkdocs_* build folder in here
            serve(config_file=str(config_file), dev_addr=address)
    finally:
        tempfile.tempdir = before
        signal.signal(signal.SIGTERM, previous)
