"""The fast simulation path: whole chunks of rounds as NumPy arrays (infinite deck).

Each round's cards are drawn with replacement. Every hand is a state number
(`fasttables`): the player's hands follow the model's best decisions folded into
a transition table, the banker's follow the drawing rule, and all live hands
take their next card together, one draw at a time. A round the strategy splits
is planned by `SplitPlanner` (which hands it ends with, following the model's
resplit decisions) and its hands are played on the same tables; only rulesets
that deal more than one card to each split hand replay those rounds through the
engine path. Applies to one-seat rulesets without buying and three of a kind,
where insurance and even money are never worth taking.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from pontoon_rules.analysis.fasttables import (
    DEAD,
    banker_tables,
    net_table,
    player_tables,
    visible_sets,
)
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.split import NONPAIR, UNDEALT, Entry
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import BuyMode, HandClass

if TYPE_CHECKING:
    from pontoon_rules.analysis.simulate import Tally


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


class CardSource:
    """Infinite-deck draws as look-ups into the full shoe reduced to lowest terms."""

    def __init__(self, counts: Sequence[int]) -> None:
        g = math.gcd(*counts)
        self.deck = np.repeat(np.arange(len(counts), dtype=np.intp), [c // g for c in counts])
        size = len(self.deck)
        self.dtype = np.uint8 if size <= 256 else np.uint16 if size <= 65536 else np.uint32

    def draw(self, rng: np.random.Generator, shape: int | tuple[int, ...]) -> np.ndarray:
        """Kind indices, each with its infinite-deck chance."""
        picks = rng.integers(0, len(self.deck), size=shape, dtype=self.dtype)
        cards: np.ndarray = self.deck[picks]
        return cards


class FastSimulator:
    """Plays chunks of rounds as arrays of hand states; splits are planned per round."""

    def __init__(self, rules: Rules, policy: str | None) -> None:
        self.rules, self.policy = rules, policy
        self.model = RoundModel(rules, "infinite", policy)
        self.cards = CardSource(self.model.space.full)
        self.kinds = len(self.model.space.kinds)
        self.player = player_tables(self.model)
        self.banker = banker_tables(self.model)
        net = net_table(self.model, self.player, self.banker)
        self.net = net.ravel()
        self.n_finals = net.shape[1]
        self.n_states = len(self.player.staked)
        self.step = self.player.step.ravel()
        self.live = self.player.live.ravel()
        self.visible = visible_sets(self.model)
        self.splits = self._split_table()
        self.peek_pay = self._peek_pay()
        self.peeks = self._peeks()
        self.banker_step = self.banker.step.ravel()
        self.planner = SplitPlanner(self.model, self.visible) if rules.split_cards == 1 else None
        self._engine: Any = None

    def _split_table(self) -> np.ndarray:
        k = self.kinds
        table = np.zeros((len(self.visible), k, k), dtype=bool)
        for v, visible in enumerate(self.visible):
            ctx = self.model.context((), visible)
            for a, b in itertools.product(range(k), repeat=2):
                table[v, a, b] = ctx.should_split((min(a, b), max(a, b)))
        return table

    def _peek_pay(self) -> np.ndarray:
        ctx = self.model.context((), self.visible[0])
        k = self.kinds
        return np.array([[float(ctx.against_pontoon((a, b))) for b in range(k)]
                         for a in range(k)])

    # -- one chunk ---------------------------------------------------------------------
    def run(self, rounds: int, seed: int) -> Tally:
        """Play `rounds` rounds seeded by `seed`; returns a `simulate.Tally`."""
        rng = np.random.Generator(np.random.PCG64(seed))
        r = self.rules
        dealt = self.cards.draw(rng, (rounds, 2 + r.banker_cards))
        c1, c2, banker = dealt[:, 0], dealt[:, 1], dealt[:, 2:]
        vis = self._visible_index(banker)
        banker_state = self._banker_start(banker)
        peeked = self.peeks[banker_state]
        split = self.splits[vis, c1, c2] & ~peeked
        state = self.player.start[c1, c2]
        state[peeked | split] = DEAD
        extra_round, extra_state, replay = self._split_hands(rng, np.flatnonzero(split), c1, c2,
                                                             vis)
        hand_round = np.concatenate([np.arange(rounds), extra_round])
        state = np.concatenate([state, extra_state])
        self._play(rng, state, vis[hand_round] if len(self.visible) > 1 else None)
        final = self._banker_finals(rng, banker_state)
        per_hand = self.net[state * self.n_finals + final[hand_round]]
        net = per_hand[:rounds].copy()
        np.add.at(net, extra_round, per_hand[rounds:])
        net[peeked] = self.peek_pay[c1[peeked], c2[peeked]]
        return self._tally(net, dealt, replay, seed)

    def _tally(self, net: np.ndarray, dealt: np.ndarray, replay: np.ndarray,
               seed: int) -> Tally:
        """The chunk's sums, with the rounds in `replay` played through the engine."""
        from pontoon_rules.analysis.simulate import Tally

        rounds = len(net)
        if not len(replay):
            return Tally(rounds, float(net.sum()), float(np.square(net).sum()))
        keep = np.ones(rounds, dtype=bool)
        keep[replay] = False
        kept = net[keep]
        tally = Tally(len(kept), float(kept.sum()), float(np.square(kept).sum()))
        tally.add(self._replay(dealt[replay], seed))
        return tally

    def split_nets(self, visible: int, pair: tuple[int, int], rounds: int,
                   seed: int) -> np.ndarray:
        """The nets of `rounds` rounds that split `pair` (kinds) against visible set
        `visible`, the banker dealt without a peeked pontoon: a check of the split path."""
        rng = np.random.Generator(np.random.PCG64(seed))
        rows = np.arange(rounds)
        first, second = np.full(rounds, pair[0]), np.full(rounds, pair[1])
        vis = np.full(rounds, visible)
        where, state, _ = self._split_hands(rng, rows, first, second, vis)
        self._play(rng, state, vis[where] if len(self.visible) > 1 else None)
        banker = self._deal_banker(rng, rounds, self.visible[visible])
        final = self._banker_finals(rng, self._banker_start(banker))
        per_hand = self.net[state * self.n_finals + final[where]]
        nets: np.ndarray = np.bincount(where, weights=per_hand, minlength=rounds)
        return nets

    def _deal_banker(self, rng: np.random.Generator, rounds: int,
                     visible: tuple[int, ...]) -> np.ndarray:
        banker = self.cards.draw(rng, (rounds, self.rules.banker_cards))
        banker[:, :len(visible)] = visible
        redeal = np.flatnonzero(self.peeks[self._banker_start(banker)])
        while len(redeal):
            banker[redeal, len(visible):] = self.cards.draw(
                rng, (len(redeal), self.rules.banker_cards - len(visible)))
            redeal = redeal[self.peeks[self._banker_start(banker[redeal])]]
        return banker

    def _visible_index(self, banker: np.ndarray) -> np.ndarray:
        vis = np.zeros(len(banker), dtype=np.intp)
        for i in range(self.rules.banker_visible):
            vis = vis * self.kinds + banker[:, i]
        return vis

    def _peeks(self) -> np.ndarray:
        """Banker state → whether the banker peeks and shows a pontoon (dealt hands only)."""
        r, b = self.rules, self.banker
        pontoon = np.array([f[0] is HandClass.PONTOON for f in b.finals])[b.final_of]
        peeks = r.peek and r.banker_cards == 2 and HandClass.PONTOON in r.rank_of_class \
            and r.banker_pontoon
        found: np.ndarray = pontoon & peeks
        return found

    def _banker_start(self, banker: np.ndarray) -> np.ndarray:
        if not banker.shape[1]:
            return np.zeros(len(banker), dtype=np.intp)
        start: np.ndarray = self.banker.start[tuple(banker.T)]
        return start

    def _play(self, rng: np.random.Generator, state: np.ndarray,
              vis: np.ndarray | None) -> None:
        """Advance every hand (in place) until it stands, draw by draw on the live ones."""
        base = None if vis is None else vis * self.n_states
        rows = np.flatnonzero(self.live[state if base is None else base + state])
        while len(rows):
            cards = self.cards.draw(rng, len(rows))
            at = state[rows] if base is None else base[rows] + state[rows]
            state[rows] = nxt = self.step[at * self.kinds + cards]
            alive = self.live[nxt if base is None else base[rows] + nxt]
            rows = rows[alive]

    def _banker_finals(self, rng: np.random.Generator, state: np.ndarray) -> np.ndarray:
        """The banker's final (index into `banker.finals`) per round, drawing by rule."""
        b = self.banker
        state = state.copy()
        rows = np.flatnonzero(b.live[state])
        while len(rows):
            cards = self.cards.draw(rng, len(rows))
            state[rows] = nxt = self.banker_step[state[rows] * self.kinds + cards]
            rows = rows[b.live[nxt]]
        finals: np.ndarray = b.final_of[state]
        return finals

    def _split_hands(self, rng: np.random.Generator, rows: np.ndarray, c1: np.ndarray,
                     c2: np.ndarray, vis: np.ndarray) -> tuple[np.ndarray, ...]:
        """The hands of split rounds: (round, start state) of each, and rounds to replay."""
        planner = self.planner
        if planner is None:
            empty = np.zeros(0, dtype=np.intp)
            return empty, empty, rows
        spare = self.cards.draw(rng, (len(rows), planner.cards_needed))
        keep, moved = np.minimum(c1[rows], c2[rows]), np.maximum(c1[rows], c2[rows])
        k_card, m_card = planner.second_cards(spare)
        simple = ~planner.pairs[keep, k_card] & ~planner.pairs[moved, m_card]
        where = [rows[simple], rows[simple]]
        firsts = [keep[simple], moved[simple]]
        seconds = [k_card[simple], m_card[simple]]
        hard = np.flatnonzero(~simple)
        for row, v, a, b, cards in zip(rows[hard].tolist(), vis[rows[hard]].tolist(),
                                       keep[hard].tolist(), moved[hard].tolist(),
                                       spare[hard].tolist(), strict=True):
            hands = planner.plan(v, a, b, cards)
            where.append(np.full(len(hands), row))
            firsts.append(np.array([h[0] for h in hands]))
            seconds.append(np.array([h[1] for h in hands]))
        states = self.player.split_start[np.concatenate(firsts), np.concatenate(seconds)]
        return np.concatenate(where), states, np.zeros(0, dtype=np.intp)

    def _replay(self, dealt: np.ndarray, seed: int) -> Tally:
        """Rounds with a split the planner cannot follow, through the engine."""
        from pontoon_rules.analysis.simulate import EngineSimulator, Tally

        if self._engine is None:
            self._engine = EngineSimulator(self.rules, self.policy, "infinite")
        rng = random.Random(seed)
        tally = Tally()
        r = self.rules
        ranks = [k.ranks for k in self.model.space.kinds]
        for row in dealt.tolist():
            player, banker = row[:2], row[2:]
            cards: list[int] = []
            for i in range(max(r.player_cards, r.banker_cards)):
                for hand in (player, banker):
                    if i < len(hand):
                        cards.append(rng.choice(ranks[hand[i]]) * 4 + rng.randrange(4))
            value = self._engine.play(rng, cards)
            tally.add(Tally(1, value, value * value))
        return tally


