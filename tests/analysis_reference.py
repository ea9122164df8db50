"""Brute-force reference for the exact model: drive the real `RoundState` over every
card sequence and every decision, maximising over what the player can see.

Cards come from an infinite deck (each rank present equally likely, one
representative card per rank), or with `finite=True` from the ruleset's own
pack as the engine holds it (`RoundState.counts`: each rank's chance is what is
left of it), with Fraction probabilities. The player's
information set is their own hands and actions and the banker's visible cards:
states that differ only in the banker's hidden cards are kept together as a
belief (a list of weighted states) and one decision is taken for all of them.
Buys and insurance try the least, a middle and the greatest amount. A banker
by choice plays `stand_on` (the engine's automatic banker), within what the engine
offers it (a banker who must stand on a total stands there).

Each enumeration runs with the cyclic garbage collector paused (`analysis.nogc`, as the
analysis's own solves run): its memo keeps hundreds of thousands of states and Fractions
alive, which the collector would scan again at every threshold to find almost no garbage
(about half of an enumeration's CPU time).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.engine.round.actions import Action, LegalAction
from pontoon_rules.engine.round.hand import total
from pontoon_rules.engine.round.named import ANY_SUITS
from pontoon_rules.engine.round.results import seat_nets
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import BANKER, Phase, RoundState
from pontoon_rules.ruleset.format.model import Ruleset

STAKE = 100
PLAYED = (Phase.BANKER, Phase.DONE)
"""The phases once the player has nothing left to decide (side bets come before the deal)."""
Belief = list[tuple[RoundState, Fraction]]


@gc_paused
def reference_value(rules: Rules, banker_stand_on: int = 17, finite: bool = False,
                    suits: bool = False) -> Fraction:
    """The best expected net per unit stake of one seat, by brute force.

    With `suits`, every card is dealt as itself (rank and suit) rather than one card per
    rank, so hands defined by their suits are made as often as the pack makes them; the
    player still decides by ranks alone (`_observation`), as the analysis's strategy
    does."""
    present = [c for c in range(52) if rules.card_present[c]]
    ranks = [r for r in range(13) if rules.rank_present[r]]
    cards = ([(c, Fraction(1, len(present))) for c in present] if suits
             else [(r * 4, Fraction(1, len(ranks))) for r in ranks])
    root = RoundState(rules, [STAKE]) if finite else RoundState(rules, [STAKE],
                                                                 counts=[10**6] * 52)
    solver = _Reference(rules, cards, banker_stand_on, finite, suits)
    return solver.value([(root, Fraction(1))]) / STAKE


@gc_paused
def policy_value(rules: Rules, policy: Callable[[RoundState], Action],
                 finite: bool = False) -> Fraction:
    """The expected net per unit stake of one seat playing `policy` (an engine policy:
    `analysis.engine_view.SeatPolicy`), every card sequence enumerated through the engine:
    the value of a method's own play, to hold its figure to (not the best play's). Played
    at `STAKE` (within the stake limits), or where a named hand is held or paid by the stake
    otherwise there than at the stake the analysis values it at, that stake
    (`analysis.upcards.played_stake`, as the engine's simulation plays)."""
    from pontoon_rules.sim.runs.engine import engine_stake

    stake = engine_stake(rules)  # STAKE within the limits, then played_stake
    ranks = [r for r in range(13) if rules.rank_present[r]]
    cards = [(r * 4, Fraction(1, len(ranks))) for r in ranks]
    root = RoundState(rules, [stake]) if finite else RoundState(rules, [stake],
                                                                 counts=[10**6] * 52)
    # a banker by choice plays the ruleset's own `banker.stand_on` (as the analysis's banker
    # policy and the engine's automatic banker do)
    solver = _Following(rules, cards, rules.banker_stand_on, finite, policy=policy)
    # a side bet reads the dealt cards' suits, a named hand by its suits its cards' (the
    # deal's where it is held as dealt only, else every card's): those are dealt card by
    # card (one card per rank would make every pair suited on an infinite deck, and from
    # two decks most; issue 45: a pair of tens `suits: mixed` was never made)
    read = [h for h in (*rules.player_hands, *rules.banker_hands) if h.suits != ANY_SUITS]
    solver.suits_throughout = any(not h.dealt_only for h in read)
    solver.deal_suits = rules.side_bets is not None or bool(read)
    if rules.side_bets is None and all(h.ranks is not None for h in read):
        solver.suit_ranks = frozenset(r for h in read for r in h.ranks or ())
    solver.banker_suits = rules.side_bets is not None or any(
        h.suits != ANY_SUITS for h in rules.banker_hands)
    return solver.value([(root, Fraction(1))]) / stake


@gc_paused
def refill_chance(rules: Rules, policy: Callable[[RoundState], Action]) -> tuple[Fraction,
                                                                               Fraction]:
    """For one seat playing `policy` on the ruleset's own pack, enumerated as
    `policy_value` does: the chance that the round runs the pack out (the engine then deals
    on from the discards or a new pack: `RoundState._refill`), and the greatest net per
    unit stake any finished round settles at. A method that follows the pack only while it
    lasts is off the engine's figure by at most their product, twice."""
    ranks = [r for r in range(13) if rules.rank_present[r]]
    cards = [(r * 4, Fraction(1, len(ranks))) for r in ranks]
    from pontoon_rules.sim.runs.engine import engine_stake

    stake = engine_stake(rules)  # as `policy_value` plays: within the stake limits
    solver = _Refills(rules, cards, rules.banker_stand_on, True, policy=policy)
    chance = solver.value([(RoundState(rules, [stake]), Fraction(1))]) / STAKE
    return chance, Fraction(solver.extreme, stake)


def capped(rules: Rules, cards: int) -> Rules:
    """`rules` with every hand (the player's, the banker's) held to `cards` cards at most
    (0: unchanged)."""
    if not cards:
        return rules
    data = rules.ruleset.model_dump(mode="python")
    for holder in ("player", "banker"):
        data[holder]["max_cards"] = min(data[holder]["max_cards"] or cards, cards)
    return compile_rules(Ruleset.model_validate(data))


class _Reference:
    def __init__(self, rules: Rules, cards: list[tuple[int, Fraction]], stand_on: int,
                 finite: bool = False, suits: bool = False) -> None:
        self.rules, self.cards, self.stand_on, self.finite = rules, cards, stand_on, finite
        self.suits = suits
        self.memo: dict[object, Fraction] = {}

    deal_suits = False
    """The dealt cards each as itself (the side bets read suits): on an infinite deck up to a
    relabelling of the suits; from the pack, each card with its count (one card a rank
    would deal the first card of that rank left, so two decks' pairs would come suited)."""

    suits_throughout = False
    """With `deal_suits`, every card of the round dealt with its suit, not the deal's alone
    (a named hand by its suits may be made of drawn cards)."""

    suit_ranks: frozenset[int] | None = None
    """With `deal_suits`, the ranks dealt with their suits (None: every rank): only those
    a named hand that reads suits is made of (a 7-7-7 of mixed suits reads a 7's suit, no
    other card's), each other card by its rank alone, as without suits. Issue 45: dealing
    every card of the round with its suit took the engine's check of such a hand past
    400 s of CPU."""

    banker_suits = True
    """With `deal_suits`, the banker's own draws (once every player's hand is done) dealt
    with their suits too: only where a banker's hand or a side bet reads suits; else by
    rank, and the banker's play memoised by what the pack holds of each rank."""

    def _outcomes(self, state: RoundState, banker: bool = False
                  ) -> list[tuple[int, Fraction]]:
        """The next card by rank (one representative card each; with `suits`, each card)
        with its chance (`banker`: a card of the banker's play, `banker_suits`)."""
        with_suit = (self.deal_suits and (self.suits_throughout or self._dealing(state))
                     and (self.banker_suits or not banker))
        if not self.finite:
            return self._suited(state) if with_suit else self.cards
        if self.suits:
            return [(card, Fraction(n, state.remaining)) for card, n in enumerate(state.counts)
                    if n]
        if with_suit:
            return self._suited_pack(state)
        by_rank: dict[int, tuple[int, int]] = {}
        for card, n in enumerate(state.counts):
            if n:
                first, total = by_rank.get(card >> 2, (card, 0))
                by_rank[card >> 2] = (first, total + n)
        return [(card, Fraction(n, state.remaining)) for card, n in by_rank.values()]

    def _suited_pack(self, state: RoundState) -> list[tuple[int, Fraction]]:
        """The next card of the pack with its suit, the suits up to a relabelling: each card
        of a suit already dealt this round, and for each rank one card of the suits not yet
        dealt for all of them (none of their cards is out, so they are alike); a rank whose
        suits no hand reads (`suit_ranks`), one card for all its suits."""
        held = _suits_held(state, self.suit_ranks)
        out, fresh = [], {}
        for card, n in enumerate(state.counts):
            if not n:
                continue
            if card & 3 in held and self._reads(card):
                out.append((card, Fraction(n, state.remaining)))
            else:
                first, count = fresh.get(card >> 2, (card, 0))
                fresh[card >> 2] = (first, count + n)
        return out + [(card, Fraction(n, state.remaining)) for card, n in fresh.values()]

    def _suited(self, state: RoundState) -> list[tuple[int, Fraction]]:
        """The next card of an infinite deck with its suit, the suits up to a relabelling:
        each suit already dealt, and one suit not yet dealt for all of them (the suits are
        alike: the first card is a spade, the next one of another suit a heart, ...)."""
        suits = [s for s in range(4) if self.rules.card_present[s + 4 * (self.cards[0][0]
                                                                         >> 2)]]
        held = _suits_held(state, self.suit_ranks)
        used = [s for s in suits if s in held]
        fresh = [s for s in suits if s not in held]
        out = []
        for card, q in self.cards:
            if not self._reads(card):
                out.append((card, q))
                continue
            out.extend((card - (card & 3) + s, q / len(suits)) for s in used)
            if fresh:
                out.append((card - (card & 3) + fresh[0], q * len(fresh) / len(suits)))
        return out

    def _reads(self, card: int) -> bool:
        """Whether `card`'s suit is dealt (`suit_ranks`)."""
        return self.suit_ranks is None or card >> 2 in self.suit_ranks

    def _dealing(self, state: RoundState) -> bool:
        """Whether the card due is one of the deal's."""
        dealt = len(state.banker.cards) + sum(len(h.cards) for seat in state.seats
                                              for h in seat.hands)
        return dealt < self.rules.player_cards + self.rules.banker_cards

    def value(self, belief: Belief) -> Fraction:
        """Best expected return (minor units) of a belief (weights need not sum to 1)."""
        out = Fraction(0)
        groups: dict[object, Belief] = {}
        for state, p in self._expand(belief):
            if state.phase in PLAYED:
                out += p * self._settle(state)
            else:
                groups.setdefault(_observation(state), []).append((state, p))
        for group in groups.values():
            out += self._decide(group)
        return out

    def _decide(self, group: Belief) -> Fraction:
        weight = sum(p for _, p in group)
        key = (_observation(group[0][0]),
               tuple(sorted((_hidden(s), p / weight) for s, p in group)))
        found = self.memo.get(key)
        if found is None:
            options = _choices(group[0][0].legal_actions())
            found = max(self.value(_apply(group, a)) / weight for a in options)
            self.memo[key] = found
        return found * weight

    def _settle(self, state: RoundState) -> Fraction:
        """Expected return once the player is done: the banker's play is enumerated once
        per banker cards (through the engine) and each finish settled by the engine."""
        if state.is_terminal():
            return Fraction(state.returns()[0])
        finishes = self._finishes(state, ("banker", self._pack(state) if self.finite else None))
        return sum((p * seat_nets(view)[0] for _final, view, p in finishes), Fraction(0))

    def _pack(self, state: RoundState) -> tuple[int, ...]:
        """What the pack holds, as the banker's play reads it: each card, or each rank
        where the banker's draws are dealt by rank (`banker_suits`)."""
        if not self.deal_suits or self.banker_suits:
            return tuple(state.counts)
        return tuple(sum(state.counts[r * 4:r * 4 + 4]) for r in range(13))

    def _finishes(self, state: RoundState, kind: tuple[object, ...]
                  ) -> list[tuple[RoundState, RoundState, Fraction]]:
        """Each finish of the banker's play from `state` (memoised by the banker's cards,
        the hands still live, the phase and `kind`): the finished state, the same with the
        player's seats, and its chance."""
        hands = [h for seat in state.seats for h in seat.hands]
        # the banker plays on for a live hand; a surrender void against a pontoon is not
        # live, but the banker still takes cards up to two for it (`engine.round.flow`)
        live = tuple((h.settled_net is None, h.surrendered) for h in hands)
        key = (kind, tuple(state.banker.cards), live, state.phase)
        finals = self.memo.get(key)
        if finals is None:
            finals = self.memo[key] = self._banker_finals(state)
        # a void surrender is settled at the end (`engine.round.flow._finish`): read it from the
        # finished state itself, whose hands are this state's (the key holds the counts)
        void = any(h.surrendered and h.settled_net is None for h in hands)
        out = []
        for final, p in finals:  # type: ignore[attr-defined]
            view = final
            if not void:
                view = object.__new__(RoundState)  # `final` with the player's seats
                view.__dict__.update(final.__dict__, seats=state.seats)
            out.append((final, view, p))
        return out

    def _banker_finals(self, state: RoundState) -> list[tuple[RoundState, Fraction]]:
        """The round's finished states from `state` on, by the banker's cards (any hands)."""
        out = []
        stack = [(state, Fraction(1))]
        while stack:
            s, p = stack.pop()
            if s.is_terminal():
                out.append((s, p))
            else:
                stack.extend((child, p * q) for child, q in self._step(s))
        return out

    def _step(self, state: RoundState) -> Belief:
        if state.is_chance_node():
            out = []
            for card, q in self._outcomes(state, banker=True):
                child = state.clone()
                child.apply_action(card)
                out.append((child, q))
            return out
        child = state.clone()
        child.apply_action(self._banker_action(child))
        return [(child, Fraction(1))]

    def _banker_action(self, state: RoundState) -> Action:
        """A banker by choice twists below `stand_on` where the engine lets it (a banker
        who must stand on a total is offered no twist there)."""
        points = total(state.banker, self.rules.ace_bonus)
        may_twist = any(a.kind == "twist" for a in state.legal_actions())
        return Action("twist" if points < self.stand_on and may_twist else "stick")

    def _expand(self, belief: Belief) -> Belief:
        out: Belief = []
        stack = list(belief)
        while stack:
            state, p = stack.pop()
            if state.phase in PLAYED:
                out.append((state, p))
            elif state.is_chance_node():
                for card, q in self._outcomes(state):
                    child = state.clone()
                    child.apply_action(card)
                    stack.append((child, p * q))
            elif not state.is_terminal() and state.current_player() == BANKER:
                child = state.clone()
                child.apply_action(self._banker_action(child))
                stack.append((child, p))
            else:
                out.append((state, p))
        return out


class _Following(_Reference):
    """`_Reference` taking the policy's action where it would take the best one."""

    def __init__(self, *args: object, policy: Callable[[RoundState], Action]) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.policy = policy

    def _decide(self, group: Belief) -> Fraction:
        # the policy sees what the player sees, so one information set (and the banker's
        # hidden cards' weights within it) has one value: kept, as `_Reference` keeps it
        # (without it a split's hands are enumerated again at every branch: hours)
        weight = sum(p for _, p in group)
        key = ("follow", _observation(group[0][0]),
               tuple(sorted((_hidden(s), p / weight) for s, p in group)))
        found = self.memo.get(key)
        if found is None:
            action = self.policy(group[0][0].clone())
            found = self.memo[key] = self.value(_apply(group, action)) / weight
        return found * weight


class _Refills(_Following):
    """`_Following` whose payoff is a stake where the pack ran out in the round, else
    nothing (`refill_chance`); the greatest |net| settled kept in `extreme`."""

    extreme = 0

    def _settle(self, state: RoundState) -> Fraction:
        if state.is_terminal():
            self.extreme = max(self.extreme, abs(state.returns()[0]))
            return Fraction(STAKE if state.refills else 0)
        out = Fraction(0)
        for final, view, p in self._finishes(
                state, ("refills", tuple(state.counts), len(state.refills))):
            self.extreme = max(self.extreme, abs(seat_nets(view)[0]))
            out += p * (STAKE if final.refills else 0)
        return out


def _choices(legal: list[LegalAction]) -> list[Action]:
    out = []
    for option in legal:
        if option.low is None:
            out.append(Action(option.kind))
        else:
            high = option.high or option.low
            out.extend(Action(option.kind, a) for a in sorted({option.low, high,
                                                               (option.low + high) // 2}))
    return out


def _apply(group: Belief, action: Action) -> Belief:
    out = []
    for state, p in group:
        child = state.clone()
        child.apply_action(action)
        out.append((child, p))
    return out


def _hands(state: RoundState) -> tuple[object, ...]:
    # ranks, not card ids: in a finite pack the representative card dealt for a rank
    # depends on which cards of that rank the banker holds, and must not tell the player
    return tuple((tuple(c >> 2 for c in h.cards), tuple(h.stakes), h.settled_net, h.done,
                  h.blocked)
                 for seat in state.seats for h in seat.hands)


def _observation(state: RoundState) -> object:
    from pontoon_rules.engine.round.faces import banker_up_cards

    seat = state.seats[0]
    # the cards the engine shows (`faces.banker_hidden: first` shows the last dealt)
    visible = tuple(c >> 2 for c in banker_up_cards(state))
    return (state.phase, state.seat_cursor, state.hand_cursor, _hands(state), visible,
            seat.insurance, seat.even_money, tuple(str(a) for _, a in state.history
                                                   if not isinstance(a, int)))


def _suits_held(state: RoundState, ranks: frozenset[int] | None = None) -> set[int]:
    """The suits of the cards dealt so far this round (of `ranks` only, where given: the
    other cards are dealt without their suits)."""
    cards = [*state.banker.cards, *(c for seat in state.seats for h in seat.hands
                                    for c in h.cards)]
    return {c & 3 for c in cards if ranks is None or c >> 2 in ranks}


def _hidden(state: RoundState) -> tuple[int, ...]:
    return tuple(c >> 2 for c in state.banker.cards)


