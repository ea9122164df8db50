"""The general kernel's data layout: the slots of a hand row, of the round's scalars and
of a card source, and a card source's arrays (`new_source`).

The C kernel (`native/sim.h`, which the tests check against these values) and the Python
that sets it up (`sim.runs.rounds`, `sim.sessions.tables`) read the slots from here.

A card source is an int64 vector `src` (`MODE` … `N_SRC`) with the cards `deck` and the
discard tray `tray`, in one of three modes:

- `INFINITE`: each card drawn uniformly from the full shoe (with replacement);
- `FRESH`: a freshly shuffled shoe each round, shuffled lazily (Fisher–Yates one card at a
  time), so a round costs a draw per card dealt, not per card in the shoe;
- `RING`: the physical pack of a session, a ring buffer (top at `HEAD`), used cards and
  busted hands to the bottom, a tray shuffled back in when it runs out.
"""

from __future__ import annotations

import numpy as np

(N, HARD, ACES, ORIG, STAKED, LAST, TWISTED, BOUGHT, DOUBLES, SINCE, DONE, SETTLED, NET,
 SPLIT, BLOCKED, SIBLING, PENDING, SHOOT, SEAT, MS, RETURNED, LASTACT, DRAWN, ROW_AT, ROW,
 SURRENDERED, SIDE, NF) = range(28)
"""The fields of a hand row. DRAWN: cards the hand asked for (a twist, a buy, a double),
as `engine.round.hand.Hand.drawn`; ROW: the named-hand row the hand is (native/sim_hands.h's
`named_row`), known while ROW_AT is its cards + 1 (0: not known; a split, which takes
cards away, sets it back to 0); SURRENDERED: given up for part of its stake
(`engine.round.giving_up.surrender`; settled at the end when it is void against a banker's
pontoon); SIDE: on a seat's first hand row, the seat's side bets' net, settled once the
deal is done (`engine.round.side_bets.settle`)."""

(VIS, SEATS, BANK, KITTY, OUTSTANDING, KITTY_ON, KITTY_START, AT_ONCE, STATUS, EARLY,
 BANKER_NET, BANKER_CLASS, KITTY_CHANGE, N_CTX) = range(14)
"""The slots of `ctx`, the round's scalars."""
A_SPLIT = 4
"""The split, among the strategy's actions (`sim.kernels.strategy.A_*`)."""
F_PONTOON, F_ROTATION, F_SHUFFLE = 0, 1, 2
"""seat_flags columns: some hand is a pontoon; one that may take the bank; one that calls
for a shuffle."""

INFINITE, FRESH, RING = range(3)
"""Card sources: with replacement, a fresh shoe each round, the session's physical pack."""
MODE, HEAD, COUNT, TRAY_N, DEALT, SHUFFLES, ERROR, N_SRC = range(8)
ERR_EMPTY = 1
"""The pack ran out mid-deal with nothing in the tray (the engine's ShoeError)."""

USUAL_VALUES = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.int64)
"""The usual points per rank, the ace low (the shoot policy reads them, as the engine's)."""


def new_source(mode: int, shoe: np.ndarray, seed_words: np.ndarray) -> tuple[np.ndarray, ...]:
    """(src, deck, tray, rng state) for a source over `shoe`, seeded by `seed_words`."""
    src = np.zeros(N_SRC, dtype=np.int64)
    src[MODE] = mode
    st = np.array([np.uint64(int(seed_words[0]))], dtype=np.uint64)
    deck = shoe.astype(np.int64).copy()
    tray = np.zeros(len(shoe), dtype=np.int64)
    if mode == RING:
        src[COUNT] = len(shoe)
    return src, deck, tray, st


def stacked_source(cards: list[int]) -> tuple[np.ndarray, ...]:
    """(src, deck, tray, rng state) dealing `cards` in order, once (a stacked shoe:
    nothing goes back under the pack)."""
    src = np.zeros(N_SRC, dtype=np.int64)
    src[MODE] = RING
    src[COUNT] = len(cards)
    deck = np.zeros(max(len(cards), 1) + 1, dtype=np.int64)
    deck[:len(cards)] = cards
    return src, deck, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.uint64)
