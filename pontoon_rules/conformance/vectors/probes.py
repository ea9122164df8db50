"""Vectors that probe where implementations break.

Real implementations fail at the edges a random round rarely reaches, so every
ruleset's suite also gets, each a seeded round the reference engine plays:

- `after-the-end-*`: once the round is over, every action word by every actor is
  refused (`round_over`, or `wrong_actor`), and nothing changes;
- `out-of-turn`: a full table where, before each decision, every other seat (and the
  banker) tries to act (`wrong_actor`);
- `unknown-words`, `malformed-amounts`: action words no vocabulary has (`unknown_action`
  or `illegal_action`) and amounts that are not whole numbers, missing, negative or
  given where none is taken (`malformed_amount` or `bad_amount`);
- `table-N-seats`: every table size from one seat to `table.max_players`;
- `limit-*`: the largest and the smallest stake (`FUZZ_STAKE_CAP` stands for "no
  maximum"), the most hands a split makes, the most cards a player's and the banker's
  hand take;
- `pack-runs-out*` (`shoe.py`): a full table on the ruleset's packs until they run out,
  and what `between_deals.pack_runs_out` says happens then.

The refusal codes come from the reference engine (`reference.refusal`); a vector
expecting a finer code is answered by it or by the basic code it refines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pontoon_rules.conformance.vectors.build import Plan, build
from pontoon_rules.engine.round.actions import (
    KINDS,
    PROBED_KINDS,
    SPLIT,
    STICK,
    TWIST,
    WITH_AMOUNT,
    Action,
)
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.rules import Rules, in_units
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import random_action
from pontoon_rules.errors import PontoonError

SEARCH = 400
"""The most seeded rounds tried to find a round with a wanted property."""
TRIES = 40
"""The most rounds tried to find one that relies on no reading of its source."""
UNKNOWN_WORDS = ("fold", "Stick", "TWIST", "", "twist ", "double-down", "hit-me")
"""Action words no vocabulary has (those that become words later are left out)."""
MALFORMED = ("100", 1.5, True, None, [100], {"amount": 100})
"""Amounts that are not whole numbers (None: the amount left out)."""
Choose = Callable[[RoundState, random.Random], int]
Decide = Callable[[RoundState, random.Random], Action]
Probe = Callable[[RoundState], list[tuple[str, Any]]]


def probe_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """Every probing vector of `rules` (a note for each that cannot be made)."""
    from pontoon_rules.conformance.vectors.shoe import shoe_vectors

    makers = (after_the_end, out_of_turn, unknown_words, malformed_amounts, table_vectors,
              limit_vectors, shoe_vectors)
    out: list[dict[str, Any]] = []
    for make in makers:
        try:
            out.extend(make(rules, embed, notes))
        except PontoonError as e:  # a ruleset the probe cannot play: say so, go on
            notes.append(f"{rules.ruleset.id}: {make.__name__}: {e}")
    return out


# -- a round played by rules of our choosing ---------------------------------------------


def play(rules: Rules, stakes: list[int], rng: random.Random, choose: Choose | None = None,
         decide: Decide | None = None, probes: Probe | None = None
         ) -> tuple[list[str], Plan, RoundState]:
    """A round with `choose`'s cards, `decide`'s decisions and `probes` before each one
    (random cards and decisions by default); its shoe, plan and final state."""
    state = RoundState(rules, stakes)
    shoe: list[str] = []
    plan: Plan = []
    while not state.is_terminal():
        if state.is_chance_node():
            card = choose(state, rng) if choose else _random_card(state, rng)
            state.apply_action(card)
            shoe.append(card_code(card))
            continue
        if probes is not None:
            plan.extend(probes(state))
        action = decide(state, rng) if decide else random_action(
            rng.choice(state.legal_actions()), rng, state.rules)
        plan.append(("do", f"{state.actor_name()} {action}"))
        state.apply_action(action)
    return shoe, plan, state


def _random_card(state: RoundState, rng: random.Random) -> int:
    cards, weights = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choices(cards, weights)[0])


def _rng(rules: Rules, name: str) -> random.Random:
    return random.Random(f"probes:{rules.ruleset.id}:{name}")


def _stake(rules: Rules) -> int:
    stake = max(100, rules.min_stake)
    return in_units(rules, min(stake, rules.max_stake) if rules.max_stake is not None
                    else stake)


def _vector(rules: Rules, embed: bool, name: str, description: str, stakes: list[int],
            shoe: list[str], plan: Plan) -> dict[str, Any]:
    return build(rules, f"{rules.ruleset.id}/{name}", description, stakes, shoe, plan, embed)


def actors(state: RoundState) -> list[str]:
    """Every actor a round knows: its seats and the banker."""
    return [f"p{i + 1}" for i in range(len(state.seats))] + ["banker"]


def any_move(state: RoundState, actor: str) -> dict[str, Any]:
    """A move that would be legal now for the current actor, made by `actor`."""
    option = state.legal_actions()[0]
    out: dict[str, Any] = {"actor": actor, "action": option.kind}
    if option.low is not None:
        out["amount"] = option.low
    return out


# -- after the end -----------------------------------------------------------------------


def after_the_end(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """Every word by every actor after the end: a round that ends as usual, one that ends
    with every hand bust, one the banker's pontoon ends at once (where the rules have
    them)."""
    out = []
    wanted = {"after-the-end": lambda s: True,
              "after-the-end-all-bust": lambda s: all(
                  h.cards and _bust(h, rules) for seat in s.seats for h in seat.hands),
              "after-the-end-at-once": lambda s: s.ended_early}
    rng = _rng(rules, "after-the-end")
    for name, found in wanted.items():
        def make(name: str = name, found: Callable[[RoundState], bool] = found
                 ) -> dict[str, Any] | None:
            stakes = [_stake(rules)]
            shoe, plan, state = play(rules, stakes, rng)
            if not found(state):
                return None
            return _vector(rules, embed, name, (
                "After the end of the round every action by anyone is refused (round_over, "
                "or wrong_actor) and changes nothing."), stakes, shoe, plan + _after(state))

        vector = preferring_must(make)
        if vector is not None:
            out.append(vector)
    return out


def preferring_must(make: Callable[[], dict[str, Any] | None], tries: int = SEARCH
                    ) -> dict[str, Any] | None:
    """The first vector `make` gives whose level is `must` (a round that relies on no
    reading of its source), else the first it gave at all."""
    first = None
    for _ in range(tries):
        vector = make()
        if vector is None:
            continue
        if vector["level"] == "must":
            return vector
        first = first or vector
    return first


def _after(state: RoundState) -> Plan:
    moves: Plan = []
    from pontoon_rules.engine.round.legal import action_words

    offered = [w for w in action_words(state.rules) if w not in PROBED_KINDS]
    for actor in actors(state):
        for word in (*PROBED_KINDS, *offered):
            move: dict[str, Any] = {"actor": actor, "action": word}
            if word in WITH_AMOUNT:
                move["amount"] = state.rules.min_stake
            moves.append(("reject", move))
    moves.append(("reject", {"actor": "p1", "action": UNKNOWN_WORDS[0]}))
    return moves


def _bust(hand: Any, rules: Rules) -> bool:
    from pontoon_rules.engine.round.hand import points

    return points(hand, rules) > rules.bust_limit


# -- out of turn -------------------------------------------------------------------------


def out_of_turn(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """A full table; before each decision every other actor tries to act."""
    def probes(state: RoundState) -> list[tuple[str, Any]]:
        me = state.actor_name()
        return [("reject", any_move(state, who)) for who in actors(state) if who != me]

    stakes = [_stake(rules)] * rules.max_players
    rng = _rng(rules, "out-of-turn")

    def make() -> dict[str, Any] | None:
        shoe, plan, state = play(rules, stakes, rng, probes=probes)
        if not any(kind == "reject" for kind, _ in plan):
            return None  # the round ended before anyone decided: no turn to take out of
        plan += [("reject", {"actor": who, "action": STICK}) for who in actors(state)]
        return _vector(rules, embed, "out-of-turn", (
            f"{len(stakes)} seats: before each decision every other seat and the banker try "
            "to act (wrong_actor), and after the end everyone (round_over)."), stakes, shoe,
            plan)

    return _one(preferring_must(make, TRIES))


# -- unknown words and malformed amounts -------------------------------------------------


def unknown_words(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """Words no vocabulary has, at every decision of a round."""
    words = [w for w in UNKNOWN_WORDS if w not in KINDS]

    def probes(state: RoundState) -> list[tuple[str, Any]]:
        return [("reject", {"actor": state.actor_name(), "action": w}) for w in words]

    stakes = [_stake(rules)]
    rng = _rng(rules, "unknown-words")

    def make() -> dict[str, Any]:
        shoe, plan, _ = play(rules, stakes, rng, probes=probes)
        return _vector(rules, embed, "unknown-words", (
            "Action words the vocabulary lacks (another case, a space, another game's word) "
            "are refused (unknown_action, or illegal_action) and change nothing."),
            stakes, shoe, plan)

    return _one(preferring_must(make, TRIES))


def _one(vector: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [vector] if vector is not None else []


def malformed_amounts(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """Amounts that are no amount, at every decision (on the amount actions offered)."""
    def probes(state: RoundState) -> list[tuple[str, Any]]:
        me = state.actor_name()
        out: list[tuple[str, Any]] = []
        for option in state.legal_actions():
            if option.low is None:
                out.append(("reject", {"actor": me, "action": option.kind, "amount": 100}))
                continue
            for amount in MALFORMED:
                move: dict[str, Any] = {"actor": me, "action": option.kind}
                if amount is not None:
                    move["amount"] = amount
                out.append(("reject", move))
            out.append(("reject", {"actor": me, "action": option.kind, "amount": -1}))
            out.append(("reject", {"actor": me, "action": option.kind,
                                   "amount": (option.high or 0) + 1}))
        return out

    rng = _rng(rules, "malformed-amounts")
    stakes = [_stake(rules)]
    amounts = _has_amounts(rules)

    def make() -> dict[str, Any] | None:
        shoe, plan, _ = play(rules, stakes, rng, probes=probes)
        if amounts and not any(isinstance(m, dict) and isinstance(m.get("amount"), str)
                               for _, m in plan):
            return None
        return _vector(rules, embed, "malformed-amounts", (
            "Amounts that are not whole numbers (text, a fraction, true, a list), left out, "
            "negative, above the most, or given where none is taken are refused "
            "(malformed_amount or bad_amount) and change nothing."), stakes, shoe, plan)

    return _one(preferring_must(make, SEARCH if amounts else TRIES))


def _has_amounts(rules: Rules) -> bool:
    from pontoon_rules.ruleset.format.common import BuyMode

    return rules.buy_mode is not BuyMode.NONE or rules.insurance or rules.shoot


# -- table sizes -------------------------------------------------------------------------


def table_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """One round for every table size from one seat to `table.max_players`."""
    rng = _rng(rules, "tables")
    out = []
    for seats in range(1, rules.max_players + 1):
        stakes = [_stake(rules)] * seats
        shoe, plan, _ = play(rules, stakes, rng)
        out.append(_vector(rules, embed, f"table-{seats}-seat{'s' if seats > 1 else ''}",
                           f"A table of {seats} seat{'s' if seats > 1 else ''} (the dealing "
                           "order round the table, then the banker).", stakes, shoe, plan))
    return out


# -- the ruleset's limits ----------------------------------------------------------------


def limit_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """The largest and smallest stake, the most split hands, the most cards."""
    out = [largest_stake(rules, embed), smallest_stake(rules, embed),
           most_cards(rules, embed, banker=False), most_cards(rules, embed, banker=True)]
    if rules.split_allowed:
        found = most_splits(rules, embed)
        if found is None:
            notes.append(f"{rules.ruleset.id}: limit-most-splits: no round found")
        else:
            out.append(found)
    return out


def largest_stake(rules: Rules, embed: bool) -> dict[str, Any]:
    """A full table at the largest stake, every amount at its most."""
    from pontoon_rules.conformance.vectors.generate import stake_range

    if rules.bank_amount is not None:  # the bank caps the table's stakes together
        stakes = [rules.bank_amount]
        shoe, plan, _ = play(rules, stakes, _rng(rules, "largest-stake"), decide=_most)
        return _vector(rules, embed, "limit-largest-stake", (
            f"One seat stakes the whole bank ({rules.bank_amount}), every amount at its "
            "most: money in whole minor units, never rounded or overflowing."),
            stakes, shoe, plan)
    high = stake_range(rules)[1]
    stakes = [high] * rules.max_players
    shoe, plan, _ = play(rules, stakes, _rng(rules, "largest-stake"), decide=_most)
    cap = "" if rules.max_stake is not None else " (no maximum: 10^12)"
    return _vector(rules, embed, "limit-largest-stake", (
        f"Every seat at the largest stake{cap}, every buy, double and bet at its most: "
        "money in whole minor units, never rounded or overflowing."), stakes, shoe, plan)


def smallest_stake(rules: Rules, embed: bool) -> dict[str, Any]:
    """A full table at the smallest stake (odd payouts rounded as the rules say)."""
    low = rules.min_stake
    stakes = [low] * rules.max_players
    shoe, plan, _ = play(rules, stakes, _rng(rules, "smallest-stake"))
    return _vector(rules, embed, "limit-smallest-stake", (
        "Every seat at the smallest stake: fractional payouts as "
        "settlement.odd_amounts says."), stakes, shoe, plan)


def _most(state: RoundState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    ranged = [o for o in legal if o.low is not None]
    option = rng.choice(ranged) if ranged and rng.random() < 0.7 else rng.choice(legal)
    return Action(option.kind, option.high if option.low is not None else None)


def most_cards(rules: Rules, embed: bool, banker: bool) -> dict[str, Any]:
    """A hand that takes the most cards it can: the lowest cards, drawing while it may."""
    high = _ranked(rules)[::-1]

    def choose(state: RoundState, rng: random.Random) -> int:
        target_banker = state.pending[0] is state.banker
        order = _ranked(rules) if target_banker == banker else high
        return next(c for c in order if state.counts[c] > 0)

    def decide(state: RoundState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        mine = (state.actor_name() == "banker") == banker
        kinds = (TWIST, STICK) if mine else (STICK, TWIST)
        option = next((o for k in kinds for o in legal if o.kind == k), legal[0])
        return option.example()

    shoe, plan, _ = play(rules, [_stake(rules)], _rng(rules, "most-cards"), choose, decide)
    who = "banker's" if banker else "player's"
    return _vector(rules, embed, f"limit-most-cards-{'banker' if banker else 'player'}", (
        f"The {who} hand takes the lowest cards and draws while it may: as many cards as "
        "the rules allow (max_cards, 21, a bust)."), [_stake(rules)], shoe, plan)


def _ranked(rules: Rules) -> list[int]:
    """Every card, lowest value first (aces first where they can count one), as the
    ruleset's pack counts them."""
    return sorted(range(52), key=lambda c: (rules.values[c >> 2], c))


