"""The worked examples of the source variants, as records the conformance kit exports."""

from __future__ import annotations

from copy import deepcopy
from functools import cache
from typing import Any


def conformance_records(ruleset: str | None = None) -> list[dict[str, Any]]:
    """Every example found between each pair of bundled source rulesets (with `ruleset`,
    only those with a script for that ruleset id, in the same order).

    Each record is the example's JSON plus a `slug` ("A-vs-B/field"), with one
    runnable script per ruleset under `scripts`; the conformance kit turns each
    script into a vector for its ruleset. The search takes about a minute, so it runs
    once per process and each pair is kept in the cache folder (`compare.cached`): an
    unchanged engine and rulesets read it back, any change searches again. Each call
    gets its own copy: of the records asked for only, as an export asks once per ruleset
    (copying all ~1,100 records for each of ten rulesets cost ~3% of the suite's export).
    """
    records = _records()
    if ruleset is not None:
        records = [r for r in records
                   if any(s.get("ruleset") == ruleset for s in r["scripts"].values())]
    return deepcopy(records)


def conformance_record_rulesets() -> frozenset[str]:
    """The ids the records' scripts may name: the bundled source rulesets (cheap: no
    search), so that a ruleset of another id need not wait for the search."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    return frozenset(i for i in bundled_ids() if load_bundled(i).kind == "source")


@cache
def _records() -> list[dict[str, Any]]:
    from pontoon_rules.compare.cached import comparisons_json
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    wanted = conformance_record_rulesets()
    sources = [load_bundled(i) for i in bundled_ids() if i in wanted]
    records = []
    for comparison in comparisons_json(sources):
        for data in comparison["examples"]:
            a, b = data["rulesets"]
            data["slug"] = f"{a}-vs-{b}/{data['field']}"
            records.append(data)
    return records
