"""One round as a state machine with an OpenSpiel-style API.

`current_player()` is a seat index (0 = p1, the banker's left), `BANKER` when a
banker who draws by choice decides, `CHANCE` when a card must be dealt, or
`TERMINAL`. Chance outcomes are cards, with probabilities from what the packs
still hold; a driver (a stacked shoe, a seeded shuffle, an exact analysis) picks
them and applies them with `apply_action(card)`.

Shoot Pontoon: given a kitty (`kitty=K`) under a ruleset with `shoot.enabled`,
the round also offers shoot decisions (`Phase.SHOOT`, see `engine.round.shoot`); the
seats' nets then include their shoot bets, the banker's net is minus the seats'
stake nets, and the result carries the kitty's change.
"""

from __future__ import annotations

import json
from functools import cache

from pontoon_rules.engine.round import calling_off, faces, flow, live_bank, shoot, side_bets
from pontoon_rules.engine.round.actions import INSURE, MATCH, OPEN, PAIR, Action, LegalAction
from pontoon_rules.engine.round.cards import (
    CARDS_PER_PACK,
    RANK_CODES,
    RANK_WORDS,
    SUIT_CODES,
    SUIT_WORDS,
    card_code,
)
from pontoon_rules.engine.round.hand import Hand, is_bust, read_up
from pontoon_rules.engine.round.phase import BANKER, CHANCE, TERMINAL, Phase
from pontoon_rules.engine.round.results import RoundResult, seat_nets, settle_round
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import IllegalActionError, ScriptError, ShoeError

_ACTOR_NAMES = {CHANCE: "chance", BANKER: "banker", TERMINAL: "terminal"}


class Seat:
    """One player's place at the table: hands, insurance, even money and side bets."""

    __slots__ = ("index", "hands", "insurance", "decided", "even_money", "side_bets",
                 "side_nets", "side_done")

    def __init__(self, index: int, stake: int) -> None:
        self.index = index
        self.hands = [Hand(stake)]
        self.insurance = 0
        self.decided = False
        self.even_money = False
        self.side_bets: dict[str, int] = {}
        """Side bets put down before the deal, by action word (`engine.round.side_bets`)."""
        self.side_nets: dict[str, int] = {}
        """What each side bet made, once the deal is done."""
        self.side_done = True

    def clone(self, mapping: dict[int, Hand]) -> Seat:
        """An independent copy whose hands are clones, entered in `mapping` by old id."""
        other = Seat.__new__(Seat)
        other.index, other.insurance, other.decided = self.index, self.insurance, self.decided
        other.even_money, other.side_done = self.even_money, self.side_done
        other.side_bets, other.side_nets = dict(self.side_bets), dict(self.side_nets)
        other.hands = []
        for hand in self.hands:
            mapping[id(hand)] = copy = hand.clone()
            other.hands.append(copy)
        return other


