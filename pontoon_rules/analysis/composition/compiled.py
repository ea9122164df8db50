"""Tables for the compiled composition-dependent recursion (the C kernel, `native`), and
its results.

`solve(model)` computes, in a few kernel calls, what `HandValues.value` and
`ZeroMemorySplit` would compute by memoised recursion: the value of every dealt
hand, of the split hands that `split.SplitSolver` asks for, and the CDZ- split
bases `T(e, 0)`. The hand states (`HandState`, Python objects with the rules'
logic) become integer tables once per model: each state's options, the state
after each option and card, the payout row it stands on. The numbers are the
model's own, summed in another order (they agree to rounding; a test checks).
"""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition.hands import HandValues
from pontoon_rules.analysis.composition.outlook import SECOND_CARDS, SHARED_KEEP, Removed, kept
from pontoon_rules.analysis.composition.states import Rows, StateTables, start_of
from pontoon_rules.analysis.hand import HandSolver, HandState
from pontoon_rules.analysis.named import SUIT_COUNT
from pontoon_rules.analysis.outcomes import bust_settled_alike
from pontoon_rules.analysis.reads import (
    Coarse,
    Read,
    read_coarse,
    reads_equal,
    recording,
    replay,
    unwrapped,
)
from pontoon_rules.analysis.seat_takes import TAKEN_INDEX
from pontoon_rules.engine.round.rules import Rules

KEY_LIMIT = 1 << 62
"""Each half of a node key (a composition key half x states) stays below this."""


@dataclass
class Graph:
    """The state tables without what the hands pay: the states reachable from `roots`
    (and the twins), their options, the states after each option and card, and what each
    stands on or is given up for. Made from the values in `read` alone (the rules' fields
    the hand states read, `analysis.reads`), so that rules equal in those share it:
    `costs` solves many variants that change only what a hand pays. The number of packs
    is read only as `named.suit_count` (a blend's suits, `named._suit_shoe`: a shaped book),
    so a shoe of another count shares it where every way the suits may fall keeps a
    chance; what a blend pays in the model's own shoe is its row's price (`_priced`)."""

    read: Read
    kinds: tuple[Any, ...]
    roots: tuple[HandState, ...]
    tables: StateTables
    """The tables, their `rows` empty: each ruleset prices them (`_priced`)."""
    rows: list[tuple[Any, HandState, bool]]
    """What each payout row is: its key, a state on it and whether the state is given up
    (`HandValues._row`, `rescue_row`). The key of a stand is its final as the graph's book
    has it, the state itself where that is a blend (`_blended`), and the stake; of a
    rescue, (("rescue", net), stake). A blend's row is priced by its state's final in the
    model's own book (`_priced`): its shares are the model's shoe's."""


GRAPHS: list[Graph] = []
"""The latest graphs made in this process, the newest first (at most `KEPT_GRAPHS`)."""
KEPT_GRAPHS = 32
"""Enough for the distinct graphs of one ruleset's realistic variations (spanish-21's 8-deck
table makes 27; its state tables about 1.4 MB each), so a ruleset changed in the workbench
builds each once."""
GRAPH_FIELDS = frozenset({
    "ace_bonus", "banker_dealt", "banker_hands", "bust_limit", "bust_loses_at_once",
    "buy_after_split", "buy_after_twist", "buy_mode", "card_present", "conditional", "decks",
    "double_aces_low", "double_after_split", "double_allowed", "double_draws",
    "double_max_cards", "double_min_cards", "double_times", "double_totals", "draw_on_21",
    "first_buy", "last_buy_card", "later_cap_first", "later_cap_previous", "max_cards",
    "named", "over_21_hands", "player_hands", "redouble_whole", "rescue", "rescue_last_only",
    "stick_minimum",
    "split_allowed", "split_by_rank", "split_ranks", "split_max_hands", "resplit",
    "resplit_aces", "resplit_one_branch", "split_cards", "split_aces_one_card",
})
"""The fields of `Rules` a graph of hand states reads (`Graph.read`, the bundled rulesets'
together; a test keeps it whole), and those choosing its split roots: a change to one
builds a new graph, the costlier variants of a table (`costs.graph_changed`, the order the
variants are shared in). `decks` is read only as `named.suit_count`, `bust_loses_at_once`
only as `outcomes.bust_settled_alike` (`COARSE`)."""
_KEEPING = threading.Lock()
"""Held while `GRAPHS` is searched or changed (a solve may run on a thread of its own)."""
BUST_ALIKE = Coarse(bust_settled_alike, field="bust_loses_at_once")
"""A graph's one read of what a hand is paid: whether a bust nets the same whatever the
banker holds (its states' `bust`), not the bust's cells themselves (what else they say is
priced per model, `_priced`), so that a change of a bust's cells or of its settling at once
that leaves it settled alike keeps the graph."""
COARSE = {entry.field: entry.derive for entry in (SUIT_COUNT, BUST_ALIKE)}
"""The fields of `GRAPH_FIELDS` a graph reads coarsely (`reads.Coarse`): field -> what of
the rules it reads (a change to the field that leaves that alone keeps the graph)."""


