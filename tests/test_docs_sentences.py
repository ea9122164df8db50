"""The rules as sentences: every field of a source's ruleset says something, and only what
the rules contain; the house-rules box; the Russian sheet in the sources' own words."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from in_process import command_line

from pontoon_rules.docs.sheet.sheet_view import find_base, payout_rows, sheet_view
from pontoon_rules.docs.sheet.sheets import render_sheet
from pontoon_rules.docs.website.catalog import extract
from pontoon_rules.docs.words.i18n import LANGUAGES
from pontoon_rules.docs.words.sentences import (
    RULES,
    applies,
    covered_paths,
    sentences,
    text_lines,
)
from pontoon_rules.ruleset.format.fields import leaf_paths, ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

# For each source, every field of its resolved ruleset that applies to the game, and the
# words of the sentence it must produce (the seeds in ../shared/seeds/, read in
# RULES-DIGEST.md). Payout fields are checked on the payout table row of their class.
SOURCE_SENTENCES: dict[str, dict[str, str]] = {
    "pagat-british": {
        "pack.decks": "One pack of 52 cards",
        "pack.ranks": "a king, queen or jack 10",
        "pack.suits": "of 52 cards",
        "pack.values": "every other card its number",
        "pack.ace_values": "An ace counts 1 or 11",
        "table.min_players": "4 to 7 players play against the banker",
        "table.max_players": "4 to 7 players play against the banker",
        "table.banker": "one more player at the table, holds the bank and deals",
        "stakes.min_stake": "each stake at least ____",
        "stakes.max_stake": "at most ____",
        "deal.stake_after_first_card": "You stake after seeing your first card",
        "deal.player_cards": "deals 2 cards to each player",
        "deal.banker_cards": "and 2 cards to themselves",
        "deal.banker_cards_visible": "stay face down until the players have played",
        "deal.order": "one at a time",
        "deal.banker_dealt_first": "the banker last",
        "table.direction": "from the banker's left",
        "table.first_banker": "cuts the highest card",
        "deal.banker_may_look_at_first_card": "does not look at their first card",
        "deal.banker_pontoon_at_once": "it is shown at once and the deal ends",
        "player.stick_minimum": "stick on 15 or more",
        "player.draw_on_21": "While your total is under 21",
        "pack.bust_above": "a total over 21",
        "stakes.buy": "Buy: add to your stake",
        "stakes.first_buy_min": "any amount from one to two times your original stake",
        "stakes.first_buy_max": "any amount from one to two times your original stake",
        "stakes.later_buy_cap": "at most what you paid for the card before",
        "stakes.last_buy_card": "until your hand holds 5, the most it may hold",
        "stakes.buy_after_twist": "Once you have twisted you may only twist",
        "faces.player_cards": "Your first two cards, ",
        "faces.bought_card": "a bought card",
        "faces.twisted_card": "A twisted card is dealt face up.",
        "faces.split_card": "the card dealt to a split hand",
        "faces.bust_shown": "thrown in face up",
        "faces.pontoon_shown": "turning your ace face up",
        "player.max_cards": "until your hand holds 5, the most it may hold",
        "player.split.allowed": "You may split",
        "player.split.pair_rule": "not a king and a jack",
        "player.split.ranks": "two cards of the same rank",
        "player.split.cards_to_each_hand": "dealt 1 card",
        "player.split.deal_order": "each at once, then played one after another",
        "player.split.max_hands": "up to 4 hands in all",
        "player.split.resplit": "may be split again",
        "player.split.resplit_aces": "Aces too",
        "player.split.resplit_one_branch": "may be split again, up to",
        "player.split.aces_one_card": "Split aces play on like any hand",
        "player.split.buy_after_split": "Split hands may buy cards",
        "banker.mode": "draws or sticks as they choose",
        "banker.max_cards": "The banker holds at most 5 cards",
        "faces.banker_draws": "extra cards are dealt face up",
        "banker.draws_when_no_live_hands": "the banker does not play",
        "banker.naturals_live": "the banker does not play",
        "hands.definitions.pontoon.banker_can_hold": "The banker's counts too",
        "hands.definitions.pontoon.pays": "2:1",
        "hands.definitions.pontoon.collects": "2:1",
        "hands.definitions.pontoon.natural": "a natural",
        "hands.definitions.pontoon.may_draw_on": "draws no more cards",
        "hands.definitions.five-card-trick.banker_can_hold": "The banker's counts too",
        "hands.definitions.five-card-trick.pays": "2:1",
        "hands.definitions.five-card-trick.collects": "2:1",
        "hands.definitions.five-card-trick.stick_any_total": "exactly 5 cards",  # all it may hold
        "hands.definitions.twenty-one.banker_can_hold": "The banker's counts too",
        "hands.definitions.twenty-one.pays": "1:1",
        "hands.definitions.twenty-one.collects": "1:1",
        "settlement.pays": "1:1",
        "settlement.collects": "1:1",
        "hands.ranking": "Pontoon beats five-card trick",
        "settlement.ties": "Ties: with pontoon against pontoon",
        "settlement.banker_bust_pays_by_class": "paid what its hand pays",
        "settlement.player_bust_loses_at_once": "you lose only your stake, at once",
        "between_deals.shuffle": "only after a deal in which someone made a pontoon",
        "between_deals.cut": "as is usual, the player on the banker's right cuts them",
        "between_deals.pack_runs_out": "If the pack still runs out",
        "between_deals.used_cards_to_bottom": "go under the pack unshuffled",
        "between_deals.busted_cards_to_bottom_at_once": "they may come again in the same deal",
        "between_deals.shuffle_on_banker_pontoon": "A banker's pontoon counts too",
        "between_deals.shuffle_on_split_pontoon": "So does a pontoon on a split hand",
        "between_deals.rotation": "takes the bank for the next deal",
        "between_deals.rotation_tie_break": "if several, the first from the banker's left",
        "between_deals.rotation_from_split_hand":
            "A pontoon on a split hand does not take the bank",
        "between_deals.rotation_when_banker_pontoon_at_once":
            "or turned up with every hand when the banker's pontoon ends the deal",
        "between_deals.pontoon_maker_may_refuse": "No banker, a new one included, may give up",
        "between_deals.bank_sale": "only sell it between deals at an agreed price",
    },
    "casino-ochko": {  # its English source says dealer (g49q)
        "pack.decks": "8 packs of 52 cards",
        "pack.ranks": "a king, queen or jack 10",
        "pack.suits": "of 52 cards",
        "pack.values": "every other card its number",
        "pack.ace_values": "An ace counts 1 or 11",
        "table.min_players": "For 1 to 7 players",
        "table.max_players": "For 1 to 7 players",
        "table.banker": "against the house dealer",
        "stakes.min_stake": "at least 1",
        "stakes.max_stake": "at most ____",  # agreed: the page lists only chips (g49f)
        "deal.stake_after_first_card": "Stakes are placed before the deal",
        "deal.player_cards": "deals 2 cards to each player",
        "deal.banker_cards": "and 2 cards to themselves",
        "deal.banker_cards_visible": "stay face down until the players have played",
        "deal.order": "one at a time",
        "deal.banker_dealt_first": "the dealer last",
        "table.direction": "from the dealer's left",
        "deal.banker_may_look_at_first_card": "looks at their own cards as soon as they are",
        "deal.banker_pontoon_at_once": "it is shown at once and the deal ends",
        "player.stick_minimum": "stick on 15 or more",
        "player.draw_on_21": "",
        "pack.bust_above": "a total over 21",
        "stakes.buy": "Twist: take another card without adding to your stake.",
        "faces.player_cards": "Your first two cards, ",
        "faces.twisted_card": "a twisted card",
        "faces.doubled_card": "a card after doubling",
        "faces.split_card": "the card dealt to a split hand",
        "faces.bust_shown": "thrown in face",
        "player.max_cards": "at most 5 cards",
        "player.split.allowed": "You may split",
        "player.split.pair_rule": "same value",
        "player.split.ranks": "a queen and a king",
        "player.split.cards_to_each_hand": "dealt 1 card",
        "player.split.deal_order": "at once",
        "player.split.max_hands": "up to 3 hands in all",
        "player.split.resplit": "may be split again",
        "player.split.resplit_aces": "Aces too",
        "player.split.resplit_one_branch": "Only one of the two hands made by a split",
        "player.split.aces_one_card": "Split aces play on like any hand",
        "player.split.double_after_split": "Split hands may double",
        "player.split.two_card_21_stands": "Split hands may double",
        "player.double.allowed": "You may double your stake",
        "player.double.min_cards": "holding 2 cards or more",
        "player.double.max_cards": "holding 2 cards or more",
        "player.double.times_per_hand": "once per hand",
        "player.double.draws_after": "go on drawing, up to the hand's limit of 5 cards",
        "player.double.totals": "on any total",
        "banker.mode": "draws on 16 or less",
        "banker.stand_on": "17 or more",
        "banker.hit_soft_17": "and on a soft 17",
        "banker.max_cards": "The dealer holds at most 5 cards",
        "faces.banker_draws": "extra cards are dealt face",
        "banker.draws_when_no_live_hands": "the dealer does not play",
        "banker.naturals_live": "the dealer does not play",
        "hands.definitions.pontoon.banker_can_hold": "The dealer's counts too",
        "hands.definitions.pontoon.pays": "2:1",
        "hands.definitions.pontoon.collects": "1:1",
        "hands.definitions.pontoon.natural": "a natural",
        "hands.definitions.pontoon.may_draw_on": "may still draw",
        "hands.definitions.five-card-trick.banker_can_hold": "The dealer's counts too",
        "hands.definitions.five-card-trick.pays": "2:1",
        "hands.definitions.five-card-trick.collects": "1:1",
        "hands.definitions.five-card-trick.stick_any_total": "exactly 5 cards",  # all it may hold
        "hands.definitions.twenty-one.banker_can_hold": "The dealer's counts too",
        "hands.definitions.twenty-one.pays": "1:1",
        "hands.definitions.twenty-one.collects": "1:1",
        "settlement.pays": "1:1",
        "settlement.collects": "1:1",
        "hands.ranking": "Pontoon beats five-card trick",
        "settlement.ties": "Ties: with pontoon against pontoon",
        "settlement.banker_bust_pays_by_class": "paid what its hand pays",
        "settlement.player_bust_loses_at_once": "you lose your stake at once",
        "between_deals.shuffle": "shuffled once 75% of them have been dealt",
        "between_deals.cut": "and nobody cuts them",
        "between_deals.pack_runs_out": "If the pack runs out during a deal",
        "between_deals.penetration": "75%",
        "between_deals.used_cards_to_bottom": "discard pile",
        "between_deals.busted_cards_to_bottom_at_once": "discard pile",
    },
    "belarus-ponton": {
        "pack.decks": "6 packs of 52 cards",
        "pack.ranks": "a king, queen or jack 10",
        "pack.suits": "of 52 cards",
        "pack.values": "every other card its number",
        "pack.ace_values": "An ace counts 1 or 11",
        "table.min_players": "For 2 to 7 players",
        "table.max_players": "For 2 to 7 players",
        "table.banker": "against the banker, who is not one of the players",
        "stakes.min_stake": "each stake at least ____",
        "stakes.max_stake": "at most ____",
        "deal.stake_after_first_card": "Stakes are placed before the deal",
        "deal.player_cards": "deals 2 cards to each player",
        "deal.banker_cards": "and 1 card to themselves",
        "deal.banker_cards_visible": "The banker's cards are dealt face up",
        "deal.order": "one at a time",
        "deal.banker_dealt_first": "the banker last",
        "table.direction": "from the banker's left",
        "player.stick_minimum": "You may stick on any total",
        "player.draw_on_21": "While your total is under 21",
        "pack.bust_above": "a total over 21",
        "stakes.buy": "Buy: add to your stake",
        "stakes.first_buy_min": "Each buy adds one more original stake",
        "stakes.last_buy_card": "Card number 4 is the last you may buy",
        "stakes.buy_after_twist": "Once you have twisted you may only twist",
        "faces.player_cards": "Your first two cards",
        "faces.bought_card": "a bought card",
        "faces.twisted_card": "a twisted card",
        "faces.split_card": "the card dealt to a split hand",
        "faces.bust_shown": "thrown in face",
        "player.max_cards": "at most 5 cards",
        "player.split.allowed": "You may split",
        "player.split.pair_rule": "two cards of the same rank",
        "player.split.ranks": "two cards of the same rank",
        "player.split.cards_to_each_hand": "dealt 1 card",
        "player.split.deal_order": "when its turn comes",
        "player.split.max_hands": "as often as it comes",
        "player.split.resplit": "may be split again",
        "player.split.resplit_aces": "Aces are split only once",
        "player.split.resplit_one_branch": "may be split again, as often",
        "player.split.aces_one_card": "Split aces get one card each",
        "player.split.buy_after_split": "Split hands may buy cards",
        "banker.mode": "draws on 16 or less",
        "banker.stand_on": "17 or more",
        "banker.hit_soft_17": "soft or hard",
        "banker.max_cards": "The banker holds at most 5 cards",
        "faces.banker_draws": "extra cards are dealt face",
        "banker.draws_when_no_live_hands": "the banker does not play",
        "banker.naturals_live": "the banker does not play",
        "hands.definitions.pontoon.on_split_hand": "not on a split hand",
        "hands.definitions.pontoon.banker_can_hold": "The banker's counts too",
        "hands.definitions.pontoon.pays": "2:1",
        "hands.definitions.pontoon.collects": "1:1",
        "hands.definitions.pontoon.natural": "a natural",
        "hands.definitions.pontoon.may_draw_on": "draws no more cards",
        "hands.definitions.five-card-trick.banker_can_hold": "The banker's counts too",
        "hands.definitions.five-card-trick.pays": "3:2",
        "hands.definitions.five-card-trick.collects": "1:1",
        "hands.definitions.five-card-trick.wins_outright": "whatever the banker holds",
        "hands.definitions.five-card-trick.stick_any_total": "exactly 5 cards",  # all it may hold
        "hands.definitions.three-of-a-kind.banker_can_hold": "Only a player's counts",
        "hands.definitions.three-of-a-kind.pays": "1:1",
        "hands.definitions.three-of-a-kind.wins_outright": "whatever the banker holds",
        "settlement.pays": "1:1",
        "settlement.collects": "1:1",
        "hands.ranking": "pontoon beats five-card trick",
        "settlement.ties": "Ties: with pontoon against pontoon",
        "settlement.banker_bust_pays_by_class": "paid what its hand pays",
        "settlement.player_bust_loses_at_once": "you lose your stake at once",
        "settlement.odd_amounts": "rounded down",
        "between_deals.shuffle": "shuffled once 75% of them have been dealt",
        "between_deals.cut": "the player on the banker's right cuts them",
        "between_deals.pack_runs_out": "If the pack runs out during a deal",
        "between_deals.penetration": "75%",
        "between_deals.used_cards_to_bottom": "discard pile",
        "between_deals.busted_cards_to_bottom_at_once": "discard pile",
        "player.insurance.allowed": "Insurance",
        "player.insurance.max_fraction": "1/2 of your stake",
        "player.insurance.amount": "bet exactly 1/2",
        "player.insurance.pays": "the insurance is paid 2:1",
        "player.insurance.even_money": "Even money: holding a pontoon",
        "player.insurance.offered_to_natural": "Even money: holding a pontoon",
    },
}

# Every other field of a named hand is said in the hand's own sentence, which opens so.
HAND_HEADS = {
    "pontoon": "Pontoon: exactly 2 cards making 21",
    "five-card-trick": "Five-card trick: exactly 5 cards totalling 21 or less",  # at most 5
    "twenty-one": "Twenty-one: 3 or more cards making 21",
    "three-of-a-kind": "Three of a kind: exactly 3 cards totalling 21 or less",
}
HAND_FIELD = re.compile(r"^hands\.definitions\.([a-z0-9-]+)\.[a-z_]+$")


def with_hand_heads(mapping: dict[str, str], applying: set[str]) -> dict[str, str]:
    """`mapping` with each applying field of a named hand it leaves out mapped to the
    opening words of that hand's sentence."""
    out = dict(mapping)
    for path in applying:
        match = HAND_FIELD.match(path)
        if match and path not in out:
            out[path] = HAND_HEADS[match[1]]
    return out


