"""Random hand definitions on random packs: the engine, the outcome table and the sentences
agree.

Hypothesis builds a pack (ranks, suits, picture values, one or two ace values) and a few
named hands (cards, totals, ranks, suits, holders, what they pay and collect, where they
rank), then checks that

- the engine classifies random hands as an independent reading of the definitions does
  (the first ranked definition whose conditions the cards meet, else bust or total);
- each example hand the sheet shows is made of cards the pack holds and is that hand;
- what the sheet says a hand pays and collects is what the engine pays and collects.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from pontoon_rules.docs.sheet.sheet_view import payout_rows
from pontoon_rules.docs.words.hands import hand_sentence
from pontoon_rules.engine.round.cards import CARDS_PER_PACK, RANK_CODES, parse_card
from pontoon_rules.engine.round.example_hands import example_cards
from pontoon_rules.engine.round.hand import Hand, classify, total
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.settle import money, settle_hand
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.outcomes import LOSE, WIN

RANKS = list(RANK_CODES)
ODDS = ["1:1", "3:2", "2:1", "3:1", "6:5"]
SUIT_RULES = ["any", "mixed", "suited", "spades", "hearts"]


@st.composite
def packs(draw: Any) -> dict[str, Any]:
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=6, max_size=13, unique=True))
    if "A" not in ranks:
        ranks.append("A")
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=4, unique=True))
    pictures = {r: draw(st.integers(1, 10)) for r in ("J", "Q", "K")
                if r in ranks and draw(st.booleans())}
    aces = draw(st.sampled_from([[1, 11], [11], [1], [2, 11]]))
    return {"decks": draw(st.integers(1, 4)), "ranks": ranks, "suits": suits,
            "values": pictures, "ace_values": aces}


@st.composite
def definitions(draw: Any, ranks: list[str]) -> dict[str, Any]:
    d: dict[str, Any] = {"pays": draw(st.sampled_from(ODDS)),
                         "collects": draw(st.sampled_from(ODDS)),
                         "banker_can_hold": draw(st.booleans()),
                         "wins_outright": draw(st.booleans()),
                         "compare": draw(st.sampled_from(["equal", "by-total"])),
                         "against_total": draw(st.sampled_from(["ranking", "by-total"])),
                         "suits": draw(st.sampled_from(SUIT_RULES)),
                         "after_double": draw(st.booleans())}
    if draw(st.booleans()):
        d["ranks"] = draw(st.lists(st.sampled_from(ranks), min_size=2, max_size=3))
        d["max_total"] = draw(st.sampled_from([21, None]))
    else:
        low = draw(st.integers(2, 6))
        d["min_cards"], d["max_cards"] = low, draw(st.sampled_from([low, low + 1, None]))
        d["min_total"] = draw(st.sampled_from([None, 17, 21]))
        d["same_rank"] = draw(st.booleans()) if low <= 3 else False
    return d


@st.composite
def rulesets(draw: Any) -> Ruleset:
    base = load_bundled("casino-ochko").model_dump(mode="json")
    pack = draw(packs())
    defs = {f"hand-{i}": draw(definitions(pack["ranks"])) for i in range(draw(st.integers(1, 3)))}
    keep = {i: d for i, d in base["hands"]["definitions"].items() if draw(st.booleans())}
    ids = [*defs, *keep]
    order = draw(st.permutations(ids))
    where = draw(st.integers(0, len(order)))
    base["pack"] = {**base["pack"], **pack}
    base["player"]["split"]["allowed"] = False
    base["hands"] = {"ranking": [*order[:where], "total", *order[where:]],
                     "definitions": {**keep, **defs}}
    base["provenance"] = {}
    try:
        return Ruleset.model_validate(base)
    except ValidationError:
        assume(False)
        raise


def oracle(cards: list[int], r: Ruleset, rules: Rules, banker: bool) -> str:
    """The hand id, read from the definitions independently of the engine."""
    points = _points(cards, r)
    for hand_id in r.hands.ranking:
        d = r.hands.definitions.get(hand_id)
        if d is None or not (d.banker_can_hold if banker else d.player_can_hold):
            continue
        low, high = (len(d.ranks), len(d.ranks)) if d.ranks else (d.min_cards, d.max_cards)
        if len(cards) < low or (high is not None and len(cards) > high):
            continue
        if (d.min_total or 0) > points or (d.max_total is not None and points > d.max_total):
            continue
        if d.ranks and sorted(RANK_CODES[c >> 2] for c in cards) != sorted(
                x.value for x in d.ranks):
            continue
        if d.same_rank and len({c >> 2 for c in cards}) > 1:
            continue
        if not _suits_ok(d.suits.value, {c & 3 for c in cards}):
            continue
        return hand_id
    return "bust" if points > 21 else "total"


def _points(cards: list[int], r: Ruleset) -> int:
    aces = r.pack.ace_values
    values = {"A": aces[0], **{x: min(int(x) if x.isdigit() else 10, 10) for x in "23456789TJQK"},
              **{k.value: v for k, v in r.pack.values.items()}}
    hard = sum(values[RANK_CODES[c >> 2]] for c in cards)
    soft = hard + (aces[1] - aces[0]) if len(aces) == 2 else hard
    has_ace = any(c >> 2 == 0 for c in cards)
    return soft if has_ace and len(aces) == 2 and soft <= 21 else hard


def _suits_ok(rule: str, suits: set[int]) -> bool:
    named = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}
    if rule == "mixed":
        return len(suits) > 1
    if rule == "suited":
        return len(suits) == 1
    return rule == "any" or suits == {named[rule]}


def hand(cards: list[int], rules: Rules) -> Hand:
    out = Hand(100)
    for card in cards:
        out.add(card, rules.values)
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(rulesets(), st.data())
def test_the_engine_classifies_as_the_definitions_say(r: Ruleset, data: Any) -> None:
    rules = compile_rules(r)
    held = [c for c in range(CARDS_PER_PACK) if rules.card_present[c]]
    for _ in range(20):
        cards = data.draw(st.lists(st.sampled_from(held), min_size=2, max_size=6))
        for banker in (False, True):
            assert classify(hand(cards, rules), rules, banker) == oracle(cards, r, rules, banker)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(rulesets())
def test_what_the_sheet_says_a_hand_pays_is_what_the_engine_pays(r: Ruleset) -> None:
    rules = compile_rules(r)
    rows = {row["key"]: row for row in payout_rows(r, str)}
    bust = example_cards(r, "bust", rules, banker=True)
    for hand_id, d in r.hands.ranked():
        sentence = hand_sentence(r, hand_id, str, lambda a, b, n: a if n == 1 else b)
        shown = example_cards(r, hand_id, rules, banker=not d.player_can_hold)
        if shown is None:
            continue
        cards = [parse_card(c) for c in shown]
        assert all(rules.card_present[c] for c in cards)
        if d.player_can_hold:
            assert rows[hand_id]["pays"] == d.pays and f"Pays {d.pays}." in sentence
            assert classify(hand(cards, rules), rules) == hand_id
            if bust is not None:  # against a banker who busts, as the table says
                cell = rules.cells[(hand_id, "bust")]
                assert cell.result is WIN
                paid = settle_hand(hand(cards, rules), hand([parse_card(c) for c in bust], rules),
                                   rules)
                assert paid == money(100, cell.pays, rules)
                assert (paid == money(100, rules.cells[(hand_id, "bust")].pays, rules)
                        and (cell.pays.numerator, cell.pays.denominator) == _odds(d.pays))
        if d.banker_can_hold:
            assert rows[hand_id]["takes"] == d.collects
            assert f"it collects {d.collects}." in sentence
            low = _lowest_total(r, rules)
            if low is not None and rules.cells[("total", hand_id)].result is LOSE:
                banker = hand(cards, rules)
                assert classify(banker, rules, banker=True) == hand_id
                assert settle_hand(low, banker, rules) == -money(100, _fraction(d.collects),
                                                                 rules)


def _odds(odds: str) -> tuple[int, int]:
    from fractions import Fraction

    f = Fraction(*map(int, odds.split(":")))
    return f.numerator, f.denominator


def _fraction(odds: str) -> Any:
    from fractions import Fraction

    return Fraction(*map(int, odds.split(":")))


def _lowest_total(r: Ruleset, rules: Rules) -> Hand | None:
    """A player hand that is an ordinary total (the sheet's example of one)."""
    shown = example_cards(r, "total", rules)
    if shown is None or len(shown) < 2:
        return None
    out = hand([parse_card(c) for c in shown], rules)
    return out if classify(out, rules) == "total" and total(out, rules.ace_bonus) <= 21 else None
