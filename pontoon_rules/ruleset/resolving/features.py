"""Which rules of the family each part of the tool handles: the one place that decides.

The engine (rounds, scripts, sessions, conformance) plays every rule a ruleset can
hold. The exact analysis (`edge`, `strategy`, `costs`) and the compiled simulator
(`simulate`, `session --summary`) were written before some of them; a ruleset that
switches such a rule on is refused there, naming the rule, rather than answered
with a figure that silently ignores it.

A `Feature` is a named rule with the fields that switch it on and a test on a
ruleset; `handled_by` lists the consumers that take it into account. Register a
new rule here (at the end of this module) when it is added to the schema; move a
consumer into `handled_by` when that consumer learns it (its tests then prove the
figures). `costs` reports a variant that switches an unhandled rule on as not
analysed, naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pontoon_rules.errors import Problem, RulesetError

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset

Consumer = Literal["analysis", "simulator", "sessions"]
"""A part of the tool that may not handle every rule: the exact analysis (`edge`,
`strategy`, `costs`), the compiled simulator's rounds (`simulate`) or its sessions
(`session --summary`, which also plays every round rule the simulator plays, and the rules
whose best play alone the simulator lacks: a banker's hand by suits, a fixed prize on a
stake that may grow; `sim.runs.engine.best_undecided`)."""

CONSUMERS: tuple[Consumer, ...] = ("analysis", "simulator", "sessions")

COMMANDS: dict[str, Consumer | None] = {"edge": "analysis", "strategy": "analysis",
                                        "costs": "analysis", "simulate": "simulator",
                                        "simulate --engine": None,
                                        "session --summary": "sessions"}
"""The commands that refuse an unhandled feature, and the consumer each one is. `simulate
--engine` (None) refuses nothing: it plays the rounds through the engine, which plays every
rule, by the analysis's decisions where the analysis handles the rules and a simple policy
where it cannot decide (`sim.runs.engine.engine_play`, which says so)."""


@dataclass(frozen=True)
class Feature:
    """A rule of the family, the fields that switch it on, and who handles it."""

    name: str
    """A short name, in the words of the rules ('surrender', 'redouble')."""
    paths: tuple[str, ...]
    """The ruleset fields that hold the rule (the first is named in refusals)."""
    description: str
    """What the rule is, in one phrase."""
    active: Callable[[Ruleset], bool] = field(compare=False)
    """Whether `ruleset` plays the rule."""
    handled_by: frozenset[Consumer] = frozenset()
    """The consumers that take the rule into account (the engine always does)."""
    details: Callable[[Ruleset], list[tuple[str, str]]] | None = field(
        default=None, compare=False)
    """Where the ruleset plays it, as (field path, what), one refusal each; None: the
    first of `paths`, with the description."""


_REGISTRY: dict[str, Feature] = {}


def register(feature: Feature) -> Feature:
    """Add `feature` to the registry (a name may be registered once).

    Raises:
        ValueError: the name is taken, or `handled_by` names an unknown consumer.
    """
    if feature.name in _REGISTRY:
        raise ValueError(f"feature {feature.name!r} is registered twice")
    unknown = set(feature.handled_by) - set(CONSUMERS)
    if unknown:
        raise ValueError(f"feature {feature.name!r}: unknown consumers {sorted(unknown)}")
    _REGISTRY[feature.name] = feature
    return feature


def features() -> tuple[Feature, ...]:
    """Every registered feature, in the order registered."""
    return tuple(_REGISTRY.values())


def active_features(ruleset: Ruleset) -> list[Feature]:
    """The registered features `ruleset` plays."""
    return [f for f in features() if f.active(ruleset)]


def unhandled(ruleset: Ruleset, consumer: Consumer | None) -> list[Feature]:
    """The features `ruleset` plays that `consumer` does not handle (None, the engine:
    none)."""
    if consumer is None:
        return []
    return [f for f in active_features(ruleset) if consumer not in f.handled_by]


class UnsupportedFeatureError(RulesetError):
    """A command cannot answer for a ruleset: it plays a rule the command does not handle.

    One `Problem` per rule, at the field that switches it on.
    """


def bundled_handled(consumer: Consumer) -> list[str]:
    """The ids of the bundled rulesets `consumer` handles entirely, sorted (it refuses the
    others, naming their rules)."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    return [i for i in bundled_ids() if not unhandled(load_bundled(i), consumer)]


def refused_rules(ruleset: Ruleset, command: str) -> list[tuple[str, str, str]]:
    """Each rule of `ruleset` that `command` does not handle, where it is played: (field
    path, the rule's name, what), in the registry's order."""
    return [(path, f.name, what) for f in unhandled(ruleset, COMMANDS[command])
            for path, what in _where(f, ruleset)]


