"""The home bank of a casino game as one text: its own part of the sheet, in bullets
(`home_bank`, `home_cover`, `home_broken`, `home_passing`, `home_end`: g6), for the tests
that ask what the home bank says wherever in that part it says it."""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any


def home(found: Mapping[str, Any]) -> Any:
    """The home bank's bullets of `found` (a sheet's sentences or their texts, by rule key)
    as one: their texts joined; for sentences, marked † where every bullet is."""
    parts = [v for k, v in found.items() if k.startswith("home_")]
    if all(isinstance(p, str) for p in parts):
        return " ".join(parts)
    return SimpleNamespace(key="home", text=" ".join(p.text for p in parts),
                           reading=all(p.reading for p in parts))
