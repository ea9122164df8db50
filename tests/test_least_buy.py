"""`stakes.least_buy`: the least one buy adds, a field of its own (the re-read of stop 63:
"no buy below the table's least stake" was decided in code, `legal.buy_range`, with an open
note on Casino Filipino but no field a table could set). Null keeps the old rule (the least
stake); an amount of its own is played by the engine, said by the sheet, and refused by
the analysis and the simulator, which value a buy per unit of stake."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.legal import buy_range
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.canonical import behaviour_form


def _with(ruleset_id: str, **stakes: Any) -> Ruleset:
    data = load_bundled(ruleset_id).model_dump(mode="python")
    data["stakes"].update(stakes)
    return Ruleset.model_validate(data)


def _offered(ruleset: Ruleset, stake: int, codes: str = "8D 3S") -> tuple[int, int] | None:
    rules = compile_rules(ruleset)
    hand = Hand(stake)
    for card in parse_cards(codes.split()):
        hand.add(card, rules.values)
    offered = buy_range(hand, rules)
    return None if offered is None else (offered.low, offered.high)


def test_null_is_the_least_stake_as_before() -> None:
    """Casino Filipino says `least_buy: null`: its buy of any amount starts at the least
    stake, exactly as before the field (and its behaviour, so its ids, are unchanged)."""
    filipino = load_bundled("casino-filipino-pontoon")
    assert filipino.stakes.least_buy is None
    assert _offered(filipino, 100) == (filipino.stakes.limits()[0], 100)
    assert "least_buy" not in behaviour_form(filipino)["stakes"]


def test_an_amount_of_its_own_is_the_least_any_buy_adds() -> None:
    """A buy of any amount from 50: a stake of 100 buys 50 to 100; a stake of 40 may add
    at most 40, below 50, so no buy is offered at all."""
    filipino = _with("casino-filipino-pontoon", least_buy=50)
    assert _offered(filipino, 100) == (50, 100)
    assert _offered(filipino, 40) is None


def test_a_multiple_of_the_stake_below_it_is_raised_to_it_or_no_buy() -> None:
    """pagat-british buys once to twice the stake: with a least buy of 250, a stake of 200
    buys 250 to 400, and a stake of 100 (at most 200) cannot buy."""
    pagat = _with("pagat-british", least_buy=250)
    assert _offered(load_bundled("pagat-british"), 200) == (200, 400)
    assert _offered(pagat, 200) == (250, 400)
    assert _offered(pagat, 100) is None


def test_the_sheet_says_it() -> None:
    """Each wording of the buy says the least buy where the ruleset sets one."""
    from pontoon_rules.docs.words.sentences import sentences

    def said(ruleset: Ruleset, lang: str = "en", path: str = "stakes.least_buy") -> str:
        return " ".join(s.text for s in sentences(ruleset, lang) if path in s.paths)

    assert "A first buy adds at least 50 chips and at most 1× your original stake." in said(
        _with("casino-filipino-pontoon", least_buy=50))
    assert ("No buy adds less than 250 chips: a hand whose buy may not reach it cannot buy."
            in said(_with("pagat-british", least_buy=250)))
    assert "не добавляет меньше 250 фишек" in said(_with("pagat-british", least_buy=250), "ru")
    filipino = load_bundled("casino-filipino-pontoon")
    assert said(filipino) == ""
    assert "at least the minimum stake" in said(filipino, path="stakes.first_buy_min")


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "casino-filipino-pontoon"])
def test_the_analysis_refuses_it_by_name(ruleset_id: str) -> None:
    """The exact analysis values a buy per unit of stake, so an amount of its own is a
    refusal naming the field, never a figure."""
    from pontoon_rules.analysis.edge import house_edge

    rules = compile_rules(_with(ruleset_id, least_buy=250))
    with pytest.raises(PontoonError, match="least buy"):
        house_edge(rules)
