"""Rulesets in words: each quote beside the field it proves, and rules "not in this game"."""

from __future__ import annotations

from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.views import rule_row
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.ruleset.format.fields import provenance_for, ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_text
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.present import (
    TOPICS,
    field_row,
    open_questions,
    paths_by_topic,
)
from pontoon_rules.ruleset.resolving.relevance import NOT_IN_THIS_GAME, applies

SOURCES = ("pagat-british", "casino-ochko", "belarus-ponton")
def payout_paths(ruleset: Ruleset) -> list[str]:
    """What each hand pays and collects: the named hands' and an ordinary total's."""
    return [p for p in ruleset_paths(ruleset) if p.endswith((".pays", ".collects"))]


def test_every_section_has_a_topic_in_schema_order() -> None:
    assert list(paths_by_topic()) == list(TOPICS)
    assert TOPICS["faces"] == "What lies face up"


@pytest.mark.parametrize("ruleset_id", [*SOURCES, "blackjack-reference"])
def test_one_payout_quote_never_proves_two_different_odds(ruleset_id: str) -> None:
    """pagat's "paid double" sentence sits beside the 2:1 rows only, never the 1:1 rows."""
    ruleset = load_bundled(ruleset_id)
    proved: dict[int, set[str]] = {}
    for path in payout_paths(ruleset):
        prov = provenance_for(ruleset, path)
        if applies(ruleset, path) and prov is not None and prov.quote:
            proved.setdefault(id(prov), set()).add(field_row(ruleset, path)["text"])
    assert all(len(values) == 1 for values in proved.values()), proved


def test_pagat_single_payouts_quote_the_equal_amount_sentence() -> None:
    ruleset = load_bundled("pagat-british")
    double = "կրկնակի"  # "double"
    for path in ("settlement.pays", "hands.definitions.twenty-one.pays"):
        row = field_row(ruleset, path)
        assert row["text"] == "1:1" and double not in row["quote"]
        assert "հավասար չափը" in row["quote"]  # "an equal amount"
    assert double in field_row(ruleset, "hands.definitions.pontoon.pays")["quote"]


@pytest.mark.parametrize(
    ("ruleset_id", "path"),
    [
        ("casino-ochko", "player.insurance.pays"),          # "Страховки нет."
        ("pagat-british", "player.insurance.even_money"),
        ("belarus-ponton", "between_deals.bank_sale"),       # a house dealer
        ("casino-ochko", "between_deals.rotation_from_split_hand"),
        ("blackjack-reference", "between_deals.rotation_when_banker_pontoon_at_once"),
        ("pagat-british", "shoot.pays"),                      # shoot off in plain pontoon
        ("pagat-british", "shoot.limit"),
        ("pagat-british", "player.double.min_cards"),         # no double
        ("pagat-british", "faces.doubled_card"),
        ("casino-ochko", "stakes.first_buy_max"),             # no buying
        ("casino-ochko", "faces.bought_card"),
        ("casino-ochko", "between_deals.shuffle_on_banker_pontoon"),
        ("belarus-ponton", "hands.definitions.three-of-a-kind.collects"),  # player only
        ("pagat-british", "hands.definitions.pontoon.after_double"),       # no doubling
    ],
)
def test_a_rule_that_does_not_apply_reads_not_in_this_game(ruleset_id: str, path: str) -> None:
    row = field_row(load_bundled(ruleset_id), path)
    assert (row["applies"], row["text"], row["open"]) == (False, NOT_IN_THIS_GAME, False)


@pytest.mark.parametrize(
    ("ruleset_id", "path"),
    [
        ("belarus-ponton", "player.insurance.pays"),
        ("belarus-ponton", "player.insurance.allowed"),
        ("casino-ochko", "player.insurance.allowed"),         # the switch itself applies
        ("shoot-pontoon", "shoot.limit"),
        ("pagat-british", "between_deals.shuffle_on_banker_pontoon"),
        ("pagat-british", "between_deals.rotation_when_banker_pontoon_at_once"),
        ("pagat-british", "between_deals.bank_sale"),
        ("casino-ochko", "player.double.max_cards"),
        ("pagat-british", "stakes.last_buy_card"),
    ],
)
def test_a_rule_of_the_game_keeps_its_value(ruleset_id: str, path: str) -> None:
    row = field_row(load_bundled(ruleset_id), path)
    assert row["applies"] and row["text"] != NOT_IN_THIS_GAME


