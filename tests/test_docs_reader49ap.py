"""Issue 49, fresh readers r49zi (pagat-british en/pa/ur 4.0), r49zj, r49zk, r49zl, g49ap.
Each contradiction is said as the engine plays it, from the fields that decide it, in every
language the sheet prints:

1. A player's pontoon "declared on their turn" took the bank "even when the banker's pontoon
   ends the deal", where no player gets a turn: a player's pontoon takes the bank, declared on
   their turn, or, when the banker's pontoon ends the deal, turned up with every hand
   (`engine.round.faces.shown`) and still found by `engine.round.rotation.bank_taker`.
2. Belarus: "Each example has one player" (`example_needs.SEVERAL`) is not printed where an
   example is told with the other players at the table ("The other players (at least 2 in
   all) are bust too", `example_needs.OTHERS_BUST`).
3. Ochko at home: "If you bust, you lose your stake at once" beside a bust kept hidden until
   opened and paid 2:1: where a bust may be kept hidden (`settlement.hidden_bust_pays`) the
   loss at once is a shown bust's.
4. Belarus: insurance of "exactly 1/2 of your stake" beside "the insurance is cut to what is
   free": one sentence says both, as `engine.round.legal.insurance_range` offers it.
5. Punjabi and Urdu: a pontoon "in the first two cards", "on a split hand too": a split hand's
   two cards are not the deal's first two; the hand's first two cards.
"""

from __future__ import annotations

import functools

import pytest
from sheet_text import catalog, sheet, word

from pontoon_rules.docs.sheet.sheet_view import printable_rounds
from pontoon_rules.docs.words.example_needs import OTHERS_BUST, SEVERAL, others_bust
from pontoon_rules.docs.words.hands import NATURAL_ON_SPLIT
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.docs.words.settlement_messages import LOSES_AT_ONCE, LOSES_SHOWN
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.faces import shown
from pontoon_rules.engine.round.legal import insurance_range
from pontoon_rules.engine.round.rotation import bank_taker
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

AT_ONCE = ("A player's pontoon takes the bank: declared on their turn, or turned up with every "
           "hand when the banker's pontoon ends the deal.")
AT_ONCE_RENAMED = ("A player's %(natural)s takes the bank: declared on their turn, or turned up "
                   "with every hand when the banker's %(natural)s ends the deal.")
OLD = ("A player's pontoon, declared on their turn, takes the bank even when the banker's "
       "pontoon ends the deal: every hand is then shown.")
OLD_WORDS = {"en": "declared on their turn, takes the bank even when",
             "ru": "объявленный в его ход, даёт банк, даже когда",
             "hy": "որը հայտարարվում է նրա հերթին",
             "pa": "ਜਿਸ ਦਾ ਐਲਾਨ ਉਸ ਦੀ ਵਾਰੀ ਤੇ ਹੁੰਦਾ ਹੈ",
             "ur": "جو اس کی باری پر ظاہر کیا جاتا ہے"}


def _takes_at_once(ruleset: Ruleset) -> bool:
    """The bank goes to a player's pontoon even where the banker's ended the deal at once."""
    between = ruleset.between_deals
    return (between.rotation.value == "pontoon-maker" and ruleset.deal.banker_pontoon_at_once
            and between.rotation_when_banker_pontoon_at_once)


TAKERS = [rid for rid in bundled_ids() if _takes_at_once(load_bundled(rid))]
PRINTED = [(rid, lang) for rid in TAKERS for lang in sheet_languages(load_bundled(rid))]


def test_the_rule_is_found_by_its_fields() -> None:
    assert "pagat-british" in TAKERS and "vingt-un" not in TAKERS


@pytest.mark.parametrize("ruleset_id", TAKERS)
def test_the_engine_turns_every_hand_up_and_the_players_pontoon_takes_the_bank(
        ruleset_id: str) -> None:
    state = RoundState(compile_rules(load_bundled(ruleset_id)), [10])
    for card in parse_cards("AS AH KS KD".split()):  # both a pontoon, the banker's at once
        state.apply_action(card)
    assert state.is_terminal() and state.ended_early
    hand = state.seats[0].hands[0]
    assert all(shown(state, hand, i) for i in range(len(hand.cards)))
    assert bank_taker(state) == 0


