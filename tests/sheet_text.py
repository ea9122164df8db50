"""The printed sheet's words, as a reader gets them: a bundled ruleset's Markdown sheet in
one language (against its base, as `sheet` prints it), with Markdown's escapes dropped.
Shared by the fresh readers' tests (`test_docs_reader*.py`)."""

from __future__ import annotations

from functools import cache

from babel.messages.pofile import read_po

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import po_path
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset_id: str, lang: str) -> str:
    """The Markdown sheet of bundled `ruleset_id` in `lang`, without its escapes."""
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


@cache
def catalog(lang: str) -> dict[str, str]:
    """`lang`'s `messages.po`: each translated message's words."""
    with po_path(lang).open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if isinstance(m.id, str) and m.string}


def word(lang: str, message: str, **values: object) -> str:
    """`message` as `lang`'s sheet prints it (English: the message itself)."""
    text = message if lang == "en" else catalog(lang)[message]
    return text % values if values else text
