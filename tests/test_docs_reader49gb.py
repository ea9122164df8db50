"""Issue 49, fresh readers r49zm (shoot-pontoon en/ru/hy 4.0), r49zn (shoot-pontoon pa/ur 3.5,
pagat-aces-only-split pa/ur 4.0), r49zp (pagat-aces-only-split hy 4.0), f49b. Each said from
the fields and the engine, in every language the sheet prints:

1. Contradictions: pa/ur (and ru/hy) said the bet before a fourth card came "that is, after
   splitting", beside "even without a first one" and an example of an unsplit hand; three
   examples dealt with no kitty beside "no deal is dealt without a kitty"; pa "every stake at
   most ____" beside buying above the largest stake (the initial stake, as ur says); hy
   "20 against 18: the first wins" where the first was the banker's total.
2. What a new table asks: the auction's bidders and equal bids (`banking.auction_winner`); a
   kitty on credit when the bank changes hands (`Session.change_banker`); the second pack once
   in play, shuffled with the first (`Pack.shuffle`).
3. Words: ru «шут» (a jester) gone for «ставка против кассы»; ur «کِٹی», «چِپ» with their zer.
"""

from __future__ import annotations

import random
import re

import pytest
from babel.messages.catalog import Catalog
from engine_helpers import nets
from engine_helpers import run as run_round
from sheet_text import catalog, sheet, word
from test_session import scripted, session
from test_shoot import decisions, run

from pontoon_rules.docs.sheet.sheet_view import printable_rounds, worked_examples
from pontoon_rules.docs.website.catalog import merge
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.docs.words.settlement_messages import BANKER_BUST, BANKER_BUST_HIDDEN
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rotation import bank_taker
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.pack import Pack
from pontoon_rules.errors import IllegalActionError, ScriptError
from pontoon_rules.ruleset.format.agreed import agreed_fields
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

SHOOTS = [rid for rid in bundled_ids() if load_bundled(rid).shoot.enabled]
SHOOT_SHEETS = [(rid, lang) for rid in SHOOTS for lang in sheet_languages(load_bundled(rid))]


def _printed(lang: str, message: str) -> str:
    """`message` as `lang` prints it, checked translated (English: the message itself)."""
    assert lang == "en" or catalog(lang)[message] != message
    return word(lang, message)


def test_the_games_are_found_by_their_fields() -> None:
    assert SHOOTS == ["shoot-pontoon"] and len(SHOOT_SHEETS) == 5


# 1. the bet before a fourth card: not only after a split ----------------------------------------

FOURTH = ("A bet before a fourth card comes only when a hand of three cards draws, whether or "
          "not it was split, so no hand has more than two shoot bets.")
ONLY_SPLIT = {"en": "after any split", "ru": "то есть уже после любого сплита",
              "hy": "այսինքն՝ ցանկացած կիսումից հետո", "pa": "ਯਾਨੀ ਜੋੜੀ ਤੋੜਨ ਤੋਂ ਬਾਅਦ",
              "ur": "یعنی جوڑی توڑنے کے بعد"}


def test_an_unsplit_hand_of_three_cards_may_bet_before_its_fourth() -> None:
    r = run([10], "2S 9D 3H 8D 2H 8C", "p1 decline, p1 twist, p1 twist, p1 shoot 5, p1 stick, "
            "banker stick", 50)  # 2 3 2, no split: a bet before its fourth card, the 8
    assert [d for d in decisions(r) if d[2] == "shoot 5"][0][1] == ["shoot 1..50", "decline"]
    assert len(r.result.seats[0].hands) == 1 and r.result.seats[0].hands[0].shoot == 5


@pytest.mark.parametrize(("ruleset_id", "lang"), SHOOT_SHEETS)
def test_the_sheet_does_not_keep_that_bet_to_split_hands(ruleset_id: str, lang: str) -> None:
    r = load_bundled(ruleset_id)
    assert r.shoot.fourth_card_bet and r.shoot.split_hand_bet and r.player.split.allowed
    text = sheet(ruleset_id, lang)
    assert _printed(lang, FOURTH) in text and ONLY_SPLIT[lang] not in text


# 1. every example is dealt against a kitty -------------------------------------------------------

PUT_UP, HELD = STEPS["kitty"], STEPS["kitty-held"]