class RoundState:
    """A round of play under `rules`, from the deal to settlement."""

    def __init__(self, rules: Rules, stakes: list[int], counts: list[int] | None = None,
                 kitty: int | None = None, bank: int | None = None) -> None:
        bank = rules.bank_amount if bank is None else bank
        _check_stakes(rules, stakes, live_bank.checked_against(rules, stakes, bank))
        self.bank_left: int | None = live_bank.opening_left(rules, stakes, bank)
        """Where the bank is an amount: what may still be staked against it this round
        (buys, doubles, splits and insurance are capped by it; `engine.round.live_bank`)."""
        self.stakes_placed = 0 if rules.bank_as_it_stands else len(stakes)
        """How many seats' stakes are placed against the bank (as it stands: each at its
        seat's turn; else all at the start)."""
        self.rules = rules
        self.seats = [Seat(i, stake) for i, stake in enumerate(stakes)]
        self.banker = Hand()
        faces.start_deal(self)
        if counts is None:
            self.counts = _full_counts(rules)[:]
            self.remaining = sum(self.counts)
        else:
            self.counts = counts[:]
            self.remaining = sum(counts)
        self.refills_itself = counts is None and rules.decks is not None
        """A fresh round (no outside pack) refills its own stock when it runs out, as
        `between_deals.pack_runs_out` says; a driver that passes `counts` does it itself."""
        self.discards: list[int] = []
        """Cards out of play this round: hands thrown in bust (`bust_loses_at_once`)."""
        self.refills: list[str] = []
        """How the stock was refilled each time it ran out: 'discards' or 'new-pack'."""
        self.phase = Phase.DEAL
        self.pending: list[Hand] = flow.deal_order(self)
        self.deal_waiting: list[Hand] = []
        """The deal's cards held back while the seats put down side bets."""
        if rules.side_bets is not None:
            self.deal_waiting, self.pending = self.pending, []
            self.phase = Phase.SIDE_BETS
            for seat in self.seats:
                seat.side_done = False
        self.seat_cursor = 0
        self.hand_cursor = 0
        self.history: list[tuple[int, object]] = []
        """(actor, action): actor CHANCE with a card number, else a seat/BANKER and an Action."""
        self.ended_early = False
        self.calling_off: str | None = None
        """The banker's deal called off or not (`engine.round.calling_off`); None: not offered."""
        self.legal_cache: list[LegalAction] | None = None
        self._result: RoundResult | None = None
        self.kitty: shoot.Kitty | None = None
        """Shoot Pontoon's kitty, when the ruleset plays it and one is put up."""
        if kitty and rules.shoot:
            _check_kitty(kitty)
            self.kitty = shoot.Kitty(kitty)
            shoot.hold_first_offers(self, self.kitty)

    # -- the OpenSpiel vocabulary ------------------------------------------------
    def current_player(self) -> int:
        """The seat index to act, `BANKER`, `CHANCE` or `TERMINAL`."""
        if self.pending:
            return CHANCE
        if self.phase is Phase.DONE:
            return TERMINAL
        if self.phase is Phase.BANKER:
            return BANKER
        if self.phase is Phase.INSURANCE:
            return flow.insurance_seat(self)
        if self.phase is Phase.SHOOT and self.kitty is not None:
            return shoot.current_seat(self.kitty)
        if self.phase is Phase.SIDE_BETS:
            return side_bets.current_seat(self)
        return self.seat_cursor

    def is_chance_node(self) -> bool:
        """Whether the next step is a card from the shoe."""
        return bool(self.pending)

    def is_terminal(self) -> bool:
        """Whether the round is over and settled."""
        return self.phase is Phase.DONE and not self.pending

    def legal_actions(self) -> list[LegalAction]:
        """The decisions open to the current actor (empty at chance and terminal nodes)."""
        if self.pending or self.phase is Phase.DONE:
            return []
        if self.legal_cache is None:
            self.legal_cache = (calling_off.legal(self) if calling_off.due(self)
                                else flow.legal(self))
        if self.rules.stake_unit > 1:
            return ranges_in_units(self.legal_cache, self.rules)
        return self.legal_cache

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card the shoe may give next, with its probability."""
        if not self.pending:
            return []
        total = self.remaining
        return [(card, n / total) for card, n in enumerate(self.counts) if n]

    def apply_action(self, action: Action | int) -> None:
        """Deal a card (at a chance node) or take a decision.

        Raises:
            ShoeError: the card is not left in the packs.
            IllegalActionError: the decision is not legal here.
        """
        if self.pending:
            if not isinstance(action, int):
                raise IllegalActionError(str(action), "chance", [], "a card must be dealt")
            self._deal(action)
        elif isinstance(action, int):
            raise IllegalActionError(card_code(action), self.actor_name(), self._legal_names())
        else:
            self._decide(action)
        self.legal_cache = None
        if not self.pending:
            flow.advance(self)
        if self.pending and not self.remaining and self.refills_itself:
            self._refill()

    def returns(self) -> list[int]:
        """Each seat's net result (without a kitty the banker's is minus their sum)."""
        if self._result is not None:
            return [seat.net for seat in self._result.seats]
        if not self.is_terminal():
            self.result()  # raises: the round is not over
        return seat_nets(self)

    def result(self) -> RoundResult:
        """The settlement of a finished round."""
        if not self.is_terminal():
            raise IllegalActionError("settle", self.actor_name(), self._legal_names(),
                                     "the round is not over")
        if self._result is None:
            self._result = settle_round(self)
        return self._result

    def observation(self, actor: int | None = None) -> dict[str, object]:
        """What `actor` (a seat index or `BANKER`; default: the current actor) sees now.

        OpenSpiel's information state: every card face up, the actor's own cards, and for
        every other card only that it is there (`None`). See `engine.round.faces`.
        """
        return faces.observation(self, self.current_player() if actor is None else actor)

    def information_state_string(self, actor: int | None = None) -> str:
        """`observation(actor)` as canonical JSON text (equal strings: same information)."""
        return json.dumps(self.observation(actor), sort_keys=True, separators=(",", ":"))

    def clone(self) -> RoundState:
        """An independent copy of the state."""
        return flow.clone(self)

    def return_cards(self, cards: list[int]) -> None:
        """Put `cards` back into the packs mid-round (a busted hand's cards to the bottom,
        the discards shuffled, a fresh pack); they are no longer among the discards."""
        if self.rules.decks is None:
            return
        for card in cards:
            self.counts[card] += 1
            if card in self.discards:
                self.discards.remove(card)
        self.remaining += len(cards)

    def take_discards(self) -> list[int]:
        """The cards out of play this round, removed from the discards (to be shuffled)."""
        taken, self.discards = self.discards, []
        return taken

    def _refill(self) -> None:
        """The stock ran out with a card due: as `between_deals.pack_runs_out` says."""
        thrown = [] if self.rules.new_pack_when_out else self.take_discards()
        self.refills.append("discards" if thrown else "new-pack")
        cards = thrown or [card for card, n in enumerate(_full_counts(self.rules))
                           for _ in range(n)]
        for card in cards:
            self.counts[card] += 1
        self.remaining += len(cards)

    # -- helpers -----------------------------------------------------------------
    def actor_name(self, actor: int | None = None) -> str:
        """'p1'…, 'banker', 'chance' or 'terminal' for `actor` (default: current)."""
        actor = self.current_player() if actor is None else actor
        return _ACTOR_NAMES.get(actor) or f"p{actor + 1}"

    def _legal_names(self) -> list[str]:
        return [str(a) for a in self.legal_actions()]

    def _deal(self, card: int) -> None:
        rules, counts = self.rules, self.counts
        if not 0 <= card < CARDS_PER_PACK or counts[card] <= 0:
            raise ShoeError(_not_left(rules, card))
        if rules.decks is not None:
            counts[card] -= 1
            self.remaining -= 1
        hand = self.pending.pop(0)
        up = -1
        thrown_in = False
        if hand is self.banker:
            faces.banker_card(self)
        elif rules.bust_loses_at_once and rules.decks and rules.hidden_bust_pays is None:
            # a hand thrown in bust leaves its cards out of play: was it live before?
            up = read_up(self.banker, rules)
            thrown_in = not is_bust(hand, rules, up)
        hand.add(card, rules.values, rules.wild, rules.wild_lowest)
        if hand.doubles:
            hand.drawn_since_double += 1
        self.history.append((CHANCE, card))
        if thrown_in and is_bust(hand, rules, up):
            self.discards.extend(hand.cards)

    def allows(self, action: Action) -> bool:
        """Whether `action` is legal now: a legal kind, its amount in range and, where every
        amount must be a multiple of a unit (`settlement.odd_amounts: exact`), one."""
        return _allowed(action, self.legal_actions(), self.rules)

    def _decide(self, action: Action) -> None:
        actor = self.current_player()
        legal = self.legal_actions()
        if not _allowed(action, legal, self.rules):
            code = "bad_amount" if any(o.kind == action.kind for o in legal) else "illegal_action"
            raise IllegalActionError(str(action), self.actor_name(), [str(a) for a in legal],
                                     code=code)
        self.history.append((actor, action))
        if calling_off.due(self):
            calling_off.apply(self, action)
        else:
            flow.apply_decision(self, action)


def _allowed(action: Action, legal: list[LegalAction], rules: Rules) -> bool:
    """`RoundState.allows` with the legal actions at hand."""
    if action.amount is not None and action.amount % amount_unit(rules, action.kind):
        return False
    for option in legal:
        if option.allows(action):
            return True
    return False


def full_counts(rules: Rules) -> list[int]:
    """How many of each card the ruleset's packs hold."""
    return _full_counts(rules)[:]


