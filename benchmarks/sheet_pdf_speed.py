"""How much CPU the site's sheet PDFs take to lay out, and how many layouts they need.

    python benchmarks/sheet_pdf_speed.py               # every bundled sheet, every site language
    python benchmarks/sheet_pdf_speed.py --dump DIR    # and each PDF's page count and text

The cache folder is bypassed (each PDF is laid out, as on a build from an empty cache);
the CPU seconds are this process's (user + system); the WeasyPrint layouts begun and the
pages they lay out are counted (the work, free of the machine's load).
`--dump` writes `ID-LANG.txt` per sheet: the page count, then the text `pdftotext -layout`
extracts, so that two runs (before and after a change) can be compared with `diff -r`.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

from pontoon_rules.docs.sheet import sheets
from pontoon_rules.docs.website.pages import base_of, bundled
from pontoon_rules.docs.words.i18n import SITE_LANGUAGES


def _counting_layouts() -> list[int]:
    """Count every WeasyPrint layout (`HTML.render`, begun) and every page it lays out from
    now on, in the list's two items."""
    import weasyprint  # type: ignore[import-untyped]
    from weasyprint.layout import page  # type: ignore[import-untyped]

    count = [0, 0]
    render, remake_page = weasyprint.HTML.render, page.remake_page

    def counted(self: object, *args: object, **kwargs: object) -> object:
        count[0] += 1
        return render(self, *args, **kwargs)

    def counted_page(*args: object) -> object:
        count[1] += 1
        return remake_page(*args)

    weasyprint.HTML.render, page.remake_page = counted, counted_page
    return count


def _dump(pdf: bytes, path: Path) -> None:
    """Write the PDF's page count and its text, as `pdftotext -layout` extracts it."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True,
                              check=True).stdout
        text = subprocess.run(["pdftotext", "-layout", file.name, "-"], capture_output=True,
                              text=True, check=True).stdout
    pages = next(line for line in info.splitlines() if line.startswith("Pages:"))
    path.write_text(f"{pages}\n{text}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="folder for each PDF's pages and text")
    parser.add_argument("--verbose", action="store_true", help="each sheet's layouts")
    args = parser.parse_args()
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
    count = _counting_layouts()
    rulesets = [(r, base_of(r)) for r in bundled()]
    sheets.sheet_html(rulesets[0][0])  # templates and catalogs loaded before the clock starts
    cpu = 0.0
    made = 0
    for ruleset, base in rulesets:
        for lang in SITE_LANGUAGES:
            start, before = time.process_time(), list(count)
            pdf = sheets._laid_out_pdf(ruleset, lang, base)
            cpu += time.process_time() - start
            made += 1
            if args.verbose:
                print(f"{ruleset.id:<28} {lang} {count[0] - before[0]} layouts, "
                      f"{count[1] - before[1]} pages")
            if args.dump:
                _dump(pdf, args.dump / f"{ruleset.id}-{lang}.txt")
    print(f"{made} sheet PDFs, {count[0]} layouts, {count[1]} pages laid out, {cpu:.1f} CPU s "
          f"({cpu / made:.2f} s a sheet)")


if __name__ == "__main__":
    main()
