"""The house edge of a ruleset for one seat under best play: the front door of the analysis.

Two decks. `finite`, the default for a ruleset with a number of packs: the
ruleset's own shoe, every card the player sees removed, composition-dependent
play (`composition.model.CompositionModel`, methods named in
`composition.model.METHOD`). `infinite`, the default for `pack.decks: infinite`
and available for any ruleset: each card's chance is constant
(`infinite.round.RoundModel`). `house_edge` chooses the method and states it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pontoon_rules.analysis.context import STATS
from pontoon_rules.analysis.dealer import AnalysisError
from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.infinite.round import INFINITE_METHOD, RoundModel
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.upcards import (
    UpCardModel,
    UpCardRound,
    band_edges_words,
    band_note,
    conditional,
    envy_note,
    hand_words,
    stake_words,
    valued_stake,
)
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.money import Money

PROBABILITY_BASIS = ("each figure is the expected number of the seat's hands with that outcome, "
                     "so after a split every hand counts: win + lose + push is the expected "
                     "number of hands and can pass 100%")
"""What the figures in `EdgeResult.probabilities` are (the same statistics as `STATS`)."""
EDGE_DECIMALS = 4
"""Decimals of a house edge in percent, in the CLI and on the site."""


def default_deck(rules: Rules) -> Deck:
    """The deck an analysis uses unless told otherwise: the ruleset's own shoe."""
    return "infinite" if rules.decks is None else "finite"


def deck_words(rules: Rules, deck: Deck) -> str:
    """The deck in words, for every output: which shoe, and whether it is the default."""
    default = " (the ruleset's own shoe, the default)" if deck == default_deck(rules) else ""
    if deck == "infinite":
        return "infinite deck" + default
    packs = rules.decks or 0
    return f"finite shoe of {packs} pack{'s' if packs != 1 else ''}{default}"


def check_deck(rules: Rules, deck: Deck | None) -> Deck:
    """`deck`, or the ruleset's own when None.

    Raises:
        AnalysisError: an unknown deck, or a finite shoe for `pack.decks: infinite`.
    """
    deck = deck or default_deck(rules)
    if deck not in ("infinite", "finite"):
        raise AnalysisError(f"unknown deck {deck!r}: expected infinite or finite")
    if deck == "finite" and rules.decks is None:
        raise AnalysisError("this ruleset's deck is infinite (pack.decks: infinite): "
                            "there is no finite shoe to analyse")
    return deck


@dataclass(frozen=True)
class EdgeResult:
    """A ruleset's house edge under best play, and what it rests on."""

    ruleset: str
    deck: Deck
    policy: str
    policy_description: str
    ev: float
    staked: float
    probabilities: dict[str, float]
    seconds: float
    notes: list[str] = field(default_factory=list)
    method: str = INFINITE_METHOD
    """The strategy and its approximations, by name (see `composition.model.METHOD`)."""
    deck_description: str = "infinite deck"
    side_bets: list[dict[str, Any]] = field(default_factory=list)
    """Each side bet offered: its action word, its house edge (percent of the bet) and
    whether best play takes it (`analysis.side_bets`: then in `ev` and `staked`)."""
    valued_stake: int | None = None
    """The stake the figure is valued at, where a named hand depends on the stake or pays
    a fixed prize (`analysis.upcards.valued_stake`); None where no hand does."""
    stake_bands: list[dict[str, Any]] = field(default_factory=list)
    """Where named hands hold in bands of stakes, each band (`min_stake`, `max_stake`) with
    its house edge valued at its least stake (`present.bands.with_bands`); else empty."""

    @property
    def house_edge(self) -> float:
        """The house edge as a percentage of the original stake."""
        return -100.0 * self.ev

    @property
    def hands(self) -> float:
        """The expected number of hands the seat plays to a result per round (splits add)."""
        p = self.probabilities
        return p.get("win", math.nan) + p.get("lose", math.nan) + p.get("push", math.nan)

    @property
    def edge_per_staked(self) -> float:
        """The house edge as a percentage of all money staked (buys, doubles, splits)."""
        return -100.0 * self.ev / self.staked if self.staked else 0.0

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        return {"ruleset": self.ruleset, "deck": self.deck,
                "deck_description": self.deck_description, "method": self.method,
                "banker_policy": self.policy,
                "banker_policy_description": self.policy_description,
                "house_edge_percent": self.house_edge,
                "house_edge_per_staked_percent": self.edge_per_staked,
                "ev_per_round": self.ev, "expected_staked": self.staked,
                "expected_hands": self.hands, "probabilities": self.probabilities,
                "probabilities_basis": PROBABILITY_BASIS, "seconds": self.seconds,
                "notes": self.notes, "side_bets": self.side_bets,
                "valued_at_stake": self.valued_stake, "stake_bands": self.stake_bands}


