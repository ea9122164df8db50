"""The worked examples of the source variants, as records the conformance kit exports."""

from __future__ import annotations

from copy import deepcopy
from functools import cache
from typing import Any

CACHE_NAME = "compare-records"
"""The cache entry of the records (`pontoon_rules.cache`), named by the sources' hash."""


def conformance_records() -> list[dict[str, Any]]:
    """Every example found between each pair of bundled source rulesets.

    Each record is the example's JSON plus a `slug` ("A-vs-B/field"), with one
    runnable script per ruleset under `scripts`; the conformance kit turns each
    script into a vector for its ruleset. The search takes about a minute, so it runs
    once per process and is kept in the cache folder (`pontoon_rules.cache`) under a
    hash of the package's source and the bundled rulesets: an unchanged engine and
    rulesets read it back, any change searches again. Each call gets its own copy.
    """
    return deepcopy(_records())


def conformance_record_rulesets() -> frozenset[str]:
    """The ids the records' scripts may name: the bundled source rulesets (cheap: no
    search), so that a ruleset of another id need not wait for the search."""
    from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

    return frozenset(i for i in bundled_ids() if load_bundled(i).kind == "source")


@cache
def _records() -> list[dict[str, Any]]:
    from pontoon_rules.cache import cached_json
    from pontoon_rules.ruleset.registry import bundled_hash

    records: list[dict[str, Any]] = cached_json(CACHE_NAME, bundled_hash(), _search)
    return records


def _search() -> list[dict[str, Any]]:
    from pontoon_rules.compare.search import compare_all
    from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

    wanted = conformance_record_rulesets()
    sources = [load_bundled(i) for i in bundled_ids() if i in wanted]
    records = []
    for comparison in compare_all(sources):
        for example in comparison.examples:
            data = example.to_json()
            a, b = data["rulesets"]
            data["slug"] = f"{a}-vs-{b}/{data['field']}"
            records.append(data)
    return records
