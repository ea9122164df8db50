"""Rulesets: the file format, loading a file, and what a loaded ruleset means. Its stages,
lowest first (each opens with its own paragraph and one line per module):

- `ruleset.format`: the pydantic models of the format, their checks, the JSON Schema;
- `ruleset.loading`: YAML, `extends`, located problems, the bundled registry, migration;
- `ruleset.resolving`: the outcome table, the classic view, canonical data, the features
  each part of the tool handles, relevance, values in words.
"""
