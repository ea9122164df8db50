"""Hostile trial, second round (issue 26), item 4: untrusted text on terminals and sheets.

A ruleset's summary and quotes carry escape sequences (erase the line, move the cursor
up, an OSC 8 link), rich markup and a bidi override. Every command that prints them
shows them as visible escapes; none reaches the terminal. Names refuse such
characters outright (a look-alike name is the attack there) and have a length limit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors

ATTACK = ("Ties go to the banker.\x1b[2K\r\x1b[1AHOUSE \x1b]8;;https://evil.example/\x1b\\"
          "click\x1b]8;;\x1b\\ [link=https://evil.example/]x[/link] \u202eabc \x9b2J")
QUOTE = "quote \x1b[31mred\x1b[0m [bold]b[/bold] \u200b"
RAW = re.compile("[\x1b\x9b\x9d\u202e\u200b\r]")
SGR_ONLY = re.compile(r"\x1b\[[0-9;]*m")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The CLI in-process (output piped): exit code, stdout, stderr; never a traceback."""
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def on_a_terminal(*args: str, cwd: Path) -> str:
    """The CLI in a subprocess that believes it writes to a colour terminal."""
    out = subprocess.run([sys.executable, "-m", "pontoon_rules", *args], capture_output=True,
                         text=True, check=False, cwd=cwd, timeout=120,
                         env={**os.environ, "FORCE_COLOR": "1", "TTY_COMPATIBLE": "1",
                              "COLUMNS": "160"})
    assert out.returncode == 0, out.stderr
    return out.stdout


def only_colours(text: str) -> bool:
    """Whether every escape in `text` is a colour (SGR) sequence, and nothing else acts."""
    return not RAW.search(SGR_ONLY.sub("", text))


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A house ruleset whose summary and one provenance quote carry the attack."""
    path = tmp_path / "house.yaml"
    path.write_text(f"""id: house-ride
name: House ride
kind: house
extends: pagat-british
summary: {json.dumps(ATTACK)}
player:
  stick_minimum: 16
provenance:
  player.stick_minimum:
    source: pagat-hy
    quote: {json.dumps(QUOTE)}
    status: our-reading
