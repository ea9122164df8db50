"""Named hands that hold against some banker's up cards or for some stakes, or pay a fixed
prize (Spanish 21's Super Bonus), valued exactly: one solve for each group of up cards.

The analysis names a hand by its cards alone, the same name against every up card
(`named.HandBook`). A definition with `banker_up_ranks`, `min_stake`, `max_stake` or
`prize` is settled before the solve instead:

- the stake is the ruleset's least (`stakes.min_stake`), said in every figure's header
  (`valued_stake`): a stake band holds there or not, and a prize is paid as odds of
  prize : stake;
- the banker's up ranks fall into groups (ranks that every such definition treats alike),
  and each group gets rules of its own (`groups`) where each definition holds, its
  condition dropped, or is held by nobody, so that the next definition of the ranking
  names the hand (the suited 7-7-7 bonus where the Super Bonus does not hold);
- each group's model values the deals whose up card is in the group, and the round adds
  them up (`UpCardModel`, `UpCardRound`): a deal's value depends only on its own up card.
  For the value alone (`edge.edge_of`: the workbench's edge, each variant of `costs`) a
  group's compiled solve works out its own up cards' values only (`HandValues.lanes`),
  the banker's outlooks still for every up card (kept for the next group's solve).

A definition no longer held keeps its place (held by nobody), and one that holds keeps a
copy held by nobody with its up ranks, so every group's card kinds are the ruleset's own
(an up rank a kind of its own, `deck.named_ranks`). The Envy Bonus (`prize_to_others`)
goes to the other seats only: one seat alone gets none, and `envy_note` says the figure
leaves it out.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from pontoon_rules.analysis.named import conditional as conditional  # re-exported
from pontoon_rules.analysis.named import conditional_of
from pontoon_rules.analysis.reads import _equal, unwrapped
from pontoon_rules.analysis.upreads import check_reads, note_reads
from pontoon_rules.errors import AnalysisError
from pontoon_rules.ruleset.format.money import Money
from pontoon_rules.ruleset.resolving.money import money_text
from pontoon_rules.ruleset.resolving.outcomes import held_at, whole_stake

if TYPE_CHECKING:
    from pontoon_rules.analysis.deck import Kind
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.ruleset.format.hands import HandDefinition
    from pontoon_rules.ruleset.format.model import Ruleset

NO_UP = -1
"""The up rank where the banker shows no card (the engine's `up_card`)."""


def valued_stake(rules: Rules) -> int | None:
    """The stake a figure of `rules` is valued at (`stakes.min_stake`), where a named hand
    depends on the stake; None where none does."""
    return rules.min_stake if conditional(rules) else None


def stake_words(stake: int | None, money: Money | None) -> str:
    """The header's words for `valued_stake` ('' where the stake changes nothing), in the
    ruleset's money where it names one (`stakes.money`: 'of $5'; no default, so that no
    caller can leave the money out: `summary` and `costs --realistic` once did)."""
    return "" if stake is None else f" (valued at a stake of {money_text(stake, money)})"


def envy_note(rules: Rules) -> str | None:
    """What the figure leaves out of a prize paid to the other players (one seat alone),
    each hand by its name (a reader's page prints it: no field paths)."""
    money = rules.ruleset.stakes.money
    found = [f"{hand_words(i, d)}: {money_text(d.prize_to_others, money)} to each"
             for i, d in rules.ruleset.hands.ranked()
             if d.prize_to_others is not None and d.player_can_hold]
    if not found:
        return None
    return ("a prize paid to every other player when one holds a hand "
            f"({'; '.join(found)}) goes to other seats only: one seat alone gets none, "
            "so the figure, one seat's, leaves it out")


def hand_words(hand_id: str, d: HandDefinition) -> str:
    """A named hand as a note calls it: its name, else its id in words."""
    return d.name or hand_id.replace("-", " ")


STAKE_NOTE = ("valued at a stake of %(stake)s, the least (a named hand is held at some stakes "
              "only or paid a fixed prize)")
"""`band_note`'s words, each also a message of the site's catalogs (`docs.words.figures`
says the note in a reader's language through them)."""
LEFT_OUT = "left out at it (%(hands)s)"
HAND_BAND = "%(hand)s: %(band)s"
BAND_FROM = "stakes of %(low)s or more"
BAND_UP_TO = "stakes up to %(high)s"
BAND_BETWEEN = "stakes of %(low)s to %(high)s"
BY_BAND = "The house edge by band of stakes, each valued at its least stake: %(bands)s"
BAND_EDGE = "%(band)s: %(edge)s"
"""The edge of each band of stakes (`present.bands`): 'stakes of $5 to $24.99: 0.5427%'."""
NOTE_WORDS = (STAKE_NOTE, LEFT_OUT, HAND_BAND, BAND_FROM, BAND_UP_TO, BAND_BETWEEN, BY_BAND,
              BAND_EDGE)


def band_note(rules: Rules) -> str | None:
    """The stake the figure is valued at (`valued_stake`), for the notes, with each named
    hand a band of stakes leaves out there and its band; None where no hand depends on the
    stake. A least stake below a band (Spanish 21's cent, below the Super Bonus's $5) values
    the game without that hand, which the header's stake alone does not say; a reader's
    page prints the notes (no field paths)."""
    stake = valued_stake(rules)
    if stake is None:
        return None
    out = STAKE_NOTE % {"stake": money_text(stake, rules.ruleset.stakes.money)}
    left = left_out_words(rules.ruleset, stake)
    return out if left is None else f"{out}; {left}"


def left_out_words(r: Ruleset, stake: int, words: Callable[[str], str] = str,
                   name: Callable[[str, HandDefinition], str] = hand_words,
                   join: str = "; ", lang: str = "en") -> str | None:
    """'left out at it (Super Bonus ($25 or more): stakes of 2500 or more; ...)': each named
    hand of `r` a band of stakes leaves out at `stake`, with its band; None where none is.
    `words` says each of `NOTE_WORDS` (a reader's gettext: `str`, English), `name(id,
    definition)` names a hand, `join` runs the hands together (a language's semicolon);
    each amount in `r`'s money (`stakes.money`), as `lang` writes it."""
    found = [words(HAND_BAND) % {"hand": name(i, d),
                                 "band": band_words(d, words, r.stakes.money, lang)}
             for i, d in left_out(r, stake)]
    return words(LEFT_OUT) % {"hands": join.join(found)} if found else None


def left_out(r: Ruleset, stake: int) -> list[tuple[str, HandDefinition]]:
    """The named hands of `r` held at some stakes only (`conditional_of`) whose band of
    stakes leaves out `stake`, in their ranking's order."""
    return [(i, d) for i, d in conditional_of(r) if not held_at(d, stake)]


def band_words(d: HandDefinition, words: Callable[[str], str] = str,
               money: Money | None = None, lang: str = "en") -> str:
    """A hand's band of stakes in words ('stakes of 500 to 2499', or '$5 to $24.99' where
    the ruleset names its money), through `words` (`band_range`)."""
    return band_range(d.min_stake, d.max_stake, money, words, lang)


def band_edges_words(bands: list[dict[str, Any]], money: Money | None, decimals: int,
                     words: Callable[[str], str] = str, lang: str = "en") -> list[str]:
    """Each band of an edge result's `stake_bands` in words, 'stakes of $5 to $24.99:
    0.5427%' (`BAND_EDGE`): what `edge` prints a line each and the pages join."""
    return [words(BAND_EDGE) % {"band": band_range(b["min_stake"], b["max_stake"], money,
                                                   words, lang),
                                "edge": f"{b['house_edge_percent']:.{decimals}f}%"}
            for b in bands]


def band_range(low: int | None, high: int | None, money: Money | None = None,
               words: Callable[[str], str] = str, lang: str = "en") -> str:
    """Stakes from `low` to `high` (None: no bound) in words through `words` (a reader's
    gettext): 'stakes of $5 to $24.99', 'stakes of $25 or more', 'stakes up to 999'; each
    amount in the ruleset's money as `lang` writes it."""
    def said(amount: int | None) -> str:
        return money_text(amount or 0, money, lang)

    if high is None:
        return words(BAND_FROM) % {"low": said(low)}
    if low is None:
        return words(BAND_UP_TO) % {"high": said(high)}
    return words(BAND_BETWEEN) % {"low": said(low), "high": said(high)}


@dataclass(frozen=True, eq=False)
class UpGroup:
    """Banker's up ranks that every conditional definition treats alike, and their rules."""

    ranks: frozenset[int]
    """Rank indices (`NO_UP` where the banker shows no card)."""
    rules: Rules


def _rank_index(code: str) -> int:
    from pontoon_rules.engine.round.cards import RANK_CODES

    return RANK_CODES.index(code)


def _up_set(d: HandDefinition) -> frozenset[int] | None:
    return (None if d.banker_up_ranks is None
            else frozenset(_rank_index(x.value) for x in d.banker_up_ranks))


@lru_cache(maxsize=64)
def groups(rules: Rules) -> tuple[UpGroup, ...]:
    """The groups of up ranks of `rules`, each with the rules it is valued by.

    Raises:
        AnalysisError: a prize on a hand whose stake may grow (a double, a buy): a fixed
            prize is not odds of the stake there.
    """
    from pontoon_rules.engine.round.rules import compile_rules

    _refuse_growing_prizes(rules)
    ups = [s for _i, d in conditional(rules) if (s := _up_set(d)) is not None]
    present = [r for r, held in enumerate(rules.rank_present) if held] if rules.banker_visible \
        else [NO_UP]
    by_sign: dict[tuple[bool, ...], set[int]] = {}
    for r in present:
        by_sign.setdefault(tuple(r in s for s in ups), set()).add(r)
    stake = rules.min_stake
    plain = unwrapped(rules)
    own = compile_rules(plain.ruleset)
    return tuple(UpGroup(frozenset(ranks), _over(plain, own, compile_rules(
        derived(plain.ruleset, min(ranks), stake)))) for ranks in by_sign.values())


def _over(rules: Rules, own: Rules, group: Rules) -> Rules:
    """`rules` with what `group` (a group's compiled ruleset) changes of `own` (the
    ruleset's compiled as it is): the named hands and what follows from them, every other
    field as `rules` has it (a pack count put in directly: `present.packs`)."""
    changed = {f.name: getattr(group, f.name) for f in dataclasses.fields(group)
               if not _equal(getattr(own, f.name), getattr(group, f.name))}
    return dataclasses.replace(rules, **changed)


def _refuse_growing_prizes(rules: Rules) -> None:
    from pontoon_rules.ruleset.format.common import BuyMode

    for i, d in conditional(rules):
        if d.prize is None or not d.player_can_hold:
            continue
        if d.after_double and rules.double_allowed:
            raise AnalysisError(f"hands.definitions.{i}.prize: a fixed prize on a hand that "
                                "may have doubled (after_double) cannot be valued per stake")
        if rules.buy_mode is not BuyMode.NONE:
            raise AnalysisError(f"hands.definitions.{i}.prize: a fixed prize where cards "
                                "are bought (stakes.buy) cannot be valued per stake")


def holds(d: HandDefinition, up: int, stake: int) -> bool:
    """Whether `d`'s up-card and stake conditions hold for up rank `up` and `stake`."""
    ups = _up_set(d)
    return (ups is None or up in ups) and held_at(d, stake)


def played_stake(rules: Rules, stake: int) -> int:
    """The stake a simulation plays at, so that it and `edge` value one game: the whole
    stake `ruleset.resolving.outcomes.whole_stake` finds for `stake` inside the limits;
    where none is (the analysis refuses: `family_features._rounded_where_valued`),
    `valued_stake`, else `stake` in the limits."""
    low, high = rules.min_stake, rules.max_stake
    found = whole_stake(rules.ruleset, stake, low, high)
    if found is not None:
        return found
    inside = max(stake, low) if high is None else min(max(stake, low), high)
    return valued_stake(rules) or inside


def derived(r: Ruleset, up: int, stake: int) -> Ruleset:
    """`r` as played against up rank `up` at `stake`: each conditional definition held
    (its conditions dropped, a prize as odds of the stake) or held by nobody, and a copy
    held by nobody keeping every up rank named (the card kinds stay the ruleset's)."""
    definitions = dict(r.hands.definitions)
    ranking = list(r.hands.ranking)
    for i, d in conditional_of(r):
        if not holds(d, up, stake):
            definitions[i] = d.model_copy(update={"player_can_hold": False,
                                                  "banker_can_hold": False})
            continue
        update: dict[str, Any] = {"banker_up_ranks": None, "min_stake": None,
                                  "max_stake": None, "prize": None}
        if d.prize is not None:
            odds = Fraction(d.prize, stake)
            update["pays"] = f"{odds.numerator}:{odds.denominator}"
        definitions[i] = d.model_copy(update=update)
        if d.banker_up_ranks is not None:
            shadow = _unused(f"{i}-up-ranks", definitions)
            definitions[shadow] = d.model_copy(update={"player_can_hold": False,
                                                       "banker_can_hold": False,
                                                       "prize": None})
            ranking.insert(ranking.index(i) + 1, shadow)
    hands = r.hands.model_copy(update={"definitions": definitions, "ranking": ranking})
    return r.model_copy(update={"hands": hands})


def _unused(name: str, taken: dict[str, Any]) -> str:
    """`name`, or `name-2`, `name-3`, ...: the first that is no hand id of `taken` (a
    ruleset's own hand never overwritten by a copy)."""
    found, n = name, 1
    while found in taken:
        n += 1
        found = f"{name}-{n}"
    return found


def group_index(found: tuple[UpGroup, ...], kinds: tuple[Kind, ...],
                visible: tuple[int, ...]) -> int:
    """Which group a deal whose banker shows `visible` (kind indices) falls in."""
    ranks = set(kinds[visible[0]].ranks) if visible else {NO_UP}
    for i, g in enumerate(found):
        if ranks <= g.ranks:
            return i
    raise AnalysisError("hands.definitions: banker_up_ranks name ranks the analysis "
                        "merges into one kind with other ranks")


class UpCardModel:
    """The composition-dependent round (`composition.model.CompositionModel`) of rules with
    conditional named hands: one model for each group of up cards, each valuing the deals
    whose up card is in its group."""

    def __init__(self, rules: Rules, policy: str | None = None, value_only: bool = False,
                 exact: bool = False) -> None:
        from pontoon_rules.analysis.composition.model import CompositionModel

        self.rules = rules
        self.groups = groups(unwrapped(rules))  # their reads noted apart (`upreads`)
        self.parts = [CompositionModel(g.rules, policy, exact=exact, value_only=value_only)
                      for g in self.groups]
        base = self.parts[0]
        if any(m.kinds != base.kinds or m.visibles != base.visibles for m in self.parts):
            raise AnalysisError("hands.definitions: banker_up_ranks change the analysis's "
                                "card kinds from one up card to another")
        self.policy, self.kinds, self.visibles = base.policy, base.kinds, base.visibles
        self.index = [group_index(self.groups, base.kinds, v) for v in base.visibles]
        """The group of each visible tuple (`visibles`), by its position."""
        self.masks = [np.array([int(i == j) for j in self.index],
                               dtype=object if exact else float)
                      for i in range(len(self.parts))]
        if value_only:  # the value alone: each part read only over its mask (`stats`)
            for part, mask in zip(self.parts, self.masks, strict=True):
                part.lanes = mask.astype(np.int64)
        self._stats: Any = None

    @property
    def base(self) -> Any:
        """The first group's model (the method's words, the split rules: alike in all)."""
        return self.parts[0]

    def stats(self) -> Any:
        """The statistics vector of a round (expected value first) under best play."""
        if self._stats is None:
            self._stats = sum(m.stats_over(mask)
                              for m, mask in zip(self.parts, self.masks, strict=True))
            note_reads(self.rules, groups, self.parts)
        check_reads(self.parts, "exact-shoe")
        return self._stats

    def value_of_round(self) -> Any:
        """The expected value of a round per unit of original stake."""
        return self.stats()[0]


class UpCardRound:
    """The infinite-deck round (`infinite.round.RoundModel`) of rules with conditional
    named hands, one model for each group of up cards."""

    def __init__(self, rules: Rules, deck: Any = "infinite", policy: str | None = None,
                 exact: bool = False) -> None:
        from pontoon_rules.analysis.infinite.round import RoundModel

        self.rules, self.deck = rules, deck
        self.groups = groups(rules)
        self.parts = [RoundModel(g.rules, deck, policy, exact=exact) for g in self.groups]
        self.policy = self.parts[0].policy
        self.kinds = self.parts[0].space.kinds
        visibles = itertools.product(range(len(self.kinds)), repeat=rules.banker_visible)
        self._part_of = {v: self.parts[group_index(self.groups, self.kinds, v)]
                         for v in visibles}
        """Each visible tuple's group's model (found once, not once a deal)."""

    def _deals(self) -> Iterator[tuple[Any, Any]]:
        for deal in self.parts[0].deals():
            yield deal, self._part_of[deal.visible]

    def value(self) -> Any:
        """The expected value of a round per unit of original stake."""
        total = sum(deal.probability * model._deal_total(deal)
                    for deal, model in self._deals())
        check_reads(self.parts, f"exact-{self.deck}")
        return total

    def stats(self) -> np.ndarray:
        """The statistics vector (`STATS`) of a round under best play."""
        from pontoon_rules.analysis.context import STATS

        total = np.zeros(len(STATS))
        for deal, model in self._deals():
            total += float(deal.probability) * model.deal_stats(deal)[:len(STATS)].astype(float)
        check_reads(self.parts, f"exact-{self.deck}")
        return total


class UpCardPolicy:
    """An engine policy (`analysis.engine_view.SeatPolicy`) of rules with conditional named
    hands: the policy of the group of the banker's up card in the state (`policies`: one
    for each of `groups(rules)`, in order)."""

    def __init__(self, rules: Rules, policies: list[Any]) -> None:
        self.rules, self.groups, self.policies = rules, groups(rules), policies

    def __call__(self, state: Any) -> Any:
        from pontoon_rules.engine.round.hand import up_card

        up = up_card(state.banker, state.rules)  # NO_UP where the banker shows none
        for g, policy in zip(self.groups, self.policies, strict=True):
            if up in g.ranks:  # where the banker shows no card, the one group is {NO_UP}
                return policy(state)
        return self.policies[0](state)  # the up card not dealt yet: no decision reads it


def upcard_policy(rules: Rules, policy: str | None, finite: bool) -> UpCardPolicy:
    """The best play of `rules` as an engine policy: each group's model's play, by the
    ruleset's own shoe (`finite`) or an infinite deck."""
    if finite:
        from pontoon_rules.analysis.composition.policy import CompositionPolicy

        return UpCardPolicy(rules, [CompositionPolicy(m)
                                    for m in UpCardModel(rules, policy).parts])
    from pontoon_rules.analysis.infinite.policy import ModelPolicy

    return UpCardPolicy(rules, [ModelPolicy(m)
                                for m in UpCardRound(rules, "infinite", policy).parts])
