"""Exact composition-dependent expected value of a round dealt from the ruleset's shoe.

Every card the player has seen is out of the shoe: their own cards as they draw,
the banker's visible cards, and (where the banker peeks) the fact that the
banker holds no pontoon. The banker's finished hand is then enumerated for that
exact remaining composition (`banker`), and the player takes, at every
decision, the best action given the cards they hold: a *composition-dependent*
strategy (`METHOD`).

The peek is handled without conditioning at every node: values are *partial*
expectations over the banker hands the peek lets through (a sub-probability
distribution computed from the shoe less the player's current cards). By Bayes,
`sum_c P(c | cards) * partial(cards + c) = P(no pontoon | cards) * E[hit | cards,
no pontoon]`, so the recursion is exact and the best action at every node is the
best one given the peek (the factor is the same for every action); the round's
value adds the peeked pontoon's share at the deal.

Values are vectors over the banker's visible cards (one entry per visible tuple)
and over `STATS` (expected value first), so one recursion serves every column.

What is not exact (named `POST_SPLIT`): after a split, each hand is played best
for its own cards with the split pair removed, and valued with that removal; the
cards of the other split hands (and the pair cards a resplit takes) are averaged
over, not removed. Every published blackjack calculator makes an approximation
of this kind (Eric Farmer's CDZ-, CDP1, CDP).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition.banker import (
    banker_mass,
    banker_mass_groups,
    banker_tables,
    exact_banker_mass,
    join,
    peek_only,
    without_busts,
)
from pontoon_rules.analysis.context import STATS
from pontoon_rules.analysis.dealer import BankerPolicy, banker_policy
from pontoon_rules.analysis.deck import KindSpace, is_pair, kind_space
from pontoon_rules.analysis.hand import STICK, Choice, HandSolver, HandState, start_state
from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.analysis.outcomes import Final, PayoffTable, payoff, player_class
from pontoon_rules.analysis.split import SplitSolver
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass

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

Removed = tuple[int, ...]
"""Cards out of the shoe (counts per kind), besides the banker's visible cards."""