""", encoding="utf-8")
    return path


@pytest.mark.parametrize("args", [
    ["show", "{file}"], ["show", "{file}", "--fields"], ["show", "{file}", "--paths"],
    ["show", "{file}", "--lang", "ru"], ["diff", "{file}", "pagat-british"],
    ["diff", "{file}", "pagat-british", "--format", "md"],
    ["diff", "{file}", "pagat-british", "--format", "json"],
    ["show", "{file}", "--format", "json"], ["show", "{file}", "--format", "yaml"],
    ["validate", "{file}"], ["list"],
])
def test_piped_output_never_carries_the_escapes(
        capsys: pytest.CaptureFixture[str], hostile: Path, args: list[str]) -> None:
    code, out, err = run(capsys, *[a.format(file=hostile) for a in args])
    assert code == 0, err
    assert not RAW.search(out) and not RAW.search(err)


def test_show_shows_each_escape_as_written(capsys: pytest.CaptureFixture[str],
                                           hostile: Path) -> None:
    _code, out, _err = run(capsys, "show", str(hostile))
    assert ("Ties go to the banker.\\x1b[2K\\x0d\\x1b[1AHOUSE \\x1b]8;;https://evil.example/"
            "\\x1b\\click") in out
    assert "[link=https://evil.example/]x[/link] \\u202eabc \\x9b2J" in out


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_data_output_is_safe_and_still_the_exact_data(
        capsys: pytest.CaptureFixture[str], hostile: Path, fmt: str) -> None:
    _code, out, _err = run(capsys, "show", str(hostile), "--format", fmt)
    data = json.loads(out) if fmt == "json" else yaml.safe_load(out)
    assert data["summary"] == ATTACK
    assert data["provenance"]["player.stick_minimum"]["quote"] == QUOTE


@pytest.mark.parametrize("args", [
    ["show", "{file}"], ["show", "{file}", "--fields"], ["diff", "{file}", "pagat-british"],
    ["examples", "{file}", "pagat-british"],
])
def test_on_a_colour_terminal_only_colours_are_emitted(hostile: Path, args: list[str]) -> None:
    out = on_a_terminal(*[a.format(file=hostile) for a in args], cwd=hostile.parent)
    assert only_colours(out), out
    assert "\x1b]8" not in out  # no OSC 8 link, neither from the text nor from markup


def test_examples_as_json_are_safe(capsys: pytest.CaptureFixture[str], hostile: Path) -> None:
    code, out, _err = run(capsys, "examples", str(hostile), "pagat-british", "--json")
    assert code == 0 and not RAW.search(out)
    assert json.loads(out)["examples"][0]["values"]["house-ride"]["quote"] == QUOTE


def test_a_file_name_and_a_key_with_escapes_are_shown_not_emitted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "\x1b[2Jclear.yaml"
    path.write_text("id: x\nname: X\nkind: house\nextends: pagat-british\n"
                    "player:\n  \"\\e]0;title\\a\": 1\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 2 and not RAW.search(out + err) and "\x07" not in err
    assert "\\x1b[2Jclear.yaml" in err and "\\x1b]0;title\\x07" in err


def test_a_script_with_escapes_is_refused_with_them_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "round.json"
    script.write_text(json.dumps({"ruleset": "pagat-british", "stakes": [100],
                                  "shoe": ["2S", "TD", "3S", "8D"],
                                  "actions": ["p1 \x1b[2Jstick"]}))
    code, out, err = run(capsys, "play", "--script", str(script))
    assert code == 2 and not RAW.search(out + err)
    assert err.startswith("error: step 1: unknown action '\\x1b[2Jstick': expected one of")


def test_session_people_with_escapes_are_refused_with_them_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "session.json"
    script.write_text(json.dumps({"ruleset": "pagat-british",
                                  "people": ["\x1b[2JAnn", "Bob"], "deals": 2}))
    code, out, err = run(capsys, "session", "--script", str(script))
    assert (code, out) == (2, "") and not RAW.search(err)
    assert err == ("error: people: '\\x1b[2JAnn': a name is 1 to 40 characters, each visible "
                   "(no control, bidi or zero-width character)\n")


def test_session_people_with_markup_are_shown_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "session.json"
    script.write_text(json.dumps({"ruleset": "pagat-british", "people": ["Ann", "[bold]B"],
                                  "pack": ["TS", "TD", "9S", "9D"],
                                  "deals": [{"stakes": [10],
                                             "actions": ["p1 stick", "banker stick"]}]}))
    code, out, _err = run(capsys, "session", "--script", str(script))
    assert code == 0 and "│ [bold]B │ -10 " in out


# --- names: hidden characters refused, with the reason; a length that fits a sheet -----


@pytest.mark.parametrize(("name", "reason"), [
    ("HOUSE \u202eRIDE", "U+202E RIGHT-TO-LEFT OVERRIDE (a bidi control)"),
    ("pagat\u200b-british", "U+200B ZERO WIDTH SPACE (an invisible character)"),
    ("Pontoon\u2066 x\u2069", "U+2066 LEFT-TO-RIGHT ISOLATE (a bidi control), U+2069 POP "
     "DIRECTIONAL ISOLATE (a bidi control)"),
    ("bell\x07", "U+0007 (a control character)"),
])
@pytest.mark.parametrize("where", ["name", "translations.ru.name"])
def test_a_name_with_hidden_characters_is_refused_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, reason: str,
        where: str) -> None:
    path = tmp_path / "look-alike.yaml"
    names = (f"name: {json.dumps(name)}\n" if where == "name" else
             f"name: Fine\ntranslations:\n  ru:\n    name: {json.dumps(name)}\n")
    path.write_text(f"id: look-alike\nkind: house\nextends: pagat-british\n{names}")
    code, _out, err = run(capsys, "validate", str(path))
    assert code == 2
    assert f"{where}: a name may not hold {reason}: it would make the name look like " \
           "another one or reorder the text around it" in err


@pytest.mark.parametrize(("field", "text", "message"), [
    ("name", "N" * 3000, "name: expected at most 80 characters, got 'NNN"),
    ("name", " ".join(["word"] * 2500), "name: expected at most 80 characters"),
    ("summary", " ".join(["word"] * 2500), "summary: expected at most 450 characters"),
])
def test_names_and_summaries_that_would_not_fit_a_sheet_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, text: str,
        message: str) -> None:
    path = tmp_path / "long.yaml"
    other = "summary: short\n" if field == "name" else "name: Long\n"
    path.write_text(f"id: long\nkind: house\nextends: pagat-british\n{other}"
                    f"{field}: {json.dumps(text)}\n")
    code, _out, err = run(capsys, "validate", str(path))
    assert code == 2 and message in err and err.count("\n") == 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_longest_name_and_summary_fit_a_house_sheet_on_one_page(
        tmp_path: Path, lang: str) -> None:
    from test_docs_sheets import pdf_text

    from pontoon_rules.docs.sheet.sheets import render_sheet
    from pontoon_rules.ruleset.format.model import MAX_NAME_LENGTH, MAX_SUMMARY_LENGTH
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    summary = json.dumps((("a" * 60 + " ") * 8 + "a" * 60)[:MAX_SUMMARY_LENGTH])
    path = tmp_path / "long.yaml"
    path.write_text(f"id: long\nkind: house\nextends: pagat-british\nname: "
                    f"{'W' * MAX_NAME_LENGTH}\nsummary: {summary}\ntranslations:\n  ru:\n"
                    f"    name: {'Ж' * MAX_NAME_LENGTH}\n    summary: {summary}\n"
                    "player:\n  stick_minimum: 17\n", encoding="utf-8")
    pages, text = pdf_text(render_sheet(load_ruleset(path), "pdf", lang), tmp_path)
    # one page, or two where every worked example needs the room (issue 49: none is dropped)
    assert pages <= 2 and ("W" if lang == "en" else "Ж") * 20 in text


def test_sheets_show_hidden_characters_as_escapes(tmp_path: Path, hostile: Path) -> None:
    from pontoon_rules.docs.sheet.sheets import render_sheet
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    ruleset = load_ruleset(hostile)
    for fmt in ("html", "md"):
        text = render_sheet(ruleset, fmt).decode("utf-8")
        assert not RAW.search(text), fmt
        assert "u202eabc" in text and "x1b" in text
