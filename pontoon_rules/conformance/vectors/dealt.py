"""Dealt vectors: a round for each hand target that no other vector showed.

Random and steered rounds reach the common hands; a rare one (6-7-8 in spades from eight
packs, a seven-card 21, both sides holding Feuer from one Skat pack) may never come up.
For each `class:HAND` or `vs:HAND:BANKER` target still missing, the first seat is dealt an
example of the hand (`engine.round.example_hands.example_cards`, cards the pack holds),
drawing until it holds them and then standing, and the banker an example of the banker's
hand (another suit of the same rank where the player holds the card already). The expectations come
from the reference engine like every vector's.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pontoon_rules.conformance.vectors.build import Plan, build
from pontoon_rules.conformance.vectors.generate import random_stakes
from pontoon_rules.engine.round.actions import STICK, TWIST, Action
from pontoon_rules.engine.round.cards import card_code, parse_cards
from pontoon_rules.engine.round.hand import Hand, classify
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState, full_counts
from pontoon_rules.errors import PontoonError

PREFERRED = (TWIST, "decline", STICK)
"""The decisions a dealt round takes, in order, once the seat's own need is known."""


def dealt_vectors(rules: Rules, embed: bool, wanted: set[str], seen: set[str]
                  ) -> list[dict[str, Any]]:
    """A vector for each hand target of `wanted` not in `seen` that a dealt round shows
    (`seen` is updated)."""
    rid = rules.ruleset.id
    rng = random.Random(f"dealt:{rid}")
    out: list[dict[str, Any]] = []
    for tag in sorted(wanted - seen):
        cards = _cards_for(rules, tag)
        if cards is None or tag in seen:
            continue
        stakes = _band_stake(rules, tag) or random_stakes(rules, rng)[:1]
        try:
            shoe, plan = _round(rules, stakes, *cards, rng)
            vector = build(rules, f"{rid}/dealt-{tag.replace(':', '-')}", "", stakes, shoe,
                           plan, embed, with_id=False)
        except PontoonError:
            continue
        new = sorted((set(vector["features"]) & wanted) - seen)
        if tag in new:
            from pontoon_rules.conformance.vectors.model import vector_id

            vector["description"] = f"A dealt round; shows: {', '.join(new)}."
            vector["id"] = vector_id(vector)
            seen.update(new)
            out.append(vector)
    return out


def _cards_for(rules: Rules, tag: str) -> tuple[list[int], list[int]] | None:
    """The player's and the banker's cards for a `class:` or `vs:` target, or None."""
    from pontoon_rules.engine.round.example_hands import example_cards

    kind, _, rest = tag.partition(":")
    if kind == "class":
        player_id, banker_id = rest, None
    elif kind == "vs":
        player_id, _, banker_id = rest.partition(":")
    else:
        return None
    player = example_cards(rules.ruleset, player_id, rules)
    if player is None:
        return None
    mine = parse_cards(player)
    if banker_id is None or banker_id in ("total", "bust"):
        return mine, _showing_up_rank(rules, mine, player_id)
    banker = example_cards(rules.ruleset, banker_id, rules, banker=True)
    if banker is None:
        return None
    theirs = _beside(rules, mine, parse_cards(banker))
    return None if theirs is None or _class(rules, theirs) != banker_id else (mine, theirs)


def _band_stake(rules: Rules, tag: str) -> list[int] | None:
    """One seat's stake inside the band a `class:` hand holds for (a Super Bonus by stake),
    or None where the hand has no band (the seat's stake is drawn as any other's)."""
    kind, _, rest = tag.partition(":")
    d = rules.ruleset.hands.definitions.get(rest) if kind == "class" else None
    if d is None or (d.min_stake is None and d.max_stake is None):
        return None
    from pontoon_rules.engine.round.example_hands import held_at

    return [held_at(d, rules)[1]]


def _showing_up_rank(rules: Rules, mine: list[int], hand_id: str) -> list[int]:
    """The banker's dealt cards where the player's hand `hand_id` holds only against some
    up cards (a Super Bonus against a 7): the first of those ranks face up, a king beside
    it; else none (the banker's cards are drawn at random)."""
    d = rules.ruleset.hands.definitions.get(hand_id)
    if d is None or d.banker_up_ranks is None:
        return []
    from pontoon_rules.engine.round.example_hands import held_at

    up, king = held_at(d, rules)[0] * 4, 12 * 4
    dealt = [king] * (rules.banker_cards - 1)
    dealt.insert(rules.banker_cards - 1 if rules.banker_hidden_first else 0, up)
    return _beside(rules, mine, dealt) or []


def _beside(rules: Rules, taken: list[int], wanted: list[int]) -> list[int] | None:
    """`wanted`, with a card the packs no longer hold after `taken` swapped for the same
    rank in another suit; None when there is none."""
    left = Counter({card: n for card, n in enumerate(full_counts(rules)) if n})
    left.subtract(taken)
    out = []
    for card in wanted:
        found = card if left[card] > 0 else next(
            (c for c in range(card - card % 4, card - card % 4 + 4) if left[c] > 0), None)
        if found is None:
            return None
        left[found] -= 1
        out.append(found)
    return out


def _class(rules: Rules, cards: list[int]) -> str:
    hand = Hand(100)
    for card in cards:
        hand.put(card, rules)
    hand.drawn = max(0, len(cards) - rules.banker_cards)
    return str(classify(hand, rules, banker=True))


def _round(rules: Rules, stakes: list[int], player: list[int], banker: list[int],
           rng: random.Random) -> tuple[list[str], Plan]:
    """The shoe and decisions of a round dealing `player` to the first seat and `banker`
    to the banker (other cards at random from what the packs hold).

    Raises:
        PontoonError: a card is not there to deal, or the round cannot be played so.
    """
    need = {"player": list(player), "banker": list(banker)}
    state = RoundState(rules, stakes)
    shoe: list[str] = []
    plan: Plan = []
    while not state.is_terminal():
        if state.is_chance_node():
            own = need["banker" if state.pending[0] is state.banker else "player"]
            outcomes = dict(state.chance_outcomes())
            card = own.pop(0) if own else rng.choices(list(outcomes), list(outcomes.values()))[0]
            if card not in outcomes:
                raise PontoonError(f"{card_code(card)} is not left to deal")
            state.apply_action(card)
            shoe.append(card_code(card))
            continue
        actor = "banker" if state.actor_name() == "banker" else "player"
        action = _decision(state, bool(need[actor]))
        plan.append(("do", f"{state.actor_name()} {action}"))
        state.apply_action(action)
    if need["player"] or need["banker"]:
        raise PontoonError("the round ended before every card was dealt")
    return shoe, plan


def _decision(state: RoundState, drawing: bool) -> Action:
    """Twist while cards are still to come, else decline insurance and stand."""
    legal = {option.kind: option for option in state.legal_actions()}
    for kind in PREFERRED if drawing else PREFERRED[1:]:
        if kind in legal:
            return legal[kind].example()
    return next(iter(legal.values())).example()
