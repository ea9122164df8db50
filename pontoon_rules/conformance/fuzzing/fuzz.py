"""Differential fuzzing: seeded random rounds through the reference engine and an
implementation, differences grouped by their kind (`kinds`), one shrunk example each.

A fuzz run cannot pass by accident: it fails when no round was sent (the harness
does not list the ruleset, or `--skip` left nothing) or when the harness skipped
every round. Levels are honoured: a `may`/`should` difference is reported and the
run goes on; the first `must` difference stops it (unless `keep_going`) and fails
it, unless its group is in the baseline (a previous fuzz `--json` report).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from pontoon_rules.conformance.fuzzing.shrink import MAX_SHRINK_CALLS, shrink
from pontoon_rules.conformance.running.processes import allow_starts
from pontoon_rules.conformance.running.runner import Item, Outcome, PersistentRunner, RunOptions
from pontoon_rules.conformance.vectors.build import build
from pontoon_rules.conformance.vectors.generate import fuzz_stakes, random_plan
from pontoon_rules.conformance.vectors.shoe import RunningOut, can_run_out
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.rules import Rules

RUN_OUT_EVERY = 32
"""About one fuzz round in this many is a full table whose pack runs out (where it can)."""
BATCH = 32
"""Rounds sent to the harness together (a few requests ahead)."""
LEVEL_ORDER = {"must": 0, "should": 1, "may": 2}
UNLISTED = "the harness does not list"
INDEX = re.compile(r"\[\d+\]")


def group_key(o: Outcome) -> str:
    """How differences are grouped: the status and the kind of difference (`kinds`: the
    differing fields without indices or seat names, and what differs there)."""
    from pontoon_rules.conformance.running.kinds import message_kind

    if o.status == "fail" and o.kind:
        return f"fail {o.kind}"
    kind = message_kind(o.status, o.message) if o.status != "fail" else ""
    return f"{o.status} {kind}".rstrip()


def legacy_key(o: Outcome) -> str:
    """The key of earlier versions (status and first path, indices as [*]): a baseline
    written by one still names its groups."""
    if o.path is None:
        return o.status
    return f"{o.status} {INDEX.sub('[*]', o.path)}"


def diverges(o: Outcome) -> bool:
    """Whether an outcome shows a difference (anything but pass or skipped)."""
    return o.status not in ("pass", "skipped")


@dataclass
class Group:
    """One kind of difference: every round that first differs at the same path."""

    key: str
    level: str
    rounds: list[int]
    first: Outcome
    original: dict[str, Any]
    shrunk: dict[str, Any] | None = None
    shrunk_outcome: Outcome | None = None
    known: bool = False

    @property
    def failing(self) -> bool:
        """A `must` difference that is not in the baseline."""
        return self.level == "must" and not self.known

    def to_json(self) -> dict[str, Any]:
        """The group as a report entry."""
        shown = self.shrunk_outcome or self.first
        out: dict[str, Any] = {"key": self.key, "level": self.level, "known": self.known,
                               "count": len(self.rounds), "rounds": self.rounds[:20],
                               "message": shown.message}
        if self.shrunk is not None:
            from pontoon_rules.conformance.vectors.build import strip

            out["example"] = {k: self.shrunk[k] for k in ("stakes", "shoe")}
            out["example"]["steps"] = strip(self.shrunk)["steps"]
            out["vector"] = self.shrunk
        return out


@dataclass
class FuzzResult:
    """How a fuzzing run ended."""

    rounds: int
    implementation: dict[str, Any] = field(default_factory=dict)
    groups: list[Group] = field(default_factory=list)
    sent: int = 0
    skipped_by_us: int = 0
    skipped_by_harness: int = 0
    problem: str | None = None
    """Why the run cannot count (nothing sent, all skipped, the harness failed)."""
    calls: int = 0

    @property
    def passed(self) -> bool:
        """No problem and no `must` difference outside the baseline."""
        return self.problem is None and not any(g.failing for g in self.groups)

    @property
    def divergence(self) -> Outcome | None:
        """The first difference found (the first group's first round), or None."""
        return self.groups[0].first if self.groups else None

    @property
    def original(self) -> dict[str, Any] | None:
        """The first group's original vector."""
        return self.groups[0].original if self.groups else None

    @property
    def shrunk(self) -> dict[str, Any] | None:
        """The first group's shrunk vector."""
        return self.groups[0].shrunk if self.groups else None

    @property
    def shrunk_outcome(self) -> Outcome | None:
        """The first group's shrunk outcome."""
        return self.groups[0].shrunk_outcome if self.groups else None

    def to_json(self, ruleset: str, seed: int) -> dict[str, Any]:
        """The run as a JSON report (a later run's `--baseline`)."""
        return {"ruleset": ruleset, "seed": seed, "rounds": self.rounds, "sent": self.sent,
                "skipped": {"by --skip": self.skipped_by_us, "by the harness":
                            self.skipped_by_harness},
                "implementation": self.implementation, "problem": self.problem,
                "passed": self.passed, "groups": [g.to_json() for g in self.groups]}


@dataclass
class FuzzOptions:
    """What to fuzz and how far."""

    rounds: int = 1000
    seed: int = 0
    skip: list[str] = field(default_factory=list)
    """Feature-tag globs: rounds with a matching tag are not sent."""
    keep_going: bool = False
    baseline: set[str] = field(default_factory=set)
    """Group keys of known differences."""
    shrink_budget: int = MAX_SHRINK_CALLS
    progress: Callable[[str], None] | None = None
    """Told how far the run is, after each batch and before each shrink (for a sign of
    life on stderr: `cli.progress.still_running`)."""


class _Target:
    """The implementation under test."""

    def __init__(self, options: RunOptions) -> None:
        self.meta: dict[str, Any] = {}
        self.runner = PersistentRunner(options, self.meta)
        self.calls = 0

    def run_many(self, vectors: list[dict[str, Any]]) -> list[Outcome]:
        found: list[Outcome] = []
        self.calls += len(vectors)
        if self.runner.failure is None:
            self.runner.run([Item.of(v) for v in vectors], found.append)
        return found

    def run(self, vector: dict[str, Any]) -> Outcome:
        found = self.run_many([vector])
        if not found:
            raise _HarnessFailed
        return found[0]


class _HarnessFailed(Exception):
    pass


def fuzz(rules: Rules, embed: bool, options: RunOptions, rounds: int, seed: int,
         fuzz_options: FuzzOptions | None = None) -> FuzzResult:
    """Play random rounds through both; group the differences and shrink one of each."""
    opts = fuzz_options or FuzzOptions()
    allow_starts()
    target = _Target(options)
    result = FuzzResult(0)
    try:
        _loop(rules, embed, target, rounds, seed, opts, result)
    except _HarnessFailed:
        pass
    finally:
        result.implementation = target.meta
        result.calls = target.calls
        failure = target.runner.failure
        target.runner.close()
    if failure is not None:
        result.problem = f"the harness failed ({failure['status']}): {failure['message']}"
    elif result.problem is None:
        result.problem = _nothing_sent(result, rules)
    return result


def _loop(rules: Rules, embed: bool, target: _Target, rounds: int, seed: int,
          opts: FuzzOptions, result: FuzzResult) -> None:
    rng = random.Random(seed)
    groups: dict[str, Group] = {}
    running_out = RunningOut(rules) if can_run_out(rules) else None
    for start in range(0, rounds, BATCH):
        batch = []
        for n in range(start, min(rounds, start + BATCH)):
            stakes = fuzz_stakes(rules, rng)
            shoe, plan = random_plan(rules, stakes, rng)
            steered = _run_out(running_out, seed, n)
            if steered is not None:
                stakes, shoe, plan = steered
            vector = build(rules, f"{rules.ruleset.id}/fuzz-{seed}-{n}",
                           f"fuzz seed {seed}, round {n}", stakes, shoe, plan, embed)
            if any(fnmatchcase(t, g) for t in vector["features"] for g in opts.skip):
                result.skipped_by_us += 1
                continue
            batch.append((n, vector, plan))
        outcomes = target.run_many([v for _, v, _ in batch])
        for (n, vector, plan), got in zip(batch, outcomes, strict=False):
            result.rounds = n + 1
            _count(result, got)
            if not diverges(got):
                continue
            group = _record(rules, embed, target, groups, result, opts, (n, vector, plan), got)
            if group.failing and not opts.keep_going:
                return
        if len(outcomes) < len(batch):
            raise _HarnessFailed
        result.rounds = min(rounds, start + BATCH)
        _tell(opts, f"round {result.rounds:,} of {rounds:,}, {_kinds(len(groups))}")


def _tell(opts: FuzzOptions, text: str) -> None:
    if opts.progress is not None:
        opts.progress(text)


def _kinds(n: int) -> str:
    return f"{n} kind{'s' if n != 1 else ''} of difference"


def _run_out(running_out: RunningOut | None, seed: int, n: int
             ) -> tuple[list[int], list[str], Any] | None:
    """Round `n`'s full table whose pack runs out, one round in `RUN_OUT_EVERY` (on its own
    seed: the other rounds stay what they were), where the ruleset's pack can run out."""
    if running_out is None:
        return None
    own = random.Random(f"fuzz-pack:{seed}:{n}")
    if own.random() >= 1 / RUN_OUT_EVERY:
        return None
    return running_out.table(own)


def _count(result: FuzzResult, got: Outcome) -> None:
    if got.status == "skipped":
        if got.message.startswith(UNLISTED):
            return
        result.skipped_by_harness += 1
    result.sent += 1


def _record(rules: Rules, embed: bool, target: _Target, groups: dict[str, Group],
            result: FuzzResult, opts: FuzzOptions, found: tuple[int, dict[str, Any], Any],
            got: Outcome) -> Group:
    n, vector, plan = found
    key = group_key(got)
    group = groups.get(key)
    if group is not None:
        group.rounds.append(n)
        if LEVEL_ORDER[got.level] < LEVEL_ORDER[group.level]:
            group.level = got.level
        return group
    group = Group(key, got.level, [n], got, vector,
                  known=key in opts.baseline or legacy_key(got) in opts.baseline)
    groups[key] = group
    result.groups.append(group)
    _tell(opts, f"round {n + 1:,}: shrinking an example of kind {len(groups)} of difference")
    start = (vector["stakes"], [parse_card(c) for c in vector["shoe"]], plan)
    group.shrunk, group.shrunk_outcome, _ = shrink(
        rules, embed, target.run, start, got, lambda o: group_key(o) == key, opts.shrink_budget)
    return group


def _nothing_sent(result: FuzzResult, rules: Rules) -> str | None:
    rid = rules.ruleset.id
    if result.rounds and result.sent == 0 and result.skipped_by_us < result.rounds:
        listed = ", ".join(result.implementation.get("rulesets") or []) or "none"
        return (f"nothing was sent: the harness does not list the ruleset {rid!r} "
                f"(it lists: {listed}); add it to the start reply's rulesets, or '*'")
    if result.sent == 0:
        return "nothing was sent: --skip left out every round"
    if result.skipped_by_harness == result.sent:
        return f"the harness skipped all {result.sent} rounds it was sent: nothing was checked"
    return None


def load_fuzz_baseline(data: Any) -> set[str]:
    """The group keys of a previous fuzz JSON report.

    Raises:
        ValueError: `data` is not a fuzz report.
    """
    if not isinstance(data, dict) or not isinstance(data.get("groups"), list):
        raise ValueError("not a JSON report of `conformance fuzz` (no 'groups' list)")
    return {str(g["key"]) for g in data["groups"] if isinstance(g, dict) and "key" in g}