class CompositionModel:
    """Composition-dependent best play of one seat, dealt from the ruleset's own shoe."""

    def __init__(self, rules: Rules, policy: str | None = None, exact: bool = False) -> None:
        self.rules, self.exact = rules, exact
        self.policy: BankerPolicy = banker_policy(rules, policy)
        self.space: KindSpace = kind_space(rules)
        self.kinds = self.space.kinds
        self.full = np.array(self.space.full, dtype=np.int64)
        self.n_kinds = len(self.kinds)
        self.visibles: list[tuple[int, ...]] = list(
            itertools.product(range(self.n_kinds), repeat=rules.banker_visible))
        self.visible_counts = np.zeros((len(self.visibles), self.n_kinds), dtype=np.int64)
        for i, v in enumerate(self.visibles):
            for k in v:
                self.visible_counts[i, k] += 1
        self._base_shoes = self.full[None, :] - self.visible_counts
        self.tables = banker_tables(rules, self.kinds, self.policy, tuple(self.visibles))
        self.finals: tuple[Final, ...] = self.tables[0].finals
        self.bounds, self.joined = join(self.tables)
        self.hands = HandSolver(rules, self.kinds, [1.0] * self.n_kinds,
                                PayoffTable(rules, {}, exact))
        self._memo: dict[tuple[Removed, HandState], Any] = {}
        self._rows: dict[tuple[Final, int], Any] = {}
        self._follow_memo: dict[tuple[Removed, Removed, HandState], Any] = {}
        self._splits: dict[int, Any] = {}
        self._stats: Any = None
        self._prepared = False
        self.fast_bases: dict[int, Any] = {}
        """CDZ- split bases from the compiled recursion (`compiled`), per pair."""
        self._option_memo: dict[tuple[Removed, HandState, Choice], Any] = {}
        self._stick_memo: dict[tuple[Removed, Final, int], Any] = {}
        self._choice_memo: dict[tuple[Removed, HandState], list[int]] = {}
        self._options: dict[HandState, list[Choice]] = {}
        self._next: dict[tuple[HandState, Choice], tuple[HandState, ...]] = {}
        self._finals: dict[HandState, Final] = {}
        self._stands: dict[tuple[Removed, HandState], Any] = {}
        self._busts: dict[tuple[HandState, Choice], frozenset[int]] = {}
        self._peeks = bool(rules.peek) and not exact
        self._single = len(self.visibles) == 1 and not exact
        self.peek_bounds, self.peek_tree = join([peek_only(t) for t in self.tables])
        trimmed = [without_busts(t) for t in self.tables]
        self._trim: tuple[Any, Any, int] | None = None
        if all(t is not None for t in trimmed):
            bounds, tree = join([t[0] for t in trimmed if t is not None])
            self._trim = (bounds, tree, trimmed[0][1] if trimmed[0] else 0)
        self._max_size = int(self.joined.sizes.max())
        self._groups = (np.arange(len(self.visibles) + 1, dtype=np.int64),
                        np.arange(len(self.visibles), dtype=np.int64))
        shared = _shared(self)
        self._outlooks: dict[Removed, tuple[Any, Any, Any]] = shared["outlooks"]
        self._peek_memo: dict[Removed, Any] = shared["peek"]
        self._live: dict[Removed, tuple[list[int], Any]] = shared["live"]

    # -- the shoe and the banker ---------------------------------------------------------
    def outlook(self, removed: Removed) -> tuple[Any, Any, Any]:
        """Banker finals (V x F, partial), peeked pontoon (V) and draw chances (V x K)."""
        found = self._outlooks.get(removed)
        if found is not None:
            return found
        shoes, totals = self._shoes(removed)
        if self.exact:
            found = self._exact_outlook(shoes, totals)
        else:
            mass = self.banker_finals(shoes, totals, *self._groups)
            draws = shoes / np.maximum(totals, 1)[:, None]
            found = (mass[:, :-1], mass[:, -1], draws)
        self._outlooks[removed] = found
        return found

    def banker_finals(self, shoes: Any, totals: Any, starts: Any, tables: Any) -> Any:
        """The chance of each finished banker hand (rows x finals, the last column a
        peeked pontoon) from shoes in groups: rows `starts[g]` to `starts[g+1]` hold
        visible tuple `tables[g]` (floats). Busts are the rest (`without_busts`) where
        no shoe can run out while the banker draws."""
        live = totals > 0
        if self._trim is not None and bool((totals[live] >= self._max_size).all()):
            bounds, t, bust = self._trim
            mass = banker_mass_groups(shoes, totals, starts, tables, bounds, t.parents,
                                      t.kinds, t.have, t.sizes, t.orders, t.final_ids,
                                      len(self.finals))
            mass[:, bust] = live - mass.sum(axis=1)
            return mass
        j = self.joined
        return banker_mass_groups(shoes, totals, starts, tables, self.bounds, j.parents,
                                  j.kinds, j.have, j.sizes, j.orders, j.final_ids,
                                  len(self.finals))

    def _exact_outlook(self, shoes: np.ndarray, totals: np.ndarray) -> tuple[Any, Any, Any]:
        masses = []
        for v, table in enumerate(self.tables):
            counts = [int(c) for c in shoes[v]]
            masses.append(exact_banker_mass(counts, table) if totals[v] else
                          [Fraction(0)] * (len(self.finals) + 1))
        mass = np.array(masses, dtype=object)
        draws = np.array([[Fraction(int(c), int(t)) if t else Fraction(0) for c in row]
                          for row, t in zip(shoes, totals, strict=True)], dtype=object)
        return mass[:, :-1], mass[:, -1], draws

    # -- one hand ----------------------------------------------------------------------
    def value(self, removed: Removed, s: HandState) -> Any:
        """Statistics (V x STATS, partial over the peek) of the hand `s` under best play;
        `removed` is every card out of the shoe besides the visible ones."""
        key = (removed, s)
        found = self._memo.get(key)
        if found is None:
            options = self.options_of(s)
            if not options:
                found = self.stick(removed, s)
            elif len(options) == 1:
                found = self.option(removed, s, options[0])
            elif self._single:
                found = _first_best([self.option(removed, s, c) for c in options])
            else:
                found = _best(np.stack([self.option(removed, s, c) for c in options]))
            self._memo[key] = found
        return found

    def option(self, removed: Removed, s: HandState, choice: Choice) -> Any:
        """The statistics of taking `choice` now and playing on at best."""
        if choice.kind == STICK:
            return self.stick(removed, s)
        key = (removed, s, choice)
        found = self._option_memo.get(key)
        if found is None:
            found = self._option_memo[key] = self._draw_option(removed, s, choice)
        return found

    def options_of(self, s: HandState) -> list[Choice]:
        """`HandSolver.options`, remembered per state."""
        found = self._options.get(s)
        if found is None:
            found = self._options[s] = self.hands.options(s)
        return found

    def successors(self, s: HandState, choice: Choice) -> tuple[HandState, ...]:
        """The state after taking `choice` and drawing a card of each kind (by kind)."""
        key = (s, choice)
        found = self._next.get(key)
        if found is None:
            after = self.hands.after(s, choice)
            found = self._next[key] = tuple(self.hands.draw(after, k)
                                            for k in range(self.n_kinds))
        return found

    def live(self, removed: Removed) -> tuple[list[int], Any]:
        """The kinds a card may be of (for some visible tuple) and their chances
        (V x those kinds), floats only."""
        found = self._live.get(removed)
        if found is None:
            draws = self.outlook(removed)[2]
            kinds = [int(k) for k in np.flatnonzero(draws.any(axis=0))]
            found = self._live[removed] = (kinds, np.ascontiguousarray(draws[:, kinds].T))
        return found

    def _draw_option(self, removed: Removed, s: HandState, choice: Choice) -> Any:
        if not self.exact:
            kinds, q = self.live(removed)
            if not kinds:
                return np.zeros((len(self.visibles), len(STATS)))
            nexts = self.successors(s, choice)
            if self._peeks:
                self._prefetch_peeks(removed, s, choice, kinds)
            memo, parts = self._memo, []
            for k in kinds:
                grown = removed[:k] + (removed[k] + 1,) + removed[k + 1:]
                found = memo.get((grown, nexts[k]))
                parts.append(self.value(grown, nexts[k]) if found is None else found)
            if self._single:
                return (q[:, 0] @ np.concatenate(parts))[None, :]
            stack = np.concatenate(parts).reshape(len(kinds), len(self.visibles), -1)
            return np.einsum("kv,kvs->vs", q, stack)
        after = self.hands.after(s, choice)
        _, _, draws = self.outlook(removed)
        out = None
        for k in range(self.n_kinds):
            q = draws[:, k]
            if not q.any():
                continue
            grown = removed[:k] + (removed[k] + 1,) + removed[k + 1:]
            part = q[:, None] * self.value(grown, self.hands.draw(after, k))
            out = part if out is None else out + part
        if out is None:
            return np.zeros((len(self.visibles), len(STATS)),
                            dtype=object if self.exact else float)
        return out

    def final_of(self, s: HandState) -> Final:
        """`HandSolver.final`, remembered per state."""
        found = self._finals.get(s)
        if found is None:
            found = self._finals[s] = self.hands.final(s)
        return found

    def stick(self, removed: Removed, s: HandState) -> Any:
        """The statistics of the hand standing as it is."""
        found = self._stands.get((removed, s))
        if found is not None:
            return found
        final = self.final_of(s)
        key = (removed, final, s.staked)
        found = self._stick_memo.get(key)
        if found is None:
            row = self._row(final, s.staked)
            if final[0] is HandClass.BUST and not self.exact:
                found = self._through_peek(removed)[:, None] * row[0][None, :]
            else:
                found = self.outlook(removed)[0] @ row
            self._stick_memo[key] = found
        self._stands[(removed, s)] = found
        return found

    def _prefetch_peeks(self, removed: Removed, s: HandState, choice: Choice,
                        kinds: list[int]) -> None:
        """`_through_peek` of every composition this draw busts into, in one kernel call
        (floats, where the banker peeks)."""
        busts = self._busts.get((s, choice))
        if busts is None:
            busts = self._busts[(s, choice)] = frozenset(
                k for k, n in enumerate(self.successors(s, choice))
                if not self.options_of(n) and self.final_of(n)[0] is HandClass.BUST)
        wanted = [g for g in (_grow(removed, k) for k in kinds if k in busts)
                  if g not in self._peek_memo]
        if len(wanted) < 2:
            return
        n_v = len(self.visibles)
        shoes = (self._base_shoes[None, :, :] - np.array(wanted, dtype=np.int64)[:, None, :]
                 ).reshape(len(wanted) * n_v, self.n_kinds)
        valid: Any = (shoes >= 0).all(axis=1)
        shoes = np.where(valid[:, None], shoes, 0)
        totals = shoes.sum(axis=1)
        t = self.peek_tree
        mass = banker_mass_groups(shoes, totals, np.arange(len(shoes) + 1, dtype=np.int64),
                                  np.tile(np.arange(n_v, dtype=np.int64), len(wanted)),
                                  self.peek_bounds, t.parents, t.kinds, t.have, t.sizes,
                                  t.orders, t.final_ids, len(self.finals))
        through = ((totals > 0) - mass[:, -1]).reshape(len(wanted), n_v)
        for grown, row in zip(wanted, through, strict=True):
            self._peek_memo[grown] = row

    def _through_peek(self, removed: Removed) -> Any:
        """The chance (per visible tuple) that the peek lets the round go on (a bust
        hand's value needs nothing more of the banker)."""
        found = self._peek_memo.get(removed)
        if found is None:
            shoes, totals = self._shoes(removed)
            found = (totals > 0).astype(float)
            if self.rules.peek:
                t = self.peek_tree
                found = found - banker_mass(shoes, totals, self.peek_bounds, t.parents, t.kinds,
                                            t.have, t.sizes, t.orders, t.final_ids,
                                            len(self.finals))[:, -1]
            self._peek_memo[removed] = found
        return found

    def _shoes(self, removed: Removed) -> tuple[Any, Any]:
        shoes = self._base_shoes - np.array(removed, dtype=np.int64)
        if shoes.min() < 0:
            valid: Any = (shoes >= 0).all(axis=1)
            shoes = np.where(valid[:, None], shoes, 0)
        return shoes, shoes.sum(axis=1)

    def _row(self, final: Final, staked: int) -> Any:
        found = self._rows.get((final, staked))
        if found is None:
            one: Any = Fraction(1) if self.exact else 1.0
            cls = final[0]
            rows = []
            for bank in self.finals:
                pay = payoff(final, bank, self.rules)
                rows.append([staked * (pay if self.exact else float(pay)), staked * one,
                             one * (cls is HandClass.PONTOON),
                             one * (cls is HandClass.FIVE_CARD_TRICK),
                             one * (cls is HandClass.BUST), one * (pay > 0), one * (pay < 0),
                             one * (pay == 0)])
            found = np.array(rows, dtype=object if self.exact else float)
            self._rows[(final, staked)] = found
        return found

    def best_choice(self, removed: Removed, s: HandState) -> list[Choice | None]:
        """The best decision for each visible tuple (None: the hand is finished)."""
        options = self.options_of(s)
        if not options:
            return [None] * len(self.visibles)
        stack = np.stack([self.option(removed, s, c) for c in options])
        return [options[i] for i in _argmax(stack)]

    # -- the deal ----------------------------------------------------------------------
    def dealt(self) -> Iterator[tuple[tuple[int, ...], Any]]:
        """Every dealt player hand (kinds, sorted) with its chance per visible tuple."""
        r = self.rules
        for cards in itertools.combinations_with_replacement(range(self.n_kinds),
                                                             r.player_cards):
            weights = self._chances(cards)
            if any(weights):
                yield cards, weights

    def _chances(self, cards: tuple[int, ...]) -> Any:
        orders = math.factorial(len(cards))
        for k in set(cards):
            orders //= math.factorial(cards.count(k))
        out = []
        for v in self.visibles:
            counts = [int(c) for c in self.full]
            total = sum(counts)
            p: Any = Fraction(orders) if self.exact else float(orders)
            for k in cards + v:
                p = p * Fraction(max(counts[k], 0), total) if self.exact \
                    else p * max(counts[k], 0) / total
                counts[k] -= 1
                total -= 1
            out.append(p)
        return np.array(out, dtype=object if self.exact else float)

    def dealt_stats(self, cards: tuple[int, ...],
                    hand_value: Callable[[Removed, HandState], Any] | None = None,
                    side_bets: bool = True) -> Any:
        """Statistics (V x STATS) of a dealt hand: best play, split, peek, side bets.

        Args:
            hand_value: how the unsplit hand is played (default: best play, `value`);
                a pair is split where splitting beats best play.
        """
        removed = self._removed(cards)
        state = start_state(self.kinds, cards, False, self.rules)
        perfect = self.value(removed, state)
        out = (hand_value or self.value)(removed, state).copy()
        if len(cards) == 2 and is_pair(self.kinds[cards[0]], self.kinds[cards[1]], self.rules) \
                and self.rules.split_allowed:
            split = self.split_all(cards[0])
            if split is not None:
                better = split[:, 0] > perfect[:, 0]
                out[better] = split[better]
        _, peeked, _ = self.outlook(removed)
        if any(peeked):
            out = out + peeked[:, None] * self._against_pontoon(cards)[None, :]
        return self._side_bets(cards, removed, out) if side_bets else out

    def insurance_gain(self, removed: Removed, v: int) -> Any:
        """What insuring at the most gains, per original stake (negative: decline)."""
        r, kinds = self.rules, self.kinds
        _, _, draws = self.outlook(removed)
        ten = sum(draws[v, k] for k in range(self.n_kinds) if kinds[k].is_ten)
        return (ten * r.insurance_pays - (1 - ten)) * r.insurance_fraction

    def _against_pontoon(self, cards: tuple[int, ...]) -> Any:
        state = start_state(self.kinds, cards, False, self.rules)
        final = self.hands.final(state)
        pay = payoff(final, (HandClass.PONTOON, 21), self.rules)
        one: Any = Fraction(1) if self.exact else 1.0
        cls = player_class(state.hard, state.soft, state.n, False, False, self.rules)
        return np.array([pay if self.exact else float(pay), one,
                         one * (cls is HandClass.PONTOON), 0 * one, 0 * one, one * (pay > 0),
                         one * (pay < 0), one * (pay == 0)],
                        dtype=object if self.exact else float)

    def _side_bets(self, cards: tuple[int, ...], removed: Removed, out: Any) -> Any:
        """Even money (replacing the hand) or insurance (added), where better."""
        r, kinds = self.rules, self.kinds
        one: Any = Fraction(1) if self.exact else 1.0
        pontoon = len(cards) == 2 and {kinds[c].value for c in cards} == {1, 10}
        for v, visible in enumerate(self.visibles):
            if not visible or not kinds[visible[0]].is_ace:
                continue
            if pontoon:
                if r.even_money and out[v, 0] < one:
                    out[v] = np.array([one, one, one, 0, 0, one, 0, 0], dtype=out.dtype)
                continue
            if not r.insurance:
                continue
            gain = self.insurance_gain(removed, v)
            if gain > 0:
                extra = np.zeros(len(STATS), dtype=out.dtype)
                extra[0], extra[1] = gain, one * r.insurance_fraction
                out[v] = out[v] + extra
        return out

    def _removed(self, cards: Sequence[int]) -> Removed:
        counts = [0] * self.n_kinds
        for k in cards:
            counts[k] += 1
        return tuple(counts)

    def split_all(self, pair: int) -> Any:
        """Statistics (V x STATS) of splitting the dealt pair of `pair` (None: no split)."""
        if pair not in self._splits:
            self._splits[pair] = self._split_all(pair)
        return self._splits[pair]

    def _split_all(self, pair: int) -> Any:
        from pontoon_rules.analysis.composition.split import ZeroMemorySplit, applies

        if not _CompositionSplits(self, pair, 0).can_split(pair, pair):
            return None
        if applies(self, pair):
            return ZeroMemorySplit(self, pair).value()
        rows = [self.split_stats(pair, v) for v in range(len(self.visibles))]
        return np.stack(rows)

    def split_stats(self, pair: int, v: int) -> Any:
        """Statistics of splitting the dealt pair of `pair` against visible tuple `v`."""
        solver = _CompositionSplits(self, pair, v)
        if not solver.can_split(pair, pair):
            return None
        return solver.value(pair, pair)

    def prepare(self) -> None:
        """Compute the dealt hands' values and the split bases at once with the
        compiled recursion (`compiled`) where it applies; the memoised recursion then
        finds them (and serves any other question itself)."""
        if self._prepared or self.exact:
            return
        self._prepared = True
        from pontoon_rules.analysis.composition.compiled import solve
        from pontoon_rules.analysis.composition.split import applies, extras_of

        cdz: dict[int, int] = {}
        roots: list[tuple[Removed, HandState]] = []
        for a in range(self.n_kinds):
            if not (self.rules.split_allowed and is_pair(self.kinds[a], self.kinds[a], self.rules)
                    and _CompositionSplits(self, a, 0).can_split(a, a)):
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
        solved = solve(self, cdz, roots)
        if solved is not None:
            self._memo.update(solved.values)
            self.fast_bases = solved.bases

    @gc_paused
    def stats(self) -> Any:
        """The statistics vector of a round (expected value first) under best play."""
        if self._stats is None:
            self.prepare()
            total = None
            for cards, weights in self.dealt():
                part = weights @ self.dealt_stats(cards)
                total = part if total is None else total + part
            self._stats = total
        return self._stats

    def value_of_round(self) -> Any:
        """The expected value of a round per unit of original stake."""
        return self.stats()[0]


