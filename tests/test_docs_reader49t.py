"""Issue 49, the second fresh reader's last points on Shoot Pontoon and Casino Filipino
(g49t): the order an example's words tell a shoot bet in, the kitty beside every shoot bet,
and Casino Filipino's intro, surrender and variation box, checked on what the sheets print
and, where a sentence says what play does, against the engine."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.docs.words.rounds import replay
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
    is said there; an example without one leaves it to the first (g49s)."""
    ruleset = load_bundled(rid)
    shoot = _words(ruleset, lang, "shoot")
    told = worked_examples(ruleset, lang)
    for i, ex in enumerate(told):
        text = "\n".join(ex["lines"])
        kitty = translations(words_of(ruleset, lang)).gettext(STEPS["kitty"]) % {
            "amount": str(ex["script"]["kitty"])}
        shoots = any(str(a).split()[1] == "shoot" for a in ex["script"]["actions"])
        assert (kitty in text) == (i == 0 or shoots), (lang, i, text)
        assert shoots == (shoot in text), (lang, i, text)
    assert sum(shoot in "\n".join(ex["lines"]) for ex in told) >= 2


def test_example_five_in_the_order_of_play() -> None:
    """The words of Shoot Pontoon's fourth-card example, and the engine's transcript of the
    round they tell: the shoot bet is decided before the fourth card is dealt."""
    ruleset = load_bundled("shoot-pontoon")
    told = [ex for ex in worked_examples(ruleset, "en")
            if "p1 shoot 100" in ex["script"]["actions"]]
    assert len(told) == 1
    assert told[0]["lines"][:2] == [
        "Player 1: stakes 100, is dealt 2♣ 5♦, twists 2♥, makes a shoot bet of 100, "
        "twists 2♠, twists K♦: 21 with 5 cards: five-card trick.",
        "Banker: puts up a kitty of 200, is dealt 5♣ 6♦, draws K♣: 21 with 3 cards: "
        "twenty-one."]
    events = replay(ruleset, told[0]["script"])["transcript"]
    order = [e.get("action") or e["card"] for e in events
             if e.get("actor") == "p1" or e.get("to") == "p1"]
    assert order[order.index("shoot 100") - 2:order.index("shoot 100") + 2] == [
        "2H", "twist", "shoot 100", "2S"]
