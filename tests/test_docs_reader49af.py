"""Issue 49 (fresh reader r49r, g49af): the Ban Luck sheet a table plays an evening from.
One amount for a free hand; what a hidden bust loses against the banker's five cards (its
stake only, as the engine settles it); the banker's bust wins for every hand that has not
bust; the banker's natural shown when checked, after the call-off and the free hands; the
intro's odds as the table prints them; a deal called off is a new deal, staked afresh,
counted toward the bank's passing (the engine's count); and «раздача», one word for a
deal in the Russian catalogs."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from engine_helpers import nets, run
from sheet_text import sheet
from test_session import stacked

from pontoon_rules.docs.words.lacking import gives_whole
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round import calling_off
from pontoon_rules.engine.round.actions import CALL_OFF, Action
from pontoon_rules.engine.round.policies import automatic
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import BUST, outcome_table

LOCALE = Path(__file__).parent.parent / "pontoon_rules" / "docs" / "locale"


def said(ruleset: Ruleset, lang: str) -> dict[str, str]:
    return {s.key: s.text for s in sentences(ruleset, lang)}


def _hidden_bust_against_more(r: Ruleset) -> bool:
    """A bust kept face down where some banker's hand collects more than 1:1."""
    table = outcome_table(r)
    return (not r.faces.bust_shown and r.settlement.hidden_bust_pays is None
            and any(c.collects > 1 for (p, _b), c in table.items() if p != BUST))


HIDDEN_BUST = [i for i in bundled_ids() if _hidden_bust_against_more(load_bundled(i))]
EARLY = [i for i in bundled_ids() if load_bundled(i).player.surrender.allowed
         and load_bundled(i).player.surrender.timing.value == "early"]


def test_the_hidden_bust_rulesets_are_ban_luck_and_its_kin() -> None:
    assert "ban-luck" in HIDDEN_BUST and "ban-luck" in EARLY


@pytest.mark.parametrize("ruleset_id", EARLY)
def test_a_free_hand_names_one_amount(ruleset_id: str) -> None:
    """«получить назад всю сумму ставки» and then «получает свою часть ставки» (r49r): the
    second sentence says only that the surrender stands, not a second amount."""
    text = said(load_bundled(ruleset_id), "ru")["surrender"]
    assert "свою часть" not in text
    free = gives_whole(load_bundled(ruleset_id))  # the whole stake back: «выход из раздачи»
    assert ("выход из раздачи спасает и от неё" if free else "право сдаться действует") in text


@pytest.mark.parametrize("ruleset_id", HIDDEN_BUST)
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "you lose only your stake when your hand is opened, whatever the banker holds"),
    ("ru", "вы теряете только свою ставку, когда вашу руку откроют, какая бы комбинация ни "
           "была у банкира")])
def test_a_hidden_bust_loses_only_its_stake_against_five_cards(ruleset_id: str, lang: str,
                                                               words: str) -> None:
    """The banker's five cards collect 2:1 from a hand they beat; a bust, opened, pays its
    stake alone: the outcome table the engine settles by, and the words."""
    r = load_bundled(ruleset_id)
    assert all(c.collects == 1 for (p, _b), c in outcome_table(r).items() if p == BUST)
    assert words in said(r, lang)["player_bust"]


def test_the_engine_takes_a_stake_from_a_bust_against_five_cards() -> None:
    """p1 draws to 24; the banker, dealt 2 3, draws 4 5 6: five cards (20), which collect
    2:1 from a hand they beat; p1 loses 100, not 200."""
    r = run("ban-luck", [100], "2C TS 3D 4S KH 4D 5D 6D",
            "p1 twist, banker twist, banker twist, banker twist")
    assert r.result.banker_cards == ["2C", "3D", "4D", "5D", "6D"]
    assert nets(r) == [-100, 100]


@pytest.mark.parametrize("ruleset_id", [i for i in bundled_ids()
                                        if load_bundled(i).table.max_players > 1])
