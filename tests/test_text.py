"""Untrusted text for terminals: every hidden character shown, never emitted."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pontoon_rules.text import describe, hidden_characters, is_hidden, terminal_safe


@pytest.mark.parametrize(("raw", "shown"), [
    ("Ties go to the banker.", "Ties go to the banker."),
    ("Понтун по-белорусски", "Понтун по-белорусски"),
    ("\x1b[2K\x1b[1AHouse", "\\x1b[2K\\x1b[1AHouse"),
    ("\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
     "\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\"),
    ("bell\x07 back\x08 cr\r nul\x00 del\x7f", "bell\\x07 back\\x08 cr\\x0d nul\\x00 del\\x7f"),
    ("c1 csi \x9b2J osc \x9d0;title\x9c", "c1 csi \\x9b2J osc \\x9d0;title\\x9c"),
    ("HOUSE \u202eRIDE", "HOUSE \\u202eRIDE"),
    ("pagat\u200b-british", "pagat\\u200b-british"),
    ("isolate \u2066x\u2069 mark \u200f", "isolate \\u2066x\\u2069 mark \\u200f"),
    ("bom \ufeff shy \xad tag \U000e0041", "bom \\ufeff shy \\xad tag \\U000e0041"),
    ("line\u2028para\u2029", "line\\u2028para\\u2029"),
    ("two\nlines\tand a tab", "two\\x0alines\\x09and a tab"),
    ("surrogate \udcff", "surrogate \\udcff"),
    ("private \ue000 nbsp\xa0", "private \\ue000 nbsp\xa0"),
    ("[bold]markup[/bold]", "[bold]markup[/bold]"),
])
def test_hidden_characters_are_shown_as_escapes(raw: str, shown: str) -> None:
    assert terminal_safe(raw) == shown


def test_multiline_text_keeps_newlines_and_tabs_only() -> None:
    assert terminal_safe("a\nb\tc\r\x1b[0m", multiline=True) == "a\nb\tc\\x0d\\x1b[0m"


def test_anything_is_converted_with_str() -> None:
    assert terminal_safe(12) == "12"
    assert terminal_safe(ValueError("bad \x1b")) == "bad \\x1b"


def test_hidden_characters_are_named_for_validators() -> None:
    assert hidden_characters("a\u202eb\u202ec\u200b\x1b") == [
        "U+202E RIGHT-TO-LEFT OVERRIDE (a bidi control)",
        "U+200B ZERO WIDTH SPACE (an invisible character)",
        "U+001B (a control character)",
    ]
    assert hidden_characters("Британский понтун") == []
    assert hidden_characters("nbsp\xa0 and\u2003em space") == []  # not printable, not hidden


@given(st.text())
def test_the_printable_shortcut_finds_what_each_character_shows(raw: str) -> None:
    """`hidden_characters` answers printable text at once (the example search validates
    names thousands of times): the same as asking each character."""
    assert hidden_characters(raw) == [describe(c) for c in dict.fromkeys(raw) if is_hidden(c)]


def test_printable_text_is_not_read_character_by_character(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.text as text

    monkeypatch.setattr(text, "is_hidden", lambda c: pytest.fail("read by character"))
    assert text.hidden_characters("Британский понтун (pagat)") == []


@given(st.text())
def test_nothing_hidden_ever_comes_out(raw: str) -> None:
    shown = terminal_safe(raw)
    assert not any(is_hidden(c) for c in shown)
    assert all(c.isprintable() or unicodedata.category(c) == "Zs" for c in shown)
    assert "\n" not in terminal_safe(raw, multiline=False)


@given(st.text())
def test_multiline_output_hides_nothing_but_newlines_and_tabs(raw: str) -> None:
    shown = terminal_safe(raw, multiline=True)
    assert not any(is_hidden(c) for c in shown if c not in "\n\t")
    assert shown.count("\n") == raw.count("\n")


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Zl", "Zp", "Cs",
                                                             "Co", "Cn"))))
def test_visible_text_is_unchanged(raw: str) -> None:
    assert terminal_safe(raw) == raw


@given(st.text())
def test_each_character_is_itself_or_its_escape(raw: str) -> None:
    pieces = [terminal_safe(c) for c in raw]
    assert terminal_safe(raw) == "".join(pieces)
    for char, piece in zip(raw, pieces, strict=True):
        assert piece == char if not is_hidden(char) else (
            piece.startswith("\\") and int(piece[2:], 16) == ord(char))


def test_markup_safe_shows_rich_markup_as_written() -> None:
    import io

    from rich.console import Console

    from pontoon_rules.text import markup_safe

    buffer = io.StringIO()
    name = "[red]x[/red] \x1b[2J"
    console = Console(file=buffer, force_terminal=True, width=200, highlight=False)
    console.print(f"[bold]{markup_safe(name)}[/bold]")
    assert buffer.getvalue() == "\x1b[1m[red]x[/red] \\x1b[2J\x1b[0m\n"


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=10))
def test_json_text_is_terminal_safe_and_means_the_same(data: object) -> None:
    import json

    from pontoon_rules.text import json_text

    text = json_text(data)
    assert not any(is_hidden(c) for c in text if c != "\n")
    assert json.loads(text) == data


def test_json_text_keeps_readable_letters() -> None:
    from pontoon_rules.text import json_text

    assert json_text({"name": "Понтун \u202e\U000e0041"}, indent=None) == \
        '{"name": "Понтун \\u202e\\udb40\\udc41"}'


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=10))
def test_yaml_text_is_terminal_safe_and_means_the_same(data: object) -> None:
    import yaml

    from pontoon_rules.text import yaml_text

    text = yaml_text(data)
    assert not any(is_hidden(c) for c in text if c != "\n")
    assert yaml.safe_load(text) == data
