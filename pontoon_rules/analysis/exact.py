"""The exact expected value of a round for one player under best play.

Two decks. `finite`, the default for a ruleset with a number of packs: the
ruleset's own shoe, every card the player sees removed, composition-dependent
play (`composition.CompositionModel`, methods named in `composition.METHOD`).
`infinite`, the default for `pack.decks: infinite` and available for any
ruleset: each card's chance is constant (dealt with replacement), so play by
total and play by composition coincide (`RoundModel` here). Values are sums
over the deal, by recursion over card outcomes, never sampled.

`RoundModel(deck="finite")` is the earlier approximation (probabilities fixed
once the first cards are seen); no output uses it any more.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from pontoon_rules.analysis.context import STATS, Context
from pontoon_rules.analysis.dealer import AnalysisError, BankerPolicy, banker_policy
from pontoon_rules.analysis.deck import KindSpace, Number, kind_space
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.engine.rules import Rules

Deck = Literal["infinite", "finite"]

PROBABILITY_BASIS = ("each figure is the expected number of the seat's hands with that outcome, "
                     "so after a split every hand counts: win + lose + push is the expected "
                     "number of hands and can pass 100%")
"""What the figures in `EdgeResult.probabilities` are (the same statistics as `STATS`)."""


@dataclass(frozen=True)
class Deal:
    """One deal as the player sees it: their cards, the banker's visible cards, its chance."""

    cards: tuple[int, ...]
    visible: tuple[int, ...]
    probability: Number


class RoundModel:
    """Best play of one seat under `rules`, for one deck model and banker policy."""

    def __init__(self, rules: Rules, deck: Deck = "infinite", policy: str | None = None,
                 exact: bool = False) -> None:
        if deck not in ("infinite", "finite"):
            raise AnalysisError(f"unknown deck {deck!r}: expected infinite or finite")
        self.rules, self.deck, self.exact = rules, deck, exact
        self.policy: BankerPolicy = banker_policy(rules, policy)
        self.space: KindSpace = kind_space(rules)
        self.probs = self.space.probabilities(exact=exact)
        self._contexts: dict[tuple[tuple[int, ...], tuple[int, ...]], Context] = {}

    def deals(self) -> Iterator[Deal]:
        """Every dealt situation (player cards as a sorted tuple) with its chance."""
        r = self.rules
        n_kinds = len(self.space.kinds)
        for cards in itertools.combinations_with_replacement(range(n_kinds), r.player_cards):
            for visible in itertools.product(range(n_kinds), repeat=r.banker_visible):
                p = self._chance(cards, visible)
                if p:
                    yield Deal(cards, visible, p)

    def _chance(self, cards: tuple[int, ...], visible: tuple[int, ...]) -> Number:
        orders = math.factorial(len(cards))
        for k in set(cards):
            orders //= math.factorial(cards.count(k))
        counts = list(self.space.full)
        total = sum(counts)
        p: Number = Fraction(orders) if self.exact else float(orders)
        for k in cards + visible:
            if self.deck == "infinite":
                p *= self.probs[k]
            else:
                p *= Fraction(counts[k], total) if self.exact else counts[k] / total
                counts[k] -= 1
                total -= 1
        return p

    def context(self, cards: tuple[int, ...], visible: tuple[int, ...]) -> Context:
        """The information set of a deal: shared by every deal in the infinite deck."""
        key = ((), visible) if self.deck == "infinite" else (tuple(sorted(cards)), visible)
        found = self._contexts.get(key)
        if found is None:
            probs = self.probs
            if self.deck == "finite":
                probs = self.space.probabilities(self.space.without(cards + visible),
                                                 self.exact)
            found = self._contexts[key] = Context(self.rules, self.space, probs, visible,
                                                  self.policy)
        return found

    # -- one deal ----------------------------------------------------------------------
    def deal_value(self, deal: Deal) -> Number:
        """The value of one deal under best play, insurance and even money included."""
        ctx = self.context(deal.cards, deal.visible)
        main = ctx.play_value(deal.cards)
        peek = ctx.outlook.pontoon_now
        if peek:
            main = peek * ctx.against_pontoon(deal.cards) + (1 - peek) * main
        return main + self._side_value(ctx, deal)

    def _side_value(self, ctx: Context, deal: Deal) -> Number:
        """Even money (replacing the hand's value) or insurance (added), when better."""
        offer = self._insurance_offer(deal)
        if offer == "even-money":
            return 0
        if offer == "insurance":
            return max(0, ctx.insurance_edge() * self.rules.insurance_fraction)
        return 0

    def _insurance_offer(self, deal: Deal) -> str | None:
        r, kinds = self.rules, self.space.kinds
        if not deal.visible or not kinds[deal.visible[0]].is_ace:
            return None
        if len(deal.cards) == 2 and {kinds[c].value for c in deal.cards} == {1, 10}:
            return "even-money" if r.even_money else None
        return "insurance" if r.insurance else None

    def takes_even_money(self, deal: Deal) -> bool:
        """Whether the best play takes even money on this deal."""
        if self._insurance_offer(deal) != "even-money":
            return False
        ctx = self.context(deal.cards, deal.visible)
        peek = ctx.outlook.pontoon_now
        main = peek * ctx.against_pontoon(deal.cards) + (1 - peek) * ctx.play_value(deal.cards)
        return bool(main < 1)

    def deal_stats(self, deal: Deal) -> np.ndarray:
        """The statistics vector (see `STATS`) of one deal under best play."""
        ctx = self.context(deal.cards, deal.visible)
        if self.takes_even_money(deal):
            return np.array([1.0, 1, 1, 0, 0, 1, 0, 0])
        out = ctx.play_stats(deal.cards)
        peek = float(ctx.outlook.pontoon_now)
        if peek:
            out = peek * ctx.dealt_stats_vs_pontoon(deal.cards) + (1 - peek) * out
        if self._insurance_offer(deal) == "insurance":
            gain = float(ctx.insurance_edge() * self.rules.insurance_fraction)
            if gain > 0:
                out = out + np.array([gain, float(self.rules.insurance_fraction), 0, 0, 0, 0, 0, 0])
        return out

    def value(self) -> Number:
        """The expected value of a round per unit of original stake."""
        total: Number = Fraction(0) if self.exact else 0.0
        for deal in self.deals():
            total += deal.probability * self._deal_total(deal)
        return total

    def _deal_total(self, deal: Deal) -> Number:
        if self.takes_even_money(deal):
            return 1
        return self.deal_value(deal)

    @gc_paused
    def stats(self) -> np.ndarray:
        """The statistics vector of a round under best play."""
        total = np.zeros(len(STATS))
        for deal in self.deals():
            total += float(deal.probability) * self.deal_stats(deal)
        return total


