"""The analysis's figures where people look: the headline edge of every ruleset, what a
variation or house overlay changes against its base, and the method in words.

`site_analysis` runs the analysis of every ruleset on the site once per process and
ruleset content (a `docs serve` rebuild with nothing changed computes nothing); every
page reads its figures from it, so the ruleset pages, the index and the analysis page
always agree.
"""

from __future__ import annotations

import re
from typing import Any

from pontoon_rules.docs.words import adapters
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.values import Gettext
from pontoon_rules.ruleset.format.model import Ruleset

WORDS = {
    "finite": _("exact: every card of the game's own shoe (%(packs)s × %(cards)s cards) counted, "
                "each hand played best for the cards it holds"),
    "infinite": _("exact, for an infinite deck, each hand played best for its total"),
    "by_choice": _("the banker, who draws by choice, is taken to stand on %(total)s or more"),
    "by_choice_soft": _("the banker, who draws by choice, is taken to stand on %(total)s or "
                        "more and to draw to a soft %(total)s"),
    "approximate": _("split hands approximated"),
    "points": _("%(change)s points"),
    "same_rules": _("The same rules as its base: every round plays the same."),
    "not_valued": _("The rules that differ are not in the exact analysis, which values one "
                    "seat's stake against the banker."),
}
_POLICY = re.compile(r"^stand-(\d+)(-hit-soft)?$")

_ANALYSIS: dict[str, dict[str, Any]] = {}


def _key(ruleset: Ruleset) -> str:
    return ruleset.model_dump_json()


def site_analysis(bundled: list[Ruleset], users: list[Ruleset]
                  ) -> dict[str, dict[str, Any]] | None:
    """The analysis summary row (`present.summary.ruleset_summary`) of every ruleset, by id;
    None when the analysis layer is not installed."""
    wanted = [*bundled, *users]
    missing_bundled = [r for r in bundled if _key(r) not in _ANALYSIS]
    if missing_bundled:
        rows = adapters.analysis_summary()
        if rows is None:
            return None
        by_id = {row["ruleset"]: row for row in rows}
        for ruleset in bundled:
            if ruleset.id in by_id:
                _ANALYSIS[_key(ruleset)] = by_id[ruleset.id]
    missing_users = [r for r in users if _key(r) not in _ANALYSIS]
    for ruleset, row in zip(missing_users, adapters.analysis_of(missing_users), strict=True):
        _ANALYSIS[_key(ruleset)] = row
    return {r.id: _ANALYSIS[_key(r)] for r in wanted
            if _key(r) in _ANALYSIS and "refused" not in _ANALYSIS[_key(r)]}


def site_refused(bundled: list[Ruleset], users: list[Ruleset]) -> dict[str, dict[str, Any]]:
    """The rulesets the analysis refuses (`present.summary.refused_summary`), by id: each
    names the rules it does not model yet instead of giving a figure that would ignore them
    (call `site_analysis` first: it fills the cache)."""
    return {r.id: _ANALYSIS[_key(r)] for r in [*bundled, *users]
            if _key(r) in _ANALYSIS and "refused" in _ANALYSIS[_key(r)]}


def clear() -> None:
    """Forget every computed figure (a benchmark's cold build)."""
    _ANALYSIS.clear()


DECIMALS = 2
"""The one precision of the edges a page's headline gives: the ruleset's, its base's, the
change and each band of stakes (`bands_words`) alike."""


def percent(value: float, decimals: int = DECIMALS) -> str:
    """0.6646 -> '0.66%' (a house edge, in percent of the original stake)."""
    return f"{value:.{decimals}f}%"


def points(change: float, decimals: int = DECIMALS) -> str:
    """A change of the house edge in percentage points, signed: '+0.98', '−12.51'."""
    text = f"{change:+.{decimals}f}"
    return text.replace("-", "−")


def method_words(row: dict[str, Any], ruleset: Ruleset, gettext: Gettext) -> str:
    """How the edge was computed, in a reader's words (translated)."""
    edge = row["edge"]
    if edge.get("deck") == "finite":
        text = gettext(WORDS["finite"]) % {"packs": ruleset.pack.decks,
                                            "cards": ruleset.pack.cards_per_pack}
    else:
        text = gettext(WORDS["infinite"])
    if "approximate" in edge.get("method", ""):
        text += f" ({gettext(WORDS['approximate'])})"
    policy = _POLICY.match(str(edge.get("banker_policy") or ""))
    if policy and ruleset.banker.mode.value != "fixed-rule":
        key = "by_choice_soft" if policy.group(2) else "by_choice"
        text += "; " + gettext(WORDS[key]) % {"total": policy.group(1)}
    return text


