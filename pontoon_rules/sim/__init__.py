"""The simulator: rounds and whole sessions at scale on the C kernels, with the engine as
the reference path that plays every rule (`simulate`, `session --summary`). Its stages,
lowest first (each opens with its own paragraph and one line per module):

- `sim.kernels`: a ruleset as flat arrays, the kernels' slots, strategies as tables, money
  bounds, and the C kernels through ctypes;
- `sim.runs`: driving a run: rounds on a kernel or through the engine, `simulate`;
- `sim.sessions`: whole sessions streamed on the session kernel, summaries, the bank;
- `sim.distribution`: seeded chunks on processes or a Dask cluster.
"""
