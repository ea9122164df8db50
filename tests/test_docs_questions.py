"""Issue 49, item 2: the questions a new table asks, each answered on every bundled sheet.

Each question is asked of a game only where its rules make it a question (derived from the
ruleset's fields), with the words of the sentence that answers it; the test checks that the
sheet's sentences say them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_html, sheet_markdown
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.common import Rank
from pontoon_rules.ruleset.format.fields import provenance_for
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def _banker_play(r: Ruleset) -> list[str]:
    """The banker's play on every total, soft and hard."""
    b = r.banker
    sticks = translations(words_of(r, "en")).gettext("sticks")  # the game's word (g49ak)
    if b.mode.value != "fixed-rule":
        n, least = b.stick_minimum, r.player.stick_minimum
        free = (f"The banker draws or {sticks} as they choose, even below {least}, but never "
                f"draws on {r.pack.bust_above}" if least is not None and b.must_stand_at is None
                else "there is no fixed drawing rule")  # g49ah: not bound by the players' least
        out = [f"Below {n} the banker must draw; from {n} on the banker draws or {sticks} as "
               "they choose" if n is not None else free]
        if b.must_stand_at is not None:
            out.append(f"on {b.must_stand_at} or more the banker must stand")
        return out
    if b.hit_soft_17:
        return [f"draws on {b.stand_on - 1} or less and on a soft {b.stand_on}",
                f"stands on a hard {b.stand_on} or more and on a soft {b.stand_on + 1} or more"]
    return [f"draws on {b.stand_on - 1} or less and stands on {b.stand_on} or more, soft or hard"]


def _several_names(r: Ruleset) -> list[str]:
    """Which payout when a hand fits several names: the highest (g49x: where the order of
    named hands only names cards, the sentence says so, ending the same way). Asked only
    where some cards fit two names: their numbers of cards meet and, for a hand that is its
    ranks (Очко's and Siebzehn's two aces, 22), a total those ranks make fits the other
    (r49n: no cards are both two aces and twenty-one)."""
    defs = [d for _h, d in r.hands.ranked()]

    def totals(d: HandDefinition) -> set[Fraction]:
        aces = r.pack.every_ace_value()
        return {sum(v, Fraction(0)) for v in product(
            *[aces if k is Rank.ACE else (r.pack.value_of(k),) for k in d.ranks or ()])}

    def meet(a: HandDefinition, b: HandDefinition) -> bool:
        (la, ha), (lb, hb) = a.cards_range, b.cards_range
        if max(la, lb) > min(ha or 99, hb or 99):
            return False
        if a.ranks is None and b.ranks is None or r.pack.wild_cards:
            return True
        if a.ranks is not None and b.ranks is not None:
            return sorted(a.ranks) == sorted(b.ranks)
        fixed, other = (a, b) if a.ranks is not None else (b, a)
        return any(all(d.min_total is None or t >= d.min_total for d in (fixed, other))
                   and all(d.max_total is None or t <= d.max_total for d in (fixed, other))
                   for t in totals(fixed))

    overlap = any(meet(a, b) for i, a in enumerate(defs) for b in defs[i + 1:])
    return ["several", "the highest of them"] if overlap else []


def _insurance(r: Ruleset) -> list[str]:
    """When insurance settles: at the banker's check (a peek), before the players play;
    else when the banker's second card comes, after them."""
    if not r.player.insurance.allowed:
        return []
    if not r.deal.banker_pontoon_at_once:
        return ["The insurance is settled when the banker takes a second card, after the "
                "players have played", "the insurance is paid", "if not, the insurance is lost."]
    return ["The insurance is settled when the banker checks for a", "before the players play.",
            "If the banker has one, the insurance is paid",
            "if not, the insurance is lost and your hand plays on"]


def _side_bets(r: Ruleset) -> list[str]:
    """When the side bets settle."""
    if not (r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed):
        return []
    if not (r.side_bets.pair.allowed and r.side_bets.match_dealer.allowed):
        return ["It is settled as soon as the deal is done, whatever the hand then does."]
    return ["Side bets are settled as soon as the deal is done, whatever the hand then does."]


