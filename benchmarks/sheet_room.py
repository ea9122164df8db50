"""Print how far a printed sheet runs past its page budget, part by part, at each way of
making room (`sheets.ROOM_STEPS`): what a sheet that takes one more page must lose to win
it back (issue 49: pagat-british in Russian and Armenian).

Each part is a child of the sheet's body (the header, the two columns of rules, the wide
payout table, the worked examples, the footer), in millimetres with its margins, summed
over the pages; `over` is that sum less the budget's content height. The worked examples
and each round keep together (`break-inside: avoid`), so a part that does not fit moves
whole: `over` is the room the words must give up, not what the second page holds.

Usage: python benchmarks/sheet_room.py [RULESET [LANG ...]]   (default: pagat-british ru hy)
"""

from __future__ import annotations

import sys
import time
from typing import Any

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import ROOM_STEPS, example_count, page_budget, sheet_html
from pontoon_rules.ruleset.loading.registry import load_bundled

MM_PER_PX = 25.4 / 96
"""WeasyPrint lays out in CSS pixels, 96 to the inch."""


def parts(document: Any) -> list[tuple[str, float]]:
    """Each top-level part of the laid-out sheet and its height in millimetres (all pages)."""
    out = []
    for page in document.pages:
        body = page._page_box.children[0].children[0]
        for box in body.children:
            name = box.element.get("class") or box.element.tag
            out.append((name, box.margin_height() * MM_PER_PX))
    return out


def report(ruleset_id: str, lang: str) -> None:
    """One line per way of making room: pages, the parts and how far they run over."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    ruleset = load_bundled(ruleset_id)
    base, most, budget = find_base(ruleset), example_count(ruleset), page_budget(ruleset)
    step = {name: False for name in ROOM_STEPS}
    for name in ("none", *ROOM_STEPS):
        if name != "none":
            step[name] = True
        document = HTML(string=sheet_html(ruleset, lang, base, most, **step)).render()
        room = budget * document.pages[0]._page_box.height * MM_PER_PX
        laid = parts(document)
        over = sum(h for _n, h in laid) - room
        shown = ", ".join(f"{n} {h:.1f}" for n, h in laid)
        print(f"{ruleset_id} {lang} +{name:<6} pages {len(document.pages)}  "
              f"over {over:+6.1f} mm  ({shown})")


def main() -> None:
    ruleset_id = sys.argv[1] if len(sys.argv) > 1 else "pagat-british"
    langs = sys.argv[2:] or ["ru", "hy"]
    cpu = time.process_time()
    for lang in langs:
        report(ruleset_id, lang)
    print(f"({time.process_time() - cpu:.1f} cpu s)")


if __name__ == "__main__":
    main()
