"""Facts the site states about a game come from its ruleset: the method line names the
game's own pack (48 cards for a pack without tens), in every language it is printed in."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.words import figures, i18n
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

FINITE = {"edge": {"deck": "finite", "method": "composition"}}


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_the_method_line_states_the_games_own_pack(ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    if ruleset.pack.is_infinite:
        pytest.skip("an infinite deck has no pack size to state")
    text = figures.method_words(FINITE, ruleset, lambda message: message)
    assert f"{ruleset.pack.decks} × {ruleset.pack.cards_per_pack} cards" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_48_card_pack_is_never_called_52(lang: str) -> None:
    ruleset = load_bundled("australian-pontoon")
    assert ruleset.pack.cards_per_pack == 48
    text = figures.method_words(FINITE, ruleset, i18n.translations(lang).gettext)
    assert "48" in text and not re.search(r"\b52\b", text)
