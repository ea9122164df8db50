"""PyYAML's reader problems in the page's language.

PyYAML words what it cannot read in English (its `problem`: "mapping values are not
allowed here"). The problems a person typing YAML meets most are said here in the
catalog's words (`PROBLEMS`, by PyYAML's exact text; `PATTERNS` for those that name the
character or token found); any other is shown as PyYAML wrote it, quoted and said to be
PyYAML's (`problem_words`). The line and column stay where the caller puts them (`place`:
a reader error's too, which PyYAML gives as a position in the text).
"""

from __future__ import annotations

import re

import yaml

from pontoon_rules.workbench.render import in_words, said

PROBLEMS: dict[str, str] = {
    "mapping values are not allowed here": said(
        "a “key: value” is not allowed here (is the line indented too far, or does a text "
        "with a colon need quotes?)"),
    "could not find expected ':'": said("a colon (:) was expected after this key"),
    "found unexpected end of stream": said(
        "the text ends too soon (a quote or a bracket left open?)"),
    "sequence entries are not allowed here": said(
        "a list entry (“- …”) is not allowed here (check its indentation)"),
    "mapping keys are not allowed here": said("a key is not allowed here (check its indentation)"),
    "invalid indentation or unclosed '[' or '{'": said(
        "the indentation is wrong, or a “[” or “{” is not closed"),
    "but found another document": said(
        "only one document is read here (remove the “---” line and what follows)"),
    "found unexpected document separator": said(
        "a document separator (“---” or “...”) is not allowed here"),
    "special characters are not allowed": said(
        "this text has characters YAML does not allow (control characters)"),
}
"""PyYAML's common problems (its exact words) and what the page says for each."""

PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"expected <block end>, but found '.*'"), said(
        "the indentation does not line up with the lines above")),
    (re.compile(r"expected the node content, but found '.*'"), said(
        "a value was expected here")),
    (re.compile(r"found character (?P<found>'.*') that cannot start any token"), said(
        "the character %(found)s cannot start a value (a tab? indent with spaces, or put the "
        "text in quotes)")),
    (re.compile(r"expected ',' or '\]', but got '.*'"), said(
        "a list in “[ ]” needs a comma between its entries and a closing “]”")),
    (re.compile(r"expected ',' or '\}', but got '.*'"), said(
        "a mapping in “{ }” needs a comma between its entries and a closing “}”")),
    (re.compile(r"found unknown escape character (?P<found>'.*')"), said(
        "a text in double quotes has an unknown escape (a backslash before %(found)s)")),
]
"""PyYAML's problems that name what was found, and what the page says for each (`found`:
the character, as PyYAML quotes it)."""


def problem_words(problem: str, language: str) -> str:
    """PyYAML's `problem` in `language`: one of the common ones in the catalog's words,
    any other as PyYAML wrote it, quoted."""
    known = PROBLEMS.get(problem)
    if known is not None:
        return in_words(language, known)
    for pattern, message in PATTERNS:
        found = pattern.fullmatch(problem)
        if found is not None:
            return in_words(language, message, **found.groupdict())
    return in_words(language, "PyYAML says “%(problem)s”", problem=problem)


BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
"""A line break as PyYAML's reader counts lines."""


def place(error: yaml.YAMLError, text: str) -> tuple[int, int] | None:
    """The line and column (from 1) of `error` in `text`: its problem's mark, else a reader
    error's position (a character YAML does not allow); None where PyYAML says neither."""
    mark = getattr(error, "problem_mark", None)
    if mark is not None:
        return mark.line + 1, mark.column + 1
    if not isinstance(error, yaml.reader.ReaderError) or not 0 <= error.position <= len(text):
        return None
    breaks = list(BREAK.finditer(text, 0, error.position))
    return len(breaks) + 1, error.position - (breaks[-1].end() if breaks else 0) + 1
