"""The exact expected value of a round for one player under best play, infinite deck.

Each card's chance is constant (dealt with replacement), so play by total and
play by composition coincide. `RoundModel` sums over the deal, by recursion over
card outcomes (`analysis.context` for each information set), never sampled; it
is the default for `pack.decks: infinite` and available for any ruleset
(`analysis.edge.house_edge` chooses the method).

`RoundModel(deck="finite")` is the earlier approximation (probabilities fixed
once the first cards are seen); no output uses it any more.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pontoon_rules.analysis.assumed import ended_at_the_peek, require_read
from pontoon_rules.analysis.context import STATS, Context
from pontoon_rules.analysis.dealer import AnalysisError, BankerPolicy, banker_policy
from pontoon_rules.analysis.deck import Deck, KindSpace, Number, kind_space
from pontoon_rules.analysis.giving_up import early_surrender, early_surrender_stats
from pontoon_rules.analysis.named import dealt_natural
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.reads import recording
from pontoon_rules.engine.round.rules import Rules


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
        rules, self.read = recording(rules)  # what the solve reads: `check_reads`
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
        """The value of one deal under best play, insurance, even money and an early
        surrender included."""
        kept = self._kept_deal_value(deal)
        early = self._early(deal)
        return early[1] if early is not None and early[1] > kept else kept

    def _kept_deal_value(self, deal: Deal) -> Number:
        """The value of one deal played (not given up early), insured where that pays."""
        ctx = self.context(deal.cards, deal.visible)
        main = ctx.play_value(deal.cards)
        peek = ctx.outlook.pontoon_now
        if peek:
            main = peek * ctx.against_pontoon(deal.cards) + (1 - peek) * main
        return main + self._side_value(ctx, deal)

    def _early(self, deal: Deal) -> tuple[Fraction, Number] | None:
        """An early surrender of the deal (`giving_up.early_surrender`), or None."""
        if self.rules.surrender is None or not self.rules.surrender.early:
            return None
        ctx = self.context(deal.cards, deal.visible)
        return early_surrender(self.rules, self.space.kinds, deal.cards, deal.visible,
                               ctx.outlook.pontoon_now, ctx.against_pontoon(deal.cards),
                               self.exact)

    def surrenders_early(self, deal: Deal) -> bool:
        """Whether best play gives the dealt hand up before the banker's check (it loses
        less than the deal played, insured where that pays)."""
        early = self._early(deal)
        return early is not None and bool(early[1] > self._kept_deal_value(deal))

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
        if dealt_natural(r, kinds, deal.cards):
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
        """The statistics vector (see `STATS`, then the context's `seat_takes.TAKEN`) of one
        deal under best play."""
        ctx = self.context(deal.cards, deal.visible)
        if self.takes_even_money(deal):
            return ctx.widen(np.array([1.0, 1, 1, 0, 0, 1, 0, 0]))
        if self.surrenders_early(deal):
            early = self._early(deal)
            assert early is not None
            return ctx.widen(np.array(early_surrender_stats(
                self.rules, early[0], float(ctx.outlook.pontoon_now),
                list(ctx.dealt_stats_vs_pontoon(deal.cards))[:len(STATS)], exact=False),
                dtype=float))
        out = ctx.play_stats(deal.cards)
        peek = float(ctx.outlook.pontoon_now)
        if peek:
            out = peek * ctx.dealt_stats_vs_pontoon(deal.cards) + (1 - peek) * out
        if self._insurance_offer(deal) == "insurance":
            gain = float(ctx.insurance_edge() * self.rules.insurance_fraction)
            if gain > 0:
                out = out + ctx.widen(np.array([gain, float(self.rules.insurance_fraction),
                                                0, 0, 0, 0, 0, 0]))
        return out

    def value(self) -> Number:
        """The expected value of a round per unit of original stake."""
        total: Number = Fraction(0) if self.exact else 0.0
        for deal in self.deals():
            total += deal.probability * self._deal_total(deal)
        self.check_reads()
        return total

    def _deal_total(self, deal: Deal) -> Number:
        if self.takes_even_money(deal):
            return 1
        return self.deal_value(deal)

    @gc_paused
    def stats(self) -> np.ndarray:
        """The statistics vector (`STATS`) of a round under best play."""
        total = np.zeros(len(STATS))
        for deal in self.deals():
            found = self.deal_stats(deal)[:len(STATS)]  # the `TAKEN` entries per context
            total += float(deal.probability) * found.astype(float)
        self.check_reads()
        return total

    @property
    def ends_at_the_peek(self) -> bool:
        """Whether every deal valued so far ends at the peek: no banker's hand was played
        on past it (no final hand; its chance, summed in floats, may miss 1 by a rounding)."""
        return bool(self._contexts) and all(not c.outlook.finals
                                            for c in self._contexts.values())

    def check_reads(self) -> None:
        """Refuse the figure where the ruleset plays a rule the solve never read
        (`analysis.assumed`)."""
        ended_at_the_peek([self])
        require_read(self.read, self.rules, f"exact-{self.deck}")


INFINITE_METHOD = ("infinite deck (cards dealt with replacement, each rank's chance "
                   "constant): play by total and by composition coincide; exact")
"""The name of the infinite-deck method, as every output states it."""
