"""CLI commands over rulesets: list, validate, migrate, show, schema, summary."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pontoon_rules.cli.agreed import agree_option
from pontoon_rules.text import json_text, terminal_safe

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset


@click.command("list")
def list_cmd() -> None:
    """List the bundled rulesets, one line each."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    rulesets = [load_bundled(i) for i in bundled_ids()]
    width = max(len(r.id) for r in rulesets)
    for r in rulesets:
        base = f" (extends {r.extends})" if r.extends else ""
        click.echo(terminal_safe(f"{r.id:<{width}}  {r.kind:<9}  {r.name}{base}"))


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def validate_cmd(files: tuple[str, ...]) -> None:
    """Validate ruleset files; report every problem of every file, with line numbers."""
    from pontoon_rules.errors import Problem, RulesetError
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    problems: list[Problem] = []
    hints: list[str] = []
    for name in files:
        try:
            ruleset = load_ruleset(name)  # a bundled id too, as every other command reads one
            click.echo(terminal_safe(f"{name}: ok ({ruleset.id})"))
        except RulesetError as e:
            problems.extend(e.problems)
            hints.extend(e.hints)
    if problems:
        raise RulesetError(problems, hints)


@click.command("migrate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Show each change as a unified diff; write nothing.")
def migrate_cmd(files: tuple[str, ...], dry_run: bool) -> None:
    """Rewrite ruleset files of an earlier format in the current one, in place.

    Only the old fields' lines change (comments, key order and quoting kept); a field's
    provenance moves with it; each file is written atomically, and only when it loads once
    migrated. Exit 0 when every file is migrated or current, 2 for invalid input.
    """
    from pontoon_rules.errors import Problem, RulesetError
    from pontoon_rules.ruleset.loading.migrate import migrate_files

    names = [name for name in files if Path(name).is_file()]
    results = dict(zip(names, migrate_files([Path(n) for n in names], dry_run), strict=True))
    problems: list[Problem] = []
    for name in files:
        done = results.get(name, RulesetError([Problem(name, None, None, "", "no such file")]))
        if isinstance(done, RulesetError):
            problems.extend(done.problems)
            continue
        if dry_run and done.changed:
            click.echo(terminal_safe(done.diff(), multiline=True), nl=False)
        click.echo(terminal_safe(f"{name}: {_migrated(done, dry_run)}"))
    if problems:
        raise RulesetError(problems)


def _migrated(migration: Any, dry_run: bool) -> str:
    from pontoon_rules.ruleset.format.renamed import SCHEMA_VERSION

    if not migration.changed:
        return f"already in the current format (version {SCHEMA_VERSION})"
    done = "would be migrated" if dry_run else "migrated"
    written = " (nothing written)" if dry_run else ""
    return f"{done} from version {migration.version} to {SCHEMA_VERSION}{written}"


@click.command("show")
@click.argument("ruleset")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml"]), default="text",
              help="text for people; json/yaml for the resolved ruleset data.")
@click.option("--paths", is_flag=True,
              help="After each rule, the dotted field paths it comes from (to override them).")
@click.option("--fields", is_flag=True,
              help="Every field by topic with its value and provenance, instead of sentences.")
@click.option("--lang", default="en", help="Language of the sentences: en, ru, or the "
              "languages of its sources (hy, pa, ur for the pagat rulesets; de for "
              "Siebzehn und Vier).")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write to this file (atomically) instead of printing.")
@agree_option
def show_cmd(ruleset: str, fmt: str, paths: bool, fields: bool, lang: str,
             output: str | None, agreements: tuple[str, ...]) -> None:
    """Show a ruleset (bundled id or file): its rules as sentences, in the order of play.

    --fields shows every field by topic with its value and provenance instead. Values
    the table agrees show as blanks, or as given with --agree.
    """
    from pontoon_rules.cli.agreed import settle
    from pontoon_rules.ruleset.loading.loader import dump_ruleset, load_ruleset

    loaded = settle(load_ruleset(ruleset), agreements, play=False)
    if fmt == "json":
        text = json_text(loaded.model_dump(mode="json")) + "\n"
    elif fmt == "yaml":
        text = dump_ruleset(loaded) + "\n"
    elif fields and output is None:
        from pontoon_rules.cli.render import show_ruleset

        show_ruleset(loaded)
        return
    elif fields:
        text = _plain_text(loaded)
    else:
        text = _sentences_text(ruleset, loaded, paths, lang, agreements)
    if output is None:
        click.echo(text, nl=False)
        return
    from pontoon_rules.files import write_atomic

    write_atomic(Path(output), text)
    click.echo(terminal_safe(f"wrote {output}"))


def _sentences_text(ref: str, loaded: Ruleset, paths: bool, lang: str,
                    agreements: tuple[str, ...] = ()) -> str:
    """The rules as sentences (the sheet's words), one per line, for the terminal or a file.

    Each line is terminal-safe: the ruleset's hidden characters are shown as escapes.
    """
    from pontoon_rules.docs.sheet.sheet_view import find_base
    from pontoon_rules.docs.words.i18n import LANGUAGES
    from pontoon_rules.docs.words.sentences import text_lines

    if lang not in LANGUAGES:
        raise click.BadParameter(f"expected one of {', '.join(LANGUAGES)}, got {lang!r}",
                                 param_hint="--lang")
    from pontoon_rules.cli.agreed import settle

    origin = Path(ref) if Path(ref).suffix in (".yaml", ".yml") else None
    base = find_base(loaded, origin)
    base = settle(base, agreements, play=False) if base is not None else None
    from pontoon_rules.docs.sheet.sheets import require_translated
    from pontoon_rules.docs.words.i18n import recording

    with recording() as looked_up:
        lines = text_lines(loaded, lang, paths, base)
    require_translated(loaded, lang, looked_up)
    return "".join(f"{terminal_safe(line)}\n" for line in lines)


def _plain_text(ruleset: Ruleset) -> str:
    """`show`'s text output without colours, 100 columns wide (for a file)."""
    import io

    from rich.console import Console

    from pontoon_rules.cli.render import show_ruleset

    buffer = io.StringIO()
    show_ruleset(ruleset, Console(file=buffer, width=100, color_system=None))
    return buffer.getvalue()


@click.command("schema")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file.")
def schema_cmd(output: str | None) -> None:
    """Print the JSON Schema of a ruleset file (for editor autocompletion)."""
    from pontoon_rules.ruleset.format.schema import schema_text

    text = schema_text()
    if output:
        from pontoon_rules.files import write_atomic

        write_atomic(Path(output), text)
        click.echo(terminal_safe(f"wrote {output}"))
    else:
        click.echo(text, nl=False)


@click.command("summary")
@click.argument("rulesets", nargs=-1)
def summary_cmd(rulesets: tuple[str, ...]) -> None:
    """Side-by-side summary of the rules that differ (default: the source variants)."""
    from pontoon_rules.cli.render import summary_table
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    if rulesets:
        loaded = [load_ruleset(r) for r in rulesets]
    else:
        loaded = [r for i in bundled_ids() if (r := load_bundled(i)).kind == "source"]
    summary_table(loaded)
