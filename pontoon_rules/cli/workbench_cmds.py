"""CLI command `workbench`: the house-rule workbench in the browser."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("workbench")
@click.argument("ruleset", required=False)
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to serve on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on. Anything but 127.0.0.1 lets other computers use "
                   "the workbench (it says what that exposes); on any address it answers "
                   "only to this computer's own names and addresses.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Another name the workbench answers to (a name other computers reach "
                   "this one by); repeat for several.")
@click.option("--no-browser", is_flag=True, help="Do not open a browser tab.")
@click.option("--workers", type=click.IntRange(1, 8), default=1, show_default=True,
              help="Analysis processes (one per core you can spare).")
@click.option("--memory", type=click.FloatRange(0.25, 64), default=2.0, show_default=True,
              metavar="GIB", help="Memory each analysis process may use, in GiB; an "
                                  "analysis that needs more stops and says so.")
@click.option("--no-realistic", is_flag=True,
              help="Leave out the changes a table would make (several seconds of solving "
                   "for each change: on a slow machine); every rule's cost is still offered.")
def workbench_cmd(ruleset: str | None, port: int, host: str, allow_hosts: tuple[str, ...],
                  no_browser: bool, workers: int, memory: float, no_realistic: bool) -> None:
    """Change house rules in the browser: the sheet's sentences with their controls, the
    exact house edge and its change, the hands that show it, the rules file and the PDF.

    RULESET is a bundled id (default pagat-british) or a ruleset file; a house-rule file
    opens with its own changes marked against its base.

    It serves one person: it answers only requests addressed to this computer (or an
    --allow-host name) from its own page, lets 16 analyses wait at once (more are
    refused until one finishes; a page that stops asking is dropped after two
    minutes), and closes a connection that takes more than 15 seconds to send its
    request.
    """
    from pontoon_rules.ruleset.loading.registry import bundled_ids
    from pontoon_rules.workbench.server import serve

    file = None
    start = "pagat-british"
    if ruleset is not None and ruleset in bundled_ids():
        start = ruleset
    elif ruleset is not None:
        from pontoon_rules.ruleset.loading.loader import load_ruleset

        load_ruleset(ruleset)  # every problem of the file, as `validate` reports them
        file = Path(ruleset)
    serve(file, host, port, not no_browser, workers, start=start,
          say=lambda line: click.echo(line, err=True), allow_hosts=allow_hosts,
          memory=int(memory * (1 << 30)), realistic=not no_realistic)
