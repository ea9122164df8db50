"""Distribution: seeded chunks of a run or of sessions on one process, local worker processes
or a Dask cluster (the scheduler's address checked, a deadline on connecting).

- `distribute`: Seeded chunks of work on one process, local worker processes, or a Dask
  cluster.
- `cluster`: Reaching a Dask scheduler safely: the address checked first, a deadline on
  connecting.

In detail (moved from ARCHITECTURE.md):

- `distribute` (seeded chunks: processes, at most one per chunk, stopped with the parent, or
  Dask)
- `cluster` (`--scheduler` checked, the scheduler probed for Dask's greeting under a
  deadline)
"""
