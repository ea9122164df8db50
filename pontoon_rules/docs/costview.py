"""The rule-cost table as a reader wants it: what each one-rule change does to the edge.

From the analysis's cost rows (`present.summary`: one field changed at a time), a reader
sees only the changes that make a valid game and change the edge, sorted by the size of
the effect, each as the rule would read after the change (the sheet's own sentence) with
a bar drawn to scale. Changes that are not a rule a table would choose (the shape of the
deal, the even-money payout of an ordinary win: `STRUCTURAL_FIELDS`), changes the
schema refuses, and changes too small to show are left out and counted.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from pontoon_rules.docs.i18n import is_recording
from pontoon_rules.docs.readers import reader_description
from pontoon_rules.docs.said import sentences_of
from pontoon_rules.docs.values import Gettext, value_text
from pontoon_rules.ruleset.fields import with_value
from pontoon_rules.ruleset.model import Ruleset


def _(message: str) -> str:
    """Mark `message` for the catalog; it is translated where it is rendered."""
    return message


STRUCTURAL_FIELDS = frozenset({
    "deal.player_cards", "deal.banker_cards", "hands.five_card_trick.cards",
    "settlement.player_payouts.total", "settlement.banker_collects.total",
})
"""Fields whose change makes another game rather than a house rule: how many cards the
deal gives, how many cards make a trick, what an ordinary win pays. Their rows are
counted as mechanical, never shown as a lever."""
LEFT_OUT = _("Left out of the game: %(rule)s")
INSTEAD = _("%(rule)s: %(new)s instead of %(old)s")
SMALLEST = 0.0005
"""Changes (in points) below this are shown as none: the table prints three decimals."""


@dataclass(frozen=True)
class Lever:
    """One change a table could make, and what it does to the house edge."""

    path: str
    sentence: str
    before: str
    old: str
    new: str
    edge: float
    change: float
    width: float
    """The bar's length in percent of the largest change shown."""

    @property
    def helps_player(self) -> bool:
        """Whether the change lowers the house edge."""
        return self.change < 0


_SAID: dict[tuple[str, ...], Any] = {}
"""What `_variant` and `_said` found, for each ruleset's content, named by its hash (a site
build draws each ruleset's levers three times: its page, the analysis page, its cost
page)."""
_SAID_LIMIT = 8_000
"""Entries kept before the memo is emptied (a long-lived workbench sees many rulesets; a
site build of the bundled rulesets keeps about half as many)."""


def _memo(key: tuple[str, ...], make: Any) -> Any:
    if is_recording():  # every message the words look up must be seen again
        return make()
    if key not in _SAID:
        if len(_SAID) >= _SAID_LIMIT:
            _SAID.clear()
        _SAID[key] = make()
    return _SAID[key]


def _variant(name: str, data: dict[str, Any], path: str, new: Any) -> Ruleset | None:
    """The ruleset `data` (a ruleset's own dump, `name` its hash) with `path` changed to
    `new`, or None when that is not a valid ruleset."""

    def make() -> Ruleset | None:
        try:
            return Ruleset.model_validate(with_value(data, path, new))
        except ValueError:
            return None

    return _memo(("variant", name, path, repr(new)), make)  # type: ignore[no-any-return]


def _said(ruleset: Ruleset, name: str, path: str, lang: str) -> str:
    """The sentences of `ruleset`'s sheet that say `path`, as one text."""
    return _memo(("said", name, path, lang),  # type: ignore[no-any-return]
                 lambda: " ".join(sentences_of(ruleset, path, lang)))


def _in_words(ruleset: Ruleset, name: str, variant: Ruleset, path: str, new: Any, lang: str
              ) -> tuple[str, str]:
    """The changed rule as the sheet would say it, and as it reads now."""
    after = _said(variant, f"{name}|{path}|{new!r}", path, lang)
    return after, _said(ruleset, name, path, lang)


def _kind(row: dict[str, Any]) -> str:
    """'lever', or why the row is left out: 'invalid', 'mechanical', 'none'."""
    if row.get("house_edge") is None or row.get("change") is None:
        return "invalid"
    if row["field"] in STRUCTURAL_FIELDS:
        return "mechanical"
    return "none" if abs(row["change"]) < SMALLEST else "lever"


def cost_view(ruleset: Ruleset, rows: list[dict[str, Any]], gettext: Gettext,
              lang: str = "en", limit: int | None = None) -> dict[str, Any]:
    """The levers of `ruleset` (largest effect first, at most `limit`) and the counts of the
    rows left out: `invalid`, `mechanical`, `none` (no change to the edge)."""
    counts = {"invalid": 0, "mechanical": 0, "none": 0}
    data = ruleset.model_dump(mode="python")
    name = hashlib.sha256(ruleset.model_dump_json().encode()).hexdigest()
    kept = []
    for row in rows:
        kind = _kind(row)
        if kind != "lever":
            counts[kind] += 1
            continue
        variant = _variant(name, data, row["field"], row["to"])
        if variant is None:
            counts["invalid"] += 1
            continue
        kept.append((row, variant))
    kept.sort(key=lambda item: -abs(item[0]["change"]))
    largest = max((abs(r["change"]) for r, _v in kept), default=1.0) or 1.0
    shown = kept[:limit] if limit else kept  # only the levers shown are put in words
    levers = [_lever(row, _in_words(ruleset, name, variant, row["field"], row["to"], lang),
                     largest, gettext) for row, variant in shown]
    return {"levers": levers, "total": len(kept),
            "left_out": counts, "left_out_total": sum(counts.values())}


def _lever(row: dict[str, Any], words: tuple[str, str], largest: float,
           gettext: Gettext) -> Lever:
    path = row["field"]
    after, before = words
    old = value_text(path, row["from"], gettext)
    new = value_text(path, row["to"], gettext)
    if not after and before:
        after = gettext(LEFT_OUT) % {"rule": before}
    elif not after or after == before:
        after = gettext(INSTEAD) % {"rule": reader_description(path, gettext).rstrip("."),
                                    "new": new, "old": old}
    return Lever(path, after, before, old, new, row["house_edge"], row["change"],
                 max(0.5, 100.0 * abs(row["change"]) / largest))


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [LEFT_OUT, INSTEAD]
