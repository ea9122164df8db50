"""Best play's tables for the simulator's cross-checks, made once a test process for each
ruleset: `sim.kernels.strategy.strategy` solves the exact model afresh at every call
(about 2 s of CPU for australian-pontoon, 1 s for spanish-21), and the kernel-against-engine
tests of several modules (tests/test_sim_native.py, test_sim_differential.py,
test_sim_session_native.py, test_sim_fast_native.py) ask for the same ruleset's best play
again and again. Those tests check the kernels against the engine given one strategy, which
both play by; the strategy's own figures are checked elsewhere (tests/test_sim_upcards.py,
test_sim_shoe_strategy.py, the analysis tests), so a solve shared between them hides
nothing. A `Strategy` is frozen and its users copy its arrays (`Strategy.flat`), so one
object may serve every test."""

from __future__ import annotations

from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.sim.kernels import strategy as kstrategy

_SOLVED: dict[tuple[str, str | None, str], kstrategy.Strategy] = {}


def strategy(rules: Rules, player: str = kstrategy.BEST, banker: str | None = None,
             dealing: str = "infinite") -> kstrategy.Strategy:
    """`sim.kernels.strategy.strategy(rules, player, banker, dealing)`; best play solved
    once a process for each ruleset (by its whole content: two rulesets alike but for one
    field are two solves), banker policy and dealing; a simple policy (no solve) each call."""
    if player != kstrategy.BEST:
        return kstrategy.strategy(rules, player, banker, dealing)
    key = (rules.ruleset.model_dump_json(), banker, dealing)
    if key not in _SOLVED:
        _SOLVED[key] = kstrategy.strategy(rules, player, banker, dealing)
    return _SOLVED[key]
