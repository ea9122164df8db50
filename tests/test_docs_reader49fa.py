"""Issue 49, what fresh readers r49zi, r49zj, r49zk and r49zl left open (f49a), each said
from the fields and the engine, in every language the sheet prints:

1. Australian doubling "only on a total of 9, 10, 11, every ace counted 1" read as letting a
   pontoon (an ace and a king: 11) double; the engine offers it only stick
   (`legal.hand_legal`): "not on a pontoon" where a natural the double's totals take may
   draw no card (`reach.undoubled_natural`).
2. Belarus (and casino Очко) never said whether a hand may be surrendered: a casino's players
   know the casino games of other packs, and every Spanish-pack casino game has surrender
   (`lacking._elsewhere`); home games name none (`test_docs_reader7_left`).
3. Words: the casino's home bank says how the first banker may be found and that the banker
   in the bank plays only the banker's hand (Russian: «который сам не играет» beside «дилер
   играет одну руку против всех»); Belarus's even money «вместо страховки»; the Russian cut
   card «кат-карта»; home Очко's stake «когда доходит очередь» and the banker's «при сумме 21
   и больше»; Punjabi and Urdu a deal «ਬਾਜ਼ੀ»/«بازی» (not the act of dealing, «ਵੰਡ»/«بانٹ»)
   and Urdu's worked twists in the rule's own quoted word, not "takes one more card" (a buy
   takes one too); British pontoon's summary "paid 2:1", not "paid double" (r49zi: read as
   the stake back twice).
4. Home Очко: a stake named at the pause is cut at the player's turn, never raised
   (`engine.round.live_bank`); Australian Super Bonus "against a dealer's first card of 7"
   where every card of the dealer lies face up ("up card" only beside a hole card).
"""

from __future__ import annotations

import re

import pytest
from sheet_text import catalog, sheet, word

from pontoon_rules.docs.words.hands import hand_name
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.lacking import lacking
from pontoon_rules.docs.words.reach import undoubled_natural
from pontoon_rules.engine.round.actions import DOUBLE, STICK
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.legal import can_double, hand_legal
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

ALL = list(bundled_ids())
UNDOUBLED = [rid for rid in ALL if undoubled_natural(load_bundled(rid))]
CASINO = [rid for rid in ALL if load_bundled(rid).table.banker.value == "house-dealer"]


def _kinds(ruleset_id: str, cards: str) -> set[str]:
    """The kinds of action the engine offers a hand of `cards` (no up card seen)."""
    rules = compile_rules(load_bundled(ruleset_id))
    hand = Hand(100)
    for code in cards.split():
        hand.put(parse_card(code), rules)
    return {a.kind for a in hand_legal(hand, 1, rules)}


# 1. A natural the double's totals take -----------------------------------------------------

def test_the_natural_kept_from_doubling_is_found_by_its_fields() -> None:
    assert "australian-pontoon" in UNDOUBLED
    assert "blackjack-reference" not in UNDOUBLED  # "on any total under 21" leaves it out


def test_the_engine_lets_an_ace_and_a_king_only_stick_where_the_totals_would_take_it() -> None:
    rules = compile_rules(load_bundled("australian-pontoon"))
    pontoon = Hand(100)
    for code in ("AS", "KS"):
        pontoon.put(parse_card(code), rules)
    assert can_double(pontoon, rules)  # 11 with the ace counted 1
    assert _kinds("australian-pontoon", "AS KS") == {STICK}
    assert DOUBLE in _kinds("australian-pontoon", "AS 8H")
    assert DOUBLE in _kinds("australian-pontoon", "5S 6H")


PRINTED = [(r, lang) for r in UNDOUBLED for lang in sheet_languages(load_bundled(r))]


@pytest.mark.parametrize(("ruleset_id", "lang"), PRINTED)
def test_the_double_sentence_leaves_the_natural_out(ruleset_id: str, lang: str) -> None:
    ruleset = load_bundled(ruleset_id)
    hand_id = undoubled_natural(ruleset)
    assert hand_id is not None
    name = hand_name(ruleset, hand_id, translations(words_of(ruleset, lang)).gettext, lang)
    said = word(lang, ", not on a %(hand)s", hand=name)
    lines = [line for line in sheet(ruleset_id, lang).splitlines() if said in line]
    assert len(lines) == 1 and word(lang, ", only on a total of %(totals)s, every ace counted 1 "
                                          "(an ace and %(card)s make %(total)s)",
                                    totals="9, 10, 11", card=8, total=9) in lines[0]


