"""Small defects of the review of issue 56, each with the test that failed before its fix."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.docs.words.reach import _COUNT_AND_TOTAL, _HOLDERS, _plain
from pontoon_rules.ruleset.format.common import (
    AgainstTotal,
    CompareRule,
    NaturalTakes,
    Rank,
    SuitRule,
    TieRule,
)
from pontoon_rules.ruleset.format.hands import NOT_CONDITIONS, HandDefinition, condition_fields

# -- 1. a plain named hand: its conditions read from the model, not listed by name ----------

SAMPLES: dict[str, Any] = {
    "name": "Blackjack", "names": {"ru": "очко"}, "min_cards": 3, "max_cards": 3,
    "min_total": Fraction(20), "max_total": None, "ranks": (Rank.ACE, Rank.KING),
    "same_rank": True, "suits": SuitRule.SUITED, "soft": True,
    "banker_up_ranks": (Rank.SEVEN,), "min_stake": 5, "max_stake": 50, "dealt_only": True,
    "on_split_hand": False, "after_double": False, "player_can_hold": False,
    "banker_can_hold": False, "pays": "3:2", "prize": 1000, "collects": "2:1",
    "takes": NaturalTakes.ORIGINAL_BETS, "compare": CompareRule.BY_TOTAL,
    "against_total": AgainstTotal.BY_TOTAL,
    "ties": TieRule.PUSH, "wins_outright": True, "natural": True, "may_draw_on": False,
    "stick_any_total": True, "paid_by_players": "2:1", "prize_to_others": 50,
}
"""A value other than its default for every field of a hand definition. A new field fails
`test_every_field_of_a_hand_definition_is_sampled` until it has one here and is declared a
condition or not (`hands.NOT_CONDITIONS`)."""

TWO_CARD_21 = HandDefinition(min_cards=2, max_cards=2, min_total=Fraction(21))


def test_every_field_of_a_hand_definition_is_sampled() -> None:
    assert set(SAMPLES) == set(HandDefinition.model_fields)
    assert NOT_CONDITIONS < set(HandDefinition.model_fields)
    assert {*_COUNT_AND_TOTAL, *_HOLDERS} < set(condition_fields())


@pytest.mark.parametrize("field", sorted(SAMPLES))
def test_a_condition_makes_a_named_hand_not_plain_and_nothing_else_does(field: str) -> None:
    """`reach._plain` listed the conditions by name: a new one would have been left out,
    and Sette e mezzo's «Eccezioni» could have dropped a real exception."""
    assert _plain(TWO_CARD_21, banker=False) and _plain(TWO_CARD_21, banker=True)
    changed = TWO_CARD_21.model_copy(update={field: SAMPLES[field]})
    plain = [_plain(changed, banker=False), _plain(changed, banker=True)]
    if field in NOT_CONDITIONS or field in _COUNT_AND_TOTAL:
        assert plain == [True, True]
    elif field in _HOLDERS:
        assert plain == [field == "banker_can_hold", field == "player_can_hold"]
    else:
        assert plain == [False, False]


def test_a_new_condition_field_makes_a_named_hand_not_plain() -> None:
    """A field the model gains is a condition unless declared otherwise: one set is no
    plain hand, though `reach` names no such field (before: it was plain)."""

    class Wider(HandDefinition):
        face_up_only: bool = False

    assert _plain(Wider(min_cards=2, max_cards=2), banker=False)
    assert not _plain(Wider(min_cards=2, max_cards=2, face_up_only=True), banker=False)


# -- 2. the named hands the analysis values one group of up cards at a time: one function ---

TINY = Path(__file__).parent / "rulesets"


def test_a_hand_book_refuses_the_hands_the_up_card_groups_value() -> None:
    """`analysis.named` asked the compiled hands again what `upcards.conditional` asks
    of the ruleset; now it asks `conditional`, the one function (`upcards` re-exports
    it). Its refusal names the first such hand; a group's own rules pass."""
    from pontoon_rules.analysis.deck import kind_space
    from pontoon_rules.analysis.named import conditional, hand_book
    from pontoon_rules.analysis.upcards import conditional as of_upcards
    from pontoon_rules.analysis.upcards import groups
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.errors import AnalysisError
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    assert of_upcards is conditional
    rules = compile_rules(load_ruleset(TINY / "tiny-up-card.yaml"))
    first = conditional(rules)[0][0]
    kinds = kind_space(rules).kinds
    with pytest.raises(AnalysisError, match=rf"^hands\.definitions\.{first}: a hand held "):
        hand_book(rules, kinds)
    for group in groups(rules):
        assert conditional(group.rules) == []
        hand_book(group.rules, kind_space(group.rules).kinds)


# -- 3. a suit's or a rank's name with a hidden character: refused as a ruleset's name is ---


