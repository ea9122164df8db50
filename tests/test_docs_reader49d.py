"""Issue 49, a fresh reader's findings on twelve sheets (04:48 UTC): examples that break a
stated rule, sequences the deal section leaves out, rules that can never apply or are
missing; each checked on what the sheets print, quoting the sheet that was wrong."""

from __future__ import annotations

from typing import Any

import pytest
from home_words import home as home_part

from pontoon_rules.docs.sheet.sheet_view import worked_examples
from pontoon_rules.docs.words.conditions import deal_cards_most, pack_can_run_out
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import narrate
from pontoon_rules.docs.words.rounds import replay
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from tests.changed_ruleset import changed


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


def said(ruleset: Ruleset, lang: str = "en") -> dict[str, str]:
    """The sheet's sentences by rule key."""
    return {s.key: s.text for s in sentences(ruleset, lang)}


@pytest.mark.parametrize(("ruleset_id", "lang", "pause"), [
    ("pagat-british", "en", "The deal pauses after the first card to each hand: each player"
     " looks at theirs and stakes, and only then is the rest dealt"),
    ("ochko-home", "ru", "После первой карты каждому раздача прерывается: каждый игрок смотрит"
     " свою карту и открытую карту банкира (её сдают последней в первом круге) и делает "
     "ставку")])
def test_the_deal_section_pauses_for_the_stake_on_the_first_card(ruleset_id: str, lang: str,
                                                                 pause: str) -> None:
    """'You stake after looking at your first card, before the second is dealt' beside a deal
    section that dealt both cards with no pause."""
    ruleset = load_bundled(ruleset_id)
    assert ruleset.deal.stake_after_first_card
    assert pause in said(ruleset, lang)["deal_order"]
    before = said(changed(ruleset_id, deal__stake_after_first_card=False), lang)
    assert pause not in before["deal_order"]


RUN_OUT = {"en": "If the pack runs out during a deal", "vi": "Nếu hết bài giữa ván",
           "ru": "Если колода кончается во время раздачи"}


@pytest.mark.parametrize(("ruleset_id", "lang", "printed"), [
    ("xi-dach", "vi", False),  # 5 players and the banker, 5 cards each: 30 of 52
    ("siebzehn-und-vier", "en", False),
    ("ban-luck", "en", True),  # 12 players of 5 cards and the banker's 5 from one pack of 52
    ("casino-ochko", "ru", True),  # 7 seats of 3 split hands of 5 cards: 110 > 105 left at 75%
    ("ochko-home", "ru", True)])
def test_the_run_out_rule_is_printed_only_where_a_deal_can_empty_the_pack(
        ruleset_id: str, lang: str, printed: bool) -> None:
    """'Если колода кончается во время раздачи…' beside a pack no deal can use up."""
    ruleset = load_bundled(ruleset_id)
    assert (RUN_OUT[lang] in said(ruleset, lang)["shuffle"]) is printed
    assert pack_can_run_out(ruleset) is printed


def test_the_run_out_rule_follows_the_players_the_cut_and_the_hand_limits() -> None:
    """Casino Очко: 5 seats of 3 hands of at most 5 cards and the dealer's 5 take at most 80
    cards, fewer than the 105 a shoe of 416 cut at 75% still holds: the rule goes; a cut at
    99% leaves 5, and it comes back."""
    few = changed("casino-ochko", table__max_players=5)
    assert deal_cards_most(few) == 80
    assert not pack_can_run_out(few)
    assert RUN_OUT["ru"] not in said(few, "ru")["shuffle"]
    deep = few.model_copy(update={"between_deals": few.between_deals.model_copy(
        update={"penetration": 0.99})})
    assert pack_can_run_out(deep)


@pytest.mark.parametrize(("ruleset_id", "lang", "rate"), [
    ("pagat-british", "en", "the banker collects 2:1 from every player."),
    ("pagat-british", "ru", "банкир берёт с каждого игрока 2 к 1."),
    ("casino-ochko", "ru", "дилер берёт с каждого игрока 1 к 1.")])
def test_the_banker_s_pontoon_at_once_says_the_rate_it_collects(ruleset_id: str, lang: str,
                                                                 rate: str) -> None:
    """'If the banker holds a pontoon … the banker collects from every player' gave no rate;
    only the table said 2:1. The rate is the outcome table's, the same for every hand dealt."""
    from pontoon_rules.ruleset.resolving.outcomes import outcome_table

    ruleset = load_bundled(ruleset_id)
    rates = {cell.collects for (p, b), cell in outcome_table(ruleset).items()
             if b == "pontoon" and p in ("total", "pontoon")}
    assert len(rates) == 1
    assert rate in said(ruleset, lang)["banker_pontoon"]


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("australian-pontoon", "en", "When every player has already bust, surrendered or given a"
     " doubled hand up (a rescue), the dealer does not play, except to take a second card"),
    ("spanish-21", "en", "When every player has already bust, surrendered or given a doubled"
     " hand up (a rescue), the dealer does not play."),
    ("australian-pontoon", "ru", "Если все игроки уже перебрали, сдались или спасли"
     " удвоение, дилер не играет")])
