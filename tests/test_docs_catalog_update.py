"""`catalog update` says what it drops and keeps a reworded message's translation as fuzzy
(it dropped every obsolete entry silently: an outside translator's work lost unseen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pontoon_rules.docs.website import catalog
from pontoon_rules.docs.words.i18n import DOMAIN

OLD = {"The banker wins every tie between two hands.": "Le banquier gagne toute égalité.",
       "A player may bust themself.": "Un joueur peut sauter.",
       "Stick: take no more cards.": "Servi : plus de cartes."}
NEW = ("The banker wins every tie between two equal hands.", "Stick: take no more cards.",
       "A brand new sentence about splitting aces.")


def _template() -> Catalog:
    template = Catalog(domain=DOMAIN)
    for message in NEW:
        template.add(message)
    return template


def test_a_reworded_message_keeps_its_translation_as_fuzzy_and_the_rest_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    po = tmp_path / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True)
    old = Catalog(locale="fr", domain=DOMAIN)
    for message, string in OLD.items():
        old.add(message, string)
    catalog._write(old, po)
    monkeypatch.setattr(catalog, "extract", _template)
    monkeypatch.setattr(catalog, "POT_PATH", tmp_path / "messages.pot")
    monkeypatch.setattr(catalog, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalog, "vocabularies", lambda lang: [])
    assert catalog.main(["update", "fr"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[:2] == [
        "fr: kept as fuzzy (reworded): 'The banker wins every tie between two hands.' -> "
        "'The banker wins every tie between two equal hands.'",
        "fr: dropped (no message has it now): 'A player may bust themself.'"]
    assert said[2] == f"updated {po}"
    with po.open("rb") as handle:
        now = read_po(handle, locale="fr", domain=DOMAIN)
    reworded = now[NEW[0]]
    assert reworded.string == "Le banquier gagne toute égalité." and reworded.fuzzy
    assert now[NEW[1]].string == "Servi : plus de cartes." and not now[NEW[1]].fuzzy
    assert not now[NEW[2]].string  # new: untranslated, not guessed from a kept message
    assert "themself" not in po.read_text(encoding="utf-8")  # dropped, and said so above
    assert "#| msgid \"The banker wins every tie between two hands.\"" in po.read_text(
        encoding="utf-8")  # the old wording beside the fuzzy translation, for its translator
    assert catalog.obsolete(po) == []
