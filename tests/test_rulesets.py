"""The bundled rulesets: complete provenance, the digest's open questions as parameters."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import yaml
from test_docs_reader49o import COPIES

from pontoon_rules.ruleset.format.common import (
    Face,
    HandClass,
    OutcomeResult,
    PontoonShown,
    ShootLimit,
    Status,
)
from pontoon_rules.ruleset.format.fields import instance_paths, leaf_paths, provenance_for, value_at
from pontoon_rules.ruleset.loading.registry import bundled_ids, bundled_path, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table

SOURCES = ("pagat-british", "casino-ochko", "belarus-ponton", "australian-pontoon",
           "ochko-home", "spanish-21", "siebzehn-und-vier", "vingt-un", "ban-luck",
           "sette-e-mezzo")

# Each "Open" item of the digest, as the field that makes it a parameter.
OPEN_ITEMS = {
    "pagat-british": [
        "player.split.cards_to_each_hand",  # 000 "two cards" vs one card to each hand
        "hands.definitions.pontoon.ties",  # banker pontoon against a player pontoon
        "settlement.banker_bust_pays_by_class",  # the cut-off "and double if…"
        "hands.definitions.pontoon.on_split_hand",  # split ace + ten
        "between_deals.shuffle_on_banker_pontoon",  # "if no *player* makes a pontoon"
        "between_deals.shuffle_on_split_pontoon",
        "between_deals.rotation_when_banker_pontoon_at_once",
        "shoot.limit",                      # "less than" the kitty vs the example's "at most"
    ],
    "casino-ochko": [
        "player.split.max_hands",           # "at most three times"
        "banker.hit_soft_17",               # hard 17 "with no ace"
        "hands.definitions.five-card-trick.banker_can_hold",
        "player.draw_on_21",                # silent; secondary sources say yes
        "hands.definitions.pontoon.may_draw_on",  # "any two-card total may be hit"
    ],
    "belarus-ponton": [
        "banker.hit_soft_17",
        "player.stick_minimum",
        "hands.definitions.three-of-a-kind.wins_outright",
        "player.max_cards",
        "hands.definitions.five-card-trick.banker_can_hold",
        "hands.definitions.pontoon.ties",
        "hands.definitions.pontoon.on_split_hand",
        "player.draw_on_21",                # silent; moves the edge 1.18% -> 0.54%
        "hands.definitions.pontoon.may_draw_on",
        "player.split.pair_rule",           # "одного достоинства": rank or value
    ],
    "australian-pontoon": [
        "pack.decks",                       # Sydney's "Variable Rules": four to eight decks
        "player.split.max_hands",           # Variable Rules: the number of splits
        "player.split.resplit_aces",
        "hands.definitions.pontoon.takes",  # the "Hole-card rule": OBBO or BB+1
        "player.double.min_cards",          # "not last chance" doubling is undefined
        "stakes.min_stake",                 # no table limits: a cent, below the Super Bonus
        "settlement.ties",                  # no source read says; blackjack's push
        "hands.definitions.twenty-one.after_double",
    ],
    "ochko-home": [
        "pack.ace_values",                  # «Туз 11.» vs 1 or 11 "decided between players"
        "table.bank.amount",                # "10 rubles in the bank", an example
        "table.bank.passes_when_broken",    # the sentence on passing the bank is cut off
        "table.bank.va_bank",
        "hands.definitions.golden-point",   # stated only for the online game
        "hands.definitions.golden-point.banker_can_hold",
        "deal.stake_after_first_card",      # bonuspoker's compulsory stake into the bank
        "banker.stand_on",                  # a banker by choice: the automatic policy
    ],
    "spanish-21": [
        "player.double.redouble_stake",     # one original bet or the whole stake
        "player.double.draws_after",
        "hands.definitions.five-card-21.on_split_hand",  # Red Dragon voids it on splits
        "stakes.min_stake",                 # no table limits: a cent, below the Super Bonus
        "player.insurance",
    ],
    "siebzehn-und-vier": [
        "table.max_players",                # the banker plays each player in turn, one by one
        "settlement.ties",                  # „wird noch einmal gemacht“ vs „der Bankhalter“
        "settlement.player_bust_loses_at_once",  # a hidden bust pushes a bust banker
        "hands.definitions.feuer.compare",  # „bestes Ergebnis vielfach“, cut off
        "hands.definitions.natural-21.pays",  # „häufig im Verhältnis 2:1“
        "settlement.pays",                  # „den Einsatz doppelt auszahlen“
        "stakes.raise_up_to",               # „das Fünf- oder Zehnfache“, when to raise
    ],
    "ban-luck": [
        "pack.decks",                       # "one or two 52-card deck(s)"
        "settlement.player_bust_loses_at_once",  # a hidden bust against a dealer's bust
    ],
    "sette-e-mezzo": [
        "pack.wild_cards",                  # the holder's choice; a lone matta a half?
        "table.max_players",                # "10-12" at the table
        "banker.stand_on",                  # a banker by choice: the automatic policy
        "hands.definitions.sette-e-mezzo-reale.collects",  # the banker's own reale
        "between_deals",                    # shuffling between deals is not said
    ],
    "vingt-un": [
        "hands.definitions.pontoon.paid_by_players",  # whose stake "double stakes" is
        "hands.definitions.pontoon.ties",   # naturals "excused from paying" each other
        "deal.stake_after_first_card",      # Hoyle names no staking
        "settlement.banker_bust_pays_by_class",
        "between_deals.rotation_when_banker_pontoon_at_once",
        "banker.stand_on",
    ],
}


@pytest.mark.parametrize("ruleset_id", SOURCES)
def test_every_field_of_a_source_ruleset_has_provenance(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    for path in [*leaf_paths(), *instance_paths(ruleset)]:
        prov = provenance_for(ruleset, path)
        assert prov is not None, f"{ruleset_id}: {path} has no provenance"
        assert prov.source in ruleset.sources
        if prov.status is Status.STATED:
            assert prov.quote.strip(), f"{ruleset_id}: {path} is 'stated' with no quote"


@pytest.mark.parametrize(("ruleset_id", "paths"), OPEN_ITEMS.items())
def test_the_digest_open_items_are_flagged_parameters(ruleset_id: str, paths: list[str]) -> None:
    ruleset = load_bundled(ruleset_id)
    for path in paths:
        prov = provenance_for(ruleset, path)
        assert prov is not None and prov.open, f"{ruleset_id}: {path} is not marked open"
        assert prov.note, f"{ruleset_id}: {path} has no note"


def test_shoot_pontoon_fields_are_quoted_in_the_overlay() -> None:
    ruleset = load_bundled("shoot-pontoon")
    for path in leaf_paths():
        if path.startswith("shoot."):
            prov = ruleset.provenance.get(path)
            assert prov is not None and prov.quote, path


@pytest.mark.parametrize(
    ("overlay", "changed"),
    [
        ("pagat-aces-only-split", {"player.split.ranks": ("A",)}),
        ("pagat-stick-16", {"player.stick_minimum": 16}),
        ("shoot-pontoon", {"shoot.enabled": True, "shoot.dry_kitty_sale": "highest-bidder"}),
    ],
)
def test_overlays_change_only_what_they_say(overlay: str, changed: dict[str, object]) -> None:
    base, child = load_bundled("pagat-british"), load_bundled(overlay)
    assert child.extends == "pagat-british"
    differing = {p for p in leaf_paths() if value_at(base, p) != value_at(child, p)}
    assert differing == set(changed)
    for path, value in changed.items():
        assert value_at(child, path) == value


def test_blackjack_reference_is_ordinary_blackjack() -> None:
    r = load_bundled("blackjack-reference")
    assert (r.pack.decks, r.banker.stand_on, r.banker.hit_soft_17) == (6, 17, False)
    assert r.hands.definitions["pontoon"].pays == "3:2"
    assert r.player.double.max_cards == 2 and r.player.split.double_after_split
    assert r.player.split.max_hands == 4 and r.deal.banker_pontoon_at_once


def test_blackjack_reference_quotes_its_reference_line_field_by_field() -> None:
    """Each quote is a piece of the reference line, beside the field it proves."""
    r = load_bundled("blackjack-reference")
    line = r.sources["blackjack"].title
    quoted = {path: p.quote for path, p in r.provenance.items() if p.quote}
    assert all(quote in line for quote in quoted.values()), quoted
    assert quoted["hands.definitions.pontoon.pays"] == "3:2"
    assert provenance_for(r, "settlement.pays").quote == ""


def test_every_bundled_ruleset_is_listed() -> None:
    assert set(bundled_ids()) >= set(SOURCES) | {
        "shoot-pontoon", "pagat-aces-only-split", "pagat-stick-16", "blackjack-reference"}


# -- provenance holds source text (issue 11, item 8) ---------------------------------------
ENGLISH = {"en"}
LATIN_SCRIPT = {"en", "de", "it"}
"""Languages whose sentences may be plain ASCII (German without an umlaut): an ASCII quote
from such a source is not a sign of an English gloss."""


@pytest.mark.parametrize("ruleset_id", SOURCES)
def test_a_stated_entry_quotes_the_source_in_its_own_language(ruleset_id: str) -> None:
    """A `stated` entry of a non-English source quotes its text, not an English gloss."""
    ruleset = load_bundled(ruleset_id)
    for path, prov in ruleset.provenance.items():
        language = ruleset.sources[prov.source].language
        if prov.status is not Status.STATED or language in ENGLISH:
            continue
        assert prov.quote.strip(), f"{ruleset_id}: {path} is stated with no quote"
        if language not in LATIN_SCRIPT:
            assert not prov.quote.isascii(), f"{ruleset_id}: {path} quotes {prov.quote!r}"


@pytest.mark.parametrize("ruleset_id", SOURCES)
def test_no_quote_is_an_english_placeholder(ruleset_id: str) -> None:
    """Placeholders such as "(no doubling in the game)" are gone from non-English sources
    (in a Latin script, the quotes of each such source hold its own letters somewhere)."""
    ruleset = load_bundled(ruleset_id)
    latin: dict[str, list[str]] = {}
    for path, prov in ruleset.provenance.items():
        language = ruleset.sources[prov.source].language
        if language in ENGLISH or not prov.quote:
            continue
        if language in LATIN_SCRIPT:
            latin.setdefault(prov.source, []).append(prov.quote)
        else:
            assert not prov.quote.isascii(), f"{ruleset_id}: {path} quotes {prov.quote!r}"
    for source, quotes in latin.items():
        assert not all(q.isascii() for q in quotes), f"{ruleset_id}: {source} quotes {quotes}"


# Snippets of the seed texts (tests must not read /work/shared): each quote of these
# fields must occur, "..." gaps aside, in the snippet (for a field re-cited from another
# source, `RECITED`, a quoted passage of its note does).
SEED_SNIPPETS = {
    ("casino-ochko", "player.draw_on_21"): "Вы имеете возможность взять ещё карту, остаться с той "
    "сдачей, которая у Вас на руках (если только у Вас 15 или более очков)",
    ("casino-ochko", "player.split.max_hands"): "Только одна из «разбитых» сдач может быть "
    "«разбита» опять (максимум три раза).",
    ("belarus-ponton", "player.split.pair_rule"): "Разрешается сплитовать при выходе двух карт "
    "одного достоинства сколько угодно, за исключением тузов",
    ("pagat-british", "faces.bust_shown"): "Ձեռքդ ներս գցիր դեմքով դեպի վեր:",
    ("pagat-british", "faces.twisted_card"): "Բանկիրը ձեր ձեռքի համար մեկ քարտ է փոխանցում "
    "դեպի վեր:",
    ("pagat-british", "faces.bought_card"): "Բանկիրը գործարկում է ևս մեկ քարտ դեմքով ներքև:",
    ("pagat-british", "table.max_players"): "ԽԱՂԱՑՈՂՆԵՐԻ ԹԻՎԸ. 5-8 խաղացող",
}


RECITED = {("pagat-british", "faces.bust_shown"), ("pagat-british", "table.max_players")}
"""Fields re-cited from pagat.com's English page (`pagat-en`, issue 49): the quote is a
copy's English; the note keeps the Armenian seed's words, in quotation marks."""


@pytest.mark.parametrize(("key", "snippet"), SEED_SNIPPETS.items())
def test_quotes_occur_in_the_seed_text(key: tuple[str, str], snippet: str) -> None:
    ruleset_id, path = key
    prov = load_bundled(ruleset_id).provenance[path]
    quotes = [prov.quote]
    if key in RECITED:
        assert prov.source == "pagat-en"
        assert all(any(part in copy for copy in COPIES) for part in prov.quote.split(" ... "))
        quotes = re.findall(r'"([^"]+)"', " ".join(prov.note.split()))
    assert any(all(part.strip() in snippet for part in quote.split(" ... "))
               for quote in quotes), (path, quotes)


# -- every new field has its own value and provenance (item 5) -----------------------------
NEW_FIELDS = (
    "deal.order", "deal.banker_dealt_first", "faces", "hands.definitions.pontoon.may_draw_on",
    "settlement.outcomes", "shoot.limit", "between_deals.shuffle_on_banker_pontoon",
    "between_deals.shuffle_on_split_pontoon", "between_deals.rotation_when_banker_pontoon_at_once",
)


@pytest.mark.parametrize("ruleset_id", [*SOURCES, "blackjack-reference"])
def test_every_new_field_is_written_out_with_its_own_provenance(ruleset_id: str) -> None:
    path_of = bundled_path(ruleset_id)
    assert path_of is not None
    data = yaml.safe_load(path_of.read_text(encoding="utf-8"))
    ruleset = load_bundled(ruleset_id)
    for field in NEW_FIELDS:
        if field.startswith("hands.definitions.pontoon.") and "pontoon" not in \
                ruleset.hands.definitions:
            continue  # a game without a pontoon (Очко's 21s, Siebzehn und Vier's)
        node = data
        for part in field.split("."):
            assert part in node, f"{ruleset_id}: {field} is left to its default"
            node = node[part]
        if field == "faces":
            continue
        assert field in ruleset.provenance, f"{ruleset_id}: {field} has no provenance of its own"
    for leaf in (p for p in leaf_paths() if p.startswith("faces.")):
        assert provenance_for(ruleset, leaf) is not None


# -- readings (items 1-4) ------------------------------------------------------------------
def test_casino_ochko_draws_on_21_and_on_a_pontoon_as_an_open_reading() -> None:
    r = load_bundled("casino-ochko")
    assert r.player.draw_on_21 and r.hands.definitions["pontoon"].may_draw_on
    for path in ("player.draw_on_21", "hands.definitions.pontoon.may_draw_on"):
        prov = r.provenance[path]
        assert prov.open and prov.status is Status.OUR_READING
    assert "Вы имеете возможность взять ещё карту" in r.provenance["player.draw_on_21"].quote
    assert "soft 21" in r.provenance["player.draw_on_21"].note
    assert "any two-card total may be hit" in r.provenance[
        "hands.definitions.pontoon.may_draw_on"].note


def test_casino_ochko_splits_to_three_hands_naming_both_readings() -> None:
    r = load_bundled("casino-ochko")
    assert r.player.split.max_hands == 3 and r.player.split.resplit_one_branch
    note = r.provenance["player.split.max_hands"].note
    assert "three hands" in note and "max_hands 4" in note and "max_hands 5" in note


def test_pagat_forbids_drawing_on_a_pontoon_because_draws_are_under_21() -> None:
    r = load_bundled("pagat-british")
    assert r.hands.definitions["pontoon"].may_draw_on is False and not r.player.draw_on_21
    prov = r.provenance["hands.definitions.pontoon.may_draw_on"]
    assert "21-ից փոքր է" in prov.quote  # "if your hand is less than 21"


def test_belarus_readings_are_flagged() -> None:
    r = load_bundled("belarus-ponton")
    assert r.provenance["hands.ranking"].status is Status.IMPLIED
    pair = r.provenance["player.split.pair_rule"]
    assert pair.status is Status.OUR_READING and pair.open
    assert "одинакового достоинства в десять очков" in pair.note  # seed 002 on Q+K
    assert r.provenance["player.draw_on_21"].open


def test_belarus_five_cards_beat_a_dealer_pontoon_at_three_to_two() -> None:
    """"Если у игрока 5 карт, а у дилера "понтун", то игрок выигрывает" (seed 003)."""
    table = outcome_table(load_bundled("belarus-ponton"))
    cell = table[(HandClass.FIVE_CARD_TRICK, HandClass.PONTOON)]
    assert cell.result is OutcomeResult.WIN and cell.pays == Fraction(3, 2)
    # "Если у игрока "понтун", а у дилера 5 карт, то выигрывает игрок"
    assert table[(HandClass.PONTOON, HandClass.FIVE_CARD_TRICK)].result is OutcomeResult.WIN


def test_pagat_seats_banker_and_split_note() -> None:
    r = load_bundled("pagat-british")
    assert r.table.max_players == 7  # "5-8 players", one of whom is the banker
    mode = r.provenance["banker.mode"]
    assert mode.status is Status.STATED and not mode.open
    note = r.provenance["player.split.cards_to_each_hand"].note
    for translation in ("երկու քարտ", "ਦੋ ਕਾਰਡਾਂ", "دو کارڈ"):  # 000, 001, 004: "two cards"
        assert translation in note
    look = r.provenance["deal.banker_may_look_at_first_card"].note
    assert "ներառյալ բանկիրը" in look  # "including the banker"


def test_pagat_faces_as_the_source_says() -> None:
    f = load_bundled("pagat-british").faces
    assert (f.bought_card, f.twisted_card) == (Face.FACE_DOWN, Face.FACE_UP)
    assert f.bust_shown and f.pontoon_shown is PontoonShown.ACE
    assert f.player_cards is Face.FACE_DOWN


def test_pagat_shoot_limit_follows_the_example() -> None:
    """The first player may bet the whole kitty, which shuts the others out: "at most"."""
    for rid in ("pagat-british", "shoot-pontoon"):
        r = load_bundled(rid)
        assert r.shoot.limit is ShootLimit.UP_TO_KITTY
        assert r.provenance["shoot.limit"].open


# -- translations (item 11 of the issue) ---------------------------------------------------
@pytest.mark.parametrize(("ruleset_id", "word"), [("casino-ochko", "Очко"),
                                                  ("belarus-ponton", "Понтун")])
def test_russian_sources_carry_russian_names(ruleset_id: str, word: str) -> None:
    r = load_bundled(ruleset_id)
    assert word in r.name_in("ru") and r.name_in("ru") != r.name
    summary = r.summary_in("ru")
    assert summary != r.summary and not summary.isascii()