@pytest.mark.parametrize(("ruleset_id", "lang"), SHOOT_SHEETS)
def test_every_example_is_dealt_with_a_kitty_on_the_table(ruleset_id: str, lang: str) -> None:
    """'no deal is dealt without a kitty' (`Session.needs_kitty`): each example's first line
    is its kitty, put up in the first and on the table in the others, which replay with it."""
    r = load_bundled(ruleset_id)
    gettext = translations(lang).gettext
    told = worked_examples(r, lang)
    assert told and all(e["script"].get("kitty") for e in told)
    for i, example in enumerate(told):
        said = gettext(PUT_UP if i == 0 else HELD) % {"amount": example["script"]["kitty"]}
        assert said in example["lines"][0], example["lines"][0]
    assert sum(gettext(HELD).split("%")[0] in line for e in told for line in e["lines"]) \
        == len(told) - 1


# 1. pa: the stake limits are the initial stake's -----------------------------------------------

def _buys_past_the_maximum(ruleset_id: str) -> bool:
    """A table agrees the largest stake, which a buy or a double may take a stake past."""
    r = load_bundled(ruleset_id)
    return ((r.stakes.buy.value != "none" or r.player.double.allowed)
            and "stakes.max_stake" in agreed_fields(r) and "pa" in sheet_languages(r))


PA_BUYERS = [rid for rid in bundled_ids() if _buys_past_the_maximum(rid)]


def test_the_punjabi_buyers_are_found() -> None:
    assert {"pagat-aces-only-split", "shoot-pontoon"} <= set(PA_BUYERS)


@pytest.mark.parametrize("ruleset_id", PA_BUYERS)
def test_punjabi_limits_the_initial_stake_that_buying_may_pass(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "pa")
    assert "may take a stake above the maximum." in sheet(ruleset_id, "en")
    assert "ਹਰ ਸ਼ੁਰੂਆਤੀ ਦਾਅ ਘੱਟੋ-ਘੱਟ" in text and "ਹਰ ਦਾਅ ਘੱਟੋ-ਘੱਟ" not in text


# 1. hy: the winning total is named, not "the first" ----------------------------------------------

BEATS = "%(better)s beats %(worse)s"


def test_armenian_names_the_winning_hand_in_the_example_the_banker_wins() -> None:
    """pagat-aces-only-split's fourth example: the banker's 20 against the player's 18."""
    rounds = printable_rounds(load_bundled("pagat-aces-only-split"))
    lost = [i for i, r in enumerate(rounds) if r["result"]["seats"][0]["net"] < 0
            and r["result"]["banker"]["total"] == 20 and r["result"]["banker"]["class"] == "total"
            and r["result"]["seats"][0]["hands"][0]["total"] == 18]
    assert lost
    lines = worked_examples(load_bundled("pagat-aces-only-split"), "hy")[lost[0]]["lines"]
    said = _printed("hy", BEATS) % {"better": "20", "worse": "18"}
    assert any(said in line for line in lines)
    assert "հաղթում է առաջինը" not in sheet("pagat-aces-only-split", "hy")


@pytest.mark.parametrize("ruleset_id", [rid for rid in bundled_ids()
                                        if "hy" in sheet_languages(load_bundled(rid))])
def test_no_armenian_example_leaves_the_winner_to_the_order(ruleset_id: str) -> None:
    assert "առաջինը" not in catalog("hy")[BEATS]
    assert "հաղթում է առաջինը" not in sheet(ruleset_id, "hy")


# 2. the auction: the players bid, equal bids to the first in the order of play ------------------

AUCTION = ("Only the players bid, not the banker, and of equal bids the first in the order of "
           "play wins; how the bids are called (aloud in turn, say) and any smallest bid are "
           "the table's to agree.")


def _dry(people: str = "A B C"):  # type: ignore[no-untyped-def]
    s = session("shoot-pontoon", people, "TS 9S 9D TH 9H 8D")
    s.put_up_kitty(20)
    s.play_deal([10, 10], scripted("p1 shoot 20, p1 stick, p2 stick, banker stick"))
    assert s.kitty_dry
    return s


def test_the_banker_does_not_bid_and_equal_bids_go_to_the_first_in_play() -> None:
    with pytest.raises(ScriptError, match="'A' is not one of B, C"):
        _dry().auction_bank({"A": 9, "B": 7})
    s = _dry()
    assert s.seats() == ["B", "C"] and s.auction_bank({"C": 7, "B": 7}) == "B"


@pytest.mark.parametrize(("ruleset_id", "lang"), SHOOT_SHEETS)
def test_the_sheet_says_who_bids(ruleset_id: str, lang: str) -> None:
    assert load_bundled(ruleset_id).shoot.dry_kitty_sale.value == "highest-bidder"
    assert _printed(lang, AUCTION) in sheet(ruleset_id, lang)


# 2. a kitty on credit when the bank changes hands ------------------------------------------------

CREDIT = ("If the bank changes hands first, what is left of that kitty goes back to the old "
          "banker against the debt, and the rest is still owed until the evening ends.")


