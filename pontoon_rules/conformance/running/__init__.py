"""Running an implementation: the harness protocol and its processes (capped reads, deadlines,
a reaper for the whole tree), a persistent harness, judging each vector into one status,
dealing mode, reports, side-by-side runs, selection of a suite, smoke tests and new-harness
skeletons. Reads `conformance.vectors`.

- `protocol`: The harness protocol: JSON lines on stdin/stdout, and the processes that speak
  it.
- `processes`: Harness processes that cannot outlive the runner, and output read with a cap.
- `reaper`: Run a harness as the one child of a process that ends its whole tree (Linux).
- `persistent`: A persistent harness: started (and restarted) as needed, requests sent a few
  ahead while they fit in a pipe's buffer, replies read in order with a timeout.
- `harness`: The reference harness: the project's engine behind the protocol.
- `judge`: Judge a trace against a vector: every differing step (the first is the headline),
  expected vs got.
- `judging`: One vector's outcome: what is run (`Item`), how it ended (`Outcome`), and
  judging a harness's reply into exactly one status (`classify`).
- `kinds`: The kind of a difference: what the fuzzer groups rounds by.
- `runner`: The runner: every vector through an implementation's harness, each ending in one
  status.
- `report`: Reports of a run: the summary table, the JSON report, baselines and the exit
  verdict.
- `sidebyside`: Two or more implementations on the same vectors: where they disagree with
  each other.
- `selection`: Which vectors a run plays: folders read and checked (a vector `check` would
  refuse is never played), or the built-in suite generated only for the rulesets a harness
  lists.
- `smoke`: `conformance smoke`: does the harness speak the protocol?
- `dealing`: Dealing mode: the implementation deals from its own shuffled pack and reports
  each card.
- `replies`: The harness protocol's messages as models: published JSON Schemas and
  `--strict` checks.
- `skeleton`: `conformance new-harness`: a runnable harness skeleton in Python or Node.
- `stopped`: Where an implementation stopped when its trace says the round is not over
  (`final: null`).

In detail (moved from ARCHITECTURE.md):

- `protocol`/`processes` (process trees, capped reads, writes with a deadline)/`reaper`
  (Linux: a subreaper as each harness's parent, ending its whole tree)/`runner` (every
  vector ends in one status)/`judge` (every differing step, the first the headline; refusal
  codes and their refinements, extensions, face-down cards)
- `dealing` (`conformance deal`: the implementation deals from its own pack, its cards
  replayed and chi-square tested; `model.REFUSAL_ORDER` and `accepted_codes`: the order of
  the checks, and the set accepted where it is free)/`report`/`sidebyside`
- `selection` (folders checked before a run; the built-in suite for what a harness lists)
- `replies` (protocol schemas, types always, `--strict`)
- `skeleton` (new-harness)
- `smoke` (also on a ruleset file)
- `stopped` (where a round that is not over stopped)
"""