@gc_paused
def house_edge(rules: Rules, deck: Deck | None = None, policy: str | None = None,
               with_stats: bool = True, model: Any = None) -> EdgeResult:
    """The house edge of `rules` for one seat under best play.

    Args:
        deck: "finite" (the ruleset's shoe, composition-dependent, exact) or "infinite";
            None for the ruleset's own (`default_deck`).
        with_stats: also the statistics (free in the finite method).
        model: the round's model already made (`edge_model`: finite or infinite, of
            the same `deck` and `policy`), to share what it solved with other calls (the
            strategy chart: `chart.strategy_chart(rules, model=...)`, solved once).

    Raises:
        AnalysisError: unknown deck or banker policy, or a finite shoe asked of a ruleset
            with an infinite deck.
        UnsupportedFeatureError: the ruleset plays a rule the analysis does not handle.
    """
    from pontoon_rules.ruleset.resolving.features import require_handled

    require_handled(rules.ruleset, "edge")
    start = time.perf_counter()
    deck = check_deck(rules, deck)
    if deck == "finite":
        return with_side_bets(finite_result(model or finite_model(rules, policy), start), rules)
    model = model or infinite_model(rules, deck, policy)
    ev = float(model.value())
    stats = model.stats() if with_stats else np.full(len(STATS), math.nan)
    staked = float(stats[1]) if with_stats else 1.0
    probabilities = {name: float(v) for name, v in zip(STATS[2:], stats[2:], strict=True)}
    return with_side_bets(EdgeResult(
        rules.ruleset.id, deck, model.policy.name, model.policy.description, ev, staked,
        probabilities, time.perf_counter() - start, model_notes(rules), INFINITE_METHOD,
        deck_words(rules, deck), valued_stake=valued_stake(rules)), rules)


def edge_model(rules: Rules, deck: Deck | None = None, policy: str | None = None) -> Any:
    """The model `house_edge` solves for `rules` (`deck` None: the ruleset's own shoe),
    made and not yet solved: given to `house_edge` and `chart.strategy_chart` (`model=`),
    the round is solved once for both (the figures the same as each alone).

    Raises:
        AnalysisError: as `check_deck`.
    """
    deck = check_deck(rules, deck)
    if deck == "finite":
        return finite_model(rules, policy)
    return infinite_model(rules, deck, policy)


def infinite_model(rules: Rules, deck: Deck, policy: str | None) -> Any:
    """The infinite-deck round of `rules`: one model per group of up cards where a named
    hand depends on the up card or the stake (`analysis.upcards`)."""
    if conditional(rules):
        return UpCardRound(rules, deck, policy)
    return RoundModel(rules, deck, policy)


def finite_model(rules: Rules, policy: str | None = None, value_only: bool = False) -> Any:
    """The composition-dependent round of `rules` (`composition.model.CompositionModel`; one
    per group of up cards where a named hand depends on the up card or the stake)."""
    from pontoon_rules.analysis.composition.model import CompositionModel

    if rules.conditional:  # its ids: no read of the whole ruleset (`upreads`)
        return UpCardModel(rules, policy, value_only)
    return CompositionModel(rules, policy, value_only=value_only)


def with_side_bets(result: EdgeResult, rules: Rules) -> EdgeResult:
    """`result` with the side bets `rules` offer: each one's house edge in the notes, and
    those best play takes (they pay) in the round's value and stake."""
    from pontoon_rules.analysis.side_bets import side_bet_values, taken_value

    bets = side_bet_values(rules, result.deck)
    if not bets:
        return result
    value, staked = taken_value(rules, result.deck)
    notes = [side_bet_note(b.kind, b.house_edge, b.taken) for b in bets]
    return replace(result, ev=result.ev + float(value), staked=result.staked + float(staked),
                   notes=[*result.notes, *notes],
                   side_bets=[{"bet": b.kind, "house_edge_percent": b.house_edge,
                               "taken": b.taken} for b in bets])


def side_bet_note(kind: str, house_edge: float, taken: bool) -> str:
    """A side bet's value in words."""
    words = {"pair": "the pair bet", "match": "the match-the-banker bet"}.get(kind, kind)
    if taken:
        return (f"{words} pays the player {-house_edge:.{EDGE_DECIMALS}f}% of the bet: best "
                "play bets the most it may, and the figures include it")
    return (f"{words} has a house edge of {house_edge:.{EDGE_DECIMALS}f}% of the bet: best "
            "play declines it, and the figures leave it out")


