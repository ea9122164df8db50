"""An ace whose values go by the cards in the hand (`pack.ace_values_by_cards`: Ban Luck, 10
or 11 in two cards, 1 or 10 in three, 1 in four or more) is never also said to count 11 unless
that busts the hand: r49t found the stick rule's "Туз считается за 11, если сумма от этого не
превышает 21" beside the pack's «Туз считается по числу карт в руке» (g49ag's stick sentence
took the ace's highest value whatever the pack's rule)."""

from __future__ import annotations

import pytest
from sheet_text import sheet

from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

BY_CARDS = [i for i in bundled_ids() if load_bundled(i).pack.ace_values_by_cards]


def test_a_bundled_ruleset_counts_its_aces_by_the_cards() -> None:
    """The case is bundled (else the tests below test nothing)."""
    assert "ban-luck" in BY_CARDS


ALIKE = {"en": "An ace counts as said above, whatever the number of cards: an ace and a 5 make 16.",
         "ru": "Туз считается, как сказано выше, сколько бы карт ни было в руке: туз и 5 дают 16."}


@pytest.mark.parametrize("ruleset_id", BY_CARDS)
@pytest.mark.parametrize(("lang", "wrong", "right"), [
    ("en", "An ace counts 11 unless", "An ace counts by the cards in your hand, as said above: "
                                      "an ace and a 5 make 16."),
    ("ru", "Туз считается за 11, если", "Туз считается по числу карт в руке, как сказано "
                                        "выше: туз и 5 дают 16.")])
def test_the_stick_rule_counts_the_ace_as_the_pack_says(ruleset_id: str, lang: str, wrong: str,
                                                        right: str) -> None:
    """An ace of the same values in every hand (Xì dách) is not said to count by the cards
    (r49zh: «theo số lá» against «dù bài có bao nhiêu lá»)."""
    from pontoon_rules.docs.words.family_words import aces_alike

    if aces_alike(load_bundled(ruleset_id)):
        right = ALIKE[lang]
    text = sheet(ruleset_id, lang)
    assert wrong not in text
    assert right in text


def test_a_pack_with_one_rule_for_every_hand_keeps_the_highest_value_unless_it_busts() -> None:
    """pagat-british (an ace 1 or 11 in any hand): the values say how an ace counts (g49ak:
    once), the stick rule what follows from it (g49ag)."""
    text = sheet("pagat-british", "en")
    assert "An ace counts 1 or 11, whichever is better without going over 21, for the banker too" \
        in text
    assert "So an ace and a 4 make 15" in text
