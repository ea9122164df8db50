"""Driving a run: many rounds of one table on a kernel (the one-seat fast path where a ruleset
allows it), the same rounds through the real engine as the reference, Ctrl-C at a boundary,
and `simulate`'s result with its interval. Reads `sim.kernels`.

- `rounds`: Many rounds of one table in the kernel, and the Python object that sets them up.
- `fastpath`: When the one-seat fast kernel (`native/fast.c`, `sim.kernels.fast_native`)
  plays a run, and its inputs.
- `engine`: The reference simulation: rounds played through the real engine (`RoundState`).
- `reference`: The simulator's strategies as engine policies, to play the same rounds
  through the reference engine (`RoundState`) for the differential tests.
- `result`: What a simulation of one seat gives: the edge with its 99.9% interval, by any
  path.
- `stopping`: A long run stopped by Ctrl-C at its next boundary, with the result so far.
- `simulate`: `simulate`: one seat playing the best strategy, on the compiled simulator or
  the engine.

In detail (moved from ARCHITECTURE.md):

- one simulator, two paths (`simulate`: `compiled`, the default where it plays every rule
  of the ruleset, and `engine`, the reference, the default elsewhere: `chosen_path`)
- `stopping` (the first Ctrl-C of a session asks for a stop between chunks)
- `rounds`
- `fastpath` (a one-seat kernel chosen by ruleset features, bit-identical to the general
  one; its slots in `fast_layout`)
- `engine` (rounds through `RoundState` with the analysis's play: the shoe's
  composition-dependent play from the ruleset's own shoe, the default of both paths; never
  refuses: `engine_play` falls back to stand-17 where the analysis cannot decide, and says
  so; `table_play`: the seats' and a named banker's decisions in the engine's
  sessions, `session` without `--summary`, `--policy best` included)
- `reference` (the kernel's tables as an engine policy, for the differential tests)
- `result`
"""
