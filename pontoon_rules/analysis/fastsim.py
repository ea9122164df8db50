"""The fast simulation path: whole chunks of rounds as NumPy arrays (infinite deck).

Each round's cards are drawn with replacement, the player follows the model's
best decisions from a lookup table (hard points × ace held × cards × doubles),
the banker draws by rule, and settlement uses a payoff table built from
`analysis.outcomes.payoff`. Rounds the table cannot play (a pair the strategy
splits) are replayed, from the same dealt cards, through the engine path.
Applies to one-seat rulesets without buying and three of a kind, where
insurance and even money are never worth taking.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from pontoon_rules.analysis.exact import RoundModel
from pontoon_rules.analysis.hand import DOUBLE, TWIST, HandState
from pontoon_rules.analysis.outcomes import payoff
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import BuyMode, HandClass

if TYPE_CHECKING:
    from pontoon_rules.analysis.simulate import Tally

CLASSES = tuple(HandClass)
MAX_POINTS = 32


def fast_path_problem(rules: Rules, dealing: str) -> str | None:
    """Why the fast path cannot play `rules` (None when it can)."""
    if dealing != "infinite":
        return "it deals from an infinite deck only"
    if rules.buy_mode is not BuyMode.NONE:
        return "buying cards is not vectorised"
    if rules.three_of_a_kind:
        return "three of a kind is not vectorised"
    if rules.player_cards != 2 or rules.banker_cards > 2:
        return "it deals two cards to the player and at most two to the banker"
    if rules.banker_visible and (rules.insurance or rules.even_money):
        model = RoundModel(rules)
        for deal in model.deals():
            if model.takes_even_money(deal):
                return "even money is taken"
            ctx = model.context(deal.cards, deal.visible)
            if deal.visible and model.space.kinds[deal.visible[0]].is_ace and \
                    rules.insurance and ctx.insurance_edge() > 0:
                return "insurance is taken"
    return None


class FastSimulator:
    """Plays chunks of rounds as arrays; splits go to the engine path."""

    def __init__(self, rules: Rules, policy: str | None) -> None:
        from pontoon_rules.analysis.simulate import EngineSimulator

        self.rules = rules
        self.model = RoundModel(rules, "infinite", policy)
        kinds = self.model.space.kinds
        self.values = np.array([k.value for k in kinds])
        self.aces = np.array([k.is_ace for k in kinds])
        self.tens = self.values == 10
        self.probs = np.array([float(p) for p in self.model.probs])
        self.ranks = [k.ranks for k in kinds]
        self.n_visible = max(1, len(kinds) ** rules.banker_visible)
        self.max_cards = min(rules.max_cards, 12)
        self.since_dim = rules.double_draws + 1 if rules.double_draws < 99 else 1
        self.table = self._decisions()
        self.splits = self._split_table()
        self.pay = self._pay_table()
        self.engine = EngineSimulator(rules, policy, "infinite")

    # -- tables ------------------------------------------------------------------------
    def _visible_sets(self) -> list[tuple[int, ...]]:
        if not self.rules.banker_visible:
            return [()]
        return [(v,) for v in range(len(self.values))]

    def _decisions(self) -> np.ndarray:
        """Action codes: 0 stand, 1 twist, 2 double."""
        r = self.rules
        shape = (self.n_visible, MAX_POINTS, 2, self.max_cards + 1, r.double_times + 1,
                 self.since_dim)
        table = np.zeros(shape, dtype=np.int8)
        codes = {TWIST: 1, DOUBLE: 2}
        for v, visible in enumerate(self._visible_sets()):
            hands = self.model.context((), visible).hands
            for index in np.ndindex(*shape[1:]):
                hard, soft, n, doubles, since = (int(x) for x in index)
                if n < 2 or hard < n or hard > 21 or (soft and hard > 21):
                    continue
                state = HandState(hard, bool(soft), n, -1, False, False, n > 2, 0, 0,
                                  doubles, since, 2 ** doubles)
                choice, _ = hands.best(state)
                table[(v, *index)] = codes.get(choice.kind, 0) if choice else 0
        return table

    def _split_table(self) -> np.ndarray:
        k = len(self.values)
        table = np.zeros((self.n_visible, k, k), dtype=bool)
        for v, visible in enumerate(self._visible_sets()):
            ctx = self.model.context((), visible)
            for a in range(k):
                for b in range(k):
                    table[v, a, b] = ctx.should_split((a, b))
        return table

    def _pay_table(self) -> np.ndarray:
        n = len(CLASSES)
        pay = np.zeros((n, MAX_POINTS, n, MAX_POINTS))
        for i, cls in enumerate(CLASSES):
            for j, bank in enumerate(CLASSES):
                for p in range(MAX_POINTS):
                    for q in range(MAX_POINTS):
                        pay[i, p, j, q] = float(payoff((cls, p), (bank, q), self.rules))
        return pay

    # -- one chunk ---------------------------------------------------------------------
    def run(self, rounds: int, seed: int) -> Tally:
        """Play `rounds` rounds seeded by `seed`; returns a `simulate.Tally`."""
        from pontoon_rules.analysis.simulate import Tally

        rng = np.random.Generator(np.random.PCG64(seed))
        r = self.rules
        k = len(self.values)
        player = rng.choice(k, size=(rounds, 2), p=self.probs)
        banker = rng.choice(k, size=(rounds, r.banker_cards), p=self.probs)
        visible = banker[:, 0] if r.banker_visible else np.zeros(rounds, dtype=np.int64)
        net = np.zeros(rounds)
        peeked = self._peeked(banker)
        net[peeked] = self._against_pontoon(player[peeked])
        low, high = player.min(axis=1), player.max(axis=1)
        fallback = ~peeked & self.splits[visible, low, high]
        live = ~peeked & ~fallback
        net[live] = self._play(rng, player[live], banker[live], visible[live])
        kept = net[~fallback]
        tally = Tally(len(kept), float(kept.sum()), float((kept**2).sum()))
        tally.add(self._replay(player[fallback], banker[fallback], seed))
        return tally

    def _peeked(self, banker: np.ndarray) -> np.ndarray:
        r = self.rules
        if not r.peek or banker.shape[1] < 2 or HandClass.PONTOON not in r.rank_of_class \
                or not r.banker_pontoon:
            return np.zeros(len(banker), dtype=bool)
        ace = self.aces[banker]
        ten = self.tens[banker]
        peeked: np.ndarray = (ace[:, 0] & ten[:, 1]) | (ten[:, 0] & ace[:, 1])
        return peeked

    def _against_pontoon(self, player: np.ndarray) -> np.ndarray:
        hard = self.values[player].sum(axis=1)
        soft = self.aces[player].any(axis=1)
        cls, points = self._classes(hard, soft, np.full(len(hard), 2), banker=False)
        pays: np.ndarray = self.pay[cls, points, CLASSES.index(HandClass.PONTOON), 21]
        return pays

    def _play(self, rng: np.random.Generator, player: np.ndarray, banker: np.ndarray,
              visible: np.ndarray) -> np.ndarray:
        hard = self.values[player].sum(axis=1)
        soft = self.aces[player].any(axis=1)
        n = np.full(len(hard), 2)
        doubles = np.zeros(len(hard), dtype=np.int64)
        since = np.zeros(len(hard), dtype=np.int64)
        staked = np.ones(len(hard))
        active = np.ones(len(hard), dtype=bool)
        while active.any():
            idx = np.flatnonzero(active)
            code = self.table[visible[idx], np.minimum(hard[idx], MAX_POINTS - 1),
                              soft[idx].astype(np.int64), np.minimum(n[idx], self.max_cards),
                              doubles[idx], np.minimum(since[idx], self.since_dim - 1)]
            active[idx[code == 0]] = False
            dbl = idx[code == 2]
            staked[dbl] *= 2
            doubles[dbl] += 1
            since[dbl] = 0
            draw = idx[code > 0]
            cards = rng.choice(len(self.values), size=len(draw), p=self.probs)
            hard[draw] += self.values[cards]
            soft[draw] |= self.aces[cards]
            n[draw] += 1
            since[draw] += doubles[draw] > 0
        p_cls, p_pts = self._classes(hard, soft, n, banker=False)
        b_cls, b_pts = self._banker(rng, banker)
        net: np.ndarray = staked * self.pay[p_cls, p_pts, b_cls, b_pts]
        return net

    def _banker(self, rng: np.random.Generator, banker: np.ndarray) -> tuple[np.ndarray, ...]:
        r, policy = self.rules, self.model.policy
        hard = self.values[banker].sum(axis=1)
        soft = self.aces[banker].any(axis=1)
        n = np.full(len(hard), banker.shape[1])
        while True:
            high = soft & (hard + r.ace_bonus <= 21)
            points = np.where(high, hard + r.ace_bonus, hard)
            draws = (points < policy.stand_on) | (
                (points == policy.stand_on) & high & policy.hit_soft)
            draws &= (n < r.banker_max_cards) & (points <= 21)
            if r.banker_by_choice:
                draws &= points < 21
            idx = np.flatnonzero(draws)
            if not len(idx):
                break
            cards = rng.choice(len(self.values), size=len(idx), p=self.probs)
            hard[idx] += self.values[cards]
            soft[idx] |= self.aces[cards]
            n[idx] += 1
        return self._classes(hard, soft, n, banker=True)

    def _classes(self, hard: np.ndarray, soft: np.ndarray, n: np.ndarray,
                 banker: bool) -> tuple[np.ndarray, np.ndarray]:
        r = self.rules
        high = soft & (hard + r.ace_bonus <= 21)
        points = np.where(high, hard + r.ace_bonus, hard)
        candidates = {
            HandClass.PONTOON: (n == 2) & soft & (hard == 11)
            & (r.banker_pontoon if banker else True),
            HandClass.FIVE_CARD_TRICK: (n == r.trick_cards)
            & (r.banker_trick if banker else r.trick_enabled),
            HandClass.TWENTY_ONE: (points == 21) & (n >= 3) & r.twenty_one,
        }
        cls = np.full(len(hard), CLASSES.index(HandClass.TOTAL))
        ranked = sorted((c for c in candidates if c in r.rank_of_class),
                        key=r.rank_of_class.__getitem__, reverse=True)
        for c in ranked:
            cls = np.where(candidates[c], CLASSES.index(c), cls)
        cls = np.where(points > 21, CLASSES.index(HandClass.BUST), cls)
        return cls, np.minimum(points, MAX_POINTS - 1)

    def _replay(self, player: np.ndarray, banker: np.ndarray, seed: int) -> Tally:
        """Rounds with a split, through the engine, from their dealt cards."""
        from pontoon_rules.analysis.simulate import Tally

        rng = random.Random(seed)
        tally = Tally()
        r = self.rules
        for p_cards, b_cards in zip(player, banker, strict=True):
            dealt: list[int] = []
            for i in range(max(r.player_cards, r.banker_cards)):
                if i < r.player_cards:
                    dealt.append(self._card(int(p_cards[i]), rng))
                if i < r.banker_cards:
                    dealt.append(self._card(int(b_cards[i]), rng))
            value = self.engine.play(rng, dealt)
            tally.rounds += 1
            tally.total += value
            tally.squares += value * value
        return tally

    def _card(self, kind: int, rng: random.Random) -> int:
        return rng.choice(self.ranks[kind]) * 4 + rng.randrange(4)

