"""Comparisons kept between runs: the search for worked examples, once per pair of rulesets.

Searching two rulesets for their examples plays thousands of candidate rounds; the site,
every conformance export of a source ruleset and the worked-example pages all ask for the
same pairs. `comparisons_json` answers each pair from the cache folder
(`pontoon_rules.cache`) when the two rulesets, the stake and the package's source are
unchanged, and searches the others together (sharing their outcomes, as `compare_all`
does). The answer is what `compare_all` gives, as JSON, to the last character.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pontoon_rules.cache import cached_json, key_of
from pontoon_rules.compare.search import compare_rulesets
from pontoon_rules.compare.simulate import OutcomeCache
from pontoon_rules.ruleset.format.model import Ruleset


def comparisons_json(rulesets: Sequence[Ruleset], stake: int = 100) -> list[dict[str, Any]]:
    """`Comparison.to_json()` of every pair of `rulesets` (in the order `compare_all` gives
    them), each read from the cache when current."""
    outcomes = OutcomeCache()
    found = []
    for i, a in enumerate(rulesets):
        for b in rulesets[i + 1:]:
            def search(a: Ruleset = a, b: Ruleset = b) -> dict[str, Any]:
                return compare_rulesets(a, b, stake=stake, cache=outcomes).to_json()

            key = key_of(a.model_dump_json(), b.model_dump_json(), str(stake))
            found.append(cached_json(f"compare-{a.id}--{b.id}", key, search))
    return found
