"""Every message catalog passes GNU gettext's own check (`msgfmt -c`, issue 49 g49m item 4):
the Russian singular of "The banker's first %(count)s cards are dealt face down" had no
%(count)s, and Russian's first plural form is also the form of 21, 31, ... ("первые 21
карта"), so one hidden card now has a sentence of its own."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pontoon_rules.docs.words.i18n import LOCALE_DIR, translations

CATALOGS = sorted(Path(LOCALE_DIR).glob("*/LC_MESSAGES/*.po"))

HIDDEN = ("The banker's first %(count)s card is dealt face down, the others face up.",
          "The banker's first %(count)s cards are dealt face down, the others face up.")


def test_there_are_catalogs_to_check() -> None:
    assert len(CATALOGS) >= 8


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_msgfmt_checks_every_catalog(po: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt is not installed (gettext: run .ci/system-deps gettext)")
    done = subprocess.run([msgfmt, "-c", "-o", "/dev/null", str(po)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("count", [2, 5, 21, 22])
def test_the_russian_hidden_cards_say_their_count(count: int) -> None:
    text = translations("ru").ngettext(*HIDDEN, count) % {"count": count}
    assert f"Первые {count} карт" in text
