"""Fields that moved when hands came to be defined by their cards, and where they went.

A file written for the earlier schema names these fields; the loader reports each as
an unknown field with where its rule lives now, so that nothing is silently dropped.
"""

from __future__ import annotations

_HANDS = "hands are now defined by their cards"
MOVED: dict[str, str] = {
    "hands.pontoon": f"{_HANDS}: write the pontoon under hands.definitions.pontoon",
    "hands.five_card_trick": (f"{_HANDS}: write the trick under "
                              "hands.definitions.five-card-trick (min_cards: 5)"),
    "hands.twenty_one": (f"{_HANDS}: write it under hands.definitions.twenty-one "
                         "(min_cards: 3, min_total: 21)"),
    "hands.three_of_a_kind": (f"{_HANDS}: write it under hands.definitions.three-of-a-kind "
                              "(min_cards: 3, max_cards: 3, same_rank: true)"),
    "settlement.player_payouts": ("what a hand pays is now its own `pays` "
                                  "(hands.definitions.ID.pays; an ordinary total: "
                                  "settlement.pays)"),
    "settlement.banker_collects": ("what the banker's hand collects is now its own "
                                   "`collects` (hands.definitions.ID.collects; an ordinary "
                                   "total: settlement.collects)"),
    "settlement.pontoon_ties": "now hands.definitions.pontoon.ties",
    "player.pontoon_may_draw": "now hands.definitions.pontoon.may_draw_on",
    "player.split.ace_ten_is_pontoon": "now hands.definitions.pontoon.on_split_hand",
}
"""Old dotted path → where the rule is written now."""
