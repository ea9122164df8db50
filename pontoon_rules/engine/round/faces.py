"""What lies face up, and what each actor sees: the round's information states.

The `faces` section of a ruleset says how each card lies when it is dealt (the deal's
cards, bought, twisted, doubled and split cards, the banker's draws); a hand tracks a
face-up flag per card (`Hand.up`). On top of that, what the table shows as play goes
on: a busted hand is thrown in face up (`bust_shown`), a finished pontoon shows its
ace or both cards (`pontoon_shown`), the banker turns up every card when their turn
comes, and at the end every hand is shown for settlement.

`observation(state, actor)` is what one actor sees: every face-up card, their own
cards (a banker who may not look at their first card does not see it until the deal
is over), and for every other card only that it is there (`None`). A banker who draws
by choice decides on this alone (`engine.round.policies`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.hand import Hand, is_bust, is_natural, read_up
from pontoon_rules.engine.round.phase import BANKER, Phase
from pontoon_rules.ruleset.format.common import Face, PontoonShown

if TYPE_CHECKING:
    from pontoon_rules.engine.round.state import RoundState


def start_deal(state: RoundState) -> None:
    """Set how the deal's first cards come to the players."""
    up = state.rules.faces.player_cards is Face.FACE_UP
    for seat in state.seats:
        seat.hands[0].draw_up = up


def banker_card(state: RoundState) -> None:
    """Set how the banker's next card lies: dealt cards by `deal.banker_cards_visible`,
    later draws by `faces.banker_draws`."""
    banker, r = state.banker, state.rules
    if state.phase is Phase.DEAL or len(banker.cards) < r.banker_cards:
        dealt = len(banker.cards)
        banker.draw_up = (dealt >= r.banker_cards - r.banker_visible if r.banker_hidden_first
                          else dealt < r.banker_visible)
    else:
        banker.draw_up = r.faces.banker_draws is Face.FACE_UP


def banker_up_cards(state: RoundState) -> list[int]:
    """The banker's dealt cards that lie face up (`deal.banker_cards_visible` of them, the
    first or the last dealt as `faces.banker_hidden` says), in the order dealt."""
    r, banker = state.rules, state.banker
    dealt = banker.cards[:r.banker_cards]
    if r.banker_hidden_first:
        return dealt[max(0, r.banker_cards - r.banker_visible):][:r.banker_visible]
    return dealt[:r.banker_visible]


def shown(state: RoundState, hand: Hand, index: int) -> bool:
    """Whether card `index` of a player `hand` is visible to the whole table now."""
    if state.phase is Phase.DONE or hand.up[index]:
        return True
    r = state.rules
    if is_bust(hand, r, read_up(state.banker, r)):
        return r.faces.bust_shown and (r.hidden_bust_pays is None or hand.hidden is False)
    if hand.done and is_natural(hand, r):
        how = r.faces.pontoon_shown
        return how is PontoonShown.BOTH or (how is PontoonShown.ACE
                                            and hand.cards[index] >> 2 == 0)
    return False


def banker_shown(state: RoundState, index: int) -> bool:
    """Whether the banker's card `index` is visible to the whole table now."""
    if state.phase in (Phase.BANKER, Phase.DONE) and not state.pending:
        return state.calling_off != "due" or state.banker.up[index]  # not yet: calling off
    return state.banker.up[index]


def observation(state: RoundState, actor: int) -> dict[str, Any]:
    """What `actor` sees now (a seat index, or `BANKER`); see the module docstring."""
    seats = [{
        "seat": f"p{seat.index + 1}",
        "hands": [_hand_view(state, hand, mine=seat.index == actor) for hand in seat.hands],
        "insurance": seat.insurance,
    } for seat in state.seats]
    return {"actor": state.actor_name(actor), "phase": state.phase.name.lower(),
            "seats": seats, "banker": {"cards": _banker_cards(state, actor)}}


def banker_seen(state: RoundState) -> dict[str, Any]:
    """The part of the banker's `observation` a banker's standing rule reads
    (`policies.banker_stands_on`): the banker's cards as the banker sees them. The seats'
    views, most of an observation's cost, are left out: the example search asks this at
    every banker decision of thousands of rounds."""
    return {"banker": {"cards": _banker_cards(state, BANKER)}}


def _hand_view(state: RoundState, hand: Hand, mine: bool) -> dict[str, Any]:
    cards = [card_code(c) if mine or shown(state, hand, i) else None
             for i, c in enumerate(hand.cards)]
    return {"cards": cards, "staked": hand.staked, "done": hand.done}


def _banker_cards(state: RoundState, actor: int) -> list[str | None]:
    r = state.rules
    out: list[str | None] = []
    for i, card in enumerate(state.banker.cards):
        own = actor == BANKER and (i > 0 or r.ruleset.deal.banker_may_look_at_first_card
                                   or len(state.banker.cards) >= r.banker_cards)
        out.append(card_code(card) if own or banker_shown(state, i) else None)
    return out
