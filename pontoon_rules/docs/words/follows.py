"""Whether a sentence's words follow a changed field another rule covers (`FOLLOWS`).

The house's cut (to its left or right) and a broken bank's passing follow
`table.direction`, which the deal order's sentence covers. Such a sentence is marked
changed (◆) where an overlay changes the field and its words differ with the field at
another of its values; never for a field its words do not say in this game.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel

from pontoon_rules.ruleset.format.fields import value_at
from pontoon_rules.ruleset.format.model import Ruleset

M = TypeVar("M", bound=BaseModel)

FOLLOWS: dict[str, tuple[str, ...]] = {
    "table": ("table.direction",),
    "bank": ("table.direction",),
    "bank_amount": ("table.direction",),
}
"""By the key of a rule of the sheet (`sentences.RULES`), the fields another rule covers
that its words may say too: the house's cut, the bank passed on, to the left or right."""


def other_values(value: Any) -> list[Any]:
    """Every other value of a field of choices: an enum's other members, a flag's opposite."""
    if isinstance(value, Enum):
        return [v for v in type(value) if v != value]
    if isinstance(value, bool):
        return [not value]
    raise TypeError(f"a followed field is a choice or a flag, got {value!r}")


def copied(model: M, path: str, value: Any) -> M:
    """`model` with the field at dotted `path` (through models only) set to `value`, the
    models on the way copied, unvalidated."""
    head, _dot, rest = path.partition(".")
    return model.model_copy(
        update={head: copied(getattr(model, head), rest, value) if rest else value})


def follows_changed(ruleset: Ruleset, key: str, changed_paths: frozenset[str], text: str,
                    words: Callable[[Ruleset, str], str]) -> bool:
    """Whether a field the rule `key` follows (`FOLLOWS`) is in `changed_paths` and changes
    `text`, the rule's sentence of `ruleset` (`words`: a ruleset's sentence of a rule key): it
    differs with that field at another of its values."""
    return any(words(copied(ruleset, path, other), key) != text
               for path in FOLLOWS.get(key, ()) if path in changed_paths
               for other in other_values(value_at(ruleset, path)))
