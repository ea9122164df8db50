"""How long a full site build takes: every ruleset page (English and Russian), the matrix,
the worked examples, the reference and every sheet (PDF and HTML, both languages).

    python benchmarks/docs_speed.py            # target: under 30 s on one core
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from pontoon_rules.docs import pages
from pontoon_rules.docs.site import DEFAULT_CONFIG, build_site

TARGET_SECONDS = 30.0


def _timed(label: str, action: object) -> float:
    start = time.perf_counter()
    action()  # type: ignore[operator]
    seconds = time.perf_counter() - start
    print(f"{label:<34} {seconds:6.2f} s")
    return seconds


def main() -> None:
    """Print the time of each part, then of a whole strict build."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    _timed("pages (first render, with compare)", pages.generated_pages)
    count = len(pages.site_rulesets()) * len(pages.SITE_SHEETS) // 2
    _timed(f"sheets ({count} PDF + {count} HTML)", pages.generated_files)
    pages._SHEETS.clear()
    with tempfile.TemporaryDirectory() as folder:
        total = _timed("full strict build (cold caches)",
                       lambda: build_site(DEFAULT_CONFIG, Path(folder), strict=True))
        count = sum(1 for _ in Path(folder).rglob("*.html"))
    verdict = "ok" if total < TARGET_SECONDS else "over target"
    print(f"site build: {total:.1f} s for {count} HTML files on one core "
          f"(target {TARGET_SECONDS:.0f} s: {verdict})")


if __name__ == "__main__":
    main()
