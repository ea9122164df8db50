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
    from pontoon_rules.ruleset.model import Ruleset

Consumer = Literal["analysis", "simulator", "sessions"]
"""A part of the tool that may not handle every rule: the exact analysis (`edge`,
`strategy`, `costs`), the compiled simulator's rounds (`simulate`) or its sessions
(`session --summary`, which also plays every round rule the simulator plays)."""

CONSUMERS: tuple[Consumer, ...] = ("analysis", "simulator", "sessions")

COMMANDS: dict[str, Consumer] = {"edge": "analysis", "strategy": "analysis",
                                 "costs": "analysis", "simulate": "simulator",
                                 "session --summary": "sessions"}
"""The commands that refuse an unhandled feature, and the consumer each one is."""


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


def unhandled(ruleset: Ruleset, consumer: Consumer) -> list[Feature]:
    """The features `ruleset` plays that `consumer` does not handle."""
    return [f for f in active_features(ruleset) if consumer not in f.handled_by]


class UnsupportedFeatureError(RulesetError):
    """A command cannot answer for a ruleset: it plays a rule the command does not handle.

    One `Problem` per rule, at the field that switches it on.
    """


def refusal(ruleset: Ruleset, command: str) -> UnsupportedFeatureError | None:
    """The error `command` (a key of `COMMANDS`) raises for `ruleset`, or None."""
    consumer = COMMANDS[command]
    missing = unhandled(ruleset, consumer)
    if not missing:
        return None
    return UnsupportedFeatureError([
        Problem(ruleset.id, None, None, path,
                f"{command} does not handle {f.name} yet ({what}); the engine "
                "plays it: play, session and conformance take it into account")
        for f in missing for path, what in _where(f, ruleset)])


def _where(feature: Feature, ruleset: Ruleset) -> list[tuple[str, str]]:
    if feature.details is None:
        return [(feature.paths[0], feature.description)]
    return feature.details(ruleset) or [(feature.paths[0], feature.description)]


def require_supported(ruleset: Ruleset, consumer: Consumer) -> None:
    """Refuse `ruleset` for a consumer whatever the command (the compiled simulator's
    kernel, the analysis's entry points): the guard below the commands' own.

    Raises:
        UnsupportedFeatureError: naming every rule the consumer does not handle.
    """
    command = next(c for c, who in COMMANDS.items() if who == consumer)
    require_handled(ruleset, command)


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
def _redoubles_after_a_card(r: Ruleset) -> bool:
    d = r.player.double
    return d.allowed and d.times_per_hand > 1 and d.draws_after is not None


register(Feature(
    "redouble", ("player.double.times_per_hand", "player.double.draws_after"),
    "doubling again after the cards a double draws", _redoubles_after_a_card))


def _doubles(r: Ruleset) -> bool:
    return r.player.double.allowed and r.player.double.times_per_hand > 0


register(Feature(
    "surrender", ("player.surrender.allowed",),
    "giving up a hand for part of its stake", lambda r: r.player.surrender.allowed))
register(Feature(
    "double-down rescue", ("player.double.rescue.allowed",),
    "giving up a doubled hand for the doubled part",
    lambda r: _doubles(r) and r.player.double.rescue.allowed))
register(Feature(
    "doubling by total", ("player.double.totals",),
    "doubling only on some totals", lambda r: _doubles(r) and r.player.double.totals is not None))
register(Feature(
    "soft double counting the ace 1", ("player.double.aces_count_one",),
    "an ace held when doubling counts 1",
    lambda r: _doubles(r) and r.player.double.aces_count_one))
register(Feature(
    "redouble of one original stake", ("player.double.redouble_stake",),
    "a later double adding one original stake",
    lambda r: _doubles(r) and r.player.double.times_per_hand > 1
    and r.player.double.redouble_stake.value == "original-stake"))


_TABLE_ONLY: frozenset[Consumer] = frozenset({"analysis", "simulator"})
"""Consumers a rule of the table between deals cannot affect (one round at a time)."""

register(Feature(
    "a bank that is an amount", ("table.bank.amount",),
    "a bank capping what may be staked against it", lambda r: r.table.bank.amount is not None))
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
    "a banker by choice who must stand on a total", lambda r: r.banker.must_stand_at is not None))
register(Feature(
    "side bets", ("side_bets.pair.allowed", "side_bets.match_dealer.allowed"),
    "bets on the first two cards: a pair, matching the banker's card",
    lambda r: r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed))


# -- the pack and the named hands: what the classic model does not hold -----------------
def _unusual_values(r: Ruleset) -> dict[str, int]:
    from pontoon_rules.ruleset.play import USUAL_VALUES

    return {rank.value: v for rank, v in r.pack.values.items()
            if rank in r.pack.ranks and v != USUAL_VALUES[rank]}


def _unusual_aces(r: Ruleset) -> bool:
    from pontoon_rules.ruleset.common import Rank

    return Rank.ACE in r.pack.ranks and tuple(r.pack.ace_values) != (1, 11)


def _named_beyond_classic(r: Ruleset) -> list[tuple[str, str]]:
    from pontoon_rules.ruleset.classic import not_classic

    return [(found.path, found.reason) for found in not_classic(r)]


register(Feature(
    "card values", ("pack.values",), "cards that count other than the usual",
    lambda r: bool(_unusual_values(r)),
    details=lambda r: [("pack.values", "card values other than the usual (" + ", ".join(
        f"{rank} {value}" for rank, value in _unusual_values(r).items()) + ")")]))
register(Feature(
    "ace values", ("pack.ace_values",), "an ace that counts other than 1 or 11",
    _unusual_aces,
    details=lambda r: [("pack.ace_values", "an ace that counts " + " or ".join(
        str(v) for v in r.pack.ace_values) + " (not 1 or 11)")]))
register(Feature(
    "a pack without all four suits", ("pack.suits",), "some suits taken out of the pack",
    lambda r: len(r.pack.suits) < 4))
register(Feature(
    "named hands beyond the classic four", ("hands.definitions",),
    "hands defined by ranks, suits, exact card counts, or what the banker's hand takes",
    lambda r: bool(_named_beyond_classic(r)), details=_named_beyond_classic))
