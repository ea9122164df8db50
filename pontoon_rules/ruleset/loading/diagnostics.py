"""Turn pydantic validation errors into `Problem`s located in the YAML they came from.

Each error's `loc` is looked up in the documents of an `extends` chain (the file
being loaded first, then its bases), so a problem points at the file and line a
value was written in. Messages read `expected X, got 'y'`; errors raised by model
validators keep the validator's text, split at "; ", and are placed on the field
they name.
"""

from __future__ import annotations

import re
from types import UnionType
from typing import Any, Union, get_args, get_origin

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from pontoon_rules.errors import Problem
from pontoon_rules.ruleset.format.common import Odds
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.renamed import MOVED
from pontoon_rules.ruleset.loading.partial import is_model, skipped_checks, strip_optional
from pontoon_rules.ruleset.loading.yaml_source import Document, PathKey, dotted
from pontoon_rules.text import short

Spot = tuple[str, int | None, int | None]
"""A place in a file: (file, line, column)."""

_WANTED = {
    "int_parsing": "an integer",
    "int_type": "an integer",
    "int_from_float": "an integer",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "float_parsing": "a number",
    "float_type": "a number",
    "finite_number": "a finite number",
    "string_type": "text",
    "string_unicode": "text",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "tuple_type": "a list",
    "list_type": "a list",
    "decks_type": "a whole number of packs from 1 to 16, or 'infinite'",
}
_BOUNDS = {
    "greater_than_equal": (">=", "ge"),
    "greater_than": (">", "gt"),
    "less_than_equal": ("<=", "le"),
    "less_than": ("<", "lt"),
}
_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z0-9_][a-z0-9_-]*)*")
_QUOTED = re.compile(r"'([^']*)'")


def _pattern_of(metadata: list[Any]) -> str | None:
    return next((m.pattern for m in metadata if getattr(m, "pattern", None)), None)


_ODDS_PATTERN = _pattern_of(get_args(Odds)[1].metadata)
_ID_PATTERN = _pattern_of(Ruleset.model_fields["id"].metadata)


def translate(error: ValidationError, data: Any, docs: tuple[Document, ...]) -> list[Problem]:
    """Every error in `error` as problems located in `docs` (the loaded file first).

    Model checks that pydantic skipped because a field beside them failed are run on
    the valid parts (`partial.skipped_checks`), so every problem is reported at once.
    """
    out: list[Problem] = []
    for item in _written_branches(error.errors(include_url=False), data):
        out.extend(_translate(item, data, docs))
    for loc, text in skipped_checks(Ruleset, data, error):
        out.extend(_validator_problem(loc, part, data, docs) for part in text.split("; "))
    return out


def _written_branches(items: list[ErrorDetails], data: Any) -> list[ErrorDetails]:
    """The errors with a union's branch tag (`constrained-int`, `Agreed`) taken out of
    their path, keeping only the branch the value was written as where that is clear:
    a mapping's the model's, a number's the others' (a stake over its bound is one
    problem of `stakes.min_stake`, not two of its branches)."""
    out = []
    for item in items:
        loc = tuple(item["loc"])
        at, members = _union_at(loc)
        if at is None:
            out.append(item)
            continue
        models = {m.__name__ for m in members if is_model(m)}
        written = _get(data, loc[:at])
        if isinstance(written, dict) and loc[at] not in models:
            continue
        if isinstance(written, int) and loc[at] in models:
            continue
        out.append({**item, "loc": loc[:at] + loc[at + 1:]})
    return out


def _union_at(loc: PathKey) -> tuple[int | None, tuple[Any, ...]]:
    """Where in `loc` a union's branch tag stands, and the union's members (None, ())."""
    for at in range(1, len(loc)):
        annotation = _annotation_at(loc[:at])
        if annotation is None:
            break
        if get_origin(annotation) in (Union, UnionType) and isinstance(loc[at], str):
            members = tuple(a for a in get_args(annotation) if a is not type(None))
            if len(members) > 1:
                return at, members
    return None, ()


def describe(value: Any) -> str:
    """A value as a problem quotes it: 'text', 3, true, null, a list, a mapping."""
    return short(value)


def _translate(item: ErrorDetails, data: Any, docs: tuple[Document, ...]) -> list[Problem]:
    loc: PathKey = tuple(item["loc"])
    kind = item["type"]
    if kind in ("value_error", "assertion_error"):
        parts = _validator_text(item).split("; ")
        return [_validator_problem(loc, part, data, docs) for part in parts]
    if kind == "string_type" and _is_odds(loc):
        return [Problem(*_locate(docs, loc, key=False), dotted(loc), _odds_wanted(item["input"]))]
    if kind == "missing":
        message = "missing item" if loc and isinstance(loc[-1], int) else "missing required field"
        return [Problem(*_locate(docs, loc[:-1], key=True), dotted(loc), message)]
    if kind == "extra_forbidden":
        return [Problem(*_locate(docs, loc, key=True), dotted(loc), _unknown_field(loc))]
    return [Problem(*_locate(docs, loc, key=False), dotted(loc), _expected(item))]


