"""Dealing mode: the implementation deals from its own shuffled pack and reports each card.

A stacked shoe chooses every card, so an implementation's own dealing is never seen there:
a deck that keeps a card on the table, or a shuffle that favours some cards, passes every
vector. A dealing round is a stripped vector with `"deal": "own"` and an empty `shoe`;
a harness that declares `"deals": true` in its start reply shuffles its own pack(s) as the
ruleset says, plays the steps, and adds to its trace `dealt`: every card it dealt, in
order (codes as a shoe's). The steps are the same in every round, whatever the cards: each
seat in turn declines (insurance, side bets), twists while it may (`DRAWS` times), then
sticks, and the banker likewise, twice over; a move the round does not take then is
refused and changes nothing.

The kit replays the reference engine on the dealt cards as a stacked shoe and checks:

- each card is one the ruleset's packs hold;
- none is dealt while the packs hold no more of it (`dealt[i]`): dealt more often than the
  packs hold, or while still on the table (when the pack runs out the engine deals on as
  `between_deals.pack_runs_out` says);
- the count dealt (`dealt`): exactly the cards the round takes;
- every step and the settlement, as any vector's;
- over every round, the distribution (`distribution`): the first cards of each round, as
  many as the table has seats (the first pass of the deal, which no decision can stop or
  steer), pooled over the rounds, against the packs' composition by Pearson's chi-square
  test at a false-alarm rate of `ALPHA` (1e-6). The cards of one round are drawn without
  replacement, which scales the statistic down by (N - n) / (N - 1): in the large-sample
  approximation the test rests on, the rate stays at most `ALPHA`. Too few rounds for
  five expected of every card leave the test out, with a note.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.conformance.running.judge import (
    NOT_OVER,
    Leniency,
    Mismatch,
    every_difference,
    step_differences,
)
from pontoon_rules.conformance.running.judging import Item, Outcome, RunOptions, failure, outcome
from pontoon_rules.conformance.vectors.build import plan_steps, ruleset_ref
from pontoon_rules.engine.round.actions import DECLINE, STICK, TWIST
from pontoon_rules.engine.round.cards import CODES
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState, full_counts

DEAL_OWN = "own"
"""A dealing round's `deal`: the implementation deals from its own shuffled pack."""
ALPHA = 1e-6
"""The distribution test's false-alarm rate (per run)."""
DRAWS = 6
"""How often each actor tries to twist before it sticks."""
MIN_EXPECTED = 5
"""The fewest expected of each card for the chi-square test to be made."""
CARD_INDEX = {code: card for card, code in enumerate(CODES)}


def dealing_plan(seats: int) -> list[tuple[str, Any]]:
    """Every actor in turn declines (insurance, side bets), twists `DRAWS` times, then
    sticks; twice over, for a decision the first pass leaves open."""
    plan: list[tuple[str, Any]] = []
    for _ in range(2):
        for actor in [f"p{i + 1}" for i in range(seats)] + ["banker"]:
            plan += [("do", f"{actor} {DECLINE}")] + [("do", f"{actor} {TWIST}")] * DRAWS
            plan.append(("do", f"{actor} {STICK}"))
    return plan


