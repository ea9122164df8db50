"""The house-rule workbench: change a rule in the browser, see what it does, take it home.

`pontoon-rules workbench [RULESET_OR_FILE]` serves a local web application (Starlette
under uvicorn, on 127.0.0.1 unless told otherwise). The layers, thin over the library:

    controls   the schema's leaves as controls (menus, bounded numbers, odds, YAML)
    draft      a start plus changes -> the overlay file text -> the project's loader
    view       the sheet's sentences in the order of play, each with its controls
    worker     a separate process running edge (its value first) / strategy / examples /
               costs, step by step (a helper process in its group shares the realistic ones;
               the whole edge and the strategy card from one solve)
    helper     the worker's second process for the realistic variations (`python -P -c` on a
               socketpair, no queue)
    jobs       one current job per browser tab; the last change wins, the rest are cancelled
    results    a job's data as the page draws it (the CLI's figures, the site's rounds)
    service    what each request does; app (Starlette, guards); server (uvicorn, browser)
    render     the templates in the page's language; what the Python says, in the catalogs
    yamlwords  PyYAML's reader problems in the page's language (its own English, quoted, else)
"""

from __future__ import annotations

__all__ = ["serve"]


def serve(*args: object, **kwargs: object) -> None:
    """Serve the workbench (see `server.serve`)."""
    from pontoon_rules.workbench.server import serve as run

    run(*args, **kwargs)  # type: ignore[arg-type]
