"""Issue 49, readers r49u (Shoot Pontoon) and r49v (pagat-aces-only-split), g49ah: what a
table would argue over, each said as the engine plays it, in every language the sheet prints.
1. The kitty: its limit binds what the banker puts in (`Session._check_kitty`); lost shoot
   bets take it past that, and nothing takes money out of it but a change of banker.
2. The auction: a kitty is dry at 0 (`Session.kitty_dry`), and the price goes to the old
   banker (`Session.auction_bank`).
3. "one pack of 52 cards" beside "a second pack is shuffled in": where the pack is shuffled
   only after a pontoon, the second pack's sentence says to keep it at hand, and (7.) that it
   is the one shuffle mid-deal, by the banker dealing (since g49ai the pagat games, whose
   bust cards go under the pack at once, say it in one procedure: `ONE_PILE`).
4. The banker chooses freely: not bound by the players' least total to stick on, and, like
   the engine's banker (`legal.banker_may_draw`), never drawing on 21.
6. ru/hy/ur: the stake limits name the main stake, apart from the shoot bet's least.
8. The split: both hands dealt at once (`flow._split`), before either is played.
9. English: "A first buy adds any amount from one to two times your original stake" (g49ak).
"""

from __future__ import annotations

import random

import pytest
from sheet_text import catalog, sheet
from sheet_text import word as sheet_word
from test_session import scripted, session, stacked
from test_session_bank import rules_with

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

LANGUAGES = ("en", "ru", "hy", "pa", "ur")
PAGAT = ("pagat-aces-only-split", "pagat-stick-16", "pagat-british", "shoot-pontoon")

PAST_LIMIT = ("Lost shoot bets may take the kitty past that limit, and the banker takes nothing "
              "out of it while holding the bank.")
DRY = "The kitty runs dry when nothing is left in it."  # its own sentence (g49al)
SECOND_PACK = ("If the pack runs out during a deal, a second pack is shuffled in and dealt on; it "
               "stays, and from then on the two are played as one.")
"""The second pack where bust cards do not go under the pack at once (g49ai: not the pagat
games, whose one pile says it in `ONE_PILE`)."""
ONE_PILE = ("If the pack still runs out, the banker shuffles a second pack alone (keep one at "
            "hand) and deals on; from then on the two are one pack.")
BANKER_FREE = ("The banker draws or sticks as they choose, even below %(n)s, but never draws on "
               "%(limit)s.")
MAIN_STAKE = {"ru": "каждая основная ставка", "hy": "ամեն հիմնական խաղադրույք",
              "ur": "ہر بنیادی شرط"}


def word(lang: str, message: str, **values: object) -> str:
    """`message` as `lang`'s sheet prints it, translated (English: the message itself)."""
    assert lang == "en" or catalog(lang)[message] != message
    return sheet_word(lang, message, **values)


def said(ruleset_id: str, key: str, lang: str = "en") -> str:
    r = load_bundled(ruleset_id)
    return next(s.text for s in sentences(r, lang, find_base(r)) if s.key == key)


# 1. the kitty grows past its limit; the banker takes nothing out --------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_lost_bets_take_the_kitty_past_its_limit(lang: str) -> None:
    assert word(lang, PAST_LIMIT) in sheet("shoot-pontoon", lang)


def test_a_lost_shoot_bet_takes_the_kitty_past_the_largest_stake() -> None:
    rules = rules_with("shoot-pontoon", stakes={"min_stake": 10, "max_stake": 40})
    s = Session(rules, ["A", "B"], random.Random(1), banker="A",
                pack_order=stacked(rules, "8S TD 9S 9D 7S 8H 9H 9C"))
    s.put_up_kitty(40)
    s.play_deal([10], scripted("p1 shoot 20, p1 stick, banker stick"))  # 17 against 19
    assert s.kitty == 60  # past the largest stake, 40
    with pytest.raises(ScriptError, match="outside the stake limits"):
        s.top_up(10)  # the limit still binds what the banker puts in
    s.play_deal([10], scripted("p1 decline, p1 stick, banker stick"))  # the kitty stays
    assert s.kitty == 60
    before = s.balances["A"]
    s.sell_bank("B", 0)  # only a change of banker takes the kitty out, to the old banker
    assert s.kitty == 0 and s.balances["A"] == before + 60


def test_a_kitty_without_limits_is_not_said_to_pass_them() -> None:
    free = rules_with("shoot-pontoon", shoot={"kitty_within_stake_limits": False})
    text = next(s.text for s in sentences(free.ruleset) if s.key == "kitty")
    assert PAST_LIMIT not in text
    assert "The banker takes nothing out of the kitty while holding the bank." in text


# 2. the auction: dry is 0, the price to the old banker -------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_when_the_kitty_is_dry_and_who_gets_the_price(lang: str) -> None:
    assert word(lang, DRY) in sheet("shoot-pontoon", lang)