def method_name(model: CompositionModel) -> str:
    """The method of `model` in words, naming the post-split strategy it uses."""
    from pontoon_rules.analysis.composition.split import applies

    r = model.rules
    pairs = [k for k in range(model.n_kinds)
             if r.split_allowed and is_pair(model.kinds[k], model.kinds[k], r)]
    if not pairs:
        return METHOD + "; no splitting"
    if all(applies(model, k) for k in pairs):
        return f"{METHOD}; {CDZ}"
    return f"{METHOD}; {POST_SPLIT}"


class _CompositionSplits(SplitSolver[Any]):
    """Splits whose hands are played composition-dependently (see `POST_SPLIT`)."""

    def __init__(self, model: CompositionModel, pair: int, v: int) -> None:
        self.model, self.pair, self.v = model, pair, v
        removed = list(model._removed((pair, pair)))
        _, _, draws = model.outlook(tuple(removed))
        probs = list(draws[v])
        zero = np.zeros(len(STATS), dtype=object if model.exact else float)
        if model.exact:
            zero[:] = Fraction(0)
        super().__init__(model.rules, model.kinds, probs, _unused_hand, _first_stat, zero)

    def _hand(self, a: int, c: int) -> Any:
        if c < 0:
            return super()._hand(a, c)
        key = (a, c)
        found = self._hands.get(key)
        if found is None:
            m = self.model
            removed = m._removed((a, a, c))
            found = m.value(removed, start_state(m.kinds, (a, c), True, m.rules))[self.v]
            self._hands[key] = found
        return found

    def _fresh(self, a: int) -> Any:
        m = self.model
        out = self._zero()
        for k, q in enumerate(self.probs):
            if not q:
                continue
            _, _, after = m.outlook(m._removed((a, a, k)))
            for k2, q2 in enumerate(after[self.v]):
                if q2:
                    removed = m._removed((a, a, k, k2))
                    state = start_state(m.kinds, (a, k, k2), True, m.rules)
                    out = out + q * q2 * m.value(removed, state)[self.v]
        return out