def _expected(item: ErrorDetails) -> str:
    """`expected X, got 'y'` for a type or constraint error."""
    kind, ctx, got = item["type"], item.get("ctx", {}), describe(item["input"])
    if kind in _WANTED:
        wanted = _WANTED[kind]
    elif kind in _BOUNDS:
        sign, name = _BOUNDS[kind]
        wanted = f"a number {sign} {ctx[name]}"
    elif kind in ("enum", "literal_error"):
        wanted = "one of " + str(ctx["expected"]).replace("' or '", "', '")
    elif kind == "string_pattern_mismatch":
        wanted = _pattern_wanted(str(ctx["pattern"]))
    elif kind in ("string_too_short", "string_too_long"):
        wanted = _length_wanted(kind, ctx, "character")
    elif kind in ("too_short", "too_long"):
        wanted, got = _length_wanted(kind, ctx, "item"), str(ctx["actual_length"])
    elif item["msg"].startswith("expected "):
        return item["msg"]
    else:
        message = item["msg"]
        return f"{message[:1].lower()}{message[1:]}, got {got}"
    return f"expected {wanted}, got {got}"


def _pattern_wanted(pattern: str) -> str:
    if pattern == _ODDS_PATTERN:
        return "odds like '3:2'"
    if pattern == _ID_PATTERN:
        return ("an id of lowercase letters, digits and single '-' between them "
                "(like 'my-house-rules')")
    return f"text matching {pattern}"


def _odds_wanted(value: Any) -> str:
    """The message for odds written as a number (`3` rather than '3:1')."""
    message = f"expected odds as text 'won:staked', like '3:1' or '3:2', got {describe(value)}"
    if isinstance(value, int) and not isinstance(value, bool):
        message += f" (write '{value}:1' for {value} to 1)"
    return message


def _is_odds(loc: PathKey) -> bool:
    """Whether the field at `loc` holds odds such as '3:2'."""
    parent = strip_optional(_annotation_at(loc[:-1])) if loc else None
    if parent is None or not is_model(parent) or not isinstance(loc[-1], str):
        return False
    field = parent.model_fields.get(loc[-1])
    return field is not None and _pattern_of(field.metadata) == _ODDS_PATTERN


def _length_wanted(kind: str, ctx: dict[str, Any], unit: str) -> str:
    if kind.endswith("short"):
        count, bound = ctx["min_length"], "at least"
    else:
        count, bound = ctx["max_length"], "at most"
    return f"{bound} {count} {unit}{'' if count == 1 else 's'}"


def _unknown_field(loc: PathKey) -> str:
    """`unknown field 'x'`, with where a moved field went, or the field meant."""
    name = str(loc[-1])
    moved = MOVED.get(".".join(str(part) for part in loc))
    if moved is not None:
        return f"unknown field {name!r}: {moved}"
    model = strip_optional(_annotation_at(loc[:-1]))
    fields = list(model.model_fields) if is_model(model) else []
    close = meant_field(name, fields)
    hint = f" (did you mean {close!r}?)" if close else _concept_hint(name)
    return f"unknown field {name!r}{hint}"


_GENERIC_WORDS = frozenset({"player", "players", "banker", "hand", "hands", "card", "cards"})
"""Words that name who or what, shared by many fields: a field sharing only these with the
name written is no hint."""

_CONCEPTS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"always", "wins"}), " (a hand that always wins is a named hand's "
     "wins_outright, hands.definitions.<id>.wins_outright, or an exception in "
     "settlement.outcomes)"),
    (frozenset({"outright"}), " (a named hand's wins_outright: "
     "hands.definitions.<id>.wins_outright)"),
)
"""Word sets of a field written that the schema says elsewhere, and where."""


def _concept_hint(name: str) -> str:
    words = set(name.lower().replace("-", "_").split("_"))
    return next((hint for needed, hint in _CONCEPTS if needed <= words), "")


