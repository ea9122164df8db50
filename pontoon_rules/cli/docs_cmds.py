"""CLI commands for the documentation: printable sheets, and building or serving the site."""

from __future__ import annotations

from pathlib import Path

import click

_FORMATS = ("pdf", "html", "md")


@click.command("sheet")
@click.argument("ruleset")
@click.option("--format", "fmt", type=click.Choice(_FORMATS), default="pdf",
              help="pdf (A4, print), html (standalone) or md.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The file to write.")
@click.option("--lang", default="en", help="Language of the sheet: en or ru.")
def sheet_cmd(ruleset: str, fmt: str, output: str, lang: str) -> None:
    """Write a one-to-two page rule sheet for RULESET (bundled id or file)."""
    from pontoon_rules.docs.i18n import LANGUAGES
    from pontoon_rules.docs.sheets import write_sheet
    from pontoon_rules.ruleset.loader import load_ruleset

    if lang not in LANGUAGES:
        raise click.BadParameter(f"expected one of {', '.join(LANGUAGES)}, got {lang!r}",
                                 param_hint="--lang")
    loaded = load_ruleset(ruleset)
    path = write_sheet(loaded, fmt, Path(output), lang)
    click.echo(f"wrote {path}")


@click.group("docs")
def docs_cmd() -> None:
    """Build or serve the documentation site (from a checkout with mkdocs.yml)."""


@docs_cmd.command("build")
@click.option("-f", "--config-file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="The mkdocs.yml (default: the checkout's).")
@click.option("-d", "--site-dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Where to write the site (default: site-build/).")
@click.option("--strict/--no-strict", default=True, help="Fail on any warning (default).")
def docs_build_cmd(config_file: Path | None, site_dir: Path | None, strict: bool) -> None:
    """Build the whole site and every ruleset's sheets."""
    from pontoon_rules.docs.site import DEFAULT_CONFIG, build_site

    out = build_site(config_file or DEFAULT_CONFIG, site_dir, strict)
    click.echo(f"site: {out}/index.html")
    click.echo(f"sheets: {out}/sheets/")


@docs_cmd.command("serve")
@click.option("-f", "--config-file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="The mkdocs.yml (default: the checkout's).")
@click.option("-a", "--dev-addr", default="127.0.0.1:8000", help="Address to serve on.")
def docs_serve_cmd(config_file: Path | None, dev_addr: str) -> None:
    """Serve the site locally with live reload."""
    from pontoon_rules.docs.site import DEFAULT_CONFIG, serve_site

    click.echo(f"serving the site at http://{dev_addr}/ (it is built first; Ctrl+C stops)",
               err=True)
    serve_site(config_file or DEFAULT_CONFIG, dev_addr)
