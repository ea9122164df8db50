"""The catalogs keep no obsolete entries (`#~`, such as the four 'themself' sentences a
re-read found): `catalog update` drops them and `catalog check` fails on any left."""

from __future__ import annotations

from pathlib import Path

from pontoon_rules.docs.website import catalog
from pontoon_rules.docs.words.i18n import DOMAIN, LOCALE_DIR

CATALOGS = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def test_no_catalog_keeps_an_obsolete_entry() -> None:
    assert CATALOGS
    kept = {str(p.relative_to(LOCALE_DIR)): n for p in CATALOGS
            if (n := sum(line.startswith("#~ msgid") for line in
                         p.read_text(encoding="utf-8").splitlines()))}
    assert kept == {}
    assert not any("themself" in p.read_text(encoding="utf-8") for p in CATALOGS)


def test_the_check_lists_an_obsolete_entry(tmp_path: Path) -> None:
    po = tmp_path / f"{DOMAIN}.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "kept"\nmsgstr "gardé"\n\n'
                  '#~ msgid "A player may bust themself."\n#~ msgstr "gone"\n', encoding="utf-8")
    assert catalog.obsolete(po) == ["A player may bust themself."]
    assert catalog.obsolete(CATALOGS[0]) == []
