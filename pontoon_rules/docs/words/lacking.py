"""What a game lacks that its players might expect: the sheet's "Not in this game" line.

A feature is worth saying a game lacks only where a game its players know has it (one of its
own lineage, or at least half of the lineages of a family they know: `lacking`). A family
is a kind of bank (`table.banker`) with the ranks of a pack (`pack.ranks`); a table knows
its own family and the casino's game with the same pack (the house's bank, the same
ranks): British pontoon's players, banking among themselves with the full pack, ask each
time whether they may double or insure as at a casino's blackjack (r49w, r49u), so their
sheet says they may not; a home table of Очко with the 36-card pack has no casino game of
its cards among the bundled ones, and a casino's players are not asked about a home
game's buying (r49k). What a family offers is read from the bundled games' own fields, so
a new bundled game that doubles at a home table with the full pack puts doubling on every
such sheet that lacks it. No list of features per game is written here.

A free hand (Ban Luck's: the first two cards given up for the whole stake back) and a
surrender (a part of the stake given back, a half by default) share a field
(`player.surrender`) but are different features: a British pontoon table has never heard
of surrender because Ban Luck's players may take a free hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.ruleset.format.fields import value_at
from pontoon_rules.ruleset.format.model import Ruleset


def _on(path: str) -> Callable[[Ruleset], bool]:
    """Whether the field at `path` switches its feature on (not false, not 'none')."""
    def has(ruleset: Ruleset) -> bool:
        value = value_at(ruleset, path)
        return value not in (False, "none") and getattr(value, "value", None) != "none"
    return has


def _gives_back(whole: bool) -> Callable[[Ruleset], bool]:
    """Whether a hand may be given up for its whole stake (`whole`: a free hand) or for
    a part of it (a surrender)."""
    def has(ruleset: Ruleset) -> bool:
        s = ruleset.player.surrender
        return s.allowed and (Fraction(*s.returns) >= 1) == whole
    return has


def gives_whole(ruleset: Ruleset) -> bool:
    """Whether a hand given up gets its whole stake back (a free hand, not a surrender): the
    sheets name it so in every sentence and worked round (r49w: "free hand" beside «сдаться»)."""
    return _gives_back(whole=True)(ruleset)


@dataclass(frozen=True)
class Feature:
    """A feature a game may lack: its key, the words a sheet names it by, and whether a
    ruleset has it."""

    key: str
    """The field that switches it on (the free hand's: what a given-up hand gets back)."""
    words: str
    """Its name in the "Not in this game" line (a catalog message)."""
    has: Callable[[Ruleset], bool]


LACKING = (
    Feature("stakes.buy", _("buying cards for an extra stake"), _on("stakes.buy")),
    Feature("player.double.allowed", _("doubling"), _on("player.double.allowed")),
    Feature("player.split.allowed", _("splitting pairs"), _on("player.split.allowed")),
    Feature("player.surrender.allowed", _("surrendering a hand"), _gives_back(whole=False)),
    Feature("player.surrender.returns",
            _("a free hand (giving up your first two cards for the whole stake back)"),
            _gives_back(whole=True)),
    Feature("player.insurance.allowed", _("insurance"), _on("player.insurance.allowed")),
)
"""The features of related games a game may lack, said in one line ("Not in this game: …"),
each with its words: one table, so that a feature added here is named on the sheets."""


def switched_off(ruleset: Ruleset) -> tuple[str, ...]:
    """The keys of the features of `LACKING` that `ruleset` does not have."""
    return tuple(f.key for f in LACKING if not f.has(ruleset))


Family = tuple[BankerRole, tuple[str, ...], str]
"""A kind of bank, the ranks of a pack (none: any pack) and the total over which a hand
busts."""


def _family(ruleset: Ruleset) -> Family:
    """The games a player of `ruleset` plays: its kind of bank, its pack's ranks, its bust."""
    return (ruleset.table.banker, tuple(str(r.value) for r in ruleset.pack.ranks),
            str(ruleset.pack.bust_above))


def _member(ruleset: Ruleset, family: Family) -> bool:
    """Whether `ruleset` is a game of `family` (of any pack where the family names none)."""
    own = _family(ruleset)
    return own == family or (not family[1] and (own[0], own[2]) == (family[0], family[2]))


def _known(ruleset: Ruleset) -> tuple[Family, ...]:
    """The families a player of `ruleset` knows: its own, and the casino's with its pack;
    where no casino deals its pack, the casino's games of its own total, of any pack (a
    home Очко or Siebzehn table asks whether it may double, split or insure as at the
    casino's 21, r50a, r50c, r49zy; what only a few casino games offer, buying a card or
    surrendering, is not said: r49k read «покупки карт, … капитуляции» on a home Очко sheet
    as features its table never heard of; a home Sette e mezzo has no casino game of its
    7½)."""
    own = _family(ruleset)
    casino = (BankerRole.HOUSE_DEALER, own[1], own[2])
    if casino == own:
        return (own,)
    if casino not in _families(BankerRole.HOUSE_DEALER):
        casino = (BankerRole.HOUSE_DEALER, (), own[2])
    return own, casino


def _elsewhere(ruleset: Ruleset) -> tuple[Family, ...]:
    """The casino families of other packs that a casino's players also know (none for a
    home table): the house deals its games side by side, so a feature every game of such
    a family has is one its players meet wherever they sit (the Spanish pack's surrender:
    Belarus's and casino Очко's readers asked about it, r49zj, r49zk)."""
    own = _family(ruleset)
    if own[0] is not BankerRole.HOUSE_DEALER:
        return ()
    return tuple(sorted(f for f in _families(own[0]) if f != own))


@cache
def _families(banker: BankerRole) -> frozenset[Family]:
    """The families of the bundled games at `banker`'s kind of table."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    return frozenset(f for f in map(_family, map(load_bundled, bundled_ids())) if f[0] == banker)


def _lineage(ruleset: Ruleset) -> str:
    """The game `ruleset` is written over, all the way down (its own id if none): a
    variation and its base are one game to a reader."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    while ruleset.extends is not None and ruleset.extends in bundled_ids():
        ruleset = load_bundled(ruleset.extends)
    return ruleset.id


@cache
def _offered(family: Family) -> tuple[dict[str, frozenset[tuple[str, str]]], int]:
    """For each feature of `LACKING`, the bundled games of `family` that have it (their
    lineage and id), and how many lineages the family has."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    kin = [g for g in map(load_bundled, bundled_ids()) if _member(g, family)]
    return ({f.key: frozenset((_lineage(g), g.id) for g in kin if f.has(g)) for f in LACKING},
            len({_lineage(g) for g in kin}))


def lacking(ruleset: Ruleset) -> tuple[str, ...]:
    """The features `ruleset` switches off that its players might expect (the keys of
    `LACKING`, in its order): one another game of its own lineage has (its base, a sister
    variation), or one common in a family they know (`_known`), had by at least half of
    its lineages (a British pontoon table has never heard of Ban Luck's free hand, r49k,
    but asks about the casino's doubling and insurance, r49w), or one every game of a
    casino family of another pack has (`_elsewhere`: a casino's players)."""
    own = _lineage(ruleset)

    def common(family: Family, key: str) -> bool:  # a bundled game has what `ruleset`
        offered, lineages = _offered(family)  # lacks: another one (or its original)
        having = {line for line, _rid in offered[key]}
        return own in having or (bool(having) and 2 * len(having) >= lineages)

    def everywhere(family: Family, key: str) -> bool:  # every lineage of the family has it
        offered, lineages = _offered(family)
        return len({line for line, _rid in offered[key]}) == lineages

    def said(key: str) -> bool:  # its own sources say it lacks one its kind of table has
        return said_absent(ruleset, key) and key in _at_table(ruleset.table.banker)
    return tuple(p for p in switched_off(ruleset)
                 if any(common(family, p) for family in _known(ruleset)) or said(p)
                 or any(everywhere(family, p) for family in _elsewhere(ruleset)))


@cache
def _at_table(banker: BankerRole) -> frozenset[str]:
    """The features of `LACKING` that some bundled game at this kind of table has (a
    casino's surrender; no home bank's)."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    games = [g for g in map(load_bundled, bundled_ids()) if g.table.banker == banker]
    return frozenset(f.key for f in LACKING if any(f.has(g) for g in games))


def said_absent(ruleset: Ruleset, key: str) -> bool:
    """Whether `ruleset`'s own sources say it lacks the feature switched on at `key` (an
    `allowed` flag that is false, stated on it or on its section: the reference
    blackjack's "no surrender", r49t: said only in its summary, never among the rules);
    `lacking` names it where a game at its kind of table has it (`_at_table`)."""
    section = key.removesuffix(".allowed")
    if section == key or value_at(ruleset, key) is not False:
        return False
    entries = ruleset.provenance or {}
    return any((e := entries.get(path)) is not None and e.status.value == "stated"
               for path in (key, section))


def said_lacking(ruleset: Ruleset) -> tuple[str, ...]:
    """The features of `lacking` an overlay's box leaves to the "Not in this game" line
    (`changes.dropped_rules`): a source's variation's or a game of its own's, whose box
    would quote its base's rules; none for house rules, whose box says what they drop."""
    return lacking(ruleset) if ruleset.kind == "variation" else ()


def lacking_words(ruleset: Ruleset) -> tuple[str, ...]:
    """The words (catalog messages, untranslated) of what `ruleset` lacks, in order."""
    words = {f.key: f.words for f in LACKING}
    return tuple(words[key] for key in lacking(ruleset))


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [f.words for f in LACKING]
