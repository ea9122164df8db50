"""Exact composition-dependent expected value of a round dealt from the ruleset's shoe.

Every card the player has seen is out of the shoe: their own cards as they draw,
the banker's visible cards, and (where the banker peeks) the fact that the
banker holds no pontoon. The banker's finished hand is then enumerated for that
exact remaining composition (`banker`), and the player takes, at every
decision, the best action given the cards they hold: a *composition-dependent*
strategy (`METHOD`). `hands.HandValues` values one hand; `CompositionModel` adds
the deal: splits (`split` for CDZ-), the peek, insurance and even money, and
the round's statistics (compiled bottom up by `compiled` where it applies).

What is not exact (named `POST_SPLIT`): after a split, each hand is played best
for its own cards with the split pair removed, and valued with that removal; the
cards of the other split hands (and the pair cards a resplit takes) are averaged
over, not removed. Every published blackjack calculator makes an approximation
of this kind (Eric Farmer's CDZ-, CDP1, CDP). Nor is BB+1 from a seat that splits
(named `seat_takes.APPROXIMATION`): its split hands are taken as independent given the
banker's hand.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from pontoon_rules.analysis.assumed import ended_at_the_peek, require_read
from pontoon_rules.analysis.composition.hands import HandValues
from pontoon_rules.analysis.composition.outlook import Removed
from pontoon_rules.analysis.composition.post_split import VisibleSplits, split_rows
from pontoon_rules.analysis.composition.states import start_of
from pontoon_rules.analysis.context import STATS
from pontoon_rules.analysis.deck import is_pair
from pontoon_rules.analysis.giving_up import (
    early_surrender_stats,
    may_give_up,
    surrender_stats,
    surrender_value,
    void_surrender,
    void_unchecked,
)
from pontoon_rules.analysis.hand import HandState, finished_as_dealt, start_state
from pontoon_rules.analysis.named import banker_natural, dealt_natural
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.outcomes import Final, payoff, results
from pontoon_rules.analysis.seat_takes import APPROXIMATION

__all__ = ["CDZ", "METHOD", "POST_SPLIT", "CompositionModel", "Removed", "method_name"]

METHOD = ("composition-dependent (CD): every hand played best for the cards the player "
          "holds, the banker's visible cards and the peek; exact finite shoe")
"""The name of the strategy `CompositionModel` values, as every output states it."""
CDZ = ("post-split CDZ- (Eric Farmer's composition-dependent zero-memory): a split hand "
       "plays the best unsplit play for its cards and resplits whenever allowed; exact "
       "for that strategy")
"""The post-split strategy where `split` covers the split rules."""
POST_SPLIT = ("post-split CDP1~ (approximate): each split hand is played best for its own "
              "cards with the split pair removed and valued with that removal; the cards of "
              "the other split hands are averaged over, not removed")
"""The post-split approximation where `split` does not cover the split rules."""
WHILE_THE_PACK_LASTS = ("exact while the pack lasts the round: this pack of {cards} cards "
                        "could run out within one round ({hands}), where the engine deals "
                        "on from the discards and this figure does not follow it "
                        "(approximate there)")
"""Said where one round could use every card of the shoe (`round_may_run_out`)."""


class CompositionModel(HandValues):
    """Composition-dependent best play of one seat, dealt from the ruleset's own shoe."""

    # -- the deal ----------------------------------------------------------------------
    def dealt_stats(self, cards: tuple[int, ...],
                    hand_value: Callable[[Removed, HandState], Any] | None = None,
                    side_bets: bool = True,
                    gives_up: Callable[[tuple[int, ...], int], bool] | None = None) -> Any:
        """Statistics (V x STATS) of a dealt hand: best play, split, peek, side bets.

        Args:
            hand_value: how the unsplit hand is played (default: best play, `value`);
                a pair is split where splitting beats best play.
            gives_up: whether the dealt `cards` are surrendered (late) against visible
                tuple v (default: where that loses less; a chart's own letter, `tdchart`).
        """
        removed = self._removed(cards)
        state = start_of(self, cards)
        perfect = self.value(removed, state)
        out = (hand_value or self.value)(removed, state).copy() if self.finals else perfect.copy()
        if len(cards) == 2 and is_pair(self.kinds[cards[0]], self.kinds[cards[1]], self.rules) \
                and self.rules.split_allowed \
                and not finished_as_dealt(self.rules, self.kinds, cards, False):
            split = self.split_all(cards[0])
            if split is not None:
                better = split[:, 0] > perfect[:, 0]
                out[better] = split[better]
        _, peeked, _ = self.outlook(removed)
        if self.rules.surrender is not None:
            self._surrender(cards, peeked, out, gives_up)
        if any(peeked):
            out = out + peeked[:, None] * self._against_pontoon(cards)[None, :]
        if not side_bets:
            return out
        out = self._side_bets(cards, removed, out)
        if self.rules.surrender is not None and self.rules.surrender.early:
            self._early_surrender(cards, peeked, out, gives_up)
        return out

    def _early_surrender(self, cards: tuple[int, ...], peeked: Any, out: Any,
                         gives_up: Callable[[tuple[int, ...], int], bool] | None = None
                         ) -> None:
        """Give the dealt hand up before the banker's check where that loses less than the
        best of playing it, insured or not (`out`, V x STATS over every banker hand: one
        decision, `engine.round.flow.insurance_legal`), or where `gives_up` says (then not
        noted in `given_up`)."""
        for v in range(len(self.visibles)):
            row = self.early_surrender_row(cards, v, peeked)
            if row is None:
                continue
            if gives_up is not None:
                if gives_up(cards, v):
                    out[v] = np.array(row, dtype=out.dtype)
            elif row[0] > out[v, 0]:
                out[v] = np.array(row, dtype=out.dtype)
                self.given_up.add((tuple(sorted(cards)), v))

    def early_surrender_row(self, cards: tuple[int, ...], v: int, peeked: Any) -> Any:
        """The statistics (STATS, over every banker hand) of an early surrender of the
        dealt `cards` against visible tuple `v`, or None where none is offered."""
        given_up = surrender_value(self.rules, self.kinds, cards, self.visibles[v],
                                   early=True, offered=lambda: self.may_give_up(cards))
        if given_up is None:
            return None
        against = self._against_pontoon(cards)
        return self.wide(early_surrender_stats(self.rules, given_up, peeked[v],
                                               list(against[:len(STATS)]), self.exact))

    def _surrender(self, cards: tuple[int, ...], peeked: Any, out: Any,
                   gives_up: Callable[[tuple[int, ...], int], bool] | None = None) -> None:
        """Give the dealt hand up where that loses less (`out`, V x STATS, partial over
        the peek as every hand value is: a late surrender happens only where the banker
        has shown no pontoon), or where `gives_up` says (then not noted in `given_up`)."""
        plain = gives_up is None and not self.exact and not void_unchecked(self.rules)
        lates, through, offered = self._lates(len(cards)), 1 - peeked, None
        for v in range(len(self.visibles)):
            if plain:  # its value first: the whole row only where it beats playing on
                late = lates[v]
                if late is None:
                    continue
                if offered is None:
                    offered = self.may_give_up(cards)
                if not offered or not float(through[v]) * late[1] > out[v, 0]:
                    continue
            cells = self.surrender_cells(cards, v, peeked)
            if cells is None:
                continue
            if gives_up is not None:
                if gives_up(cards, v):
                    out[v] = np.array(cells, dtype=out.dtype)
            elif cells[0] > out[v, 0]:
                out[v] = np.array(cells, dtype=out.dtype)
                self.given_up.add((tuple(sorted(cards)), v))

    def surrender_cells(self, cards: tuple[int, ...], v: int, peeked: Any) -> Any:
        """The statistics (STATS, partial over the peek) of a late surrender of the dealt
        `cards` against visible tuple `v`, or None where none is offered; `peeked` is the
        peek's chance per visible tuple (`outlook`)."""
        visible = self.visibles[v]
        late = self._late_given_up(cards, v)
        if late is None:
            return None
        given_up = late[0]
        cells: list[Any]
        through = 1 - peeked[v]
        row = surrender_stats(given_up)
        if void_unchecked(self.rules):
            _, _, draws = self.outlook(self._removed(cards))
            cells = void_surrender(self.rules, self.kinds, cards, visible,
                                   [draws[v, k] for k in range(self.n_kinds)], given_up)[1]
        elif self.exact:
            cells = [through * Fraction(x) for x in row]
            cells[0] = through * given_up
        else:
            cells = [float(through) * x for x in row]
        return self.wide(cells)

    def _late_given_up(self, cards: tuple[int, ...], v: int) -> tuple[Fraction, float] | None:
        """What a late surrender of the dealt `cards` nets against visible tuple `v`
        (`surrender_value`; with it as a float), or None where none is offered: worked out
        once per number of cards and visible tuple (all it reads of the cards but
        `may_give_up`, asked of the cards apart)."""
        late = self._lates(len(cards))[v]
        return late if late is not None and self.may_give_up(cards) else None

    def _lates(self, n_cards: int) -> list[tuple[Fraction, float] | None]:
        """`_late_given_up` of dealt hands of `n_cards` cards that may be given up, per
        visible tuple."""
        found: dict[int, list[tuple[Fraction, float] | None]] = \
            self.__dict__.setdefault("_late", {})
        if n_cards not in found:
            found[n_cards] = [None if (value := surrender_value(
                self.rules, self.kinds, range(n_cards), visible, offered=lambda: True)) is None
                else (value, float(value)) for visible in self.visibles]
        return found[n_cards]

    def may_give_up(self, cards: tuple[int, ...]) -> bool:
        """`giving_up.may_give_up` of the dealt `cards`, worked out once (not per up card)."""
        found: dict[tuple[int, ...], bool] = self.__dict__.setdefault("_may_give_up", {})
        key = tuple(cards)
        if key not in found:
            found[key] = may_give_up(self.rules, self.kinds, key)
        return found[key]

    @property
    def given_up(self) -> set[tuple[tuple[int, ...], int]]:
        """The dealt hands (sorted kinds, visible tuple) best play surrenders, as far as
        `dealt_stats` has valued them."""
        found: set[tuple[tuple[int, ...], int]] | None = self.__dict__.get("_given_up")
        if found is None:
            found = self.__dict__["_given_up"] = set()
        return found

    def insurance_gain(self, removed: Removed, v: int) -> Any:
        """What insuring at the most gains, per original stake (negative: decline)."""
        r = self.rules
        _, _, draws = self.outlook(removed)
        ten = sum(draws[v, k] for k in self._natural_draws(v))
        return (ten * r.insurance_pays - (1 - ten)) * r.insurance_fraction

    def _natural_draws(self, v: int) -> tuple[int, ...]:
        """The kinds that make the banker's visible cards `v` a natural (the same
        whatever cards are gone: asked once per up card, not once per dealt hand)."""
        found: dict[int, tuple[int, ...]] = self.__dict__.setdefault("_naturals", {})
        if v not in found:
            visible = self.visibles[v]
            found[v] = tuple(k for k in range(self.n_kinds)
                             if banker_natural(self.rules, self.kinds, (*visible, k)))
        return found[v]

    def _against_pontoon(self, cards: tuple[int, ...]) -> Any:
        """The statistics (STATS) of the dealt `cards` against the banker's pontoon shown
        at the peek (worked out once per final: dealt hands of one final share them)."""
        final = self.hands.final(start_of(self, cards))
        found: dict[Final, Any] = self.__dict__.setdefault("_against", {})
        if final not in found:
            found[final] = self._against_final(final)
        return found[final]

    def _against_final(self, final: Final) -> Any:
        book = self.hands.book
        pay = payoff(final, (book.peeked, 21), self.rules)
        one: Any = Fraction(1) if self.exact else 1.0
        shares = results(final, (book.peeked, 21), self.rules)
        return np.array(self.wide([pay if self.exact else float(pay), one,
                                    one * book.natural(final[0]), 0 * one, 0 * one,
                                    *(x if self.exact else float(x) for x in shares)]),
                        dtype=object if self.exact else float)


    def _side_bets(self, cards: tuple[int, ...], removed: Removed, out: Any) -> Any:
        """Even money (replacing the hand) or insurance (added), where better."""
        r, kinds = self.rules, self.kinds
        one: Any = Fraction(1) if self.exact else 1.0
        pontoon = dealt_natural(r, kinds, cards)
        for v, visible in enumerate(self.visibles):
            if not visible or not kinds[visible[0]].is_ace:
                continue
            if pontoon:
                if r.even_money and out[v, 0] < one:
                    out[v] = np.array(self.wide([one, one, one, 0, 0, one, 0, 0]),
                                      dtype=out.dtype)
                continue
            if not r.insurance:
                continue
            gain = self.insurance_gain(removed, v)
            if gain > 0:
                extra = np.zeros(self.n_stats, dtype=out.dtype)
                extra[0], extra[1] = gain, one * r.insurance_fraction
                out[v] = out[v] + extra
        return out

    def split_all(self, pair: int) -> Any:
        """Statistics (V x STATS) of splitting the dealt pair of `pair` (None: no split)."""
        if pair not in self._splits:
            self._splits[pair] = self._split_all(pair)
        return self._splits[pair]

    def _split_all(self, pair: int) -> Any:
        from pontoon_rules.analysis.composition.split import ZeroMemorySplit, applies

        if not self.finals or not VisibleSplits(self, pair, 0).can_split(pair, pair):
            return None  # (no banker's final: every deal ends at the peek, before a split)
        if applies(self, pair):
            return ZeroMemorySplit(self, pair).value()
        return split_rows(self, pair)

    def split_stats(self, pair: int, v: int) -> Any:
        """Statistics of splitting the dealt pair of `pair` against visible tuple `v`
        (`split_all` solves every visible tuple at once, to the same bits)."""
        solver = VisibleSplits(self, pair, v)
        if not solver.can_split(pair, pair):
            return None
        return solver.value(pair, pair)

    def prepare(self) -> None:
        """Compute the dealt hands' values and the split bases at once with the
        compiled recursion (`compiled`) where it applies; the memoised recursion then
        finds them (and serves any other question itself)."""
        if not self._compiles():
            return
        self._prepared = True
        from pontoon_rules.analysis.composition.compiled import solve

        solved = solve(self, *self._compiled_roots())
        if solved is not None:
            self._memo.update(solved.values)
            self.fast_bases = solved.bases

    def warm_graph(self) -> None:
        """Build and keep the graph of hand states `prepare` will read, solving nothing
        (`compiled.warm`; none where `prepare` compiles nothing)."""
        if not self._compiles():
            return
        from pontoon_rules.analysis.composition.compiled import warm

        warm(self, *self._compiled_roots())

    def _compiles(self) -> bool:
        """Whether `prepare` has the compiled recursion still to call: not called yet, in
        floats (not exact), and some banker's hand outlasts the peek."""
        return not (self._prepared or self.exact or not self.finals)

    def _compiled_roots(self) -> tuple[dict[int, int], list[tuple[Removed, HandState]]]:
        """What `prepare` asks the compiled recursion for: the CDZ- pairs (pair ->
        extras), and the split roots of the pairs it does not cover."""
        from pontoon_rules.analysis.composition.split import applies, extras_of

        cdz: dict[int, int] = {}
        roots: list[tuple[Removed, HandState]] = []
        for a in range(self.n_kinds):
            if not (self.rules.split_allowed and is_pair(self.kinds[a], self.kinds[a], self.rules)
                    and VisibleSplits(self, a, 0).can_split(a, a)):
                continue
            if applies(self, a):
                cdz[a] = extras_of(self, a)
                continue
            for c in range(self.n_kinds):
                roots.append((self._removed((a, a, c)),
                              start_state(self.kinds, (a, c), True, self.rules)))
                for c2 in range(self.n_kinds):
                    roots.append((self._removed((a, a, c, c2)),
                                  start_state(self.kinds, (a, c, c2), True, self.rules)))
        return cdz, roots

    @gc_paused
    def stats(self) -> Any:
        """The statistics vector of a round (expected value first) under best play."""
        if self._stats is None:
            self._stats = self.stats_over(None)
        self.check_reads()
        return self._stats

    def stats_over(self, mask: Any) -> Any:
        """`stats` of the deals whose visible tuple `mask` weighs 1 (None: every deal; the
        up-card groups of `analysis.upcards`)."""
        self.prepare()
        total: Any = None
        for cards, weights in self.dealt():
            part = (weights if mask is None else weights * mask) @ self.dealt_stats(cards)
            total = part if total is None else total + part
        return total[:len(STATS)]

    @property
    def ends_at_the_peek(self) -> bool:
        """Whether every deal ends at the peek: no banker's hand outlasts it (no final)."""
        return not self.finals

    def check_reads(self) -> None:
        """Refuse the figure where the ruleset plays a rule the solve never read
        (`analysis.assumed`)."""
        ended_at_the_peek([self])
        require_read(self.read, self.rules, "exact-shoe")

    def value_of_round(self) -> Any:
        """The expected value of a round per unit of original stake."""
        return self.stats()[0]


