"""Is holding the bank an advantage, and by how much? Long sessions on the kernel.

For each ruleset and player policy, a table of five seats and a rotating banker
plays `deals` deals; the answer is the banker's and a seat's result per deal (in
stakes, with 99.9% intervals) and the share of deals each person banks. Written to
`bank_advantage.json` beside this module by `benchmarks/bank_advantage.py`, read by
the docs' analysis page (so the site build does not simulate).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled

RESULTS = Path(__file__).with_name("bank_advantage.json")
RULESETS = ("pagat-british", "pagat-aces-only-split", "pagat-stick-16", "shoot-pontoon")
POLICIES = ("stand-17", "best")


def bank_advantage(deals: int, seed: int = 2026, players: int = 5) -> dict[str, Any]:
    """The figures for every ruleset × player policy."""
    from pontoon_rules.sim.kernels.strategy import banker_table
    from pontoon_rules.sim.sessions.summary import SessionRequest, play_summary, summarise

    rows = []
    for ruleset in RULESETS:
        rules = compile_rules(load_bundled(ruleset))
        for policy in POLICIES:
            req = SessionRequest(rules, players, deals, seed, policy)
            tally, _ = play_summary(req)
            out = summarise(req, tally, False, banker_table(rules, None)[1])
            stake = out["stake"]
            rows.append({
                "ruleset": ruleset, "player_policy": policy,
                "banker_policy": out["banker_policy"], "deals": deals, "seats": players,
                "banker_per_deal": out["banker"]["per_deal"] / stake,
                "banker_ci999": [x / stake for x in out["banker"]["ci999"]],
                "seat_per_deal": out["seat"]["per_deal"] / stake,
                "seat_ci999": [x / stake for x in out["seat"]["ci999"]],
                "bank_shares": [p["bank_share"] for p in out["people"]],
                "kitty": out.get("kitty"),
            })
    return {"seed": seed, "stake": 10, "note": (
        "Each figure is in stakes per deal. Players: the named policy (stand-17: draw to 17; "
        "best: the best play of the analysis against one banker); the banker draws by choice and "
        "stands on 17; the bank passes to the first pontoon from the left of the banker; the "
        "Shoot Pontoon banker puts up a kitty of 5 stakes and tops it up below half."),
        "rows": rows}


def load() -> dict[str, Any] | None:
    """The committed figures, or None when they have not been made."""
    if not RESULTS.exists():
        return None
    data: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    return data
