"""One way for a test to change a ruleset's fields, validated again as a file would be."""

from __future__ import annotations

from typing import Any

from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def changed(ruleset: Ruleset | str, *changes: tuple[str, Any], **paths: Any) -> Ruleset:
    """`ruleset` (or the bundled ruleset of that id) with each field set: `changes` as
    (dotted path, value) pairs, `paths` as keywords with `__` for the dots
    (`deal__banker_cards=3`). Validated again, so that a change the schema refuses raises
    (`pydantic.ValidationError`) as it would in a file: no test plays or prints a ruleset
    that no file could hold (a `model_copy` skips the cross-field checks)."""
    base = load_bundled(ruleset) if isinstance(ruleset, str) else ruleset
    data = base.model_dump(mode="python")
    for path, value in (*changes, *((k.replace("__", "."), v) for k, v in paths.items())):
        data = with_value(data, path, value)
    return Ruleset.model_validate(data)
