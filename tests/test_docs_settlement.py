"""The sheet's settlement sentences never contradict what the engine pays (issue 24 item 1).

Hypothesis builds random overlays of the bundled games (tie rules, rankings, named hands
that win outright or compare by total, exceptions in `settlement.outcomes`, busts, the
banker's pontoon at the peek), plays rounds through the engine with random decisions,
and checks every settled hand against what the printed sentences say of its pair of
hands (`docs.words.settlement.Claim`: the most specific sentence decides). Then one test per
contradiction the issue lists, on the overlay that showed it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from pontoon_rules.docs.words.reach import decided_table
from pontoon_rules.docs.words.sentences import sentences, settlement_claims, text_lines
from pontoon_rules.docs.words.settlement import Claim, cell_says, conflicts, expected_cell
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.settle import money
from pontoon_rules.engine.scripts.record import random_round
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.common import OutcomeResult, odds_fraction
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table

BASES = ("pagat-british", "casino-ochko", "belarus-ponton")
ODDS = ["1:1", "3:2", "2:1"]
RESULTS = ["win", "lose", "push", "by-total"]


@st.composite
def overlays(draw: Any) -> Ruleset:
    base = load_bundled(draw(st.sampled_from(BASES))).model_dump(mode="json")
    hands = base["hands"]
    named = [h for h in hands["ranking"] if h != "total"]
    kept = draw(st.lists(st.sampled_from(named), unique=True, max_size=len(named))) \
        if draw(st.booleans()) else named
    order = draw(st.permutations(kept))
    where = draw(st.integers(0, len(order)))
    hands["ranking"] = [*order[:where], "total", *order[where:]]
    for hand_id in kept:
        d = hands["definitions"][hand_id]
        d["wins_outright"] = draw(st.booleans()) and draw(st.booleans())
        d["compare"] = draw(st.sampled_from(["equal", "by-total"]))
        d["against_total"] = draw(st.sampled_from(["ranking", "by-total"]))
        d["ties"] = draw(st.sampled_from([None, "push", "banker-wins"]))
        d["pays"] = draw(st.sampled_from(ODDS))
        d["collects"] = draw(st.sampled_from(ODDS))
    st_ = base["settlement"]
    st_["ties"] = draw(st.sampled_from(["push", "banker-wins"]))
    st_["banker_bust_pays_by_class"] = draw(st.booleans())
    st_["player_bust_loses_at_once"] = draw(st.booleans())
    ids = [*kept, "total"]
    pairs = draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from([*ids, "bust"])),
                          unique=True, max_size=3))
    st_["outcomes"] = [{"player": p, "banker": b, "result": draw(st.sampled_from(RESULTS)),
                        **({"pays": draw(st.sampled_from(ODDS))} if draw(st.booleans())
                           else {})} for p, b in pairs]
    for rule in st_["outcomes"]:
        if rule["result"] in ("push", "by-total"):
            rule.pop("pays", None)
    base["deal"]["banker_pontoon_at_once"] = draw(st.booleans())
    base["provenance"] = {}
    try:
        return Ruleset.model_validate(base)
    except ValidationError:
        assume(False)
        raise


def _expected_net(said: dict[str, object], hand: dict[str, Any], banker_total: int,
                  rules: Rules) -> int:
    result = said["result"]
    staked = hand["staked"]
    if result is OutcomeResult.BY_TOTAL:
        diff = hand["total"] - banker_total
        result = (OutcomeResult.WIN if diff > 0 else OutcomeResult.LOSE if diff < 0
                  or not said["tie_push"] else OutcomeResult.PUSH)
    if result is OutcomeResult.WIN:
        return money(staked, said["pays"], rules)  # type: ignore[arg-type]
    if result is OutcomeResult.LOSE:
        return -money(staked, said["collects"], rules)  # type: ignore[arg-type]
    return 0


def check_round(claims: list[Claim], result: dict[str, Any], rules: Rules) -> int:
    """Each settled hand of `result` against the sheet's claims; returns how many."""
    banker = result["banker"]
    if result.get("called_off"):  # the call-off's sentence: every stake back, nothing paid
        assert all(h["net"] == 0 for seat in result["seats"] for h in seat["hands"]), result
        return 0
    takes = banker["class"] in rules.takes
    checked = 0
    for seat in result["seats"]:
        if seat.get("even_money"):
            continue
        for hand in seat["hands"]:
            if hand.get("surrendered") or hand.get("rescued"):
                continue
            if _hidden(result, seat["seat"]) and hand["class"] == "bust":
                # the hidden bust's own sentence: its odds, whatever the banker holds
                odds = rules.ruleset.settlement.hidden_bust_pays or "1:1"
                assert hand["net"] == -int(odds_fraction(odds) * hand["staked"]), hand
                checked += 1
                continue
            pair = (hand["class"], banker["class"])
            said = expected_cell(claims, pair)
            assert "result" in said, f"no sentence says how {pair} settles"
            net = _expected_net(said, hand, banker["total"], rules)
            if takes and net < 0 and hand["class"] != "bust":
                continue  # what a natural takes ("original bets") is said in its sentence
            assert hand["net"] == net, (pair, hand, said)
            checked += 1
    return checked


