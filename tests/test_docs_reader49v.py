"""Issue 49 (the fresh reader r49h, helper g49v): Casino Filipino's and casino Очко's sheets.

Casino Очко: whose cards of the deal lie face up (the player's; the dealer's stay face
down), what the dealer's bank takes in and a stake cut to nothing at home, the source's
name in an English sheet, and the Russian words for a five-card hand. Casino Filipino:
the least buy, buy bets given up on a split hand, the surrender's 12 cards, a pontoon
against a pontoon, split aces and buying, and the words of its hands."""

from __future__ import annotations

from pathlib import Path

import pytest
from home_ochko import home_session
from sheet_text import sheet
from test_session import scripted

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Your first two cards, a twisted card, a card after doubling and the card "
     "dealt to a split hand are dealt face up."),
    ("ru", "В открытую сдаются ваши первые две карты, ")])
def test_ochkos_face_up_cards_of_the_deal_are_the_players(lang: str, said: str) -> None:
    """«The cards of the deal … are dealt face up» beside «The dealer's cards stay face
    down until the players have played» read as a clash: they are the player's cards."""
    text = sheet("casino-ochko", lang)
    assert said in text
    assert "The cards of the deal" not in text and "сдаются карты сдачи" not in text


def test_ochkos_english_sources_name_the_game_as_its_title_does() -> None:
    text = sheet("casino-ochko", "en")
    assert "Sources: Pontoon (Ochko, Очко) — online casino help page" in text
    assert "Pontoon (Очко)" not in text


def test_ochkos_russian_five_cards_as_players_say_it() -> None:
    text = sheet("casino-ochko", "ru")
    assert "| 2. пять карт |" in text and "ниже — пять карт, ниже — 21" in text
    assert "комбинация пяти карт" not in text.lower()


@pytest.mark.parametrize("ruleset_id", ["casino-ochko", "casino-filipino-pontoon",
                                        "pagat-british", "shoot-pontoon"])
def test_the_tables_key_speaks_of_one_sided_hands_only_where_there_are(ruleset_id: str) -> None:
    """«а если игроку или дилеру такая комбинация не засчитывается…» did nothing on casino
    Очко's sheet: each of its hands either side may hold. Casino Filipino's soft 21 the
    dealer may not (its row says '1:1, as a plain total'), and there the key still says it."""
    r = load_bundled(ruleset_id)
    one_sided = any(not (d.player_can_hold and d.banker_can_hold) for _h, d in r.hands.ranked())
    en, ru = sheet(ruleset_id, "en"), sheet(ruleset_id, "ru")
    assert ("where one side may not hold a named hand" in en) is one_sided
    assert ("такая комбинация не засчитывается" in ru) is one_sided
    assert "—: never. A bust never wins" in en and "—: никогда. Перебор не выигрывает" in ru
    if not one_sided:
        assert "—: never. A bust never wins." in en


@pytest.mark.parametrize("least", [1, 60])
def test_a_home_bank_takes_what_it_wins_and_a_stake_cut_to_nothing_sits_out(
        tmp_path: Path, least: int) -> None:
    """Casino Очко at home with a bank of 150, stakes covered in the order of play: the
    second stake of 100 is cut to 50 and still played (below a least stake of 60 too, where
    it 60), the third to nothing: that player does not play the deal; what the players lose
    goes into the bank (150 + 150)."""
    s = home_session(tmp_path, "    cap: as-it-stands\n    passes_after_deals: 5\n", 150,
                     "ABCD", "7D 7C 7H 9C KD KH KS 9S", f"stakes:\n  min_stake: {least}\n")
    record = s.play_deal([100, 100, 100], scripted("p1 stand, p2 stand"))
    hands = [seat.hands[0] for seat in record.result.seats]
    assert [(h.stakes, h.net) for h in hands] == [([100], -100), ([50], -50), ([], 0)]
    assert s.bank == 150 + 150
    for lang, lose, nothing in [
            ("en", "What the players lose goes into the bank.",
             "A player whose stake is cut to nothing does not play that deal."),
            ("ru", "Всё, что проигрывают игроки, идёт в банк.",
             "Игрок, чью ставку урезали до нуля, в этой раздаче не играет.")]:
        text = sheet("casino-ochko", lang)
        assert lose in text and nothing in text
        assert "still played" not in text  # its least stake is 1 unit: nothing is below it
    filipino = sheet("casino-filipino-pontoon", "en")  # its least stake is agreed (a blank)
    assert ("does not play that deal; a stake cut below the minimum stake is still played."
            in filipino)


# -- Casino Filipino ------------------------------------------------------------------------

def _filipino_hand(codes: str, is_split: bool = False, bought: int = 0):  # type: ignore[no-untyped-def]
    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.engine.round.hand import Hand

    rules = compile_rules(load_bundled("casino-filipino-pontoon"))
    hand = Hand(100, is_split=is_split)
    for card in parse_cards(codes.split()):
        hand.add(card, rules.values)
    hand.stakes += [50] * bought
    hand.bought = bought
    return hand, rules


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "A first buy adds at least the minimum stake and at most your original "
     "stake."),  # not '1×' (r49q: Russian does not write «1×»); no second blank (g6)
    ("ru", "Первая покупка добавляет не меньше наименьшей ставки и не больше "
     "вашей начальной ставки.")])
