"""Issue 49 (the second fresh readers, r49f/r49g): casino Очко's English sheet. Who keeps a
home bank's money when it passes (the engine's `Session.change_banker`: the old banker's
winnings are theirs, the new one's bank is put up whole), the game's name in Latin letters
on an English sheet, and an intro that no longer says "draws to 17" (read as standing on
every 17; the dealer hits a soft 17, an open reading the summary may not state as fact)."""

from __future__ import annotations

from pathlib import Path

import pytest
from home_ochko import home_session
from sheet_text import sheet
from test_session import scripted

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled

HOUSE_DEALER = ("casino-ochko", "australian-pontoon", "spanish-21", "belarus-ponton")



def test_a_passed_bank_leaves_its_rest_with_the_old_banker(tmp_path: Path) -> None:
    """Casino Очко at home with a bank of 1,000 passing after every deal: the old banker's
    gains stay with them, and the next banker's bank is a whole 1,000 again."""
    s = home_session(tmp_path, "    passes_after_deals: 1\n", 1000, "ABC",
                     "7D 7C 9C KD KH KS")
    record = s.play_deal([100, 100], scripted("p1 stand, p2 stand"))
    assert record.result.banker_net == 200  # both players' 17 lose to the banker's 19
    assert s.banker == "B" and s.bank == 1000


@pytest.mark.parametrize("ruleset_id", HOUSE_DEALER)
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "When it passes, the old "),
    ("ru", "Когда банк переходит, прежний ")])
def test_the_home_bank_says_who_keeps_what_is_left(ruleset_id: str, lang: str,
                                                   words: str) -> None:
    text = sheet(ruleset_id, lang)
    agreed = {"en": "a new bank of the size agreed before play",  # r49m: not "the same size"
              "ru": "новый банк того размера, о котором договорились до игры"}[lang]
    assert words in text and agreed in text


def test_casino_ochko_in_english_names_itself_in_latin_letters_and_not_draws_to_17() -> None:
    text = sheet("casino-ochko", "en")
    title = next(line for line in text.splitlines() if line.startswith("# "))
    assert "Ochko" in title
    assert "draws to 17" not in text  # soft 17: an open reading
    assert "When it passes, the old dealer keeps what is left in it" in text


def test_a_hard_hands_fewest_cards_are_those_its_total_needs() -> None:
    """«Twenty-one: 2 or more cards making 21, a hard hand only» (Casino Filipino, r49h): two
    cards of a pack whose best card counts 10 cannot make a hard 21; the engine's classes
    agree (no two-card hand of that pack is its hard twenty-one)."""
    from itertools import combinations_with_replacement

    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.engine.round.hand import Hand, classify

    text = sheet("casino-filipino-pontoon", "en")
    assert "Twenty-one: 3 or more cards making 21, a hard hand only" in text
    assert "2 or more cards making 21, a hard hand only" not in text
    r = load_bundled("casino-filipino-pontoon")
    rules = compile_rules(r)
    codes = [f"{rank.value}S" for rank in r.pack.ranks]
    def hand_id(pair: tuple[str, ...]) -> str:
        hand = Hand(100)
        for card in parse_cards(list(pair)):
            hand.add(card, rules.values)
        return classify(hand, rules)

    two = {hand_id(pair) for pair in combinations_with_replacement(codes, 2)}
    assert "twenty-one" not in two and hand_id(("KS", "QS", "AS")) == "twenty-one"