def most_splits(rules: Rules, embed: bool) -> dict[str, Any] | None:
    """A seat that splits as often as the rules allow (pairs dealt while a split is open)."""
    rng = _rng(rules, "most-splits")
    best: tuple[int, list[str], Plan] | None = None
    for rank in _split_ranks(rules):
        def choose(state: RoundState, rng: random.Random, rank: int = rank) -> int:
            if state.pending[0] is not state.banker:
                for card in range(rank * 4, rank * 4 + 4):
                    if state.counts[card] > 0:
                        return card
            return _random_card(state, rng)

        def decide(state: RoundState, rng: random.Random) -> Action:
            legal = state.legal_actions()
            for kind in (SPLIT, STICK):
                for option in legal:
                    if option.kind == kind:
                        return option.example()
            return random_action(rng.choice(legal), rng, state.rules)

        try:
            shoe, plan, state = play(rules, [_stake(rules)], rng, choose, decide)
        except PontoonError:
            continue
        hands = len(state.seats[0].hands)
        if best is None or hands > best[0]:
            best = (hands, shoe, plan)
    if best is None or best[0] < 2:
        return None
    hands, shoe, plan = best
    return _vector(rules, embed, "limit-most-splits", (
        f"Pairs dealt while a split is open: the seat splits into {hands} hands, as many as "
        "player.split allows."), [_stake(rules)], shoe, plan)


def _split_ranks(rules: Rules) -> list[int]:
    from pontoon_rules.engine.round.cards import RANK_CODES

    ranks = [r for r in range(13) if r in rules.split_ranks and rules.rank_present[r]]
    eight = RANK_CODES.index("8")
    return sorted(ranks, key=lambda r: (r != eight, r))[:3]
