"""Driving a run: many rounds of one table on a kernel (the one-seat fast path where a ruleset
allows it), the same rounds through the real engine as the reference, Ctrl-C at a boundary,
and `simulate`'s result with its interval. Reads `sim.kernels`.

- `rounds`: Many rounds of one table in the kernel, and the Python object that sets them up.
- `fastpath`: When the one-seat fast kernel (`native/fast.c`, `sim.kernels.fast_native`) plays a
  run, and its inputs.
- `engine`: The reference simulation: rounds played through the real engine (`RoundState`).
- `reference`: The simulator's strategies as engine policies, to play the same rounds
  through the reference engine (`RoundState`) for the differential tests.
- `result`: What a simulation of one seat gives: the edge with its 99.9% interval, by any
  path.
- `stopping`: A long run stopped by Ctrl-C at its next boundary, with the result so far.
- `simulate`: `simulate`: one seat playing the best strategy, on the compiled simulator or
  the engine.
"""
