"""The insurance's and the side bets' own stakes (issue 45): a part of the stake
(`max_fraction`) that is not a whole amount at every stake a figure may be valued at.

The engine stakes insurance and a side bet at that part of the stake rounded down to a
whole minor unit (none at all below one unit); the analysis values the part exactly. The
rule that refuses a payout rounded at every stake the limits allow
(`family_features._rounded_where_valued`, over `outcomes.payout_terms`) now counts these
parts and what they are paid, so such a ruleset is refused by name, or played at a stake
where every part is whole (`analysis.upcards.played_stake`)."""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.engine.round.rules import compile_rules, stake_unit
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset

sys.path.insert(0, str(Path(__file__).parent))

from oracle import AGREES, REFUSES, judge, tiny  # noqa: E402
from test_oracle_cells45 import simulate_at  # noqa: E402


def _changed(base: str, changes: dict[str, Any]) -> Ruleset:
    data = tiny(base).model_dump(mode="python")
    for path, value in changes.items():
        data = with_value(data, path, value)
    return Ruleset.model_validate(data)


def _insured(most: int) -> Ruleset:
    """tiny-blackjack with insurance paid 5:1 (worth taking on this pack: the analysis
    insures) at a quarter of the stake, staked from 2 to `most`."""
    return _changed("tiny-blackjack", {"player.insurance.pays": "5:1",
                                       "player.insurance.max_fraction": (1, 4),
                                       "stakes.min_stake": 2, "stakes.max_stake": most})


def _side_bets(most: int) -> Ruleset:
    """tiny-side-bets (its pair worth taking) with side bets of a third of the stake,
    staked from 2 to `most`."""
    return _changed("tiny-side-bets", {"side_bets.max_fraction": (1, 3),
                                       "stakes.min_stake": 2, "stakes.max_stake": most})