def stake_words(row: dict[str, Any], ruleset: Ruleset, gettext: Gettext,
                lang: str = "en") -> str:
    """'; valued at a stake of 1, the least (...); left out at it (...)' where a named hand
    depends on the stake (the edge's `valued_at_stake`), in `lang`: `edge`'s note
    (`analysis.upcards.band_note`) through its words, each hand by its name in `lang`;
    '' where no hand does (the words of every other ruleset unchanged)."""
    stake = row["edge"].get("valued_at_stake")
    if stake is None:
        return ""
    from pontoon_rules.analysis.upcards import STAKE_NOTE, left_out_words
    from pontoon_rules.docs.words.hands import hand_name
    from pontoon_rules.docs.words.marks import SEMICOLON
    from pontoon_rules.ruleset.resolving.money import money_text

    join = gettext(SEMICOLON)
    left = left_out_words(ruleset, stake, gettext,
                          lambda i, _d: hand_name(ruleset, i, gettext, lang), join, lang)
    said = gettext(STAKE_NOTE) % {"stake": money_text(stake, ruleset.stakes.money, lang)}
    return join + said + ("" if left is None else join + left)


def bands_words(row: dict[str, Any], ruleset: Ruleset, gettext: Gettext,
                lang: str = "en") -> str | None:
    """'by band of stakes, each valued at its least stake: stakes of $0.01 to $4.99:
    0.57%; ...' where named hands hold by the stake (the edge's `stake_bands`), in `lang`,
    to the headline's `DECIMALS` beside its edge; None where they do not (one figure)."""
    from pontoon_rules.analysis.present.bands import bands_text
    from pontoon_rules.docs.words.marks import SEMICOLON

    return bands_text(row["edge"].get("stake_bands") or [], ruleset.stakes.money, gettext,
                      gettext(SEMICOLON), lang, DECIMALS)


def headline(ruleset: Ruleset, base: Ruleset | None, analysis: dict[str, dict[str, Any]],
             gettext: Gettext, examples_href: str | None,
             lang: str = "en") -> dict[str, Any] | None:
    """The edge a ruleset page leads with and, for an overlay, its change against the base;
    its method says the stake the edge is valued at where a named hand depends on it
    (`stake_words`, in `lang`)."""
    row = analysis.get(ruleset.id)
    if row is None:
        return None
    method = method_words(row, ruleset, gettext) + stake_words(row, ruleset, gettext, lang)
    out: dict[str, Any] = {"edge": row["house_edge"], "edge_text": percent(row["house_edge"]),
                           "method": method, "base": None,
                           "bands": bands_words(row, ruleset, gettext, lang)}
    base_row = analysis.get(base.id) if base is not None else None
    if base is not None and base_row is not None:
        change = row["house_edge"] - base_row["house_edge"]
        out["base"] = {"id": base.id, "edge_text": percent(base_row["house_edge"]),
                       "change": change, "change_text": points(change),
                       "href": examples_href,
                       "note": _unchanged_note(ruleset, base, gettext) if abs(change) < 5e-5
                       else None}
    return out


def _unchanged_note(ruleset: Ruleset, base: Ruleset, gettext: Gettext) -> str | None:
    """Why an overlay has its base's edge: the same rules, or rules the analysis leaves out."""
    from pontoon_rules.analysis.present.costs import skip_reason
    from pontoon_rules.docs.words.sentences import differing_from_base

    differing = differing_from_base(ruleset, base)
    if not differing:
        return gettext(WORDS["same_rules"])
    reasons = sorted({r for p in differing if (r := skip_reason(p))})
    if not reasons or any(skip_reason(p) is None for p in differing):
        return None
    said = gettext(WORDS["not_valued"])
    if said == WORDS["not_valued"]:  # the analysis says why in English only
        said = f"{said[:-1]}: {'; '.join(reasons)}."
    return said


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog), and the words of `edge`'s
    stake note (`stake_words`)."""
    from pontoon_rules.analysis.upcards import NOTE_WORDS

    return [*WORDS.values(), *NOTE_WORDS]
