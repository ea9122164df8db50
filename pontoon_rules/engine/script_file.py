"""Reading a round or session script file: size limit, JSON or YAML, one clean message.

A script is JSON (text starting with `{` or `[`; a flow-style YAML mapping is
accepted too) or YAML. A malformed one is one `ScriptError` naming the file, line
and column; a file over `MAX_SCRIPT_BYTES` is refused before it is parsed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from pontoon_rules.errors import ScriptError

MAX_SCRIPT_BYTES = 8 * 1024 * 1024
"""Largest round or session script read (8 MiB), refused before it is parsed."""


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

    from pontoon_rules.ruleset.references import too_large

    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_SCRIPT_BYTES + 1)
        else:
            with Path(source).open("rb") as stream:
                raw = stream.read(MAX_SCRIPT_BYTES + 1)
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
        return json.loads(text)
    except RecursionError:
        raise ScriptError(f"{name}: not valid JSON: nested too deeply") from None
    except json.JSONDecodeError as e:
        error = e
    try:
        return _yaml_script(text, name)
    except ScriptError:
        raise ScriptError(f"{name}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}") \
            from None


def _yaml_script(text: str, name: str) -> Any:
    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise ScriptError(f"{name}{where}: not valid YAML: {e.problem or e.context}") from None
    except (yaml.YAMLError, RecursionError) as e:
        reason = str(e).split("\n", 1)[0] if isinstance(e, yaml.YAMLError) else "nested too deeply"
        raise ScriptError(f"{name}: not valid YAML: {reason}") from None
