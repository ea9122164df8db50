"""Issue 49, the second fresh reader's last points on Shoot Pontoon and Casino Filipino
(g49t): the order an example's words tell a shoot bet in, the kitty beside every shoot bet,
and Casino Filipino's intro, surrender and variation box, checked on what the sheets print
and, where a sentence says what play does, against the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.docs.words.rounds import replay
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

SUITS = re.compile("[♠♥♦♣]")


def _shooting() -> list[tuple[str, str]]:
    """(ruleset, language) of every bundled sheet whose game has shoot bets."""
    out = []
    for rid in bundled_ids():
        ruleset = load_bundled(rid)
        if ruleset.shoot.enabled:
            out += [(rid, lang) for lang in sheet_languages(ruleset)]
    return out


def _words(ruleset: Ruleset, lang: str, key: str) -> str:
    """The words of the step `key` in `lang` without its amount (the longer part: some
    languages say the amount first)."""
    text = translations(words_of(ruleset, lang)).gettext(STEPS[key])
    return max(text.split("%(amount)s"), key=len).strip()


# 1. A shoot bet is told where the rule allows it -------------------------------------

@pytest.mark.parametrize(("rid", "lang"), _shooting())
def test_a_shoot_bet_is_told_before_the_fourth_card(rid: str, lang: str) -> None:
    """'Before your fourth card you may make one more shoot bet': the engine holds the
    fourth card back while the bet is offered, and the words must not print that card
    before the bet (example 5 said 'twists 2♥, twists 2♠, makes a shoot bet of 100')."""
    ruleset = load_bundled(rid)
    before = _words(ruleset, lang, "shoot")
    told = [line for ex in worked_examples(ruleset, lang) for line in ex["lines"][:-1]
            if before in line]
    assert told, (rid, lang)  # the sheet has examples with a shoot bet
    for line in told:
        for at in [m.start() for m in re.finditer(re.escape(before), line)]:
            assert len(SUITS.findall(line[:at])) <= 3, (lang, line)


@pytest.mark.parametrize(("rid", "lang"), _shooting())
def test_every_example_with_a_shoot_bet_says_the_kitty(rid: str, lang: str) -> None:
    """A reader checks 'do not exceed the kitty' in each example with a shoot bet: its kitty
    is said there, put up in the first and on the table in the others (since f49b in every
    example: 'no deal is dealt without a kitty')."""
    ruleset = load_bundled(rid)
    shoot = _words(ruleset, lang, "shoot")
    told = worked_examples(ruleset, lang)
    for i, ex in enumerate(told):
        text = "\n".join(ex["lines"])
        kitty = translations(words_of(ruleset, lang)).gettext(
            STEPS["kitty" if i == 0 else "kitty-held"]) % {"amount": str(ex["script"]["kitty"])}
        shoots = any(str(a).split()[1] == "shoot" for a in ex["script"]["actions"])
        assert kitty in text, (lang, i, text)
        assert shoots == (shoot in text), (lang, i, text)
    assert sum(shoot in "\n".join(ex["lines"]) for ex in told) >= 2


def _shoot_at(actions: list[str]) -> int:
    """Where player 1's shoot bet of 100 is among `actions` (0 where there is none: the
    shoot bet lost, f49h, is of 100 too, before the second card)."""
    return actions.index("p1 shoot 100") if "p1 shoot 100" in actions else 0


def test_example_five_in_the_order_of_play() -> None:
    """The words of Shoot Pontoon's fourth-card example, and the engine's transcript of the
    round they tell: the shoot bet is decided before the fourth card is dealt."""
    ruleset = load_bundled("shoot-pontoon")
    told = [ex for ex in worked_examples(ruleset, "en")  # a shoot bet of 100 after a twist
            if "p1 twist" in ex["script"]["actions"][:_shoot_at(ex["script"]["actions"])]]
    assert len(told) == 1
    assert told[0]["lines"][1:3] == [
        "Player 1: is dealt 2♣, stakes 100, is dealt 5♦, twists 2♥, makes a shoot bet of "
        "100, twists 2♠, twists K♦: 21 with 5 cards: five-card trick.",
        "Banker: is dealt 5♣ 6♦, draws K♣: 21 with 3 cards: twenty-one."]
    events = replay(ruleset, told[0]["script"])["transcript"]
    order = [e.get("action") or e["card"] for e in events
             if e.get("actor") == "p1" or e.get("to") == "p1"]
    assert order[order.index("shoot 100") - 2:order.index("shoot 100") + 2] == [
        "2H", "twist", "shoot 100", "2S"]


# 2. Casino Filipino --------------------------------------------------------------------

def _said(rid: str, lang: str = "en") -> dict[str, str]:
    return {s.key: s.text for s in sentences(load_bundled(rid), lang)}


def test_no_summary_says_draws_to_soft_17() -> None:
    """'draws to soft 17' reads as drawing until 17, against 'draws … on a soft 17'."""
    for rid in bundled_ids():
        ruleset = load_bundled(rid)
        texts = [ruleset.summary or "", *((t.summary or "") for t in
                                          (ruleset.translations or {}).values())]
        assert not any("draws to soft" in t for t in texts), rid
    assert "stands on hard 17 and draws on a soft 17" in load_bundled(
        "casino-filipino-pontoon").summary


def test_the_surrender_card_limit_is_said_plainly_and_the_engine_keeps_it(
        tmp_path: Path) -> None:
    """A hand of 13 cards that is not bust, and still drawing, exists in 8 Spanish packs (10
    aces and 3 twos, 16, never on a soft 21 on the way): where a limit of 12 cards is set the
    engine lets it surrender at 12 cards, not at 13, and the sheet says it plainly, without
    the count of aces a reader took for a program's note. Casino Filipino's guide names no
    limit (r49h: '12 cards' read as a misprint): its 13-card hand may surrender too."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    path = tmp_path / "limit.yaml"
    path.write_text("id: limit\nname: Surrender limit (test)\nkind: house\n"
                    "extends: casino-filipino-pontoon\nplayer:\n  surrender:\n"
                    "    max_cards: 12\n", encoding="utf-8")
    limited = load_ruleset(path)
    shoe = ["AC", "KC", "AD", *"AH AS AC AD 2C 2D 2H AH AS AC AD".split(), "7D", "9D"]
    actions = ["p1 decline", *["p1 twist"] * 11, "p1 stick"]
    for ruleset, at_13 in ((limited, False), (load_bundled("casino-filipino-pontoon"), True)):
        events = replay(ruleset, {"stakes": [100], "shoe": shoe,
                                  "actions": actions})["transcript"]
        legal = [e["legal"] for e in events if e.get("actor") == "p1"][1:]
        assert "surrender" in legal[10] and ("surrender" in legal[11]) is at_13  # 12, 13
    for lang in sheet_languages(limited):
        text = {x.key: x.text for x in sentences(limited, lang)}["surrender"]
        assert "12" in text and "13" not in text and "5" not in text, (lang, text)
        assert "12" not in _said("casino-filipino-pontoon", lang)["surrender"]
    assert ("You may surrender at any time in your turn, not only on your first two cards, as "
            "long as your hand holds no more than 12 cards, and get half of its stake back"
            in {x.key: x.text for x in sentences(limited)}["surrender"])