def refusal(ruleset: Ruleset, command: str,
            also: Consumer | None = None) -> UnsupportedFeatureError | None:
    """The error `command` (a key of `COMMANDS`) raises for `ruleset`, or None; with `also`,
    only for the rules that consumer does not handle either."""
    refused = [(path, name, what) for path, name, what in refused_rules(ruleset, command)
               if also is None or also not in _REGISTRY[name].handled_by]
    if not refused:
        return None
    return UnsupportedFeatureError([
        Problem(ruleset.id, None, None, path,
                f"{command} does not handle {name} yet ({what}); the engine "
                "plays it: play, session, simulate --engine and conformance take it "
                "into account")
        for path, name, what in refused])


def _where(feature: Feature, ruleset: Ruleset) -> list[tuple[str, str]]:
    if feature.details is None:
        return [(feature.paths[0], feature.description)]
    return feature.details(ruleset) or [(feature.paths[0], feature.description)]


def require_supported(ruleset: Ruleset, consumer: Consumer,
                      also: Consumer | None = None) -> None:
    """Refuse `ruleset` for a consumer whatever the command (the compiled simulator's
    kernel, the analysis's entry points): the guard below the commands' own. `also`: a
    consumer whose handling of a rule is enough (the kernel's rounds play every rule its
    sessions handle, where `simulate` refuses one only for want of best play).

    Raises:
        UnsupportedFeatureError: naming every rule neither consumer handles.
    """
    command = next(c for c, who in COMMANDS.items() if who == consumer)
    error = refusal(ruleset, command, also)
    if error is not None:
        raise error


def unhandled_names(consumer: Consumer) -> list[str]:
    """The names of the registered rules `consumer` does not handle (what it refuses, for
    a command's help), in the registry's order."""
    return [f.name for f in features() if consumer not in f.handled_by]


def refused_names(ruleset: Ruleset, command: str) -> list[str]:
    """The names of the rules of `ruleset` that `command` does not handle."""
    return [f.name for f in unhandled(ruleset, COMMANDS[command])]


def require_handled(ruleset: Ruleset, command: str) -> None:
    """Refuse `ruleset` for `command` when it plays a rule the command does not handle.

    Raises:
        UnsupportedFeatureError: naming every such rule and its field.
    """
    error = refusal(ruleset, command)
    if error is not None:
        raise error


# -- the family's rules that not every consumer handles --------------------------------
_PLAYED: frozenset[Consumer] = frozenset({"analysis", "simulator", "sessions"})
"""Rules both the exact analysis and the compiled simulator play: the family's decisions,
the pack's values and the named hands by their definitions (the simulator's differential
tests against the engine prove them)."""

def _redoubles_after_a_card(r: Ruleset) -> bool:
    d = r.player.double
    return d.allowed and d.times_per_hand > 1 and d.draws_after is not None


register(Feature(
    "redouble", ("player.double.times_per_hand", "player.double.draws_after"),
    "doubling again after the cards a double draws", _redoubles_after_a_card, _PLAYED))


def _doubles(r: Ruleset) -> bool:
    return r.player.double.allowed and r.player.double.times_per_hand > 0


def _early_surrender(r: Ruleset) -> bool:
    """A surrender before the banker's check for a pontoon (only where the banker checks)."""
    from pontoon_rules.ruleset.format.decisions import SurrenderTiming

    s = r.player.surrender
    return s.allowed and s.timing is SurrenderTiming.EARLY and r.deal.banker_pontoon_at_once


def _surrender_beyond_the_deal(r: Ruleset) -> bool:
    """A surrender the exact analysis does not value: of more cards than dealt, of a split
    hand, or void against a banker's pontoon that nobody checks for first unless the
    players see one banker's card (its second then decides)."""
    s = r.player.surrender
    if not s.allowed:
        return False
    later = s.max_cards is None or s.max_cards > r.deal.player_cards
    split = s.after_split and r.player.split.allowed
    # the analysis values a void surrender where the banker's second card decides it
    void_unchecked = (s.void_on_banker_pontoon and not r.deal.banker_pontoon_at_once
                      and r.deal.banker_cards_visible != 1)
    return later or split or void_unchecked


register(Feature(
    "surrender", ("player.surrender.allowed",),
    "giving up a hand for part of its stake", lambda r: r.player.surrender.allowed,
    _PLAYED))
register(Feature(
    "early surrender", ("player.surrender.timing",),
    "giving up the dealt hand before the banker's check for a pontoon", _early_surrender,
    _PLAYED))
register(Feature(
    "surrender beyond the dealt hand", ("player.surrender",),
    "a surrender of more cards than dealt or of a split hand, or one void against a "
    "banker's pontoon with no check for it first and no banker's card seen",
    _surrender_beyond_the_deal))
