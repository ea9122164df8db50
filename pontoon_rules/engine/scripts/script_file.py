"""Reading a round or session script file: size limit, JSON or YAML, one clean message.

A script is JSON (text starting with `{` or `[`; a flow-style YAML mapping is
accepted too) or YAML. A malformed one is one `ScriptError` naming the file, line
and column; a file over `MAX_SCRIPT_BYTES` is refused before it is parsed, and one
that is not a regular file (a named pipe, a device) before it is opened for reading.
A key given twice is refused (JSON and YAML would keep the last one silently). YAML
aliases are bounded by what they expand to (`SCRIPT_LIMITS`), nesting in either
format by `MAX_NESTING`; the message never quotes the expanded data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.yaml_source import Limits, parse_yaml

MAX_SCRIPT_BYTES = 8 * 1024 * 1024
"""Largest round or session script read (8 MiB), refused before it is parsed."""

MAX_NESTING = 32
"""Most levels of lists and mappings inside each other in a script (a script needs 4)."""

SCRIPT_LIMITS = Limits(nodes=4_000_000, characters=2 * MAX_SCRIPT_BYTES, aliases=1_000,
                       depth=MAX_NESTING, what="script")
"""What a YAML script may expand to, aliases followed."""


def read_script(source: str) -> tuple[dict[str, Any], Path]:
    """Read a script from a JSON/YAML file path, or '-' for standard input.

    Returns the data and the folder its `"ruleset"` is looked up in: the script's
    own folder (the current one for standard input).

    Raises:
        ScriptError: unreadable, over `MAX_SCRIPT_BYTES`, not JSON/YAML, or not a mapping.
    """
    text = _script_text(source)
    data = parse_script_text(text, "<stdin>" if source == "-" else source)
    base = Path.cwd() if source == "-" else Path(source).resolve().parent
    return data, base


def _script_text(source: str) -> str:
    import sys

    from pontoon_rules.files import read_regular
    from pontoon_rules.ruleset.loading.references import too_large

    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_SCRIPT_BYTES + 1)
        else:
            raw = read_regular(source, MAX_SCRIPT_BYTES)
    except OSError as e:
        raise ScriptError(f"{source}: cannot read the script: {e.strerror or e}") from e
    if len(raw) > MAX_SCRIPT_BYTES:
        raise ScriptError(f"{source}: {too_large(None, MAX_SCRIPT_BYTES, 'script')}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ScriptError(f"{source}: not UTF-8 text (byte {e.start + 1})") from None


def parse_script_text(text: str, name: str) -> dict[str, Any]:
    """A script's data from JSON (text starting with '{' or '[') or YAML, one clean message.

    Raises:
        ScriptError: `name:line:col: not valid JSON: reason` (or YAML), or not a mapping.
    """
    if text.lstrip()[:1] in ("{", "["):
        data = _json_script(text, name)
    else:
        data = _yaml_script(text, name)
    if not isinstance(data, dict):
        raise ScriptError(f"{name}: expected a mapping with ruleset, stakes, shoe, actions")
    return data


def _json_script(text: str, name: str) -> Any:
    """JSON text; a flow-style YAML mapping (`{ruleset: x, ...}`) is accepted too."""
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats)
    except RecursionError:
        raise ScriptError(f"{name}: not valid JSON: nested more than {MAX_NESTING} levels "
                          "deep") from None
    except _RepeatedKey as repeated:
        raise ScriptError(f"{name}: not valid JSON: the key {repeated.key!r} is given twice in "
                          "one object (only one may be)") from None
    except json.JSONDecodeError as e:
        error = e
    else:
        if _depth(data) > MAX_NESTING:
            raise ScriptError(f"{name}: not valid JSON: nested more than {MAX_NESTING} levels "
                              "deep")
        return data
    try:
        return _yaml_script(text, name)
    except ScriptError:
        raise ScriptError(f"{name}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}") \
            from None


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key if len(key) <= 40 else key[:37] + "..."


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _RepeatedKey(key)
        out[key] = value
    return out


def _depth(data: Any) -> int:
    """How many lists and mappings lie inside each other in `data` (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if level <= MAX_NESTING:
                stack.extend((child, level + 1) for child in
                             (item.values() if isinstance(item, dict) else item))
    return deepest


def _yaml_script(text: str, name: str) -> Any:
    document = parse_yaml(text, name, SCRIPT_LIMITS)
    if not document.problems:
        return document.data
    problem = document.problems[0]
    where = f":{problem.line}:{problem.column}" if problem.line is not None else ""
    message = problem.message.removeprefix("YAML syntax error: ")
    at = f"{problem.path}: " if problem.path else ""
    raise ScriptError(f"{name}{where}: not valid YAML: {at}{message}")
