"""The realistic variations' rows in words: the finished table's, kept per job and
language, and the newest draft's worked out while their edges are still being solved.

A row's words ("stick on 17 → stick on 16") depend on its change alone, never on its
edge, and a changed draft's rows are dozens of sheets' sentences (`docs.words.costview`:
each variant's sentences that say its field, about 0.6 CPU s for spanish-21's table).
Said only once the table had come, they were the last half second before the panel could
draw it. So once a draft's edge is known (`Workbench._edge_done`: the edge has the
machine to itself before), one thread of the server words the draft's planned rows
(`realistic.one_field_changes` and the published rows, as the worker plans them) in the
page's language, at the realistic table's priority (its workers' nice,
`server.TABLE_NICE`, this thread's own on Linux), which fills `costview`'s memo of words;
the panel's `realistic_view` of the finished table (`rows`) then finds each row's words
there. Nothing is shown from the thread: the words the page draws are those
`realistic_view` gives for the finished table, the same function on the same rows. Only
the newest draft waits (a newer one replaces it); one that fails to be worded ahead is
left to the panel, which words it again and says what it finds.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections import OrderedDict
from typing import Any

from pontoon_rules.ruleset.format.model import Ruleset


class RowWords:
    """The rows of finished tables in words (`rows`), and one daemon thread wording the
    newest draft's planned rows ahead (`ahead`)."""

    def __init__(self, nice: int = 0, kept: int = 16) -> None:
        self.nice, self.kept = nice, kept
        self._worded: OrderedDict[tuple[str, str], list[Any]] = OrderedDict()
        self._next: tuple[Ruleset, str] | None = None
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self.ahead_done: list[tuple[str, str]] = []
        """(ruleset id, language) of each draft worded ahead, the newest last (at most 16)."""

    def rows(self, job: str, ruleset: Ruleset, data: dict[str, Any],
             lang: str) -> list[Any]:
        """(row, its words) of the finished realistic table `data` of `ruleset` in `lang`
        (`docs.words.costview.realistic_view`), kept by `job` and language."""
        found = self._worded.get((job, lang))
        if found is None:
            from pontoon_rules.analysis.present.realistic import table_from_json
            from pontoon_rules.docs.words.costview import realistic_view
            from pontoon_rules.docs.words.i18n import translations

            table = table_from_json(ruleset, data)
            said = realistic_view(ruleset, table, translations(lang).gettext, lang)
            found = self._worded[(job, lang)] = list(zip(table.rows, said, strict=True))
            while len(self._worded) > self.kept:
                self._worded.popitem(last=False)
        return found

    def ahead(self, ruleset: Ruleset, lang: str) -> None:
        """Word `ruleset`'s planned rows in `lang` next (replacing a draft still waiting)."""
        with self._wake:
            self._next = (ruleset, lang)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="row-words",
                                                daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        if self.nice and hasattr(os, "setpriority"):
            with contextlib.suppress(OSError):  # this thread alone (Linux: a thread's id)
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), self.nice)
        while True:
            with self._wake:
                while self._next is None:
                    self._wake.wait()
                ruleset, lang = self._next
                self._next = None
            with contextlib.suppress(Exception):  # the panel words it again, says why
                word_planned(ruleset, lang)
                self.ahead_done = [*self.ahead_done[-15:], (ruleset.id, lang)]


def word_planned(ruleset: Ruleset, lang: str) -> list[Any]:
    """`realistic_view` of `ruleset`'s planned rows (no edges yet) in `lang`."""
    from pontoon_rules.docs.words.costview import realistic_view
    from pontoon_rules.docs.words.i18n import translations

    return realistic_view(ruleset, planned_table(ruleset), translations(lang).gettext, lang)


def planned_table(ruleset: Ruleset) -> Any:
    """The rows the worker's realistic table of `ruleset` will hold, without their edges,
    as the panel gets them (`table_from_json` of `to_json`): the one-field changes the
    family suggests, then the published rows."""
    from pontoon_rules.analysis.present.realistic import (
        PUBLISHED,
        RealisticTable,
        Variation,
        bundled_family,
        changes_between,
        one_field_changes,
        published_rows,
        table_from_json,
    )

    rows = [Variation(kind, (change,), sources, None, None)
            for kind, change, sources in one_field_changes(ruleset, bundled_family())]
    for name, overlay in published_rows(ruleset):
        changes = changes_between(ruleset, overlay)
        if changes:
            rows.append(Variation(PUBLISHED, changes, (name,), None, None, "", overlay))
    return table_from_json(ruleset, RealisticTable(ruleset.id, 0.0, "", "", rows).to_json())