@pytest.mark.parametrize("ruleset_id", [r for r in ALL if r not in UNDOUBLED])
def test_no_other_sheet_says_it(ruleset_id: str) -> None:
    doubles = [x for x in sheet(ruleset_id, "en").splitlines() if "may double" in x]
    assert not any(", not on a " in x for x in doubles)


# 2. Surrender on a casino's sheet ----------------------------------------------------------

def _surrenders_elsewhere(ruleset_id: str) -> bool:
    """Every casino game of another pack gives a hand up for part of its stake."""
    pack = load_bundled(ruleset_id).pack.ranks
    others = [load_bundled(r) for r in CASINO if load_bundled(r).pack.ranks != pack]
    return bool(others) and all(o.player.surrender.allowed for o in others)


SURRENDERLESS = [r for r in CASINO if not load_bundled(r).player.surrender.allowed
                 and _surrenders_elsewhere(r)]


def test_the_casino_games_without_surrender_are_found_by_their_fields() -> None:
    assert {"belarus-ponton", "casino-ochko"} <= set(SURRENDERLESS)
    assert "player.surrender.allowed" in lacking(load_bundled("belarus-ponton"))
    for home in ("ochko-home", "siebzehn-und-vier", "sette-e-mezzo"):  # never a surrender
        assert "player.surrender.allowed" not in lacking(load_bundled(home))  # at home (r7)


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (r, lang) for r in SURRENDERLESS for lang in sheet_languages(load_bundled(r))])
def test_the_sheet_says_the_game_has_no_surrender(ruleset_id: str, lang: str) -> None:
    start = "- " + word(lang, "Not in this game: %(items)s.", items="")[:-1]
    line = next(x for x in sheet(ruleset_id, lang).splitlines() if x.startswith(start))
    assert word(lang, "surrendering a hand") in line


# 3. Words ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset_id", "lang", "said", "gone"), [
    ("belarus-ponton", "en", ("whoever cuts the highest card, say)",
                              "the new banker plays only the banker's hand"),
     ("the new banker plays no hand",)),
    ("belarus-ponton", "ru", ("каждый против дилера, который не входит в число игроков",
                              "новый дилер, пока держит банк, играет только руку дилера",
                              "например, тот, кто снимет старшую карту)",
                              "можно вместо страховки попросить «равные деньги»",
                              "кат-карту (подойдёт и джокер)"),
     ("сам не играет", "своей руки не играет", "отсекающ")),
    ("belarus-ponton", "en", ("buy the third and fourth cards for a stake equal to the original "
                              "or twist free",), ("twist or buy the third",)),
    ("blackjack-reference", "ru", ("кат-карта выйдет",), ("отсекающ",)),
    ("ochko-home", "ru", ("Когда доходит очередь игрока, его ставка не может быть больше, чем "
                          "тогда есть в банке", "Но при сумме 21 и больше карт не берёт."),
     ("в свою очередь ставит", "от 21 — не берёт")),
    ("pagat-british", "en", ("five-card tricks are paid 2:1",), ("paid double",)),
    ("pagat-british", "pa", ("ਅਗਲੀ ਬਾਜ਼ੀ ਲਈ", "ਬਾਜ਼ੀਆਂ ਦੇ ਵਿਚਕਾਰ", "ਬਾਜ਼ੀ ਖ਼ਤਮ", "2:1 ਭੁਗਤਾਨ"),
     ("ਅਗਲੀ ਵੰਡ", "ਵੰਡਾਂ", "ਵੰਡ ਖ਼ਤਮ", "ਦੁੱਗਣਾ ਭੁਗਤਾਨ")),
    ("pagat-british", "ur", ("اگلی بازی", "بازیوں کے درمیان", "بازی ختم", "2:1 ادائیگی",
                             "جوڑی توڑ کر بنے ہاتھ کا پونٹون"),
     ("اگلی بانٹ", "بانٹوں", "بانٹ ختم", "دگنی ادائیگی", "ٹوٹی جوڑی کے ہاتھ"))])