def method_name(model: CompositionModel) -> str:
    """The method of `model` in words, naming the post-split strategy it uses (and that
    the figure is exact only while the pack lasts, where a round could run it out)."""
    from pontoon_rules.analysis.composition.split import applies

    r = model.rules
    pairs = [k for k in range(model.n_kinds)
             if r.split_allowed and is_pair(model.kinds[k], model.kinds[k], r)]
    short = round_may_run_out(model)
    lasts = "" if short is None else "; " + WHILE_THE_PACK_LASTS.format(**short)
    if not pairs:
        return METHOD + "; no splitting" + lasts
    seat = f"; {APPROXIMATION}" if model.seat_takes else ""
    if all(applies(model, k) for k in pairs):
        return f"{METHOD}; {CDZ}{seat}{lasts}"
    return f"{METHOD}; {POST_SPLIT}{seat}{lasts}"


def round_may_run_out(model: HandValues) -> dict[str, Any] | None:
    """Where one round could use every card of the shoe: the pack's size and the most
    cards a round could take, in words (None where it cannot). A hand takes at most its
    `max_cards`, and at most the pack's lowest cards (aces low) that stay under a bust
    and the one that busts it (every card where a named hand may be held over 21); a seat
    plays at most `split_max_hands` hands."""
    r = model.rules
    pack = sorted(c for k, n in zip(model.kinds, model.full, strict=True)
                  for c in [k.value] * int(n))
    most, points = 0, 0
    for value in pack:
        most += 1
        points += value
        if points > 21 and not r.over_21_hands:
            break
    hands = min(r.split_max_hands, len(pack)) if r.split_allowed else 1
    player, banker = min(r.max_cards, most), min(r.banker_max_cards, most)
    if hands * player + banker < len(pack):
        return None
    return {"cards": len(pack), "hands": f"{hands} hand(s) of up to {player} cards and "
                                         f"the banker's {banker}"}
