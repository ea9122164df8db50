"""Scripts: round scripts replayed (a stacked shoe, stakes, actions), script files read safely,
seeded rounds recorded as scripts, golden transcripts. Reads `engine.round`.

- `script`: Scripted replay: a round script (ruleset, stakes, stacked shoe, actions) played
  out.
- `script_file`: Reading a round or session script file: size limit, JSON or YAML, one clean
  message.
- `record`: Record rounds as scripts: seeded random play that yields a replayable round
  script.
- `golden`: Golden transcripts: a few seeded rounds per bundled ruleset, replayed and
  diffed.

In detail (moved from ARCHITECTURE.md):

- `script` (round scripts)
- `record`
- `golden`
"""