register(Feature(
    "double-down rescue", ("player.double.rescue.allowed",),
    "giving up a doubled hand for the doubled part",
    lambda r: _doubles(r) and r.player.double.rescue.allowed, _PLAYED))
register(Feature(
    "doubling by total", ("player.double.totals",),
    "doubling only on some totals",
    lambda r: _doubles(r) and r.player.double.totals is not None, _PLAYED))
register(Feature(
    "soft double counting the ace 1", ("player.double.aces_count_one",),
    "an ace held when doubling counts 1",
    lambda r: _doubles(r) and r.player.double.aces_count_one, _PLAYED))
register(Feature(
    "redouble of one original stake", ("player.double.redouble_stake",),
    "a later double adding one original stake",
    lambda r: _doubles(r) and r.player.double.times_per_hand > 1
    and r.player.double.redouble_stake.value == "original-stake", _PLAYED))


_TABLE_ONLY: frozenset[Consumer] = frozenset({"analysis", "simulator"})
"""Consumers a rule of the table between deals cannot affect (one round at a time)."""

def _bank_may_cap(r: Ruleset) -> bool:
    """A bank that is an amount which may cap one seat's round at the least stake: a stake
    above it, or a decision that adds to the stake (a buy, a double, a split, insurance)."""
    amount = r.table.bank.amount
    if amount is None:
        return False
    from pontoon_rules.ruleset.format.common import BuyMode

    grows = (r.stakes.buy is not BuyMode.NONE or _doubles(r) or r.player.split.allowed
             or r.player.insurance.allowed or r.stakes.raise_up_to is not None)
    return grows or r.stakes.limits()[0] > amount


register(Feature(
    "a bank that is an amount", ("table.bank.amount",),
    "a bank capping what may be staked against it", lambda r: r.table.bank.amount is not None,
    frozenset({"analysis", "simulator"})))
register(Feature(
    "a bank that may cap one seat's round", ("table.bank.amount",),
    "a bank that is an amount with decisions that add to the stake, or below the least "
    "stake: what it caps depends on the stake", _bank_may_cap))
register(Feature(
    "the bank passing after a number of deals", ("table.bank.passes_after_deals",),
    "the bank passing on after so many deals",
    lambda r: r.table.bank.passes_after_deals is not None, _TABLE_ONLY))
register(Feature(
    "play to the banker's right", ("table.direction",),
    "the order of play going counter-clockwise",
    lambda r: r.table.direction.value == "right", _TABLE_ONLY))
register(Feature(
    "a banker who must stand", ("banker.must_stand_at",),
    "a banker by choice who must stand on a total", lambda r: r.banker.must_stand_at is not None,
    _PLAYED))
register(Feature(
    "side bets", ("side_bets.pair.allowed", "side_bets.match_dealer.allowed"),
    "bets on the first two cards: a pair, matching the banker's card (valued apart from the "
    "hand; best play takes one only where it pays)",
    lambda r: r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed, _PLAYED))


def _side_bet_worth_taking(r: Ruleset) -> bool:
    """A side bet that pays the player, in the ruleset's own shoe or an infinite deck:
    best play takes it (the most it may), and the analysis and the simulator play it."""
    if not (r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed):
        return False
    from pontoon_rules.ruleset.format.side_bets import worth_taking

    return worth_taking(r)


register(Feature(
    "a side bet worth taking", ("side_bets",),
    "a side bet that pays the player, which best play takes", _side_bet_worth_taking,
    _PLAYED))


# -- the pack and the named hands: what the classic model does not hold -----------------

def _unusual_values(r: Ruleset) -> dict[str, str]:
    from pontoon_rules.ruleset.format.pack import USUAL_VALUES
    from pontoon_rules.ruleset.format.points import points_text

    return {rank.value: points_text(v) for rank, v in r.pack.values.items()
            if rank in r.pack.ranks and v != USUAL_VALUES[rank]}


def _unusual_aces(r: Ruleset) -> bool:
    from pontoon_rules.ruleset.format.common import Rank

    return Rank.ACE in r.pack.ranks and tuple(r.pack.ace_values) != (1, 11)


def _named_beyond_classic(r: Ruleset) -> list[tuple[str, str]]:
    from pontoon_rules.ruleset.resolving.classic import not_classic

    return [(found.path, found.reason) for found in not_classic(r)]


register(Feature(
    "card values", ("pack.values",), "cards that count other than the usual",
    lambda r: bool(_unusual_values(r)), _PLAYED,
    details=lambda r: [("pack.values", "card values other than the usual (" + ", ".join(
        f"{rank} {value}" for rank, value in _unusual_values(r).items()) + ")")]))
