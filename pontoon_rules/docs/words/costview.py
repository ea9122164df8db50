"""The rule-cost table as a reader wants it: what each one-rule change does to the edge.

From the analysis's cost rows (`present.summary`: one field changed at a time), a reader
sees only the changes that make a valid game and change the edge, sorted by the size of
the effect, each as the rule would read after the change (the sheet's own sentence) with
a bar drawn to scale. Changes that are not a rule a table would choose (the shape of the
deal, the even-money payout of an ordinary win: `STRUCTURAL_FIELDS`), changes the
schema refuses, and changes too small to show are left out and counted.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass
from typing import Any

from pontoon_rules.analysis.present.realistic import (
    OPEN,
    PUBLISHED,
    Change,
    RealisticTable,
    Variation,
    bundled_family,
)
from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, is_recording
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.readers import reader_description
from pontoon_rules.docs.words.said import sentences_of
from pontoon_rules.docs.words.values import Gettext, value_text
from pontoon_rules.ruleset.format.fields import plain, with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import label

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
                 lambda: " ".join(sentences_of(ruleset, path, lang, name)))


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
    changed = differing_clauses(before, after)[1] if after and before else ""
    if changed and after != before:
        after = changed  # say the change, not the sentence it shares with the rule now
    elif not after and before:
        after = gettext(LEFT_OUT) % {"rule": before}
    elif not after or after == before:
        after = gettext(INSTEAD) % {"rule": reader_description(path, gettext).rstrip("."),
                                    "new": new, "old": old}
    return Lever(path, after, before, old, new, row["house_edge"], row["change"],
                 max(0.5, 100.0 * abs(row["change"]) / largest))


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [LEFT_OUT, INSTEAD, NOT_IN_GAME, AS_IN, PUBLISHED_ROW, OPEN_READING, POINTS]


NOT_IN_GAME = _("not in this game")
AS_IN = _("as in %(games)s")
PUBLISHED_ROW = _("a published house-edge table's rules (%(file)s)")
OPEN_READING = _("another reading of the sources")
POINTS = _("A change in points is in percentage points of the stake: +0.5 points means the "
           "house keeps half a unit more of every 100 staked.")
_CLAUSE = re.compile(r"(?<=[.;])\s+")
_MEANING = re.compile(r"(?:^|;\s*)([a-z0-9]+(?: [a-z0-9]+)*): ([^;]+)")
_SENTENCE = re.compile(r"(?<!\be\.g)\.\s+")


@dataclass(frozen=True)
class Variant:
    """One realistic variation as a reader reads it: the change from → to in the sheet's
    words, where it comes from, and the edge after it."""

    before: str
    after: str
    origin: str
    edge: float | None
    change: float | None
    width: float
    note: str = ""

    @property
    def words(self) -> str:
        """The change as one line: 'before → after'."""
        return f"{self.before} → {self.after}"


def realistic_view(ruleset: Ruleset, table: RealisticTable, gettext: Gettext,
                   lang: str = "en") -> list[Variant]:
    """The rows of `table` (`analysis.present.realistic`) in words, in its order: each
    change as the sheet says the rule before and after (only the clauses that differ),
    else as the rule's description with its values in words."""
    largest = max((abs(v.change) for v in table.rows if v.change is not None),
                  default=1.0) or 1.0
    own = (hashlib.sha256(ruleset.model_dump_json().encode()).hexdigest(),
           ruleset.model_dump(mode="python"))  # once a table, not once a row
    return [_variant_row(ruleset, own, v, gettext, lang, largest) for v in table.rows]


def _variant_row(ruleset: Ruleset, own: tuple[str, dict[str, Any]], row: Variation,
                 gettext: Gettext, lang: str, largest: float) -> Variant:
    """One row of `realistic_view`; `own`: the ruleset's hash and dump (`cost_view`'s)."""
    name, data = own
    parts = []
    for change in row.changes:
        variant = row.overlay or _variant(name, data, change.path, change.new)
        vname = f"{name}|{change.path}|{change.new!r}" if row.overlay is None else \
            hashlib.sha256(row.overlay.model_dump_json().encode()).hexdigest()
        parts.append(_named(ruleset, change.path, gettext, lang, change_in_words(
            ruleset, name, variant, vname, change, gettext, lang)))
    before = "; ".join(b for b, _a in parts)
    after = "; ".join(a for _b, a in parts)
    width = 0.0 if row.change is None else max(0.5, 100.0 * abs(row.change) / largest)
    return Variant(before, after, origin_words(row, gettext, lang), row.edge, row.change,
                   width, row.note)


