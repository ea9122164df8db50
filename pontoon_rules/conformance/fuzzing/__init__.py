"""Differential fuzzing: seeded random rounds through the reference engine and an
implementation, grouped by the kind of difference, each divergent round shrunk to the
shortest that still diverges. Reads the two stages below.

- `fuzz`: Differential fuzzing: seeded random rounds through the reference engine and an
  implementation, differences grouped by their kind (`kinds`), one shrunk example each.
- `shrink`: Shrinking a divergent round: the shortest shoe and action list that still
  diverges.

In detail (moved from ARCHITECTURE.md):

- `fuzz` (groups by `kinds`: the kind of difference, seat names stripped; progress) +
  `shrink`
"""
