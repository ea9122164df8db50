"""Issue 49, fresh readers r49zo (Ban Luck en/ru, casino Filipino en/ru, 4.0) and r49zq
(Australian ru 4.0; Sette e mezzo ru, Siebzehn und Vier en/ru, Xì dách ru, 4.5), task f49c.
Each sentence said as the engine plays it, from the fields that decide it, in every language
the sheet prints:

1. A banker's natural "shown at once" beside free hands (early surrenders) taken before the
   banker checks for it: shown when the banker checks for it, the order said after.
2. "If the banker busts, every hand that has not bust wins" beside hands the banker opened
   and settled before drawing on (`banker.opens`): every hand not yet settled.
3. A buy "at least the least stake" beside stakes "cut to what the bank has free": a buy is
   cut to what is free, never below its least, and refused below that (`legal.buy_range`).
4. The banker's natural "takes one stake for each hand" of a split pair beside named hands
   winning even against it: from each hand that loses to it.
5. The $50 to every other player "once" said with each hand that pays it, not the first.
   The old banker's place when the bank passes mid-round (`sessions.banking.seat_order`: last);
   the banker never drawing on 21 (`legal.banker_may_draw`).
6. Summaries: a hard hand's name said hard; "a bust loses to the banker" where the banker's
   bust pays; «туз с десяткой» where a picture card is a ten too; a game of its own not
   named after the game it is written over.
7. Russian words: a wild card counted at the best total, not "as its holder chooses"; «за
   11», not «высоко»; a void surrender «аннулируется»; no «огонь» for two aces.
"""

from __future__ import annotations

import re

import pytest
from sheet_text import sheet
from test_docs_reader49an import hand, said

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.words.between_words import _PRIZE_ONCE, _PRIZE_ONCE_SPLIT
from pontoon_rules.docs.words.hands import _TAKES_SPLIT
from pontoon_rules.docs.words.i18n import words_of
from pontoon_rules.docs.words.settlement_messages import (
    BANKER_BUST_HIDDEN,
    BANKER_BUST_OPENED,
    NATURAL_AT_ONCE,
    NATURAL_CHECKED,
)
from pontoon_rules.engine.round.actions import BUY, OPEN, STICK, SURRENDER, TWIST, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.legal import banker_may_draw, hand_legal
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.banking import seat_order
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import BUST, WIN, outcome_table

ALL = [(rid, lang) for rid in bundled_ids() for lang in sheet_languages(load_bundled(rid))]


def parts(message: str) -> list[str]:
    """A message's fixed words, its `%(name)s` slots left out."""
    return [p.strip() for p in re.split(r"%\(\w+\)s", message) if p.strip(" .,:;")]


def prints(text: str, message: str) -> bool:
    """Whether `text` holds every fixed part of `message`, the first within 400 characters
    of the last."""
    found = [text.find(p) for p in parts(message)]
    return all(i >= 0 for i in found) and max(found) - min(found) < 400


def _early(r: Ruleset) -> bool:
    s = r.player.surrender
    return s.allowed and s.timing.value == "early" and r.deal.banker_pontoon_at_once


EARLY = [rid for rid in bundled_ids() if _early(load_bundled(rid))]
OPENS = [rid for rid in bundled_ids()
         if load_bundled(rid).banker.opens.allowed and load_bundled(rid).table.max_players > 1]


def test_the_rules_are_found_by_their_fields() -> None:
    assert EARLY == ["ban-luck"]
    assert {"ban-luck", "xi-dach"} <= set(OPENS)
    assert "siebzehn-und-vier" in ONE_ON_ONE


def _deal(state: RoundState, player: str, banker: str) -> None:
    """Deal one player's and the banker's first two cards in the ruleset's order."""
    r = state.rules.ruleset
    p, b = parse_cards(player.split()), parse_cards(banker.split())
    if r.deal.order.value == "round-by-round":
        pairs = [(b[i], p[i]) if r.deal.banker_dealt_first else (p[i], b[i]) for i in (0, 1)]
        cards = [c for pair in pairs for c in pair]
    else:
        cards = [*b, *p] if r.deal.banker_dealt_first else [*p, *b]
    for card in cards:
        state.apply_action(card)


