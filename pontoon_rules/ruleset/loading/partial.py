"""The checks pydantic skips: model validators of a model whose own fields failed.

Pydantic runs a model's `model_validator(mode="after")` only when every field of
that model validated. A ruleset with one bad field (say a provenance `status`)
would then never hear about its cross-field mistakes (a five-card trick above the
card limit, provenance naming an unknown source) until the first one is fixed.

`skipped_checks` closes that gap for any model tree: it rebuilds each model that
failed as a namespace of its *valid* parts (fields that failed are left out,
models below it are rebuilt the same way, mappings of models keep every entry),
and runs the model's after-validators on it. A validator that reads a part that is
left out fails on the missing attribute and is skipped: only checks whose inputs
are all valid report, so nothing is reported twice or on a guess.
"""

from __future__ import annotations

import types
from types import SimpleNamespace
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

PathKey = tuple[str | int, ...]

_ABSENT = object()


def skipped_checks(
    model: type[BaseModel], data: Any, error: ValidationError
) -> list[tuple[PathKey, str]]:
    """The (location, message) of every model check `error` kept from running on `data`."""
    failed = [tuple(item["loc"]) for item in error.errors(include_url=False)]
    out: list[tuple[PathKey, str]] = []
    if _has_error_below((), failed):
        _partial(model, data, (), failed, out)
    return out


def _partial(model: type[BaseModel], data: Any, loc: PathKey, failed: list[PathKey],
             out: list[tuple[PathKey, str]]) -> Any:
    """`data` as `model`: the model when valid, else a namespace of its valid parts.

    A model with no error below it ran its own validators already (an error they raised
    sits at `loc` itself): it is rebuilt whole, or left out when it failed.
    """
    if not _has_error_below(loc, failed):
        try:
            return model.model_validate(data)
        except ValidationError:
            return _ABSENT
    if not isinstance(data, dict):
        return _ABSENT
    values: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        key = field.alias or name
        if key not in data:
            if not field.is_required():
                values[name] = field.get_default(call_default_factory=True)
            continue
        value = _field_value(field, data[key], loc + (key,), failed, out)
        if value is not _ABSENT:
            values[name] = value
    namespace = SimpleNamespace(**values)
    _run_after_validators(model, namespace, loc, out)
    return namespace


def _run_after_validators(model: type[BaseModel], namespace: SimpleNamespace, loc: PathKey,
                          out: list[tuple[PathKey, str]]) -> None:
    from pontoon_rules.ruleset.format.model import CROSS_CHECKS, Ruleset

    if model is Ruleset:
        # One validator runs many independent checks: run them one by one, so that a
        # check reading an invalid part does not keep the others from reporting.
        out.extend((loc, message) for check in CROSS_CHECKS
                   if (message := _attempt(check, namespace)))
        return
    for decorator in model.__pydantic_decorators__.model_validators.values():
        if decorator.info.mode == "after":
            _attempt(decorator.func, namespace, loc, out)


def _attempt(check: Any, namespace: SimpleNamespace, loc: PathKey = (),
             out: list[tuple[PathKey, str]] | None = None) -> str | None:
    """Run one check on `namespace`: its message, or None (also when it reads a failed part)."""
    try:
        result = check(namespace)
    except (ValueError, AssertionError) as problem:
        if out is not None:
            out.append((loc, str(problem)))
        return None
    except Exception:  # it read a part that failed validation: not a check we can run
        return None
    return result if isinstance(result, str) else None


def _field_value(field: FieldInfo, raw: Any, loc: PathKey, failed: list[PathKey],
                 out: list[tuple[PathKey, str]]) -> Any:
    annotation = strip_optional(field.annotation)
    if is_model(annotation) and raw is not None:
        return _partial(annotation, raw, loc, failed, out)
    if get_origin(annotation) is dict and isinstance(raw, dict):
        entry = get_args(annotation)[1]
        if is_model(entry):
            return _entries(entry, raw, loc, failed, out)
    if _has_error(loc, failed):
        return _ABSENT
    try:
        adapter: TypeAdapter[Any] = TypeAdapter(Annotated[field.annotation, field])  # type: ignore[arg-type]
        return adapter.validate_python(raw)
    except (ValidationError, TypeError, ValueError):
        return _ABSENT


def _entries(model: type[BaseModel], raw: dict[Any, Any], loc: PathKey, failed: list[PathKey],
             out: list[tuple[PathKey, str]]) -> dict[Any, Any]:
    """A mapping of models: every entry built (a namespace of its valid parts when it failed)."""
    kept: dict[Any, Any] = {}
    for key, value in raw.items():
        built = _partial(model, value, loc + (key,), failed, out)
        # An entry that failed as a whole stays, as an empty namespace: the mapping's
        # keys are valid (a check asking whether an id is defined gets the right answer);
        # a check reading the entry's fields fails on it and is skipped.
        kept[key] = SimpleNamespace() if built is _ABSENT else built
    return kept


def _has_error(loc: PathKey, failed: list[PathKey]) -> bool:
    return any(item[: len(loc)] == loc for item in failed)


def _has_error_below(loc: PathKey, failed: list[PathKey]) -> bool:
    return any(len(item) > len(loc) and item[: len(loc)] == loc for item in failed)


def strip_optional(annotation: Any) -> Any:
    """`X` for `X | None` (any other annotation as it is)."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [arg for arg in get_args(annotation) if arg is not type(None)]
        return rest[0] if len(rest) == 1 else annotation
    return annotation


def is_model(annotation: Any) -> bool:
    """Whether `annotation` is a pydantic model class."""
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)