@pytest.mark.parametrize(("ruleset_id", "lang"), PRINTED)
def test_the_sheet_says_every_hand_is_turned_up_when_the_banker_ends_the_deal(
        ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert word(lang, AT_ONCE) in text
    assert OLD_WORDS[lang] not in text
    if lang != "en":
        assert OLD not in catalog(lang)


@pytest.mark.parametrize("lang", ["ru"])
def test_the_renamed_natural_keeps_its_three_names(lang: str) -> None:
    assert catalog(lang)[AT_ONCE_RENAMED].count("%(natural)s") == 2


# 2. no "each example has one player" beside an example told with the others ---------------

def _speaks_of_others(ruleset_id: str) -> bool:
    ruleset = load_bundled(ruleset_id)
    return any(others_bust(ruleset, r["result"], str) for r in printable_rounds(ruleset))


@functools.cache
def others() -> list[str]:
    """The bundled rulesets with an example told with the other players (worked out when a
    test asks, not at collection: every test process collects this module)."""
    return [rid for rid in bundled_ids() if _speaks_of_others(rid)]


def test_an_example_is_told_with_the_other_players() -> None:
    assert "belarus-ponton" in others()


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_each_example_is_not_said_to_have_one_player_beside_the_others(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    for lang in sheet_languages(ruleset):
        text, said = sheet(ruleset_id, lang), translations(words_of(ruleset, lang)).gettext
        if ruleset_id in others():
            assert said(OTHERS_BUST) % {"least": ruleset.table.min_players} in text
            assert said(SEVERAL) not in text
        else:  # no example told with the others: nothing said of them
            assert said(OTHERS_BUST) % {"least": ruleset.table.min_players} not in text


# 3. a bust lost at once is a shown one where a bust may be kept hidden ----------------------

KEEPABLE = [rid for rid in bundled_ids()
            if load_bundled(rid).settlement.hidden_bust_pays is not None]


def test_a_hidden_bust_is_found_by_its_field() -> None:
    assert "ochko-home" in KEEPABLE


@pytest.mark.parametrize("ruleset_id", KEEPABLE)
def test_the_loss_at_once_is_said_of_a_shown_bust_where_one_may_be_hidden(
        ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    bust = next(s.text for s in sentences(ruleset) if s.key == "player_bust")
    if ruleset.faces.bust_shown and ruleset.settlement.player_bust_loses_at_once:
        assert bust.startswith(LOSES_SHOWN)
    for lang in sheet_languages(ruleset):
        text, said = sheet(ruleset_id, lang), translations(words_of(ruleset, lang)).gettext
        assert said(LOSES_AT_ONCE) not in text
    if "ru" in sheet_languages(ruleset):
        assert "При открытом переборе вы сразу теряете ставку" in sheet(ruleset_id, "ru")


def test_a_table_without_a_hidden_bust_keeps_the_plain_loss() -> None:
    bust = next(s.text for s in sentences(load_bundled("casino-ochko")) if s.key == "player_bust")
    assert bust.startswith("If you bust, you lose your stake at once")


# 4. exactly half where the bank has it free, else cut: one sentence -------------------------

EXACT_CUT = ("The insurance is exactly %(part)s of the stake only where the bank has that much "
             "free; where it has less, the insurance is cut to what is free.")


def test_the_engine_insures_exactly_half_where_free_else_cuts() -> None:
    rules = compile_rules(load_bundled("belarus-ponton"))
    full, cut = insurance_range(rules, 100, 500), insurance_range(rules, 100, 30)
    assert full is not None and (full.low, full.high) == (50, 50)
    assert cut is not None and (cut.low, cut.high) == (30, 30)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_one_sentence_says_exactly_half_and_the_cut(lang: str) -> None:
    text = sheet("belarus-ponton", lang)
    assert word(lang, EXACT_CUT, part="1/2") in text
    assert "Where less than 1/2 of the stake is free" not in text
    assert "Если в банке свободно меньше 1/2 ставки" not in text


# 5. the hand's first two cards, a split hand's too ----------------------------------------

HANDS_FIRST_TWO = {"pa": "ਹੱਥ ਦੇ ਪਹਿਲੇ ਦੋ ਪੱਤਿਆਂ ਵਿੱਚ", "ur": "ہاتھ کے پہلے دو پتوں میں"}


def _natural_on_split(ruleset: Ruleset) -> bool:
    """A natural a split hand may make (`hands.NATURAL_ON_SPLIT`'s condition)."""
    return ruleset.player.split.allowed and any(
        d.natural and d.on_split_hand and d.cards_range[0] <= ruleset.deal.player_cards
        for _name, d in ruleset.hands.ranked())


@pytest.mark.parametrize("lang", sorted(HANDS_FIRST_TWO))
def test_a_natural_is_the_hands_first_two_cards(lang: str) -> None:
    for message in ("a natural", NATURAL_ON_SPLIT):
        assert catalog(lang)[message].startswith(HANDS_FIRST_TWO[lang])
    printed = [rid for rid in bundled_ids() if lang in sheet_languages(load_bundled(rid))
               and _natural_on_split(load_bundled(rid))]
    assert "pagat-british" in printed
    for ruleset_id in printed:
        assert word(lang, NATURAL_ON_SPLIT) in sheet(ruleset_id, lang)