@pytest.mark.parametrize("ruleset_id", EARLY)
def test_the_engine_offers_the_free_hand_before_the_banker_shows_a_natural(
        ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    total = min(r.player.surrender.totals or (15,))
    state = RoundState(compile_rules(r), [100])
    _deal(state, f"KH {total - 10}D", "AS KS")  # the banker holds a natural
    assert not state.is_terminal()
    assert SURRENDER in {a.kind for a in state.legal_actions()}


@pytest.mark.parametrize(("ruleset_id", "lang"),
                         [(rid, lang) for rid, lang in ALL if rid in EARLY])
def test_a_natural_checked_after_free_hands_is_not_shown_at_once(ruleset_id: str,
                                                                 lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert prints(text, said(ruleset_id, lang, NATURAL_CHECKED["settled", True]))
    assert not prints(text, said(ruleset_id, lang, NATURAL_AT_ONCE["settled", True]))
    exception = ("There are two exceptions: if the banker holds a %(natural)s, it is shown "
                 "when the banker checks for it, before the players play; and a banker who "
                 "calls the deal off shows those cards then, as we play it (see below).")
    # the call-off's cards shown too (g6: r50c, "the one exception" had a second)
    assert prints(text, said(ruleset_id, lang, exception))
    assert not prints(text, said(ruleset_id, lang, "The one exception: if the banker holds "
                                 "a %(natural)s, it is shown at once."))


def test_a_hand_opened_stays_settled_when_the_banker_then_busts() -> None:
    for ruleset_id in OPENS:
        state = RoundState(compile_rules(load_bundled(ruleset_id)), [100, 100])
        cards = list(parse_cards("10S 10H 10D 8S 7H 9D 5C".split()))  # 18; 17, 19; then 5
        opened = False
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(cards.pop(0))
                continue
            legal = state.legal_actions()
            if state.current_player() >= 0:
                state.apply_action(Action(STICK))
            elif not opened and OPEN in {a.kind for a in legal}:
                opened = True
                state.apply_action(Action(OPEN, 1))  # the first player's 17, against 18
            else:
                state.apply_action(Action(TWIST))
        assert opened and state.returns()[:2] == [-100, 100], ruleset_id


@pytest.mark.parametrize(("ruleset_id", "lang"), [(rid, lang) for rid, lang in ALL
                                                  if rid in OPENS])
def test_the_banker_bust_wins_for_hands_not_yet_settled(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said(ruleset_id, lang, BANKER_BUST_OPENED[False]) in text
    assert said(ruleset_id, lang, BANKER_BUST_HIDDEN[False]) not in text


BUY_COVERED = ("A buy is covered the same way when it is made: cut to what the bank still has "
               "free, but never below the least a buy may add; where less than that is free, "
               "no card can be bought.")
ADDED = ("What a player adds to a stake during play is covered the same way when it is added "
         "(it cannot be added when nothing is free).")


def _home_buys(r: Ruleset) -> bool:
    return r.table.banker.value == "house-dealer" and r.stakes.buy.value not in ("none", "fixed")


HOME_BUYS = [rid for rid in bundled_ids() if _home_buys(load_bundled(rid))]


@pytest.mark.parametrize("ruleset_id", HOME_BUYS)
def test_the_engine_cuts_a_buy_to_what_is_free_but_never_below_its_least(
        ruleset_id: str) -> None:
    rules = compile_rules(load_bundled(ruleset_id))
    made = hand(rules, "8S 3H", 10 * rules.min_stake)
    least = next(a for a in hand_legal(made, 1, rules) if a.kind == BUY).low
    assert least is not None and least >= rules.min_stake
    at = next(a for a in hand_legal(made, 1, rules, cap=least) if a.kind == BUY)
    assert (at.low, at.high) == (least, least)  # cut to what is free
    assert BUY not in {a.kind for a in hand_legal(made, 1, rules, cap=least - 1)}


@pytest.mark.parametrize(("ruleset_id", "lang"), [(rid, lang) for rid, lang in ALL
                                                  if rid in HOME_BUYS])
def test_the_home_bank_says_how_a_buy_is_covered(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said(ruleset_id, lang, BUY_COVERED) in text
    assert said(ruleset_id, lang, ADDED) not in text


def _split_takes(r: Ruleset) -> bool:
    """A banker's natural that takes one stake for each hand of a split pair, where some
    named hand of a player beats it (the outcome table)."""
    table = outcome_table(r)
    naturals = [h for h, d in r.hands.ranked() if d.natural and d.banker_can_hold]
    return r.player.split.allowed and any(
        table[(p, b)].result is WIN for b in naturals for p, _d in r.hands.ranked()
        if (p, b) in table)


@pytest.mark.parametrize(("ruleset_id", "lang"), ALL)
def test_the_natural_takes_only_from_split_hands_that_lose_to_it(ruleset_id: str,
                                                                 lang: str) -> None:
    text = sheet(ruleset_id, lang)
    old = said(ruleset_id, lang, "From a split pair it takes one stake for each hand: the "
               "stake a split adds counts as the new hand's original stake.")
    assert old not in text or old == "From a split pair it takes"  # untranslated: gone
    if said(ruleset_id, lang, _TAKES_SPLIT) in text:
        assert _split_takes(load_bundled(ruleset_id))


def test_a_split_hand_beats_the_dealers_natural_while_its_pair_loses() -> None:
    assert "From a split pair it takes one stake for each hand that loses to it" in sheet(
        "australian-pontoon", "en")
    assert _split_takes(load_bundled("australian-pontoon"))


@pytest.mark.parametrize(("ruleset_id", "lang"), ALL)
def test_the_prize_to_others_is_said_once_a_seat_in_each_hand_paying_it(ruleset_id: str,
                                                                        lang: str) -> None:
    r = load_bundled(ruleset_id)
    paying = [d for _h, d in r.hands.ranked() if d.prize_to_others is not None
              and d.player_can_hold]
    text = sheet(ruleset_id, lang)  # split hands named only where it may be held on one (r49zz)
    assert sum(text.count(said(ruleset_id, lang, words))
               for words in (_PRIZE_ONCE, _PRIZE_ONCE_SPLIT)) == len(paying)


def summary(ruleset_id: str, lang: str) -> str:
    """The sheet's summary: the paragraph under its title."""
    return sheet(ruleset_id, lang).split("\n\n")[1]


HARD = {"en": "hard", "ru": "жёстк"}


@pytest.mark.parametrize(("ruleset_id", "lang"), [(rid, lang) for rid, lang in ALL
                                                  if lang in HARD])
def test_a_summary_names_a_hard_hand_hard(ruleset_id: str, lang: str) -> None:
    r, said_ = load_bundled(ruleset_id), summary(ruleset_id, lang)
    for _h, d in r.hands.ranked():
        name = d.names.get(lang, d.name) if lang != "en" else d.name
        if d.soft is False and name and d.min_cards >= 3 and name in said_:
            before = said_[max(0, said_.index(name) - 20):said_.index(name) + len(name) + 40]
            assert HARD[lang] in before, (name, before)


def test_the_filipino_summary_is_caught_by_the_hard_check() -> None:
    assert "five-card 21 (a hard hand" in summary("casino-filipino-pontoon", "en")
    assert "жёсткие 21 из пяти карт" in summary("casino-filipino-pontoon", "ru")


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_a_summary_says_whose_bust_loses_where_the_bankers_pays(ruleset_id: str) -> None:
    table = outcome_table(load_bundled(ruleset_id))
    if any(result.result is WIN for (p, b), result in table.items() if b == BUST and p != BUST):
        assert not re.search(r"\ba bust lose", summary(ruleset_id, "en"))


@pytest.mark.parametrize("ruleset_id", [rid for rid, lang in ALL if lang == "ru"])
def test_a_russian_summary_counts_a_picture_with_the_ace_where_it_is_a_ten(
        ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    pictures_ten = all(r.pack.values.get(rank, 10) == 10 for rank in ("J", "Q", "K"))
    said_ = summary(ruleset_id, "ru")
    if pictures_ten and re.search("туз (с|и) десятк", said_):
        assert "картинк" in said_ or "фигур" in said_


@pytest.mark.parametrize(("ruleset_id", "lang"), ALL)
def test_a_game_of_its_own_is_not_named_after_the_game_it_is_written_over(
        ruleset_id: str, lang: str) -> None:
    r = load_bundled(ruleset_id)
    base = find_base(r)
    if base is None or r.kind != "variation" or not set(r.sources) - set(base.sources):
        return
    own, over = (x.translations[lang].name if lang in x.translations else x.name
                 for x in (r, base))
    assert own == sheet(ruleset_id, lang).split("\n", 1)[0].lstrip("# ")
    assert over.split(" (")[0] not in own


RU = [rid for rid, lang in ALL if lang == "ru"]


@pytest.mark.parametrize("ruleset_id", RU)
def test_russian_words(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert "высоко" not in text  # an ace «за 11»
    assert "огонь" not in text  # «два туза»
    if load_bundled(ruleset_id).pack.wild_cards:
        assert "по выбору владельца" not in text and "лучшую сумму" in text


def _void_in_russian(r: Ruleset) -> bool:
    """A surrender void against the banker's natural, worded by the Russian catalog or its
    casino tables' (not a source's own words)."""
    s = r.player.surrender
    return s.allowed and s.void_on_banker_pontoon and words_of(r, "ru") in ("ru",
                                                                           "ru@house-dealer")


@pytest.mark.parametrize("ruleset_id", [rid for rid in RU if _void_in_russian(load_bundled(rid))])
def test_a_void_surrender_is_annulled_in_russian(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "ru")
    assert "сдаться не удаётся" not in text and "решение сдаться аннулируется" in text


PASSED = ("Each deal counted is one player's game against the banker, so the bank may pass "
          "before every player has played: the players still to play then play the new banker")
OLD_BANKER = {True: PASSED + (", on the stakes they have already put down, and the old banker, "
                              "now a player, puts down a stake and plays last."),
              False: PASSED + ", and the old banker plays as a player, the last in the order "
                              "of play."}
"""By `table.stakes_before_first_deal`."""


def _one_on_one_passing(r: Ruleset) -> bool:
    return (r.table.banker.value == "rotating" and r.table.max_players == 1
            and r.between_deals.rotation.value != "pontoon-maker")


ONE_ON_ONE = [rid for rid in bundled_ids() if _one_on_one_passing(load_bundled(rid))]


@pytest.mark.parametrize("ruleset_id", ONE_ON_ONE)
def test_the_engine_seats_the_old_banker_last_when_the_bank_passes(ruleset_id: str) -> None:
    rules, people = compile_rules(load_bundled(ruleset_id)), ["a", "b", "c", "d"]
    new = seat_order(rules, people, "a")[0]  # the bank passes to the next in the order of play
    assert seat_order(rules, people, new)[-1] == "a"


@pytest.mark.parametrize(("ruleset_id", "lang"), [(rid, lang) for rid, lang in ALL
                                                  if rid in ONE_ON_ONE])
def test_the_sheet_says_what_the_old_banker_does_after_a_pass(ruleset_id: str,
                                                              lang: str) -> None:
    before = load_bundled(ruleset_id).table.stakes_before_first_deal
    assert said(ruleset_id, lang, OLD_BANKER[before]) in sheet(ruleset_id, lang)


NEVER_ON = "But the banker never draws on a total of %(limit)s or more."
CHOOSING = [rid for rid in bundled_ids() if load_bundled(rid).banker.stick_minimum is not None
            and load_bundled(rid).banker.must_stand_at is None]


@pytest.mark.parametrize("ruleset_id", CHOOSING)
def test_the_engine_never_lets_the_banker_draw_on_21(ruleset_id: str) -> None:
    rules = compile_rules(load_bundled(ruleset_id))
    assert rules.banker_max_cards > 3
    assert not banker_may_draw(hand(rules, "7S 7H 7D", 0), rules)  # 21 in 3 cards
    assert banker_may_draw(hand(rules, "7S 7H 6D", 0), rules)  # 20 in 3 cards


@pytest.mark.parametrize(("ruleset_id", "lang"), [(rid, lang) for rid, lang in ALL
                                                  if rid in CHOOSING])
def test_the_sheet_says_the_banker_never_draws_on_21(ruleset_id: str, lang: str) -> None:
    limit = load_bundled(ruleset_id).pack.bust_above
    assert said(ruleset_id, lang, NEVER_ON, limit=limit) in sheet(ruleset_id, lang)