def graph_changed(base: Rules, variant: Rules) -> bool:
    """Whether `variant` reads otherwise than `base` some field a graph may read
    (`GRAPH_FIELDS`, the coarse ones as `COARSE` reads them): it builds a graph of its own."""
    return any(_graph_value(base, name) != _graph_value(variant, name) for name in GRAPH_FIELDS)


def _graph_value(rules: Rules, name: str) -> Any:
    coarse = COARSE.get(name)
    return getattr(rules, name) if coarse is None else coarse(rules)


def state_tables(model: HandValues, roots: list[HandState]) -> StateTables:
    """The tables of every state reachable from `roots` (and the twins)."""
    return _priced(model, _graph(model, roots))


def _graph(model: HandValues, roots: list[HandState]) -> Graph:
    """The graph of `roots` under `model`'s rules: one made before from equal reads, the
    same kinds and roots (its reads made again through `model.rules`, for a caller that
    records them), else a new one (kept)."""
    kinds, start, plain = tuple(model.kinds), tuple(roots), unwrapped(model.rules)
    with _KEEPING:
        for at, kept in enumerate(GRAPHS):
            if kept.roots == start and kept.kinds == kinds and reads_equal(kept.read, plain):
                GRAPHS.insert(0, GRAPHS.pop(at))
                break
        else:
            kept = None
    if kept is not None:
        replay(kept.read, model.rules)
        return kept
    graph = _build(model, start)
    with _KEEPING:
        GRAPHS.insert(0, graph)
        del GRAPHS[KEPT_GRAPHS:]
    return graph


def _build(model: HandValues, roots: tuple[HandState, ...]) -> Graph:
    """The graph of `roots`, by a solver of its own that records what it reads: each state
    numbered in the order first met, and its rows of the tables made as it is reached."""
    rules, read = recording(model.rules)
    hands = HandSolver(rules, model.kinds, [1.0] * model.n_kinds, model.hands.table,
                       shaped=True)
    rows = Rows(hands, model.n_kinds, read_coarse(rules, BUST_ALIKE))
    for s in roots:
        rows.number(s)
    i = 0
    while i < len(rows.order):  # `order` grows as new states are met
        rows.add(rows.order[i])
        i += 1
    tables = rows.tables()
    return Graph(dict(read), tuple(hands.kinds), roots, tables, rows.rows)


def _priced(model: HandValues, g: Graph) -> StateTables:
    """The graph's tables with `model`'s payout rows: what a hand stands on (a blend's
    final as the model's own book has it; a final naming one hand is the same in every
    shoe the graph serves), and what a rescue nets (the same whatever the banker holds)."""
    rows = [model.rescue_row(s) if rescued
            else model._row(key[0] if key[1] is None else model.final_of(s), s.staked)
            for key, s, rescued in g.rows]
    return dataclasses.replace(g.tables, rows=np.ascontiguousarray(np.stack(rows)))


def applies(model: HandValues, n_states: int = 1) -> bool:
    """Whether the compiled recursion covers `model` (floats; keys fit in int64)."""
    return not model.exact and max(_spans(model)) * n_states < KEY_LIMIT


@dataclass
class Solved:
    """What `solve` found: hand values to remember, CDZ- bases per pair."""

    values: dict[tuple[Removed, HandState], Any]
    bases: dict[int, Any]
    """pair -> (2 x E+1 x V x STATS): T(e, 0) for a random second card, then a pair card."""


