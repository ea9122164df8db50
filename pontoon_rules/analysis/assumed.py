"""What a method assumes of a rule it never reads: a figure computed without reading a rule
is right only where the rule has the value the method assumed, so anything else is a
refusal naming the field, never a silent figure.

Every consumer that prints a figure (the exact analysis on the shoe and on an infinite deck,
the strategy chart, the cost tables, the compiled simulator's compile step) gets the rules
through `reads.Recorded`, then calls `require_read` with what it read. `ASSUMED` is the one
table of the rules a method may leave unread: the compiled attribute, the schema field that
sets it, and the neutral value (the value every method assumes when it does not read the
attribute: a rule switched off, a limit that is no limit). A rule whose field does not apply
to the game (`ruleset.resolving.relevance`: the insurance odds of a game without insurance) is not
checked: it changes no play.

Rules that are not in this table are either valued apart from the round (the side bets:
`analysis.side_bets`, in the edge), or read by every method wherever they can change
play (the pack, the deal, the named hands and the outcome table, ...), or fixed by the
definition of the figure (one seat, flat unit stakes, one round from a full shoe: what
`analysis.present.costs.skip_reason` lists with its reason), or a derived view of rules
that are (the classic hands). `tests/test_unread_rules.py` checks that claim field by field:
each field of the schema, changed, is read by each consumer or refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pontoon_rules.analysis.reads import Read, read_name, unwrapped
from pontoon_rules.engine.round.rules import NO_LIMIT, Rules

ASSUMED: dict[str, tuple[str, Any]] = {
    "bust_loses_at_once": ("settlement.player_bust_loses_at_once", True),
    "banker_hit_soft": ("banker.hit_soft_17", False),
    "banker_must_stand": ("banker.must_stand_at", NO_LIMIT),
    "banker_minimum": ("banker.stick_minimum", 0),
    "aces_by_count": ("pack.ace_values_by_cards", None),
    "split_allowed": ("player.split.allowed", False),
    "split_aces_one_card": ("player.split.aces_one_card", False),
    "resplit": ("player.split.resplit", False),
    "resplit_aces": ("player.split.resplit_aces", False),
    "resplit_one_branch": ("player.split.resplit_one_branch", False),
    "double_after_split": ("player.split.double_after_split", False),
    "buy_after_split": ("player.split.buy_after_split", False),
    "buy_after_twist": ("stakes.buy_after_twist", False),
    "later_cap_first": ("stakes.later_buy_cap", False),
    "double_allowed": ("player.double.allowed", False),
    "double_aces_low": ("player.double.aces_count_one", False),
    "double_totals": ("player.double.totals", None),
    "redouble_whole": ("player.double.redouble_stake", True),
    "rescue": ("player.double.rescue.allowed", False),
    "rescue_last_only": ("player.double.rescue.returns", False),
    "surrender": ("player.surrender.allowed", None),
    "insurance": ("player.insurance.allowed", False),
    "even_money": ("player.insurance.even_money", False),
}
"""Compiled attribute of `Rules` -> (the schema field that sets it, the value a method that
never reads it assumes)."""


def _shows_an_ace(rules: Rules) -> bool:
    """Insurance and even money are offered only where the banker may show an ace
    (`engine.round.flow.insurance_offered`)."""
    return rules.banker_visible > 0 and rules.rank_present[0]


def _has_aces(rules: Rules) -> bool:
    return rules.rank_present[0]


IN_PLAY: dict[str, Callable[[Rules], bool]] = {
    "insurance": _shows_an_ace,
    "even_money": _shows_an_ace,
    "banker_hit_soft": lambda rules: not rules.banker_by_choice,  # else a policy decides
    "resplit_aces": _has_aces,
    "split_aces_one_card": _has_aces,
    "double_aces_low": lambda rules: _has_aces(rules) and rules.ace_bonus > 0,
}
"""Attributes of `ASSUMED` that take effect only under a condition on the other rules
(beyond `ruleset.resolving.relevance`, which speaks of the fields' switches)."""

_EXCHANGEABLE = ("the cards dealt are exchangeable (drawn from one shuffled pack), so which "
                 "of the banker's dealt cards lies face up changes no chance the player "
                 "sees: the methods deal the face-up cards first (the oracle holds both to "
                 "the engine, which shows the last dealt: tests/test_oracle.py)")

_NEVER_HIDDEN = ("a hidden bust pays at least what one shown at once does (validation keeps "
                 "settlement.hidden_bust_pays at 1:1 or more), so one seat's best play shows "
                 "every bust: the figure is the same as without the rule "
                 "(`engine.round.hidden_bust`)")

NOT_READ_BY_DEFINITION: dict[str, dict[str, str]] = {
    "exact-shoe": {
        "hidden_bust_pays": _NEVER_HIDDEN,
        "split_all_at_once": "the shoe's split hands are played CDZ- (each as if alone), so "
                             "which split hand's cards come first changes nothing",
        "banker_hidden_first": _EXCHANGEABLE,
    },
    "exact-infinite": {
        "hidden_bust_pays": _NEVER_HIDDEN,
        "banker_hidden_first": _EXCHANGEABLE,
        "bust_loses_at_once": "the infinite deck's round settles a bust like any finished "
                              "hand, against the banker's final hand through the outcome "
                              "table (`Rules.cells`, which holds the rule), never on the peek "
                              "alone",
    },
    "compiled-sim": {
        "hidden_bust_pays": _NEVER_HIDDEN + "; the kernel plays the analysis's strategy",
        "banker_must_stand": "a banker by choice decides by the strategy the kernel is "
                             "given (`sim.kernels.strategy`: the analysis's banker policy, held to "
                             "the rule), not by the compiled rules",
    },
}
"""Per consumer: attributes its figure does not depend on by the definition of its method,
with the reason (the only exceptions to `ASSUMED`, named once here)."""


CONSUMER_WORDS = {
    "exact-shoe": "the exact analysis on the ruleset's shoe",
    "exact-infinite": "the exact analysis on an infinite deck",
    "exact-finite": "the fixed-chance analysis of the shoe",
    "compiled-sim": "the compiled simulator",
}


def ended_at_the_peek(models: Sequence[Any]) -> None:
    """Where every deal each of `models` valued ends at the peek (`ends_at_the_peek`: a
    natural of any two cards; one round's model, or each group of up cards' in
    `analysis.upcards`), the round is the deal, the offers before the peek (insurance, even
    money, an early surrender) and the settlement against the banker's natural: no rule of
    the play after the peek can change it, so each is read here, through the first model's
    rules (`check_reads` then refuses none of them; a cost table's variants that change them
    are solved apart and find the same edge). Where one group plays on past the peek, none
    is read here: that group's own solve reads what it plays, and a rule it leaves unread
    is refused (the other groups' ending at the peek does not excuse it)."""
    if models and all(m.ends_at_the_peek for m in models):
        for name in ASSUMED:
            getattr(models[0].rules, name)


def unread_rules(read: Read, rules: Rules, consumer: str = "") -> list[tuple[str, str]]:
    """(field, why) for each rule of `rules` that differs from what the methods assume and
    that `read` (what a consumer read) never saw; empty when the figure stands."""
    from pontoon_rules.analysis.reads import _equal
    from pontoon_rules.ruleset.resolving.relevance import applies

    rules = unwrapped(rules)
    seen = {read_name(what) for what in read}
    exempt = NOT_READ_BY_DEFINITION.get(consumer, {})
    out = []
    for name, (path, neutral) in ASSUMED.items():
        if name in seen or name in exempt:
            continue
        value = getattr(rules, name)
        if _equal(value, neutral) or not applies(rules.ruleset, path):
            continue
        if not in_play(name, rules):
            continue
        who = CONSUMER_WORDS.get(consumer, consumer or "this method")
        out.append((path, f"{who} does not read this rule: it would compute as if it were "
                          f"{_words(neutral)}, and the ruleset has {_words(value)}; the "
                          "engine plays it (simulate --engine)"))
    return out


def in_play(name: str, rules: Rules) -> bool:
    """Whether the attribute `name` of `rules` can take effect (`IN_PLAY`; the field's
    relevance is asked apart)."""
    condition = IN_PLAY.get(name)
    return condition is None or condition(unwrapped(rules))


def require_read(read: Read, rules: Rules, consumer: str) -> None:
    """Refuse a figure that rests on a rule `consumer` never read (`unread_rules`).

    Raises:
        UnsupportedFeatureError: one problem per such field, naming it.
    """
    missing = unread_rules(read, rules, consumer)
    if not missing:
        return
    from pontoon_rules.errors import Problem
    from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError

    ruleset = unwrapped(rules).ruleset
    raise UnsupportedFeatureError([Problem(ruleset.id, None, None, path, why)
                                   for path, why in missing])


def _words(value: Any) -> str:
    if value is None:
        return "off"
    if value is NO_LIMIT:
        return "no limit"
    if isinstance(value, bool):
        return "on" if value else "off"
    return repr(value) if not hasattr(value, "value") else str(value.value)