def _bank_life(r: Ruleset) -> list[str]:
    """The bank's life: who banks first, funded how, broken how, passed which way."""
    if r.table.banker.value != "rotating":  # one name: the banker, or a casino's own dealer
        return ["playing against the " + ("house dealer" if words_of(r, "en") != "en"
                                          else "banker, who is not one of the players")]
    out = []
    k = r.table.bank
    if k.amount is not None:
        found = provenance_for(r, "table.bank.amount")  # a size the source leaves open
        out.append("The banker puts up a bank of " + (
            f"____ chips (agreed before play, for example {k.amount})"
            if found is not None and found.open else f"{k.amount} chips"))
        side = "right" if r.table.direction.value == "right" else "left"
        out.append(f"it then passes to the player on the banker's {side}"
                   if k.passes_when_broken else "the banker then puts up a new one")
        out.append("The bank is broken when nothing is left in it")
    if r.between_deals.rotation.value == "pontoon-maker":
        out.append("takes the bank for the next deal")
    return out


def _shuffle(r: Ruleset) -> list[str]:
    """When the cards are shuffled."""
    return ["shuffled"]


def _first_shuffle(r: Ruleset) -> list[str]:
    """Who shuffles and cuts before the first deal: the first banker, the player on the
    side the cards do not go round to cutting; the house dealer, a player cutting; unless
    the ruleset says who cuts (`between_deals.cut`)."""
    cut, who = r.between_deals.cut.value, "banker"  # a casino's own words: its dealer
    if cut == "nobody":
        return ["shuffled at random by a machine", "and nobody cuts them."]
    if cut == "dealer":
        return ["Before the first deal the", "shuffles the cards and cuts them."]
    if cut in ("player-left", "player-right"):
        return [f"the player on the {who}'s {cut.removeprefix('player-')} cuts them."]
    side = "left" if r.table.direction.value == "right" else "right"
    if r.table.banker.value != "rotating":  # the banker, or a casino's own "dealer"
        return ["Before the first deal the", f"banker shuffles the cards and the player on "
                f"the banker's {side} cuts them.", "Each later shuffle is done and cut the "
                "same way."]
    return ["Before the first deal the first banker shuffles the cards and, as is usual, "
            f"the player on the banker's {side} cuts them."]


QUESTIONS: dict[str, Callable[[Ruleset], list[str]]] = {
    "What does the banker do on each total, soft and hard?": _banker_play,
    "Which payout when a hand fits several names?": _several_names,
    "When is insurance settled?": _insurance,
    "When are side bets settled?": _side_bets,
    "Who banks, how is a bank funded and broken, and where does it pass?": _bank_life,
    "When are the cards shuffled?": _shuffle,
    "Who shuffles and cuts before the first deal?": _first_shuffle,
}


@pytest.mark.parametrize("ruleset_id", bundled_ids())
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_every_question_a_new_table_asks_has_its_sentence(ruleset_id: str,
                                                          question: str) -> None:
    r = load_bundled(ruleset_id)
    text = " ".join(s.text for s in sentences(r))
    for words in QUESTIONS[question](r):  # a casino's own words say "dealer" (Spanish 21)
        assert words in text or words.replace("banker", "dealer") in text, (question, words)


def test_the_questions_are_asked_where_the_rules_make_them_questions() -> None:
    home = load_bundled("ochko-home")
    assert ("The banker puts up a bank of ____ chips (agreed before play, for example 1000)"
            in _bank_life(home))
    assert "after the players have played" in _insurance(load_bundled("belarus-ponton"))[0]
    assert "before the players play." in _insurance(load_bundled("spanish-21"))
    assert _side_bets(load_bundled("casino-filipino-pontoon"))
    assert _several_names(load_bundled("australian-pontoon"))
    assert not _several_names(load_bundled("belarus-ponton"))  # 2, 3 or 5 cards: no overlap
    assert "soft 18 or more" in _banker_play(load_bundled("casino-ochko"))[1]
    assert "banker's left cuts" in _first_shuffle(load_bundled("sette-e-mezzo"))[0]
    assert "banker's right cuts" in _first_shuffle(load_bundled("pagat-british"))[0]
    assert "banker's left cuts" in _first_shuffle(load_bundled("ochko-home"))[0]
    assert "nobody cuts" in _first_shuffle(load_bundled("casino-ochko"))[1]


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("sette-e-mezzo", "it", "il primo mazziere mescola il mazzo"),
    ("xi-dach", "vi", "nhà cái đầu tiên xáo bài"),
    ("siebzehn-und-vier", "de", "hebt der Spieler rechts vom Bankhalter ab"),
    ("pagat-british", "ru", "игрок справа от банкира, как принято, снимает колоду"),
    ("belarus-ponton", "ru", "дилер тасует карты, а игрок справа от дилера снимает колоду"),
    ("ochko-home", "ru", "первый банкир тасует карты, а игрок слева от банкира снимает колоду"),
    ("casino-ochko", "ru", "В казино карты тасует машина (в онлайн-игре — сама игра), колоду "
     "никто не снимает."),
])
def test_the_first_shuffle_and_cut_is_said_in_each_language(ruleset_id: str, lang: str,
                                                            said: str) -> None:
    text = " ".join(s.text for s in sentences(load_bundled(ruleset_id), lang))
    assert said in text


