"""The worked examples of the source variants, as records the conformance kit exports."""

from __future__ import annotations

from copy import deepcopy
from functools import cache
from typing import Any


def conformance_records() -> list[dict[str, Any]]:
    """Every example found between each pair of bundled source rulesets.

    Each record is the example's JSON plus a `slug` ("A-vs-B/field"), with one
    runnable script per ruleset under `scripts`; the conformance kit turns each
    script into a vector for its ruleset. The search runs once per process (the
    bundled rulesets do not change while it runs; the export asks once per ruleset);
    each call gets its own copy.
    """
    return deepcopy(_records())


@cache
def _records() -> list[dict[str, Any]]:
    from pontoon_rules.compare.search import compare_all
    from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

    sources = [r for i in bundled_ids() if (r := load_bundled(i)).kind == "source"]
    records = []
    for comparison in compare_all(sources):
        for example in comparison.examples:
            data = example.to_json()
            a, b = data["rulesets"]
            data["slug"] = f"{a}-vs-{b}/{data['field']}"
            records.append(data)
    return records