INFINITE_METHOD = ("infinite deck (cards dealt with replacement, each rank's chance "
                   "constant): play by total and by composition coincide; exact")
"""The name of the infinite-deck method, as every output states it."""


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
    """The strategy and its approximations, by name (see `composition.METHOD`)."""
    deck_description: str = "infinite deck"

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
                "notes": self.notes}


@gc_paused
def house_edge(rules: Rules, deck: Deck | None = None, policy: str | None = None,
               with_stats: bool = True, model: RoundModel | None = None) -> EdgeResult:
    """The house edge of `rules` for one seat under best play.

    Args:
        deck: "finite" (the ruleset's shoe, composition-dependent, exact) or "infinite";
            None for the ruleset's own (`default_deck`).
        with_stats: also the statistics (free in the finite method).
        model: an infinite-deck `RoundModel(rules, "infinite", policy)` already made, to
            share its solved information sets with other calls (the strategy chart).

    Raises:
        AnalysisError: unknown deck or banker policy, or a finite shoe asked of a ruleset
            with an infinite deck.
        UnsupportedFeatureError: the ruleset plays a rule the analysis does not handle.
    """
    from pontoon_rules.ruleset.features import require_handled

    require_handled(rules.ruleset, "edge")
    start = time.perf_counter()
    deck = check_deck(rules, deck)
    if deck == "finite":
        return _finite_edge(rules, policy, start)
    model = model or RoundModel(rules, deck, policy)
    ev = float(model.value())
    stats = model.stats() if with_stats else np.full(len(STATS), math.nan)
    staked = float(stats[1]) if with_stats else 1.0
    probabilities = {name: float(v) for name, v in zip(STATS[2:], stats[2:], strict=True)}
    return EdgeResult(rules.ruleset.id, deck, model.policy.name, model.policy.description,
                      ev, staked, probabilities, time.perf_counter() - start,
                      model_notes(rules), INFINITE_METHOD, deck_words(rules, deck))


def _finite_edge(rules: Rules, policy: str | None, start: float) -> EdgeResult:
    from pontoon_rules.analysis.composition import CompositionModel

    return finite_result(CompositionModel(rules, policy), start)


def finite_result(model: Any, start: float) -> EdgeResult:
    """The `EdgeResult` of a `composition.CompositionModel` (its statistics are cached, so
    a chart drawn from the same model costs nothing more); `start` is when the work began
    (`time.perf_counter()`)."""
    from pontoon_rules.analysis.composition import method_name

    rules = model.rules
    stats = model.stats()
    probabilities = {name: float(v) for name, v in zip(STATS[2:], stats[2:], strict=True)}
    return EdgeResult(rules.ruleset.id, "finite", model.policy.name, model.policy.description,
                      float(stats[0]), float(stats[1]), probabilities,
                      time.perf_counter() - start, model_notes(rules), method_name(model),
                      deck_words(rules, "finite"))


def model_notes(rules: Rules) -> list[str]:
    """What the model assumes for this ruleset, in words."""
    notes = ["flat stakes: one seat, no betting by the first card"]
    if rules.split_allowed and rules.split_max_hands >= 99:
        from pontoon_rules.analysis.split import MODEL_HAND_LIMIT

        notes.append(f"no split limit in the rules: modelled up to {MODEL_HAND_LIMIT} hands")
    if rules.insurance and rules.banker_cards < 2 and not rules.banker_plays_alone:
        notes.append("insurance valued as if the banker always completes the hand")
    return notes


@gc_paused
def edge_of(rules: Rules, deck: Deck | None = None, policy: str | None = None) -> float:
    """The house edge in percent of the original stake (no statistics); `deck` None is
    the ruleset's own shoe (`default_deck`)."""
    deck = check_deck(rules, deck)
    if deck == "finite":
        from pontoon_rules.analysis.composition import CompositionModel

        return -100.0 * float(CompositionModel(rules, policy).value_of_round())
    return -100.0 * float(RoundModel(rules, deck, policy).value())
