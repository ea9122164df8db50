"""Ruleset section for what lies face up: who sees which card during a round."""

from __future__ import annotations

from pydantic import Field, StrictBool

from pontoon_rules.ruleset.format.common import BankerHidden, Face, PontoonShown, RuleModel


class Faces(RuleModel):
    """Which cards lie face up (everyone sees them) and which face down (only their holder).

    A banker who draws by choice decides on what these fields let them see.
    """

    player_cards: Face = Field(
        default=Face.FACE_DOWN, description="How the cards of the deal reach each player."
    )
    bought_card: Face = Field(default=Face.FACE_DOWN, description="How a bought card is dealt.")
    twisted_card: Face = Field(default=Face.FACE_UP, description="How a twisted card is dealt.")
    doubled_card: Face = Field(
        default=Face.FACE_UP, description="How a card dealt after doubling lies."
    )
    split_card: Face = Field(
        default=Face.FACE_DOWN,
        description="How the card dealt to a hand made by a split lies (the split cards "
        "themselves are turned up).",
    )
    bust_shown: StrictBool = Field(
        default=True,
        description="A hand that busts is thrown in face up; else it is not shown: its "
        "player keeps it face down, as a hand that stands, until it is opened (by the "
        "banker, or at the settlement).",
    )
    pontoon_shown: PontoonShown = Field(
        default=PontoonShown.ACE,
        description="What a player declaring a pontoon shows: nothing, the ace, or both cards.",
    )
    banker_draws: Face = Field(
        default=Face.FACE_UP, description="How the cards the banker draws after the deal lie."
    )
    banker_hidden: BankerHidden = Field(
        default=BankerHidden.LAST,
        description="Which of the banker's dealt cards lie face down when "
        "`deal.banker_cards_visible` is fewer than `deal.banker_cards`: the last dealt (the "
        "hole card, as casinos deal it) or the first dealt (as some programs do).",
    )
