"""Casino Очко played at home, as the readers' tests set it up: a house ruleset over
`casino-ochko` with a rotating banker (highest cut first, play to the left) and a bank of
its own, its compiled rules and a session on a stacked pack."""

from __future__ import annotations

import random
from pathlib import Path

from test_session import stacked

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.loading.loader import load_ruleset


def home_session(tmp_path: Path, bank: str, amount: int, players: str, cards: str,
                 stakes: str = "") -> Session:
    """A session of home Очко: `bank` is the YAML of `table.bank` past its amount
    (indented four spaces), `stakes` a `stakes:` section's YAML, `players` one letter each
    (the first banks), `cards` the stacked pack's first cards."""
    path = tmp_path / "home.yaml"
    path.write_text("id: home-ochko\nname: Home (test)\nkind: house\nextends: casino-ochko\n"
                    + stakes + "table:\n  banker: rotating\n  first_banker: highest-cut\n"
                    f"  direction: left\n  bank:\n    amount: {amount}\n" + bank,
                    encoding="utf-8")
    rules = compile_rules(load_ruleset(path))
    return Session(rules, list(players), random.Random(1), banker=players[0], bank=amount,
                   pack_order=stacked(rules, cards))
