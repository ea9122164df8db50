"""Generated snippets inside hand-written pages: a marker such as `<!-- pr:edges -->` in a
page of the docs folder is replaced, at build time, by text made from the data (the
edges of every ruleset, what each variation costs), so a hand-written page never holds a
copy of a number.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pontoon_rules.docs.words.i18n import render

_MARKER = re.compile(r"<!-- pr:([a-z-]+) -->")


def _up(src_uri: str) -> str:
    return "../" * src_uri.count("/")


def edges(src_uri: str) -> str:
    """The edge of every ruleset as bars, with links to the rulesets and the analysis."""
    from pontoon_rules.docs.website.pages import edge_bars, site_analysis, site_rulesets

    up = _up(src_uri)
    return render("snippet_edges.md.j2", bars=edge_bars(site_rulesets(), site_analysis(),
                                                          "en", up), up=up)


def variations(src_uri: str) -> str:
    """Every variation and house overlay on the site with its change against its base."""
    from pontoon_rules.docs.sheet.sheet_view import localized
    from pontoon_rules.docs.website.pages import _headline, base_of, site_analysis, site_rulesets

    rows = []
    for ruleset in site_rulesets():
        base = base_of(ruleset)
        headline = _headline(ruleset, base, "en", site_analysis()) if base else None
        if headline and headline.get("base"):
            rows.append({"id": ruleset.id, "name": localized(ruleset, "en", base)[0],
                         "headline": headline})
    return render("snippet_variations.md.j2", rows=rows, up=_up(src_uri))


SNIPPETS: dict[str, Callable[[str], str]] = {"edges": edges, "variations": variations}


def fill_markers(markdown: str, src_uri: str) -> str:
    """`markdown` with each known marker replaced by its snippet (unknown ones are kept)."""
    def replace(found: re.Match[str]) -> str:
        make = SNIPPETS.get(found.group(1))
        return make(src_uri) if make else found.group(0)

    return _MARKER.sub(replace, markdown)
