"""Loading: YAML parsed with every position, `extends` resolved, pydantic's errors turned into
located problems (all at once), references confined, overlays' provenance, the bundled
registry, and the migration of a file of an older format. Reads `ruleset.format`.

- `yaml_source`: Parse ruleset YAML into plain data plus the line and column of every key
  and value.
- `diagnostics`: Turn pydantic validation errors into `Problem`s located in the YAML they
  came from.
- `loader`: Load rulesets from YAML: resolve `extends`, validate, and report every problem
  at once.
- `references`: Where a ruleset reference leads: a bundled id, or a file confined to the
  naming file's folder.
- `migrate`: Rewrite a ruleset file of an older format in the current one (`pontoon-rules
  migrate`).
- `to_version2`: The rewrite from version 1 to version 2: the classic hands' sections become
  definitions.
- `text_edits`: Edits of a YAML text by the positions `yaml_source` records, every other
  line kept.
- `overlay`: Provenance of an overlay's own changes: what a file changes is credited to that
  file.
- `partial`: The checks pydantic skips: model validators of a model whose own fields failed.
- `registry`: The bundled rulesets: where they live, their ids, and a cached loader.

In detail (moved from ARCHITECTURE.md):

- `migrate` (`pontoon-rules migrate`: a file of an earlier format rewritten in the current
  one, surgically, by `to_version2`'s steps over `text_edits`, edits of the text at
  `yaml_source`'s positions; atomic, provenance moved with its field; `older_format`: what
  `validate` says of such a file, one problem per old field in the file itself, and the
  command to run)
- `yaml_source` (positions; `Limits` on aliases, expanded nodes and text, depth) +
  `diagnostics` + `loader` (`extends` at most 16 deep, all problems at once)
- `references` (what `extends` and a script's `ruleset` may name, size limit)
- `partial` (cross-field checks pydantic skips beside an invalid field)
- `overlay` (a file's changes without provenance credited to that file)
- `registry` (bundled ids; `RETIRED` ids answer with what to use)
"""
