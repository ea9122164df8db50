"""Issue 49, a fresh reader's contradictions and gaps on the sheets of main f47a786a (07:33
UTC): each sentence said from the fields it covers, so that no other sentence or worked
example of the same sheet breaks it; checked on the printed sheet's text, in every
language the sheet prints."""

from __future__ import annotations

import re

import pytest
from sheet_text import sheet

from pontoon_rules.docs.words.reach import doubled_can_hold
from pontoon_rules.engine.round.actions import TWIST, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.loading.registry import load_bundled


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("australian-pontoon", "en", "A payout is rounded down to the cent."),
    ("spanish-21", "en", "A payout is rounded down to the cent."),
    ("australian-pontoon", "ru", "Выплата округляется вниз до цента."),
    ("spanish-21", "ru", "Выплата округляется вниз до цента.")])
def test_rounding_is_to_the_moneys_minor_unit_beside_examples_paying_cents(
        ruleset_id: str, lang: str, said: str) -> None:
    """'A payout that is not a whole amount is rounded down' beside "player 1 wins $1.50":
    the rule rounds to a cent (`stakes.money.minor_units`), and says so as a part of the
    whole unit ("$0.01" reads as a stake on a sheet, g49c): in dollars, "to the cent"
    (g49h; tests/test_docs_reader49h for a money without cents' name)."""
    text = re.sub(r"[\u00a0\u202f]", " ", sheet(ruleset_id, lang))
    assert said in text
    assert "$1.50" in sheet(ruleset_id, "en")
    assert "not a whole amount" not in text and "0.01" not in text and "0,01" not in text


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "go on drawing, up to the hand's limit of 5 cards", "go on drawing as you like"),
    ("ru", "можно брать карты дальше, пока в руке не станет 5 карт", "сколько угодно")])
def test_drawing_after_a_double_yields_to_the_card_limit(
        lang: str, said: str, not_said: str) -> None:
    """«после неё можно брать карты сколько угодно» beside «В руке не больше 5 карт»."""
    text = sheet("casino-ochko", lang)
    assert said in text and not_said not in text


def _stood_at_five(ruleset_id: str, shoe: str) -> bool:
    """Twist a player's hand to 2-2-2-2-3 (11 at five cards); whether the engine then
    stands it (the banker to play, the player's hand done)."""
    state = RoundState(compile_rules(load_bundled(ruleset_id)), [10])
    cards = iter(parse_cards(shoe.split()))
    hand = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        hand = state.seats[0].hands[0]
        if hand.done:
            break
        assert TWIST in {a.kind for a in state.legal_actions()}
        state.apply_action(Action(TWIST))
    return hand is not None and hand.done and len(hand.cards) == 5


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("pagat-british", "en", "A hand sticks at 5 cards, even on a total below 15."),
    ("pagat-british", "ru", "Рука, в которой стало 5 карт, на этом останавливается, даже если "
     "в ней меньше 15 очков."),
    ("pagat-british", "hy", "5 քարտ ունեցող ձեռքը կանգ է առնում"),
    ("pagat-british", "pa", "5 ਪੱਤੇ ਹੋ ਜਾਣ ਤੇ ਹੱਥ ਉੱਥੇ ਹੀ ਰੁਕ ਜਾਂਦਾ ਹੈ"),
    ("pagat-british", "ur", "5 پتے ہو جانے پر ہاتھ وہیں رک جاتا ہے"),
    ("casino-ochko", "ru", "Рука, в которой стало 5 карт, на этом останавливается"),
    ("casino-ochko", "en", "A hand sticks at 5 cards, even on a total below 15.")])
def test_a_hand_at_the_card_limit_below_the_stick_minimum_stands_as_the_engine_plays_it(
        ruleset_id: str, lang: str, said: str) -> None:
    """"Below 15 you must draw" beside "A hand holds at most 5 cards": 2-2-2-2-3 is 11 at
    five cards; the engine stands it, and the sheet says so."""
    assert said in sheet(ruleset_id, lang)


def test_the_engine_stands_a_five_card_eleven() -> None:
    assert _stood_at_five("pagat-british", "2C 9H 2D 9S 2H 2S 3C 8C 8D")
    assert _stood_at_five("casino-ochko", "2C 9H 2D 9S 2H 2S 3C 8C 8D")


def test_no_card_limit_sentence_where_no_five_cards_fall_below_the_minimum() -> None:
    assert "A hand stands at" not in sheet("belarus-ponton", "en")


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("ru", "Две первые карты с одинаковым числом очков можно разделить", "одного достоинства"),
    ("en", "two cards of the same value", "two cards of the same rank")])
