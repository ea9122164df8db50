"""The languages sheets and the site are written in: English and one per Babel catalog.

A language is a folder `docs/locale/<lang>/LC_MESSAGES/messages.po` (see `docs.i18n`);
a ruleset's `translations` may give its name and summary only in these (any other
key would never be shown).
"""

from __future__ import annotations

from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parents[1] / "docs" / "locale"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
"""The language of the rules as written (a ruleset's own name and summary)."""


def _catalog_languages() -> tuple[str, ...]:
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *found)


LANGUAGES: tuple[str, ...] = _catalog_languages()
"""Every language, the source language first."""

TRANSLATED: tuple[str, ...] = LANGUAGES[1:]
"""The languages a ruleset's `translations` may name."""
