"""Issue 49 (reader r49c): a house-dealer sheet's home paragraph said stakes are "each cut
to what the bank still has free" but not how much of the bank a stake ties up, nor what
happens to a win larger than what is left. It now says what the engine does with a bank
that is an amount (`engine.round.live_bank`): a stake ties up its own amount, not the
most it may win, and a win past what the bank holds is paid in full and breaks it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from test_session import scripted, stacked

from pontoon_rules.docs.sheet.sheet_view import payout_rows
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.marks import odds
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

HOUSE = ("casino-ochko", "australian-pontoon", "spanish-21", "belarus-ponton")
WORDS = {"en": ("ties up just its own amount of the bank, not the most it may win",
                "wins are paid in full even where they come to more than the bank holds"),
         "ru": ("Ставка занимает в банке ровно свою сумму, а не наибольший выигрыш",
                "выигрыши выплачивают полностью, даже если они больше, чем есть в банке")}
"""The words in any case (a game with house prizes says them in two sentences: 'Wins are
paid…'), a stake or, in Chukchansi's words, a bet (test_docs_reader49s)."""


def _best_paid(ruleset_id: str) -> Fraction:
    """The best odds a player's hand is paid, read off the sheet's hands table."""
    rows = payout_rows(load_bundled(ruleset_id), translations("en").gettext)
    return max(Fraction(*map(int, row["pays"].split(",")[0].split(":")))
               for row in rows if row["pays"][:1].isdigit())


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize("ruleset_id", HOUSE)
def test_the_home_bank_says_what_a_stake_ties_up(ruleset_id: str, lang: str) -> None:
    ruleset = load_bundled(ruleset_id)
    home = [s for s in sentences(ruleset, lang) if s.chapter == "home"]  # its own part (g6)
    assert home and all(s.reading for s in home)  # †: our reading
    text = " ".join(s.text for s in home)
    for part in WORDS[lang]:
        assert part.lower() in text.lower(), part
    assert f"({odds(_best_paid(ruleset_id), translations(lang).gettext)}" in text


def test_the_engine_ties_up_a_stake_and_pays_a_win_past_the_bank() -> None:
    """What the sentence says, played: 100 + 100 staked leave 150 of 350; a 40 stake of
    a 40 bank that wins 2:1 (a pontoon) is paid 80, and the broken bank passes on."""
    rules = compile_rules(load_ruleset("tests/rulesets/capped-bank.yaml"))
    assert RoundState(rules, [100, 100], bank=350).bank_left == 150
    s = Session(rules, list("ABC"), random.Random(1), banker="A", bank=40,
                pack_order=stacked(rules, "AS TH KS 5D 7H 2D"))
    record = s.play_deal([40, 0], scripted("banker stick"))
    assert record.result.banker_net == -80 and s.banker == "C"
