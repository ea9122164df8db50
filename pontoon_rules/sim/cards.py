"""The kernel's random numbers and card sources (compiled with numba, cached on disk).

Random numbers: SplitMix64 (one 64-bit word of state), `bounded(st, n)` an
integer in [0, n) by the multiply-shift method (n < 2**32). `SimRandom`
replays the same generator in Python so that the engine's `Pack` can shuffle
exactly as the kernel does (the differential tests rely on it).

A card source is an int64 vector `src` (its slots in `sim.layout`) with the cards
`deck` and the discard tray `tray`:

- `INFINITE`: each card drawn uniformly from the full shoe (with replacement);
- `FRESH`: a freshly shuffled shoe each round, shuffled lazily (Fisher–Yates one
  card at a time), so a round costs a draw per card dealt, not per card in the shoe;
- `RING`: the physical pack of a session, a ring buffer (top at `HEAD`), used
  cards and busted hands to the bottom, a tray shuffled back in when it runs out.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import numba as nb
import numpy as np

from pontoon_rules.sim.layout import (
    COUNT,
    DEALT,
    ERR_EMPTY,
    ERROR,
    FRESH,
    HEAD,
    INFINITE,
    MODE,
    SHUFFLES,
    TRAY_N,
)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
MASK64 = (1 << 64) - 1


@nb.njit(cache=True, _nrt=False)
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's output function of the (already advanced) state `z`."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@nb.njit(cache=True, _nrt=False, inline="always")
def advance(s: np.uint64) -> tuple[np.uint64, np.uint64]:
    """(the next state, its output): `rng_next` on a state held in a variable."""
    s = s + _GOLDEN
    return s, mix64(s)


@nb.njit(cache=True, _nrt=False)
def rng_next(st: np.ndarray) -> np.uint64:
    """The next 64-bit output of the SplitMix64 state `st[0]`."""
    st[0] = st[0] + _GOLDEN
    return mix64(st[0])


@nb.njit(cache=True, _nrt=False)
def bounded(st: np.ndarray, n: int) -> int:
    """A random integer in [0, n), n < 2**32."""
    return int(((rng_next(st) >> _S32) * np.uint64(n)) >> _S32)


@nb.njit(cache=True, _nrt=False)
def shuffle_range(a: np.ndarray, start: int, n: int, st: np.ndarray) -> None:
    """Shuffle a[start:start+n] in place as Python's `random.shuffle` orders its loop."""
    for i in range(n - 1, 0, -1):
        j = bounded(st, i + 1)
        t = a[start + i]
        a[start + i] = a[start + j]
        a[start + j] = t


@nb.njit(cache=True, _nrt=False)
def draw(src: np.ndarray, deck: np.ndarray, tray: np.ndarray, st: np.ndarray) -> int:
    """The next card from the source (-1 when the pack is empty: see `ERR_EMPTY`)."""
    mode = src[MODE]
    size = deck.shape[0]
    if mode == INFINITE:
        return int(deck[bounded(st, size)])
    if mode == FRESH:
        pos = src[HEAD]
        if pos >= size:
            src[ERROR] = ERR_EMPTY
            return -1
        j = pos + bounded(st, size - pos)
        card = deck[j]
        deck[j] = deck[pos]
        deck[pos] = card
        src[HEAD] = pos + 1
        return int(card)
    if src[COUNT] == 0:
        refill(src, deck, tray, st)
        if src[COUNT] == 0:
            src[ERROR] = ERR_EMPTY
            return -1
    card = deck[src[HEAD]]
    head = src[HEAD] + 1
    src[HEAD] = head - size if head >= size else head
    src[COUNT] -= 1
    src[DEALT] += 1
    return int(card)


@nb.njit(cache=True, _nrt=False)
def to_bottom(src: np.ndarray, deck: np.ndarray, card: int) -> None:
    """Put `card` under the pack (ring mode)."""
    size = deck.shape[0]
    at = src[HEAD] + src[COUNT]
    deck[at - size if at >= size else at] = card
    src[COUNT] += 1


@nb.njit(cache=True, _nrt=False)
def refill(src: np.ndarray, deck: np.ndarray, tray: np.ndarray, st: np.ndarray) -> None:
    """Shuffle the tray and put it under the (empty) pack."""
    n = src[TRAY_N]
    shuffle_range(tray, 0, n, st)
    for i in range(n):
        to_bottom(src, deck, tray[i])
    src[TRAY_N] = 0


@nb.njit(cache=True, _nrt=False)
def shuffle_all(src: np.ndarray, deck: np.ndarray, tray: np.ndarray, st: np.ndarray,
                work: np.ndarray) -> None:
    """Take every card (pack, then tray), shuffle and cut, as `engine.pack.Pack.shuffle`."""
    size = deck.shape[0]
    n = 0
    for i in range(src[COUNT]):
        work[n] = deck[(src[HEAD] + i) % size]
        n += 1
    for i in range(src[TRAY_N]):
        work[n] = tray[i]
        n += 1
    shuffle_range(work, 0, n, st)
    cut = 1 + bounded(st, n - 1) if n > 1 else 0
    for i in range(n):
        deck[i] = work[(cut + i) % n]
    src[HEAD] = 0
    src[COUNT] = n
    src[TRAY_N] = 0
    src[DEALT] = 0
    src[SHUFFLES] += 1


class SimRandom(random.Random):
    """Python's `random.Random` interface over the kernel's generator (shuffle, randrange).

    Given to the engine's `Pack`, it shuffles and cuts exactly as the kernel does.
    """

    def __init__(self, state: int) -> None:
        super().__init__(0)
        self.word = state & MASK64

    def next64(self) -> int:
        """The generator's next output (as `rng_next`)."""
        self.word = (self.word + 0x9E3779B97F4A7C15) & MASK64
        z = self.word
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """As `bounded`."""
        return ((self.next64() >> 32) * n) >> 32

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]

    def choice(self, seq: Any) -> Any:
        return seq[self.below(len(seq))]

    def fork(self, label: str) -> random.Random:
        """A generator for `label` seeded from the state, leaving the state as it is
        (`engine.banking.fork`: the first banker's cut draws on it)."""
        return random.Random(f"{label}:{self.word}")

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        if stop is None:
            start, stop = 0, start
        return start + self.below(stop - start)
