"""How deeply a JSON value nests: the one bound every reader of untrusted JSON applies
(vector files, an implementation's replies, the workbench's requests), counted without
recursion so that a hostile file cannot exhaust the stack."""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 64
"""The deepest nesting of a vector file or a harness's reply that is read (the workbench's
requests pass a lower bound of their own to `depth`)."""


def depth(data: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply `data` nests lists and objects (counted without recursion, stopping just
    past `limit`)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest
