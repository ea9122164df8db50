"""The order a player meets the rules in: chapters of ruleset sections, and rule anchors."""

from __future__ import annotations

from dataclasses import dataclass

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset
from pontoon_rules.ruleset.resolving.present import paths_by_topic


@dataclass(frozen=True)
class Chapter:
    """A chapter of a rule sheet: a title and the ruleset sections it covers."""

    key: str
    title: str
    sections: tuple[str, ...]


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("the-deal", _("The deal"), ("pack", "table", "deal", "faces")),
    Chapter("stakes", _("Stakes"), ("stakes", "side_bets")),
    Chapter("your-turn", _("Your turn"), ("player",)),
    Chapter("bankers-turn", _("The banker's turn"), ("banker",)),
    Chapter("settlement", _("Settlement"), ("hands", "settlement")),
    Chapter("between-deals", _("Between deals"), ("between_deals", "shoot")),
)
assert sorted(s for c in CHAPTERS for s in c.sections) == sorted(SECTIONS)

SECTION_TITLES: dict[str, str] = {
    "pack": _("The pack"),
    "table": _("The table"),
    "deal": _("Dealing"),
    "faces": _("What lies face up"),
    "stakes": _("Stakes and buying"),
    "player": _("Your options"),
    "banker": _("How the banker plays"),
    "hands": _("Special hands and ranking"),
    "settlement": _("Who wins and what it pays"),
    "between_deals": _("The pack and the bank between deals"),
    "shoot": _("Shoot Pontoon"),
    "side_bets": _("Side bets"),
}
assert set(SECTION_TITLES) == set(SECTIONS)


def anchor(path: str) -> str:
    """The HTML id of a rule on its page ("player.split.ranks" -> "rule-player-split-ranks");
    a named hand as a whole (defined by some rulesets only) points at the ranking."""
    if path.startswith("hands.definitions.") and path.count(".") == 2:
        path = "hands.ranking"
    return "rule-" + path.replace(".", "-").replace("_", "-")


UNPLAYED_HAND = _("%(hand)s: a named hand the file defines but does not rank, so it is never "
                  "played")
"""A rules page's one row for a named hand out of the ranking (in place of its fields)."""


def unplayed_hand(ruleset: Ruleset, path: str) -> str | None:
    """The named hand `path` is (or is a field of) where `ruleset` defines it but never plays
    it (it is not in the ranking: a base's hand an extending game leaves out), else None."""
    if not path.startswith("hands.definitions."):
        return None
    hand_id = path.split(".")[2]
    unranked = hand_id in ruleset.hands.definitions and hand_id not in ruleset.hands.ranking
    return hand_id if unranked else None


def rule_anchor(ruleset: Ruleset, path: str) -> str:
    """The HTML id of the row for `path` on the rules page of `ruleset`: `anchor`, except
    that a hand never played is one row, whose id every one of its fields links to."""
    hand_id = unplayed_hand(ruleset, path)
    if hand_id is None:
        return anchor(path)
    return "rule-unplayed-" + hand_id.replace("_", "-")


def chapter_paths(*rulesets: Ruleset) -> list[tuple[Chapter, dict[str, list[str]]]]:
    """Every field path (of `rulesets`: each named hand's fields spread out), by chapter
    then section, in the order a player meets them."""
    grouped = paths_by_topic(*rulesets)
    return [(c, {s: grouped[s] for s in c.sections}) for c in CHAPTERS]


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [c.title for c in CHAPTERS] + list(SECTION_TITLES.values()) + [UNPLAYED_HAND]