def _validate(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    from pontoon_rules.cli import cli
    from pontoon_rules.cli.errors import run_with_errors

    code = run_with_errors(cli, ["validate", str(path)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.mark.parametrize(("pack", "where"), [
    ("suit_names:\n    D: {name: %s}", "pack.suit_names.D.name"),
    ("suit_names:\n    D: {name: coins, names: {it: %s}}", "pack.suit_names.D.names.it"),
    ("rank_names:\n    Q: {name: %s}", "pack.rank_names.Q.name"),
    ("rank_names:\n    Q: {name: knight, letters: {it: %s}}", "pack.rank_names.Q.letters.it"),
])
@pytest.mark.parametrize(("word", "reason"), [
    ("\"C\\u200b\"", "U+200B ZERO WIDTH SPACE (an invisible character)"),
    ("\"\\u202eC\"", "U+202E RIGHT-TO-LEFT OVERRIDE (a bidi control)"),
])
def test_a_suit_or_rank_word_with_a_hidden_character_is_refused_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], pack: str, where: str,
        word: str, reason: str) -> None:
    """`SuitWord` (and a card's letter) took any characters: a zero-width space or a bidi
    control in a suit's name reached every sheet. Now refused as `Name` refuses them."""
    path = tmp_path / "hidden.yaml"
    path.write_text("id: hidden\nname: Hidden\nkind: house\nextends: sette-e-mezzo\n"
                    f"pack:\n  {pack % word}\n", encoding="utf-8")
    code, err = _validate(capsys, path)
    assert code == 2, err
    assert (f"{where}: a name may not hold {reason}: it would make the name look like "
            "another one or reorder the text around it") in err


def test_the_bundled_suit_and_rank_words_are_all_visible(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fine.yaml"
    path.write_text("id: fine\nname: Fine\nkind: house\nextends: sette-e-mezzo\npack:\n"
                    "  rank_names:\n    Q: {name: knight, names: {ru: всадник}, "
                    "letters: {it: C, ru: Вс}}\n", encoding="utf-8")
    assert _validate(capsys, path) == (0, "")


WORD = '"Pon\\u202etoon"'
"""A name in YAML's double quotes holding a right-to-left override."""


@pytest.mark.parametrize(("hand", "where"), [
    ("name: %s", "hands.definitions.pontoon.name"),
    ("names: {ru: %s}", "hands.definitions.pontoon.names.ru"),
])
def test_a_named_hands_name_with_a_hidden_character_is_refused_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], hand: str, where: str) -> None:
    """A named hand's name is printed on every sheet as a suit's is: it took any character."""
    path = tmp_path / "hidden.yaml"
    path.write_text("id: hidden\nname: Hidden\nkind: house\nextends: pagat-british\n"
                    "hands:\n  definitions:\n    pontoon:\n"
                    f"      {hand % WORD}\n",
                    encoding="utf-8")
    code, err = _validate(capsys, path)
    assert code == 2, err
    assert (f"{where}: a name may not hold U+202E RIGHT-TO-LEFT OVERRIDE (a bidi control): "
            "it would make the name look like another one or reorder the text around it"
            ) in err


# -- 4. a sentence that says the direction of play is marked changed where it changes ------


def _turned(ruleset: Any) -> Any:
    from pontoon_rules.ruleset.format.bank import PlayDirection

    other = PlayDirection.LEFT if ruleset.table.direction is PlayDirection.RIGHT \
        else PlayDirection.RIGHT
    return ruleset.model_copy(
        update={"table": ruleset.table.model_copy(update={"direction": other})})


def _bundled_ids() -> list[str]:
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    return sorted(bundled_ids())


@pytest.mark.parametrize("ruleset_id", _bundled_ids())
def test_every_sentence_the_direction_changes_is_marked_changed(ruleset_id: str) -> None:
    """The house's cut ('the player on their left cuts'), the bank passed on and the
    bank's rotation say the direction, which only the deal order's rule covers: an overlay
    changing only `table.direction` left them unmarked. A followed field marks only a
    sentence whose words it changes."""
    from pontoon_rules.docs.words.sentences import sentences
    from pontoon_rules.ruleset.loading.registry import load_bundled

    ruleset = load_bundled(ruleset_id)
    before = {s.key: s.text for s in sentences(ruleset)}
    for s in sentences(_turned(ruleset), base=ruleset):
        assert s.changed == (before.get(s.key) != s.text), (s.key, s.text)


def test_an_overlay_turning_the_house_round_marks_its_cut(tmp_path: Path) -> None:
    from pontoon_rules.docs.words.sentences import text_lines
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.ruleset.loading.registry import load_bundled

    path = tmp_path / "turned.yaml"
    path.write_text("id: turned\nname: Turned\nkind: house\nextends: pagat-british\n"
                    "table:\n  direction: right\n", encoding="utf-8")
    base = [line for line in text_lines(load_bundled("pagat-british")) if " cuts them" in line]
    lines = text_lines(load_ruleset(path), base=load_bundled("pagat-british"))
    cut = [line for line in lines if " cuts them" in line]
    assert len(cut) == 1 == len(base) and "the player on the banker's left cuts" in cut[0]
    # the ◆ before the one sentence of the rule that differs (g49am), not at the rule's end
    assert "left" not in base[0] and "◆ Before the first deal" in cut[0]
    assert cut[0].count("◆") == 1


# -- 6. the workbench's helper starts from a daemonic worker without lifting its flag -------


def _helper_in_a_daemon(conn: Any) -> None:
    """In a daemonic process, as a workbench worker is: its helper's answer, and whether
    the process is still daemonic afterwards."""
    import multiprocessing

    from pontoon_rules.workbench.helper import PipeHelper

    try:
        with PipeHelper() as pipe:
            answer = pipe.submit(sum, [1, 2]).result(timeout=60)
        conn.send((answer, multiprocessing.current_process().daemon))
    except Exception as error:  # noqa: BLE001 - told to the test
        conn.send((repr(error), None))


def test_a_daemonic_worker_starts_its_helper_and_stays_daemonic() -> None:
    """The helper was a `multiprocessing` process, which a daemonic process may not start:
    `helper.py` lifted multiprocessing's private daemon flag of the worker for good. It is
    now a plain child process on a socket."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=_helper_in_a_daemon, args=(theirs,), daemon=True)
    process.start()
    try:
        assert ours.poll(90)
        assert ours.recv() == (3, True)
    finally:
        process.join(10)
        if process.is_alive():
            process.kill()
