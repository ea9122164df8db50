"""Issue 49, what the seventh reader left open (g49c): each finding as it reads on the
printed sheets, checked in every language the sheet prints."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pontoon_rules.docs.sheet.sheet_view import find_base, printable_rounds, worked_examples
from pontoon_rules.docs.sheet.sheets import render_sheet
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.narrate import EXTRAS
from pontoon_rules.docs.words.values import actor_text
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("sette-e-mezzo")))
def test_an_example_says_who_takes_the_bank_when_a_reale_passes_it(lang: str) -> None:
    """Sette e mezzo's example 3: player 1's reale loses to the banker's, and takes the
    bank all the same; the example said only 'player 1 loses 100'. It now says who banks
    next, and only where the rule passes the bank."""
    ruleset = load_bundled("sette-e-mezzo")
    catalog = translations(lang)
    said = catalog.gettext(EXTRAS["takes-bank"]) % {"who": actor_text("p1", catalog.gettext)}
    told = zip(worked_examples(ruleset, lang), printable_rounds(ruleset), strict=True)
    passing = [found["result"] for t, found in told if said[1:] in " ".join(t["lines"])]
    assert len(passing) == 1
    assert passing[0]["seats"][0]["hands"][0]["class"] == "sette-e-mezzo-reale"


def _session_passes_the_bank(ruleset: Ruleset, script: dict[str, Any]) -> bool:
    """Whether a session dealing `script` from a stacked pack (one seat, "ann", against
    the banker "bob") gives the bank to the seat for the next deal."""
    rules = compile_rules(ruleset)
    top = parse_cards(script["shoe"])
    rest = full_pack(rules)
    for card in top:
        rest.remove(card)
    session = Session(rules, ["bob", "ann"], random.Random(0), "bob", pack_order=top + rest)
    steps = iter(script["actions"])

    def act(state: RoundState) -> None:
        _actor, action = parse_step(next(steps), 0)
        state.apply_action(action)

    session.play_deal(list(script["stakes"]), act)
    return session.banker == "ann"


@pytest.mark.parametrize("ruleset_id", ["sette-e-mezzo", "pagat-british", "vingt-un",
                                        "ochko-home"])
def test_an_example_passes_the_bank_as_a_session_playing_it_does(ruleset_id: str) -> None:
    """The example's 'takes the bank' and the session's next banker are one rule
    (`engine.round.rotation`): each printed one-seat round, dealt from the same stacked
    cards in a session, passes the bank exactly where the example says so."""
    ruleset = load_bundled(ruleset_id)
    checked = 0
    for found in printable_rounds(ruleset):
        script, result = found["script"], found["result"]
        if len(script["stakes"]) != 1 or script.get("kitty"):
            continue
        passed = _session_passes_the_bank(ruleset, script)
        assert passed == (result.get("takes_bank") == "p1"), (ruleset_id, script)
        checked += 1
    assert checked


@pytest.mark.parametrize("ruleset_id", ["belarus-ponton", "australian-pontoon", "spanish-21"])
def test_a_russian_payout_cell_does_not_reuse_the_plain_total_rows_name(ruleset_id: str
                                                                        ) -> None:
    """Belarus's «1 к 1 по очкам» read as a payout 'on points': «по очкам» is the name of
    the plain-total row. A banker who may not hold the hand collects «1 к 1, как сумма»,
    the words the legend under the table explains («…считаются у него просто как
    сумма»); the PDFs keep their page budget (test_docs_sheets)."""
    ruleset = load_bundled(ruleset_id)
    text = render_sheet(ruleset, "md", "ru", find_base(ruleset)).decode("utf-8")
    plain = translations("ru").gettext("highest total")
    rows = [line.split(" | ") for line in text.splitlines() if line.startswith("| ")]
    takes = [cells[-1] for cells in rows[2:] if not cells[0].endswith(plain)]
    assert all(plain not in cell for cell in takes), takes
    assert any(cell.startswith("1 к 1, как сумма") for cell in takes), takes
    assert "просто как сумма." in text