def test_the_old_banker_gets_what_is_left_and_still_owes_the_rest() -> None:
    s = session("shoot-pontoon", "A B C", "TS 9S 9D TH 9H 8D")
    s.put_up_kitty(20)  # A has nothing: a kitty on credit
    assert s.balances["A"] == -20
    s.play_deal([10, 10], scripted("p1 shoot 5, p2 decline, p1 stick, p2 stick, banker stick"))
    owed, left = s.balances["A"], s.kitty
    assert left == 15
    s.sell_bank("B", 0)
    assert s.balances["A"] == owed + left and s.kitty == 0
    s.close()
    assert s.balances["A"] == owed + left and s.table_total() == 0


@pytest.mark.parametrize(("ruleset_id", "lang"), SHOOT_SHEETS)
def test_the_sheet_says_what_becomes_of_a_kitty_on_credit(ruleset_id: str, lang: str) -> None:
    assert load_bundled(ruleset_id).shoot.kitty_leaves_with_banker
    assert _printed(lang, CREDIT) in sheet(ruleset_id, lang)


# 2. the second pack, once in play, is shuffled with the first ------------------------------------

SECOND = ("If the pack still runs out, the banker shuffles a second pack alone (keep one at hand) "
          "and deals on; from then on the two are one pack.")


def test_the_next_shuffle_takes_both_packs_together() -> None:
    rules = compile_rules(load_bundled("shoot-pontoon"))
    pack = Pack(rules, random.Random(3))
    fresh = pack.open_pack()
    pack.shuffle()
    cards = list(pack.cards)
    assert len(cards) == 2 * len(fresh) and all(cards.count(c) == 2 for c in fresh)


@pytest.mark.parametrize(("ruleset_id", "lang"), SHOOT_SHEETS + [
    ("pagat-aces-only-split", lang) for lang in ("en", "hy", "pa", "ur")])
def test_the_sheet_says_the_two_packs_are_shuffled_as_one(ruleset_id: str, lang: str) -> None:
    assert _printed(lang, SECOND) in sheet(ruleset_id, lang)


# 3. words ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", SHOOTS)
def test_russian_names_the_bet_against_the_kitty_not_a_jester(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert not re.search("шут", text, re.IGNORECASE)
    assert "ставка против кассы" in text.lower()
    # «банк» is the banker's role here, «касса» the kitty (r49zm: in «очко» the bank is money)
    assert "кассу (котёл: не банк, а отдельные деньги только для этих ставок)" in text


@pytest.mark.parametrize("ruleset_id", [rid for rid, lang in SHOOT_SHEETS if lang == "ur"])
def test_urdu_kitty_and_chip_carry_their_zer(ruleset_id: str) -> None:
    """«کٹی» read as 'cut', «چپ» as 'silence' (r49zn)."""
    text = sheet(ruleset_id, "ur")
    assert "کٹی" not in text and not re.search(r"(?<!\S)چپ", text)
    assert "کِٹی" in text and "چِپ" in text


# the catalogs: a reworded message keeps each language's own translation ----------------------

def test_a_reworded_message_keeps_each_languages_own_translation() -> None:
    """`catalog update` carried the first language's translation of a reworded message
    into every language merged after it (f49b: Armenian in it, pa, ru, ur and vi)."""
    template = Catalog()
    template.add("The second pack stays in play, and the two are one pack.")
    merged = {}
    for lang, words in (("hy", "Երկրորդ կապուկը մնում է։"), ("ru", "Вторая колода остаётся.")):
        own = Catalog(locale=lang)
        own.add("The second pack stays in play.", words)
        notes = merge(own, template, lang)
        assert notes and "kept as fuzzy" in notes[0]
        merged[lang] = own["The second pack stays in play, and the two are one pack."]
    assert merged["hy"].string == "Երկրորդ կապուկը մնում է։" and merged["hy"].fuzzy
    assert merged["ru"].string == "Вторая колода остаётся." and merged["ru"].fuzzy
    assert not template["The second pack stays in play, and the two are one pack."].string


# 1. Vingt-un: a natural stands off against the banker's, and the others still pay it -------------

INTRO = {"en": ("wins double from the banker and takes the bank, unless the banker has one too "
                "(a stand-off). Every other player without one pays it double too, whatever "
                "the banker has"),
         "ru": ("берёт у банкира вдвойне и банк, если у банкира его нет (иначе ничья). Каждый "
                "другой игрок без него тоже платит вдвойне, при любых картах банкира")}
NO_BANK = ("A player's %(natural)s does not take the bank when the banker too has a "
           "%(natural)s, which is shown at once and ends the deal.")


def test_a_natural_against_the_bankers_stands_off_keeps_the_bank_and_is_still_paid() -> None:
    """p1 A K, p2 9 7, the banker A 10: the banker's natural ends the deal at once."""
    ended = run_round("vingt-un", [100, 200], "AS 9H AD KS 7H TH")
    assert ended.result.ended_early
    assert [s.between_players for s in ended.result.seats] == [400, -400]
    assert nets(ended) == [400, -800, 400]  # p1 stands off with the banker, p2 pays both
    state = RoundState(compile_rules(load_bundled("vingt-un")), [100, 200])
    for card in parse_cards("AS 9H AD KS 7H TH".split()):
        state.apply_action(card)
    assert state.is_terminal() and bank_taker(state) is None


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("vingt-un")))
def test_the_intro_says_what_the_bankers_natural_changes(lang: str) -> None:
    """'wins double from the banker and every other player and takes the bank, unless the
    banker has one too': 'unless' read as covering the others' double too (r49zp)."""
    text = sheet("vingt-un", lang)
    assert INTRO[lang] in " ".join(text.split())
    natural = "natural vingt-un" if lang == "en" else "очко с раздачи"
    said = _printed(lang, NO_BANK) % {"natural": natural}
    assert said in text, said


