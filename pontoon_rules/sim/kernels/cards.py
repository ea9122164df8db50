"""The kernels' random numbers, replayed in Python: `SimRandom`.

The C kernels draw from SplitMix64 (one 64-bit word of state; `native/sim_base.h`), an
integer in [0, n) by the multiply-shift method (n < 2**32), and shuffle as Python's
`random.shuffle` orders its loop. `SimRandom` is the same generator behind Python's
`random.Random` interface, so that the engine's `Pack` shuffles and cuts exactly as a
session's pack in the kernel does (the session tests rely on it). The card sources the
kernels deal from (an infinite deck, a lazily shuffled shoe, the session's ring-buffer
pack) are described in `sim.kernels.layout`.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

MASK64 = (1 << 64) - 1


class SimRandom(random.Random):
    """Python's `random.Random` interface over the kernel's generator (shuffle, randrange).

    Given to the engine's `Pack`, it shuffles and cuts exactly as the kernel does.
    """

    def __init__(self, state: int) -> None:
        super().__init__(0)
        self.word = state & MASK64

    def next64(self) -> int:
        """The generator's next output."""
        self.word = (self.word + 0x9E3779B97F4A7C15) & MASK64
        z = self.word
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in [0, n), n < 2**32, by the multiply-shift method."""
        return ((self.next64() >> 32) * n) >> 32

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]

    def choice(self, seq: Any) -> Any:
        return seq[self.below(len(seq))]

    def fork(self, label: str) -> random.Random:
        """A generator for `label` seeded from the state, leaving the state as it is
        (`engine.sessions.banking.fork`: the first banker's cut draws on it)."""
        return random.Random(f"{label}:{self.word}")

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        return start + self.below(stop - start)
