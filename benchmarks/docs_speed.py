"""How long a full site build takes: every ruleset page (English and Russian), the matrix,
the worked examples, the analysis pages, the reference, every sheet (PDF and HTML, both
languages), every strategy card and the vectors archive.

    python benchmarks/docs_speed.py            # target: a warm build under 30 s on one core

"Cold" is a build in a fresh process with every in-process cache empty (the analysis, the
example search, the sheets); what the cache folder keeps (`pontoon_rules.cache`: the
example search, the sheets' PDFs, the analysis summaries, the vectors and their archive)
is read back when current (the first build after a code change makes it). A build with
nothing kept: `PONTOON_RULES_CACHE=$(mktemp -d) python benchmarks/docs_speed.py`.
"Warm" is the next build in the same process, as `docs serve` rebuilds after an edit.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from pontoon_rules.docs.sheet import cards
from pontoon_rules.docs.website import downloads, example_pages, pages
from pontoon_rules.docs.website.site import DEFAULT_CONFIG, build_site
from pontoon_rules.docs.words import figures

TARGET_SECONDS = 30.0


def _timed(label: str, action: object) -> float:
    start = time.perf_counter()
    action()  # type: ignore[operator]
    seconds = time.perf_counter() - start
    print(f"{label:<40} {seconds:6.2f} s")
    return seconds


def _clear() -> None:
    figures.clear()
    example_pages._COMPARISONS.clear()
    pages._SHEETS.clear()
    cards._CARDS.clear()


def main() -> None:
    """Print the time of each part, then of a cold and a warm strict build."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    _timed("vectors archive (from its cache, else made)", downloads.vectors_archive)
    _timed("analysis of every ruleset", pages.site_analysis)
    _timed("pages (first render, with compare)", pages.generated_pages)
    count = len(pages.site_rulesets())
    _timed(f"sheets and cards ({count} rulesets)", pages.generated_files)
    _clear()
    with tempfile.TemporaryDirectory() as folder:
        cold = _timed("full strict build (cold caches)",
                      lambda: build_site(DEFAULT_CONFIG, Path(folder) / "cold", strict=True))
        warm = _timed("full strict build (warm, as docs serve)",
                      lambda: build_site(DEFAULT_CONFIG, Path(folder) / "warm", strict=True))
        built = Path(folder) / "warm"
        count = sum(1 for _ in built.rglob("*.html"))
        _sizes(built)
    verdict = "ok" if warm < TARGET_SECONDS else "over target"
    print(f"site build: {warm:.1f} s warm, {cold:.1f} s cold, for {count} HTML files on one "
          f"core (target {TARGET_SECONDS:.0f} s warm: {verdict})")


def _sizes(site: Path) -> None:
    """The sizes the site issue names: the search index (limit 500 KB) and the analysis page
    per analysed ruleset's section (limit 60 KB)."""
    index = (site / "search" / "search_index.json").stat().st_size
    analysis = (site / "analysis.html").read_text(encoding="utf-8")
    sections = len(pages.site_rulesets()) - len(pages.site_refused())
    print(f"search index: {index / 1000:.0f} KB (limit 500 KB)")
    print(f"analysis.html: {len(analysis.encode()) / 1000:.0f} KB for {sections} analysed "
          f"sections, {len(analysis.encode()) / 1000 / max(sections, 1):.1f} KB each "
          f"(limit 60 KB)")


if __name__ == "__main__":
    main()
