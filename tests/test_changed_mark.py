"""The ◆ "changed" mark of an overlay's sheet (issues 49, 51): a sentence is marked exactly
where its words differ from its base's sentence of the same rule, or the base has none;
the base's sentences the overlay no longer has are said in its box. A scan over every
choice and flag of every bundled ruleset found 55 (field, sentence) pairs whose words a
field changed without a mark (a feature switched off acting on "Not in this game", the
faces, the split hands, the named hands; the bank's passing; the house's stake limits)
and two marks on words that had not changed (the first shuffle, Siebzehn und Vier's deal
order, under `table.direction`)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel

from pontoon_rules.docs.words.sentences import compared, sentences, text_lines
from pontoon_rules.ruleset.format.fields import leaf_paths, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

M = TypeVar("M", bound=BaseModel)

NUMERIC_SAMPLE = ("player.stick_minimum", "stakes.min_stake", "deal.player_cards",
                  "table.max_players", "between_deals.penetration", "player.max_cards",
                  "banker.stand_on", "player.split.max_hands")
"""Numeric fields an overlay often changes: each moved by one (or a tenth)."""


def _copied(model: M, path: str, value: Any) -> M:
    """`model` with the field at dotted `path` set to `value`, unvalidated."""
    head, _dot, rest = path.partition(".")
    return model.model_copy(
        update={head: _copied(getattr(model, head), rest, value) if rest else value})


def _others(path: str, value: Any) -> list[Any]:
    """Other values of a field: an enum's other members, a flag's opposite, a number
    moved a little (only the sampled numeric fields)."""
    if isinstance(value, Enum):
        return [v for v in type(value) if v != value]
    if isinstance(value, bool):
        return [not value]
    if path in NUMERIC_SAMPLE and isinstance(value, int):
        return [value + 1, max(value - 1, 0)]
    if path in NUMERIC_SAMPLE and isinstance(value, float):
        return [round(value - 0.1, 2)]
    return []


def _variants(ruleset: Ruleset) -> list[tuple[str, Ruleset]]:
    out = []
    for path in leaf_paths():
        try:
            value = value_at(ruleset, path)
        except (AttributeError, KeyError, IndexError, TypeError):
            continue
        out += [(path, _copied(ruleset, path, other)) for other in _others(path, value)]
    return out


def _said(ruleset: Ruleset) -> dict[str, str]:
    """Each sentence's words by its key, the named hands with their odds."""
    return {s.key: s.text for s in sentences(ruleset)}


@pytest.mark.parametrize("ruleset_id", sorted(bundled_ids()))
def test_the_mark_is_exactly_the_sentences_whose_words_change(ruleset_id: str) -> None:
    """Every choice and flag of the ruleset (and a sample of numbers) changed alone: the
    sentences marked ◆ are exactly those whose words differ from the base's, or that the
    base has not; the base's sentences gone are exactly those the overlay lacks."""
    base = load_bundled(ruleset_id)
    before = _said(base)
    checked = 0
    for path, overlay in _variants(base):
        try:
            found, gone = compared(overlay, base)
        except Exception:  # noqa: BLE001 - a combination the words cannot say: not a case
            with pytest.raises(Exception):  # noqa: B017, PT011 - the words, not the comparison
                _said(overlay)
            continue
        checked += 1
        after = {s.key: s.text for s in found}  # the overlay's sentences: marking keeps words
        marked = {s.key for s in found if s.changed}
        differ = {k for k, text in after.items() if before.get(k) != text}
        assert marked == differ, (path, sorted(marked ^ differ))
        assert {s.key for s in gone} == before.keys() - after.keys(), path
    assert checked >= 10, checked  # not every change skipped as one the words cannot say


def test_a_switched_off_feature_marks_what_it_changes(tmp_path: Path) -> None:
    """Doubling switched off changes "Not in this game" and the split hands' doubling; the
    scan found neither marked."""
    base = load_bundled("blackjack-reference")
    path = tmp_path / "no-double.yaml"
    path.write_text("id: no-double\nname: No double\nkind: house\n"
                    "extends: blackjack-reference\nplayer:\n  double:\n    allowed: false\n",
                    encoding="utf-8")
    found, gone = compared(load_ruleset(path), base)
    marked = {s.key for s in found if s.changed}
    assert {"lacks", "split_hands"} <= marked
    assert "double" in {s.key for s in gone}
    lines = text_lines(load_ruleset(path), base=base)
    lacks = [line for line in lines if line.strip().startswith("Not in this game")]
    assert len(lacks) == 1 and lacks[0].rstrip(" †").endswith("◆")
    assert any(line.strip().startswith("Dropped from the base ruleset: You may double")
               for line in lines)


def _turned(ruleset: Ruleset) -> Ruleset:
    from pontoon_rules.ruleset.format.bank import PlayDirection

    other = PlayDirection.LEFT if ruleset.table.direction is PlayDirection.RIGHT \
        else PlayDirection.RIGHT
    return _copied(ruleset, "table.direction", other)


@pytest.mark.parametrize(("ruleset_id", "key"), [("casino-ochko", "first_shuffle")])
def test_a_sentence_whose_words_stay_is_not_marked(ruleset_id: str, key: str) -> None:
    """The house dealer's first shuffle does not say the direction of play: turned round,
    its words stay, and so it is not marked (a one-player game's deal order now says whom
    the banker plays first, and which way: it is marked, test_docs_reader49g)."""
    base = load_bundled(ruleset_id)
    found = {s.key: s for s in sentences(_turned(base), base=base)}
    assert key in found and found[key].text == _said(base)[key]
    assert not found[key].changed