PAYOUT_FIELD = re.compile(r"^(?:hands\.definitions\.([a-z0-9-]+)|settlement)\.(pays|collects)$")


def _payout_cell(ruleset: Ruleset, path: str) -> str:
    match = PAYOUT_FIELD.match(path)
    assert match
    row = next(r for r in payout_rows(ruleset, str) if r["key"] == (match[1] or "total"))
    return str(row["pays" if match[2] == "pays" else "takes"])


@pytest.mark.parametrize("ruleset_id", sorted(SOURCE_SENTENCES))
def test_every_field_of_a_source_has_its_sentence(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    texts: dict[str, list[str]] = {}
    for s in sentences(ruleset):
        for p in s.paths:
            texts.setdefault(p, []).append(s.text)
    said = {p: " | ".join(found) for p, found in texts.items()}  # every sentence that says it
    applying = {p for p in ruleset_paths(ruleset) if applies(ruleset, p)}
    mapping = with_hand_heads(SOURCE_SENTENCES[ruleset_id], applying)
    assert applying - set(said) == set(), "fields that apply but produce no sentence"
    assert set(mapping) == applying, "the mapping must list exactly the fields that apply"
    for path, words in mapping.items():
        if PAYOUT_FIELD.match(path):
            assert _payout_cell(ruleset, path) == words, path
        else:
            assert words in said[path], (path, said[path])


# A word on a sheet that names a feature the rules do not contain (by field).
ABSENT_FEATURES = {
    "player.double.allowed": ("double",),
    "player.split.allowed": ("split",),
    "player.insurance.allowed": ("insur", "even money"),
    "hands.definitions.five-card-trick": ("trick",),
    "hands.definitions.three-of-a-kind": ("three of a kind",),
    "hands.definitions.twenty-one": ("twenty-one",),
    "shoot.enabled": ("shoot", "kitty"),
}


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_no_sentence_names_what_the_rules_do_not_contain(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    said = sentences(ruleset)
    text = " ".join(s.text for s in said if s.key != "lacks").lower()  # it says what is not
    for gate, words in ABSENT_FEATURES.items():
        section, _dot, name = gate.rpartition(".")
        switched_on = (name in ruleset.hands.ranking if section == "hands.definitions"
                       else getattr(eval_path(ruleset, section), name))
        for word in words:
            if not switched_on:
                assert word not in text, (ruleset_id, gate, word)
    if ruleset.stakes.buy.value == "none":
        assert "buy" not in text, ruleset_id
    if ruleset.banker.mode.value == "by-choice":
        assert str(ruleset.banker.stand_on) + " or more" not in text


def eval_path(ruleset: Ruleset, path: str) -> object:
    node: object = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node


def test_every_schema_field_belongs_to_a_rule_once() -> None:
    paths = [p for rule in RULES for p in rule.paths]
    assert len(paths) == len(set(paths))
    assert covered_paths() == set(leaf_paths())


def test_sentences_follow_the_values_not_the_ruleset(tmp_path: Path) -> None:
    house = tmp_path / "h.yaml"
    house.write_text("id: h\nname: H\nkind: house\nextends: pagat-british\n"
                     "player:\n  stick_minimum: 17\n  split:\n    allowed: false\n"
                     "stakes:\n  min_stake: 5\n  max_stake: 40\n", encoding="utf-8")
    said = sentences(load_ruleset(house))
    text = " ".join(s.text for s in said if s.key != "lacks")
    assert "stick on 17 or more" in text
    assert "at least 5 and at most 40 chips" in text
    assert "split" not in text.replace("split hand", "")
    lacks = next(s.text for s in said if s.key == "lacks")
    assert "splitting pairs" in lacks and "no " not in lacks  # said once: not "…: no splitting"


# --- the house-rules box --------------------------------------------------------------


def test_house_box_lists_exactly_the_differing_fields(tmp_path: Path) -> None:
    house = tmp_path / "kitchen.yaml"
    house.write_text("id: kitchen\nname: Kitchen\nkind: house\nextends: pagat-british\n"
                     "player:\n  stick_minimum: 16\nsettlement:\n  ties: push\n",
                     encoding="utf-8")
    ruleset = load_ruleset(house)
    base = find_base(ruleset, house)
    assert base is not None and base.id == "pagat-british"
    html = render_sheet(ruleset, "html", "en", base).decode()
    box = re.search(r'<aside class="pr-house" data-base="pagat-british" '
                    r'data-changed="([^"]*)">(.*?)</aside>', html, re.S)
    assert box, "no house-rules box"
    assert set(box[1].split()) == {"player.stick_minimum", "settlement.ties"}
    assert "player.stick_minimum" not in re.sub(r"<[^>]+>", "", box[2]), "a path printed"
    assert "British Pontoon (pagat rules)" in box[2]
    assert "The rules marked ◆ below differ from it." in box[2]  # each said once, below
    assert "stick on 16 or more" not in box[2] and "stick on 16 or more" in html
    changed = re.findall(r'<p class="pr-rule-text pr-changed[^"]*" data-rule="(\w+)"', html)
    # the banker's free drawing is said against the players' least, 16 here (g49ah)
    assert set(changed) == {"stick", "ties", "banker_draws"}
    view = sheet_view(ruleset, "en", base)
    assert view["house"]["paths"] == ["player.stick_minimum", "settlement.ties"]


def test_a_sheet_without_a_base_has_no_house_box() -> None:
    html = render_sheet(load_bundled("casino-ochko"), "html").decode()
    body = html.split("</style>", 1)[1]
    assert "pr-house" not in body and "◆" not in body


def test_open_readings_carry_a_footnote() -> None:
    html = render_sheet(load_bundled("pagat-british"), "html").decode()
    marked = re.findall(r'data-rule="([\w:-]+)" data-paths="[^"]*">[^<]*<sup class="pr-mark '
                        r'pr-open-mark"', html)
    assert "hand:pontoon" in marked and "split" in marked
    assert "The source does not say; we play it this way." in html


# --- Russian ---------------------------------------------------------------------------


def _english_catalog_words() -> set[str]:
    """Every English word (3+ letters) of the catalog's messages."""
    words: set[str] = set()
    for message in extract():
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", text or ""))
    return words - {"pontoon", "rules"}


def _sheet_text_without_user_text(ruleset: Ruleset, lang: str) -> str:
    """The sheet's text with the ruleset's own words (name, summary, titles) taken out."""
    blank = ruleset.model_copy(update={
        "name": "N", "summary": "", "translations": {},
        "sources": {k: s.model_copy(update={"title": "T"}) for k, s in ruleset.sources.items()}})
    html = render_sheet(blank, "html", lang).decode()
    body = html.split("</style>", 1)[1]
    body = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"&#?\w+;", " ", body).replace(ruleset.id, " ").replace("pontoon-rules", " ")


@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "casino-ochko"])
def test_russian_sheet_has_no_english_catalog_word(ruleset_id: str) -> None:
    assert "ru" in LANGUAGES
    ruleset = load_bundled(ruleset_id)
    text = _sheet_text_without_user_text(ruleset, "ru")
    leaked = {w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in
              _english_catalog_words()}
    assert not leaked, leaked
    lowered = text.lower()
    words = {"belarus-ponton": ("понтун", "перебор", "купить", "твист", "дилер"),
             "casino-ochko": ("очко", "перебор", "ещё карту", "пас", "дилер")}[ruleset_id]
    for word in words:  # each source's own words (seed 003, seed 002)
        assert word in lowered, word
    assert "банкир" not in lowered


