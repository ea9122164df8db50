"""Printing text that may hold someone else's words: names, paths, values, a harness's output."""

from __future__ import annotations

import click

from pontoon_rules.text import terminal_safe


def echo(message: object = "", *, err: bool = False, nl: bool = True) -> None:
    """`click.echo` of `message` made terminal-safe (newlines and tabs kept).

    For plain text built from untrusted parts; rich output uses `text.markup_safe`.
    """
    click.echo(terminal_safe(message, multiline=True), err=err, nl=nl)