@pytest.mark.parametrize(("rid", "stake_lost", "words"), [
    ("australian-pontoon", 100, "If the dealer then makes a pontoon the surrender is void: the "
     "hand settles as if it had not surrendered, and a total under 21 loses its whole stake to "
     "the pontoon."),
    ("casino-filipino-pontoon", 100, "If the dealer then makes a pontoon the surrender is void: "
     "the hand settles as if it had not surrendered, and a total under 21 loses its original "
     "stake to the pontoon (its buy bets come back).")])
def test_a_void_surrender_says_what_is_lost(rid: str, stake_lost: int, words: str) -> None:
    """'the surrender is void and the hand settles as it stands': the engine then takes the
    stake of a total (Casino Filipino: the original stake, the buy bet of 1 back)."""
    ruleset = load_bundled(rid)
    first = ["p1 decline"] if ruleset.id == "casino-filipino-pontoon" else []
    buy = ["p1 buy 1"] if first else []
    shoe = ["9C", "KC", "2C", "3D", "AC", "5D"] if buy else ["9C", "KC", "7C", "AC", "5D"]
    result = replay(ruleset, {"stakes": [100], "shoe": shoe,
                              "actions": [*first, *buy, "p1 surrender"]})
    hand = result["seats"][0]["hands"][0]
    assert result["banker"]["class"] == "pontoon" and hand["net"] == -stake_lost
    assert sum(hand["stakes"]) == stake_lost + (1 if buy else 0)
    sheet = sheet_markdown(ruleset, "en")
    assert words in sheet and "settles as it stands" not in sheet
    assert "решение сдаться аннулируется: рука рассчитывается так, будто игрок не сдавался" in (
        sheet_markdown(ruleset, "ru"))


def test_the_variation_box_names_its_base_as_a_person_would() -> None:
    """'This variation, named by the source, differs from the base ruleset … Dropped from
    the base ruleset: …' read as program words: the box names Australian casino Pontoon,
    as Xì dách's names Ban Luck (g49n)."""
    ruleset, base = load_bundled("casino-filipino-pontoon"), load_bundled("australian-pontoon")
    text = sheet_markdown(ruleset, "en", base)
    star = "Australian casino Pontoon (The Star, Sydney)"
    # its dropped double and rescue are its "Not in this game: doubling" (r49h): no list
    assert f"Played like {star}. The rules marked ◆ below differ from it." in text
    assert f"> - Played in {star}, not in this game:" not in text
    assert f"◆ A rule of this game that differs from {star}." in text
    assert "base ruleset" not in text
    for rid in bundled_ids():
        overlay = load_bundled(rid)
        if overlay.kind == "variation" and overlay.extends:
            under = load_bundled(overlay.extends)
            for lang in sheet_languages(overlay):
                said = sheet_markdown(overlay, lang, under)
                assert "base ruleset" not in said and "Вариант из источника" not in said, (
                    rid, lang)
