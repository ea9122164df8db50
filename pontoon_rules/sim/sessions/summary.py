"""Long sessions summarised: each person's and the banker's result per deal with a
99.9% interval, who held the bank how often, and the kitty's statistics.

A session of D deals is played as independent tables of `SEGMENT` deals (one
table when D is at most that), seeded per segment (`sim.distribution.distribute`), so any
number of workers gives the same figures; within a table deals are streamed in
chunks (`CHUNK`), with a progress callback and Ctrl-C between chunks.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.sim.distribution.distribute import Task, chunk_seeds, chunk_sizes, run_tasks
from pontoon_rules.sim.kernels import session as k
from pontoon_rules.sim.runs.stopping import Stop
from pontoon_rules.sim.sessions.tables import SessionTable, SessionTally, TablePolicy

SEGMENT = 1_000_000
CHUNK = 20_000
Z_999 = 3.290526731491926


@dataclass(frozen=True)
class SessionRequest:
    """What to play: ruleset, table, policies, deals, seed."""

    rules: Rules
    players: int
    deals: int
    seed: int
    player: str = "stand-17"
    banker: str | None = None
    table: TablePolicy = field(default_factory=TablePolicy)
    asked: str | None = None
    """The policy asked for where `player` is played in its place (`session_play`)."""
    words: str | None = None
    """`player`'s play in words where it stands in for `asked`."""

    def payload(self) -> str:
        """The request as JSON for a worker process or machine."""
        return json.dumps({"ruleset": self.rules.ruleset.model_dump(mode="json"),
                           "player": self.player, "banker": self.banker,
                           "players": self.players,
                           "table": {"stake": self.table.stake, "kitty": self.table.kitty,
                                     "bid": self.table.bid}})


def session_play(rules: Rules, player: str,
                 banker: str | None = None) -> tuple[str, str | None]:
    """The policy the session's seats play when `player` is asked for, and, where it is
    another, that play in words: `player` itself, except `best` where the analysis cannot
    make best play because it cannot value a rule of the ruleset (a banker's hand by
    suits: `sim.runs.engine.best_undecided`): then `FALLBACK` throughout, as the engine's
    sessions and `simulate --engine` play (`sim.runs.engine.table_play`, `engine_play`),
    in the same words, naming those rules.

    Raises:
        StrategyError: an unknown player policy.
        AnalysisError: an unknown banker policy, or best play refused for a ruleset whose
            every rule the analysis handles.
    """
    from pontoon_rules.sim.kernels.strategy import BEST, strategy
    from pontoon_rules.sim.runs.engine import FALLBACK, best_undecided, fallback_words

    undecided = best_undecided(rules) if player == BEST else []
    if undecided:
        strategy(rules, FALLBACK, banker)
        return FALLBACK, fallback_words(rules, undecided)
    strategy(rules, player, banker)
    return player, None


def play_summary(req: SessionRequest, workers: int = 1, scheduler: str | None = None,
                 progress: Callable[[int], None] | None = None,
                 stop: Stop | None = None) -> tuple[SessionTally, bool]:
    """Play the session; (its sums, whether it was stopped early).

    It stops early, with what it has played, when `stop` is requested (checked after each
    chunk of deals on one process, after each segment on several, so at least one is
    played) or on a `KeyboardInterrupt` once some deal was played.

    Raises:
        MoneyOverflowError: the session's money or sums could pass what they hold exactly.
        KeyboardInterrupt: interrupted before a single deal was played.
    """
    check_session_money(req)
    sizes = chunk_sizes(req.deals, SEGMENT)
    seeds = chunk_seeds(req.seed, len(sizes))
    parts: list[SessionTally] = []
    try:
        if workers <= 1 and scheduler is None:
            stopped = _play_here(req, sizes, seeds, parts, progress, stop)
        else:
            stopped = _play_spread(req, sizes, seeds, workers, scheduler, parts, progress,
                                   stop)
    except KeyboardInterrupt:
        stopped = True
    total = _fold(parts)
    if total is None or (stopped and total.deals == 0):
        raise KeyboardInterrupt
    return total, stopped


