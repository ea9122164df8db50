"""The one-seat fast kernel's data layout: the slots of its parameter vector `F` and its
card modes.

The C fast kernel (`native/fast.h`, which the tests check against these values) and the
Python that builds its inputs (`sim.runs.fastpath`) read them from here.
"""

from __future__ import annotations

M_INFINITE, M_FRESH, M_STACKED = range(3)
"""Card modes: uniform over the shoe, a fresh shoe each round (shuffled lazily), the deck in
order (one round from a stacked shoe, for the differential tests against the engine)."""
(F_BONUS, F_STAND, F_HIT_SOFT, F_BMAX, F_ALONE, F_PEEK, F_BPONT, F_PONT_RANK, F_BTRICK,
 F_TRICK, F_TRICK_RANK, F_TWENTY_ONE_RANK, F_MAXC, F_PONT_DRAW, F_DRAW21, F_DDRAWS, F_ACES1,
 F_ACE_TEN_SPLIT, F_SPLIT_OK, F_BY_RANK, F_SMAX, F_RESPLIT, F_RESPLIT_ACES, F_ONE_BRANCH,
 F_SCARDS, F_ALL_AT_ONCE, F_DAS, F_DOUBLE, F_DMIN, F_DMAX, F_DTIMES, F_INSURE, F_INS_NUM,
 F_INS_DEN, F_INS_PAY_NUM, F_INS_PAY_DEN, F_EVEN, F_VISIBLE, F_STICK_MIN, F_LOSE_AT_ONCE,
 F_ROUND_UP, F_TABLE, F_TARGET, F_KINDS, F_STATES, N_F) = range(46)
"""Slots of `F` (built by `sim.runs.fastpath.fast_params`)."""