# 1. home Очко: a bust kept hidden is no hand 'still standing' when the banker busts --------------

HIDERS = [rid for rid in bundled_ids() if load_bundled(rid).settlement.hidden_bust_pays]


def test_a_hidden_bust_loses_even_when_the_banker_busts() -> None:
    """p1's T T busts on an ace and is kept face down; the banker's 9 T 6 busts: p1 pays."""
    assert HIDERS == ["ochko-home"] and load_bundled("ochko-home").faces.bust_shown
    busted = run_round("ochko-home", [100], "TS TD 9H AC TC 6S",
                       "p1 twist, p1 hide, banker twist, banker twist")
    assert nets(busted) == [-200, 200]


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (rid, lang) for rid in HIDERS for lang in sheet_languages(load_bundled(rid))])
def test_the_banker_bust_wins_only_hands_not_bust(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert _printed(lang, BANKER_BUST_HIDDEN[False]) in text
    assert _printed(lang, BANKER_BUST[(False, False)]) not in text


# 2. Vingt-un: who deals the cards that find the first banker is the table's to agree -------------

FIRST_ACE = ("One player (agree who) deals cards face up round the table; the first to get an ace "
             "is the first banker.")


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("vingt-un")))
def test_the_table_agrees_who_deals_for_the_first_banker(lang: str) -> None:
    """'Cards are dealt face up round the table': who deals them? (r49zp). No field says."""
    assert load_bundled("vingt-un").table.first_banker.value == "first-ace-dealt"
    assert _printed(lang, FIRST_ACE) in sheet("vingt-un", lang)


# 2. hy: a player's pontoon takes the bank even against the banker's, said outright --------------

HY_TAKES = "Խաղացողի պոնտոնը վերցնում է բանկը, նույնիսկ երբ բանկիրի պոնտոնն անմիջապես"
HY_TAKERS = [rid for rid in bundled_ids() if "hy" in sheet_languages(load_bundled(rid))
             and load_bundled(rid).between_deals.rotation_when_banker_pontoon_at_once
             and load_bundled(rid).deal.banker_pontoon_at_once]


@pytest.mark.parametrize("ruleset_id", HY_TAKERS)
def test_armenian_says_the_players_pontoon_takes_the_bank_even_then(ruleset_id: str) -> None:
    """«բացվում է բոլոր ձեռքերի հետ» only implied it (r49zp): both pontoons, the banker's
    ending the deal, and the player's still takes the bank (`rotation.bank_taker`)."""
    state = RoundState(compile_rules(load_bundled(ruleset_id)), [10])
    for card in parse_cards("AS AH KS KD".split()):
        state.apply_action(card)
    assert state.ended_early and bank_taker(state) == 0
    assert HY_TAKES in sheet(ruleset_id, "hy")


def test_armenian_later_buy_is_bound_by_the_card_bought_before() -> None:
    """«նախորդ քարտի գինը» where the card before was free (r49zp): after a twist no buy
    comes, so the card before a later buy is a bought one."""
    text = sheet("pagat-british", "hy")
    assert "ոչ ավելի, քան նախորդ գնված քարտի գինը" in text
    r = run_round("pagat-british", [100], "7H 5S 3C 8D 4H 2S",
                  "p1 buy 100, p1 buy 100, p1 stick, banker stick")
    assert r.result.seats[0].hands[0].staked == 300
    with pytest.raises(IllegalActionError, match="legal: twist, buy 100$"):  # the card before
        run_round("pagat-british", [100], "7H 5S 3C 8D 4H 2S", "p1 buy 100, p1 buy 150")