def shoe_name(rules: Rules) -> str:
    """'6-pack shoe', or 'infinite deck' when cards are dealt with replacement."""
    return "infinite deck" if rules.decks is None else f"{rules.decks}-pack shoe"


@cache
def _full_counts(rules: Rules) -> list[int]:
    """Copies of each card in the packs; with an infinite deck, 1 per card (its weight:
    the counts never change)."""
    copies = 1 if rules.decks is None else rules.decks
    return [copies if rules.card_present[card] else 0 for card in range(CARDS_PER_PACK)]


def _not_left(rules: Rules, card: int) -> str:
    """Why `card` cannot be dealt: not a card, not in this game's pack, or all dealt."""
    if not 0 <= card < CARDS_PER_PACK:
        return f"card {card} is not a card number (0 to {CARDS_PER_PACK - 1})"
    if not rules.card_present[card]:
        return (f"card {card_code(card)} is not in this game's pack "
                f"({pack_words(rules)})")
    return (f"card {card_code(card)} is not left in the {shoe_name(rules)} (more copies "
            "than the packs contain)")


def pack_words(rules: Rules) -> str:
    """What one pack holds, in words: '52 cards', or '48 cards: no tens'."""
    pack = rules.ruleset.pack
    held = sum(rules.card_present)
    missing_ranks = [x for x in RANK_CODES if x not in {r.value for r in pack.ranks}]
    missing_suits = [x for x in SUIT_CODES if x not in {s.value for s in pack.suits}]
    parts = ([f"no {RANK_WORDS[x]}" for x in missing_ranks]
             + [f"no {SUIT_WORDS[x]}" for x in missing_suits])
    return f"{held} cards a pack" + (": " + ", ".join(parts) if parts else "")


