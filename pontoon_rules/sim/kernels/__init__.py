"""The kernels and their inputs: a ruleset as flat integer arrays, the data layouts (slots) of
the general, one-seat and session kernels, the strategies as tables, the money bounds
checked before a run, the kernels' random numbers replayed in Python, and the C kernels
(`pontoon_rules/native/sim.c`, `fast.c`) through ctypes. The lowest stage of the simulator.

- `compiled`: A ruleset compiled to flat integer arrays for the simulator's kernels.
- `layout`: The general kernel's data layout: the slots of a hand row, of the round's
  scalars and of a card source, and a card source's arrays (`new_source`).
- `fast_layout`: The one-seat fast kernel's data layout: the slots of its parameter vector
  `F` and its card modes.
- `native`: The general round kernel in C (`pontoon_rules/native/sim.c`) through ctypes: the
  simulator's rounds and, on the same round, whole sessions (`native/sim_session.h`).
- `fast_native`: The one-seat fast kernel in C (`pontoon_rules/native/fast.c`) through
  ctypes.
- `session`: The slots of a streamed session's state and sums, which the C session kernel
  (`native/sim_session.h`, `sim.kernels.native.Kernel.play_deals`) reads and writes: whole
  sessions in the kernel, deal after deal from the physical pack, with the bank's rotation
  and sale and Shoot Pontoon's kitty, as `engine.sessions.session` and
  `engine.sessions.session_auto` play them (the automatic banker and table policy);
  `sim.sessions.tables` sets them up and reads them.
- `cards`: The kernels' random numbers, replayed in Python: `SimRandom`.
- `strategy`: Player strategies compiled to tables once per run: the analysis's best play,
  or a named simple policy.
- `shoe_strategy`: Best play of the ruleset's own shoe as the kernel's tables:
  composition-dependent.
- `money`: Money that fits the compiled simulator's 64-bit integers, checked before a run
  starts.

In detail (moved from ARCHITECTURE.md):

- `compiled` (a ruleset as int64 arrays: the named-hand rows, the settlement table by hand
  id)
- `strategy` (best play or `stand-N` as tables) + `shoe_strategy` (a shoe's own
  composition-dependent best play as the same tables where they are small, a state a hand's
  cards and its state)
- `layout` (the slots of a hand row, the round's scalars and a card source: infinite deck /
  lazily shuffled shoe / the session's ring-buffer pack)
- `cards` (`SimRandom`: the kernels' SplitMix64 replayed in Python, for the engine's pack)
- `native` (the general kernel in C, `native/sim.c`, through ctypes: one round in
  `engine.round.flow`'s order, hands classified by the definitions' rows, surrender (late,
  or early beside insurance), rescue, redoubles, a side bet worth taking settled once the
  deal is done; what `RoundRunner` plays on, every round of a run the engine's from the same
  cards, `tests/test_sim_native.py`; sessions on the same round, `native/sim_session.h`;
  `for_rules`: the same source compiled for one ruleset and strategy, their parameters and
  strategy header constants in it, which `simulate` builds for a run of a million rounds or
  more and uses wherever built)
- `fast_native` (that fast kernel in C, `native/fast.c`, through ctypes: what `FastRunner`
  plays on, equal to the general kernel to the last bit, `tests/test_sim_fast_native.py`)
- `session` (the slots of a streamed session's state and sums) + `tables` (streamed sessions
  on the C session kernel, equal to the engine's sessions)
- `money` (a run refused before it starts when its money could pass int64: a per-round bound
  from the kernel's view, every product the kernels form a named `Part`, the refusal naming
  the field that grows it most)
"""
