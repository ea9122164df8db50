"""A settlement sentence covers every field its words read (`docs.words.reading`): the
bust sentence reads `faces.bust_shown`, the ties sentence the aces' values and each hand's
`compare`; a field it reads marks it † where its reading is open, and names it in
`said.sentences_of`. The sweep flips every yes/no and choice field of some bundled games:
where the outcome table stays the same and a sentence's words change, the sentence read
the field itself and must cover it."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest

from pontoon_rules.docs.words.reach import decided_table
from pontoon_rules.docs.words.said import sentences_of
from pontoon_rules.docs.words.sentences import _settled, sentences
from pontoon_rules.ruleset.format.common import Status
from pontoon_rules.ruleset.format.fields import ruleset_paths, value_at
from pontoon_rules.ruleset.format.model import Provenance, Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table
from tests.changed_ruleset import changed

READ = [("pagat-british", {}, "player_bust", "faces.bust_shown", False),
        ("xi-dach", {"pack.ace_values_by_cards": {}}, "ties", "pack.ace_values", [1]),
        ("xi-dach", {}, "ties", "hands.definitions.ngu-linh.compare", "equal")]
"""A game (changed so), a sentence, a field its words read, a value that changes them."""


def _open(ruleset: Ruleset, path: str | None) -> Ruleset:
    """`ruleset` whose only provenance is an open reading of its first source at `path`
    (none where `path` is None)."""
    entry = Provenance(source=next(iter(ruleset.sources)), status=Status.OUR_READING, open=True)
    return ruleset.model_copy(update={"provenance": {path: entry} if path else {}})


def _sentence(ruleset: Ruleset, key: str) -> Any:
    return next(s for s in sentences(ruleset) if s.key == key)


@pytest.mark.parametrize(("ruleset_id", "start", "key", "path", "value"), READ)
def test_a_field_the_words_read_marks_and_names_the_sentence(
        ruleset_id: str, start: dict[str, Any], key: str, path: str, value: Any) -> None:
    ruleset = load_bundled(ruleset_id)
    for field, first in start.items():
        ruleset = changed(ruleset, (field, first))
    said = _sentence(ruleset, key)
    assert _sentence(changed(ruleset, (path, value)), key).text != said.text, "not read"
    assert not _sentence(_open(ruleset, None), key).reading
    assert path in said.paths
    assert _sentence(_open(ruleset, path), key).reading, f"{path} open, no † on {key}"
    assert said.text in sentences_of(ruleset, path)


SWEPT = 500
"""The fewest settlement sentences each ruleset's sweep compares (pagat-british 761,
xi-dach 1,074, ban-luck 702, ochko-home 555 when counted): a sweep that changes no field or
reads no sentence fails instead of passing with nothing compared."""


def _alternatives(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [m.value for m in type(value) if m is not value]
    return []


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "xi-dach", "ban-luck", "ochko-home"])
def test_every_field_a_settlement_sentence_reads_is_covered(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    settled = _settled(ruleset, "en")
    table = decided_table(ruleset, outcome_table(ruleset))
    missed, compared = [], 0
    for path in ruleset_paths(ruleset):
        for value in _alternatives(value_at(ruleset, path)):
            try:
                other = changed(ruleset, (path, value))
            except ValueError:  # not a valid game
                continue
            if decided_table(other, outcome_table(other)) != table:
                continue  # said through the table: the rule's own field covers it
            for key, said in _settled(other, "en").items():
                before = settled.get(key)
                compared += before is not None
                if before is not None and before.text != said.text \
                        and path not in before.paths and path not in said.paths:
                    missed.append(f"{key} reads {path}")
    assert not missed
    assert compared >= SWEPT, compared  # the sweep compared sentences: it cannot pass empty


def test_the_settlement_is_worked_out_once_per_ruleset_and_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A cost table says one field per row (`said.sentences_of`): the settlement's sentences
    are worked out once per ruleset content and language, not once per row, and afresh for
    a changed ruleset, another language, and while a catalog records its messages."""
    from pontoon_rules.docs.words import sentences as module
    from pontoon_rules.docs.words.i18n import recording

    made: list[str] = []
    real = module.settlement_said

    def counting(ruleset: Ruleset, *args: Any) -> Any:
        made.append(ruleset.id)
        return real(ruleset, *args)

    monkeypatch.setattr(module, "settlement_said", counting)
    monkeypatch.setattr(module, "_SETTLED", {})
    british = load_bundled("pagat-british")
    first = [sentences_of(british, p) for p in ("settlement.ties", "faces.bust_shown")]
    assert first[0] and made == ["pagat-british"]
    assert [sentences_of(british, p) for p in ("settlement.ties", "faces.bust_shown")] == first
    assert _settled(british.model_copy(deep=True), "en") == _settled(british, "en")
    assert len(made) == 1
    _settled(british, "ru")
    _settled(_open(british, "faces.bust_shown"), "en")
    assert len(made) == 3
    with recording():
        _settled(british, "en")
    assert len(made) == 4