def test_the_banker_s_play_after_every_hand_is_rescued_is_said(ruleset_id: str, lang: str,
                                                                words: str) -> None:
    """Does the dealer play when every player has rescued? 'When every player has already
    bust or surrendered' left the rescue out (`banker.draws_when_no_live_hands: false`; a
    rescued hand is settled at once, so not live)."""
    ruleset = load_bundled(ruleset_id)
    assert not ruleset.banker.draws_when_no_live_hands
    assert words in said(ruleset, lang)["banker_cards"]


def test_the_dealer_does_not_play_against_a_rescued_hand_alone() -> None:
    """The engine agrees: the only hand rescued, the dealer keeps the one card dealt."""
    script = {"ruleset": "australian-pontoon", "stakes": [100],
              "shoe": ["6H", "9D", "5C", "2S", "KD"], "actions": ["p1 double", "p1 rescue"]}
    result = replay(load_bundled("australian-pontoon"), script)
    assert result["seats"][0]["hands"][0]["rescued"]
    assert result["banker"]["cards"] == ["9D"]


SETTLED_LATER = {"en": "A hand the banker does not open is settled when the banker has finished"
                       " playing, and so is a special hand that has been shown.",  # Ban Luck's
                 "vi": "Bài nào nhà cái không xét, kể cả bài đã báo và lật lên, được tính khi"
                       " nhà cái chơi xong."}


@pytest.mark.parametrize(("ruleset_id", "lang"), [("ban-luck", "en"), ("xi-dach", "vi")])
def test_when_a_declared_natural_is_paid_is_said(ruleset_id: str, lang: str) -> None:
    """Ban Luck: 'Holding a natural (ban-ban, ban-luck), declare it by turning both cards
    face up' left the reader asking whether it is paid at once; the banker opens hands and
    settles the rest after playing (`banker.opens`, `banker.naturals_live`)."""
    ruleset = load_bundled(ruleset_id)
    assert SETTLED_LATER[lang] in said(ruleset, lang)["banker_opens"]
    dead = changed(ruleset_id, banker__naturals_live=False)
    assert SETTLED_LATER[lang] not in said(dead, lang).get("banker_opens", "")


def test_a_rescue_after_the_one_double_allowed_takes_back_that_double() -> None:
    """Australian: 'take back every doubled part of the stake' beside one double a hand
    (`player.double.times_per_hand: 1`); three doubles (Spanish 21) keep their words."""
    ruleset = load_bundled("australian-pontoon")
    assert ruleset.player.double.times_per_hand == 1
    rescue = said(ruleset)["rescue"]
    assert "every doubled part" not in rescue
    assert "take back what the double added to the stake" in rescue
    thrice = changed("australian-pontoon", player__double__times_per_hand=3,
                     player__double__max_cards=4)  # room for the third (validated)
    assert "take back every doubled part of the stake" in said(thrice)["rescue"]


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21"])
def test_each_row_of_the_payout_table_shows_its_own_cards(ruleset_id: str) -> None:
    """The Super Bonus rows' example cards were '7♠ 7♠ 7♠', the same as the 7-7-7 in spades
    row's: three rows read as one hand. Each row now shows cards no other row shows (the
    engine still classifies each as its row's hand: `example_cards` returns no other)."""
    from pontoon_rules.docs.sheet.sheet_view import payout_rows
    from pontoon_rules.docs.words.i18n import translations

    rows = payout_rows(load_bundled(ruleset_id), translations("en").gettext)
    shown = [" ".join(c["rank"] + c["suit"] for c in row["cards"]) for row in rows]
    assert len(set(shown)) == len(shown), shown
    by_key = dict(zip((row["key"] for row in rows), shown, strict=True))
    assert by_key["sevens-in-spades"] == "7♠ 7♠ 7♠"
    assert "♠" not in by_key["super-bonus-25"] + by_key["super-bonus-5"]


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("casino-ochko", "ru", ("(кто первым держит банк, договариваются до игры: например, тот",
                            "Ставки покрывают по мере того, как их делают, по порядку игры",
                            "Удвоение или сплит — только если банк покрывает добавку целиком",
                            "Машины дома нет: дилер сам тасует карты")),
    ("belarus-ponton", "en", ("(who is the banker first is agreed before play: whoever cuts the",
                              "Stakes are covered as they are placed, in the order of play",
                              "Buying or splitting is allowed only where the bank can cover"
                              " the whole of what it adds"))])  # refused, never cut (r49ze)
def test_the_home_bank_says_who_banks_first_and_how_stakes_are_covered(
        ruleset_id: str, lang: str, words: tuple[str, ...]) -> None:
    """Casino Очко's home paragraph: no word of who banks first; 'ставки урезают до того, что
    он покрывает, по порядку мест' said neither when nor how a later addition is covered;
    and 'он тасует карты, а один из игроков … снимает колоду' stood beside 'Карты тасует
    машина …, колоду никто не снимает' with nothing saying which applies where."""
    table = home_part(said(load_bundled(ruleset_id), lang))
    for part in words:
        assert part in table, part
    assert "по порядку мест" not in table and "in seat order" not in table