def test_filipinos_least_buy_is_the_tables_least_stake(lang: str, said: str) -> None:
    """«A first buy adds any amount up to 1x your original stake» with a worked example
    buying 'for 1' on a stake of 100: the guide names no least buy, so a buy is a bet like
    any other, at least the table's least stake (agreed: a blank); the engine offers no
    less, and the example buys the stake once more."""
    import re

    from pontoon_rules.engine.round.legal import buy_range
    from pontoon_rules.ruleset.format.agreed import settle_agreed

    text = sheet("casino-filipino-pontoon", lang)
    assert said in text
    r = settle_agreed(load_bundled("casino-filipino-pontoon"), {"stakes.min_stake": 10})
    rules = compile_rules(r)
    hand, _rules = _filipino_hand("8D 3S")
    offered = buy_range(hand, rules)
    assert offered is not None and (offered.low, offered.high) == (10, 100)
    if lang == "en":
        bought = re.findall(r"buys \S+ for (\d+)", text)
        assert bought and all(int(n) == 100 for n in bought), bought


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "A split hand may not surrender, nor give up its buy bets."),
    ("ru", "На руке после сплита нельзя ни сдаться, ни отказаться от ставок за покупку.")])
def test_filipinos_split_hand_keeps_its_buy_bets(lang: str, said: str) -> None:
    """The engine offers a hand's buy bets up (business) on a surrender's conditions only,
    and a split hand may not surrender: so it may not give them up either."""
    from pontoon_rules.engine.round.actions import BUSINESS, SURRENDER
    from pontoon_rules.engine.round.cards import RANK_CODES
    from pontoon_rules.engine.round.legal import hand_legal

    assert said in sheet("casino-filipino-pontoon", lang)
    king = RANK_CODES.index("K")
    for is_split, offered in ((False, True), (True, False)):
        hand, rules = _filipino_hand("8D 3S 2C", is_split=is_split, bought=1)
        kinds = {a.kind for a in hand_legal(hand, 2 if is_split else 1, rules, king)}
        assert (BUSINESS in kinds, SURRENDER in kinds) == (offered, offered)


def test_filipinos_surrender_has_no_card_limit() -> None:
    """«as long as your hand holds no more than 12 cards» read as a misprint: the guide
    names no limit (the 12 was the schema's most). A 13-card hand that is not bust (6 aces
    and 7 twos, 20) may surrender too, and the sheet names no number of cards."""
    from pontoon_rules.engine.round.cards import RANK_CODES
    from pontoon_rules.engine.round.giving_up import may_surrender

    hand, rules = _filipino_hand(" ".join(["AS"] * 6 + ["2S"] * 7))
    assert len(hand.cards) == 13 and may_surrender(hand, RANK_CODES.index("K"), rules)
    for lang in ("en", "ru"):
        text = sheet("casino-filipino-pontoon", lang)
        assert "12 cards" not in text and "12 карт" not in text
    assert ("You may surrender at any time in your turn, not only on your first two cards, "
            "and get half") in sheet("casino-filipino-pontoon", "en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ties: with pontoon against pontoon, the player wins; "),
    ("ru", "понтун у обоих — выигрывает игрок; ")])
def test_filipinos_ties_say_a_pontoon_against_a_pontoon(lang: str, said: str) -> None:
    """'These hands of a player win whatever the dealer holds: pontoon, …' answered it only
    by inference; the ties say it, after the soft 21's exception, from the outcome table."""
    from pontoon_rules.ruleset.resolving.outcomes import WIN, outcome_table

    assert outcome_table(load_bundled("casino-filipino-pontoon"))[("pontoon", "pontoon")
                                                                 ].result is WIN
    text = sheet("casino-filipino-pontoon", lang)
    assert said in text
    assert text.index(said) > text.index("soft 21" if lang == "en" else "мягкие 21")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Split aces get one card each and may not draw more. Split hands may buy cards "
     "(split aces not)."),
    ("ru", "На руки после сплита можно покупать карты (на тузы после сплита — нет).")])
def test_filipinos_split_hands_buy_but_split_aces_do_not(lang: str, said: str) -> None:
    assert said in sheet("casino-filipino-pontoon", lang)


def test_filipinos_words_are_the_players() -> None:
    text = sheet("casino-filipino-pontoon", "en")
    assert "| 2. five-card 21 |" in text and "21 of five cards or more" not in text
    assert "a bought card, a hit card and" in text and "a card hit" not in text
    assert "Of these hands the dealer can hold only pontoon;" in text
    assert "Of these names" not in text
    assert ("Before the deal you may put down a side bet of up to your stake: a pair bet"
            in text and "It is settled as soon as the deal is done" in text)
    assert "side bets" not in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_filipinos_box_does_not_quote_what_not_in_this_game_says(lang: str) -> None:
    """The variation box quoted Sydney's double and its rescue ('Played in Australian
    casino Pontoon …, not in this game: You may double …', twice) beside 'Not in this game:
    doubling, insurance'; a dropped rule of another feature is still said."""
    text = sheet("casino-filipino-pontoon", lang)
    box = [line for line in text.splitlines() if line.startswith(">")]
    assert box and not any(line.startswith("> -") for line in box), box
    said = {"en": "Not in this game: doubling, insurance.", "ru": "В этой игре нет: удвоения, "
            "страховки."}[lang]
    assert said in text


def test_a_dropped_rule_is_left_to_not_in_this_game_only_for_its_own_feature() -> None:
    from types import SimpleNamespace

    from pontoon_rules.docs.words.changes import dropped_rules

    gone = [SimpleNamespace(key="double", paths=("player.double.allowed",)),
            SimpleNamespace(key="rescue", paths=("player.double.rescue.allowed",)),
            SimpleNamespace(key="doubles", paths=("player.doubles_anything",)),
            SimpleNamespace(key="buy", paths=("stakes.buy", "stakes.first_buy_min"))]
    assert [s.key for s in dropped_rules(gone, ("player.double.allowed",))] == ["doubles", "buy"]
    assert [s.key for s in dropped_rules(gone, ("stakes.buy",))] == ["double", "rescue",
                                                                   "doubles"]
    assert len(dropped_rules(gone)) == 4
