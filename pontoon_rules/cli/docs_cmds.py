"""CLI commands for the documentation: printable sheets, and building or serving the site."""

from __future__ import annotations

from pathlib import Path

import click

from pontoon_rules.cli.agreed import agree_option
from pontoon_rules.cli.output import echo

_FORMATS = ("pdf", "html", "md")


@click.command("sheet")
@click.argument("ruleset")
@click.option("--format", "fmt", type=click.Choice(_FORMATS), default=None,
              help="pdf (A4, print), html (standalone) or md; default: from the -o suffix.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write (.pdf, .html or .md); written atomically.")
@click.option("--lang", default="en", help="Language of the sheet: en, ru, or the languages "
              "of its sources (hy, pa, ur for the pagat rulesets; de for Siebzehn und Vier).")
@click.option("--parents", is_flag=True,
              help="Create the output's missing folders (otherwise a missing folder is an error).")
@agree_option
def sheet_cmd(ruleset: str, fmt: str | None, output: Path, lang: str, parents: bool,
              agreements: tuple[str, ...]) -> None:
    """Write a rule sheet for RULESET (bundled id or file): one A4 page, or two where
    Shoot or the worked examples need them (no example is ever left out).

    Values the table agrees (the stake limits) are printed as blanks to fill in, or as
    given with --agree.
    """
    from pontoon_rules.cli.agreed import settle
    from pontoon_rules.docs.sheet.sheet_view import find_base
    from pontoon_rules.docs.sheet.sheets import SheetError, sheet_format, write_sheet
    from pontoon_rules.docs.words.i18n import LANGUAGES
    from pontoon_rules.errors import OutputError
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    if lang not in LANGUAGES:
        raise click.BadParameter(f"expected one of {', '.join(LANGUAGES)}, got {lang!r}",
                                 param_hint="--lang")
    try:
        fmt = sheet_format(output, fmt)
    except SheetError as e:
        raise click.BadParameter(str(e), param_hint="--format/-o") from e
    if not output.parent.is_dir() and not parents:
        raise OutputError(f"{output}: the folder {output.parent} does not exist "
                          "(create it, or pass --parents)")
    loaded = settle(load_ruleset(ruleset), agreements, play=False)
    origin = Path(ruleset) if Path(ruleset).suffix in (".yaml", ".yml") else None
    base = find_base(loaded, origin)
    base = settle(base, agreements, play=False) if base is not None else None
    path = write_sheet(loaded, fmt, output, lang, base, make_parents=parents)
    echo(f"wrote {path}")


@click.group("docs")
def docs_cmd() -> None:
    """Build or serve the documentation site (from a checkout with mkdocs.yml)."""


@docs_cmd.command("build")
@click.option("-f", "--config-file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="The mkdocs.yml (default: the checkout's).")
@click.option("-d", "--site-dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Where to write the site (default: site-build/).")
@click.option("--strict/--no-strict", default=True, help="Fail on any warning (default).")
@click.option("--rulesets", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="A folder of your own rulesets (*.yaml) to add to the site.")
@click.option("--wait", type=click.FloatRange(min=0, max=86400), default=600, show_default=True,
              help="Seconds to wait for another build into the same folder (0: refuse).")
def docs_build_cmd(config_file: Path | None, site_dir: Path | None, strict: bool,
                   rulesets: Path | None, wait: float) -> None:
    """Build the whole site and every ruleset's sheets.

    The site is built into a temporary folder and swapped in when complete; the build
    replaces only the files its previous build wrote (its manifest) and leaves anything
    else in the folder (a .git, a CNAME) where it is. A --site-dir that holds other
    files (not a previous build) is refused. Two builds into one folder take turns.
    """
    from pontoon_rules.docs.website.site import DEFAULT_CONFIG, build_site

    out = build_site(config_file or DEFAULT_CONFIG, site_dir, strict, rulesets, wait,
                     notify=lambda line: echo(line, err=True))
    echo(f"site: {out}/index.html")
    echo(f"sheets: {out}/sheets/")


def _serve_address(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """`-a HOST:PORT`, checked before the server starts (nothing is left behind)."""
    from pontoon_rules.sim.distribution.cluster import ClusterError, parse_address
    from pontoon_rules.text import short

    if "://" in value:
        raise click.BadParameter(f"{short(value, 60)}: expected HOST:PORT, without a scheme")
    try:
        parsed = parse_address(value)
    except ClusterError as error:
        message = str(error).removeprefix("--scheduler ").replace("tcp://HOST:PORT",
                                                                   "HOST:PORT")
        raise click.BadParameter(message.split(" (a Dask")[0].replace("tcp://[::1]:8786",
                                                                 "[::1]:8000")) from None
    return f"[{parsed.host}]:{parsed.port}" if ":" in parsed.host else \
        f"{parsed.host}:{parsed.port}"


@docs_cmd.command("serve")
@click.option("-f", "--config-file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="The mkdocs.yml (default: the checkout's).")
@click.option("-a", "--dev-addr", default="127.0.0.1:8000", callback=_serve_address,
              help="Address to serve on: HOST:PORT, a port from 1 to 65535.")
@click.option("--rulesets", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="A folder of your own rulesets (*.yaml) to add to the site.")
def docs_serve_cmd(config_file: Path | None, dev_addr: str, rulesets: Path | None) -> None:
    """Serve the site locally with live reload."""
    from pontoon_rules.docs.website.site import DEFAULT_CONFIG, serve_site

    echo(f"serving the site at http://{dev_addr}/ (it is built first; Ctrl+C stops)",
               err=True)
    extra = {"rulesets": rulesets} if rulesets is not None else {}
    serve_site(config_file or DEFAULT_CONFIG, dev_addr, **extra)
