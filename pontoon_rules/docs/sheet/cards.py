"""The printable strategy card: one A4 page beside each rule sheet (PDF, WeasyPrint).

The same grid as the ruleset page (`strategy.strategy_card`), larger, with the headline
edge, the legend and the notes; the list of hands where the exact cards matter is cut
short, then left out, when the page would overflow.
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from pontoon_rules.docs.sheet.sheet_view import localized
from pontoon_rules.docs.sheet.sheets import STATIC_DIR, cached_pdf, font_config
from pontoon_rules.docs.sheet.strategy import strategy_card
from pontoon_rules.docs.words import figures
from pontoon_rules.docs.words.i18n import render, translations, words_of
from pontoon_rules.docs.words.lacking import gives_whole
from pontoon_rules.literal import user
from pontoon_rules.ruleset.format.model import Ruleset

DEPARTURES_ON_A_CARD = (24, 8, 0)
"""How many departures the printed card lists, tried in turn until it fits one page."""


def card_css() -> str:
    """The CSS a printed card inlines: the grid's colours, then the page layout."""
    return "\n".join((STATIC_DIR / name).read_text(encoding="utf-8")
                     for name in ("strategy.css", "card.css"))


def card_html(ruleset: Ruleset, row: dict[str, Any], lang: str, base: Ruleset | None = None,
              departures: int | None = None, compact: bool = False) -> str:
    """The card as one standalone HTML document (`compact`: its grid in smaller type, for
    a chart too long for the page, such as one with the rescue's table), in the words of
    the ruleset's own source where it has them (`i18n.words_of`), as its sheet is: a
    casino's «Пас» on its sheet is «Пас» on its card."""
    words = words_of(ruleset, lang)
    gettext = translations(words).gettext
    card = strategy_card(row["chart_data"], gettext, gives_whole(ruleset))
    shown = card["departures"] if departures is None else card["departures"][:departures]
    card = {**card, "departures": shown, "more_departures": len(card["departures"]) - len(shown)}
    return render("strategy_card.html.j2", words, card=card, css=Markup(card_css()),
                  compact=compact,
                  name=user(localized(ruleset, lang, base)[0]),
                  edge=figures.percent(row["house_edge"]),
                  method=figures.method_words(row, ruleset, gettext))


def card_pdf(ruleset: Ruleset, row: dict[str, Any], lang: str,
             base: Ruleset | None = None) -> bytes:
    """The card as a one-page A4 PDF: the first of the tries (`DEPARTURES_ON_A_CARD`, then
    the grid in smaller type) that fits. Where what a card prints before its departures
    already runs onto a second page (`spills_before_departures`), fewer departures cannot
    make it fit: those tries are not laid out (a card with a long grid, such as one with
    the rescue's table, went from four layouts to two; the same card, to the byte)."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    tried, spilled = "", False
    for compact, count in [(False, n) for n in DEPARTURES_ON_A_CARD] + [(True, 0)]:
        if spilled and not compact:
            continue
        html = card_html(ruleset, row, lang, base, count, compact)
        if html == tried:
            continue  # fewer departures than the count: the same card, again too long
        tried, document = html, HTML(string=html).render(font_config=font_config())
        if len(document.pages) <= 1:
            break
        spilled = spills_before_departures(document)
    pdf: bytes = document.write_pdf()
    return pdf


DEPARTURE_LIST = "pr-departure-list"
"""The class of the card's list of departures (`strategy_card.html.j2`), the last thing it
prints, after the note that counts them."""


def spills_before_departures(document: Any) -> bool:
    """Whether a page after the first of a laid-out card (WeasyPrint's `Document`) holds
    part of what comes before its departures: the grid, the legend or a note other than
    the one that counts the departures. That part is the same whatever number of
    departures the card lists, and the break rules of the card's CSS never let what follows
    it move it, so the card with fewer departures, or none, overflows too. False where the
    layout does not say (no page boxes)."""
    boxes = [getattr(page, "_page_box", None) for page in document.pages]
    first, later = boxes[0], [box for box in boxes[1:] if box is not None]
    if first is None or not later or len(later) < len(boxes) - 1:
        return False
    root = next(box.element for box in first.descendants() if box.element_tag == "html")
    parents = {child: parent for parent in root.iter() for child in parent}
    listed = next((e for e in root.iter("ul") if e.get("class") == DEPARTURE_LIST), None)
    departures: set[Any] = set()
    around: set[Any] = set()
    if listed is not None:
        siblings = list(parents[listed])
        note = siblings[siblings.index(listed) - 1]
        departures = {*listed.iter(), *note.iter()}
        element = listed
        while element in parents:
            element = parents[element]
            around.add(element)
    return any(box.element is not None and box.element not in departures
               and box.element not in around
               for page in later for box in page.descendants())


_CARDS: dict[tuple[str, str, str], bytes] = {}


def cached_card(ruleset: Ruleset, row: dict[str, Any], lang: str) -> bytes:
    """The card, made once for each ruleset content, figures and language: kept in the
    process and, as a sheet's PDF is (`sheets.cached_pdf`), in the cache folder, so that
    a warm site build lays out no card (each takes about a second)."""
    from pontoon_rules.docs.website.pages import base_of

    base = base_of(ruleset)
    figures_seen = json.dumps(row, sort_keys=True, default=repr)
    key = (ruleset.model_dump_json(), figures_seen, lang)
    if key not in _CARDS:
        parts = (base.model_dump_json() if base else "", figures_seen)
        _CARDS[key] = cached_pdf("card", ruleset, lang, parts,
                                 lambda: card_pdf(ruleset, row, lang, base))
    return _CARDS[key]