def test_the_split_sentence_follows_the_pair_rule(lang: str, said: str, not_said: str) -> None:
    """«Две карты одного достоинства» (one rank) beside «любые две карты по 10 очков —
    пара (дама и король)»: casino Очко splits by value (`pair_rule: same-value`). Said by
    points only (reader r49c: a queen and a king are not of one «достоинство»; the page
    itself says «одинакового достоинства в десять очков»), in the intro too."""
    assert load_bundled("casino-ochko").player.split.pair_rule.value == "same-value"
    text = sheet("casino-ochko", lang)
    assert said in text and not_said not in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_after_doubling_restriction_where_a_doubled_hand_cannot_hold_the_hand(
        lang: str) -> None:
    """Australian Pontoon doubles on two cards of 9 to 11 and then stops at three cards:
    7-7-7, 6-7-8 and 21s of five cards or more cannot follow a double, so "not after
    doubling" restricts nothing (nor the summary's "bonuses a doubled hand does not get")."""
    ruleset = load_bundled("australian-pontoon")
    held = {h for h, d in ruleset.hands.definitions.items() if not d.after_double}
    assert held and not any(doubled_can_hold(ruleset, ruleset.hands.definitions[h])
                            for h in held)
    text = sheet("australian-pontoon", lang)
    assert not re.search("not after doubling|doubled hand does not|кроме как после удвоения|"
                         "не после удвоения|не удваивалась", text)


def test_a_double_on_any_two_cards_keeps_the_restriction() -> None:
    """The same 6-7-8 is reachable after a double that any total allows (6+7, then 8)."""
    ruleset = load_bundled("australian-pontoon")
    d = ruleset.hands.definitions
    six_seven_eight = next(x for x in d.values() if x.ranks is not None and len(x.ranks) == 3
                           and not x.after_double and len(set(x.ranks)) == 3)
    free = ruleset.model_copy(update={"player": ruleset.player.model_copy(update={
        "double": ruleset.player.double.model_copy(update={"totals": None})})})
    assert doubled_can_hold(free, six_seven_eight)
    assert not doubled_can_hold(ruleset, six_seven_eight)


@pytest.mark.parametrize(("lang", "dropped", "not_said"), [
    ("vi", "Ban Luck (xì dách kiểu Singapore, Malaysia) có, trò này không chơi: ",
     ("Ở đây lá át", "Nhà cái quyết định việc này")),
    ("en", "Played in Ban Luck (Chinese Blackjack), not in this game: ",
     ("An ace counts toward this total", "The banker decides this first")),
    ("ru", "Есть в игре «Бан Лак (китайский блэкджек)», в этой игре нет: ",
     ("Банкир решает это первым",))])
def test_an_overlays_box_names_each_dropped_rule_by_its_first_sentence(
        lang: str, dropped: str, not_said: tuple[str, ...]) -> None:
    """Xì dách's box explained Ban Luck's dropped call-off and free hand at length («Ở
    đây lá át được tính …», «Nhà cái quyết định việc này trước tiên»), read as rules
    still played: the box names the rule and says it is not played here. The free hand is
    named by the sheet's 'Not in this game' line, and the box leaves it to it (r49h)."""
    box = [line for line in sheet("xi-dach", lang).splitlines() if line.startswith("> - ")]
    gone = [line for line in box if dropped in line]
    assert len(gone) == 1
    for line in gone:
        assert not any(words in line for words in not_said), line


def test_dropped_text_keeps_a_sentence_that_goes_on_in_lower_case() -> None:
    from pontoon_rules.docs.words.changes import dropped_text

    def keep(text: str) -> str:
        return text

    assert dropped_text("Split (e.g. aces). Then more.", keep).endswith(
        "Split (e.g. aces).")
    assert dropped_text("One rule only", keep).endswith("One rule only")


def test_the_vietnamese_early_surrender_sentence_is_whole() -> None:
    """«nên việc bỏ bài vẫn giữ nguyên kể cả khi nhà cái có.» stopped before its object."""
    from pontoon_rules.docs.words.i18n import translations

    said = translations("vi").gettext(
        "You decide before the banker checks for a %(natural)s (early surrender), so a "
        "surrender stands even against one.")
    assert said.count("%(natural)s") == 2 and not said.endswith("nhà cái có.")


def test_the_vietnamese_sheet_names_its_sources_in_vietnamese() -> None:
    """"(a betting site's advertising page)" on the Vietnamese sheet's sources line."""
    line = next(x for x in sheet("xi-dach", "vi").splitlines() if x.startswith("Nguồn"))
    assert "advertising" not in line and "trang quảng cáo của một nhà cái" in line