register(Feature(
    "ace values", ("pack.ace_values",), "an ace that counts other than 1 or 11",
    _unusual_aces, _PLAYED,
    details=lambda r: [("pack.ace_values", "an ace that counts " + " or ".join(
        str(v) for v in r.pack.ace_values) + " (not 1 or 11)")]))
register(Feature(
    "a pack without all four suits", ("pack.suits",), "some suits taken out of the pack",
    lambda r: len(r.pack.suits) < 4, _PLAYED))


def _two_aces_make_21(r: Ruleset) -> bool:
    from pontoon_rules.ruleset.format.common import Rank

    aces = r.pack.ace_values
    return Rank.ACE in r.pack.ranks and len(aces) == 2 and aces[0] * 2 + aces[1] - aces[0] == 21


register(Feature(
    "two aces making 21", ("pack.ace_values",),
    "two aces that make 21 (low 10, high 11): a natural of two aces, on which insurance "
    "pays as on an ace and a ten", _two_aces_make_21, _PLAYED))
register(Feature(
    "named hands beyond the classic four", ("hands.definitions",),
    "hands defined by ranks, suits, exact card counts, or what the banker's hand takes",
    lambda r: bool(_named_beyond_classic(r)), _PLAYED, details=_named_beyond_classic))


def _suits_unread(r: Ruleset) -> list[tuple[str, str]]:
    from pontoon_rules.ruleset.resolving.classic import suits_unread

    banker = {path for path, _ in _banker_suits(r)}
    return [(found.path, found.reason) for found in suits_unread(r) if found.path not in banker]


def _banker_suits(r: Ruleset) -> list[tuple[str, str]]:
    """The definitions by suits the banker may hold: the analysis values a banker's hand by
    its ranks (`analysis.named.HandBook.banker_hand` refuses one told apart by its suits),
    so no best play of it can be made, for `simulate`'s compiled path either; the compiled
    sessions play it, `--policy best` by stand-17 (`sim.sessions.summary.session_play`)."""
    from pontoon_rules.ruleset.format.common import SuitRule

    return [(f"hands.definitions.{i}", "a hand told apart by its suits that the banker may "
             "hold, which best play (the analysis's) cannot value by ranks")
            for i, d in r.hands.ranked() if d.suits is not SuitRule.ANY and d.banker_can_hold]


def _second_natural(r: Ruleset) -> list[tuple[str, str]]:
    from pontoon_rules.ruleset.resolving.classic import second_natural_peeked

    return [(found.path, found.reason) for found in second_natural_peeked(r)]


register(Feature(
    "named hands by suits", ("hands.definitions",),
    "hands defined by their suits the analysis cannot value by their chance",
    lambda r: bool(_suits_unread(r)), frozenset({"simulator", "sessions"}),
    details=_suits_unread))
register(Feature(
    "a banker's hand by suits", ("hands.definitions",),
    "a hand defined by its suits that the banker may hold",
    lambda r: bool(_banker_suits(r)), frozenset({"sessions"}), details=_banker_suits))
register(Feature(
    "a peek for a second natural", ("deal.banker_pontoon_at_once", "hands.definitions"),
    "the banker's check for a pontoon looking for more than one natural",
    lambda r: bool(_second_natural(r)), frozenset({"simulator", "sessions"}),
    details=_second_natural))


# -- issue 50: rules a conformance trial found the schema could not say ------------------

register(Feature(
    "naturals that are not live hands", ("banker.naturals_live",),
    "a banker who does not draw against hands that are all naturals, busts or surrenders",
    lambda r: not r.banker.naturals_live and not r.banker.draws_when_no_live_hands))
register(Feature(
    "insurance on a natural", ("player.insurance.offered_to_natural",),
    "a player holding a natural offered insurance like any other hand",
    lambda r: r.player.insurance.offered_to_natural and r.player.insurance.allowed))
register(Feature(
    "a split hand's two-card 21 stands", ("player.split.two_card_21_stands",),
    "a split hand whose first two cards make 21 must stand",
    lambda r: r.player.split.two_card_21_stands and r.player.split.allowed))
register(Feature(
    "payouts rounded to the nearest unit, or exact", ("settlement.odd_amounts",),
    "a payout that is not whole rounded half up or half to even, or stakes that must be "
    "multiples of the payouts' denominators (the analysis values payouts unrounded)",
    lambda r: r.settlement.odd_amounts not in ("round-down", "round-up"),
    frozenset({"analysis"})))


# The rules of the family's second round (issue 48), registered after the ones above.
from pontoon_rules.ruleset.resolving import family_features as _family  # noqa: E402,F401