def test_the_sheet_uses_the_words(ruleset_id: str, lang: str, said: tuple[str, ...],
                                  gone: tuple[str, ...]) -> None:
    text = sheet(ruleset_id, lang)
    for part in said:
        assert part in text, part
    for part in gone:
        assert part not in text, part


@pytest.mark.parametrize("lang", ["pa", "ur"])
def test_a_worked_twist_says_the_rules_quoted_word(lang: str) -> None:
    """The rule names a twist by a quoted word («“ایک اور”»); a worked round's twist says
    that word, so it does not read as a card bought."""
    quoted = re.match(r"(“[^”]+”)", catalog(lang)[
        "Twist: take another card without adding to your stake. Buy: add to your stake and "
        "take another card for it."])
    assert quoted is not None
    twists = catalog(lang)["twists %(cards)s"]
    assert quoted.group(1) in twists
    worked = sheet("pagat-british", lang).split("\n## ")[-1]
    assert worked.count(quoted.group(1)) >= 3  # examples 1 and 4 twist three times


def _grows_and_keeps(ruleset_id: str) -> list[int]:
    """The second seat's stake placed at its turn after the first seat's bust paid 400 into
    a bank of 1000: the bank has 1400 free, the stake named (100) stays 100."""
    from pontoon_rules.engine.round.live_bank import hand_settled, place_stakes_up_to
    from pontoon_rules.engine.round.state import RoundState

    state = RoundState(compile_rules(load_bundled(ruleset_id)), [400, 100], None, None,
                       bank=1000)
    place_stakes_up_to(state, 0)
    first = state.seats[0].hands[0]
    first.settled_net, first.done = -400, True  # a bust paid at once
    hand_settled(state, first)
    assert state.bank_left == 1400
    place_stakes_up_to(state, 1)
    return state.seats[1].hands[0].stakes


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_named_stake_is_cut_but_never_raised(lang: str) -> None:
    """r49zk: may a stake named at the pause be raised when the bank has grown by the
    player's turn? The engine places the stake named, cut where the bank lacks it."""
    assert _grows_and_keeps("ochko-home") == [100]
    said = word(lang, "It is never raised, even where the bank has grown; only a «va-bank» "
                "grows.")  # home Очко's «va-bank» (r49zs, r50a)
    assert word(lang, "You name your stake after looking at your first card, before the "
                "second is dealt; when your turn comes, it is cut to what the bank then has "
                "free.") + " " + said in sheet("ochko-home", lang)


UP_RANKED = [r for r in ALL if any(d.banker_up_ranks for _h, d in load_bundled(r).hands.ranked())]


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (r, lang) for r in UP_RANKED for lang in sheet_languages(load_bundled(r))])
def test_a_hand_held_against_the_bankers_card_names_the_card_the_engine_reads(
        ruleset_id: str, lang: str) -> None:
    """r49zl: "against a dealer's up card of 7" where every card of the dealer lies face up:
    the card is the dealer's first; "up card" only beside a card dealt face down."""
    r = load_bundled(ruleset_id)
    ranks = {str(k.value) for _h, d in r.hands.ranked() for k in d.banker_up_ranks or ()}
    assert ranks == {"7"}
    catalog_lang = words_of(r, lang)
    gettext = translations(catalog_lang).gettext
    first = gettext("against a banker's first card of %(ranks)s") % {"ranks": "7"}
    up = gettext("against a banker's up card of %(ranks)s") % {"ranks": "7"}
    text = sheet(ruleset_id, lang)
    all_up = r.deal.banker_cards_visible >= r.deal.banker_cards
    assert (first in text, up in text) == (all_up, not all_up)


def test_both_kinds_of_deal_are_among_them() -> None:
    kinds = {load_bundled(r).deal.banker_cards_visible >= load_bundled(r).deal.banker_cards
             for r in UP_RANKED}
    assert kinds == {True, False}
