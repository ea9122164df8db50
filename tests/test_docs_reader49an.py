"""Issue 49, fresh readers r49ze (Belarusian Pontoon, casino Очко) and r49zf (Australian
Pontoon, home Очко, Spanish 21), a last round (g49an). Each rule a table argued about is now
said as the engine plays it, from the fields that decide it, in every language the sheet
prints (en, ru and a casino table's «дилер»):

1. Belarus: the ranking's chain names only hands whose place decides something (a hand
   the banker never holds, winning whatever the banker holds and fitting no other name,
   leaves it); three of a kind on a split hand; a fixed buy, a double and a split the bank
   cannot cover whole are refused, an insurance of exactly a part cut; who keeps the bank
   when the evening ends; a one-seat example where every hand busts says the others bust.
2. Casino Очко: the two-card hand «очко из двух карт», «Хватит» (the button «Пас» named
   once); the dealer looks at their cards where no card is face up and a pontoon ends the
   deal at once.
3. Australian Pontoon and Spanish 21: doubling counted with every ace 1 (an ace and 8 make
   9), only under the bust limit; a hand the double's card busts cannot be rescued; the
   pontoon row takes the original stake only; the Envy Bonus once a seat; the maximum and a
   double; a cut card, the minimum stake.
4. Home Очко: «ва-банк» is what is free at the staker's turn; (no "Not in this game" line:
   an earlier reader's judgement kept, test_docs_reader7_left);
   the bank and a debt at the evening's end; a legend for a rule marked both † and ‡.
5. Russian words the readers named.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from sheet_text import sheet
from test_docs_reader49am import overlay

from pontoon_rules.docs.sheet.sheet_view import payout_rows
from pontoon_rules.docs.words.i18n import falls_back_to, po_path, words_of
from pontoon_rules.engine.round.actions import BUY, DOUBLE, RESCUE, SPLIT, TWIST
from pontoon_rules.engine.round.between_players import between_nets
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand, classify
from pontoon_rules.engine.round.legal import can_double, hand_legal, insurance_range
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table


def said(ruleset_id: str, lang: str, message: str, **values: object) -> str:
    """`message` in the words `ruleset_id`'s sheet in `lang` reads it by (its source's or
    its kind of table's catalog, else the language's own)."""
    from babel.messages.pofile import read_po

    if lang == "en" and words_of(load_bundled(ruleset_id), lang) == "en":
        return message % values if values else message
    catalog: str | None = words_of(load_bundled(ruleset_id), lang)
    while catalog is not None and po_path(catalog).exists():  # English: as written
        with po_path(catalog).open("rb") as handle:
            read = read_po(handle)
        found = read.get(message)
        if found is not None and found.string:
            return str(found.string) % values if values else str(found.string)
        catalog = falls_back_to(catalog, read) if "@" in catalog else None
    return message % values if values else message


def hand(rules: Rules, codes: str, stake: int = 100, is_split: bool = False) -> Hand:
    made = Hand(stake, is_split=is_split)
    for card in parse_cards(codes.split()):
        made.add(card, rules.values)
    return made


# 1. Belarus ----------------------------------------------------------------------------

def test_belarus_ranking_names_only_comparisons_that_happen(tmp_path: Path) -> None:
    table = outcome_table(load_bundled("belarus-ponton"))
    assert not any(b == "three-of-a-kind" for _p, b in table)  # the banker never holds it
    assert all(c.result.value == "win" for (p, b), c in table.items()
               if p == "three-of-a-kind" and b != "bust")
    en, ru = sheet("belarus-ponton", "en"), sheet("belarus-ponton", "ru")
    assert "pontoon beats five-card trick, which beats any other total" in en
    assert "which beats three of a kind" not in en
    assert "ниже — 5 карт, ниже — любая другая сумма" in ru
    assert "These hands of a player win whatever the banker holds: five-card trick, three " \
           "of a kind. That holds even against the banker's pontoon or five-card trick." in en
    held = overlay(tmp_path, "belarus-ponton",
                   "hands:\n  definitions:\n    three-of-a-kind:\n      banker_can_hold: true\n")
    assert "five-card trick, which beats three of a kind" in held  # now it meets hands


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_belarus_three_of_a_kind_counts_on_a_split_hand(lang: str) -> None:
    rules = compile_rules(load_bundled("belarus-ponton"))
    assert classify(hand(rules, "7S 7H 7D", is_split=True), rules) == "three-of-a-kind"
    line = next(x for x in sheet("belarus-ponton", lang).splitlines()
                if x.startswith(("- Three of a kind:", "- 3 карты одного достоинства:")))
    assert said("belarus-ponton", lang, "also on a split hand") in line


@pytest.mark.parametrize(("ruleset_id", "lang", "message"), [
    ("belarus-ponton", "en", "Buying or splitting is allowed only where the bank can cover "
     "the whole of what it adds; neither is cut to what is free."),
    ("belarus-ponton", "ru", "Buying or splitting is allowed only where the bank can cover "
     "the whole of what it adds; neither is cut to what is free."),
    ("casino-ochko", "en", "Doubling or splitting is allowed only where the bank can "
     "cover the whole of what it adds; neither is cut to what is free."),
    ("casino-ochko", "ru", "Doubling or splitting is allowed only where the bank can "
     "cover the whole of what it adds; neither is cut to what is free."),
    ("australian-pontoon", "ru", "Doubling or splitting is allowed only where the bank can "
     "cover the whole of what it adds; neither is cut to what is free.")])
def test_an_addition_the_bank_cannot_cover_whole_is_refused(ruleset_id: str, lang: str,
                                                            message: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said(ruleset_id, lang, message) in text
    assert "cannot be added when nothing is free" not in text  # no cut where none is
    rules = compile_rules(load_bundled(ruleset_id))
    pair = hand(rules, "5S 5H")
    for cap, offered in ((100, True), (99, False)):
        kinds = {a.kind for a in hand_legal(pair, 1, rules, cap=cap)}
        assert (SPLIT in kinds) is offered
        assert (BUY in kinds or DOUBLE in kinds) is offered or not (
            rules.double_allowed or rules.buy_mode.value != "none")
        assert TWIST in kinds  # the twist is never refused


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_belarus_exact_insurance_is_cut_to_what_is_free(lang: str) -> None:
    rules = compile_rules(load_bundled("belarus-ponton"))
    cut = insurance_range(rules, 100, 30)
    assert cut is not None and (cut.low, cut.high) == (30, 30)
    assert said("belarus-ponton", lang, "The insurance is exactly %(part)s of the stake only "
                "where the bank has that much free; where it has less, the insurance is cut to "
                "what is free.", part="1/2") in sheet("belarus-ponton", lang)


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    ("belarus-ponton", "en"), ("belarus-ponton", "ru"), ("casino-ochko", "ru"),
    ("australian-pontoon", "en"), ("spanish-21", "ru")])
def test_the_bank_at_the_evenings_end(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said(ruleset_id, lang, "When it ends, the banker then holding the bank keeps what "
                "is left in it.") in text
    if lang == "ru":
        assert "банкир" not in text.lower()  # a casino table's «дилер»
    elif ruleset_id == "australian-pontoon":
        assert "the dealer then holding the bank" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_belarus_example_of_a_lone_bust_says_the_others_bust_too(lang: str) -> None:
    assert load_bundled("belarus-ponton").table.min_players == 2
    text = sheet("belarus-ponton", lang)
    line = said("belarus-ponton", lang, "The other players (at least %(least)s in all) are "
                "bust too, so the banker does not play.", least=2)
    assert line in text
    assert "are bust too" not in sheet("casino-ochko", "en")  # one player may sit alone


# 2. Casino Очко ------------------------------------------------------------------------

def test_casino_ochkos_two_card_hand_and_stick_are_unambiguous() -> None:
    text = sheet("casino-ochko", "ru")
    assert "| 1. очко из двух карт |" in text
    assert "Старше всех — очко из двух карт, ниже — пять карт" in text
    assert "«Хватит» (в онлайн-казино — «Пас»)" in text and text.count("Пас") == 1
    assert "говорит «хватит»" in text


@pytest.mark.parametrize(("ruleset_id", "looks"), [
    ("casino-ochko", True), ("spanish-21", False), ("blackjack-reference", False)])
def test_the_dealer_looks_where_a_pontoon_ends_the_deal_on_every_hand(ruleset_id: str,
                                                                     looks: bool) -> None:
    r = load_bundled(ruleset_id)
    assert (r.deal.banker_pontoon_at_once and r.deal.banker_cards_visible == 0) is looks
    text = sheet(ruleset_id, "en")
    assert ("The dealer looks at their own cards as soon as they are dealt." in text) is looks
    assert ("may look at their own cards" in text) is not looks
    if looks:
        assert said(ruleset_id, "ru", "The banker looks at their own cards as soon as they "
                    "are dealt.") == "Дилер смотрит свои карты, как только они сданы."


# 3. Australian Pontoon and Spanish 21 --------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_australian_doubles_with_every_ace_counted_one(lang: str) -> None:
    rules = compile_rules(load_bundled("australian-pontoon"))
    assert can_double(hand(rules, "AS 8H"), rules)  # 19 as a total, doubled as 9
    assert not can_double(hand(rules, "9S 3H"), rules)
    assert said("australian-pontoon", lang, ", only on a total of %(totals)s, every ace "
                "counted 1 (an ace and %(card)s make %(total)s)",
                totals=said("australian-pontoon", lang, ", ").join(["9", "10", "11"]),
                card=8, total=9) in sheet("australian-pontoon", lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_spanish_doubles_under_21_and_a_bust_double_is_not_rescued(lang: str) -> None:
    rules = compile_rules(load_bundled("spanish-21"))
    assert not {a.kind for a in hand_legal(hand(rules, "AS QH"), 1, rules)} & {DOUBLE}
    doubled = hand(rules, "6S 5H")
    doubled.doubles, doubled.drawn_since_double = 1, 1
    doubled.stakes.append(100)
    doubled.add(parse_cards(["4D"])[0], rules.values)
    assert RESCUE in {a.kind for a in hand_legal(doubled, 1, rules)}
    doubled.add(parse_cards(["KD"])[0], rules.values)  # 25: bust
    assert RESCUE not in {a.kind for a in hand_legal(doubled, 1, rules)}
    text = sheet("spanish-21", lang)
    assert said("spanish-21", lang, ", on any total under %(limit)s", limit=21) in text
    assert said("spanish-21", lang, "A hand bust by the double's card cannot be rescued.") \
        in text
    assert "cannot be rescued" not in sheet("australian-pontoon", "en")  # 11 + a ten is 21


def test_australian_pontoon_row_takes_the_original_stake_only() -> None:
    rows = {row["key"]: row for row in payout_rows(load_bundled("australian-pontoon"), str)}
    assert rows["pontoon"]["takes"] == "1:1 (original stake only)"
    assert "| 1. pontoon | A♠ K♥ | 3:2 | 1:1 (original stake only) |" in \
        sheet("australian-pontoon", "en")
    assert "(только исходная ставка)" in sheet("australian-pontoon", "ru")
    spanish = {row["key"]: row for row in payout_rows(load_bundled("spanish-21"), str)}
    assert spanish["pontoon"]["takes"] == "1:1"


def test_the_envy_bonus_is_paid_once_a_seat_bust_or_not() -> None:
    rules = compile_rules(load_bundled("australian-pontoon"))
    sevens = [hand(rules, "7S 7S 7S", 2500, is_split=True) for _ in range(2)]
    bust, plain = hand(rules, "KS QH 5D", 2500), hand(rules, "9S 8H", 2500)
    banker = hand(rules, "7H", 0)
    state = SimpleNamespace(rules=rules, calling_off=None, banker=banker, seats=[
        SimpleNamespace(hands=sevens), SimpleNamespace(hands=[bust]),
        SimpleNamespace(hands=[plain])])
    assert between_nets(state) == [0, 5000, 5000]  # type: ignore[arg-type]
    for lang in ("en", "ru"):
        once = said("australian-pontoon", lang, "Each is paid it once for each player "
                    "holding it, bust hands too, once only for one holding it on several "
                    "split hands: twice when two hold it in one deal, each of those two once.")
        prizes = [d for _h, d in load_bundled("australian-pontoon").hands.ranked()
                  if d.prize_to_others is not None]
        # said with each hand that pays it (r49zq: the lower tier's left it unsaid)
        assert sheet("australian-pontoon", lang).count(once) == len(prizes) == 2


@pytest.mark.parametrize(("ruleset_id", "lang", "words"), [
    ("spanish-21", "en", "Doubling down may take a bet above the table maximum."),
    ("australian-pontoon", "en", "Doubling may take a stake above the maximum."),
    ("australian-pontoon", "ru", "С удвоением ставка руки может стать больше наибольшей"),
    ("australian-pontoon", "en", "whoever cuts puts a cut card (a joker will do)"),
    ("australian-pontoon", "en", "a stake cut below the minimum stake is still played"),
    ("spanish-21", "en", "a bet cut below the table minimum is still played")])
def test_the_maximum_a_cut_card_and_the_minimum(ruleset_id: str, lang: str,
                                                words: str) -> None:
    assert words in sheet(ruleset_id, lang)


# 4. Home Очко --------------------------------------------------------------------------

def test_home_ochkos_va_bank_is_what_is_free_at_the_stakers_turn() -> None:
    from pontoon_rules.engine.round.live_bank import place_stakes_up_to
    from pontoon_rules.engine.round.state import RoundState

    rules = compile_rules(load_bundled("ochko-home"))
    state = RoundState(rules, [400, 1000], None, None, bank=1000)
    place_stakes_up_to(state, 1)  # the whole bank asked: all that is free at the turn
    assert [seat.hands[0].stakes for seat in state.seats] == [[400], [600]]
    text = sheet("ochko-home", "ru")
    assert ("Игрок может пойти на всё, что свободно в банке, когда доходит его очередь "
            "(«ва-банк»): весь банк за вычетом того, что заняли ставки до него.") in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_home_ochko_says_who_keeps_the_bank_and_when_debts_are_paid(lang: str) -> None:
    assert said("ochko-home", lang, "When it ends, the banker then holding the bank keeps what "
                "is left in it, and debts are paid then.") \
        in sheet("ochko-home", lang)


@pytest.mark.parametrize(("ruleset_id", "both"), [("ochko-home", True), ("casino-ochko", False)])
def test_a_rule_marked_dagger_and_double_dagger_is_explained(ruleset_id: str, both: bool) -> None:
    en, ru = sheet(ruleset_id, "en"), sheet(ruleset_id, "ru")
    assert any(line.endswith("† ‡") for line in en.splitlines()) is both
    assert ("† and ‡ on one rule: part of it is our reading of what the source leaves open, "
            "and the source says nothing of the rest." in en) is both
    assert ("† и ‡ у одного правила:" in ru) is both


# 5. Russian words ----------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "casino-ochko", "australian-pontoon",
                                        "ochko-home", "spanish-21", "blackjack-reference"])
def test_russian_words_the_readers_named(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    for stilted in ("сдатчик", "казино-игра", "твёрдому правилу", "позднее право сдаться",
                    "вёрдые", "уходят в отбой", "в час, о котором договорились"):
        assert stilted not in text, stilted
    assert text.count("твист") <= 1  # the Belarus page's own word, quoted once
    if ruleset_id in ("australian-pontoon", "spanish-21"):
        assert "поздний сюррендер" in text  # «сдача» is the deal (test_docs_reader49af)
    if ruleset_id == "ochko-home":
        assert "Принятая ставка занимает" in text and "банкир, передавший банк" in text
    if ruleset_id == "belarus-ponton":
        assert "Сказать «ещё» (на странице казино — «твист»)" in text
