"""A worked example of «va-bank» against a bank as it stands (the Russian home Очко).

The stake paragraph names the rule (each stake cut, when its turn comes, to what the bank
then has free; a player may stake the whole bank) but a table applies it in turn, which
the reader found hard to follow. This plays it: two seats against a bank of the ruleset's
size, player 1 staking the whole bank and player 2 an example stake, once where player 1
stands and once where player 1 busts, through the engine (`engine.round.live_bank`). The
figures the sentence says are what the engine placed: nothing free for player 2 while
player 1's stake is held (player 2 keeps the stake named, and the cards dealt are not
played), the example stake once player 1's bust is paid into the bank.
Where the engine does not play it so (a bust not paid at once, say), there is no example.
"""

from __future__ import annotations

import random
from typing import Any

from pontoon_rules.docs.words.reading import plain
from pontoon_rules.docs.words.rounds import compiled, example_stake, kept
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.policies import automatic
from pontoon_rules.engine.round.results import HandResult, RoundResult
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.scripts.record import record_round
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.bank import BankCap
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST

TRIES = 400
"""Seeded rounds searched for each of the two cases (each is one deal in a few)."""


def _round(rules: Rules, stakes: list[int], rng: random.Random) -> RoundResult:
    return _replayed(rules, record_round(rules, stakes, rng, automatic))


def _replayed(rules: Rules, script: dict[str, Any], second: int | None = None) -> RoundResult:
    """The recorded round played again, player 2 asking `second` where given."""
    stakes = list(script["stakes"])
    if second is not None:
        stakes[1] = second
    return play(rules, stakes, parse_cards(script["shoe"]), script["actions"]).result


READS = ("table.bank.va_bank", "table.bank.cap", "table.bank.amount", "table.bank.entry",
         "table.max_players", "stakes.min_stake", "stakes.max_stake",
         "settlement.hidden_bust_pays")
"""The fields the example's words are made from (its sentence's cover, `docs.words.
sentences.RULES`): whether there is one (a «va-bank» against a bank as it stands, no entry,
two seats), the bank it stakes and the second player's stake (`rounds.example_stake`:
the stake limits), and whether a bust may be kept hidden (`shown`: then only a bust shown
goes into the bank at once, and the example says so). `va_bank_example` read through
`docs.words.reading` reads these."""


def va_bank_example(ruleset: Ruleset) -> dict[str, int] | None:
    """{"bank", "asked", "lost", "free", "shown"}: a bank of `bank`, player 2 asking `asked`
    after player 1's «va-bank», what player 1's bust pays into the bank, and what is free
    then (the stake back and the loss: the engine lets player 2 stake that and no more);
    `shown` 1 where a bust may be kept hidden (`settlement.hidden_bust_pays`): the bust
    paid at once is one its player shows (a hidden one's stake stays held, r49zv); None
    where the ruleset has no «va-bank» against a bank as it stands, or the engine plays
    neither case so.
    `ruleset` may be read through `docs.words.reading` (the engine gets the plain one)."""
    bank = ruleset.table.bank
    if not bank.va_bank or bank.cap is not BankCap.AS_IT_STANDS or bank.amount is None \
            or bank.entry is not None or ruleset.table.max_players < 2:
        return None
    whole, asked = int(bank.amount), example_stake(ruleset)
    found = kept(_FOUND, plain(ruleset), lambda r: _searched(r, whole, asked))
    if found is None:
        return None
    return {**found, "shown": int(ruleset.settlement.hidden_bust_pays is not None)}


_FOUND: dict[str, dict[str, int] | None] = {}


def _searched(ruleset: Ruleset, whole: int, asked: int) -> dict[str, int] | None:
    """Seeded rounds of `ruleset` with player 1 staking the bank (`whole`) and player 2
    `asked`, until one where player 1 stands and one where player 1 busts are found."""
    rules = compiled(ruleset)
    rng = random.Random(f"va-bank:{ruleset.id}")
    stood = lost = None
    for _ in range(TRIES):
        script = record_round(rules, [whole, asked], rng, automatic)
        first, second = (seat.hands[0] for seat in _replayed(rules, script).seats)
        if first.staked != whole:
            return None
        if first.hand_class == BUST and second.staked == asked and lost is None \
                and _frees(rules, script, whole - first.net):
            lost = -first.net
        elif first.hand_class != BUST and _sat_out(ruleset, second) and stood is None:
            stood = True
        if stood and lost:
            return {"bank": whole, "asked": asked, "lost": lost, "free": whole + lost}
    return None


def _frees(rules: Rules, script: dict[str, Any], free: int) -> bool:
    """Whether, once player 1's «va-bank» has bust, player 2 may stake `free` (its stake
    and what it lost) and not a unit more: what the example says is free then."""
    def staked(asked: int) -> int | None:
        try:
            return _replayed(rules, script, asked).seats[1].hands[0].staked
        except PontoonError:  # a stake the table refuses outright: not the example's
            return None
    return staked(free) == free and staked(free + rules.stake_unit) == free


def _sat_out(ruleset: Ruleset, hand: HandResult) -> bool:
    """Whether a seat sat the deal out as the sheet says: nothing staked, won or lost, and
    no card played beyond those dealt."""
    return hand.staked == 0 and hand.net == 0 and len(hand.cards) == ruleset.deal.player_cards