def _requested(stop: Stop | None) -> bool:
    return stop is not None and stop.requested


def _play_here(req: SessionRequest, sizes: list[int], seeds: list[tuple[int, ...]],
               parts: list[SessionTally], progress: Callable[[int], None] | None,
               stop: Stop | None) -> bool:
    """Play the segments in this process, each table's sums put in `parts` when it ends
    (or is interrupted); whether a stop ended it early."""
    import numpy as np

    from pontoon_rules.sim.kernels.strategy import strategy

    strat = strategy(req.rules, req.player, req.banker)
    done = 0
    for size, words in zip(sizes, seeds, strict=True):
        table = SessionTable(req.rules, strat, req.players, np.array(words, dtype=np.uint64),
                             req.table)
        try:
            for n in chunk_sizes(size, CHUNK):
                table.play(n)
                done += n
                if progress:
                    progress(done)
                if _requested(stop) and done < req.deals:
                    return True
        finally:
            parts.append(table.tally)
    return False


def _play_spread(req: SessionRequest, sizes: list[int], seeds: list[tuple[int, ...]],
                 workers: int, scheduler: str | None, parts: list[SessionTally],
                 progress: Callable[[int], None] | None, stop: Stop | None) -> bool:
    """Play the segments on worker processes or a cluster, putting each one's sums in
    `parts` in segment order; whether a stop ended it early."""
    tasks: list[Task] = [("session", req.payload(), n, w)
                         for n, w in zip(sizes, seeds, strict=True)]
    done = 0
    for tally in run_tasks(tasks, workers, scheduler):
        parts.append(tally)
        done += tally.deals
        if progress:
            progress(done)
        if _requested(stop) and done < req.deals:
            return True
    return False


def check_session_money(req: SessionRequest) -> None:
    """Refuse, before any deal, a session whose money or sums could pass their integers.

    Raises:
        MoneyOverflowError: the stake, kitty or bid times the deals is too large.
    """
    from pontoon_rules.sim.kernels.money import FLOAT_EXACT, Run, check_limits, check_money

    check_limits(req.rules)
    run = Run(req.table.stake, req.players, req.deals, req.table.kitty, req.table.bid)
    check_money(req.rules, Run(run.stake, run.seats, 1, run.kitty, run.bid), "a deal")
    check_money(req.rules, run, f"{req.deals:,} deals", FLOAT_EXACT)


def _fold(parts: list[SessionTally]) -> SessionTally | None:
    """The sum of `parts`, in their order (None: no part)."""
    if not parts:
        return None
    first = parts[0]
    total = SessionTally(list(first.people), first.person.copy(), first.table.copy())
    for part in parts[1:]:
        total.add(part)
    return total


def _interval(mean: float, var: float, n: float) -> list[float]:
    half = Z_999 * math.sqrt(max(var, 0.0) / n) if n > 1 else math.inf
    return [mean - half, mean + half]