def _hidden(result: dict[str, Any], seat: str) -> bool:
    """Whether `seat` hid a bust in the round (`settlement.hidden_bust_pays`)."""
    return any(e.get("actor") == seat and e.get("action") == "hide"
               for e in result.get("transcript", []))


def claims_of(ruleset: Ruleset) -> list[Claim]:
    return [c for s in settlement_claims(ruleset).values() for c in s.claims]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(overlays(), st.integers(0, 2**32))
def test_every_settlement_sentence_agrees_with_what_the_engine_pays(r: Ruleset,
                                                                    seed: int) -> None:
    claims = claims_of(r)
    assert conflicts(claims) == []
    for pair, cell in decided_table(r, outcome_table(r)).items():  # the words give the table back
        said = expected_cell(claims, pair)
        assert {k: said.get(k) for k in cell_says(cell)} == cell_says(cell), pair
    rules = compile_rules(r)
    rng = random.Random(seed)
    for _ in range(25):
        try:
            script = random_round(rules, [100, 100, 100], rng)
        except PontoonError:
            continue
        run = play(rules, script["stakes"], parse_cards(script["shoe"]), script["actions"])
        check_round(claims, run.to_json(), rules)


# -- the contradictions issue 24 lists ----------------------------------------------------
def overlay(tmp_path: Path, text: str, base: str = "pagat-british") -> Ruleset:
    path = tmp_path / "o.yaml"
    path.write_text(f"id: o\nname: O\nkind: house\nextends: {base}\n{text}", encoding="utf-8")
    return load_ruleset(path)


def settlement_text(r: Ruleset) -> str:
    return " ".join(s.text for s in sentences(r) if s.chapter in ("settlement", "deal"))


def test_an_exception_is_not_printed_beside_the_rule_it_overrides(tmp_path: Path) -> None:
    r = overlay(tmp_path, "settlement:\n  outcomes:\n"
                "    - {player: pontoon, banker: pontoon, result: push}\n")
    text = settlement_text(r)
    equal = text.split("Ties:")[1]
    assert "with pontoon against pontoon, it is a stand-off" in equal
    assert "pontoon against pontoon, five-card trick" not in equal
    assert "from every player" not in text and conflicts(claims_of(r)) == []


def test_ties_are_not_said_where_the_table_pays_a_player_21(tmp_path: Path) -> None:
    r = overlay(tmp_path, "settlement:\n  outcomes:\n"
                "    - {player: twenty-one, banker: twenty-one, result: win}\n"
                "    - {player: twenty-one, banker: pontoon, result: win}\n"
                "    - {player: twenty-one, banker: five-card-trick, result: win}\n")
    text = settlement_text(r)
    assert "Ties go to the banker" not in text
    assert ("A player's twenty-one wins whatever the banker holds. That holds even against "
            "the banker's ") in text  # the exception first (r49zs)
    assert "Between any other hands, pontoon beats" in text
    assert "twenty-one against the same" not in text


