"""Issue 49: no sentence of a printed sheet contradicts another, in any language printed.

The settlement sentences carry their meaning as claims (`docs.words.claims`): on every bundled
sheet in every language it is printed in, no two general sentences (the ranking, the odds,
a hand that wins whatever the banker holds) say different things of one pair of hands,
and the claims read as a reader reads them give the engine's table back. The other
contradictions the issue lists are checked on the visible text of every bundled sheet.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from pontoon_rules.docs import render_sheet
from pontoon_rules.docs.sheet.sheet_view import find_base, payout_rows
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.reach import decided_table
from pontoon_rules.docs.words.sentences import settlement_claims
from pontoon_rules.docs.words.settlement import cell_says, conflicts, expected_cell
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table
from tests.sheettext import visible_text

SHEETS = [(rid, lang) for rid in bundled_ids() for lang in sheet_languages(load_bundled(rid))]


@cache
def sheet(ruleset_id: str, lang: str = "en") -> str:
    r = load_bundled(ruleset_id)
    return visible_text(render_sheet(r, "html", lang, find_base(r)).decode())


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_no_two_settlement_sentences_of_a_sheet_disagree(ruleset_id: str, lang: str) -> None:
    r = load_bundled(ruleset_id)
    claims = [c for s in settlement_claims(r, lang).values() for c in s.claims]
    assert conflicts(claims) == []
    # and, read so, they are what the engine pays
    for pair, cell in decided_table(r, outcome_table(r)).items():
        said = expected_cell(claims, pair)
        assert {k: said.get(k) for k in cell_says(cell)} == cell_says(cell), pair


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hands_that_win_whatever_are_the_rankings_own_exception(lang: str) -> None:
    said = settlement_claims(load_bundled("belarus-ponton"), lang)
    ranking = said["ranking"].text
    assert "outcomes" not in said  # no second, blanket sentence beside the ranking
    if lang == "en":
        assert ranking.startswith("These hands of a player win whatever the banker holds: "
                                  "five-card trick, three of a kind. That holds even against "
                                  "the banker's pontoon or five-card trick. Between any other "
                                  "hands, pontoon beats")  # the exception first (r49zs)
        assert "loses to a higher one. The banker's cards never count as three of a kind" \
            in ranking
    else:
        assert ranking.startswith("Эти руки игрока выигрывают")


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_payouts_example_and_the_table_key_use_odds_the_game_pays(ruleset_id: str) -> None:
    text = sheet(ruleset_id)
    r = load_bundled(ruleset_id)
    paid = {row["pays"] for row in payout_rows(r, translations("en").gettext)} | {"1:1"}
    for odds in re.findall(r"\((\d+:\d+) on \d+ is \d+\)", text):
        assert odds in paid, odds
    assert "2:1 is twice the stake" not in text
    if all(row["takes"].split(",")[0] in ("1:1", "—")  # "1:1, as a plain total" too
           for row in payout_rows(r, translations("en").gettext)):
        assert "a losing one pays the odds of the banker's hand" not in text


@pytest.mark.parametrize(("ruleset_id", "lang"), [s for s in SHEETS if s[1] in ("en", "ru")])
def test_no_sheet_says_both_sides_of_a_rule(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    if lang == "en":
        pairs = [("there is no upper limit", "bank of"),
                 ("The bank stays with the same player.", "passes"),
                 ("5 or more cards", "holds at most 5 cards"),
                 ("buying cards for an extra stake", "bought"),
                 ("draws face up", "dealt face down")]
        for one, other in pairs:
            assert not (one in text and other in text), (one, other)
        assert not re.search(r"between (\d+)× and \1×", text)


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_hand_of_the_payout_table_has_example_cards(ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    for row in payout_rows(r, translations("en").gettext):
        assert row["cards"], row["key"]


def test_the_home_ochko_sheet_bank_caps_stakes_and_passes_to_the_left() -> None:
    text = sheet("ochko-home")
    assert "there is no upper limit" not in text
    assert "the most a player may stake is what the bank has free when their turn comes" in text
    assert "The bank stays with the same player until it is broken." in text
    assert "it then passes to the player on the banker's left" in text
    assert "even above the largest stake" not in text  # there is no largest stake


def test_the_home_ochko_russian_sheet_says_the_players_words() -> None:
    text = sheet("ochko-home", "ru")
    assert "твист" not in text.lower() and "верхнего предела нет" not in text
    assert "«Ещё»" in text and "«Хватит» (или «себе»)" in text


def test_russian_sheets_drop_the_calques_the_reader_listed() -> None:
    for ruleset_id in ("belarus-ponton", "casino-ochko", "ochko-home"):
        text = sheet(ruleset_id, "ru")
        for calque in ("натуральная", "отказа от руки", "21 на 3 картах",
                       "эта сторона не держит такую руку", "ставку × 1"):
            assert calque not in text, (ruleset_id, calque)
        # the casino page's «Высокий итог» is a calque of "high total" (reader 3): «по очкам»
        assert "высокий итог" not in text.lower(), ruleset_id
    assert "разбить" not in sheet("belarus-ponton", "ru")  # the page says «разделить», «сплит»


def test_a_fixed_drawing_rule_covers_every_soft_total() -> None:
    for ruleset_id in ("casino-ochko", "australian-pontoon"):
        text = sheet(ruleset_id)
        assert ("draws on 16 or less and on a soft 17 (one with an ace counted 11), and "
                "stands on a hard 17 or more and on a soft 18 or more.") in text


def test_belarus_says_the_banker_answers_insurance_after_every_player_bust() -> None:
    text = sheet("belarus-ponton")
    assert ("When every player has already bust, the banker does not play, except to take a "
            "second card when someone has insured, which settles the insurance.") in text


def test_a_banker_who_draws_by_choice_is_not_said_to_draw_face_up() -> None:
    assert "The banker draws as they choose" in sheet("ochko-home")
    assert "draws face up as they choose" not in sheet("ochko-home")


def test_the_shoot_bet_is_made_before_the_second_card() -> None:
    text = sheet("shoot-pontoon")
    assert re.search(r"is dealt \S+, stakes \d+, makes a shoot bet of \d+, is dealt \S+", text)


def test_two_aces_win_whatever_even_when_the_banker_busts() -> None:
    text = sheet("ochko-home")
    assert "Two aces wins whatever the banker holds: player 1 wins 100." in text


# -- fidelity (issue 49, item 4) -------------------------------------------------------------
def test_belarus_dealer_pontoon_taking_bought_stakes_is_an_open_reading() -> None:
    r = load_bundled("belarus-ponton")
    found = r.provenance.get("hands.definitions.pontoon.takes")
    assert found is not None and found.open and found.status.value == "our-reading"
    assert "первоначальная ставка проигрывает" in found.quote
    assert "original-bets" in found.note and "1.1482%" in found.note  # the other reading


def test_three_of_a_kind_against_a_dealer_pontoon_is_weighed() -> None:
    found = load_bundled("belarus-ponton").provenance[
        "hands.definitions.three-of-a-kind.wins_outright"]
    assert found.open and "понтун" in found.note and "1.3833%" in found.note


def test_no_quote_is_taken_from_a_sentence_about_something_else() -> None:
    belarus = load_bundled("belarus-ponton").provenance
    assert "у игрока" not in belarus["banker.max_cards"].quote  # the dealer's limit
    casino = load_bundled("casino-ochko").provenance
    for path in ("settlement.collects", "hands.definitions.pontoon.collects"):
        assert "потеряет свою ставку" not in casino[path].quote  # the peek's sentence


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_no_note_prints_a_literal_backslash(ruleset_id: str) -> None:
    for path, found in load_bundled(ruleset_id).provenance.items():
        assert "\\" not in found.note, path


def test_the_casino_ochko_upper_limit_is_marked_as_our_reading() -> None:
    """The page lists only the chips on offer: the largest stake is the table's, a blank
    (g49f), not 'the casino sets no upper limit', which no page says."""
    [line] = [x for x in sheet("casino-ochko").splitlines()
              if x.startswith("The table agrees the largest stake before play")]
    assert line.startswith("The table agrees the largest stake before play (fill in): each "
                           "stake at least 1 chip, at most ____.") and line.endswith(" †")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fixed_sentences_use_the_games_own_name_for_its_natural(lang: str) -> None:
    text = sheet("vingt-un", lang)  # the natural is "natural vingt-un": bank, peek, shuffle
    assert "pontoon" not in text.lower() and "понтун" not in text
    assert ("A player who makes a natural vingt-un takes the bank" in text if lang == "en"
            else "собравший комбинацию «очко с раздачи»" in text)


# -- worked examples (issue 49, item 2) -------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_worked_example_replays_to_what_the_sentences_say(ruleset_id: str) -> None:
    from pontoon_rules.docs.words.rounds import replay, teaching_rounds
    from pontoon_rules.engine.round.rules import compile_rules
    from tests.test_docs_settlement import check_round

    r = load_bundled(ruleset_id)
    rules = compile_rules(r)
    claims = [c for s in settlement_claims(r).values() for c in s.claims]
    text = sheet(ruleset_id)
    for example in teaching_rounds(r):
        result = replay(r, example["script"])
        assert result == example["result"]  # the engine gives the example back
        check_round(claims, result, rules)  # each hand settles as the sentences say
        banker = result["banker"]
        hands = [h for seat in result["seats"] for h in seat["hands"]]
        drew = len(banker["cards"]) > r.deal.banker_cards
        hidden = any(e.get("action") == "hide" for e in result["transcript"])  # not known bust
        if drew and all(h["class"] == "bust" for h in hands) and not hidden:  # every bust shown
            assert ("the banker does not play, except to take a second card" in text
                    or "plays out their hand even when every player" in text), example


def test_the_casino_ochko_russian_sheet_speaks_of_the_table_not_the_button() -> None:
    text = sheet("casino-ochko", "ru")
    assert "кнопк" not in text and "«Ещё карту»" in text and "дилер" in text.lower()
