"""The bundled rulesets: complete provenance, the digest's open questions as parameters."""

from __future__ import annotations

import pytest

from pontoon_rules.ruleset.common import Status
from pontoon_rules.ruleset.fields import leaf_paths, provenance_for, value_at
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

SOURCES = ("pagat-british", "casino-ochko", "belarus-ponton")

# Each "Open" item of the digest, as the field that makes it a parameter.
OPEN_ITEMS = {
    "pagat-british": [
        "player.split.cards_to_each_hand",  # 000 "two cards" vs one card to each hand
        "settlement.pontoon_ties",          # banker pontoon against a player pontoon
        "settlement.banker_bust_pays_by_class",  # the cut-off "and double if…"
        "player.split.ace_ten_is_pontoon",  # split ace + ten
        "banker.mode",                      # the banker draws by choice
    ],
    "casino-ochko": [
        "player.split.max_hands",           # "at most three times"
        "banker.hit_soft_17",               # hard 17 "with no ace"
        "hands.five_card_trick.banker_can_hold",
    ],
    "belarus-ponton": [
        "banker.hit_soft_17",
        "player.stick_minimum",
        "hands.three_of_a_kind.automatic_win",
        "player.max_cards",
        "hands.five_card_trick.banker_can_hold",
        "settlement.pontoon_ties",
        "player.split.ace_ten_is_pontoon",
    ],
}


@pytest.mark.parametrize("ruleset_id", SOURCES)
def test_every_field_of_a_source_ruleset_has_provenance(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    for path in leaf_paths():
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
        ("shoot-pontoon", {"shoot.enabled": True}),
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
    assert r.settlement.player_payouts.pontoon == "3:2"
    assert r.player.double.max_cards == 2 and r.player.split.double_after_split
    assert r.player.split.max_hands == 4 and r.deal.banker_pontoon_at_once


def test_every_bundled_ruleset_is_listed() -> None:
    assert set(bundled_ids()) >= set(SOURCES) | {
        "shoot-pontoon", "pagat-aces-only-split", "pagat-stick-16", "blackjack-reference"}