def test_a_ranking_of_totals_alone_names_no_pontoon(tmp_path: Path) -> None:
    r = overlay(tmp_path, "hands:\n  ranking: [total]\n", base="casino-ochko")
    text = settlement_text(r)
    assert "Hands rank by total alone" in text
    assert "Pontoon:" not in text and "banker's counts too" not in text
    assert "pontoon" not in text.lower()


def test_belarus_says_a_trick_wins_and_not_that_tricks_tie() -> None:
    text = settlement_text(load_bundled("belarus-ponton"))
    assert ("These hands of a player win whatever the banker holds: five-card trick, three of "
            "a kind. That holds even against the banker's pontoon or five-card trick. Between "
            "any other hands, pontoon beats") in text  # the exception first (r49zs)
    assert "Each of these hands" not in text  # a blanket sentence beside the ranking
    assert "Ties go to the banker" not in text
    equal = text.split("Ties:")[1]
    assert "five-card trick" not in equal and "three of a kind" not in equal


def test_a_banker_pontoon_at_the_peek_collects_only_where_the_table_says(
        tmp_path: Path) -> None:
    r = overlay(tmp_path, "settlement:\n  outcomes:\n"
                "    - {player: pontoon, banker: pontoon, result: win, pays: '3:2'}\n",
                base="casino-ochko")
    text = settlement_text(r)
    assert "from every player" not in text
    assert "each player's hand is settled against it as dealt" in text
    assert "A player's pontoon against the banker's pontoon wins, paid 3:2." in text


# -- leftovers that do not fit the game (What was seen, item 3) ----------------------------
def test_a_one_card_face_up_banker_gets_no_sentences_of_a_hidden_hand() -> None:
    text = " ".join(text_lines(load_bundled("belarus-ponton")))
    assert "may look at their own cards" not in text
    assert "turns up their cards" not in text
    assert "not checked before the players play" not in text
    assert "may not look at their first card" not in text


def test_face_up_cards_are_not_declared_by_turning_them_up() -> None:
    for ruleset_id in ("belarus-ponton", "casino-ochko"):
        text = " ".join(text_lines(load_bundled(ruleset_id)))
        assert "Your first two cards, " in text and " are dealt face up." in text
        assert "declare it by turning" not in text, ruleset_id


def test_a_soft_17_rule_reads_as_one_rule() -> None:
    text = " ".join(text_lines(load_bundled("casino-ochko")))
    assert ("draws on 16 or less and on a soft 17 (one with an ace counted 11), and stands "
            "on a hard 17 or more") in text
    assert "draws until reaching" not in text


# -- headline against body (What was seen, item 2) ------------------------------------------
@pytest.mark.parametrize("ruleset_id", ["pagat-british", "pagat-stick-16",
                                        "pagat-aces-only-split", "shoot-pontoon"])
def test_a_pagat_summary_says_what_the_body_says(ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    assert r.faces.twisted_card.value == "face-up"
    assert "twist cards face down" not in r.summary
    assert "banks in turn" not in r.summary
    assert "pontoon takes the bank" in load_bundled("pagat-british").summary


def test_a_summary_states_no_open_reading_as_fact() -> None:
    r = load_bundled("casino-ochko")
    assert r.provenance["banker.hit_soft_17"].open
    assert "soft 17" not in r.summary
    assert "мягк" not in r.translations["ru"].summary


def test_a_blanket_the_ranking_contradicts_is_said_pair_by_pair(tmp_path: Path) -> None:
    """Found by the random overlays: with only pontoon ranked, an ordinary total that wins
    against everything was said as "wins whatever the banker holds" beside "Pontoon beats
    any other total" (two general sentences that disagree); it is now said as the one
    exception it is, and the words still give the whole table back."""
    r = overlay(tmp_path, "hands:\n  ranking: [pontoon, total]\nsettlement:\n  outcomes:\n"
                "    - {player: total, banker: pontoon, result: win}\n"
                "    - {player: total, banker: total, result: win}\n")
    claims = claims_of(r)
    assert conflicts(claims) == []
    for pair, cell in decided_table(r, outcome_table(r)).items():
        said = expected_cell(claims, pair)
        assert {k: said.get(k) for k in cell_says(cell)} == cell_says(cell), pair
    assert "wins whatever the banker holds" not in settlement_text(r)