class SplitPlanner:
    """Which hands a split round ends with, following the model's resplit decisions.

    Mirrors `SplitSolver._after_split`/`_decide`/`_run` (and the engine's order of
    play): the kept hand plays first, the moved hand waits at the front of the queue.
    """

    def __init__(self, model: RoundModel, visible: list[tuple[int, ...]]) -> None:
        self.rules = model.rules
        self.solvers = [model.context((), v).splits for v in visible]
        self.cards_needed = 2 * max(self.solvers[0].limit - 1, 1)
        k = len(model.space.kinds)
        resplits = self.solvers[0].resplits
        self.pairs = np.array([[self.solvers[0].limit > 2 and resplits(a, c) for c in range(k)]
                               for a in range(k)], dtype=bool).reshape(k, k)
        """(first, second) → whether a split hand holding them could split again."""
        self._decisions: dict[tuple[Any, ...], bool] = {}

    def second_cards(self, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The second cards of the kept and the moved hand among a plan's first draws."""
        if self.rules.split_all_at_once:
            return cards[:, 1], cards[:, 0]
        return cards[:, 0], cards[:, 1]

    def plan(self, v: int, keep: int, moved: int, cards: list[int]) -> list[tuple[int, int]]:
        """The (first, second) kinds of every hand, in order; `cards` supplies the draws."""
        splits = self.solvers[v]
        at_once = self.rules.split_all_at_once
        one_branch = self.rules.resplit_one_branch
        draw = iter(cards).__next__
        free = splits.limit - 2
        queue: list[list[Any]] = [[moved, draw() if at_once else UNDEALT, False]]
        a, c, has_split, blocked = keep, draw(), True, False
        hands: list[tuple[int, int]] = []
        while True:
            if not blocked and free > 0 and self.pairs[a, c] and self._resplits(
                    v, a, c, has_split, self._entries(queue, free), free):
                if has_split and one_branch and queue:
                    queue[0][2] = True
                free -= 1
                queue.insert(0, [a, draw() if at_once else UNDEALT, False])
                c, has_split = draw(), True
                continue
            hands.append((a, c))
            if not queue:
                return hands
            a, c, blocked = queue.pop(0)
            c, has_split = (draw() if c == UNDEALT else c), False

    def _resplits(self, v: int, a: int, c: int, has_split: bool, queue: tuple[Entry, ...],
                  free: int) -> bool:
        key = (v, a, c, has_split, queue, free)
        found = self._decisions.get(key)
        if found is None:
            found = self.solvers[v].should_resplit(a, c, has_split, queue, free)
            self._decisions[key] = found
        return found

    def _entries(self, queue: list[list[Any]], free: int) -> tuple[Entry, ...]:
        """The queue as the split solver keys it (see `ModelPolicy._entry`)."""
        out = []
        for first, second, blocked in queue:
            if second != UNDEALT and not (free > 0 and self.pairs[first, second]):
                second = NONPAIR
            out.append((first, second, blocked))
        return tuple(out)