def dealing_item(rules: Rules, embed: bool, n: int) -> Item:
    """Round `n` of a dealing run: a full table at an everyday stake (as many seats as a
    bank that is an amount covers)."""
    stake = max(100, rules.min_stake)
    if rules.max_stake is not None:
        stake = min(stake, rules.max_stake)
    seats = rules.max_players
    if rules.bank_amount is not None:
        stake = max(rules.min_stake, min(stake, rules.bank_amount // seats))
        seats = max(1, min(seats, rules.bank_amount // max(stake, 1)))
    stakes = [stake] * seats
    steps = plan_steps(dealing_plan(len(stakes)))
    rid = rules.ruleset.id
    vector = {"id": f"deal-{n}", "slug": f"{rid}/deal-{n}", "ruleset": ruleset_ref(rules, embed),
              "stakes": stakes, "shoe": [], "deal": DEAL_OWN, "steps": steps,
              "level": "must", "final": None}
    body = {k: vector[k] for k in ("id", "slug", "ruleset", "stakes", "shoe", "deal", "steps")}
    kinds = [next(iter(step)) for step in steps]
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return Item(vector, text.encode("utf-8"), [{} for _ in steps], kinds)


# -- one round ---------------------------------------------------------------------------


def judge_dealt(item: Item, trace: dict[str, Any], leniency: Leniency) -> Outcome:
    """A dealing round's outcome: its cards, then its steps and settlement replayed."""
    from pontoon_rules.conformance.vectors.reference import rules_for

    dealt = trace.get("dealt")
    if not isinstance(dealt, list) or not all(isinstance(c, str) for c in dealt):
        return outcome(item, "protocol", "a dealing round's trace lacks 'dealt' (every card "
                       "dealt, in order): deal from your own pack when a vector says "
                       "\"deal\": \"own\", or leave 'deals' out of the start reply")
    rules = rules_for(item.vector["ruleset"])
    item.vector["dealt"] = dealt  # for the distribution test of the whole run
    replayed = replay(rules, item.vector["stakes"], dealt, item.vector["steps"])
    if isinstance(replayed, Mismatch):
        return failure(item, replayed)
    expected, final = replayed
    if final is not None:
        every = list(every_difference(expected, final, trace, leniency))
    else:
        every = list(step_differences(expected, trace["steps"], leniency))
        if trace.get("final") is not None:
            every.append(Mismatch("final", NOT_OVER, trace["final"]))
    if not every:
        return outcome(item, "pass")
    return failure(item, Mismatch(every[0].path, every[0].expected, every[0].got,
                                  tuple(every[1:])))


def replay(rules: Rules, stakes: list[int], dealt: list[str], steps: list[dict[str, Any]]
           ) -> tuple[list[dict[str, Any]], dict[str, Any] | None] | Mismatch:
    """The reference engine on `dealt` as a stacked shoe: each step's expectation and the
    settlement (None: the round is not over), or the first card that cannot have been
    dealt (or the count dealt) as a difference."""
    from pontoon_rules.conformance.vectors.reference import final_json, observe, refusal, to_action

    state = RoundState(rules, stakes)
    at = _deal(state, dealt, 0)
    if isinstance(at, Mismatch):
        return at
    expected: list[dict[str, Any]] = []
    for step in steps:
        if "expect" in step:
            expected.append(observe(state))
            continue
        move = step["do"]
        code = refusal(state, move)
        expected.append({"code": code, "action": move.get("action")})
        if code is None:
            state.apply_action(to_action(move))
            at = _deal(state, dealt, at)
            if isinstance(at, Mismatch):
                return at
    if at < len(dealt):
        return Mismatch("dealt", f"{at} cards (what the round takes)", f"{len(dealt)} cards")
    return expected, final_json(state) if state.is_terminal() else None


def _deal(state: RoundState, dealt: list[str], at: int) -> int | Mismatch:
    """Deal from `dealt` while the round wants cards: the next position, or why a card
    cannot have been dealt there."""
    packs = state.rules.decks
    while state.is_chance_node():
        if at >= len(dealt):
            return Mismatch("dealt", f"more than {at} cards (the round goes on)",
                            f"{len(dealt)} cards")
        code = dealt[at]
        card = CARD_INDEX.get(code)
        if card is None or not full_counts(state.rules)[card]:
            return Mismatch(f"dealt[{at}]", "a card of the ruleset's packs", code)
        if state.counts[card] <= 0:
            table = _on_table(state)
            why = ("a card still on the table" if card in table else
                   f"a card dealt more often than the {packs} pack"
                   f"{'s' if packs and packs > 1 else ''} hold")
            return Mismatch(f"dealt[{at}]", "a card left in the pack", f"{code}: {why}")
        state.apply_action(card)
        at += 1
    return at


def _on_table(state: RoundState) -> set[int]:
    cards = {c for seat in state.seats for hand in seat.hands for c in hand.cards}
    return cards | set(state.banker.cards)


def own_trace(rules: Rules, stakes: list[int], steps: list[dict[str, Any]],
              rng: random.Random | None = None) -> dict[str, Any]:
    """The reference engine dealing from its own shuffled pack: the trace with `dealt`."""
    from pontoon_rules.conformance.vectors.reference import play_steps

    rng = rng or random.Random()
    state = RoundState(rules, stakes)
    dealt: list[str] = []

    def deal() -> None:
        while state.is_chance_node():
            cards, weights = zip(*state.chance_outcomes(), strict=True)
            card = rng.choices(cards, weights)[0]
            state.apply_action(card)
            dealt.append(CODES[card])

    return {**play_steps(state, steps, deal), "dealt": dealt}


# -- many rounds -------------------------------------------------------------------------


@dataclass
class DealResult:
    """How a dealing run ended: each round's outcome and the distribution test."""

    outcomes: list[Outcome] = field(default_factory=list)
    implementation: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    """Why the run cannot count (the harness failed, does not deal, skipped everything)."""
    statistic: float | None = None
    df: int = 0
    p_value: float | None = None
    ran_out: int = 0
    """Rounds where the harness dealt more cards than its packs hold (the pack ran out)."""
    note: str | None = None
    """Why the distribution test was left out."""

    @property
    def distribution_failed(self) -> bool:
        """The chi-square test rejected the packs' composition at `ALPHA`."""
        return self.p_value is not None and self.p_value < ALPHA

    @property
    def passed(self) -> bool:
        """Every round passed and the distribution test did not reject."""
        return (self.problem is None and not self.distribution_failed
                and all(o.status == "pass" for o in self.outcomes))

    def to_json(self) -> dict[str, Any]:
        """The run as a JSON report."""
        return {"implementation": self.implementation, "problem": self.problem,
                "passed": self.passed, "rounds": len(self.outcomes), "ran_out": self.ran_out,
                "counts": dict(Counter(o.status for o in self.outcomes)),
                "distribution": {"statistic": self.statistic, "df": self.df,
                                 "p_value": self.p_value, "alpha": ALPHA,
                                 "failed": self.distribution_failed, "note": self.note},
                "results": [o.to_json() for o in self.outcomes if o.status != "pass"]}


def deal_rounds(rules: Rules, embed: bool, options: RunOptions, rounds: int) -> DealResult:
    """Play `rounds` dealing rounds through the harness; judge each, then the distribution."""
    from pontoon_rules.conformance.running.persistent import PersistentRunner

    result = DealResult()
    runner = PersistentRunner(options, result.implementation)
    firsts: list[list[str]] = []
    try:
        if runner.failure is None and result.implementation.get("deals") is not True:
            result.problem = ("the harness does not deal from its own pack: its start reply "
                              "lacks \"deals\": true")
            return result
        items = [dealing_item(rules, embed, n) for n in range(rounds)]
        runner.run(items, result.outcomes.append)
        firsts = [item.vector["dealt"][:len(item.vector["stakes"])] for item in items
                  if "dealt" in item.vector]
        size = sum(full_counts(rules))
        result.ran_out = sum(len(item.vector.get("dealt", ())) > size for item in items)
    finally:
        failure = runner.failure
        runner.close()
    if failure is not None:
        result.problem = f"the harness failed ({failure['status']}): {failure['message']}"
    elif not any(o.status != "skipped" for o in result.outcomes):
        result.problem = "the harness skipped every dealing round: nothing was checked"
    _distribution(rules, firsts, result)
    return result


def _distribution(rules: Rules, firsts: list[list[str]], result: DealResult) -> None:
    counts = full_counts(rules)
    size = sum(counts)
    seen = Counter(c for cards in firsts for c in cards if c in CARD_INDEX
                   and counts[CARD_INDEX[c]])
    total = sum(seen.values())
    cells = [card for card, n in enumerate(counts) if n]
    least = min(counts[c] for c in cells) * total / size if total else 0
    if least < MIN_EXPECTED:
        need = math.ceil(MIN_EXPECTED * size / min(counts[c] for c in cells))
        result.note = (f"the distribution test needs {need} first cards (five expected of "
                       f"every card); {total} were dealt: play more rounds")
        return
    statistic = sum((seen[CODES[c]] - total * counts[c] / size) ** 2
                    / (total * counts[c] / size) for c in cells)
    result.statistic, result.df = statistic, len(cells) - 1
    result.p_value = chi2_sf(statistic, len(cells) - 1)


def chi2_sf(x: float, df: int) -> float:
    """The chi-square distribution's upper tail P(X >= x) with `df` degrees of freedom
    (the regularized upper incomplete gamma function Q(df/2, x/2))."""
    a, z = df / 2, x / 2
    if z <= 0:
        return 1.0
    scale = math.exp(-z + a * math.log(z) - math.lgamma(a))
    if z < a + 1:  # the series of P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1 - total * scale)
    tiny = 1e-300  # Lentz's continued fraction of Q
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return scale * h
