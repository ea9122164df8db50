"""Provenance of an overlay's own changes (ruleset.overlay), as a property."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format.fields import leaf_fields, leaf_paths, provenance_for, value_at
from pontoon_rules.ruleset.loading.loader import load_text
from pontoon_rules.ruleset.loading.registry import load_bundled

BASE = load_bundled("pagat-british")
SWITCHES = sorted(p for p in leaf_paths() if isinstance(value_at(BASE, p), bool))


def overlay_text(changes: dict[str, bool], proved: set[str]) -> str:
    """An overlay of pagat-british that flips `changes`, with provenance for `proved`."""
    data: dict[str, object] = {"extends": "pagat-british", "id": "flip", "name": "Flip",
                               "sources": {"us": {"title": "Us", "language": "en"}}}
    for path, value in changes.items():
        node = data
        *parents, leaf = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})  # type: ignore[assignment]
        node[leaf] = value  # type: ignore[index]
    data["provenance"] = {p: {"source": "us", "status": "stated"} for p in sorted(proved)}
    return yaml.safe_dump(data, allow_unicode=True)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(SWITCHES), min_size=1, max_size=6), st.data())
def test_every_change_is_credited_to_the_file_that_made_it(flipped: set[str],
                                                          data: st.DataObject) -> None:
    proved = data.draw(st.sets(st.sampled_from(sorted(flipped))))
    changes = {p: not value_at(BASE, p) for p in flipped}
    try:
        ruleset = load_text(overlay_text(changes, proved), "flip.yaml", Path("."))
    except RulesetError:
        return  # a flip that breaks a cross-field rule: not this property's concern
    for path in leaf_fields():
        prov = provenance_for(ruleset, path)
        assert prov is not None
        if path in proved:
            assert prov.source == "us", path
        elif path in flipped:
            assert prov.source == "house rule, flip.yaml", path
        else:
            assert prov == provenance_for(BASE, path), path