def meant_field(name: str, fields: list[str]) -> str | None:
    """The field `name` most likely means: a field the name is part of, or the closest
    spelling ('value' -> 'values' rather than 'ace_values'). `difflib` is imported here,
    where a name is wrong: a ruleset that loads never needs it (a millisecond of every
    command's start)."""
    import difflib

    lowered = name.lower()
    plural = [f for f in fields if f in (lowered + "s", lowered.rstrip("s"))]
    if plural:
        return plural[0]
    words = set(lowered.replace("-", "_").split("_")) - {""}
    close = [f for f in difflib.get_close_matches(lowered, fields, n=3, cutoff=0.6)
             if _shares_a_word(words, f) or len(words) == 1]
    if close:
        return max(close, key=lambda f: difflib.SequenceMatcher(None, lowered, f).ratio())
    sharing = [f for f in fields if _shares_a_word(words, f)]
    return sharing[0] if len(sharing) == 1 else None


def _shares_a_word(words: set[str], field: str) -> bool:
    """Whether `field` has a word of `words` beyond the generic ones (`player`, `banker`),
    or a spelling close to one ('hit_soft_17' for 'hits_soft_17')."""
    import difflib

    mine = set(field.split("_")) - _GENERIC_WORDS
    return any(w in mine or difflib.get_close_matches(w, list(mine), n=1, cutoff=0.8)
               for w in words - _GENERIC_WORDS)


def _validator_text(item: ErrorDetails) -> str:
    error = item.get("ctx", {}).get("error")
    if error is not None:
        return str(error)
    return item["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")


def _validator_problem(loc: PathKey, part: str, data: Any, docs: tuple[Document, ...]) -> Problem:
    """One validator message placed on the field it names (preferring the loaded file).

    A message "field: text" is reported as `loc.field: text`; any other message is
    reported whole, at `loc`, but located on the first field it names.
    """
    bare = _QUOTED.sub("''", part)
    lead = _NAME.match(bare)
    names = [n for n in _NAME.findall(bare) if "_" in n or "." in n]
    if lead:
        names.insert(0, lead.group())
    fields = [f for n in names if (f := _field_path(loc, n)) is not None]
    path, message = loc, part
    if lead and fields and bare[lead.end() : lead.end() + 1] == ":":
        path, message = fields[0], part[lead.end() + 1 :].strip()
    spots = _quoted_spots(fields[0], part, data, docs) if fields else []
    spots += [spot for f in fields if (spot := _lookup(docs, f, key=True)) is not None]
    own = [spot for spot in spots if spot[0] == docs[0].file]
    where = (own or spots or [_locate(docs, loc, key=True)])[0]
    return Problem(*where, dotted(path), message)


def _quoted_spots(field: PathKey, part: str, data: Any, docs: tuple[Document, ...]) -> list[Spot]:
    """Where the quoted words of a message sit below `field`: as keys, or as values."""
    spots: list[Spot] = []
    below = [
        p for doc in docs for p in doc.values if len(p) > len(field) and p[: len(field)] == field
    ]
    for word in _QUOTED.findall(part):
        spot = _lookup(docs, field + (word,), key=True)
        if spot is not None:
            spots.append(spot)
            continue
        for path in dict.fromkeys(below):
            if _get(data, path) == word and (spot := _lookup(docs, path, key=False)):
                spots.append(spot)
    return spots


def _field_path(loc: PathKey, name: str) -> PathKey | None:
    """The schema path a dotted name means: relative to `loc`, else from the root."""
    parts = tuple(name.split("."))
    for candidate in (loc + parts, parts):
        if _annotation_at(candidate) is not None:
            return candidate
    return None


def _lookup(docs: tuple[Document, ...], path: PathKey, key: bool) -> Spot | None:
    """The position of `path` in the first document that holds it."""
    for doc in docs:
        table = doc.keys if key and path else doc.values
        if path in table:
            return (doc.file, *table[path])
    return None


def _locate(docs: tuple[Document, ...], path: PathKey, key: bool) -> Spot:
    """The position of `path`, else of its nearest ancestor's key, else the top of the file."""
    found = _lookup(docs, path, key)
    while found is None and path:
        path = path[:-1]
        found = _lookup(docs, path, key=True)
    return found or (docs[0].file, 1, 1)


def _get(data: Any, path: PathKey) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _annotation_at(path: PathKey) -> Any:
    """The annotation of the schema field at `path` (mapping keys and indices allowed)."""
    annotation: Any = Ruleset
    for part in path:
        annotation = _step(strip_optional(annotation), part)
        if annotation is None:
            return None
    return annotation


def _step(annotation: Any, part: str | int) -> Any:
    if is_model(annotation):
        field = annotation.model_fields.get(part) if isinstance(part, str) else None
        return field.annotation if field is not None else None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is dict:
        return args[1]
    if origin in (tuple, list) and isinstance(part, int) and args:
        return args[0]
    return None
