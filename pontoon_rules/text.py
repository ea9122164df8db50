"""Untrusted text made safe to show: the one function every terminal printer uses.

A ruleset's name, a quote, a harness's stderr or a vector's slug is someone else's text.
Printed raw it can move the cursor, erase lines, set the window title, plant an OSC 8
link (escape sequences) or reorder what the reader sees (bidi controls such as U+202E);
zero-width characters make a name look like a bundled one. `terminal_safe` shows every
such character as a visible escape (`\\x1b`, `\\u202e`), so what reaches the terminal is
exactly what the text says and nothing the terminal would act on.

What is escaped, by Unicode category:

- `Cc` controls: C0 (NUL..US, including ESC, CR, BEL, backspace), DEL and C1 (U+0080..
  U+009F, CSI and OSC among them). A newline and a tab are kept only with
  `multiline=True`;
- `Cf` format characters: the bidi controls (U+061C, U+200E/F, U+202A..U+202E,
  U+2066..U+2069), zero-width space/joiners (U+200B..U+200D), word joiner U+2060,
  BOM U+FEFF, soft hyphen U+00AD, tags (U+E0000..);
- `Zl`/`Zp` (U+2028, U+2029), which terminals and editors treat as line breaks;
- `Cs` lone surrogates (a file read with `surrogateescape`), `Co` private use (drawn as
  whatever a font puts there), `Cn` unassigned code points.

Spaces (`Zs`) stay as they are: they are visible as space.

`hidden_characters` names those characters, for validators that refuse them outright in
ids and names (where a look-alike is the attack).
"""

from __future__ import annotations

import functools
import unicodedata

_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
_KEPT_IN_MULTILINE = frozenset("\n\t")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                  "\u2066\u2067\u2068\u2069")


def is_hidden(char: str) -> bool:
    """Whether `char` is a control, format, line-separator, private or unassigned character."""
    return unicodedata.category(char) in _ESCAPED_CATEGORIES


def escape_char(char: str) -> str:
    r"""One character as a visible escape: `\x1b`, `\u202e`, `\U000e0041`."""
    point = ord(char)
    if point < 0x100:
        return f"\\x{point:02x}"
    if point < 0x10000:
        return f"\\u{point:04x}"
    return f"\\U{point:08x}"


def terminal_safe(text: object, *, multiline: bool = False) -> str:
    r"""`text` (str() of it) with every hidden character shown as a visible escape.

    Args:
        text: untrusted text (anything else is converted with `str`).
        multiline: keep newlines and tabs (for messages and blocks of text); without it
            they are escaped too, so one field stays on one line.

    Returns:
        Text that reaches the terminal as written: `"a\x1b[2Jb"` becomes `a\x1b[2Jb`
        with a literal backslash, `"\u202eabc"` becomes `\u202eabc`. Text with nothing
        hidden is returned unchanged.
    """
    text = str(text)
    if text.isprintable():  # nothing hidden (isprintable is False for every category above)
        return text
    kept = _KEPT_IN_MULTILINE if multiline else frozenset()
    return "".join(escape_char(c) if is_hidden(c) and c not in kept else c for c in text)


def hidden_characters(text: str) -> list[str]:
    """Each distinct hidden character of `text`, described (`U+202E RIGHT-TO-LEFT OVERRIDE`).

    For validators: an id or a name holding any of these is refused, with this reason.
    Printable text has none (`str.isprintable` is False for each of their categories):
    the example search validates its trial rulesets' names thousands of times.
    """
    if text.isprintable():
        return []
    seen: dict[str, None] = {}
    for char in text:
        if is_hidden(char):
            seen.setdefault(char)
    return [describe(c) for c in seen]


def describe(char: str) -> str:
    """`U+202E RIGHT-TO-LEFT OVERRIDE (a bidi control)`, or the code point alone if unnamed."""
    name = unicodedata.name(char, "")
    kind = ("a bidi control" if char in _BIDI else
            "a control character" if unicodedata.category(char) == "Cc" else
            "an invisible character")
    return f"U+{ord(char):04X}{' ' + name if name else ''} ({kind})"


def markup_safe(text: object, *, multiline: bool = False) -> str:
    """`terminal_safe(text)` escaped for rich markup too, for `console.print` f-strings.

    A name like `[bold red]` is then shown as written, never applied as a style.
    """
    from rich.markup import escape

    return escape(terminal_safe(text, multiline=multiline))


def json_text(data: object, indent: int | None = 2) -> str:
    r"""`data` as JSON text that is terminal-safe and means the same data.

    Like `json.dumps(data, indent=indent, ensure_ascii=False)` (Cyrillic stays readable),
    but every hidden character inside a string is written as a JSON escape (`\u202e`,
    astral ones as a surrogate pair), so `json.loads` gives back exactly `data`.
    """
    import json

    text = json.dumps(data, indent=indent, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(_json_escape(c) if c != "\n" and is_hidden(c) else c for c in text)


def _json_escape(char: str) -> str:
    point = ord(char)
    if point < 0x10000:
        return f"\\u{point:04x}"
    point -= 0x10000
    return f"\\u{0xD800 + (point >> 10):04x}\\u{0xDC00 + (point & 0x3FF):04x}"


def yaml_text(data: object, width: int = 100) -> str:
    r"""`data` as block YAML that is terminal-safe and loads back to the same data.

    Like `yaml.safe_dump(data, sort_keys=False, allow_unicode=True)`; a string holding
    a hidden character is written double-quoted, with the character as a YAML escape
    (`"\u202e"`), which is the one style in which YAML can say it.
    """
    import yaml

    text = yaml.dump(data, Dumper=_dumper(), sort_keys=False, allow_unicode=True,
                     width=width)
    if text.isprintable():
        return text
    return "".join(escape_char(c) if c != "\n" and is_hidden(c) else c for c in text)


@functools.cache
def _dumper() -> type:
    """The YAML dumper class, built on first use (yaml is imported only when needed)."""
    import yaml

    class Dumper(yaml.SafeDumper):
        """Strings with a hidden character are double-quoted (escapes are valid there)."""

    def represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
        style = '"' if any(is_hidden(c) for c in value if c != "\n") else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, represent_str)
    return Dumper


def short(value: object, limit: int = 40) -> str:
    """A value as a message quotes it: text as `repr`, cut to `limit` characters; a list or
    a mapping by its kind only, so a message never copies (or expands) a large input."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit - 3] + "...")
    text = str(value) if isinstance(value, (int, float)) else type(value).__name__
    return text if len(text) <= limit else text[:limit - 3] + "..."
