"""Sessions: whole sessions of automatic deals streamed on the C session kernel, summarised per
person and banker, and the bank's advantage. Reads `sim.kernels` and `sim.runs`.

- `tables`: Sessions of automatic deals on the C session kernel (`sim.kernels.native`),
  streamed in chunks.
- `summary`: Long sessions summarised: each person's and the banker's result per deal with a
  99.9% interval, who held the bank how often, and the kitty's statistics.
- `bank`: Is holding the bank an advantage, and by how much?

In detail (moved from ARCHITECTURE.md):

- `summary`
- `bank`
"""