LEGEND = "The source does not say; we play it this way. Agree on it before you play."
OPEN_FIRST_SHUFFLE = re.compile(r'<p class="pr-rule-text[^"]* pr-open" data-rule="first_shuffle"'
                                r'[^>]*>[^<]*<sup class="pr-mark pr-open-mark"')


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_first_shuffle_and_cut_is_marked_as_our_reading_in_every_language(
        ruleset_id: str) -> None:
    """The first shuffle and cut states the usual custom, which no source gives: its own
    sentence, marked ‡ (the source does not say) with the legend under it, on every sheet in
    every language the sheet is printed in (Markdown and HTML), whatever else the rule
    beside it rests on; unless its source says who cuts (`between_deals.cut`)."""
    r = load_bundled(ruleset_id)
    base = find_base(r)
    own = r.provenance.get("between_deals.cut")
    if own is not None and not own.open:
        return  # the source says who cuts: tests/test_docs_sheets49e.py
    for lang in sheet_languages(r):
        found = [s for s in sentences(r, lang) if s.key == "first_shuffle"]
        assert len(found) == 1 and found[0].open and found[0].silent, lang
        md = sheet_markdown(r, lang, base)
        assert re.search(rf"- {re.escape(found[0].text)}( †)? ‡\n", md), lang
        assert "‡ " + translations(words_of(r, lang)).gettext(LEGEND) in md, lang
        assert OPEN_FIRST_SHUFFLE.search(sheet_html(r, lang, base)), lang


def _played_until_settled(r: Ruleset) -> dict[str, int]:
    """One round through the engine with every side bet and insurance taken, the banker
    dealt an ace then a king, everyone else kings, every player sticking: the cards dealt
    when the side bets' nets are fixed, and the banker's cards when the first player's
    turn comes (or the round ends at the banker's check)."""
    from pontoon_rules.engine.round.actions import INSURE, PAIR, Action
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.round.state import BANKER, CHANCE, TERMINAL, RoundState

    low, high = r.stakes.limits()
    state = RoundState(compile_rules(r), [min(low * 10, high or low * 10)])
    seen: dict[str, int] = {"deal": len(state.pending) + len(state.deal_waiting)}
    dealt = 0
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            ace = state.pending[0] is state.banker and not state.banker.cards
            want = "A" if ace else "K"
            card = next(c for c, _p in state.chance_outcomes() if "A23456789TJQK"[c >> 2] == want)
            state.apply_action(card)
            dealt += 1
        else:
            legal = state.legal_actions()
            kinds = [a.kind for a in legal]
            if state.phase.name == "PLAYERS" and actor != BANKER:
                seen.setdefault("banker_cards_at_players", len(state.banker.cards))
            pick = next((a for a in legal if a.kind in (PAIR, "match", INSURE)), None)
            if pick is None:
                pick = next(a for a in legal if a.kind in ("stick", "decline")) \
                    if {"stick", "decline"} & set(kinds) else legal[0]
            state.apply_action(Action(pick.kind, pick.low if pick.high is not None else None))
        if any(seat.side_nets for seat in state.seats):
            seen.setdefault("side_bets_at", dealt)
    seen.setdefault("banker_cards_at_players", len(state.banker.cards))
    seen["insured"] = sum(seat.insurance for seat in state.seats)
    return seen


@pytest.mark.parametrize("ruleset_id", [
    i for i in bundled_ids() if _insurance(load_bundled(i)) or _side_bets(load_bundled(i))])
def test_the_sheet_says_when_side_bets_and_insurance_settle_as_the_engine_does(
        ruleset_id: str) -> None:
    """Issue 49: when each side bet and insurance settle, from the engine's own order."""
    r = load_bundled(ruleset_id)
    seen = _played_until_settled(r)
    text = " ".join(s.text for s in sentences(r))
    if _side_bets(r):  # fixed once the deal's last card is down, before any player's turn
        assert seen["side_bets_at"] == seen["deal"], seen
        assert "settled as soon as the deal is done" in text
    if _insurance(r):
        assert seen["insured"] > 0, seen
        before = seen["banker_cards_at_players"] >= 2  # the banker's pontoon known already
        assert before == r.deal.banker_pontoon_at_once, seen
        said = "before the players play." if before else "after the players have played"
        assert said in text
