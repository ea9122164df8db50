"""The realistic rows' words worked out ahead while their edges are solved
(`workbench.rowwords`): the words the panel draws are the finished table's own, the plan
covers every row the worker's table holds, and a change's edge sets the wording off."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.analysis.present.realistic import realistic_variations, table_from_json
from pontoon_rules.docs.words import costview
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.workbench.jobs import JobManager
from pontoon_rules.workbench.rowwords import RowWords, word_planned

BASE = "pagat-british"


def _said(rows: list[Any]) -> list[tuple[str, str, str]]:
    return [(v.before, v.after, v.origin) for v in rows]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rows_worded_ahead_are_the_finished_tables_rows_in_the_same_words(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = load_bundled(BASE)
    table = realistic_variations(ruleset)  # its edges stored: quick
    data = table.to_json()
    monkeypatch.setattr(costview, "_SAID", {})
    cold = costview.realistic_view(ruleset, table_from_json(ruleset, data),
                                   translations(lang).gettext, lang)
    monkeypatch.setattr(costview, "_SAID", {})
    planned = word_planned(ruleset, lang)
    worded = len(costview._SAID)
    found = RowWords().rows("job", ruleset, data, lang)
    assert worded and len(costview._SAID) == worded  # every row's words found worded
    assert _said([said for _row, said in found]) == _said(cold)
    # the plan holds each row of the table (and more: the changes no table plays)
    assert len(planned) >= len(table.rows)
    assert {(c.path, repr(c.new)) for row in table.rows for c in row.changes} <= \
        _planned_changes(ruleset)


def _planned_changes(ruleset: Any) -> set[tuple[str, str]]:
    from pontoon_rules.analysis.present.realistic import (
        bundled_family,
        changes_between,
        one_field_changes,
        published_rows,
    )

    out = {(c.path, repr(c.new)) for _k, c, _s in one_field_changes(ruleset, bundled_family())}
    for _name, overlay in published_rows(ruleset):
        out |= {(c.path, repr(c.new)) for c in changes_between(ruleset, overlay)}
    return out


def test_the_thread_words_the_newest_draft_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draft still waiting gives way to a newer one; the thread goes on after a draft
    that cannot be worded."""
    from pontoon_rules.workbench import rowwords

    started, seen = [], []

    def slow(ruleset: Any, lang: str) -> None:
        started.append(ruleset)
        if ruleset == "broken":
            raise ValueError("no words")
        if ruleset == "first":
            time.sleep(0.3)
        seen.append((ruleset, lang))

    monkeypatch.setattr(rowwords, "word_planned", slow)
    words = RowWords()
    words.ahead("broken", "en")  # type: ignore[arg-type]
    time.sleep(0.2)
    words.ahead("first", "en")  # type: ignore[arg-type]
    time.sleep(0.1)
    words.ahead("second", "en")  # type: ignore[arg-type]
    words.ahead("third", "ru")  # type: ignore[arg-type]
    end = time.monotonic() + 10
    while len(seen) < 2 and time.monotonic() < end:
        time.sleep(0.02)
    assert started == ["broken", "first", "third"] and seen == [("first", "en"), ("third", "ru")]


def test_a_changes_edge_sets_its_rows_wording_off(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`Workbench._edge_done` hands the newest analysed draft, in the page's language, to
    the thread once its edge is known; a workbench without realistic variations words none."""
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path / "cache"))
    handed: list[tuple[str, str]] = []
    for realistic in (True, False):
        workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"),
                              JobManager(1, prefix="e"), realistic=realistic)
        monkeypatch.setattr(workbench.row_words, "ahead",
                            lambda r, lang, on=realistic: handed.append((r.id, lang, on)))
        try:
            body = {"tab": "t", "seq": 1, "start": f"bundled:{BASE}", "lang": "ru",
                    "name": "Ours", "fields": {}, "set": {"player.stick_minimum": 17}}
            assert workbench.state(body)["job"]
            end = time.monotonic() + 60
            while not workbench.edges.idle() and time.monotonic() < end:
                time.sleep(0.05)
            workbench._edge_done()  # once more: nothing is handed twice
        finally:
            workbench.close()
    assert [(lang, on) for _id, lang, on in handed] == [("ru", True)]
