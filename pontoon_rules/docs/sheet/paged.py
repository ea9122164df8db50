"""WeasyPrint layouts cut short: a printed sheet or card is tried in several versions until
one fits its pages, and a version that does not fit is laid out no further than the page
it overflows onto (the pages after it would be thrown away).

WeasyPrint reports each page it starts to lay out on its progress logger
(`weasyprint.progress`, "Step 5 - Creating layout - Page N"); a filter there stops the
layout at the first page past the limit. Where a WeasyPrint version words that report
otherwise, nothing stops and the version is laid out whole: slower, the same PDF
(`tests/test_sheet_layouts.py` notices).
"""

from __future__ import annotations

import functools
import logging
import threading
from typing import Any

PAGE_REPORT = "Step 5 - Creating layout - Page %d"
"""The report WeasyPrint logs as it starts to lay out a page (its number the argument)."""


class _Overflow(Exception):
    """The layout reached a page past the limit."""


_LIMIT = threading.local()  # each thread's page limit, while it lays out with one


class _PageLimit(logging.Filter):
    """Stops this thread's layout at a page past its limit; while the thread has a limit,
    swallows WeasyPrint's progress reports, else lets through those its logger's level,
    as configured before this filter, would (the filter lowers it to INFO to be called)."""

    def __init__(self, level: int) -> None:
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        limit = getattr(_LIMIT, "pages", None)
        if limit is None:
            return record.levelno >= self.level
        page = record.args[0] if isinstance(record.args, tuple) and record.args else None
        if record.msg == PAGE_REPORT and isinstance(page, int) and page > limit:
            raise _Overflow
        return False


@functools.cache
def _installed() -> None:
    """Put the filter on WeasyPrint's progress logger (once per process)."""
    logger = logging.getLogger("weasyprint.progress")
    logger.addFilter(_PageLimit(logger.getEffectiveLevel()))
    logger.setLevel(min(logger.getEffectiveLevel(), logging.INFO))


def layout(html: str, limit: int | None = None) -> Any:
    """The WeasyPrint document of `html` (an A4 layout); with `limit`, None once it needs a
    page past `limit`, without laying out that page or the rest."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    if limit is None:
        return HTML(string=html).render()
    _installed()
    _LIMIT.pages = limit
    try:
        document = HTML(string=html).render()
    except _Overflow:
        return None
    finally:
        _LIMIT.pages = None
    return document if len(document.pages) <= limit else None  # the report was not seen