def _dealt(ruleset_id: str, shoe: str) -> RoundState:
    state = RoundState(compile_rules(load_bundled(ruleset_id)), [10])
    for card in parse_cards(shoe.split()):
        state.apply_action(card)
    return state


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("pagat-british", "en", "an ace and a 4 make 15"),
    ("pagat-british", "ru", "туз и 4 дают 15"),
    ("pagat-british", "hy", "տուզը և 4-ը տալիս են 15"),
    ("pagat-british", "pa", "ਯੱਕਾ ਅਤੇ 4 ਮਿਲ ਕੇ 15 ਬਣਦੇ ਹਨ"),
    ("pagat-british", "ur", "اکا اور 4 مل کر 15 بنتے ہیں"),
    ("xi-dach", "vi", "con xì với một lá 5 là 16 điểm"),
    ("casino-ochko", "ru", "туз и 4 дают 15.")])
def test_a_soft_total_counts_for_sticking_as_the_engine_counts_it(
        ruleset_id: str, lang: str, said: str) -> None:
    """'Does A+4 count as 15 for sticking?': the engine counts the hand's best total, so
    an ace and a 4 may stick; the sheet says it (pagat's source is silent: marked †)."""
    assert said in sheet(ruleset_id, lang)


def test_the_engine_lets_an_ace_and_a_four_stick() -> None:
    """pagat deals a card each, the banker last, twice: the player holds A♠ 4♥ (15)."""
    from pontoon_rules.engine.round.actions import STICK

    assert STICK in {a.kind for a in _dealt("pagat-british", "AS 9C 4H 9D").legal_actions()}
    assert STICK not in {a.kind for a in _dealt("pagat-british", "3S 9C 4H 9D").legal_actions()}


def test_the_soft_stick_sentence_is_marked_our_reading_on_pagat() -> None:
    line = next(x for x in sheet("pagat-british", "en").splitlines()
                if "an ace and a 4 make 15" in x)
    assert line.rstrip().endswith("†")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You decide once the dealer has checked for a blackjack, or at once where their "
     "face-up card cannot make one (late surrender)."),
    ("ru", "а если его открытая карта не может её дать, — сразу (поздний сюррендер)")])
def test_late_surrender_says_when_the_dealer_does_not_check(lang: str, said: str) -> None:
    """Spanish 21's dealer checks only with A, J, Q or K up: against a 2 to 9 there is no
    check to wait for."""
    text = sheet("spanish-21", lang)
    assert said in text
    assert "only when the face-up card is A, J, Q or K" in sheet("spanish-21", "en")


def test_ban_luck_defines_the_free_hand_at_its_first_use() -> None:
    text = sheet("ban-luck", "en")
    first = text.index("free hand")
    assert text[first:].startswith("free hand (give up their first two cards for the stake back)")


@pytest.mark.parametrize(("lang", "said"), [
    ("de", "Der Bankhalter spielt gegen einen Spieler nach dem anderen, im Uhrzeigersinn: "
     "zuerst gegen den Spieler links von ihm."),
    ("en", "The banker plays the players one after another, clockwise: first the player on "
     "the banker's left."),
    ("ru", "Банкир играет с игроками по очереди, по часовой стрелке: первым — с игроком "
     "слева от себя.")])
def test_siebzehn_und_vier_says_who_plays_first_and_which_way(lang: str, said: str) -> None:
    """'Der Bankhalter ... spielt gegen einen Spieler nach dem anderen' with no first player
    nor direction; the source: «er spielt, im Uhrzeigersinn, gegen alle übrigen
    Mitspieler» (`table.direction: left`)."""
    assert load_bundled("siebzehn-und-vier").table.direction.value == "left"
    assert said in sheet("siebzehn-und-vier", lang)


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "Пропустивший раздачу игрок оставляет названную ставку при себе: он ничего не "
     "выигрывает и не проигрывает, а сданные ему карты не разыгрываются."),
    ("en", "A player who sits the deal out keeps the stake they named: nothing is won or "
     "lost, and the cards already dealt to them are not played.")])
def test_a_player_who_sits_the_deal_out_keeps_the_named_stake(lang: str, said: str) -> None:
    """«игрок 2 пропускает сдачу»: what of the cards and the stake named? The engine
    settles the seat at 0 with only its dealt cards (`va_bank._sat_out`)."""
    from pontoon_rules.docs.words.va_bank import va_bank_example

    assert va_bank_example(load_bundled("ochko-home")) is not None
    assert said in sheet("ochko-home", lang)


def test_a_one_player_games_deal_order_turned_round_is_marked() -> None:
    """Turned round, Siebzehn und Vier's deal order says the other way, marked ◆."""
    from pontoon_rules.docs.words.sentences import sentences
    from pontoon_rules.ruleset.format.bank import PlayDirection

    base = load_bundled("siebzehn-und-vier")
    turned = base.model_copy(update={"table": base.table.model_copy(
        update={"direction": PlayDirection.RIGHT})})
    found = {s.key: s for s in sentences(turned, base=base)}
    assert "counter-clockwise: first the player on the banker's right" in found["deal_order"].text
    assert found["deal_order"].changed