def test_the_auction_pays_the_old_banker_and_only_an_empty_kitty_is_dry() -> None:
    s = session("shoot-pontoon", "A B C", "TS 9S 9D TH 9H 8D")
    s.put_up_kitty(20)
    s.play_deal([10, 10], scripted("p1 shoot 5, p2 decline, p1 stick, p2 stick, banker stick"))
    assert s.kitty == 15 and not s.kitty_dry  # a kitty with money left is not dry
    with pytest.raises(ScriptError, match="only when the kitty has run dry"):
        s.auction_bank({"B": 7})
    s = session("shoot-pontoon", "A B C", "TS 9S 9D TH 9H 8D")
    s.put_up_kitty(20)
    s.play_deal([10, 10], scripted("p1 shoot 20, p1 stick, p2 stick, banker stick"))  # no room
    assert s.kitty == 0 and s.kitty_dry
    a, b = s.balances["A"], s.balances["B"]
    assert s.auction_bank({"B": 7, "C": 3}) == "B"
    assert (s.balances["A"], s.balances["B"], s.banker) == (a + 7, b - 7, "B")


# 3. and 7. the second pack: kept at hand, and the one shuffle mid-deal ----------------------------

MID_DEAL = "Keep that pack at hand; the banker dealing shuffles it mid-deal."


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_the_second_pack_is_kept_at_hand_and_its_shuffle_said(ruleset_id: str, lang: str) -> None:
    """One pile (g49ai): the second pack's one sentence says who shuffles it and to keep it
    at hand."""
    assert word(lang, ONE_PILE) in said(ruleset_id, "shuffle", lang)


def test_the_mid_deal_shuffle_is_said_exactly_where_a_second_pack_comes_after_pontoons() -> None:
    """Where bust cards wait for the end of the deal, the old second-pack sentence still
    says the mid-deal shuffle after pontoons, and not with a shuffle every deal."""
    later = {"busted_cards_to_bottom_at_once": False, "pack_runs_out": "new-pack"}
    after = rules_with("pagat-british", between_deals=later)
    text = " ".join(s.text for s in sentences(after.ruleset))
    assert SECOND_PACK in text and MID_DEAL in text and ONE_PILE not in text
    every = rules_with("pagat-british", between_deals={**later, "shuffle": "every-deal"})
    text = " ".join(s.text for s in sentences(every.ruleset))
    assert SECOND_PACK in text and MID_DEAL not in text
    for ruleset_id in bundled_ids():
        assert MID_DEAL not in " ".join(s.text for s in sentences(load_bundled(ruleset_id)))


# 4. the banker is not bound by the players' least ------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_the_banker_is_said_to_stand_on_any_total(ruleset_id: str, lang: str) -> None:
    n = load_bundled(ruleset_id).player.stick_minimum
    assert word(lang, BANKER_FREE, n=n, limit=21) in said(ruleset_id, "banker_draws", lang)


def test_the_banker_stands_below_15_and_never_draws_on_21() -> None:
    s = session("pagat-british", "A B", "TS 9S 9D 3D")  # banker 12
    record = s.play_deal([10], scripted("p1 stick, banker stick"))
    assert record.result.banker_cards == ["9S", "3D"]
    s = session("pagat-british", "A B", "TS 5S 9D 6D TH 2C")  # banker 11, draws 10: 21
    asked: list[list[str]] = []
    steps = scripted("p1 stick, banker twist")

    def act(state: RoundState) -> None:
        asked.append([a.kind for a in state.legal_actions()])
        steps(state)
    record = s.play_deal([10], act)
    assert record.result.banker_cards == ["5S", "6D", "TH"]  # 21: not asked again
    assert len(asked) == 2 and "twist" in asked[1]


# 6. the stake limits name the main stake ---------------------------------------------------------

@pytest.mark.parametrize("lang", sorted(MAIN_STAKE))
def test_the_stake_limits_name_the_main_stake(lang: str) -> None:
    assert MAIN_STAKE[lang] in said("shoot-pontoon", "stake_limits", lang)


# 9. the first buy in plain English ---------------------------------------------------------------

def test_the_first_buy_is_from_one_to_two_times_the_stake() -> None:
    text = sheet("pagat-british", "en")
    assert "A first buy adds any amount from one to two times your original stake." in text
    assert "once to twice" not in text


# 8. the split: both hands dealt at once ---------------------------------------------------------

SPLIT_DEALT = "Both hands are dealt %(n)s each at once, then played one after another."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_both_hands_are_dealt_at_once(lang: str) -> None:
    text = said("pagat-aces-only-split", "split", lang)
    message = catalog(lang).get(SPLIT_DEALT, SPLIT_DEALT) if lang != "en" else SPLIT_DEALT
    assert message != SPLIT_DEALT or lang == "en"
    assert message.split("%(n)s")[0] in text


def test_both_split_hands_are_dealt_before_the_first_may_split_again() -> None:
    s = session("pagat-aces-only-split", "A B", "AS 9D AD 8D AH 2C")
    seen: list[tuple[list[list[str]], list[str]]] = []
    steps = scripted("p1 split, p1 split")

    def act(state: RoundState) -> None:
        hands = state.seats[0].hands
        seen.append(([[str(c) for c in h.cards] for h in hands],
                     [a.kind for a in state.legal_actions()]))
        steps(state)
    with pytest.raises(StopIteration):  # the script ends after the second split
        s.play_deal([10], act)
    cards, legal = seen[1]
    assert len(cards) == 2 and all(len(h) == 2 for h in cards)  # both hands dealt their card
    assert "split" in legal  # the first hand, aces again, splits in its turn
