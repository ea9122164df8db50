"""`catalog update` writes each catalog over its file as it stands (issue 49's leftover: it
rewrapped some 20,000 lines of the bundled catalogs at another width and order, so every
engineer edited them by hand): with no new message no byte moves, and a new or reworded
message changes only its own entry."""

from __future__ import annotations

import difflib
import io
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pontoon_rules.docs.website import catalog
from pontoon_rules.docs.website.pofiles import block_key
from pontoon_rules.docs.words import i18n

NEW = "A brand new sentence about splitting aces, long enough that a file wraps it: " * 2


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled catalogs that `update` writes, the template its .pot."""
    folder = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, folder)
    monkeypatch.setattr(catalog, "LOCALE_DIR", folder)
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    monkeypatch.setattr(catalog, "POT_PATH", folder / "messages.pot")
    return folder


def _template(folder: Path) -> Catalog:
    with (folder / "messages.pot").open("rb") as handle:
        return read_po(handle)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.po*"))}


def _changes(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """The lines `after` lost and gained against `before`."""
    lost, gained = [], []
    old, new = before.decode().splitlines(), after.decode().splitlines()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            lost += old[i1:i2]
            gained += new[j1:j2]
    return lost, gained


def test_an_update_with_no_new_message_leaves_every_bundled_catalog_byte_for_byte(
        locale: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _files(locale)
    template = _template(locale)
    monkeypatch.setattr(catalog, "extract", lambda: template)
    written, notes = catalog.update()
    assert notes == [] and len(written) == len([f for f in before if f.endswith(".po")])
    after = _files(locale)
    assert [name for name in before if after[name] != before[name]] == []


def test_a_new_message_adds_only_its_own_entry_to_each_catalog(
        locale: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _files(locale)
    template = _template(locale)
    template.add(NEW, locations=[("templates/plain_rules/deal.j2", 7)])
    template.creation_date = datetime(2030, 1, 1, tzinfo=UTC)
    monkeypatch.setattr(catalog, "extract", lambda: template)
    catalog.update()
    after = _files(locale)
    grown = sorted(name for name in before if after[name] != before[name])
    assert grown == sorted([*(f"{lang}/LC_MESSAGES/messages.po" for lang in _languages(locale)),
                            "messages.pot"])
    for name in grown:
        lost, gained = _changes(before[name], after[name])
        if name == "messages.pot":  # the template's date moves with its messages
            assert [line[:20] for line in lost] == ['"POT-Creation-Date: ']
            gained = [line for line in gained if not line.startswith('"POT-Creation-Date: ')]
        else:
            assert lost == []
        entry = [line for line in gained if line]
        assert entry[0] == "#: templates/plain_rules/deal.j2:7", name
        assert block_key(entry) == (False, None, NEW), name
        assert entry[-1] == 'msgstr ""' and gained.count("") == 1, name


def test_a_reworded_message_changes_only_its_own_entry(
        locale: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = locale / "ru" / "LC_MESSAGES" / "messages.po"
    before = po.read_bytes()
    template = _template(locale)
    old = next(m for m in template if isinstance(m.id, str) and len(m.id) > 120)
    reworded = old.id.replace(" ", "  ", 1)
    del template[old.id]
    template.add(reworded, locations=old.locations, flags=old.flags)
    monkeypatch.setattr(catalog, "extract", lambda: template)
    _written, notes = catalog.update(["ru"])
    assert f"ru: kept as fuzzy (reworded): {old.id!r} -> {reworded!r}" in notes
    lost, gained = _changes(before, po.read_bytes())
    with po.open("rb") as handle:
        now = read_po(handle, locale="ru")
    assert now[reworded].fuzzy and now[reworded].string == before_string(before, old.id)
    previous = [line.removeprefix("#| ") for line in gained if line.startswith("#| ")]
    assert block_key(previous) == (False, None, old.id)  # the old wording, read back whole
    assert old.id not in now
    assert sum(line.startswith("msgid ") for line in lost) == 1
    assert sum(line.startswith("msgid ") for line in gained) == 1
    assert sum(line.startswith("#| msgid ") for line in gained) == 1


def before_string(text: bytes, message: str) -> object:
    return read_po(io.BytesIO(text), locale="ru")[message].string


def _languages(folder: Path) -> list[str]:
    return [p.parent.parent.name for p in folder.glob("*/LC_MESSAGES/messages.po")]