def test_the_banker_bust_wins_for_the_hands_not_bust(ruleset_id: str) -> None:
    """«выигрывает каждый, кто остался в игре», though a bust stays on the table face
    down: every hand without a bust."""
    text = said(load_bundled(ruleset_id), "ru").get("banker_bust", "")
    assert "остался в игре" not in text and "оставшаяся в игре" not in text
    assert not text or "без перебора" in text


def test_the_natural_is_shown_when_checked_after_the_call_off_and_free_hands() -> None:
    """«Сразу» clashed with the order just said (call-off, then free hands, then the
    check): the natural is shown as soon as it is checked."""
    text = said(load_bundled("ban-luck"), "ru")
    assert "лишь после этого банкир проверяет" in text["banker_calls_off"]
    assert "он открывает её при проверке, и раздача кончается" in text["banker_pontoon"]


def test_the_intro_gives_the_odds_the_table_prints() -> None:
    """«втрое» might be read as three times in all (2:1): the intro says each named hand's
    odds as the payout table does, and a ban-luck is an ace with any ten-card."""
    r = load_bundled("ban-luck")
    intro = sheet("ban-luck", "ru").split("\n## ")[0]
    for hand in r.hands.definitions.values():
        assert hand.pays is not None and hand.pays.replace(":", " к ") in intro
    assert "втрое" not in intro and "вдвое" not in intro
    assert "туз с десяткой или картинкой" in intro
    assert "3:1" in sheet("ban-luck", "en").split("\n## ")[0]


@pytest.mark.parametrize(("lang", "new_deal", "counted"), [
    ("en", "The cards dealt again make a new deal, with stakes placed afresh.",
     "The deal called off counts as one of the deals after which the bank passes."),
    ("ru", "Заново сданные карты — это новая раздача: ставки делают снова.",
     "Отменённая раздача засчитывается в число раздач, после которых переходит банк.")])
def test_a_called_off_deal_is_a_new_deal_counted_for_the_bank(lang: str, new_deal: str,
                                                              counted: str) -> None:
    text = said(load_bundled("ban-luck"), lang)["banker_calls_off"]
    assert new_deal in text and counted in text


def test_a_deal_with_no_banker_to_pass_does_not_count_it() -> None:
    """A house bank never passes: only the new deal is said."""
    r = load_bundled("ban-luck")
    table = r.table.model_copy(update={"banker": BankerRole.HOUSE_DEALER})
    house = r.model_copy(update={"table": table})
    assert "bank passes" not in said(house, "en")["banker_calls_off"]


def test_the_engine_counts_a_called_off_deal_toward_the_bank_passing() -> None:
    """The bank passes after one deal: a deal the banker calls off passes it."""
    r = load_bundled("ban-luck")
    bank = r.table.bank.model_copy(update={"passes_after_deals": 1})
    rules = compile_rules(r.model_copy(update={"table": r.table.model_copy(
        update={"bank": bank})}))
    # dealt round by round, the banker first: banker 7S, B AH, C 2D, banker 8C (15) ...
    s = Session(rules, list("ABC"), random.Random(1), banker="A",
                pack_order=stacked(rules, "7S AH 2D 8C 9S KH"))
    called = []

    def act(state: RoundState) -> None:
        if calling_off.due(state):
            called.append(True)
            state.apply_action(Action(CALL_OFF))
        else:
            state.apply_action(automatic(state))
    record = s.play_deal([100, 100], act)
    assert called and record.result.called_off
    assert s.banker == "B"


def _russian_catalogs() -> list[Path]:
    return sorted(LOCALE.glob("ru*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("path", _russian_catalogs(), ids=lambda p: p.name)
def test_a_deal_is_a_razdacha_in_russian(path: Path) -> None:
    """«партия», «раздача» and «сдача» for one deal (r49r): «раздача» throughout; «сдача»
    only for a card's dealing («до сдачи второй»), «сдаться» for a surrender."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        text = message.string if isinstance(message.string, str) else " ".join(
            message.string or ())
        for found in re.finditer(r"(?<![а-яё])[сС]дач(?:а|и|у|ей|е)(?![а-яё])(\s+\w+)?",
                                 text or ""):
            assert found.group(0) == "сдачи второй", (message.id, text)
        assert not re.search(r"(?<![а-яё])парти[яийюе]", text or ""), (message.id, text)