def test_english_sheet_check_would_catch_a_leak() -> None:
    """The leak check finds English words when there are some (it can fail)."""
    text = _sheet_text_without_user_text(load_bundled("belarus-ponton"), "en")
    assert set(re.findall(r"[a-z]{3,}", text.lower())) & _english_catalog_words()


def test_russian_show_text() -> None:
    lines = text_lines(load_bundled("belarus-ponton"), "ru", paths=True)
    text = "\n".join(lines)
    assert "Купить можно не дальше 4-й карты" in text and "stakes.last_buy_card" in text


# --- `show`: the same sentences at the terminal ----------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules ARGS` in this process (`in_process`): `show` prints and exits."""
    return command_line(*args, cwd=Path(__file__).resolve().parent.parent)


def test_show_prints_the_sentences_and_paths_on_request(tmp_path: Path) -> None:
    plain = _cli("show", "pagat-british")
    assert plain.returncode == 0, plain.stderr
    for found in sentences(load_bundled("pagat-british")):
        assert found.text in plain.stdout
    assert "player.stick_minimum" not in plain.stdout
    with_paths = _cli("show", "pagat-british", "--paths").stdout.splitlines()
    stick = next(i for i, line in enumerate(with_paths) if "stick on 15 or more" in line)
    assert with_paths[stick + 1].split() == ["player.stick_minimum"]
    house = tmp_path / "h.yaml"
    house.write_text("id: h\nname: H\nkind: house\nextends: pagat-british\n"
                     "settlement:\n  ties: push\n", encoding="utf-8")
    out = _cli("show", str(house)).stdout
    assert "pagat-british: settlement.ties" in out and "stand-off; the stake" not in out
    assert "the higher total wins and equal totals are a stand-off" in out
    assert "with pontoon against pontoon, the banker wins" in out  # its own tie rule
    assert "◆" in out