CASES = {
    # before: shoe 0.138954656 against the engine's 0.103927184 playing the same play
    # (infinite deck 0.113574294 against 0.086230544): at a stake of 2 a quarter is 0, so
    # the engine offers no insurance, which the analysis valued at half a unit
    "insurance": (_insured, r"player\.insurance\.max_fraction 1/4 of the stake is not a "
                            r"whole amount at a stake of 2 .*no stake from 2 to 2 "),
    # before: shoe 0.170593851 against 0.103927184, infinite deck 0.357063878 against
    # 0.086230544: at a stake of 2 a third is 0, so the engine offers no side bet
    "side bet": (_side_bets, r"side_bets\.max_fraction 1/3 of the stake is not a whole "
                             r"amount at a stake of 2 .*no stake from 2 to 2 "),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_part_of_the_stake_rounded_at_every_stake_is_refused_by_name(
        case: str, tmp_path: Path) -> None:
    """Both exact figures were "accepted and disagrees" (see `CASES`); now `edge` (both
    decks) and the workbench refuse, naming the stake and the part, and the engine
    plays it."""
    import yaml
    from in_process import command_line

    from pontoon_rules.workbench.worker import _value

    made, words = CASES[case]
    ruleset = made(2)
    verdicts = {v.consumer: v for v in judge(ruleset, 20_000,
                                             only=("exact-shoe", "exact-infinite", "engine"))}
    for consumer in ("exact-shoe", "exact-infinite"):
        assert verdicts[consumer].verdict == REFUSES, verdicts[consumer]
        assert re.search(words, verdicts[consumer].detail), verdicts[consumer].detail
    assert verdicts["engine"].verdict == AGREES
    path = tmp_path / "part.yaml"
    data = {k: v for k, v in ruleset.model_dump(mode="json").items() if k != "extends"}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    for command in (("edge",), ("edge", "--deck", "infinite")):
        done = command_line(command[0], str(path), *command[1:])
        assert done.returncode != 0 and done.stdout == "", (command, done.stdout)
        assert re.search(words, " ".join(done.stderr.split())), (command, done.stderr)
    with pytest.raises(PontoonError, match=words):
        _value(ruleset)


def test_where_the_limits_hold_a_stake_where_the_part_is_whole_every_consumer_agrees() \
        -> None:
    """Side bets of a third of the stake, staked from 2 to 7: at 6 the bet is whole (and
    every payout), so the exact figures hold there and both simulations play there."""
    ruleset = _side_bets(7)
    assert stake_unit(ruleset) == 6
    assert simulate_at(ruleset, "engine") == 6
    assert simulate_at(ruleset, "compiled") % 6 == 0
    assert [v.verdict for v in judge(ruleset, 20_000)] == [AGREES] * 4


def test_what_a_part_of_the_stake_is_paid_counts_too() -> None:
    """Insurance of half the stake paid 3:2 is paid three quarters of the stake: whole at
    a multiple of 4, not at 2 (where 1 is insured and 1.5 paid). Before, the insurance's
    odds counted as odds of the whole stake (3:2: whole at 2), so a stake of 2 passed."""
    from pontoon_rules.ruleset.resolving.features import require_handled

    ruleset = _changed("tiny-blackjack", {"player.insurance.pays": "3:2",
                                          "hands.definitions.pontoon.pays": "1:1",
                                          "stakes.min_stake": 2, "stakes.max_stake": 2})
    assert stake_unit(ruleset) == 4
    with pytest.raises(PontoonError, match=r"player\.insurance\.pays 3:2 on player\."
                                           r"insurance\.max_fraction 1/2 "
                                           r"\(3/4 of the stake\) is not a whole amount.*the "
                                           r"engine rounds it \(settlement\.odd_amounts"):
        require_handled(ruleset, "edge")
    # no insurance offered: neither its part nor its odds count
    off = _changed("tiny-blackjack", {"player.insurance.allowed": False,
                                      "player.insurance.pays": "3:2",
                                      "hands.definitions.pontoon.pays": "1:1"})
    assert stake_unit(off) == 1
    assert compile_rules(off).stake_unit == 1



def _round(ruleset: Ruleset, stake: int, kind: str, amount: int | None) -> Any:
    """One round at `stake`: 9 9 dealt to the seat, A T to the banker (a pontoon), every
    decision declined or stuck but a bet of `amount` on `kind` (insurance or a pair, won);
    with `amount` None, the amounts the engine offers on `kind` when it is first offered."""
    from pontoon_rules.engine.round.actions import DECLINE, STICK, Action
    from pontoon_rules.engine.round.cards import parse_card
    from pontoon_rules.engine.round.results import seat_nets
    from pontoon_rules.engine.round.state import RoundState

    state = RoundState(compile_rules(ruleset), [stake])
    cards, bet = iter(["9H", "AS", "9S", "TD"]), False
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(parse_card(next(cards, "TC")))
            continue
        kinds = {o.kind for o in state.legal_actions()}
        if kind in kinds and not bet:
            if amount is None:
                return [a for a in range(1, stake + 1) if state.allows(Action(kind, a))]
            state.apply_action(Action(kind, amount))
            bet = True
        else:
            state.apply_action(Action(DECLINE if DECLINE in kinds else STICK))
    assert bet
    return seat_nets(state)[0]


BET_UNITS = {
    # insurance of up to 2/3 of the stake paid 3:2: every payout is whole at a stake of 3
    # (the most, 2/3 of it, is paid 3:2 x 2/3 = 1 stake), but insurance of 3 is paid 4.5
    "insure": ("tiny-blackjack", {"player.insurance.max_fraction": (2, 3),
                                  "player.insurance.pays": "3:2"}, Fraction(3, 2)),
    # a pair bet of up to 2/3 of the stake paid 3:2 (suited 9:1; no insurance): the same
    "pair": ("tiny-side-bets", {"side_bets.max_fraction": (2, 3), "side_bets.pair.pays": "3:2",
                                "player.insurance.allowed": False}, Fraction(3, 2)),
}


@pytest.mark.parametrize("kind", sorted(BET_UNITS))
def test_every_bet_the_engine_offers_below_the_most_is_paid_whole(kind: str) -> None:
    """Under `settlement.odd_amounts: exact` the engine offered every amount a multiple of
    the stake's unit (3 here): at a stake of 6, a bet of 3 only, which won 3 x 3/2 and
    raised a `ScriptError` (not a whole amount) where the round settled, and not the most,
    4 (2/3 of the stake, which the analysis values). Now a bet is a multiple of its own
    odds' unit (2, `outcomes.bet_units`): every amount offered is paid whole, the most
    among them."""
    base, changes, odds = BET_UNITS[kind]
    ruleset = _changed(base, {**changes, "settlement.odd_amounts": "exact",
                              "hands.definitions.pontoon.pays": "1:1"})
    assert stake_unit(ruleset) == 3
    for stake in (3, 6, 9, 12):
        offered = _round(ruleset, stake, kind, None)
        assert offered == list(range(2, stake * 2 // 3 + 1, 2)), (stake, offered)
        least = _round(ruleset, stake, kind, offered[0])
        for amount in offered:
            assert _round(ruleset, stake, kind, amount) - least == (
                (amount - offered[0]) * odds), (stake, amount)


def test_exact_money_at_limits_that_hold_no_whole_stake_is_refused_by_name() -> None:
    """Found by `oracle_fields.part_variants`: insurance of half the stake paid 5:2 under
    `settlement.odd_amounts: exact`, staked at 3 only. Every payout is whole at a multiple
    of 4 alone, and the engine takes no other stake, so no round can be played; `edge`
    printed a figure anyway (the refusal skipped exact money: "the stakes are multiples
    of the unit"), and the oracle's engine check raised a `ScriptError`. Now every
    consumer refuses, the analysis naming the stake limits."""
    from pontoon_rules.ruleset.resolving.features import require_handled

    ruleset = _changed("tiny-blackjack", {"player.insurance.pays": "5:2",
                                          "settlement.odd_amounts": "exact",
                                          "stakes.min_stake": 3, "stakes.max_stake": 3})
    assert stake_unit(ruleset) == 4
    with pytest.raises(PontoonError, match=r"no stake from 3 to 3 is a multiple of 4.*"
                                           r"settlement\.odd_amounts is exact"):
        require_handled(ruleset, "edge")
    assert [v.verdict for v in judge(ruleset, 20_000)] == [REFUSES] * 4