def _named(ruleset: Ruleset, path: str, gettext: Gettext, lang: str,
           words: tuple[str, str]) -> tuple[str, str]:
    """A named hand's change with the hand's name before it, where its words do not name it."""
    if not path.startswith("hands.definitions.") or path.count(".") < 3:
        return words
    from pontoon_rules.docs.words.hands import hand_name

    hand = hand_name(ruleset, path.split(".")[2], gettext, lang)
    if hand.lower() in " ".join(words).lower():
        return words
    return f"{hand[:1].upper()}{hand[1:]}: {words[0]}", words[1]


def change_in_words(ruleset: Ruleset, name: str, variant: Ruleset | None, vname: str,
                    change: Change, gettext: Gettext, lang: str) -> tuple[str, str]:
    """One field's change as (before, after): the clauses of the sheet's sentences that
    differ, else the rule's description with each value in words."""
    if variant is not None:
        old, new = differing_clauses(_said(ruleset, name, change.path, lang),
                                     _said(variant, vname, change.path, lang))
        if old or new:
            return old or gettext(NOT_IN_GAME), new or gettext(NOT_IN_GAME)
    described = reader_description(change.path, gettext)
    meanings = dict(_MEANING.findall(described))
    old, new = (str(plain(v)).replace("-", " ") for v in (change.old, change.new))
    if old in meanings and new in meanings and lang == SOURCE_LANGUAGE:
        # 'all but original: every doubled part comes back; last double: only the last'
        rule = label(change.path).replace(": ", " ").capitalize()
        return f"{rule}: {meanings[old].strip()}", meanings[new].strip().rstrip(".")
    rule = _SENTENCE.split(described)[0].rstrip(".")
    return (f"{rule}: {value_text(change.path, change.old, gettext)}",
            value_text(change.path, change.new, gettext))


def differing_clauses(one: str, two: str) -> tuple[str, str]:
    """The clauses (sentences, parts between semicolons) of `one` and `two` that differ:
    every clause the two share, in the same order, left out (not only those before and
    after the first and last difference), each clause kept said as a sentence (a semicolon
    ended, a first letter made capital)."""
    before, after = _CLAUSE.split(one), _CLAUSE.split(two)
    old: list[int] = []
    new: list[int] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            old += range(i1, i2)
            new += range(j1, j2)
    return _joined(before, old), _joined(after, new)


def _joined(clauses: list[str], kept: list[int]) -> str:
    """The `kept` clauses; where one is cut from the clause after it, it ends as a
    sentence (its semicolon a full stop), and where one is cut from the one before it, it
    starts with a capital."""
    out = []
    for n, i in enumerate(kept):
        clause = clauses[i]
        if not clause:
            continue
        if clause.endswith(";") and (n + 1 == len(kept) or kept[n + 1] != i + 1):
            clause = f"{clause[:-1]}."
        if i and (not n or kept[n - 1] != i - 1):
            clause = f"{clause[:1].upper()}{clause[1:]}"
        out.append(clause)
    return " ".join(out)


def origin_words(row: Variation, gettext: Gettext, lang: str) -> str:
    """Where a variation comes from, in words: the games that play it, the published
    table's file, or the sources' other reading."""
    if row.kind == PUBLISHED:
        return gettext(PUBLISHED_ROW) % {"file": row.sources[0]}
    if row.kind == OPEN or not row.sources:
        return gettext(OPEN_READING)
    names = {game.id: game.name_in(lang) for game in bundled_family()}
    return gettext(AS_IN) % {"games": ", ".join(names.get(i, i) for i in row.sources)}


REALISTIC_ON_A_PAGE = 10
"""The realistic variations a ruleset page shows at once (the rest in a collapsed list)."""


def realistic_section(ruleset: Ruleset, row: dict[str, Any] | None, gettext: Gettext,
                      lang: str, shown: int = REALISTIC_ON_A_PAGE) -> dict[str, Any] | None:
    """A ruleset page's realistic variations from its analysis summary (`row`): the first
    `REALISTIC_ON_A_PAGE` that change the edge, the rest that do, and how many change
    nothing; None without a summary that holds them (`shown`: how many at once)."""
    if not row or not row.get("realistic"):
        return None
    from pontoon_rules.analysis.present.realistic import table_from_json

    table = table_from_json(ruleset, row["realistic"])
    rows = [v for v in realistic_view(ruleset, table, gettext, lang)
            if v.change is not None and abs(v.change) >= SMALLEST]
    if not rows:
        return None
    return {"shown": rows[:shown], "more": rows[shown:],
            "none": sum(1 for v in table.rows if v.change is not None
                        and abs(v.change) < SMALLEST),
            "points": gettext(POINTS)}
