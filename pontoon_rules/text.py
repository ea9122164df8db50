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
    """
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
