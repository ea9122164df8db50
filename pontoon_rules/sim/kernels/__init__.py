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
  (`native/sim_session.h`, `sim.kernels.native.Kernel.play_deals`) reads and writes: whole sessions
  in the kernel, deal after deal from the physical pack, with the bank's rotation and sale
  and Shoot Pontoon's kitty, as `engine.sessions.session` and `engine.sessions.session_auto`
  play them (the automatic banker and table policy); `sim.sessions.tables` sets them up and reads
  them.
- `cards`: The kernels' random numbers, replayed in Python: `SimRandom`.
- `strategy`: Player strategies compiled to tables once per run: the analysis's best play,
  or a named simple policy.
- `shoe_strategy`: Best play of the ruleset's own shoe as the kernel's tables: composition-
  dependent.
- `money`: Money that fits the compiled simulator's 64-bit integers, checked before a run
  starts.
"""
