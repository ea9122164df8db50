"""How much CPU the sheet PDFs take to lay out, and how many layouts they need, beside
another tree's in the same run.

    python benchmarks/sheet_pdf_speed.py                    # every bundled sheet, en and ru
    python benchmarks/sheet_pdf_speed.py --all-languages    # every language each sheet is in
    python benchmarks/sheet_pdf_speed.py --reference TREE   # and TREE's, alternating
    python benchmarks/sheet_pdf_speed.py --dump DIR         # and each PDF's page count and text

The cache folder is bypassed (each PDF is laid out, as on a build from an empty cache);
the CPU seconds are the measuring process's (user + system); the WeasyPrint layouts begun
and the pages they lay out are counted (the work, free of the machine's load: a layout
stopped on a page it could not keep, `sheets._Tries.layout_within`, is one begun, and
that page is not counted); each PDF's
SHA-256 is taken (WeasyPrint writes no creation date: the same sheet is the same bytes).
Each tree measures one ruleset's sheets in a process of its own, the trees alternating
ruleset by ruleset, so that both see the same load. `--reference` is another tree of the
package (`git worktree add --detach DIR int`); the PDFs of the two must be the same bytes.
`--dump` writes `ID-LANG.txt` per sheet of this tree: the page count, then the text
`pdftotext -layout` extracts, so that two runs can be compared with `diff -r`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
MEASURE = r"""
import hashlib, json, sys, time
import weasyprint
from weasyprint.layout import page
from pontoon_rules.docs.sheet import sheets
from pontoon_rules.docs.website.pages import base_of
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import load_bundled

count = [0, 0]
render, remake_page = weasyprint.HTML.render, page.remake_page

def counted(self, *args, **kwargs):
    count[0] += 1
    return render(self, *args, **kwargs)

def counted_page(*args):
    count[1] += 1
    return remake_page(*args)

weasyprint.HTML.render, page.remake_page = counted, counted_page
ruleset = load_bundled(sys.argv[1])
base = base_of(ruleset)
langs = sheet_languages(ruleset) if sys.argv[2] == "all" else sys.argv[2].split(",")
sheets.sheet_html(ruleset)  # templates and catalogs loaded before the clock starts
for lang in langs:
    start, before = time.process_time(), list(count)
    pdf = sheets._laid_out_pdf(ruleset, lang, base)
    print(json.dumps({"lang": lang, "cpu": time.process_time() - start,
                      "layouts": count[0] - before[0], "pages": count[1] - before[1],
                      "sha256": hashlib.sha256(pdf).hexdigest()}))
    if len(sys.argv) > 3:
        open(f"{sys.argv[3]}/{sys.argv[1]}-{lang}.pdf", "wb").write(pdf)
"""


def measure(tree: Path, ruleset_id: str, langs: str, keep: str | None = None
            ) -> list[dict[str, object]]:
    """One process of `tree` laying out the sheets of `ruleset_id` in `langs` ("all": every
    language its sheet is in, else a comma-separated list), each PDF written to `keep`."""
    env = dict(os.environ, PYTHONPATH=str(tree), PONTOON_RULES_AHEAD="0",
               PONTOON_RULES_CACHE=tempfile.mkdtemp(prefix="sheet-pdf-speed-"))
    done = subprocess.run([sys.executable, "-c", MEASURE, ruleset_id, langs,
                           *([keep] if keep else [])],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def _dump(folder: Path, ruleset_id: str, lang: str) -> None:
    """Write the PDF's page count and its text, as `pdftotext -layout` extracts it."""
    pdf = folder / f"{ruleset_id}-{lang}.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = next(line for line in info.splitlines() if line.startswith("Pages:"))
    (folder / f"{ruleset_id}-{lang}.txt").write_text(f"{pages}\n{text}", encoding="utf-8")
    pdf.unlink()


def _cell(run: dict[str, object]) -> str:
    return f"{run['layouts']} layouts {run['pages']:>2} pages {float(run['cpu']):5.2f} s"  # type: ignore[arg-type]


def _total(runs: list[dict[str, object]]) -> str:
    layouts = sum(int(r["layouts"]) for r in runs)  # type: ignore[call-overload]
    pages = sum(int(r["pages"]) for r in runs)  # type: ignore[call-overload]
    cpu = sum(float(r["cpu"]) for r in runs)  # type: ignore[arg-type]
    return (f"{layouts} layouts, {pages} pages laid out, {cpu:.1f} CPU s "
            f"({cpu / len(runs):.2f} s a sheet)")


def main() -> None:
    from pontoon_rules.docs.website.pages import bundled

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="bundled ids (default: every one)")
    parser.add_argument("--reference", type=Path, help="another tree, measured alternately")
    parser.add_argument("--all-languages", action="store_true",
                        help="every language each sheet is written in (default: en, ru)")
    parser.add_argument("--dump", type=Path, help="folder for each PDF's pages and text")
    args = parser.parse_args()
    trees = [("this", HERE)] + ([("reference", args.reference.resolve())]
                                if args.reference else [])
    langs = "all" if args.all_languages else "en,ru"
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores; "
          f"each cell: layouts begun, pages laid out, CPU s of that sheet's PDF")
    runs: dict[str, list[dict[str, object]]] = {name: [] for name, _ in trees}
    for ruleset_id in args.rulesets or [r.id for r in bundled()]:
        found = {name: measure(tree, ruleset_id, langs,
                               str(args.dump) if args.dump and name == "this" else None)
                 for name, tree in trees}
        for i, run in enumerate(found["this"]):
            line = f"{ruleset_id:<24} {run['lang']:<3} {_cell(run)}"
            if args.reference:
                theirs = found["reference"][i]
                same = "same PDF" if theirs["sha256"] == run["sha256"] else "PDF DIFFERS"
                line += f" | reference {_cell(theirs)} | {same}"
            print(line, flush=True)
            if args.dump:
                _dump(args.dump, ruleset_id, str(run["lang"]))
        for name in runs:
            runs[name] += found[name]
    for name, _ in trees:
        print(f"{name}: {len(runs[name])} sheet PDFs, {_total(runs[name])}")
    if args.reference:
        same = sum(a["sha256"] == b["sha256"] for a, b in zip(runs["this"], runs["reference"],
                                                              strict=True))
        print(f"PDFs the same bytes in both trees: {same} of {len(runs['this'])}")


if __name__ == "__main__":
    main()