def _check_kitty(kitty: int) -> None:
    if not isinstance(kitty, int) or isinstance(kitty, bool) or kitty < 0:
        raise ScriptError(f"kitty {kitty!r}: expected a whole amount of at least 0")


def amount_unit(rules: Rules, kind: str) -> int:
    """What an amount of action `kind` must be a multiple of (`settlement.odd_amounts:
    exact`, else 1): an insurance or a side bet its own odds' unit (`Rules.insurance_unit`,
    `Rules.side_bet_unit`: each amount of it paid whole), every other amount the stake's
    (`Rules.stake_unit`); an opening names a seat, not an amount."""
    if kind == OPEN:
        return 1
    if kind == INSURE:
        return rules.insurance_unit
    return rules.side_bet_unit if kind in (PAIR, MATCH) else rules.stake_unit


def ranges_in_units(legal: list[LegalAction], rules: Rules) -> list[LegalAction]:
    """`legal` with each amount range cut to the multiples of its unit (`amount_unit`,
    `settlement.odd_amounts: exact`); an action left no multiple in its range is not
    offered."""
    out = []
    for option in legal:
        unit = amount_unit(rules, option.kind)
        if option.low is None or unit == 1:
            out.append(option)
            continue
        low, high = -(-option.low // unit) * unit, (option.high or 0) // unit * unit
        if low <= high:
            out.append(LegalAction(option.kind, low, high))
    return out


def _check_stakes(rules: Rules, stakes: list[int], bank: int | None = None) -> None:
    if not stakes:
        raise ScriptError("a round needs at least one seat (stakes is empty)")
    if len(stakes) > rules.max_players:
        raise ScriptError(f"{len(stakes)} seats, but the ruleset allows at most "
                          f"{rules.max_players}")
    left = bank
    for i, stake in enumerate(stakes):
        if type(stake) is not int or stake < rules.min_stake:
            raise ScriptError(f"p{i + 1}: stake {stake!r} is below the minimum "
                              f"{rules.min_stake} (stakes are whole minor units)")
        if stake % rules.stake_unit:
            raise ScriptError(f"p{i + 1}: stake {stake} is not a multiple of "
                              f"{rules.stake_unit} (settlement.odd_amounts is exact: every "
                              "payout must be a whole amount)")
        va_bank = rules.va_bank and stake == left
        if rules.max_stake is not None and stake > rules.max_stake and not va_bank:
            raise ScriptError(f"p{i + 1}: stake {stake} is above the maximum "
                              f"{rules.max_stake}" + (" (only a stake of the whole bank, "
                                                      f"{left}, may be)" if rules.va_bank
                                                      and left else ""))
        if left is not None:
            if stake > left:
                raise ScriptError(f"p{i + 1}: stake {stake} is more than the bank has left "
                                  f"({left})")
            left -= stake
