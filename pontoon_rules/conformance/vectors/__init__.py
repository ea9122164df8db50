"""The vectors: the conformance vector format, building vectors from round scripts with the
reference engine, generating them per ruleset (worked examples, probes, a pack that runs
out, dealt and targeted vectors), exporting and checking a suite, and vector ids.

- `model`: The conformance vector format: pydantic models, canonical JSON, ids and the JSON
  Schema.
- `build`: Build vectors from round scripts: the reference engine fills in every
  expectation.
- `generate`: Vectors for a ruleset: the worked examples, the comparison records, and seeded
  random rounds chosen to cover every action, hand class and payout path.
- `examples`: Worked examples of every rule and variant difference, as data for vectors.
- `features`: Feature tags of a vector (actions, classes, payout paths) and its level from
  provenance.
- `dealt`: Dealt vectors: a round for each hand target that no other vector showed.
- `probes`: Vectors that probe where implementations break.
- `shoe`: Vectors where the pack runs out: a full table on the ruleset's packs.
- `targeted`: Targeted vectors for a ruleset file: what tells it apart from its base, the
  worked examples of every rule that apply to it, and steered rounds until every target
  shows.
- `export`: Export a suite: one folder per ruleset, one JSON file per vector, byte for byte
  reproducible.
- `check`: Check a suite: schema-valid, unique ids, ids that match the content, the
  rulesets' hashes, cards the packs can hold, money conserved, and the reference engine
  passing all.
- `validate`: The vector schema, checked one problem per line: each step against its own
  kind.
- `suitefiles`: Reading a vector suite from disk, defensively: only regular files, bounded
  in size and nesting, UTF-8 JSON, and never a link out of the suite's folder.
- `nesting`: How deeply a JSON value nests, the one bound every reader of untrusted JSON
  applies (suites, replies, the workbench's requests).
- `vectorid`: `conformance id`: the id a vector's content gives, and fixing it in the file
  and the manifest of its folder.
- `reference`: The reference implementation behind the protocol: the project's engine plays
  a stripped vector.

In detail (moved from ARCHITECTURE.md):

- vector model + schema (`validate`: one line a problem)
- `export` (manifests that own only unchanged files)/`check`
- `suitefiles` (regular files only, size and nesting bounded)
- `targeted` (vectors for ruleset files, steered coverage)
- `probes` + `shoe` (after the end, out of turn, unknown words, malformed amounts, table
  sizes, limits, the pack running out, with or without splits)
- `reference` harness
- `vectorid` (`conformance id`; a manifest where none)
- `site/harness-guide.md` and `examples/harness-callback/` (a callback-driven engine's
  harness) for authors
"""