def solve(model: HandValues, cdz_pairs: dict[int, int],
          split_roots: list[tuple[Removed, HandState]]) -> Solved | None:
    """The dealt hands' values, `split_roots`' values and the CDZ- bases of the pairs
    in `cdz_pairs` (pair -> extras), or None where the recursion does not apply.

    One call of the C kernel (`native`)."""
    m = model
    dealt, starts, roots = _roots(m, cdz_pairs, split_roots)
    t = state_tables(m, roots)
    if t.rows.ndim != 3:  # rows of no outcome: no banker's hand outlasts the peek
        from pontoon_rules.analysis.composition.outlook import no_banker_hand
        from pontoon_rules.errors import AnalysisError

        raise AnalysisError(no_banker_hand(m.rules))
    if not applies(m, len(t.ids)):
        return None
    main = dealt + split_roots
    from pontoon_rules.analysis.composition.native import kernels

    values, roots_of = _solve_native(kernels(), m, t, main, cdz_pairs, starts)
    bases = {a: _bases(m, a, cdz_pairs[a], roots_of[a]) for a in cdz_pairs}
    return Solved({key: values[i] for i, key in enumerate(main)}, bases)


def warm(model: HandValues, cdz_pairs: dict[int, int],
         split_roots: list[tuple[Removed, HandState]]) -> None:
    """The graph `solve` of the same arguments reads, made now and kept (`GRAPHS`), with
    nothing solved: built ahead by a process that will solve variants reading it
    (`analysis.present.warming`)."""
    _graph(model, _roots(model, cdz_pairs, split_roots)[2])


def _roots(m: HandValues, cdz_pairs: dict[int, int],
           split_roots: list[tuple[Removed, HandState]]
           ) -> tuple[list[tuple[Removed, HandState]],
                      dict[int, list[tuple[Removed, HandState]]], list[HandState]]:
    """The dealt hands (cards removed, state), each CDZ- pair's starts, and the states
    the graph is built from: theirs and `split_roots`'."""
    dealt = [(m._removed(cards), start_of(m, cards)) for cards, _ in m.dealt()]
    starts = {a: [(m._removed((a, c)), start_of(m, (a, c), True))
                  for c in range(m.n_kinds)] for a in cdz_pairs}
    roots = [s for _, s in dealt + split_roots] + [s for v in starts.values() for _, s in v]
    return dealt, starts, roots


def _solve_native(fast: Any, m: HandValues, t: StateTables, main: list[tuple[Removed, HandState]],
                  cdz_pairs: dict[int, int],
                  starts: dict[int, list[tuple[Removed, HandState]]]) -> tuple[Any, Any]:
    """(main roots' values (n x V x STATS), per pair its starts' values (K x E+1 x V x
    STATS)) by the C kernel."""
    base = np.ascontiguousarray(m._base_shoes, dtype=np.int64)
    carried = _carried(m)
    rows = np.ascontiguousarray(t.rows[:, :, carried]) if carried else t.rows
    n_v, n_k, n_stats = base.shape[0], m.n_kinds, rows.shape[2]
    trees = _trees(m)
    dims = [n_k, n_v, len(t.ids), t.okind.shape[1], len(m.finals), len(t.rows), n_stats,
            trees[1], trees[2], len(main), len(cdz_pairs)]
    lanes = np.ones(n_v, dtype=np.int64) if m.lanes is None else m.lanes
    ints = [base, base.sum(axis=1), _mult(m), t.nopt, t.okind, t.succ, t.rowid, t.bust,
            t.unsplit, *trees[0][0], *trees[0][1], *trees[0][2], lanes]
    floats = [rows, *trees[3]]
    pairs = list(cdz_pairs)
    comps = np.array([r for r, _ in main], dtype=np.int64).reshape(-1, n_k)
    states = np.array([t.ids[s] for _, s in main], dtype=np.int64)
    pc = np.array([r for a in pairs for r, _ in starts[a]], dtype=np.int64).reshape(-1, n_k)
    ps = np.array([t.ids[s] for a in pairs for _, s in starts[a]], dtype=np.int64)
    out_main = np.zeros((len(main), n_v, n_stats))
    sizes = [n_k * (cdz_pairs[a] + 1) * n_v * n_stats for a in pairs]
    out_pairs = np.zeros(sum(sizes) + 1)
    fast.solve(dims, ints, floats, (comps, states),
               (np.array(pairs, dtype=np.int64), np.array([cdz_pairs[a] for a in pairs],
                                                          dtype=np.int64), pc, ps),
               out_main, out_pairs)
    roots_of, at = {}, 0
    for a, size in zip(pairs, sizes, strict=True):
        roots_of[a] = _every_stat(
            t.rows, out_pairs[at:at + size].reshape(n_k, cdz_pairs[a] + 1, n_v, n_stats),
            carried)
        at += size
    return _every_stat(t.rows, out_main, carried), roots_of