def summarise(req: SessionRequest, tally: SessionTally, stopped: bool,
              banker_policy: str) -> dict[str, Any]:
    """The summary as plain data (what `--summary --json` prints)."""
    deals = tally.deals
    stake = int(req.table.stake)
    people = []
    house = bool(tally.person[-1, k.P_BANKED])
    names = tally.people if house else tally.people[:-1]
    for i, name in enumerate(names):
        row = tally.person[i]
        people.append(_person(name, row, deals, int(tally.table[k.T_BLOCKS])))
    bank_n = sum(int(r[k.P_BANKED]) for r in tally.person)
    bank_sum = sum(float(r[k.P_BANK_SUM]) for r in tally.person)
    bank_sq = sum(float(r[k.P_BANK_SQ]) for r in tally.person)
    seat_n = sum(deals - int(r[k.P_BANKED]) for r in tally.person[: len(tally.people) - 1])
    seat_sum = sum(float(r[k.P_SEAT_SUM]) for r in tally.person)
    seat_sq = sum(float(r[k.P_SEAT_SQ]) for r in tally.person)
    t = tally.table
    out: dict[str, Any] = {
        "ruleset": req.rules.ruleset.id, "deals": deals, "seed": req.seed,
        "stopped_early": stopped, "players": req.players, "stake": stake,
        "player_policy": req.player, "player_policy_asked": req.asked or req.player,
        "banker_policy": banker_policy,
        "basis": session_basis(req, banker_policy),
        "segment_deals": SEGMENT,
        "people": people,
        "banker": _position(bank_sum, bank_sq, bank_n),
        "seat": _position(seat_sum, seat_sq, seat_n),
        "shuffles": int(t[k.T_SHUFFLES]),
        "deals_with_a_pontoon": int(t[k.T_PONTOON_DEALS]),
        "interval_note": (f"99.9% intervals; a person's overall result by batch means over "
                          f"blocks of {k.BLOCK} deals, the banker's and a seat's per deal"),
    }
    if req.rules.shoot:
        out["kitty"] = {"put_up": int(t[k.T_KITTIES]), "ran_dry": int(t[k.T_DRY]),
                        "top_ups": int(t[k.T_TOP_UPS]), "bank_sales": int(t[k.T_SALES]),
                        "mean_at_deal": float(t[k.T_KITTY_SUM]) / deals if deals else 0.0,
                        "largest": int(t[k.T_KITTY_MAX])}
    return out


def session_basis(req: SessionRequest, banker_policy: str) -> str:
    """The deck, the banker policy and the method of a session summary in one line."""
    from pontoon_rules.sim.kernels.strategy import BEST

    play = ("best play of the infinite deck (each hand by its total and what named hand it "
            "may become)" if req.player == BEST else req.words or req.player)
    return (f"deck: {session_deck(req.rules)}; banker: {banker_policy}; method: compiled "
            f"simulator's session tables, the seats playing {play}")


def session_deck(rules: Rules) -> str:
    """A session's deck in words (the compiled session's and the engine's)."""
    return ("infinite deck, cards dealt with replacement" if rules.decks is None else
            f"the ruleset's own shoe of {rules.decks} pack{'s' if rules.decks != 1 else ''}, "
            "dealt on from deal to deal and shuffled as its rules say (the default)")


def engine_session_basis(rules: Rules, banker_policy: str, play: str) -> str:
    """The deck, the banker policy and the method of a session the engine plays (`session`
    without `--summary`) in one line."""
    return (f"deck: {session_deck(rules)}; banker: {banker_policy}; method: reference engine, "
            f"every deal played through the rules, the seats playing {play}")


def _position(total: float, squares: float, n: int) -> dict[str, Any]:
    if not n:
        return {"deals": 0, "per_deal": None, "ci999": None}
    mean = total / n
    var = (squares / n - mean * mean) * n / max(n - 1, 1)
    return {"deals": n, "per_deal": mean, "ci999": _interval(mean, var, n)}


def _person(name: str, row: Any, deals: int, blocks: int) -> dict[str, Any]:
    mean = float(row[k.P_SUM]) / deals if deals else 0.0
    if blocks >= 2:
        bm = float(row[k.P_BSUM]) / blocks
        var = (float(row[k.P_BSQ]) / blocks - bm * bm) * blocks / (blocks - 1)
        low, high = _interval(bm, var, blocks)
        ci: list[float] | None = [low / k.BLOCK, high / k.BLOCK]
    else:
        ci = None
    banked = int(row[k.P_BANKED])
    return {"person": name, "per_deal": mean, "ci999": ci, "total": int(row[k.P_SUM]),
            "bank_share": banked / deals if deals else 0.0,
            "per_deal_as_banker": float(row[k.P_BANK_SUM]) / banked if banked else None,
            "per_deal_seated": (float(row[k.P_SEAT_SUM]) / (deals - banked)
                                if deals > banked else None)}
