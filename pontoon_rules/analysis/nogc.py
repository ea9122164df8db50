"""Python's cyclic garbage collector paused while a solve runs.

The solvers keep millions of small tuples (memo keys) alive until a solve ends,
and the cyclic collector scans them again at every threshold: about a third of
a solve's time, although the solvers make few reference cycles. A solve pauses
the collector and restores its state afterwards; what cycles it left are
collected at the next threshold.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def gc_paused(func: Callable[P, T]) -> Callable[P, T]:
    """`func` with the cyclic garbage collector paused while it runs."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return func(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return wrapper
