"""Issue 49, a fresh reader's findings on twelve sheets (04:48 UTC): examples that break a
stated rule, sequences the deal section leaves out, rules that can never apply or are
missing; each checked on what the sheets print, quoting the sheet that was wrong."""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import narrate
from pontoon_rules.docs.words.rounds import replay
from pontoon_rules.ruleset.loading.registry import load_bundled


def told(ruleset_id: str, script: dict[str, Any], lang: str = "en") -> list[str]:
    """`script` replayed under the bundled ruleset and told in `lang`."""
    ruleset = load_bundled(ruleset_id)
    catalog = translations(lang)
    return narrate(ruleset, script, replay(ruleset, script), catalog.gettext,
                   catalog.ngettext, lang)


def test_xi_dach_example_settles_an_opened_hand_for_the_reason_at_the_opening() -> None:
    """'Nhà cái: được chia K♦ 6♦, xét bài người chơi 1, rút J♣: 26 … quắc. Nhà cái bị quắc:
    người chơi 1 thắng 200.' beside 'bài đó được tính ngay với bài nhà cái đang có': the
    ngũ linh was paid against the banker's 16, before the bust."""
    lines = [line for example in worked_examples(load_bundled("xi-dach"), "vi")
             for line in example["lines"]]
    opened = [i for i, line in enumerate(lines) if "xét bài người chơi 1, rút" in line]
    assert opened, "the example of a banker who opens and then draws is gone"
    for i in opened:
        assert not lines[i + 1].startswith("Nhà cái bị quắc"), lines[i:i + 2]


def test_ban_luck_opened_hand_is_beaten_by_the_banker_s_hand_as_it_stood() -> None:
    """The banker opens player 1's 19 on 20 and then draws to a bust: player 1 lost to the
    20 at the opening (the engine's settlement), and the words say so, not 'The banker is
    bust: player 1 loses 100'."""
    script = {"ruleset": "ban-luck", "stakes": [100], "shoe": ["TH", "5D", "QH", "4C", "TC", "5S"],
              "actions": ["p1 twist", "p1 stick", "banker open 1", "banker twist"]}
    lines = told("ban-luck", script)
    assert lines[1] == ("Banker: is dealt 10♥ Q♥, opens the hand of player 1, draws 5♠: 25 with"
                        " 3 cards: bust."), lines
    assert lines[2] == "20 beats 19: player 1 loses 100.", lines
