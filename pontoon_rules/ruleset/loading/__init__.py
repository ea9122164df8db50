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
"""