def test_split_details_do_not_apply_when_split_is_off(tmp_path: Path) -> None:
    text = "extends: pagat-british\nid: no-split\nname: No split\nplayer:\n  split:\n" \
           "    allowed: false\n"
    ruleset = load_text(text, str(tmp_path / "no-split.yaml"))
    assert field_row(ruleset, "player.split.max_hands")["text"] == NOT_IN_THIS_GAME
    assert field_row(ruleset, "faces.split_card")["text"] == NOT_IN_THIS_GAME
    assert field_row(ruleset, "player.split.allowed")["text"] == "no"
    open_paths = {row["path"] for row in open_questions(ruleset)}
    assert "player.split.cards_to_each_hand" not in open_paths
    assert "player.split.cards_to_each_hand" in {
        row["path"] for row in open_questions(load_bundled("pagat-british"))}


def test_open_questions_leave_out_rules_not_in_the_game() -> None:
    for ruleset_id in (*SOURCES, "blackjack-reference"):
        ruleset = load_bundled(ruleset_id)
        assert all(applies(ruleset, row["path"]) for row in open_questions(ruleset))


def test_the_docs_say_not_in_this_game_in_each_language() -> None:
    ochko, belarus = load_bundled("casino-ochko"), load_bundled("belarus-ponton")
    russian = translations("ru").gettext
    assert rule_row(ochko, "player.insurance.pays", russian)["text"] == "нет в этой игре"
    assert rule_row(ochko, "player.insurance.pays", lambda s: s)["text"] == NOT_IN_THIS_GAME
    assert rule_row(belarus, "player.insurance.pays", russian)["text"] == "2 к 1"  # as sheets


def test_outcome_exceptions_read_in_words(tmp_path: Path) -> None:
    """Gymnasium's Blackjack-v1: a dealer's natural only pushes a player's 21 of 3+ cards."""
    text = ("extends: blackjack-reference\nid: gym\nname: Gym\nhands:\n"
            "  ranking: [pontoon, twenty-one, total]\n  definitions:\n    twenty-one:\n"
            "      min_cards: 3\n      min_total: 21\n"
            "settlement:\n  outcomes:\n"
            "    - {player: twenty-one, banker: pontoon, result: push}\n"
            "    - {player: pontoon, banker: total, result: win, pays: '3:2'}\n")
    row = field_row(load_text(text, str(tmp_path / "gym.yaml")), "settlement.outcomes")
    assert row["text"] == ("a player's twenty-one against the banker's pontoon: pushes; "
                           "a player's pontoon against the banker's total: wins 3:2")
    assert row["value"][0] == {"player": "twenty-one", "banker": "pontoon", "result": "push"}
    assert field_row(load_bundled("belarus-ponton"), "settlement.outcomes")["text"] == "none"


def test_a_by_total_exception_says_the_named_hands_own_ties(tmp_path: Path) -> None:
    """A `by-total` exception's equal totals follow the player's named hand's own `ties`
    (the outcome table, the sheet): the rules page said settlement.ties' banker instead."""
    text = ("extends: pagat-british\nid: tied\nname: Tied\nkind: house\nhands:\n"
            "  definitions:\n    five-card-trick:\n      ties: push\n"
            "settlement:\n  outcomes:\n"
            "    - {player: five-card-trick, banker: total, result: by-total}\n")
    ruleset = load_text(text, str(tmp_path / "tied.yaml"))
    assert ruleset.settlement.ties.value == "banker-wins"
    said = rule_row(ruleset, "settlement.outcomes", lambda s: s)["text"]
    assert said == ("A player's five-card trick against the banker's ordinary total: the "
                    "higher total wins, equal totals are a stand-off.")


def test_a_named_hand_only_one_ruleset_defines_reads_no_such_hand() -> None:
    pagat, belarus = load_bundled("pagat-british"), load_bundled("belarus-ponton")
    row = field_row(pagat, "hands.definitions.three-of-a-kind")
    assert (row["applies"], row["text"]) == (False, "no such hand")
    assert field_row(belarus, "hands.definitions.three-of-a-kind")["applies"]