def _carried(m: HandValues) -> list[int] | None:
    """The statistics the recursion carries (None: every one): where only the expected
    value is asked for (`HandValues.value_only`), its column, and the `TAKEN` shares a
    seat's split value needs (`analysis.seat_takes`)."""
    if not m.value_only:
        return None
    return [0, *range(TAKEN_INDEX, m.n_stats)]


def _every_stat(rows: np.ndarray, values: np.ndarray, carried: list[int] | None) -> np.ndarray:
    """`values` with every statistic of `rows` (zeros for those not `carried`)."""
    if carried is None:
        return values
    out = np.zeros(values.shape[:-1] + (rows.shape[2],))
    out[..., carried] = values
    return out


def _trees(m: HandValues) -> tuple[Any, int, int, Any]:
    """The banker's full, trimmed and peek trees as the C kernel reads them: (int
    arrays of each, the trimmed tree's bust final (-1: none), the shoe size from which
    it holds, their orders)."""
    j = m.joined
    full = (m.bounds, j.parents, j.kinds, j.have, j.sizes, j.final_ids)
    trim, bust, trim_orders = full, -1, j.orders
    if m._trim is not None:
        b, tr, bust = m._trim
        trim, trim_orders = (b, tr.parents, tr.kinds, tr.have, tr.sizes, tr.final_ids), tr.orders
    p = m.peek_tree
    peek = (m.peek_bounds, p.parents, p.kinds, p.have, p.sizes, p.final_ids)
    return (full, trim, peek), bust, m._max_size, (j.orders, trim_orders, p.orders)


def _bases(m: HandValues, pair: int, extras: int, roots: Any) -> Any:
    """T(e, 0) for e = 0..extras from the split starts' values `roots` (K x E+1 x V x
    STATS): [random second card, pair second card]."""
    out = np.zeros((2,) + roots.shape[1:])
    out[1] = roots[pair]
    q, drawn = _second_cards(m, pair, extras)
    for c in range(m.n_kinds):
        if drawn[:, c].any():  # each e as alone: only where its second card can be c
            part = out[0] + q[:, :, c, None] * roots[c]
            out[0] = np.where(drawn[:, c, None, None], part, out[0])
    return out


def _second_cards(m: HandValues, pair: int, extras: int) -> tuple[Any, ...]:
    """The chances of a split hand's second card (E+1 x V x K) with 1 + e pair cards out,
    and where a kind can come for some visible tuple (E+1 x K); they read the shoe alone,
    so the variants with it share them (`outlook.kept`)."""
    key = (np.ascontiguousarray(m._base_shoes).tobytes(), m.n_kinds, pair, extras)
    found = kept(SECOND_CARDS, key, SHARED_KEEP * m.n_kinds, tuple)
    if found:
        return found
    shoes = np.repeat(m._base_shoes[None], extras + 1, axis=0)
    shoes[:, :, pair] -= 1 + np.arange(extras + 1)[:, None]
    ok: Any = (shoes >= 0).all(axis=2)
    totals = shoes.sum(axis=2)
    q = np.where(ok[:, :, None] & (totals[:, :, None] > 0),
                 shoes / np.maximum(totals, 1)[:, :, None], 0.0)
    found = SECOND_CARDS[key] = (q, q.any(axis=1))
    return found


def _spans(model: HandValues) -> tuple[int, int]:
    """How many compositions each half of the kinds can hold (Python ints)."""
    spans = [1, 1]
    half = model.n_kinds // 2
    for k, c in enumerate(model.full):
        spans[int(k >= half)] *= int(c) + 1
    return spans[0], spans[1]


def _mult(model: HandValues) -> np.ndarray:
    """2 x kinds: each kind's weight in its half of a composition key."""
    mult = np.zeros((2, model.n_kinds), dtype=np.int64)
    half = model.n_kinds // 2
    weight = [1, 1]
    for k, c in enumerate(model.full):
        h = int(k >= half)
        mult[h, k] = weight[h]
        weight[h] *= int(c) + 1
    return mult