def finite_result(model: Any, start: float) -> EdgeResult:
    """The `EdgeResult` of a `composition.model.CompositionModel` (its statistics are cached, so
    a chart drawn from the same model costs nothing more); `start` is when the work began
    (`time.perf_counter()`)."""
    from pontoon_rules.analysis.composition.model import method_name

    rules = model.rules
    stats = model.stats()
    probabilities = {name: float(v) for name, v in zip(STATS[2:], stats[2:], strict=True)}
    return EdgeResult(rules.ruleset.id, "finite", model.policy.name, model.policy.description,
                      float(stats[0]), float(stats[1]), probabilities,
                      time.perf_counter() - start, model_notes(rules),
                      method_name(getattr(model, "base", model)),
                      deck_words(rules, "finite"), valued_stake=valued_stake(rules))


def model_notes(rules: Rules) -> list[str]:
    """What the model assumes for this ruleset, in words."""
    notes = ["flat stakes: one seat, no betting by the first card"]
    if rules.split_allowed and rules.split_max_hands >= 99:
        from pontoon_rules.analysis.split import MODEL_HAND_LIMIT

        notes.append(f"no split limit in the rules: modelled up to {MODEL_HAND_LIMIT} hands")
    if rules.insurance and rules.banker_cards < 2 and not rules.banker_plays_alone:
        notes.append("insurance valued as if the banker always completes the hand")
    from pontoon_rules.ruleset.format.common import SuitRule

    suited = [hand_words(i, d) for i, d in rules.ruleset.hands.ranked()
              if d.suits is not SuitRule.ANY]
    if suited:
        notes.append(f"hands defined by their suits ({', '.join(suited)}) valued by the chance "
                     "of their suits given their ranks: exact for play that looks at ranks "
                     "only; a player who also watches suits can do a little better")
    notes.extend(n for n in (band_note(rules), envy_note(rules)) if n is not None)
    if rules.bank_amount is not None:
        notes.append(f"a bank that is an amount ({rules.bank_amount}) caps stakes only: one "
                     f"seat at the least stake ({rules.min_stake}), with no decision that adds "
                     "to it, is never capped (a stake near the bank may be)")
    return notes


@gc_paused
def edge_of(rules: Rules, deck: Deck | None = None, policy: str | None = None) -> float:
    """The house edge in percent of the original stake (no statistics); `deck` None is
    the ruleset's own shoe (`default_deck`)."""
    from pontoon_rules.analysis.side_bets import taken_value

    deck = check_deck(rules, deck)
    side = float(taken_value(rules, deck)[0])
    if deck == "finite":
        model = finite_model(rules, policy, value_only=True)
        return -100.0 * (float(model.value_of_round()) + side)
    return -100.0 * (float(infinite_model(rules, deck, policy).value()) + side)


def _band_lines(result: EdgeResult, money: Money | None) -> list[str]:
    """The edge of each band of stakes (`EdgeResult.stake_bands`), a line each: 'by band of
    stakes, each valued at its least stake:', then 'stakes of $5 to $24.99: 0.5427%'."""
    if not result.stake_bands:
        return []
    return ["by band of stakes, each valued at its least stake:", *(
        "  " + line for line in band_edges_words(result.stake_bands, money, EDGE_DECIMALS))]


def edge_lines(result: EdgeResult, money: Money | None = None) -> list[str]:
    """The `edge` command's report: the edge, the edge of each band of stakes where named
    hands hold by the stake, what it rests on, the defined probabilities (`money`: the
    ruleset's, that the stakes are said in)."""
    d = EDGE_DECIMALS
    lines = [f"{result.ruleset}: house edge {result.house_edge:.{d}f}% of the original stake, "
             f"{result.edge_per_staked:.{d}f}% of all money staked"
             f"{stake_words(result.valued_stake, money)}",
             f"  deck: {result.deck_description}; banker: {result.policy} "
             f"({result.policy_description}); method: {result.method}",
             f"  expected stake per round: {result.staked:.4f} original stakes",
             f"  expected hands per round: {result.hands:.4f} (after splits)",
             f"  per round, {PROBABILITY_BASIS}:"]
    lines[1:1] = [f"  {text}" for text in _band_lines(result, money)]
    lines.extend(f"    {name.replace('_', ' ')}: {100 * value:.3f}%"
                 for name, value in result.probabilities.items())
    lines.extend(f"  note: {note}" for note in result.notes)
    return lines