def _grow(removed: Removed, k: int) -> Removed:
    """`removed` with one more card of kind `k`."""
    return removed[:k] + (removed[k] + 1,) + removed[k + 1:]


def _unused_hand(s: HandState) -> Any:  # pragma: no cover - _hand is overridden
    """`SplitSolver`'s hand values (`_CompositionSplits` overrides `_hand`); a function,
    not a method, so that a split solver is in no reference cycle with its model."""
    raise NotImplementedError


def _first_stat(x: Any) -> Any:
    """The expected value of a statistics vector."""
    return x[0]


_SHARED: dict[bytes, dict[str, Any]] = {}
"""What the shoe and the banker give, per banker and shoe (see `_shared`)."""
SHARED_KEEP = 4
"""How many banker-and-shoe caches `_SHARED` keeps (the latest ones)."""


def clear_shared() -> None:
    """Forget the shared shoe-and-banker caches (for timing a cold computation)."""
    _SHARED.clear()


def _shared(model: CompositionModel) -> dict[str, Any]:
    """The caches of `model` that depend only on the shoe and the banker's play (its
    outlooks, peek chances and draw chances), shared by every model with the same
    shoe, visible cards, banker trees and peek: the variants of a rule-cost table
    that change only the player's options or the settlement reuse them."""
    j = model.joined
    parts = [model.full, model.visible_counts, model.bounds, j.parents, j.kinds, j.have,
             j.sizes, j.orders, j.final_ids]
    key = b"|".join(np.ascontiguousarray(a).tobytes() for a in parts) + repr(
        (model.finals, model.rules.peek, model.exact)).encode()
    found = _SHARED.pop(key, None)
    if found is None:
        found = {"outlooks": {}, "peek": {}, "live": {}}
    _SHARED[key] = found
    while len(_SHARED) > SHARED_KEEP:
        del _SHARED[next(iter(_SHARED))]
    return found


def _first_best(values: list[Any]) -> Any:
    """The statistics (1 x STATS) with the greatest value, the first on ties."""
    best = values[0]
    for v in values[1:]:
        if v[0, 0] > best[0, 0]:
            best = v
    return best


def _argmax(stack: Any) -> list[int]:
    """For each visible tuple, the index of the option with the greatest value (the
    first on ties)."""
    values = stack[:, :, 0]
    out = []
    for v in range(values.shape[1]):
        column = list(values[:, v])
        out.append(column.index(max(column)))
    return out


def _best(stack: Any) -> Any:
    """The statistics of the best option for each visible tuple."""
    if stack.dtype != object:
        index = np.argmax(stack[:, :, 0], axis=0)
        return stack[index, np.arange(stack.shape[1])]
    return np.stack([stack[i, v] for v, i in enumerate(_argmax(stack))])