def test_a_named_hands_odds_mark_its_row(tmp_path: Path) -> None:
    """A sheet's payout table shows a named hand's odds, not its sentence: a changed payout
    still marks the hand's row (the words compared are the sentence with its odds)."""
    from pontoon_rules.docs.sheet.sheet_view import sheet_view

    base = load_bundled("pagat-british")
    path = tmp_path / "rich.yaml"
    path.write_text("id: rich\nname: Rich\nkind: house\nextends: pagat-british\n"
                    "hands:\n  definitions:\n    five-card-trick:\n      pays: '3:1'\n",
                    encoding="utf-8")
    view = sheet_view(load_ruleset(path), "en", base, examples=0)
    marked = {s.key for c in view["chapters"] for s in c["rules"] if s.changed}
    assert "hand:five-card-trick" in marked
    assert "hand:five-card-trick" in {s.key for s in view["house"]["rules"]}


def _no_double_rules() -> dict[str, Any]:
    """The workbench's rules panel, by rule key, for blackjack-reference with no doubling."""
    from pontoon_rules.workbench.draft import Evaluation, Start
    from pontoon_rules.workbench.view import rules_view

    base = load_bundled("blackjack-reference")
    overlay = _copied(base, "player.double.allowed", False)
    start = Start("blackjack-reference", "Blackjack", base, "blackjack-reference", None)
    view = rules_view(start, {"player.double.allowed": False},
                      Evaluation("", "house.yaml", overlay, ()), {}, "en")
    return {r["key"]: r for c in view["chapters"] for r in c["rules"]}


def test_the_workbench_marks_the_rules_the_sheet_marks() -> None:
    """The workbench's rules panel marks "changed" every rule whose sentence the sheet
    marks ◆ (its words differ), not only the rules whose control was set."""
    rules = _no_double_rules()
    assert rules["lacks"]["changed"] and rules["split_hands"]["changed"]
    assert rules["double"]["changed"] and not rules["stick"]["changed"]


def test_the_full_box_says_the_base_rules_dropped(tmp_path: Path) -> None:
    """The house box of the site's page and of a sheet with room says each of the base's
    rules the overlay no longer has; a brief box (a printed sheet short of room) does not."""
    from pontoon_rules.docs.sheet.sheets import sheet_html

    base = load_bundled("blackjack-reference")
    path = tmp_path / "no-double.yaml"
    path.write_text("id: no-double\nname: No double\nkind: house\n"
                    "extends: blackjack-reference\nplayer:\n  double:\n    allowed: false\n",
                    encoding="utf-8")
    overlay = load_ruleset(path)
    full, brief = (sheet_html(overlay, "en", base, 0, brief=b) for b in (False, True))
    assert 'data-gone="double">Dropped from the base ruleset: You may double' in full
    assert "data-gone" not in brief


def test_the_workbench_shows_the_base_sentence_of_a_changed_rule() -> None:
    """A rule whose words differ (or that the base had and the draft has not) shows the
    base's sentence beside the mark ("was: ..."), as each control shows its base value."""
    rules = _no_double_rules()
    before = {s.key: s.text for s in sentences(load_bundled("blackjack-reference"))}
    assert rules["double"]["was"] == before["double"] and rules["double"]["text"] is None
    assert rules["split_hands"]["was"] == before["split_hands"]
    assert rules["stick"]["was"] is None


@pytest.mark.parametrize(("ruleset_id", "dropped"), [
    ("xi-dach", "Played in Ban Luck (Chinese Blackjack), not in this game:"),
    ("casino-filipino-pontoon",
     "Played in Australian casino Pontoon (The Star, Sydney), not in this game:")])
def test_a_dropped_named_hand_is_said_by_the_ranking(ruleset_id: str, dropped: str) -> None:
    """The box says the base's dropped rules, not its dropped named hands: the ranking,
    which lists every hand, says those, and is marked. A game of its own (Xì dách) says
    them played in its base, never dropped from an original (g49n). Casino Filipino's
    dropped rules (Sydney's double and rescue) are its "Not in this game: doubling" (r49h):
    its box says none."""
    from pontoon_rules.docs.sheet.sheet_view import find_base

    overlay = load_bundled(ruleset_id)
    found, gone = compared(overlay, find_base(overlay))
    assert any(s.key.startswith("hand:") for s in gone)
    assert next(s for s in found if s.key == "ranking").changed
    lines = text_lines(overlay, base=find_base(overlay))
    assert any(line.strip().startswith(dropped) for line in lines) is (
        ruleset_id != "casino-filipino-pontoon")
    assert not any(line.strip().startswith(f"{dropped} {s.text}")
                   for line in lines for s in gone if s.key.startswith("hand:"))


def test_the_base_memo_holds_under_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workbench renders from several threads: one thread dropping the oldest base
    between another's finding it and moving it to the end raised KeyError there."""
    import sys
    import threading

    from pontoon_rules.docs.words import changes

    class Base:
        def __init__(self, text: str) -> None:
            self.text = text

        def model_dump_json(self, **_options: object) -> str:  # as `content_json` asks
            return self.text

    def render(_base: Any, _lang: str, _odds: bool) -> changes.Before:
        return changes.Before((), {})

    monkeypatch.setattr(changes, "KEPT", 1)  # every new base drops another
    monkeypatch.setattr(changes, "_kept", type(changes._kept)())
    errors: list[BaseException] = []

    def looked_up(name: str) -> None:
        try:
            for _ in range(100_000):
                changes.before(Base(name), "en", False, render)  # type: ignore[arg-type]
        except Exception as e:  # noqa: BLE001 - what the test collects
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=looked_up, args=(n,)) for n in "abcd"]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(changes._kept) == 1
