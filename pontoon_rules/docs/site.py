"""Build and serve the documentation site (mkdocs.yml at the repository root)."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_CONFIG = Path(__file__).resolve().parents[2] / "mkdocs.yml"


def _quiet_banners() -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def build_site(config_file: Path = DEFAULT_CONFIG, site_dir: Path | None = None,
               strict: bool = True) -> Path:
    """Build the whole site (pages and sheets) into `site_dir`; returns the folder.

    Raises:
        FileNotFoundError: there is no mkdocs.yml at `config_file`.
        mkdocs.exceptions.Abort: a warning in strict mode, or a failed build.
    """
    if not config_file.is_file():
        raise FileNotFoundError(f"{config_file}: no such MkDocs config (run from a checkout)")
    _quiet_banners()
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    overrides = {"site_dir": str(site_dir)} if site_dir else {}
    config = load_config(str(config_file), strict=strict, **overrides)
    build(config)
    return Path(config.site_dir)


def serve_site(config_file: Path = DEFAULT_CONFIG, address: str = "127.0.0.1:8000") -> None:
    """Serve the site with live reload until interrupted."""
    _quiet_banners()
    from mkdocs.commands.serve import serve

    serve(config_file=str(config_file), dev_addr=address)
